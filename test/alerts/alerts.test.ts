// Alerts (CONTRACT §10): catalog, rules, evaluation after ingest and on the timer, firing once
// until resolved, delivery through the signed webhook pipeline, scopes and org isolation.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { evaluateRules } from '../../src/delivery/alerts.js';
import { ingest, newOrg, scopedKey, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import {
  api,
  callRecord,
  DELIVERY_ENV,
  eventually,
  RFC3339_UTC,
  sleep,
  startReceiver,
  verified,
  type Receiver,
} from '../webhooks/receiver.js';

const TIER1 = { impersonated_brand: 'Chase', mule_bank_name: 'TD Bank' };

describe('alerts', () => {
  let t: TestApp;
  let rx: Receiver;
  let org: OrgKeys;

  const createRule = async (key: string, body: Record<string, unknown>) => {
    const res = await api(t.app, key, 'POST', '/api/alerts/rules', { channel: 'webhook', window_min: 60, ...body });
    assert.equal(res.statusCode, 201, res.body);
    return res.json();
  };
  const firings = async (key: string) => (await api(t.app, key, 'GET', '/api/alerts/firings')).json().items;
  const ruleState = async (key: string, id: string) =>
    (await api(t.app, key, 'GET', '/api/alerts/rules')).json().items.find((r: { id: string }) => r.id === id)?.state;

  before(async () => {
    rx = await startReceiver();
    t = await testApp(DELIVERY_ENV);
    org = await newOrg(t.app, 'pro', 'Alert Org');
  });
  after(async () => {
    await t.close();
    await rx.close();
  });

  test('the catalog', async () => {
    const res = await api(t.app, org.read, 'GET', '/api/alerts/catalog');
    assert.equal(res.statusCode, 200);
    const body = res.json();
    const names = body.metrics.map((m: { name: string }) => m.name);
    for (const m of [
      'calls',
      'hooked_calls',
      'hook_rate',
      'tier1_calls',
      'tier2_calls',
      'high_confidence_insights',
      'total_dollars_asked',
    ]) {
      assert.ok(names.includes(m), m);
    }
    for (const m of body.metrics) assert.equal(typeof m.description, 'string');
    assert.deepEqual(body.channels, ['webhook']);
    assert.deepEqual(body.operators, ['gte', 'lte']);
  });

  test('rules: create with a secret, list without, validate, delete', async () => {
    const rule = await createRule(org.read, { name: ' Mule surge ', metric: 'tier1_calls', threshold: 5, target: rx.url('/unused') });
    assert.deepEqual(Object.keys(rule).sort(), [
      'channel',
      'created_at',
      'enabled',
      'id',
      'metric',
      'name',
      'operator',
      'secret',
      'state',
      'target',
      'threshold',
      'window_min',
    ]);
    assert.deepEqual(
      [rule.name, rule.operator, rule.state, rule.window_min, rule.channel, rule.threshold, rule.enabled],
      ['Mule surge', 'gte', 'ok', 60, 'webhook', 5, true],
    );
    assert.match(rule.secret, /^whsec_/);
    assert.match(rule.created_at, RFC3339_UTC);
    const listed = (await api(t.app, org.read, 'GET', '/api/alerts/rules')).json().items;
    const { secret: _s, ...withoutSecret } = rule;
    assert.deepEqual(listed, [withoutSecret]);

    const bad: Record<string, unknown>[] = [
      { metric: 'nope' },
      { window_min: 0 },
      { window_min: 10_081 },
      { channel: 'email' },
      { operator: 'gt' },
      { threshold: 'many' },
      { target: 'ftp://x' },
      { extra: true },
    ];
    for (const change of bad) {
      const res = await api(t.app, org.read, 'POST', '/api/alerts/rules', {
        name: 'x',
        metric: 'calls',
        threshold: 1,
        window_min: 60,
        channel: 'webhook',
        target: rx.url('/unused'),
        ...change,
      });
      assert.equal(res.statusCode, 400, JSON.stringify(change));
      assert.equal(res.json().code, 'validation_failed');
    }

    assert.equal((await api(t.app, org.read, 'DELETE', `/api/alerts/rules/${rule.id}`)).statusCode, 204);
    assert.equal((await api(t.app, org.read, 'DELETE', `/api/alerts/rules/${rule.id}`)).statusCode, 404);
  });

  test('two tier-1 calls against a threshold of 2 fire once, delivered signed with the rule secret', async () => {
    const o = await newOrg(t.app, 'pro', 'Fire Org');
    const rule = await createRule(o.read, { name: 'Two mules', metric: 'tier1_calls', threshold: 2, target: rx.url('/alert') });
    await ingest(t.app, o.ingest, callRecord('CA-A1', TIER1));
    assert.deepEqual(await firings(o.read), []);
    await ingest(t.app, o.ingest, callRecord('CA-A2', TIER1));
    const [firing] = await firings(o.read);
    assert.equal(await ruleState(o.read, rule.id), 'firing');
    assert.deepEqual(
      [firing.rule_id, firing.rule_name, firing.metric, firing.operator, firing.threshold, firing.value, firing.resolved_at],
      [rule.id, 'Two mules', 'tier1_calls', 'gte', 2, 2, null],
    );
    assert.equal(Date.parse(firing.window_end) - Date.parse(firing.window_start), 60 * 60_000);
    assert.match(firing.fired_at, RFC3339_UTC);

    // Still true on the next ingest: no second firing.
    await ingest(t.app, o.ingest, callRecord('CA-A3', TIER1));
    assert.equal((await firings(o.read)).length, 1);

    const [got] = await rx.waitFor('/alert', 1);
    const payload = verified(rule.secret, got);
    assert.equal(payload.type, 'alert.fired');
    assert.equal(payload.id, firing.id);
    assert.deepEqual(payload.data, {
      rule_id: rule.id,
      rule_name: 'Two mules',
      metric: 'tier1_calls',
      operator: 'gte',
      threshold: 2,
      value: 2,
      window_start: firing.window_start,
      window_end: firing.window_end,
    });
    const attempt = await eventually(async () =>
      (await api(t.app, o.read, 'GET', '/api/webhooks/deliveries')).json().items.find((d: { rule_id: string }) => d.rule_id === rule.id),
    );
    assert.deepEqual(
      [attempt.subscription_id, attempt.event_id, attempt.event_type, attempt.status, attempt.url],
      [null, firing.id, 'alert.fired', 'succeeded', rule.target],
    );
    await sleep(100);
    assert.equal(rx.at('/alert').length, 1);
  });

  test('a firing resolves when the comparison turns false, and the rule can fire again', async () => {
    const o = await newOrg(t.app, 'pro', 'Resolve Org');
    const rule = await createRule(o.read, { name: 'Any hooked', metric: 'hooked_calls', threshold: 1, target: rx.url('/resolve') });
    await ingest(t.app, o.ingest, callRecord('CA-R1', { impersonated_brand: 'IRS' }));
    assert.equal((await firings(o.read)).length, 1);

    // Three hours on, the window holds nothing: the rule resolves on the next evaluation.
    t.setNow(new Date(Date.now() + 3 * 3_600_000));
    await ingest(t.app, o.ingest, callRecord('CA-R2', null, { duration_sec: 3 }));
    t.setNow(new Date());
    const [resolved] = await firings(o.read);
    assert.match(resolved.resolved_at, RFC3339_UTC);
    assert.equal(await ruleState(o.read, rule.id), 'ok');

    await ingest(t.app, o.ingest, callRecord('CA-R3', { impersonated_brand: 'IRS' }));
    const list = await firings(o.read);
    assert.equal(list.length, 2);
    assert.equal(list[0].resolved_at, null);
    assert.equal(list[1].id, resolved.id);
    await rx.waitFor('/resolve', 2);
  });

  test('a rule evaluates in the scope of the key that created it', async () => {
    const o = await newOrg(t.app, 'pro', 'Scope Org');
    const scoped = await scopedKey(t.app, o.orgId, { impersonated_brand: ['Chase'] });
    const rule = await createRule(scoped, { name: 'Chase mules', metric: 'tier1_calls', threshold: 1, target: rx.url('/scoped-alert') });
    await ingest(t.app, o.ingest, callRecord('CA-S1', { ...TIER1, impersonated_brand: 'Wells Fargo' }));
    assert.deepEqual(await firings(scoped), []);
    await ingest(t.app, o.ingest, callRecord('CA-S2', TIER1));
    const [firing] = await firings(scoped);
    assert.equal(firing.rule_id, rule.id);
    assert.equal(firing.value, 1);
    // The org-wide key sees the rule and its firing; a key with another scope sees neither.
    assert.equal((await firings(o.read)).length, 1);
    const other = await scopedKey(t.app, o.orgId, { impersonated_brand: ['Amazon'] });
    assert.deepEqual(await firings(other), []);
    assert.deepEqual((await api(t.app, other, 'GET', '/api/alerts/rules')).json(), { items: [] });
    assert.equal((await api(t.app, other, 'DELETE', `/api/alerts/rules/${rule.id}`)).statusCode, 404);
  });

  test('evaluations racing on one rule fire it once', async () => {
    const o = await newOrg(t.app, 'pro', 'Race Org');
    await ingest(t.app, o.ingest, callRecord('CA-X1', TIER1));
    await createRule(o.read, { name: 'Race', metric: 'calls', threshold: 1, target: rx.url('/race') });
    const db = t.app.deps.storage.db;
    const now = new Date();
    const fired = await Promise.all([evaluateRules(db, now, o.orgId), evaluateRules(db, now, o.orgId), evaluateRules(db, now)]);
    assert.equal(
      fired.reduce((a, b) => a + b, 0),
      1,
    );
    assert.equal((await firings(o.read)).length, 1);
  });

  test('org isolation', async () => {
    const other = await newOrg(t.app, 'pro', 'Isolated Org');
    const rule = await createRule(org.read, { name: 'Mine', metric: 'calls', threshold: 1000, target: rx.url('/mine') });
    assert.equal((await api(t.app, other.read, 'DELETE', `/api/alerts/rules/${rule.id}`)).statusCode, 404);
    assert.deepEqual((await api(t.app, other.read, 'GET', '/api/alerts/rules')).json(), { items: [] });
    assert.deepEqual(await firings(other.read), []);
    const free = await newOrg(t.app, 'free');
    assert.equal((await api(t.app, free.read, 'GET', '/api/alerts/catalog')).json().code, 'tier_required');
    for (const limit of ['0', '501']) {
      assert.equal((await api(t.app, org.read, 'GET', `/api/alerts/firings?limit=${limit}`)).statusCode, 400);
    }
  });
});

describe('alert timer', () => {
  test('rules are evaluated every HONEYPOT_ALERT_EVAL_SEC without any ingest', async () => {
    const rx = await startReceiver();
    const t = await testApp({ ...DELIVERY_ENV, HONEYPOT_ALERT_EVAL_SEC: '1' });
    try {
      const o = await newOrg(t.app, 'pro');
      const res = await api(t.app, o.read, 'POST', '/api/alerts/rules', {
        name: 'Silence',
        metric: 'calls',
        operator: 'lte',
        threshold: 0,
        window_min: 15,
        channel: 'webhook',
        target: rx.url('/quiet'),
      });
      const rule = res.json();
      const [got] = await rx.waitFor('/quiet', 1, 3000);
      const payload = verified(rule.secret, got);
      assert.deepEqual([payload.data.operator, payload.data.value, payload.data.threshold], ['lte', 0, 0]);
    } finally {
      await t.close();
      await rx.close();
    }
  });

  test('targets must be https and public without the development switches', async () => {
    const t = await testApp();
    try {
      const o = await newOrg(t.app, 'pro');
      const base = { name: 'x', metric: 'calls', threshold: 1, window_min: 5, channel: 'webhook' };
      const res = await api(t.app, o.read, 'POST', '/api/alerts/rules', { ...base, target: 'http://hooks.example.com/' });
      assert.equal(res.statusCode, 400);
      assert.deepEqual(res.json().errors, [{ path: 'body.target', message: 'must be an https URL' }]);
      const inside = await api(t.app, o.read, 'POST', '/api/alerts/rules', { ...base, target: 'https://192.168.0.1/' });
      assert.deepEqual(inside.json().errors, [{ path: 'body.target', message: 'must not point to a non-public address (private)' }]);
      const ok = await api(t.app, o.read, 'POST', '/api/alerts/rules', { ...base, target: 'https://hooks.example.com/' });
      assert.equal(ok.statusCode, 201);
    } finally {
      await t.close();
    }
  });
});
