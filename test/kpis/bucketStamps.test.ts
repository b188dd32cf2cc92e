// Bucket timestamps of the time series and arrivals are written without formatUtc per bucket
// ; they must be exactly formatUtc of every bucket start the domain computes.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BUCKETS, bucketStart, bucketStarts, bucketWidthMs, formatUtc, type Window } from '../../src/domain/window.js';
import { bucketStamps } from '../../src/storage/queries/timeseries.js';

const win = (start: string, end: string): Window => ({ start: new Date(start), end: new Date(end), label: 'custom' });

const WINDOWS = [
  win('2026-11-19T14:07:31.250Z', '2026-11-20T14:07:31.250Z'), // 24 h, not aligned
  win('2026-10-21T00:00:00Z', '2026-11-20T00:00:00Z'), // 30 days, aligned
  win('2024-02-27T22:00:00Z', '2024-03-02T03:00:00Z'), // across a leap day
  win('2026-12-31T20:00:00Z', '2027-01-01T04:00:00Z'), // across a new year
  win('1969-12-30T22:10:00Z', '1970-01-02T01:00:00Z'), // across the epoch (negative instants)
  win('0000-01-01T00:00:00Z', '0000-01-20T00:00:00Z'), // the first instants allowed
  win('9999-12-25T00:00:00Z', '9999-12-31T23:59:59.999Z'), // the last
];

describe('bucket timestamps', () => {
  for (const w of WINDOWS) {
    for (const b of BUCKETS) {
      const name = `${b} buckets from ${formatUtc(w.start)} to ${formatUtc(w.end)}`;
      // Weeks reaching back before year 0000 are refused by the domain; nothing to compare.
      const expected = (() => {
        try {
          return bucketStarts(w, b).map(formatUtc);
        } catch {
          return null;
        }
      })();
      if (expected === null) continue;
      it(`${name}: formatUtc of every bucket start`, () => {
        assert.deepEqual(bucketStamps(bucketStart(w.start, b).getTime(), bucketWidthMs(b), expected.length), expected);
      });
    }
  }
});
