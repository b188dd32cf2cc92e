// The demo org (seedDemoOnce: 30 days × 300 calls, with crews) shows real operations: 20–60
// campaigns of 3+ calls over its 30 days, the largest under 5 % of the calls, and lone calls
// that stay lone. The data, not the engine, is under test: DuckDB only.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { seedDemoOnce, type DemoSeed } from '../../src/demo/seed.js';
import { get, testApp, type TestApp } from '../helpers/app.js';
import { TEST_ENGINE } from '../helpers/serverMode.js';

const NOW = new Date('2026-11-26T15:30:00Z');

describe('demo campaigns', { skip: TEST_ENGINE === 'postgres' ? 'the demo data is the same on every engine' : false }, () => {
  let t: TestApp;
  let seed: DemoSeed;
  before(async () => {
    t = await testApp();
    t.setNow(NOW);
    seed = (await seedDemoOnce(t.app))!;
  });
  after(() => t?.close());

  it('has 20–60 campaigns of 3+ calls over 30 days, none with 5 % of the calls', async () => {
    const res = await get(t.app, seed.readKey, '/api/campaigns?range=30d&min_calls=3&limit=200');
    assert.equal(res.statusCode, 200, res.body);
    const { items, next_cursor } = res.json();
    assert.equal(next_cursor, null);
    assert.ok(items.length >= 20 && items.length <= 60, `${items.length} campaigns`);
    const largest = Math.max(...items.map((c: { calls: number }) => c.calls));
    assert.ok(largest < 0.05 * seed.calls, `largest ${largest} of ${seed.calls}`);
    const inCampaigns = items.reduce((s: number, c: { calls: number }) => s + c.calls, 0);
    assert.ok(inCampaigns < seed.calls / 2, `${inCampaigns} calls in campaigns`);
    // Operations overlap in brands: some brand is worked by more than one campaign.
    const brandCounts = new Map<string, number>();
    for (const c of items) for (const b of c.brands) brandCounts.set(b, (brandCounts.get(b) ?? 0) + 1);
    assert.ok([...brandCounts.values()].some((n) => n > 1));
    // Each is joined by strong identifiers of its own.
    const top = (await get(t.app, seed.readKey, `/api/campaigns/${items[0].id}?range=30d`)).json();
    assert.ok(top.links.some((l: { kind: string }) => !l.kind.includes('+')));
  });
});
