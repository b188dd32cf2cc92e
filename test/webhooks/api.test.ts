// The webhook API's shapes and errors (CONTRACT §9, §2, §1) with the production defaults:
// https only, no private targets. Nothing here is ingested, so nothing is sent.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { newOrg, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { api, RFC3339_UTC } from './receiver.js';

describe('webhooks API', () => {
  let t: TestApp;
  let org: OrgKeys;
  const create = (body: unknown, key = org.read) => api(t.app, key, 'POST', '/api/webhooks/subscriptions', body);

  before(async () => {
    t = await testApp();
    org = await newOrg(t.app, 'pro');
  });
  after(() => t.close());

  test('the event catalog', async () => {
    const res = await api(t.app, org.read, 'GET', '/api/webhooks/events');
    assert.equal(res.statusCode, 200);
    const types = res.json().items.map((e: { type: string }) => e.type);
    for (const type of ['tier1.mule_account_extracted', 'tier1.crypto_wallet_extracted', 'tier1.gift_card_extracted', 'call.hooked']) {
      assert.ok(types.includes(type), type);
    }
    for (const e of res.json().items) assert.ok(e.description.length > 10);
  });

  test('create, list without secrets, delete', async () => {
    const res = await create({ event_type: 'tier1.mule_account_extracted', url: 'https://hooks.example.com/honeypot' });
    assert.equal(res.statusCode, 201, res.body);
    const sub = res.json();
    assert.deepEqual(Object.keys(sub).sort(), ['created_at', 'event_type', 'id', 'secret', 'status', 'url']);
    assert.equal(sub.status, 'active');
    assert.match(sub.created_at, RFC3339_UTC);
    assert.match(sub.secret, /^whsec_[A-Za-z0-9+/]+=*$/);
    assert.ok(Buffer.from(sub.secret.slice(6), 'base64').length >= 24);

    const list = (await api(t.app, org.read, 'GET', '/api/webhooks/subscriptions')).json();
    assert.deepEqual(list, {
      items: [{ id: sub.id, event_type: sub.event_type, url: sub.url, created_at: sub.created_at, status: 'active' }],
    });

    assert.equal((await api(t.app, org.read, 'DELETE', `/api/webhooks/subscriptions/${sub.id}`)).statusCode, 204);
    assert.deepEqual((await api(t.app, org.read, 'GET', '/api/webhooks/subscriptions')).json(), { items: [] });
  });

  test('a duplicate (event_type, url) in the org is 409 conflict', async () => {
    const body = { event_type: 'call.hooked', url: 'https://hooks.example.com/dup' };
    assert.equal((await create(body)).statusCode, 201);
    const dup = await create(body);
    assert.equal(dup.statusCode, 409);
    assert.equal(dup.json().code, 'conflict');
    assert.equal((await create({ ...body, event_type: 'tier1.gift_card_extracted' })).statusCode, 201);
    const other = await newOrg(t.app, 'pro');
    assert.equal((await create(body, other.read)).statusCode, 201);
  });

  test('400 validation_failed: unknown event type, non-https or private url, unknown properties', async () => {
    const cases: [unknown, string][] = [
      [{ event_type: 'tier1.everything', url: 'https://hooks.example.com/' }, 'body.event_type'],
      [{ event_type: 'call.hooked', url: 'http://hooks.example.com/' }, 'body.url'],
      [{ event_type: 'call.hooked', url: 'https://127.0.0.1/' }, 'body.url'],
      [{ event_type: 'call.hooked', url: 'https://[::ffff:10.0.0.1]/' }, 'body.url'],
      [{ event_type: 'call.hooked' }, 'body.url'],
      [{ event_type: 'call.hooked', url: 'https://hooks.example.com/', secret: 'mine' }, 'body.secret'],
    ];
    for (const [body, path] of cases) {
      const res = await create(body);
      assert.equal(res.statusCode, 400, JSON.stringify(body));
      assert.equal(res.json().code, 'validation_failed');
      assert.ok(
        res.json().errors.some((e: { path: string }) => e.path === path),
        res.body,
      );
    }
  });

  test('deliveries limit is 1–500, default 50', async () => {
    for (const limit of ['0', '501', 'x']) {
      const res = await api(t.app, org.read, 'GET', `/api/webhooks/deliveries?limit=${limit}`);
      assert.equal(res.statusCode, 400, limit);
      assert.equal(res.json().code, 'validation_failed');
    }
    assert.deepEqual((await api(t.app, org.read, 'GET', '/api/webhooks/deliveries?limit=500')).json(), { items: [] });
  });

  test('pro only, read keys only, unknown ids 404', async () => {
    const free = await newOrg(t.app, 'free');
    const res = await api(t.app, free.read, 'GET', '/api/webhooks/events');
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().code, 'tier_required');
    assert.equal((await api(t.app, org.ingest, 'GET', '/api/webhooks/subscriptions')).json().code, 'forbidden');
    assert.equal((await api(t.app, org.read, 'DELETE', '/api/webhooks/subscriptions/whs_nope')).statusCode, 404);
    assert.equal((await api(t.app, org.read, 'POST', '/api/webhooks/subscriptions/whs_nope/test')).statusCode, 404);
  });
});
