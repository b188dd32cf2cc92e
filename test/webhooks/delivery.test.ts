// Webhook delivery end to end (CONTRACT §9): the real app on a real DuckDB file, a real HTTP
// receiver on 127.0.0.1, signatures checked with the standardwebhooks library.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ingest, newOrg, scopedKey, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { TIER1_ROW_FIELDS } from '../../src/storage/queries/tier1.js';
import { DISABLE_AFTER_MS } from '../../src/storage/queries/deliveryQueue.js';
import { api, callRecord, DELIVERY_ENV, eventually, RFC3339_UTC, sleep, startReceiver, verified, type Receiver } from './receiver.js';

const MULE = { impersonated_brand: 'Chase', mule_bank_name: 'TD Bank', mule_bank_account_number: '000123' };
const GIFT = { impersonated_brand: 'Amazon', gift_card_brand: 'Apple' };
const CRYPTO = { impersonated_brand: 'Coinbase', crypto_wallet_address: 'bc1qxyz', crypto_chain: 'BTC' };

describe('webhook delivery', () => {
  let t: TestApp;
  let rx: Receiver;
  let org: OrgKeys;

  const subscribe = async (key: string, event_type: string, path: string) => {
    const res = await api(t.app, key, 'POST', '/api/webhooks/subscriptions', { event_type, url: rx.url(path) });
    assert.equal(res.statusCode, 201, res.body);
    return res.json() as { id: string; secret: string; url: string; status: string };
  };
  const deliveries = async (key = org.read) =>
    (await api(t.app, key, 'GET', '/api/webhooks/deliveries?limit=500')).json().items as Record<string, unknown>[];
  const queued = async (subscriptionId: string) =>
    (
      await t.app.deps.storage.db.all<{ n: number }>('SELECT count(*) AS n FROM webhook_deliveries WHERE subscription_id = $1', [
        subscriptionId,
      ])
    )[0].n;

  before(async () => {
    rx = await startReceiver();
    t = await testApp(DELIVERY_ENV);
    org = await newOrg(t.app, 'pro', 'Delivery Org');
  });
  after(async () => {
    await t.close();
    await rx.close();
  });

  test('a tier-1 event is signed, carries the tier-1 row, and arrives well under a second after ingest', async () => {
    const sub = await subscribe(org.read, 'tier1.mule_account_extracted', '/mule');
    const record = callRecord('CA-MULE-1', MULE);
    assert.equal((await ingest(t.app, org.ingest, record)).statusCode, 200);
    const answered = Date.now();
    const [got] = await rx.waitFor('/mule', 1);
    assert.ok(got.at - answered < 1000, `delivered ${got.at - answered} ms after the ingest response`);

    const payload = verified(sub.secret, got);
    assert.equal(got.headers['webhook-id'], payload.id);
    assert.match(String(got.headers['webhook-signature']), /^v1,[A-Za-z0-9+/=]+$/);
    assert.equal(got.headers['content-type'], 'application/json');
    assert.equal(payload.type, 'tier1.mule_account_extracted');
    assert.match(payload.created_at, RFC3339_UTC);
    assert.deepEqual(Object.keys(payload.data), [...TIER1_ROW_FIELDS, 'validity']);
    assert.deepEqual(payload.data, {
      call_sid: 'CA-MULE-1',
      call_started_at: record.started_at.replace('.000Z', 'Z'),
      auditor_confidence: 0.9,
      mule_bank_name: 'TD Bank',
      mule_bank_routing_number: null,
      mule_bank_account_number: '000123',
      mule_account_holder_name: null,
      crypto_wallet_address: null,
      crypto_chain: null,
      gift_card_brand: null,
      physical_mule_drop_address: null,
      // No routing number and no wallet: nothing to judge (src/domain/indicators).
      validity: { mule_bank_routing_number: null, crypto_wallet_address: null },
    });

    const item = await eventually(async () => (await deliveries()).find((d) => d.event_id === payload.id));
    assert.deepEqual(
      { ...item, id: undefined, duration_ms: undefined, created_at: undefined },
      {
        id: undefined,
        subscription_id: sub.id,
        rule_id: null,
        event_id: payload.id,
        event_type: 'tier1.mule_account_extracted',
        url: sub.url,
        attempt: 1,
        status: 'succeeded',
        response_status: 200,
        response_body: 'ok',
        error: null,
        duration_ms: undefined,
        created_at: undefined,
      },
    );
    assert.equal(typeof item.duration_ms, 'number');
    assert.match(String(item.created_at), RFC3339_UTC);
  });

  test('an event happens once per call and type: re-ingesting sends nothing', async () => {
    const sub = await subscribe(org.read, 'call.hooked', '/hooked');
    const record = callRecord('CA-HOOK-1', { impersonated_brand: 'IRS' });
    await ingest(t.app, org.ingest, record);
    await rx.waitFor('/hooked', 1);
    // Same record, a changed one, one that is no longer hooked, and hooked again.
    await ingest(t.app, org.ingest, record);
    await ingest(t.app, org.ingest, { ...record, duration_sec: 300 });
    await ingest(t.app, org.ingest, { ...record, duration_sec: 5 });
    await ingest(t.app, org.ingest, [record, callRecord('CA-HOOK-2', { lure_category: 'TAX' })]);
    await rx.waitFor('/hooked', 2);
    await sleep(250);
    assert.equal(rx.at('/hooked').length, 2);
    assert.equal(await queued(sub.id), 2);
    const events = await t.app.deps.storage.db.all<{ call_sid: string; n: number }>(
      `SELECT call_sid, count(*) AS n FROM webhook_events WHERE org_id = $1 AND type = 'call.hooked' AND call_sid LIKE 'CA-HOOK-%'
       GROUP BY call_sid ORDER BY call_sid`,
      [org.orgId],
    );
    assert.deepEqual(events, [
      { call_sid: 'CA-HOOK-1', n: 1 },
      { call_sid: 'CA-HOOK-2', n: 1 },
    ]);
  });

  test('a receiver that fails once is retried with the same webhook-id', async () => {
    rx.on('/flaky', (n, res) => res.writeHead(n === 1 ? 500 : 204).end(n === 1 ? 'boom' : ''));
    const sub = await subscribe(org.read, 'tier1.gift_card_extracted', '/flaky');
    await ingest(t.app, org.ingest, callRecord('CA-GIFT-1', GIFT));
    const [first, second] = await rx.waitFor('/flaky', 2);
    assert.equal(first.headers['webhook-id'], second.headers['webhook-id']);
    assert.equal(first.body, second.body);
    assert.equal(verified(sub.secret, first).id, verified(sub.secret, second).id);
    assert.ok(second.at - first.at >= 70, `retried after ${second.at - first.at} ms (schedule 100 ms ± 20 %)`);

    const items = await eventually(async () => {
      const mine = (await deliveries()).filter((d) => d.subscription_id === sub.id);
      return mine.length === 2 ? mine : undefined;
    });
    assert.deepEqual(
      items.map((d) => [d.attempt, d.status, d.response_status, d.response_body, d.error]),
      [
        [2, 'succeeded', 204, '', null],
        [1, 'retrying', 500, 'boom', 'HTTP 500'],
      ],
    );
    assert.equal(items[0].event_id, items[1].event_id);
  });

  test('a redirect is a failure and is not followed; the last attempt is marked failed', async () => {
    rx.on('/redirect', (_n, res) => res.writeHead(302, { location: '/landing' }).end());
    const sub = await subscribe(org.read, 'tier1.crypto_wallet_extracted', '/redirect');
    await ingest(t.app, org.ingest, callRecord('CA-CRYPTO-1', CRYPTO));
    const items = await eventually(async () => {
      const mine = (await deliveries()).filter((d) => d.subscription_id === sub.id);
      return mine.length === 3 ? mine : undefined;
    });
    assert.deepEqual(
      items.map((d) => [d.attempt, d.status, d.response_status]),
      [
        [3, 'failed', 302],
        [2, 'retrying', 302],
        [1, 'retrying', 302],
      ],
    );
    assert.match(String(items[0].error), /redirect 302 not followed/);
    assert.equal(rx.at('/redirect').length, 3);
    assert.equal(rx.at('/landing').length, 0);

    // A manual redelivery sends the same event (same webhook-id) once more, at once.
    const res = await api(t.app, org.read, 'POST', `/api/webhooks/deliveries/${items[0].id}/retry`);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual([res.json().attempt, res.json().status, res.json().event_id], [4, 'failed', items[0].event_id]);
    const sent = rx.at('/redirect');
    assert.equal(sent.length, 4);
    assert.equal(new Set(sent.map((r) => r.headers['webhook-id'])).size, 1);
    assert.equal((await api(t.app, org.read, 'POST', '/api/webhooks/deliveries/dlv_nope/retry')).statusCode, 404);
  });

  test('a test ping is signed and answered with its attempt', async () => {
    const sub = await subscribe(org.read, 'call.hooked', '/ping');
    const res = await api(t.app, org.read, 'POST', `/api/webhooks/subscriptions/${sub.id}/test`);
    assert.equal(res.statusCode, 200, res.body);
    const attempt = res.json();
    assert.deepEqual([attempt.event_type, attempt.status, attempt.attempt, attempt.response_status], ['ping', 'succeeded', 1, 200]);
    const [got] = rx.at('/ping');
    const payload = verified(sub.secret, got);
    assert.equal(payload.type, 'ping');
    assert.equal(payload.id, attempt.event_id);
    assert.equal(payload.data.subscription_id, sub.id);
  });

  test('subscriptions made with a scoped key receive only events of calls inside the slice', async () => {
    const scoped = await scopedKey(t.app, org.orgId, { impersonated_brand: ['chase'] });
    const narrow = await subscribe(scoped, 'tier1.call_detected', '/scoped');
    const wide = await subscribe(org.read, 'tier1.call_detected', '/all');
    await ingest(t.app, org.ingest, [
      callRecord('CA-SLICE-1', { ...MULE, impersonated_brand: 'CHASE' }),
      callRecord('CA-SLICE-2', { ...GIFT }),
    ]);
    assert.equal(await queued(narrow.id), 1);
    assert.equal(await queued(wide.id), 2);
    const [only] = await rx.waitFor('/scoped', 1);
    assert.equal(verified(narrow.secret, only).data.call_sid, 'CA-SLICE-1');
    await rx.waitFor('/all', 2);

    // A scoped key sees only what it created; the org-wide key sees everything of the org.
    const scopedSubs = (await api(t.app, scoped, 'GET', '/api/webhooks/subscriptions')).json().items;
    assert.deepEqual(
      scopedSubs.map((s: { id: string }) => s.id),
      [narrow.id],
    );
    const allSubs = (await api(t.app, org.read, 'GET', '/api/webhooks/subscriptions')).json().items;
    assert.ok(allSubs.some((s: { id: string }) => s.id === narrow.id) && allSubs.some((s: { id: string }) => s.id === wide.id));
    for (const s of allSubs) assert.equal(s.secret, undefined);
    await eventually(async () => ((await deliveries(scoped)).length === 1 ? true : undefined));
    assert.equal((await deliveries(scoped))[0].subscription_id, narrow.id);
    assert.equal((await api(t.app, scoped, 'DELETE', `/api/webhooks/subscriptions/${wide.id}`)).statusCode, 404);
  });

  test('a subscription whose deliveries all failed for 5 days is disabled; a good test ping revives it', async () => {
    let healthy = false;
    rx.on('/down', (_n, res) => res.writeHead(healthy ? 200 : 500).end());
    const sub = await subscribe(org.read, 'call.hooked', '/down');
    await t.app.deps.storage.db.run('UPDATE webhook_subscriptions SET failing_since = $1 WHERE id = $2', [
      Date.now() - DISABLE_AFTER_MS - 60_000,
      sub.id,
    ]);
    await ingest(t.app, org.ingest, callRecord('CA-DOWN-1', { impersonated_brand: 'Microsoft' }));
    const [attempt] = await eventually(async () => {
      const mine = (await deliveries()).filter((d) => d.subscription_id === sub.id);
      return mine.length ? mine : undefined;
    });
    assert.equal(attempt.status, 'failed');
    const status = async () =>
      (await api(t.app, org.read, 'GET', '/api/webhooks/subscriptions')).json().items.find((s: { id: string }) => s.id === sub.id).status;
    assert.equal(await status(), 'disabled');
    await ingest(t.app, org.ingest, callRecord('CA-DOWN-2', { impersonated_brand: 'Microsoft' }));
    assert.equal(await queued(sub.id), 1);
    await sleep(300);
    assert.equal(rx.at('/down').length, 1);

    healthy = true;
    const ping = await api(t.app, org.read, 'POST', `/api/webhooks/subscriptions/${sub.id}/test`);
    assert.equal(ping.json().status, 'succeeded');
    assert.equal(await status(), 'active');
  });

  test('org isolation: foreign ids answer 404 and lists never show another org', async () => {
    const other = await newOrg(t.app, 'pro', 'Other Org');
    const sub = await subscribe(org.read, 'tier1.gift_card_extracted', '/isolation');
    const [attempt] = await deliveries();
    assert.equal((await api(t.app, other.read, 'DELETE', `/api/webhooks/subscriptions/${sub.id}`)).statusCode, 404);
    assert.equal((await api(t.app, other.read, 'POST', `/api/webhooks/subscriptions/${sub.id}/test`)).statusCode, 404);
    assert.equal((await api(t.app, other.read, 'POST', `/api/webhooks/deliveries/${attempt.id}/retry`)).statusCode, 404);
    assert.deepEqual((await api(t.app, other.read, 'GET', '/api/webhooks/subscriptions')).json(), { items: [] });
    assert.deepEqual(await deliveries(other.read), []);
    // The other org's calls never reach this org's subscribers.
    await ingest(t.app, other.ingest, callRecord('CA-OTHER-1', GIFT));
    await sleep(200);
    assert.equal(rx.at('/isolation').length, 0);

    assert.equal((await api(t.app, org.read, 'DELETE', `/api/webhooks/subscriptions/${sub.id}`)).statusCode, 204);
    assert.equal((await api(t.app, org.read, 'DELETE', `/api/webhooks/subscriptions/${sub.id}`)).statusCode, 404);
  });
});
