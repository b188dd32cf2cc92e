// Live sessions (CONTRACT §5) as seen through /api/kpis/active-calls, with an injected clock.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { get, ingest, newOrg, scopedKey, testApp } from '../helpers/app.js';

test('sessions: put, heartbeat, TTL, delete, ingest ends them, slices and orgs apply', async () => {
  const t = await testApp({ HONEYPOT_SESSION_TTL_SEC: '60' });
  try {
    const a = await newOrg(t.app);
    const b = await newOrg(t.app);
    const put = (key: string, sid: string, body: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/ingest/sessions/${sid}`, payload: body, headers: { authorization: `Bearer ${key}` } });
    const beat = (key: string, sid: string, body?: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/ingest/sessions/${sid}/heartbeat`,
        payload: body ?? {},
        headers: { authorization: `Bearer ${key}` },
      });
    const active = async (key: string) => (await get(t.app, key, '/api/kpis/active-calls?range=24h')).json();

    const t0 = new Date('2026-11-20T12:00:00Z');
    t.setNow(t0);
    const s1 = {
      persona: 'margaret',
      caller_id: '+12125550143',
      impersonated_brand: 'Amazon',
      lure_category: 'REFUND',
      state: 'Engaging',
      started_at: '2026-11-20T11:58:00Z',
    };
    const s2 = {
      persona: 'harold',
      caller_id: '+13055550100',
      impersonated_brand: 'PayPal',
      state: 'Greeting',
      started_at: '2026-11-20T11:55:00-00:00',
    };
    assert.equal((await put(a.ingest, 'CA_s1', s1)).statusCode, 204);
    assert.equal((await put(a.ingest, 'CA_s2', s2)).statusCode, 204);
    assert.equal((await put(a.ingest, 'CA_bad', { ...s1, started_at: 'noon' })).statusCode, 400);
    assert.equal((await put(a.ingest, 'CA_bad', { ...s1, extra: 1 })).statusCode, 400);
    assert.equal((await put(a.read, 'CA_s3', s1)).statusCode, 403);

    let list = await active(a.read);
    assert.equal(list.active_count, 2);
    assert.deepEqual(
      list.calls.map((c: { call_sid: string }) => c.call_sid),
      ['CA_s2', 'CA_s1'],
    ); // oldest first
    assert.equal(list.calls[1].last_heartbeat, '2026-11-20T12:00:00Z');
    assert.equal(list.calls[1].state, 'Engaging');
    assert.equal((await active(b.read)).active_count, 0);

    const amazonOnly = await scopedKey(t.app, a.orgId, { impersonated_brand: ['amazon'] });
    assert.deepEqual(
      (await active(amazonOnly)).calls.map((c: { call_sid: string }) => c.call_sid),
      ['CA_s1'],
    );

    // 59 s later a heartbeat keeps s1 alive; at 61 s s2 has expired.
    t.setNow(new Date(t0.getTime() + 59_000));
    assert.equal((await beat(a.ingest, 'CA_s1', { state: 'Extracting' })).statusCode, 204);
    t.setNow(new Date(t0.getTime() + 61_000));
    list = await active(a.read);
    assert.deepEqual(
      list.calls.map((c: { call_sid: string }) => c.call_sid),
      ['CA_s1'],
    );
    assert.equal(list.calls[0].state, 'Extracting');
    assert.equal((await beat(a.ingest, 'CA_s2')).statusCode, 404);
    assert.equal((await beat(b.ingest, 'CA_s1')).statusCode, 404);

    // Ingesting the finished call ends its session; DELETE ends another.
    await put(a.ingest, 'CA_s4', s2);
    await ingest(t.app, a.ingest, { call_sid: 'CA_s1', started_at: '2026-11-20T11:58:00Z', duration_sec: 120 });
    assert.deepEqual(
      (await active(a.read)).calls.map((c: { call_sid: string }) => c.call_sid),
      ['CA_s4'],
    );
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/ingest/sessions/CA_s4',
      headers: { authorization: `Bearer ${a.ingest}` },
    });
    assert.equal(del.statusCode, 204);
    assert.equal((await active(a.read)).active_count, 0);
  } finally {
    await t.close();
  }
});
