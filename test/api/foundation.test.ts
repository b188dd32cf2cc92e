// The service foundation through the real app factory on a real DuckDB file:
// errors (CONTRACT §2), keys/roles/tiers (§1), admin API, ingest (§5), rate limits (§3), ops.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { admin, get, ingest, ingestNdjson, newOrg, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { assertProblem } from '../helpers/problem.js';

const call = (sid: string, extra: Record<string, unknown> = {}) => ({
  call_sid: sid,
  started_at: '2026-11-20T14:00:00Z',
  duration_sec: 60,
  caller_id: '+12125550143',
  extraction: { impersonated_brand: 'Amazon', lure_category: 'REFUND', dollar_asks: [100] },
  ...extra,
});

describe('foundation', () => {
  let t: TestApp;
  let pro: OrgKeys;
  let free: OrgKeys;
  const summary = async (key: string) => (await get(t.app, key, '/api/kpis/summary?start=2026-11-01&end=2026-12-01')).json();

  before(async () => {
    t = await testApp();
    pro = await newOrg(t.app, 'pro', 'Pro Org');
    free = await newOrg(t.app, 'free', 'Free Org');
  });
  after(() => t.close());

  test('401 for missing, malformed, unknown keys — before validation', async () => {
    for (const headers of [{}, { authorization: 'Basic abc' }, { authorization: 'Bearer hpk_nope' }, { authorization: 'Bearer' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/kpis/summary?range=garbage', headers });
      assertProblem(res, 401, 'unauthorized');
      assert.equal(res.headers['www-authenticate'], 'Bearer');
    }
    assertProblem(
      await t.app.inject({ method: 'POST', url: '/api/ingest/calls', payload: '{bad', headers: { 'content-type': 'application/json' } }),
      401,
      'unauthorized',
    );
    // An unknown path is a 404 for everyone: with no route there is nothing to authorise.
    assertProblem(await t.app.inject({ method: 'GET', url: '/api/nowhere' }), 404, 'not_found');
    assertProblem(await get(t.app, pro.ingest, '/api/nowhere'), 404, 'not_found');
  });

  test('roles: a read key cannot ingest, an ingest key cannot read', async () => {
    assertProblem(await ingest(t.app, pro.read, call('CA_role')), 403, 'forbidden');
    assertProblem(await get(t.app, pro.ingest, '/api/kpis/summary'), 403, 'forbidden');
  });

  test('tier guard on every pro route', async () => {
    for (const url of [
      '/api/agent/session/7f1c1e0e-8a43-4d2b-9f57-2d4c2b1f0a11/v2',
      '/api/webhooks/events',
      '/api/alerts/rules',
      '/api/exports/tier1',
    ]) {
      const body = assertProblem(await get(t.app, free.read, url), 403, 'tier_required');
      assert.equal(body.required_tier, 'pro');
    }
    assertProblem(await get(t.app, free.read, '/api/exports/anything'), 404, 'not_found');
    assert.equal((await get(t.app, free.read, '/api/kpis/summary')).statusCode, 200);
  });

  test('unknown paths and bad windows', async () => {
    assertProblem(await get(t.app, pro.read, '/api/kpis/nothing'), 404, 'not_found');
    assertProblem(await get(t.app, pro.read, '/api/kpis/summary?range=7x'), 400, 'invalid_range');
    assertProblem(await get(t.app, pro.read, '/api/kpis/summary?start=2026-11-02&end=2026-11-01'), 400, 'invalid_range');
  });

  test('admin API: orgs, tier changes on the next request, keys shown once, revocation', async () => {
    assertProblem(
      await t.app.inject({ method: 'GET', url: '/api/admin/orgs', headers: { authorization: `Bearer ${pro.read}` } }),
      401,
      'unauthorized',
    );
    assertProblem(await t.app.inject({ method: 'GET', url: '/api/admin/orgs' }), 401, 'unauthorized');
    const created = await admin(t.app, 'POST', '/api/admin/orgs', { name: 'Acme Bank', tier: 'free' });
    assert.equal(created.statusCode, 201);
    const org = created.json();
    assert.deepEqual(Object.keys(org).sort(), ['created_at', 'id', 'name', 'tier']);
    assert.match(org.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?Z$/);
    assertProblem(await admin(t.app, 'POST', '/api/admin/orgs', { name: 'X', tier: 'gold' }), 400, 'validation_failed');
    assertProblem(await admin(t.app, 'POST', '/api/admin/orgs', { name: 'X', tier: 'pro', extra: 1 }), 400, 'validation_failed');

    const keyRes = await admin(t.app, 'POST', `/api/admin/orgs/${org.id}/keys`, { name: 'analyst', role: 'read' });
    assert.equal(keyRes.statusCode, 201);
    const key = keyRes.json();
    assert.match(key.key, /^hpk_[A-Za-z0-9_-]{43,}$/);
    assert.deepEqual(Object.keys(key).sort(), ['created_at', 'id', 'key', 'name', 'role', 'scope']);
    const listed = (await admin(t.app, 'GET', `/api/admin/orgs/${org.id}/keys`)).json();
    assert.equal(listed.items.length, 1);
    assert.equal(listed.items[0].key, undefined);
    assert.ok(!JSON.stringify(listed).includes(key.key));

    assertProblem(await get(t.app, key.key, '/api/exports/tier1'), 403, 'tier_required');
    const patched = await admin(t.app, 'PATCH', `/api/admin/orgs/${org.id}`, { tier: 'pro' });
    assert.equal(patched.json().tier, 'pro');
    assert.notEqual((await get(t.app, key.key, '/api/exports/tier1')).statusCode, 403);

    assertProblem(
      await admin(t.app, 'POST', `/api/admin/orgs/${org.id}/keys`, { name: 's', role: 'read', scope: { colour: ['red'] } }),
      400,
      'validation_failed',
    );
    assertProblem(
      await admin(t.app, 'POST', `/api/admin/orgs/${org.id}/keys`, { name: 's', role: 'read', scope: { persona: [] } }),
      400,
      'validation_failed',
    );
    assertProblem(await admin(t.app, 'POST', '/api/admin/orgs/org_missing/keys', { name: 's', role: 'read' }), 404, 'not_found');
    assertProblem(await admin(t.app, 'PATCH', '/api/admin/orgs/org_missing', { tier: 'pro' }), 404, 'not_found');

    assert.equal((await get(t.app, key.key, '/api/kpis/summary')).statusCode, 200);
    assert.equal((await admin(t.app, 'DELETE', `/api/admin/keys/${key.id}`)).statusCode, 204);
    assertProblem(await get(t.app, key.key, '/api/kpis/summary'), 401, 'unauthorized');
    assertProblem(await admin(t.app, 'DELETE', '/api/admin/keys/key_missing'), 404, 'not_found');
    assert.ok((await admin(t.app, 'GET', '/api/admin/orgs')).json().items.some((o: { id: string }) => o.id === org.id));
  });

  test('ingest: a mixed batch stores exactly the valid records and reports the others by index', async () => {
    const res = await ingest(t.app, pro.ingest, [
      call('CA_ok1'),
      call('CA_badtime', { started_at: '20/11/2026' }),
      call('CA_unknownprop', { colour: 'red' }),
      call('CA_badreason', { disconnect_reason: 'bored' }),
      call('CA_ok2', { duration_sec: 5 }),
    ]);
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.accepted, 2);
    assert.equal(body.created, 2);
    assert.equal(body.updated, 0);
    assert.deepEqual(
      body.rejected.map((r: { index: number }) => r.index),
      [1, 2, 3],
    );
    assert.deepEqual(
      body.rejected.map((r: { call_sid: string }) => r.call_sid),
      ['CA_badtime', 'CA_unknownprop', 'CA_badreason'],
    );
    assert.equal(body.rejected[0].errors[0].path, 'started_at');
    assert.equal(body.rejected[1].errors[0].path, 'colour');
    assert.equal(body.rejected[2].errors[0].path, 'disconnect_reason');
    const s = await summary(pro.read);
    assert.equal(s.calls_received, 2);
    assert.equal(s.hooked_calls, 1);

    // Re-ingest replaces: counts never double.
    const again = (await ingest(t.app, pro.ingest, [call('CA_ok1', { duration_sec: 90 }), call('CA_ok3')])).json();
    assert.deepEqual([again.accepted, again.created, again.updated], [2, 1, 1]);
    const s2 = await summary(pro.read);
    assert.equal(s2.calls_received, 3);
    assert.equal(s2.max_call_duration_sec, 90);
    // Another org sees none of it.
    assert.equal((await summary(free.read)).calls_received, 0);
  });

  test('ingest: one object, all rejected, bad JSON, wrong media type, oversize array', async () => {
    const one = await ingest(t.app, free.ingest, call('CA_single'));
    assert.deepEqual(one.json(), { accepted: 1, created: 1, updated: 0, rejected: [] });
    const none = assertProblem(await ingest(t.app, free.ingest, [{ call_sid: 'x' }, 'nope']), 422, 'all_records_rejected');
    assert.deepEqual(
      none.rejected.map((r: { index: number }) => r.index),
      [0, 1],
    );
    assertProblem(
      await t.app.inject({
        method: 'POST',
        url: '/api/ingest/calls',
        payload: '{"call_sid": ',
        headers: { authorization: `Bearer ${free.ingest}`, 'content-type': 'application/json' },
      }),
      400,
      'validation_failed',
    );
    assertProblem(
      await t.app.inject({
        method: 'POST',
        url: '/api/ingest/calls',
        payload: 'call_sid=x',
        headers: { authorization: `Bearer ${free.ingest}`, 'content-type': 'text/plain' },
      }),
      415,
      'unsupported_media_type',
    );
    const big = Array.from({ length: 10_001 }, (_, i) => ({ call_sid: `CA${i}` }));
    assertProblem(await ingest(t.app, free.ingest, big), 400, 'validation_failed');
  });

  test('ingest: NDJSON is streamed, blank lines skipped, bad lines reported', async () => {
    const lines = [
      JSON.stringify(call('CA_nd1')),
      '',
      '{not json',
      JSON.stringify(call('CA_nd2', { duration_sec: -1 })),
      JSON.stringify(call('CA_nd3')),
    ];
    const res = await ingestNdjson(t.app, pro.ingest, `${lines.join('\n')}\n`);
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.accepted, 2);
    assert.deepEqual(
      body.rejected.map((r: { index: number }) => r.index),
      [1, 2],
    );
    assert.equal(body.rejected[0].errors[0].message, 'is not valid JSON');
    assert.equal(body.rejected[1].errors[0].path, 'duration_sec');
  });

  test('body limit → 413 payload_too_large', async () => {
    const name = 'x'.repeat(11 * 1024 * 1024);
    assertProblem(await admin(t.app, 'POST', '/api/admin/orgs', { name, tier: 'pro' }), 413, 'payload_too_large');
  });

  test('operations endpoints', async () => {
    assert.deepEqual((await t.app.inject('/healthz')).json(), { status: 'ok' });
    assert.deepEqual((await t.app.inject('/readyz')).json(), { status: 'ready' });
    const metrics = await t.app.inject('/metrics');
    assert.match(metrics.body, /honeypot_http_requests_total/);
    assert.match(metrics.body, /honeypot_ingest_records_total\{outcome="created"\}/);
    const doc = (await t.app.inject('/openapi.json')).json();
    assert.equal(doc.openapi, '3.1.0');
    for (const p of ['/api/kpis/summary', '/api/ingest/calls', '/api/ingest/sessions/{call_sid}', '/api/admin/orgs'])
      assert.ok(doc.paths[p], p);
    assert.equal((await t.app.inject('/docs/')).statusCode, 200);
  });
});

