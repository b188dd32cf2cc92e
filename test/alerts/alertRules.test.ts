// Alerts additions: metric units in the catalog, enabled on rules, PATCH (bounds,
// isolation, pausing resolves a firing and stops evaluation, resuming evaluates at once) and
// the preview, whose values are checked against figures computed here from the fixture and
// against what the evaluation fires with for the same key.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ALERT_METRICS, evaluateRules } from '../../src/delivery/alerts.js';
import { ingest, newOrg, scopedKey, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { assertProblem } from '../helpers/problem.js';
import { DELIVERY_ENV, startReceiver, type Receiver } from '../webhooks/receiver.js';

const NOW = Date.parse('2026-11-20T14:00:00Z');
const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

interface Ext {
  impersonated_brand?: string;
  mule_bank_name?: string;
  crypto_chain?: string;
  gift_card_brand?: string;
  payment_method?: string;
  auditor_confidence?: number;
  dollar_asks?: number[];
  dollars_dangled?: number;
}
interface Fix {
  sid: string;
  ago: number; // minutes before NOW
  dur: number;
  clean: boolean;
  ext: Ext | null;
}
const FIXTURE: Fix[] = [
  {
    sid: 'c1',
    ago: 10,
    dur: 120,
    clean: true,
    ext: { impersonated_brand: 'Chase', mule_bank_name: 'TD', auditor_confidence: 0.9, dollar_asks: [500, 250.5] },
  },
  { sid: 'c2', ago: 30, dur: 5, clean: false, ext: { impersonated_brand: 'Chase', auditor_confidence: 0.2, dollar_asks: [100] } },
  { sid: 'c3', ago: 50, dur: 60, clean: true, ext: null },
  {
    sid: 'c4',
    ago: 90,
    dur: 300,
    clean: false,
    ext: { impersonated_brand: 'Amazon', payment_method: 'gift_card', auditor_confidence: 0.7, dollar_asks: [2500], dollars_dangled: 399 },
  },
  { sid: 'c5', ago: 200, dur: 30, clean: true, ext: { impersonated_brand: 'CHASE', crypto_chain: 'BTC', dollar_asks: [1000] } },
  { sid: 'c6', ago: 2000, dur: 100, clean: true, ext: { impersonated_brand: 'Chase', gift_card_brand: 'Apple' } },
  { sid: 'c7', ago: 0, dur: 100, clean: true, ext: { impersonated_brand: 'Chase', gift_card_brand: 'Apple' } }, // at now: outside
];

/** The metrics of CONTRACT §6 over the fixture calls inside [NOW - windowMin, NOW), worked out here. */
function expected(windowMin: number, keep: (f: Fix) => boolean = () => true): Record<string, number> {
  const inside = FIXTURE.filter((f) => f.ago > 0 && f.ago <= windowMin && keep(f));
  const tier1 = (f: Fix) => !!(f.ext?.mule_bank_name || f.ext?.crypto_chain || f.ext?.gift_card_brand);
  const tier2 = (f: Fix) => !tier1(f) && !!f.ext?.payment_method;
  const tier3 = (f: Fix) => !tier1(f) && !tier2(f) && !!f.ext?.impersonated_brand;
  const hooked = inside.filter(
    (f) =>
      f.dur >= 15 &&
      f.ext !== null &&
      Object.keys(f.ext).some((k) => !['auditor_confidence', 'dollar_asks', 'dollars_dangled'].includes(k)),
  );
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    calls: inside.length,
    cleanly_closed: inside.filter((f) => f.clean).length,
    hooked_calls: hooked.length,
    hook_rate: inside.length ? hooked.length / inside.length : 0,
    insights_produced: inside.filter((f) => f.ext !== null).length,
    high_confidence_insights: inside.filter((f) => (f.ext?.auditor_confidence ?? 0) >= 0.7).length,
    tier1_calls: inside.filter(tier1).length,
    tier2_calls: inside.filter(tier2).length,
    tier3_calls: inside.filter(tier3).length,
    total_dollars_asked: sum(inside.flatMap((f) => f.ext?.dollar_asks ?? [])),
    total_dollars_dangled: sum(inside.map((f) => f.ext?.dollars_dangled ?? 0)),
    // Detections are recorded while a rule or subscription listens for campaigns: none here
    // (test/campaigns/campaignEvents.test.ts counts them).
    new_campaigns: 0,
  };
}

