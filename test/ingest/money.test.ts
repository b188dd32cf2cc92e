// Money totals are exact: amounts are kept to the cent at ingest and every
// sum is made in integer cents, so a total is the decimal the calls add up to, never a
// drifted double such as 69842546.75999999. Checked on both engines; on PostgreSQL whole
// days come from the rollups and partial days from the calls, so both kinds of window count.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get, ingest, newOrg, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { prng } from '../kpis/reference.js';

const HOUR = 3_600_000;
const FIRST_DAY = Date.parse('2026-11-17T00:00:00Z');

/** Amounts and their exact value in cents, written out (not computed from the doubles). */
const AMOUNTS: [number, number][] = [
  [0.1, 10],
  [0.2, 20],
  [0.3, 30],
  [0.07, 7],
  [19.99, 1999],
  [1234.56, 123456],
  [69842546.76, 6984254676],
  [999999999.99, 99999999999],
];

/** The decimal of a whole number of hundredths (or of thousandths, `places` 3) as a JSON number. */
function decimal(units: number, places = 2): number {
  const scale = 10 ** places;
  const text = `${Math.trunc(units / scale)}.${String(units % scale).padStart(places, '0')}`;
  return Number(text); // the double nearest the decimal, as JSON.parse reads the exact text
}

interface Call {
  ms: number;
  asks: number[]; // cents
  dangled: number | null; // cents
}

describe('money totals', () => {
  let t: TestApp;
  let org: OrgKeys;
  const calls: Call[] = [];

  before(async () => {
    t = await testApp();
    org = await newOrg(t.app);
    // 900 calls over three days, every hour, each with one to three asks.
    const rand = prng(11);
    const next = (n: number) => Math.floor(rand() * n);
    const records = [];
    for (let i = 0; i < 900; i++) {
      const ms = FIRST_DAY + next(72) * HOUR + next(60) * 60_000;
      const asks = Array.from({ length: 1 + next(3) }, () => AMOUNTS[next(AMOUNTS.length)]);
      const dangled = next(3) === 0 ? null : AMOUNTS[next(AMOUNTS.length)];
      calls.push({ ms, asks: asks.map(([, c]) => c), dangled: dangled && dangled[1] });
      records.push({
        call_sid: `CA${i}`,
        started_at: new Date(ms).toISOString(),
        duration_sec: 60,
        extraction: { dollar_asks: asks.map(([a]) => a), ...(dangled ? { dollars_dangled: dangled[0] } : {}) },
      });
    }
    // Amounts finer than a cent are kept to the nearest cent.
    records.push({
      call_sid: 'CA_round',
      started_at: '2026-11-18T12:00:00Z',
      duration_sec: 60,
      extraction: { dollar_asks: [0.333, 2.6749, 0.0049], dollars_dangled: 10.126 },
    });
    calls.push({ ms: Date.parse('2026-11-18T12:00:00Z'), asks: [33, 267, 0], dangled: 1013 });
    for (let i = 0; i < records.length; i += 200) {
      const res = await ingest(t.app, org.ingest, records.slice(i, i + 200));
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json().rejected, []);
    }
  });
  after(() => t.close());

  const within = (start: number, end: number) => calls.filter((c) => c.ms >= start && c.ms < end);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0); // whole cents: exact

  it('keeps each amount to the cent', async () => {
    const call = (await get(t.app, org.read, '/api/calls/CA_round')).json();
    assert.deepEqual(call.extraction.dollar_asks, [0.33, 2.67, 0]);
    assert.equal(call.extraction.dollars_dangled, 10.13);
    assert.equal(call.total_dollars_asked, 3);
  });

  const windows = [
    { name: 'whole days', start: '2026-11-17T00:00:00Z', end: '2026-11-20T00:00:00Z' },
    { name: 'partial days', start: '2026-11-17T05:30:00Z', end: '2026-11-19T18:00:00Z' },
    { name: 'one partial day', start: '2026-11-18T01:00:00Z', end: '2026-11-18T23:00:00Z' },
  ];

  for (const w of windows) {
    const start = Date.parse(w.start);
    const end = Date.parse(w.end);

    it(`summary over ${w.name}: exact total asked and dangled, median and largest ask`, async () => {
      const inside = within(start, end);
      const asks = inside.flatMap((c) => c.asks).sort((a, b) => a - b);
      assert.ok(asks.length > 100 && asks.includes(6984254676) && asks.includes(10), 'large and small amounts');
      const res = await get(t.app, org.read, `/api/kpis/summary?start=${w.start}&end=${w.end}`);
      assert.equal(res.statusCode, 200, res.body);
      const s = res.json();
      assert.equal(s.calls_received, inside.length);
      assert.equal(s.total_dollars_asked, decimal(sum(asks)));
      assert.equal(s.total_dollars_dangled, decimal(sum(inside.map((c) => c.dangled ?? 0))));
      assert.equal(s.max_single_ask, decimal(asks[asks.length - 1]));
      const mid = asks.length % 2 ? 2 * asks[(asks.length - 1) / 2] : asks[asks.length / 2 - 1] + asks[asks.length / 2];
      assert.equal(s.median_dollar_ask, decimal(mid * 5, 3)); // mid / 2 cents = mid * 5 thousandths
    });

    for (const bucket of ['day', 'hour'] as const) {
      it(`timeseries total_dollars_asked per ${bucket} over ${w.name}: exact`, async () => {
        const width = bucket === 'day' ? 24 * HOUR : HOUR;
        const res = await get(t.app, org.read, `/api/kpis/timeseries/total_dollars_asked?bucket=${bucket}&start=${w.start}&end=${w.end}`);
        assert.equal(res.statusCode, 200, res.body);
        const points: { timestamp: string; value: number }[] = res.json().points;
        assert.equal(points[0].timestamp, new Date(start - (start % width)).toISOString().replace('.000Z', 'Z'));
        for (const p of points) {
          const from = Date.parse(p.timestamp);
          const cents = sum(within(Math.max(from, start), Math.min(from + width, end)).flatMap((c) => c.asks));
          assert.equal(p.value, decimal(cents), p.timestamp);
        }
      });
    }
  }
});
