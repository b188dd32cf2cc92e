// Money totals stay exact to the cent at the largest amounts ingest accepts (CONTRACT §6,
// total_dollars_asked): 1,000 asks of $999,999,999.99 plus one of $0.01 add up to
// $999,999,999,990.01 in the summary, the timeseries, the call list and the alert metric, on
// both engines (on PostgreSQL, whole days come from the daily rollups and the rest from the
// calls). The expected figures are written out as decimal text, and the answers are read as
// text, so a double that merely prints close would fail.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get, ingest, newOrg, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';

const NOW = Date.parse('2026-11-20T15:30:00Z');
const BIG = 999_999_999.99;

/** The raw JSON text of every `"name":<number>` in a body, in order. */
const rawNumbers = (body: string, name: string) => [...body.matchAll(new RegExp(`"${name}":(-?[0-9.eE+-]+)`, 'g'))].map((m) => m[1]);

describe('money totals at the largest amounts', () => {
  let t: TestApp;
  let org: OrgKeys;

  before(async () => {
    t = await testApp();
    t.setNow(new Date(NOW));
    org = await newOrg(t.app, 'pro');
    const tier1 = { mule_bank_name: 'Chase' };
    const records = [
      // One call with 1,000 asks, on a whole day (a rollup day on PostgreSQL).
      {
        call_sid: 'CA_big',
        started_at: '2026-11-18T09:00:00Z',
        duration_sec: 60,
        extraction: { ...tier1, dollar_asks: Array(1000).fill(BIG) },
      },
      // 500 calls of one ask each on the next whole day, and 500 on today (a partial day).
      ...Array.from({ length: 1000 }, (_, i) => ({
        call_sid: `CA_one_${i}`,
        started_at:
          i < 500 ? `2026-11-19T${String(i % 24).padStart(2, '0')}:10:00Z` : `2026-11-20T${String(i % 15).padStart(2, '0')}:20:00Z`,
        duration_sec: 60,
        extraction: { ...tier1, dollar_asks: [BIG] },
      })),
      { call_sid: 'CA_cent', started_at: '2026-11-20T10:00:00Z', duration_sec: 60, extraction: { ...tier1, dollar_asks: [0.01] } },
    ];
    for (let i = 0; i < records.length; i += 500) {
      const res = await ingest(t.app, org.ingest, records.slice(i, i + 500));
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json().rejected, []);
    }
  });
  after(() => t.close());

  it('summary: 2,000 asks of $999,999,999.99 and one of $0.01', async () => {
    // 2,000 × 99,999,999,999 cents + 1 cent = 199,999,999,998,001 cents.
    const res = await get(t.app, org.read, '/api/kpis/summary?start=2026-11-18&end=2026-11-21');
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(rawNumbers(res.body, 'total_dollars_asked'), ['1999999999980.01']);
    assert.deepEqual(rawNumbers(res.body, 'max_single_ask'), ['999999999.99']);
    // The acceptance case alone: the 1,000 asks of one call and the cent.
    const one = await get(t.app, org.read, '/api/kpis/summary?start=2026-11-18&end=2026-11-19');
    assert.deepEqual(rawNumbers(one.body, 'total_dollars_asked'), ['999999999990']);
    const partial = await get(t.app, org.read, '/api/kpis/summary?start=2026-11-20T00:00:00Z&end=2026-11-20T15:00:00Z');
    // 500 × 99,999,999,999 + 1 = 49,999,999,999,501 cents.
    assert.deepEqual(rawNumbers(partial.body, 'total_dollars_asked'), ['499999999995.01']);
  });

  it('timeseries: each day to the cent', async () => {
    const res = await get(t.app, org.read, '/api/kpis/timeseries/total_dollars_asked?start=2026-11-18&end=2026-11-21&bucket=day');
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(rawNumbers(res.body, 'value'), ['999999999990', '499999999995', '499999999995.01']);
  });

  it('the alert metric: the last 3 days to the cent', async () => {
    // [2026-11-17T15:30Z, now): every call.
    const res = await get(t.app, org.read, `/api/alerts/preview?metric=total_dollars_asked&window_min=${3 * 24 * 60}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(rawNumbers(res.body, 'value'), ['1999999999980.01']);
  });

  it('the call list: the call with 1,000 asks', async () => {
    const res = await get(t.app, org.read, '/api/calls?start=2026-11-18&end=2026-11-19');
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(rawNumbers(res.body, 'total_dollars_asked'), ['999999999990']);
  });
});
