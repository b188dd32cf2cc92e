import { describe, it } from 'node:test';
import assert from 'node:assert/strict';

import { ApiError } from '../../src/errors.js';
import {
  BUCKETS,
  MAX_BUCKETS,
  bucketStart,
  bucketStarts,
  bucketWidthMs,
  ensureBucketCount,
  formatUtc,
  parseWindow,
  rangeObject,
  type Bucket,
  type Window,
} from '../../src/domain/window.js';

const NOW = new Date('2026-11-20T14:00:00Z'); // a Friday
const iso = (s: string) => new Date(s);
const win = (start: string, end: string, label = 'custom'): Window => ({
  start: iso(start),
  end: iso(end),
  label,
});

function assertInvalidRange(fn: () => unknown, detailIncludes?: string): void {
  assert.throws(fn, (err: unknown) => {
    assert.ok(err instanceof ApiError, `expected ApiError, got ${String(err)}`);
    assert.equal(err.status, 400);
    assert.equal(err.code, 'invalid_range');
    assert.ok(err.detail.length > 0);
    if (detailIncludes) assert.ok(err.detail.includes(detailIncludes), err.detail);
    return true;
  });
}

function ro(q: Parameters<typeof parseWindow>[0], defaultRange?: string) {
  return rangeObject(parseWindow(q, NOW, defaultRange));
}

describe('parseWindow: named ranges', () => {
  it('defaults to 7d ending now', () => {
    assert.deepEqual(ro({}), {
      start_utc: '2026-11-13T14:00:00Z',
      end_utc: '2026-11-20T14:00:00Z',
      label: '7d',
    });
  });

  it('honours a different default (arrivals: 24h)', () => {
    assert.deepEqual(ro({}, '24h'), {
      start_utc: '2026-11-19T14:00:00Z',
      end_utc: '2026-11-20T14:00:00Z',
      label: '24h',
    });
  });

  it('24h, 30d, 12w', () => {
    assert.deepEqual(ro({ range: '24h' }), {
      start_utc: '2026-11-19T14:00:00Z',
      end_utc: '2026-11-20T14:00:00Z',
      label: '24h',
    });
    assert.deepEqual(ro({ range: '30d' }), {
      start_utc: '2026-10-21T14:00:00Z',
      end_utc: '2026-11-20T14:00:00Z',
      label: '30d',
    });
    // 84 days back: Nov 20 → Oct 31 (20) → Sep 30 (31) → Aug 31 (30) → Aug 28 (3)
    assert.deepEqual(ro({ range: '12w' }), {
      start_utc: '2026-08-28T14:00:00Z',
      end_utc: '2026-11-20T14:00:00Z',
      label: '12w',
    });
  });

  it('1h is the smallest range', () => {
    assert.deepEqual(ro({ range: '1h' }), {
      start_utc: '2026-11-20T13:00:00Z',
      end_utc: '2026-11-20T14:00:00Z',
      label: '1h',
    });
  });

  it('keeps sub-second precision of now', () => {
    const w = parseWindow({ range: '1h' }, iso('2026-11-20T14:00:00.250Z'));
    assert.deepEqual(rangeObject(w), {
      start_utc: '2026-11-20T13:00:00.250Z',
      end_utc: '2026-11-20T14:00:00.250Z',
      label: '1h',
    });
  });

  it('does not alias the now Date', () => {
    const w = parseWindow({}, NOW);
    assert.notEqual(w.end, NOW);
    assert.equal(w.end.getTime(), NOW.getTime());
  });

  it('400d and 57w are allowed, 401d and 58w are not', () => {
    assert.equal(ro({ range: '400d' }).start_utc, '2025-10-16T14:00:00Z');
    assert.equal(ro({ range: '57w' }).label, '57w');
    assertInvalidRange(() => parseWindow({ range: '401d' }, NOW), '400 days');
    assertInvalidRange(() => parseWindow({ range: '58w' }, NOW), '400 days');
    assertInvalidRange(() => parseWindow({ range: '9601h' }, NOW), '400 days');
    assertInvalidRange(() => parseWindow({ range: '99999999999999999999999d' }, NOW), '400 days');
  });
});

