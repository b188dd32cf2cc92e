// Campaign push (issue 28 item 3): campaign.detected when an ingest makes a campaign reach 3
// calls, campaign.grew at most once per campaign per hour, both in the event catalog and signed
// like every delivery (checked with the standardwebhooks library, against a real receiver);
// a scoped subscription hears only of campaigns computed from its slice; the alert metric
// new_campaigns counts detections.
//
// Org 1 (the app's clock frozen at T0 = 2026-11-10T12:00Z, then moved):
//   E1, E2 (Nov 9)  Amazon, wallet W1         → a campaign of 2: nothing
//   E3 (Nov 10)     Amazon, wallet W1         → 3 calls: one campaign.detected, id from E1's wallet
//   E4 at T0+30m    Amazon, wallet W1         → 4 calls within the hour: no campaign.grew
//   E5 at T0+61m    Amazon, wallet W1         → 5 calls, the hour passed: one campaign.grew, new_calls 2
// Org 2 (a key scoped to PayPal subscribes too):
//   A1–A3 Amazon, wallet W2                   → org-wide detected; the PayPal subscription gets nothing
//   P1–P3 PayPal, one account, P3 also W2     → org-wide they join A's campaign (no new detection);
//                                                in the slice they are a campaign of their own:
//                                                detected once, id from P1's account, brands [PayPal]

import { createHash } from 'node:crypto';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ingest, newOrg, scopedKey, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { recordDetection } from '../../src/storage/campaigns/announcements.js';
import { api, DELIVERY_ENV, RFC3339_UTC, sleep, startReceiver, verified, type Receiver } from '../webhooks/receiver.js';

const T0 = Date.parse('2026-11-10T12:00:00Z');
const MIN = 60_000;
const W1 = 'bc1qqyqszqgpqyqszqgpqyqszqgpqyqszqgpyfl4f3';
const W2 = 'bc1qqgpqyqszqgpqyqszqgpqyqszqgpqyqszq5cqk0x';
const ACCOUNT = { mule_bank_routing_number: '021000021', mule_bank_account_number: '111222333' };

const cmpId = (orgId: string, kind: string, value: string) =>
  `cmp_${createHash('sha256').update(`${orgId}\n${kind}\n${value}`).digest('hex').slice(0, 16)}`;

const call = (sid: string, started: string, brand: string, extraction: Record<string, unknown>) => ({
  call_sid: sid,
  started_at: started,
  duration_sec: 120,
  extraction: { impersonated_brand: brand, ...extraction },
});

let t: TestApp;
let rx: Receiver;
let org: OrgKeys;
let org2: OrgKeys;
const secrets = new Map<string, string>();
const subIds = new Map<string, string>();

const subscribe = async (key: string, eventType: string, path: string) => {
  const res = await api(t.app, key, 'POST', '/api/webhooks/subscriptions', { event_type: eventType, url: rx.url(path) });
  assert.equal(res.statusCode, 201, res.body);
  secrets.set(path, res.json().secret);
  subIds.set(path, res.json().id);
};
/** Deliveries queued for the subscription at `path` (queued in the ingest request, before its answer). */
const queued = async (path: string) =>
  Number(
    (
      await t.app.deps.storage.db.all<{ n: number }>('SELECT count(*) AS n FROM webhook_deliveries WHERE subscription_id = $1', [
        subIds.get(path)!,
      ])
    )[0].n,
  );
const ingestOk = async (key: string, records: unknown[]) => assert.equal((await ingest(t.app, key, records)).statusCode, 200);

before(async () => {
  rx = await startReceiver();
  t = await testApp(DELIVERY_ENV);
  t.setNow(new Date(T0));
  org = await newOrg(t.app, 'pro', 'Campaign push');
  org2 = await newOrg(t.app, 'pro', 'Campaign push, sliced');
});
after(async () => {
  await t.close();
  await rx.close();
});

