// /api/kpis/active-calls: live sessions, oldest first, TTL, slices, other orgs, range ignored.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get, ingest, newOrg, scopedKey, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';

const T0 = Date.parse('2026-11-20T14:00:00Z');
const TTL = 60_000;

describe('GET /api/kpis/active-calls', () => {
  let h: TestApp;
  let a: OrgKeys;
  let b: OrgKeys;

  const put = async (key: string, sid: string, body: Record<string, unknown>, at: number) => {
    h.setNow(new Date(at));
    const res = await h.app.inject({
      method: 'PUT',
      url: `/api/ingest/sessions/${sid}`,
      payload: body,
      headers: { authorization: `Bearer ${key}` },
    });
    assert.equal(res.statusCode, 204, res.body);
  };
  const active = async (key: string, at: number, url = '/api/kpis/active-calls') => {
    h.setNow(new Date(at));
    const res = await get(h.app, key, url);
    assert.equal(res.statusCode, 200, res.body);
    return res.json();
  };

  before(async () => {
    h = await testApp();
    a = await newOrg(h.app, 'free', 'A');
    b = await newOrg(h.app, 'free', 'B');
    const base = { persona: 'margaret', state: 'Ringing' };
    await put(
      a.ingest,
      'expired',
      { ...base, caller_id: '2125550100', impersonated_brand: 'Amazon', started_at: '2026-11-20T13:50:00Z' },
      T0 - 2 * TTL,
    );
    await put(
      a.ingest,
      'live-1',
      {
        ...base,
        caller_id: '+12125550143',
        impersonated_brand: 'Amazon',
        lure_category: 'REFUND',
        started_at: '2026-11-20T08:55:00-05:00',
      },
      T0 - 30_000,
    );
    await put(
      a.ingest,
      'live-2',
      {
        persona: 'harold',
        state: 'Extracting',
        caller_id: '4155550100',
        impersonated_brand: 'Apple',
        started_at: '2026-11-20T13:40:00.250Z',
      },
      T0 - 10_000,
    );
    await put(
      a.ingest,
      'live-3',
      { ...base, caller_id: '+18005551234', impersonated_brand: ' amazon ', started_at: '2026-11-20T13:58:00Z' },
      T0 - 10_000,
    );
    await put(a.ingest, 'ended', { ...base, caller_id: '2125550100', started_at: '2026-11-20T13:00:00Z' }, T0 - 10_000);
    await put(a.ingest, 'finished', { ...base, caller_id: '2125550100', started_at: '2026-11-20T13:00:00Z' }, T0 - 10_000);
    // other org, same call_sid
    await put(
      b.ingest,
      'live-1',
      { ...base, caller_id: '2125550100', impersonated_brand: 'Amazon', started_at: '2026-11-20T12:00:00Z' },
      T0 - 10_000,
    );

    const del = await h.app.inject({
      method: 'DELETE',
      url: '/api/ingest/sessions/ended',
      headers: { authorization: `Bearer ${a.ingest}` },
    });
    assert.equal(del.statusCode, 204);
    assert.equal(
      (await ingest(h.app, a.ingest, { call_sid: 'finished', started_at: '2026-11-20T13:00:00Z', duration_sec: 60 })).statusCode,
      200,
    );
    h.setNow(new Date(T0 - 5_000));
    const hb = await h.app.inject({
      method: 'POST',
      url: '/api/ingest/sessions/live-1/heartbeat',
      payload: { state: 'Extracting' },
      headers: { authorization: `Bearer ${a.ingest}` },
    });
    assert.equal(hb.statusCode, 204);
  });

  after(() => h.close());

  it('lists live sessions oldest first with RFC 3339 UTC times; range has no effect', async () => {
    const expected = {
      active_count: 3,
      calls: [
        {
          call_sid: 'live-2',
          persona: 'harold',
          caller_id: '4155550100',
          impersonated_brand: 'Apple',
          lure_category: null,
          state: 'Extracting',
          started_at: '2026-11-20T13:40:00.250Z',
          last_heartbeat: '2026-11-20T13:59:50Z',
        },
        {
          call_sid: 'live-1',
          persona: 'margaret',
          caller_id: '+12125550143',
          impersonated_brand: 'Amazon',
          lure_category: 'REFUND',
          state: 'Extracting',
          started_at: '2026-11-20T13:55:00Z',
          last_heartbeat: '2026-11-20T13:59:55Z',
        },
        {
          call_sid: 'live-3',
          persona: 'margaret',
          caller_id: '+18005551234',
          impersonated_brand: 'amazon',
          lure_category: null,
          state: 'Ringing',
          started_at: '2026-11-20T13:58:00Z',
          last_heartbeat: '2026-11-20T13:59:50Z',
        },
      ],
    };
    assert.deepEqual(await active(a.read, T0), expected);
    assert.deepEqual(await active(a.read, T0, '/api/kpis/active-calls?range=not-a-range&start=nonsense'), expected);
  });

  it('keeps to the key slice', async () => {
    const brand = await scopedKey(h.app, a.orgId, { impersonated_brand: ['AMAZON'] });
    const state = await scopedKey(h.app, a.orgId, { caller_state: ['ny'] });
    const sids = async (key: string) => (await active(key, T0)).calls.map((c: { call_sid: string }) => c.call_sid);
    assert.deepEqual(await sids(brand), ['live-1', 'live-3']);
    assert.deepEqual(await sids(state), ['live-1']); // toll-free live-3 has no state
  });

  it('never shows another org', async () => {
    const body = await active(b.read, T0);
    assert.equal(body.active_count, 1);
    assert.equal(body.calls[0].caller_id, '2125550100');
  });

  it('drops a session once its heartbeat is TTL old', async () => {
    const sids = async (at: number) => (await active(a.read, at)).calls.map((c: { call_sid: string }) => c.call_sid);
    assert.deepEqual(await sids(T0 - 10_000 + TTL - 1), ['live-2', 'live-1', 'live-3']);
    assert.deepEqual(await sids(T0 - 10_000 + TTL), ['live-1']);
    assert.deepEqual(await sids(T0 - 5_000 + TTL), []);
  });
});