describe('parseWindow: start and end', () => {
  it('start+end with Z', () => {
    assert.deepEqual(ro({ start: '2026-03-10T00:00:00Z', end: '2026-03-12T06:30:00Z' }), {
      start_utc: '2026-03-10T00:00:00Z',
      end_utc: '2026-03-12T06:30:00Z',
      label: 'custom',
    });
  });

  it('numeric offsets +05:30 and -08:00 are converted to UTC', () => {
    assert.deepEqual(ro({ start: '2026-03-10T05:30:00+05:30', end: '2026-03-10T16:00:00-08:00' }), {
      start_utc: '2026-03-10T00:00:00Z',
      end_utc: '2026-03-11T00:00:00Z',
      label: 'custom',
    });
    // offset crossing a date and a year boundary
    assert.equal(ro({ start: '2025-12-31T20:00:00-05:00', end: '2026-01-02T00:00:00Z' }).start_utc, '2026-01-01T01:00:00Z');
    // -00:00 and +00:00 mean UTC
    assert.equal(ro({ start: '2026-03-10T00:00:00-00:00', end: '2026-03-11T00:00:00+00:00' }).start_utc, '2026-03-10T00:00:00Z');
  });

  it('a space in place of "+" (unencoded + in a query string) is read as +', () => {
    assert.equal(ro({ start: '2026-03-10T05:30:00 05:30', end: '2026-03-11T00:00:00Z' }).start_utc, '2026-03-10T00:00:00Z');
  });

  it('fractional seconds are kept to the millisecond (truncated beyond)', () => {
    assert.deepEqual(ro({ start: '2026-03-10T00:00:00.5Z', end: '2026-03-10T01:00:00.123456789Z' }), {
      start_utc: '2026-03-10T00:00:00.500Z',
      end_utc: '2026-03-10T01:00:00.123Z',
      label: 'custom',
    });
    assert.equal(ro({ start: '2026-03-10T00:00:00.000Z', end: '2026-03-11' }).start_utc, '2026-03-10T00:00:00Z');
    assert.equal(ro({ start: '2026-03-10T00:00:00.9999+01:00', end: '2026-03-11' }).start_utc, '2026-03-09T23:00:00.999Z');
  });

  it('lower-case t and z are accepted (RFC 3339 §5.6)', () => {
    assert.equal(ro({ start: '2026-03-10t00:00:00z', end: '2026-03-11' }).start_utc, '2026-03-10T00:00:00Z');
  });

  it('plain dates are 00:00 UTC', () => {
    assert.deepEqual(ro({ start: '2026-02-01', end: '2026-03-01' }), {
      start_utc: '2026-02-01T00:00:00Z',
      end_utc: '2026-03-01T00:00:00Z',
      label: 'custom',
    });
    assert.equal(ro({ start: '2028-02-29', end: '2028-03-01' }).start_utc, '2028-02-29T00:00:00Z'); // leap year
    assert.equal(ro({ start: '2000-02-29', end: '2000-03-01' }).start_utc, '2000-02-29T00:00:00Z'); // 400-year leap
  });

  it('mixing a date and a timestamp works', () => {
    assert.deepEqual(ro({ start: '2026-03-10', end: '2026-03-10T12:00:00+02:00' }), {
      start_utc: '2026-03-10T00:00:00Z',
      end_utc: '2026-03-10T10:00:00Z',
      label: 'custom',
    });
  });

  it('only start: the window ends now, label custom', () => {
    assert.deepEqual(ro({ start: '2026-11-01' }), {
      start_utc: '2026-11-01T00:00:00Z',
      end_utc: '2026-11-20T14:00:00Z',
      label: 'custom',
    });
    // range is ignored when start is given
    assert.deepEqual(ro({ start: '2026-11-01', range: '24h' }), {
      start_utc: '2026-11-01T00:00:00Z',
      end_utc: '2026-11-20T14:00:00Z',
      label: 'custom',
    });
  });

  it('start+end: range is ignored, label custom', () => {
    assert.deepEqual(ro({ start: '2026-03-10', end: '2026-03-11', range: '30d' }), {
      start_utc: '2026-03-10T00:00:00Z',
      end_utc: '2026-03-11T00:00:00Z',
      label: 'custom',
    });
  });

  it('only end: start = end - range (default 7d), label is the range', () => {
    assert.deepEqual(ro({ end: '2026-03-01' }), {
      start_utc: '2026-02-22T00:00:00Z',
      end_utc: '2026-03-01T00:00:00Z',
      label: '7d',
    });
    assert.deepEqual(ro({ end: '2026-03-01T00:00:00Z', range: '24h' }), {
      start_utc: '2026-02-28T00:00:00Z',
      end_utc: '2026-03-01T00:00:00Z',
      label: '24h',
    });
    assert.deepEqual(ro({ end: '2026-03-01' }, '24h'), {
      start_utc: '2026-02-28T00:00:00Z',
      end_utc: '2026-03-01T00:00:00Z',
      label: '24h',
    });
    // end may lie in the future; the window is what was asked for
    assert.equal(ro({ end: '2027-01-01' }).end_utc, '2027-01-01T00:00:00Z');
  });

  it('exactly 400 days is allowed, 401 days is not', () => {
    // 2025-01-01 + 365 = 2026-01-01, + 35 = 2026-02-05
    assert.deepEqual(ro({ start: '2025-01-01', end: '2026-02-05' }), {
      start_utc: '2025-01-01T00:00:00Z',
      end_utc: '2026-02-05T00:00:00Z',
      label: 'custom',
    });
    assertInvalidRange(() => parseWindow({ start: '2025-01-01', end: '2026-02-06' }, NOW), '400 days');
    assertInvalidRange(() => parseWindow({ start: '2025-01-01T00:00:00Z', end: '2026-02-05T00:00:00.001Z' }, NOW), '400 days');
    // only start, too far back from now
    assertInvalidRange(() => parseWindow({ start: '2020-01-01' }, NOW), '400 days');
  });
});

