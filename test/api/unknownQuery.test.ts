// Unknown query parameters are 400 validation_failed naming the parameter (CONTRACT §2): a
// misspelt filter must not silently widen an answer. The documented parameters keep working:
// repeatable filters, the window params, cursor, and the value filter of every top-N field.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { VALUE_FILTERS } from '../../src/domain/valueFilters.js';
import { get, ingest, newOrg, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { assertProblem } from '../helpers/problem.js';

const WINDOW = 'start=2026-11-01&end=2026-12-01';
const sids = (res: { json(): { items: { call_sid: string }[] } }) => res.json().items.map((c) => c.call_sid);

describe('unknown query parameters', () => {
  let t: TestApp;
  let org: OrgKeys;

  before(async () => {
    t = await testApp();
    org = await newOrg(t.app, 'pro');
    const extraction = (brand: string) =>
      Object.fromEntries([
        ...VALUE_FILTERS.filter((f) => f !== 'caller_state').map((f) => [f, `${brand}_${f}`.toUpperCase()]),
        ['impersonated_brand', brand],
      ]);
    const records = [
      {
        call_sid: 'CA_amazon',
        started_at: '2026-11-20T10:00:00Z',
        duration_sec: 60,
        caller_id: '+12125550100',
        extraction: extraction('Amazon'),
      },
      {
        call_sid: 'CA_paypal',
        started_at: '2026-11-20T11:00:00Z',
        duration_sec: 5,
        caller_id: '+13105550100',
        extraction: extraction('PayPal'),
      },
      { call_sid: 'CA_none', started_at: '2026-11-20T12:00:00Z', duration_sec: 20 },
    ];
    const res = await ingest(t.app, org.ingest, records);
    assert.deepEqual(res.json().rejected, []);
  });
  after(() => t.close());

  const names = (res: Awaited<ReturnType<typeof get>>) =>
    assertProblem(res, 400, 'validation_failed').errors.map((e: { path: string }) => e.path);

  it('a misspelt filter is 400 naming it, not every call', async () => {
    assert.deepEqual(names(await get(t.app, org.read, `/api/calls?${WINDOW}&impersonated_brnd=Amazon`)), ['querystring.impersonated_brnd']);
    assert.deepEqual(names(await get(t.app, org.read, `/api/calls?${WINDOW}&teir=1&limit=5`)), ['querystring.teir']);
    assert.deepEqual(names(await get(t.app, org.read, `/api/kpis/summary?rnage=30d`)), ['querystring.rnage']);
    assert.deepEqual(names(await get(t.app, org.read, `/api/kpis/topn/impersonated_brand?n=5&limt=3`)), ['querystring.limt']);
    assert.deepEqual(names(await get(t.app, org.read, `/api/webhooks/deliveries?limit=5&status=failed`)), ['querystring.status']);
    // Routes without any query parameter refuse them too.
    assert.deepEqual(names(await get(t.app, org.read, `/api/calls/CA_amazon?include=transcript`)), ['querystring.include']);
    assert.deepEqual(names(await get(t.app, org.read, `/api/me?x=1`)), ['querystring.x']);
  });

  it('a write with an unknown query parameter is 400 and stores nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/calls?dry_run=1',
      payload: { call_sid: 'CA_dry', started_at: '2026-11-20T13:00:00Z', duration_sec: 1 },
      headers: { authorization: `Bearer ${org.ingest}` },
    });
    assert.deepEqual(names(res), ['querystring.dry_run']);
    assert.equal((await get(t.app, org.read, '/api/calls/CA_dry')).statusCode, 404);
  });

  it('authentication is checked first: no key is 401 whatever the parameters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/calls?impersonated_brnd=Amazon' });
    assertProblem(res, 401, 'unauthorized');
  });

  it('every documented call filter still works, repeatable ones repeated', async () => {
    const all = await get(
      t.app,
      org.read,
      `/api/calls?${WINDOW}&impersonated_brand=amazon&impersonated_brand=PayPal&caller_state=NY&caller_state=CA` +
        '&tier=1&tier=2&hooked=true&min_duration_sec=10&max_duration_sec=100&limit=5&sort=-duration_sec',
    );
    assert.equal(all.statusCode, 200, all.body);
    assert.deepEqual(sids(all), ['CA_amazon']); // PayPal is 5 s: not hooked
    const ranged = await get(t.app, org.read, '/api/calls?range=400d&q=zzz');
    assert.equal(ranged.statusCode, 200, ranged.body);
    assert.deepEqual(sids(ranged), []);
    // The drill-down filter of every top-N field.
    for (const f of VALUE_FILTERS.filter((x) => x !== 'caller_state' && x !== 'impersonated_brand')) {
      const res = await get(t.app, org.read, `/api/calls?${WINDOW}&${f}=${`paypal_${f}`}`);
      assert.equal(res.statusCode, 200, `${f}: ${res.body}`);
      assert.deepEqual(sids(res), ['CA_paypal'], f);
    }
    const paged = await get(t.app, org.read, `/api/calls?${WINDOW}&limit=1`);
    const next = await get(t.app, org.read, `/api/calls?${WINDOW}&limit=1&cursor=${paged.json().next_cursor}`);
    assert.deepEqual(sids(next), ['CA_paypal']);
  });

  it('window and paging parameters of the figures still work', async () => {
    for (const url of [
      `/api/kpis/summary?${WINDOW}`,
      '/api/kpis/summary?range=30d',
      '/api/kpis/summary?start=2026-11-01',
      '/api/kpis/summary?end=2026-12-01&range=30d',
      `/api/kpis/timeseries/calls?${WINDOW}&bucket=day`,
      `/api/kpis/topn/mule_bank_routing?${WINDOW}&n=3`,
      `/api/kpis/tier1?${WINDOW}&limit=1&sort=call_sid`,
      `/api/kpis/arrivals?${WINDOW}`,
      '/api/alerts/preview?metric=calls&window_min=60',
      '/api/alerts/firings?limit=5',
      '/api/webhooks/deliveries?limit=5',
    ]) {
      const res = await get(t.app, org.read, url);
      assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
    }
  });
});
