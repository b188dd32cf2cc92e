// The reference model's time zone arithmetic against hand-worked instants (DST in New York,
// Santiago's changes at midnight, Kolkata's half hour), so the property test's model is itself
// checked.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { answer, normalise, parseBound, timeBucket, zoned, type TimeDim } from './reference.js';

const at = (s: string) => Date.parse(s);
const bucket = (s: string, dim: TimeDim, tz: string) => {
  const b = timeBucket(at(s), dim, tz);
  return dim === 'time:weekday' || dim === 'time:hour_of_day' ? b : zoned(b, tz);
};

describe('reference model: zoned buckets', () => {
  it('New York falls back: the repeated hour is two buckets, one day of 25 hours', () => {
    assert.equal(bucket('2026-11-01T05:30:00Z', 'time:hour', 'America/New_York'), '2026-11-01T01:00:00-04:00');
    assert.equal(bucket('2026-11-01T06:30:00Z', 'time:hour', 'America/New_York'), '2026-11-01T01:00:00-05:00');
    assert.equal(bucket('2026-11-01T06:30:00Z', 'time:hour_of_day', 'America/New_York'), 1);
    assert.equal(bucket('2026-11-01T05:30:00Z', 'time:day', 'America/New_York'), '2026-11-01T00:00:00-04:00');
    assert.equal(bucket('2026-11-02T04:59:59Z', 'time:day', 'America/New_York'), '2026-11-01T00:00:00-04:00');
    assert.equal(bucket('2026-11-02T05:00:00Z', 'time:day', 'America/New_York'), '2026-11-02T00:00:00-05:00');
    assert.equal(parseBound('2026-11-02', 'America/New_York') - parseBound('2026-11-01', 'America/New_York'), 25 * 3_600_000);
    assert.equal(parseBound('2026-03-09', 'America/New_York') - parseBound('2026-03-08', 'America/New_York'), 23 * 3_600_000);
  });

  it('weeks start on local Mondays, months on local firsts', () => {
    assert.equal(bucket('2026-11-01T12:00:00Z', 'time:week', 'America/New_York'), '2026-10-26T00:00:00-04:00');
    assert.equal(bucket('2026-11-02T05:00:00Z', 'time:week', 'America/New_York'), '2026-11-02T00:00:00-05:00');
    assert.equal(bucket('2026-11-02T04:59:59Z', 'time:week', 'America/New_York'), '2026-10-26T00:00:00-04:00');
    assert.equal(bucket('2026-11-01T12:00:00Z', 'time:weekday', 'America/New_York'), 7);
    assert.equal(bucket('2026-10-01T00:30:00Z', 'time:month', 'Europe/London'), '2026-10-01T00:00:00+01:00');
    assert.equal(bucket('2026-11-01T00:30:00Z', 'time:month', 'Europe/London'), '2026-11-01T00:00:00Z');
    assert.equal(bucket('2026-09-30T23:30:00Z', 'time:month', 'Europe/London'), '2026-10-01T00:00:00+01:00');
  });

  it('Santiago: days that start at 01:00, and an hour of 23:00 twice', () => {
    assert.equal(bucket('2026-09-06T05:00:00Z', 'time:day', 'America/Santiago'), '2026-09-06T01:00:00-03:00');
    assert.equal(parseBound('2026-09-06', 'America/Santiago'), at('2026-09-06T04:00:00Z'));
    assert.equal(bucket('2026-04-05T03:30:00Z', 'time:day', 'America/Santiago'), '2026-04-04T00:00:00-03:00');
    assert.equal(bucket('2026-04-05T02:30:00Z', 'time:hour', 'America/Santiago'), '2026-04-04T23:00:00-03:00');
    assert.equal(bucket('2026-04-05T03:30:00Z', 'time:hour', 'America/Santiago'), '2026-04-04T23:00:00-04:00');
    assert.equal(bucket('2026-04-05T04:00:00Z', 'time:day', 'America/Santiago'), '2026-04-05T00:00:00-04:00');
  });

  it('Kolkata: hours start at half past UTC hours', () => {
    assert.equal(bucket('2026-11-15T18:29:59.999Z', 'time:day', 'Asia/Kolkata'), '2026-11-15T00:00:00+05:30');
    assert.equal(bucket('2026-11-15T18:29:59.999Z', 'time:hour', 'Asia/Kolkata'), '2026-11-15T23:00:00+05:30');
    assert.equal(bucket('2026-11-15T18:30:00Z', 'time:day', 'Asia/Kolkata'), '2026-11-16T00:00:00+05:30');
    assert.equal(bucket('2026-11-15T18:30:00Z', 'time:hour_of_day', 'Asia/Kolkata'), 0);
  });

  it('a hand-worked query: asks narrowed by dollar_ask, a comparison, default order', () => {
    const call = (sid: string, startedAt: string, brand: string | null, asks: number[]) =>
      normalise({ call_sid: sid, started_at: startedAt, duration_sec: 20, extraction: { impersonated_brand: brand, dollar_asks: asks } });
    const calls = [
      call('a', '2026-11-10T10:00:00Z', 'Amazon', [50, 150.25, 999999999.99]),
      call('b', '2026-11-11T10:00:00Z', 'amazon', [10]),
      call('c', '2026-11-12T10:00:00Z', 'Apple', [200, 300]),
      call('d', '2026-11-03T10:00:00Z', 'Apple', [100, 100.01]),
    ];
    const exp = answer(
      calls,
      {
        metrics: ['calls_received', 'total_dollars_asked', 'asks', 'median_dollar_ask'],
        dimensions: ['impersonated_brand'],
        filters: [['gt', 'dollar_ask', 100]],
        compare: 'previous_period',
      },
      at('2026-11-14T00:00:00Z'),
    ).answer;
    // Calls tie (1 each): brands by code point. Apple's earlier call had one ask over $100.
    assert.deepEqual(exp.results, [
      {
        dimensions: ['Amazon'],
        metrics: [1, 1000000150.24, 2, 500000075.12],
        comparison: { metrics: [0, 0, 0, null], change: [null, null, null, null] },
      },
      {
        dimensions: ['Apple'],
        metrics: [1, 500, 2, 250],
        comparison: { metrics: [1, 100.01, 1, 100.01], change: [0, (500 - 100.01) / 100.01, 1, (250 - 100.01) / 100.01] },
      },
    ]);
    assert.equal(exp.meta.total_rows, 2);
  });
});