describe('parseWindow: errors are 400 invalid_range', () => {
  for (const range of [
    '0d',
    '0h',
    '00d',
    '07d',
    '1.5d',
    '7x',
    '-1d',
    '+7d',
    '',
    ' 7d',
    '7d ',
    '7 d',
    '7D',
    'd',
    '7',
    '7dd',
    '1e3d',
    '7days',
    '０d',
  ]) {
    it(`range ${JSON.stringify(range)}`, () => {
      assertInvalidRange(() => parseWindow({ range }, NOW), 'range');
    });
  }

  it('an invalid range is rejected even when start/end make it unused', () => {
    assertInvalidRange(() => parseWindow({ range: '7x', start: '2026-03-10', end: '2026-03-11' }, NOW), 'range');
  });

  const badInstants = [
    '',
    'garbage',
    'yesterday',
    '1700000000',
    '1700000000000',
    '2026-03-10T00:00:00', // no offset
    '2026-03-10T00:00', // no seconds, no offset
    '2026-03-10T00:00Z', // no seconds
    '2026-03-10 00:00:00Z', // space separator
    '2026-03-10T00:00:00+0530', // offset without colon
    '2026-03-10T00:00:00+05', // offset without minutes
    '2026-03-10T00:00:00+24:00', // offset hour out of range
    '2026-03-10T00:00:00+05:60', // offset minute out of range
    '2026-03-10T00:00:00.Z', // empty fraction
    '2026-03-10T00:00:00,5Z', // comma fraction
    '2026-03-10T24:00:00Z',
    '2026-03-10T23:60:00Z',
    '2026-03-10T23:59:60Z', // leap second
    '2026-13-01',
    '2026-00-10',
    '2026-02-30T00:00:00Z',
    '2026-02-29', // 2026 is not a leap year
    '1900-02-29', // 1900 is not a leap year
    '2026-04-31',
    '2026-03-00',
    '2026-3-1',
    '26-03-10',
    '+2026-03-10',
    '2026-03-10Z',
    ' 2026-03-10',
    '2026-03-10 ',
    '2026-03-10T00:00:00Z\n',
    '2026-03-10T00:00:00 Z',
  ];
  for (const value of badInstants) {
    it(`start ${JSON.stringify(value)}`, () => {
      assertInvalidRange(() => parseWindow({ start: value, end: '2026-03-11' }, NOW), 'start');
    });
  }
  it('garbage end names end', () => {
    assertInvalidRange(() => parseWindow({ start: '2026-03-10', end: '2026-02-30' }, NOW), 'end');
    assertInvalidRange(() => parseWindow({ end: 'garbage' }, NOW), 'end');
  });

  it('start == end', () => {
    assertInvalidRange(() => parseWindow({ start: '2026-03-10', end: '2026-03-10T00:00:00Z' }, NOW), 'before');
    // same instant written with different offsets
    assertInvalidRange(() => parseWindow({ start: '2026-03-10T05:30:00+05:30', end: '2026-03-10T00:00:00Z' }, NOW), 'before');
  });

  it('start > end', () => {
    assertInvalidRange(() => parseWindow({ start: '2026-03-11', end: '2026-03-10' }, NOW), 'before');
  });

  it('only start, at or after now', () => {
    assertInvalidRange(() => parseWindow({ start: '2026-11-20T14:00:00Z' }, NOW), 'before');
    assertInvalidRange(() => parseWindow({ start: '2026-12-01' }, NOW), 'before');
  });
});