describe('admin API disabled without HONEYPOT_ADMIN_TOKEN', () => {
  test('every admin path is 404', async () => {
    const t = await testApp({ HONEYPOT_ADMIN_TOKEN: '' });
    try {
      for (const url of ['/api/admin/orgs', '/api/admin/keys/x']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { authorization: 'Bearer anything' } });
        assert.equal(res.statusCode, 404);
      }
    } finally {
      await t.close();
    }
  });
});

describe('rate limits', () => {
  test('per key, with RateLimit headers and Retry-After on 429', async () => {
    const t = await testApp({ HONEYPOT_RATE_GENERAL: '3/60' });
    try {
      const a = await newOrg(t.app);
      const b = await newOrg(t.app);
      const first = await get(t.app, a.read, '/api/kpis/summary');
      assert.equal(first.headers['ratelimit-limit'], '3');
      assert.equal(first.headers['ratelimit-remaining'], '2');
      assert.ok(Number(first.headers['ratelimit-reset']) > 0);
      await get(t.app, a.read, '/api/kpis/summary');
      await get(t.app, a.read, '/api/kpis/summary');
      const limited = await get(t.app, a.read, '/api/kpis/summary');
      assertProblem(limited, 429, 'rate_limited');
      assert.ok(Number(limited.headers['retry-after']) > 0);
      assert.equal((await get(t.app, b.read, '/api/kpis/summary')).statusCode, 200);
    } finally {
      await t.close();
    }
  });
});