describe('campaign events', () => {
  it('are in the event catalog, and new_campaigns in the alert catalog', async () => {
    const events = (await api(t.app, org.read, 'GET', '/api/webhooks/events')).json().items;
    const types = events.map((e: { type: string }) => e.type);
    assert.ok(types.includes('campaign.detected') && types.includes('campaign.grew'), String(types));
    const metrics = (await api(t.app, org.read, 'GET', '/api/alerts/catalog')).json().metrics;
    assert.ok(metrics.some((m: { name: string }) => m.name === 'new_campaigns'));
  });

  it('a third linked call sends exactly one campaign.detected; a fourth within the hour no grew; after the hour one grew', async () => {
    await subscribe(org.read, 'campaign.detected', '/detected');
    await subscribe(org.read, 'campaign.grew', '/grew');
    const rule = await api(t.app, org.read, 'POST', '/api/alerts/rules', {
      name: 'new campaign',
      metric: 'new_campaigns',
      threshold: 1,
      window_min: 60,
      channel: 'webhook',
      target: rx.url('/alert'),
    });
    assert.equal(rule.statusCode, 201, rule.body);
    const W = { crypto_wallet_address: W1, crypto_chain: 'bitcoin' };
    const X = cmpId(org.orgId, 'wallet', W1);

    await ingestOk(org.ingest, [call('E1', '2026-11-09T10:00:00Z', 'Amazon', W), call('E2', '2026-11-09T11:00:00Z', 'Amazon', W)]);
    assert.equal(await queued('/detected'), 0, 'two calls are no campaign to announce');

    await ingestOk(org.ingest, [call('E3', '2026-11-10T09:00:00Z', 'Amazon', W)]);
    const [got] = await rx.waitFor('/detected', 1);
    const detected = verified(secrets.get('/detected')!, got);
    assert.equal(got.headers['webhook-id'], detected.id);
    assert.equal(detected.type, 'campaign.detected');
    assert.equal(detected.created_at, '2026-11-10T12:00:00Z');
    assert.equal(detected.data.id, X);
    assert.equal(detected.data.calls, 3);
    assert.equal(detected.data.first_seen, '2026-11-09T10:00:00Z');
    assert.equal(detected.data.last_seen, '2026-11-10T09:00:00Z');
    assert.deepEqual(detected.data.brands, ['Amazon']);
    assert.deepEqual(detected.data.identifiers && (detected.data.identifiers as Record<string, unknown>).wallet, [{ value: W1, calls: 3 }]);
    assert.equal(detected.data.window_start, '2026-10-11T12:00:00Z');
    assert.equal(detected.data.window_end, '2026-11-10T12:00:00Z');
    assert.match(String(detected.data.window_end), RFC3339_UTC);

    // Re-ingesting the same call changes nothing: no second detection.
    await ingestOk(org.ingest, [call('E3', '2026-11-10T09:00:00Z', 'Amazon', W)]);
    assert.equal(await queued('/detected'), 1);

    t.setNow(new Date(T0 + 30 * MIN));
    await ingestOk(org.ingest, [call('E4', '2026-11-10T12:10:00Z', 'Amazon', W)]);
    assert.equal(await queued('/grew'), 0, 'within the hour of the detection');
    // The rule saw the detection at T0 in [T0 − 30 min, T0 + 30 min): it fired with value 1.
    const firings = (await api(t.app, org.read, 'GET', '/api/alerts/firings')).json().items;
    assert.deepEqual(
      firings.map((f: { metric: string; value: number }) => [f.metric, f.value]),
      [['new_campaigns', 1]],
    );

    t.setNow(new Date(T0 + 61 * MIN));
    await ingestOk(org.ingest, [call('E5', '2026-11-10T12:50:00Z', 'Amazon', W)]);
    const [g] = await rx.waitFor('/grew', 1);
    const grew = verified(secrets.get('/grew')!, g);
    assert.equal(grew.type, 'campaign.grew');
    assert.equal(grew.data.id, X);
    assert.equal(grew.data.calls, 5);
    assert.equal(grew.data.new_calls, 2);
    assert.equal(grew.created_at, '2026-11-10T13:01:00Z');
    assert.equal(await queued('/grew'), 1);
    assert.equal(await queued('/detected'), 1, 'detected was sent once in all');
    await sleep(100);
    assert.equal(rx.at('/detected').length, 1);
  });

  it("a scoped subscription hears only of campaigns computed from its slice, under the slice's own id", async () => {
    const paypal = await scopedKey(t.app, org2.orgId, { impersonated_brand: ['paypal'] });
    await subscribe(org2.read, 'campaign.detected', '/o2-detected');
    await subscribe(paypal, 'campaign.detected', '/paypal-detected');
    t.setNow(new Date(T0));
    const W = { crypto_wallet_address: W2, crypto_chain: 'bitcoin' };
    await ingestOk(
      org2.ingest,
      ['A1', 'A2', 'A3'].map((sid, i) => call(sid, `2026-11-08T0${i}:00:00Z`, 'Amazon', W)),
    );
    const [o] = await rx.waitFor('/o2-detected', 1);
    assert.equal(verified(secrets.get('/o2-detected')!, o).data.id, cmpId(org2.orgId, 'wallet', W2));
    assert.equal(await queued('/paypal-detected'), 0, 'a campaign outside the slice');

    await ingestOk(org2.ingest, [
      call('P1', '2026-11-09T01:00:00Z', 'PayPal', ACCOUNT),
      call('P2', '2026-11-09T02:00:00Z', 'PayPal', ACCOUNT),
      call('P3', '2026-11-09T03:00:00Z', 'PayPal', { ...ACCOUNT, ...W }),
    ]);
    const [p] = await rx.waitFor('/paypal-detected', 1);
    const sliced = verified(secrets.get('/paypal-detected')!, p);
    assert.equal(sliced.data.id, cmpId(org2.orgId, 'mule_account', '021000021/111222333'));
    assert.equal(sliced.data.calls, 3);
    assert.deepEqual(sliced.data.brands, ['PayPal']);
    assert.equal(await queued('/o2-detected'), 1, 'org-wide, P1–P3 joined the campaign already announced');
    assert.equal(await queued('/paypal-detected'), 1);
  });

  it('two ingests racing over the same detection record it once (the insert decides)', async () => {
    const a = {
      orgId: org2.orgId,
      slice: '{"persona":["race"]}',
      campaignId: 'cmp_0123456789abcdef',
      calls: 3,
      at: T0,
      eventType: 'campaign.detected',
      eventId: 'evt_race',
      payload: '{}',
    };
    const won = await Promise.all([recordDetection(t.app.deps.storage.db, a), recordDetection(t.app.deps.storage.db, a)]);
    assert.deepEqual(won.sort(), [false, true]);
  });
});