describe('formatUtc / rangeObject', () => {
  it('drops .000 and keeps other milliseconds', () => {
    assert.equal(formatUtc(iso('2026-11-20T14:00:00.000Z')), '2026-11-20T14:00:00Z');
    assert.equal(formatUtc(iso('2026-11-20T14:00:00.123Z')), '2026-11-20T14:00:00.123Z');
    assert.equal(formatUtc(iso('2026-11-20T14:00:00.100Z')), '2026-11-20T14:00:00.100Z');
    assert.equal(formatUtc(iso('2026-11-20T14:00:00+02:00')), '2026-11-20T12:00:00Z');
  });

  it('rangeObject has exactly start_utc, end_utc, label', () => {
    assert.deepEqual(rangeObject(win('2026-03-10T00:00:00Z', '2026-03-10T00:00:00.007Z', 'x')), {
      start_utc: '2026-03-10T00:00:00Z',
      end_utc: '2026-03-10T00:00:00.007Z',
      label: 'x',
    });
  });
});

describe('buckets', () => {
  it('BUCKETS and widths', () => {
    assert.deepEqual([...BUCKETS], ['15min', 'hour', 'day', 'week']);
    assert.equal(bucketWidthMs('15min'), 900_000);
    assert.equal(bucketWidthMs('hour'), 3_600_000);
    assert.equal(bucketWidthMs('day'), 86_400_000);
    assert.equal(bucketWidthMs('week'), 604_800_000);
  });

  const bs = (d: string, b: Bucket) => formatUtc(bucketStart(iso(d), b));

  it('15min alignment', () => {
    assert.equal(bs('2026-03-10T10:07:30Z', '15min'), '2026-03-10T10:00:00Z');
    assert.equal(bs('2026-03-10T10:15:00Z', '15min'), '2026-03-10T10:15:00Z');
    assert.equal(bs('2026-03-10T10:44:59.999Z', '15min'), '2026-03-10T10:30:00Z');
    assert.equal(bs('2026-03-10T10:45:00.001Z', '15min'), '2026-03-10T10:45:00Z');
    // a +05:30 instant aligns to UTC quarter hours, not local ones
    assert.equal(bs('2026-03-10T10:20:00+05:30', '15min'), '2026-03-10T04:45:00Z');
  });

  it('hour and day alignment', () => {
    assert.equal(bs('2026-03-10T10:59:59.999Z', 'hour'), '2026-03-10T10:00:00Z');
    assert.equal(bs('2026-03-10T23:59:59.999Z', 'day'), '2026-03-10T00:00:00Z');
    assert.equal(bs('2026-03-11T00:00:00Z', 'day'), '2026-03-11T00:00:00Z');
    assert.equal(bs('2026-03-10T02:00:00+05:00', 'day'), '2026-03-09T00:00:00Z');
  });

  it('week starts Monday 00:00 UTC, across month and year boundaries', () => {
    // 2026-01-01 is a Thursday → its week starts Monday 2025-12-29
    assert.equal(bs('2026-01-01T12:00:00Z', 'week'), '2025-12-29T00:00:00Z');
    assert.equal(bs('2025-12-29T00:00:00Z', 'week'), '2025-12-29T00:00:00Z'); // Monday itself
    assert.equal(bs('2025-12-28T23:59:59.999Z', 'week'), '2025-12-22T00:00:00Z'); // Sunday
    assert.equal(bs('2026-01-04T23:59:59.999Z', 'week'), '2025-12-29T00:00:00Z'); // Sunday after
    assert.equal(bs('2026-01-05T00:00:00Z', 'week'), '2026-01-05T00:00:00Z');
    // 2026-03-01 is a Sunday → Monday 2026-02-23
    assert.equal(bs('2026-03-01T09:00:00Z', 'week'), '2026-02-23T00:00:00Z');
    // before the epoch: 1970-01-01 was a Thursday, 1969-12-31 a Wednesday
    assert.equal(bs('1970-01-01T00:00:00Z', 'week'), '1969-12-29T00:00:00Z');
    assert.equal(bs('1969-12-31T00:00:00Z', 'week'), '1969-12-29T00:00:00Z');
    for (const d of ['2025-12-29', '2026-02-23', '1969-12-29']) assert.equal(iso(d).getUTCDay(), 1);
  });

  const starts = (w: Window, b: Bucket) => bucketStarts(w, b).map(formatUtc);

  it('partial first and last buckets: 10:07–13:30 hourly → 10, 11, 12, 13', () => {
    assert.deepEqual(starts(win('2026-03-10T10:07:00Z', '2026-03-10T13:30:00Z'), 'hour'), [
      '2026-03-10T10:00:00Z',
      '2026-03-10T11:00:00Z',
      '2026-03-10T12:00:00Z',
      '2026-03-10T13:00:00Z',
    ]);
  });

  it('end exactly on a bucket boundary adds no bucket', () => {
    assert.deepEqual(starts(win('2026-03-10T10:00:00Z', '2026-03-10T13:00:00Z'), 'hour'), [
      '2026-03-10T10:00:00Z',
      '2026-03-10T11:00:00Z',
      '2026-03-10T12:00:00Z',
    ]);
    assert.deepEqual(starts(win('2026-03-10T10:07:00Z', '2026-03-10T13:00:00Z'), 'hour'), [
      '2026-03-10T10:00:00Z',
      '2026-03-10T11:00:00Z',
      '2026-03-10T12:00:00Z',
    ]);
    // one millisecond past the boundary opens the next bucket
    assert.equal(starts(win('2026-03-10T10:00:00Z', '2026-03-10T13:00:00.001Z'), 'hour').length, 4);
  });

  it('a window inside one bucket has one bucket', () => {
    assert.deepEqual(starts(win('2026-03-10T10:07:00Z', '2026-03-10T10:08:00Z'), 'hour'), ['2026-03-10T10:00:00Z']);
    assert.deepEqual(starts(win('2026-03-10T10:07:00Z', '2026-03-10T10:08:00Z'), 'week'), ['2026-03-09T00:00:00Z']);
  });

  it('an empty window has no buckets', () => {
    assert.deepEqual(starts(win('2026-03-10T10:00:00Z', '2026-03-10T10:00:00Z'), 'hour'), []);
    assert.equal(ensureBucketCount(win('2026-03-10T11:00:00Z', '2026-03-10T10:00:00Z'), 'hour'), 0);
  });

  it('weekly buckets across a year boundary', () => {
    // Thu 2025-12-25 → Thu 2026-01-15 (end-1ms is Wed 2026-01-14, week of Mon 2026-01-12)
    assert.deepEqual(starts(win('2025-12-25T00:00:00Z', '2026-01-15T00:00:00Z'), 'week'), [
      '2025-12-22T00:00:00Z',
      '2025-12-29T00:00:00Z',
      '2026-01-05T00:00:00Z',
      '2026-01-12T00:00:00Z',
    ]);
    // end exactly on a Monday: no extra week
    assert.equal(starts(win('2025-12-29T00:00:00Z', '2026-01-12T00:00:00Z'), 'week').length, 2);
  });

  it('daily buckets across a month boundary, 15min buckets of a default 24h window', () => {
    assert.deepEqual(starts(win('2026-02-27T18:00:00Z', '2026-03-02T06:00:00Z'), 'day'), [
      '2026-02-27T00:00:00Z',
      '2026-02-28T00:00:00Z',
      '2026-03-01T00:00:00Z',
      '2026-03-02T00:00:00Z',
    ]);
    const w = parseWindow({}, NOW, '24h');
    const s = starts(w, '15min');
    assert.equal(s.length, 96);
    assert.equal(s[0], '2026-11-19T14:00:00Z');
    assert.equal(s[95], '2026-11-20T13:45:00Z');
    // now not on a boundary: 97 buckets, partial first and last
    const w2 = parseWindow({}, iso('2026-11-20T14:05:00Z'), '24h');
    const s2 = starts(w2, '15min');
    assert.equal(s2.length, 97);
    assert.equal(s2[0], '2026-11-19T14:00:00Z');
    assert.equal(s2[96], '2026-11-20T14:00:00Z');
  });

  it('10,000 buckets are allowed', () => {
    // 10,000 × 15 min = 2,500 h = 104 d 4 h; 2026-01-01 + 104 d = 2026-04-15
    const w = win('2026-01-01T00:00:00Z', '2026-04-15T04:00:00Z');
    assert.equal(ensureBucketCount(w, '15min'), MAX_BUCKETS);
    const s = starts(w, '15min');
    assert.equal(s.length, 10_000);
    assert.equal(s[0], '2026-01-01T00:00:00Z');
    assert.equal(s[9_999], '2026-04-15T03:45:00Z');
  });

  it('10,001 buckets are invalid_range', () => {
    assertInvalidRange(() => ensureBucketCount(win('2026-01-01T00:00:00Z', '2026-04-15T04:00:00.001Z'), '15min'), '10000');
    assertInvalidRange(() => bucketStarts(win('2026-01-01T00:00:00Z', '2026-04-15T04:15:00Z'), '15min'));
    // a partial first bucket counts too
    assertInvalidRange(() => bucketStarts(win('2025-12-31T23:59:00Z', '2026-04-15T04:00:00Z'), '15min'));
  });

  it('15min over 105 days (10,080 buckets) is invalid_range; hour over 400 days is fine', () => {
    const w = parseWindow({ range: '105d' }, NOW);
    assertInvalidRange(() => bucketStarts(w, '15min'), '10080');
    assert.equal(ensureBucketCount(w, 'hour'), 2_520);
    const w400 = parseWindow({ range: '400d' }, NOW);
    assert.equal(ensureBucketCount(w400, 'hour'), 9_600);
    assert.equal(ensureBucketCount(w400, 'day'), 401); // 14:00→14:00: partial first and last day
    assert.equal(ensureBucketCount(w400, 'week'), 58); // Fri→Fri across 57 1/7 weeks
  });

  it('the count is checked before allocating (huge windows fail fast)', () => {
    const w = win('0001-01-01T00:00:00Z', '9999-01-01T00:00:00Z');
    assertInvalidRange(() => bucketStarts(w, '15min'));
  });
});