describe('alert rules: units, enabled, edit, pause, preview', () => {
  let t: TestApp;
  let rx: Receiver;
  let org: OrgKeys;

  const call = (key: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${key}` } });
  const createRule = async (key: string, body: Record<string, unknown>) => {
    const res = await call(key, 'POST', '/api/alerts/rules', { channel: 'webhook', window_min: 60, target: rx.url('/alerts'), ...body });
    assert.equal(res.statusCode, 201, res.body);
    return res.json();
  };
  const listed = async (key: string, id: string) =>
    (await call(key, 'GET', '/api/alerts/rules')).json().items.find((r: { id: string }) => r.id === id);
  const firingsOf = async (key: string, id: string) =>
    (await call(key, 'GET', '/api/alerts/firings')).json().items.filter((f: { rule_id: string }) => f.rule_id === id);

  before(async () => {
    rx = await startReceiver();
    t = await testApp(DELIVERY_ENV);
    t.setNow(new Date(NOW));
    org = await newOrg(t.app, 'pro', 'Alerts 13');
    const res = await ingest(
      t.app,
      org.ingest,
      FIXTURE.map((f) => ({
        call_sid: f.sid,
        started_at: iso(NOW - f.ago * MIN),
        duration_sec: f.dur,
        cleanly_closed: f.clean,
        extraction: f.ext,
      })),
    );
    assert.equal(res.json().accepted, FIXTURE.length, res.body);
  });
  after(async () => {
    await t.close();
    await rx.close();
  });

  test('the catalog gives every metric its unit', async () => {
    const body = (await call(org.read, 'GET', '/api/alerts/catalog')).json();
    const units = Object.fromEntries(body.metrics.map((m: { name: string; unit: string }) => [m.name, m.unit]));
    assert.deepEqual(units, {
      calls: 'count',
      cleanly_closed: 'count',
      hooked_calls: 'count',
      hook_rate: 'fraction',
      insights_produced: 'count',
      high_confidence_insights: 'count',
      tier1_calls: 'count',
      tier2_calls: 'count',
      tier3_calls: 'count',
      total_dollars_asked: 'usd',
      total_dollars_dangled: 'usd',
      new_campaigns: 'count',
    });
    for (const m of body.metrics) assert.deepEqual(Object.keys(m).sort(), ['description', 'name', 'unit']);
  });

  test('enabled: true by default, false when given, listed, validated', async () => {
    const on = await createRule(org.read, { name: 'on', metric: 'calls', threshold: 1000 });
    assert.equal(on.enabled, true);
    const off = await createRule(org.read, { name: 'off', metric: 'calls', threshold: 1000, enabled: false });
    assert.equal(off.enabled, false);
    assert.equal((await listed(org.read, off.id)).enabled, false);
    assert.equal((await listed(org.read, on.id)).enabled, true);
    for (const enabled of ['no', 0, null]) {
      const res = await call(org.read, 'POST', '/api/alerts/rules', {
        name: 'x',
        metric: 'calls',
        threshold: 1,
        window_min: 5,
        channel: 'webhook',
        target: rx.url('/x'),
        enabled,
      });
      assertProblem(res, 400, 'validation_failed');
    }
  });

  test('PATCH changes the given fields with the bounds of creation and answers the rule without its secret', async () => {
    const rule = await createRule(org.read, { name: 'edit me', metric: 'tier2_calls', threshold: 50 });
    const res = await call(org.read, 'PATCH', `/api/alerts/rules/${rule.id}`, {
      name: '  Renamed ',
      threshold: 40.5,
      window_min: 1440,
      operator: 'lte',
    });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.secret, undefined);
    const { secret: _secret, ...created } = rule;
    // tier2_calls over a day is 1 ≤ 40.5: the rule was evaluated at once with its new settings.
    assert.deepEqual(body, { ...created, name: 'Renamed', threshold: 40.5, window_min: 1440, operator: 'lte', state: 'firing' });
    assert.deepEqual(await listed(org.read, rule.id), body);
    const target = rx.url('/moved');
    assert.equal((await call(org.read, 'PATCH', `/api/alerts/rules/${rule.id}`, { target })).json().target, target);

    const bad: unknown[] = [
      {},
      { window_min: 0 },
      { window_min: 10_081 },
      { window_min: 1.5 },
      { threshold: 'many' },
      { threshold: 1e16 },
      { operator: 'gt' },
      { name: '   ' },
      { name: '' },
      { target: 'ftp://hooks.example.com/' },
      { target: 'not a url' },
      { metric: 'calls' },
      { channel: 'webhook' },
      { state: 'ok' },
      { enabled: 'yes' },
      { extra: true },
      [],
    ];
    for (const payload of bad) {
      assertProblem(await call(org.read, 'PATCH', `/api/alerts/rules/${rule.id}`, payload), 400, 'validation_failed');
    }
    const targetProblem = assertProblem(
      await call(org.read, 'PATCH', `/api/alerts/rules/${rule.id}`, { target: 'ftp://x.example/' }),
      400,
      'validation_failed',
    );
    assert.equal(targetProblem.errors[0].path, 'body.target');
    const noBody = await t.app.inject({
      method: 'PATCH',
      url: `/api/alerts/rules/${rule.id}`,
      headers: { authorization: `Bearer ${org.read}` },
    });
    assert.equal(noBody.statusCode, 400, noBody.body);
    // Nothing of the refused edits was kept.
    assert.deepEqual(await listed(org.read, rule.id), { ...body, target });
  });

  test('PATCH of an unknown id, another org’s rule or a rule of another scope is 404', async () => {
    const other = await newOrg(t.app, 'pro', 'Other');
    const mine = await createRule(org.read, { name: 'mine', metric: 'calls', threshold: 1000 });
    for (const [key, id] of [
      [org.read, 'alr_nope'],
      [other.read, mine.id],
      [await scopedKey(t.app, org.orgId, { impersonated_brand: ['Chase'] }), mine.id],
    ]) {
      assertProblem(await call(key, 'PATCH', `/api/alerts/rules/${id}`, { threshold: 1 }), 404, 'not_found');
    }
    assert.equal((await listed(org.read, mine.id)).threshold, 1000);
    assertProblem(await call(org.read, 'PATCH', `/api/alerts/rules/${'x'.repeat(101)}`, { threshold: 1 }), 400, 'validation_failed');
    const free = await newOrg(t.app, 'free', 'Free');
    assertProblem(await call(free.read, 'PATCH', `/api/alerts/rules/${mine.id}`, { threshold: 1 }), 403, 'tier_required');
    assertProblem(await call(org.ingest, 'PATCH', `/api/alerts/rules/${mine.id}`, { threshold: 1 }), 403, 'forbidden');
    // The org-wide key may edit a rule a scoped key created.
    const scoped = await scopedKey(t.app, org.orgId, { impersonated_brand: ['Amazon'] });
    const theirs = await createRule(scoped, { name: 'theirs', metric: 'calls', threshold: 1000 });
    assert.equal((await call(org.read, 'PATCH', `/api/alerts/rules/${theirs.id}`, { threshold: 999 })).json().threshold, 999);
  });

  test('pausing a firing rule resolves its firing; a paused rule does not fire; resuming evaluates it at once', async () => {
    // An org of its own: the calls ingested here must not change the preview fixture.
    const o = await newOrg(t.app, 'pro', 'Pause Org');
    const recent = (sid: string, ago: number) => ({ call_sid: sid, started_at: iso(NOW - ago * MIN), duration_sec: 40 });
    assert.equal((await ingest(t.app, o.ingest, [recent('p1', 10), recent('p2', 20), recent('p3', 30)])).statusCode, 200);
    const rule = await createRule(o.read, { name: 'calls in the hour', metric: 'calls', threshold: 3 });
    assert.equal(await evaluateRules(t.db, new Date(NOW), o.orgId), 1);
    const [open] = await firingsOf(o.read, rule.id);
    assert.deepEqual([open.value, open.resolved_at, (await listed(o.read, rule.id)).state], [3, null, 'firing']);

    t.setNow(new Date(NOW + MIN));
    try {
      const paused = (await call(o.read, 'PATCH', `/api/alerts/rules/${rule.id}`, { enabled: false })).json();
      assert.deepEqual([paused.enabled, paused.state], [false, 'ok']);
      const [resolved] = await firingsOf(o.read, rule.id);
      assert.equal(resolved.id, open.id);
      assert.equal(resolved.resolved_at, iso(NOW + MIN));

      // Still above the threshold, but paused: no evaluation fires it, after ingest or on the timer.
      assert.equal((await ingest(t.app, o.ingest, [recent('p4', 5)])).statusCode, 200);
      assert.equal(await evaluateRules(t.db, new Date(NOW + MIN)), 0);
      assert.equal((await firingsOf(o.read, rule.id)).length, 1);
      assert.equal((await listed(o.read, rule.id)).state, 'ok');

      const resumed = (await call(o.read, 'PATCH', `/api/alerts/rules/${rule.id}`, { enabled: true })).json();
      assert.deepEqual([resumed.enabled, resumed.state], [true, 'firing']);
      const firings = await firingsOf(o.read, rule.id);
      assert.equal(firings.length, 2);
      assert.deepEqual([firings[0].value, firings[0].resolved_at, firings[0].window_end], [4, null, iso(NOW + MIN)]);

      // A new threshold the value no longer meets resolves the firing at once.
      const raised = (await call(o.read, 'PATCH', `/api/alerts/rules/${rule.id}`, { threshold: 5 })).json();
      assert.equal(raised.state, 'ok');
      assert.equal((await firingsOf(o.read, rule.id))[0].resolved_at, iso(NOW + MIN));
    } finally {
      t.setNow(new Date(NOW));
    }
  });

  test('a rule created paused never fires until resumed', async () => {
    const rule = await createRule(org.read, { name: 'quiet', metric: 'calls', operator: 'gte', threshold: 0, enabled: false });
    assert.equal(await evaluateRules(t.db, new Date(NOW), org.orgId), 0);
    assert.deepEqual(await firingsOf(org.read, rule.id), []);
    const resumed = (await call(org.read, 'PATCH', `/api/alerts/rules/${rule.id}`, { enabled: true })).json();
    assert.equal(resumed.state, 'firing');
    assert.equal((await firingsOf(org.read, rule.id)).length, 1);
    await call(org.read, 'DELETE', `/api/alerts/rules/${rule.id}`);
  });

  test('preview: every metric over [now - window_min, now), as computed from the fixture', async () => {
    for (const windowMin of [1, 60, 180, 1440, 10_080]) {
      const want = expected(windowMin);
      for (const m of ALERT_METRICS) {
        const res = await call(org.read, 'GET', `/api/alerts/preview?metric=${m.name}&window_min=${windowMin}`);
        assert.equal(res.statusCode, 200, res.body);
        assert.deepEqual(
          res.json(),
          {
            metric: m.name,
            unit: m.unit,
            value: want[m.name],
            window_start: iso(NOW - windowMin * MIN),
            window_end: iso(NOW),
          },
          `${m.name} over ${windowMin} min`,
        );
      }
    }
    assert.equal(expected(1440).hook_rate, 3 / 5); // the fixture is not trivial
  });

  test('preview of a scoped key is its slice’s value, and the value its rule fires with', async () => {
    const key = await scopedKey(t.app, org.orgId, { impersonated_brand: ['chase'] });
    const chase = (f: Fix) => f.ext?.impersonated_brand?.toLowerCase() === 'chase';
    for (const name of ['calls', 'hook_rate', 'high_confidence_insights', 'total_dollars_asked']) {
      const preview = (await call(key, 'GET', `/api/alerts/preview?metric=${name}&window_min=300`)).json();
      assert.equal(preview.value, expected(300, chase)[name], name);
      assert.notEqual(preview.value, expected(300)[name], `${name}: the slice differs from the org`);
    }
    const preview = (await call(key, 'GET', '/api/alerts/preview?metric=total_dollars_asked&window_min=300')).json();
    const rule = await createRule(key, { name: 'scoped asks', metric: 'total_dollars_asked', threshold: preview.value, window_min: 300 });
    assert.equal(await evaluateRules(t.db, new Date(NOW), org.orgId), 1);
    const [firing] = await firingsOf(key, rule.id);
    assert.deepEqual([firing.value, firing.window_start, firing.window_end], [preview.value, preview.window_start, preview.window_end]);
    await call(key, 'DELETE', `/api/alerts/rules/${rule.id}`);
  });

  test('preview validates its query and is pro only', async () => {
    for (const qs of [
      'metric=nope&window_min=5',
      'metric=calls',
      'window_min=5',
      'metric=calls&window_min=0',
      'metric=calls&window_min=10081',
      'metric=calls&window_min=2.5',
    ]) {
      assertProblem(await call(org.read, 'GET', `/api/alerts/preview?${qs}`), 400, 'validation_failed');
    }
    const free = await newOrg(t.app, 'free', 'Free 2');
    assertProblem(await call(free.read, 'GET', '/api/alerts/preview?metric=calls&window_min=5'), 403, 'tier_required');
    const other = await newOrg(t.app, 'pro', 'Empty');
    assert.equal((await call(other.read, 'GET', '/api/alerts/preview?metric=calls&window_min=10080')).json().value, 0);
  });
});
