import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runTool, sidsInResult, TOOL_NAMES, toolParameters, type ToolContext } from '../../src/agent/run/tools.js';
import type { Principal } from '../../src/domain/principal.js';
import { NOW, sid } from './fixture.js';
import { agentWorld, type AgentWorld } from './setup.js';

let w: AgentWorld;
before(async () => {
  w = await agentWorld();
});
after(async () => {
  await w.t.close();
});

function ctx(scope: Principal['scope'] = null, orgId = w.orgA): ToolContext {
  const { db, sessions } = w.app.deps.storage;
  return { db, sessions, now: NOW, defaultRange: '7d', principal: { orgId, tier: 'pro', keyId: 'k', role: 'read', scope } };
}

describe('agent tools', () => {
  it('describe their arguments as plain JSON Schema', () => {
    for (const name of TOOL_NAMES) {
      const p = toolParameters(name);
      assert.equal(p.type, 'object', name);
      assert.equal(p.additionalProperties, false, name);
      assert.deepEqual(JSON.parse(JSON.stringify(p)), p);
    }
  });

  it('each runs with the principal and previews at most 500 characters', async () => {
    const calls: Array<[(typeof TOOL_NAMES)[number], Record<string, unknown>]> = [
      ['get_summary', {}],
      ['get_timeseries', { metric: 'hook_rate', bucket: 'day' }],
      ['get_topn', { field: 'impersonated_brand', range: '30d' }],
      ['get_tier1', { range: '12w', limit: 100 }],
      ['get_attacker_geo', { start: '2026-11-01' }],
      ['get_disconnect_breakdown', { range: '30d' }],
      ['get_active_calls', {}],
      ['search_calls', { q: 'bitcoin', range: '30d' }],
      ['get_call', { call_sid: sid('a01') }],
    ];
    for (const [name, args] of calls) {
      const rec = await runTool(ctx(), name, args);
      assert.ok(rec.ok, `${name}: ${rec.result_preview}`);
      assert.ok(rec.result_preview.length <= 500, name);
      assert.deepEqual(rec.args, args);
    }
    const summary = (await runTool(ctx(), 'get_summary', {})).result as { range: { label: string }; calls_received: number };
    assert.equal(summary.range.label, '7d');
    assert.equal(summary.calls_received, 12);
    const ctx30 = { ...ctx(), defaultRange: '30d' };
    assert.equal(((await runTool(ctx30, 'get_summary', {})).result as { range: { label: string } }).range.label, '30d');
  });

  it('refuse bad arguments with an error the agent can read', async () => {
    for (const [name, args, re] of [
      ['get_summary', { org_id: 'other' }, /Invalid arguments/],
      ['get_timeseries', { metric: 'revenue' }, /Invalid arguments/],
      ['get_topn', { field: 'transcript' }, /Invalid arguments/],
      ['get_topn', { field: 'impersonated_brand', n: 51 }, /Invalid arguments/],
      ['get_summary', { range: '2000d' }, /400 days/],
      ['get_summary', { start: 'yesterday' }, /not valid/],
      ['get_call', { call_sid: sid('b01') }, /No call/],
      ['search_calls', { min_duration_sec: 10, max_duration_sec: 5 }, /must not exceed/],
    ] as const) {
      const rec = await runTool(ctx(), name, args);
      assert.equal(rec.ok, false, name);
      assert.match((rec.result as { error: string }).error, re);
    }
    assert.equal((await runTool(ctx(), 'get_summary', 'nope' as never)).ok, false);
  });

  it('take a single value where a list is expected', async () => {
    const rec = await runTool(ctx(), 'search_calls', { impersonated_brand: 'PayPal', tier: 1, range: '30d' });
    assert.ok(rec.ok, rec.result_preview);
    assert.deepEqual(sidsInResult(rec.result), new Set([sid('a03'), sid('a18')]));
  });

  it('read only the slice of a scoped principal', async () => {
    const top = await runTool(ctx({ impersonated_brand: ['amazon'] }), 'get_topn', { field: 'impersonated_brand', range: '30d' });
    assert.deepEqual(
      (top.result as { items: Array<{ label: string }> }).items.map((i) => i.label),
      ['Amazon'],
    );
    const outside = await runTool(ctx({ impersonated_brand: ['amazon'] }), 'get_call', { call_sid: sid('a03') });
    assert.equal(outside.ok, false);
    const other = await runTool(ctx(null, 'org_nobody'), 'get_summary', { range: '30d' });
    assert.equal((other.result as { calls_received: number }).calls_received, 0);
  });

  it('find call SIDs anywhere in a result', () => {
    assert.deepEqual(
      sidsInResult({ items: [{ call_sid: 'A' }, { nested: { call_sid: 'B' } }], call_sid: 'C', other: 'D' }),
      new Set(['A', 'B', 'C']),
    );
  });
});
