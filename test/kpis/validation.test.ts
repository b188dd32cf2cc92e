// Bounds and error bodies of the overview endpoints (CONTRACT §2, §4), and their OpenAPI.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get, newOrg, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';

const WINDOWED = [
  '/api/kpis/timeseries/calls',
  '/api/kpis/topn/impersonated_brand',
  '/api/kpis/arrivals',
  '/api/kpis/duration-histogram',
  '/api/kpis/ask-histogram',
  '/api/kpis/tier1',
  '/api/kpis/attacker-geo',
  '/api/kpis/disconnect-breakdown',
];

describe('overview KPI validation', () => {
  let h: TestApp;
  let a: OrgKeys;

  before(async () => {
    h = await testApp();
    h.setNow(new Date('2026-11-20T14:00:00Z'));
    a = await newOrg(h.app, 'free');
  });
  after(() => h.close());

  async function problem(url: string, status: number, code: string, key = a.read) {
    const res = await get(h.app, key, url);
    assert.equal(res.statusCode, status, `${url}: ${res.body}`);
    assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
    const body = res.json();
    assert.equal(body.code, code, url);
    assert.equal(body.status, status);
    assert.ok(typeof body.detail === 'string' && body.detail.length > 0);
    assert.ok(!/select|from calls/i.test(res.body), 'no SQL in the body');
    return body;
  }

  it('unknown metric, field or bucket is validation_failed naming the allowed values', async () => {
    const m = await problem('/api/kpis/timeseries/revenue', 400, 'validation_failed');
    assert.deepEqual(
      m.errors.map((e: { path: string }) => e.path),
      ['params.metric'],
    );
    assert.match(
      m.errors[0].message,
      /calls, hooked_calls, hook_rate, tier1_calls, total_dollars_asked, avg_duration_sec, high_confidence_insights/,
    );
    const f = await problem('/api/kpis/topn/mule_bank_routing_number', 400, 'validation_failed');
    assert.deepEqual(
      f.errors.map((e: { path: string }) => e.path),
      ['params.field'],
    );
    await problem('/api/kpis/topn/', 400, 'validation_failed');
    for (const bucket of ['month', 'HOUR', '', '1h']) {
      const b = await problem(`/api/kpis/timeseries/calls?bucket=${bucket}`, 400, 'validation_failed');
      assert.deepEqual(
        b.errors.map((e: { path: string }) => e.path),
        ['querystring.bucket'],
      );
    }
  });

  it('n is 1–50 and limit is 1–1000', async () => {
    for (const n of ['0', '51', '-1', '1.5', 'ten', '']) {
      const body = await problem(`/api/kpis/topn/impersonated_brand?n=${n}`, 400, 'validation_failed');
      assert.equal(body.errors[0].path, 'querystring.n');
    }
    for (const n of ['1', '50']) assert.equal((await get(h.app, a.read, `/api/kpis/topn/crypto_chain?n=${n}`)).statusCode, 200);
    for (const limit of ['0', '1001', '2.5', 'all']) {
      const body = await problem(`/api/kpis/tier1?limit=${limit}`, 400, 'validation_failed');
      assert.equal(body.errors[0].path, 'querystring.limit');
    }
    for (const limit of ['1', '1000']) assert.equal((await get(h.app, a.read, `/api/kpis/tier1?limit=${limit}`)).statusCode, 200);
  });

  it('bad windows are invalid_range on every windowed endpoint', async () => {
    for (const path of WINDOWED) {
      await problem(`${path}?range=7x`, 400, 'invalid_range');
      await problem(`${path}?range=0d`, 400, 'invalid_range');
      await problem(`${path}?start=2026-11-20&end=2026-11-20`, 400, 'invalid_range');
      await problem(`${path}?start=2026-11-21&end=2026-11-20`, 400, 'invalid_range');
      await problem(`${path}?start=yesterday`, 400, 'invalid_range');
      await problem(`${path}?start=2026-02-30`, 400, 'invalid_range');
      await problem(`${path}?range=401d`, 400, 'invalid_range');
    }
  });

  it('more than 10,000 buckets is invalid_range', async () => {
    await problem('/api/kpis/timeseries/calls?bucket=15min&range=400d', 400, 'invalid_range');
    await problem('/api/kpis/arrivals?range=105d', 400, 'invalid_range');
    assert.equal((await get(h.app, a.read, '/api/kpis/arrivals?range=104d')).statusCode, 200);
    assert.equal((await get(h.app, a.read, '/api/kpis/timeseries/calls?bucket=hour&range=400d')).statusCode, 200);
  });

  it('authentication comes first, and an ingest key may not read', async () => {
    for (const path of [...WINDOWED, '/api/kpis/timeseries/nope', '/api/kpis/topn/nope?n=99', '/api/kpis/active-calls']) {
      const res = await h.app.inject({ method: 'GET', url: path });
      assert.equal(res.statusCode, 401, path);
      assert.equal(res.json().code, 'unauthorized');
      assert.equal(res.headers['www-authenticate'], 'Bearer');
      await problem(path, 403, 'forbidden', a.ingest);
    }
  });

  it('an empty org answers zeros, empty lists and every bucket', async () => {
    const q = '?start=2026-11-16&end=2026-11-17T00:30:00Z';
    const ts = (await get(h.app, a.read, `/api/kpis/timeseries/hook_rate${q}&bucket=hour`)).json();
    assert.equal(ts.points.length, 25);
    assert.ok(ts.points.every((p: { value: number }) => p.value === 0));
    const avg = (await get(h.app, a.read, `/api/kpis/timeseries/avg_duration_sec${q}&bucket=week`)).json();
    assert.deepEqual(avg.points, [{ timestamp: '2026-11-16T00:00:00Z', value: 0 }]);
    assert.deepEqual((await get(h.app, a.read, `/api/kpis/topn/gift_card_brand${q}`)).json().items, []);
    assert.deepEqual((await get(h.app, a.read, `/api/kpis/tier1${q}`)).json().total, 0);
    assert.deepEqual((await get(h.app, a.read, `/api/kpis/attacker-geo${q}`)).json().items, []);
    const hist = (await get(h.app, a.read, `/api/kpis/duration-histogram${q}`)).json();
    assert.equal(hist.buckets.length, 9);
    assert.deepEqual(hist.buckets[8], { label: '30m+', min_sec: 1800, max_sec: null, count: 0 });
    const asks = (await get(h.app, a.read, `/api/kpis/ask-histogram${q}`)).json();
    assert.deepEqual(asks.buckets[6], { label: '$10,000+', min: 10000, max: null, count: 0 });
    const arr = (await get(h.app, a.read, '/api/kpis/arrivals')).json();
    assert.equal(arr.range.label, '24h');
    assert.equal(arr.buckets.length, 96); // now is on a 15-minute edge
    assert.equal(arr.buckets[0].bucket_start_utc, '2026-11-19T14:00:00Z');
  });

  it('documents every endpoint in the OpenAPI document', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    for (const path of [
      '/api/kpis/timeseries/{metric}',
      '/api/kpis/topn/{field}',
      '/api/kpis/arrivals',
      '/api/kpis/duration-histogram',
      '/api/kpis/ask-histogram',
      '/api/kpis/tier1',
      '/api/kpis/attacker-geo',
      '/api/kpis/disconnect-breakdown',
      '/api/kpis/active-calls',
      '/api/exports/tier1',
    ]) {
      const op = doc.paths[path]?.get;
      assert.ok(op, path);
      assert.ok(op.summary && op.description, `${path} is described`);
      assert.ok(op.responses['200'].content, `${path} has a 200 schema`);
    }
    assert.ok(doc.paths['/api/exports/tier1'].get.responses['200'].content['text/csv']);
    const metric = doc.paths['/api/kpis/timeseries/{metric}'].get.parameters.find((p: { name: string }) => p.name === 'metric');
    assert.equal(metric.schema.enum.length, 7);
  });
});
