// A campaign's page read from what the settle keeps (campaign_links, the facts on the member rows:
// docs/campaigns.md, Kept components) against the components worked out here from every
// identifier row of the org (buildCampaigns over call_identifiers, read directly): its calls of
// the window and of the previous period, the keys joining it with their calls of the window, and
// the weak signals it shares with other calls of the window (`related`), for every campaign of
// the window, after ingest in batches and re-ingests that change identifiers. Reads come between
// the waves, so later settles must keep the signals of campaigns they do not recompute: calls
// ingested after a read that share one weak value with a campaign (its agent, its caller ID) and
// link to nothing.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildCampaigns, byCodePoint, type IdentifierRow } from '../../src/domain/campaigns/components.js';
import { isStrong, type IdentifierKind } from '../../src/domain/campaigns/identifiers.js';
import { generateCalls } from '../../src/demo/generate.js';
import { get, ingest, newOrg, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';

const NOW = new Date('2026-11-20T00:00:00Z');
const DAY = 86_400_000;
const START = NOW.getTime() - 7 * DAY;
const PREVIOUS = START - 7 * DAY;

let t: TestApp;
let a: OrgKeys;

before(async () => {
  t = await testApp();
  t.setNow(NOW);
  a = await newOrg(t.app, 'pro', 'A');
  const calls = [...generateCalls({ days: 21, callsPerDay: 40, end: NOW, seed: 11, crews: true })];
  const settle = async () => assert.equal((await get(t.app, a.read, '/api/campaigns?range=7d')).statusCode, 200);
  const firstWave = Math.floor((calls.length * 2) / 3);
  for (let i = 0; i < calls.length; i += 150) {
    assert.equal((await ingest(t.app, a.ingest, calls.slice(i, i + 150))).statusCode, 200);
    if (i < firstWave && i + 150 >= firstWave) await settle();
  }
  await settle();
  // Echoes of calls of the window carrying one weak signal each (the agent alone, or the caller ID
  // alone): lone calls whose value a settled campaign carries.
  const recent = calls.filter((c) => Date.parse(c.started_at) >= START);
  const echoes = recent
    .filter((_, i) => i % 4 === 0)
    .map((c, i) => ({
      ...c,
      call_sid: `${c.call_sid.slice(0, -4)}ec${String(i % 100).padStart(2, '0')}`,
      transcript: [],
      ...(i % 2 === 0
        ? {
            caller_id: `+1555${String(1_000_000 + i).slice(-7)}`,
            extraction: c.extraction && {
              ...c.extraction,
              mule_bank_routing_number: null,
              mule_bank_account_number: null,
              crypto_wallet_address: null,
              physical_mule_drop_address: null,
              phishing_url: null,
            },
          }
        : { extraction: null }),
    }));
  assert.equal((await ingest(t.app, a.ingest, echoes)).statusCode, 200);
  await settle();
  // Re-ingest every ninth call without its extraction: links removed, campaigns split or shrink.
  const stripped = calls.filter((_, i) => i % 9 === 0).map((c) => ({ ...c, extraction: null }));
  assert.equal((await ingest(t.app, a.ingest, stripped)).statusCode, 200);
});
after(() => t.close());

describe('a kept campaign’s page', () => {
  it('equals the components of all the org’s identifier rows: calls, previous calls, links, related', async () => {
    const rows: IdentifierRow[] = (
      await t.db.all('SELECT call_sid, started_at, kind, value FROM call_identifiers WHERE org_id = $1', [a.orgId])
    ).map((r) => ({
      callSid: r.call_sid as string,
      startedAt: Number(r.started_at),
      kind: r.kind as IdentifierKind,
      value: r.value as string,
    }));
    const started = new Map(rows.map((r) => [r.callSid, r.startedAt]));
    const graph = buildCampaigns(a.orgId, rows);
    const inWindow = (sid: string) => started.get(sid)! >= START && started.get(sid)! < NOW.getTime();

    const res = await get(t.app, a.read, '/api/campaigns?range=7d&min_calls=2&limit=200');
    assert.equal(res.statusCode, 200, res.body);
    const items = res.json().items as { id: string }[];
    const expectedIds = graph.components.filter((c) => c.calls.filter(inWindow).length >= 2).map((c) => c.id);
    assert.ok(expectedIds.length >= 5, `${expectedIds.length} campaigns`);
    assert.deepEqual(items.map((r) => r.id).sort(byCodePoint), expectedIds);

    // The window's weak rows, by signal.
    const weak = new Map<string, { kind: string; value: string; sids: string[] }>();
    for (const r of rows) {
      if (isStrong(r.kind) || !inWindow(r.callSid)) continue;
      const k = `${r.kind}\u0000${r.value}`;
      const e = weak.get(k) ?? { kind: r.kind, value: r.value, sids: [] };
      e.sids.push(r.callSid);
      weak.set(k, e);
    }
    let related = 0;
    for (const id of expectedIds) {
      const c = graph.components.find((x) => x.id === id)!;
      const mine = new Set(c.calls.filter(inWindow));
      const d = (await get(t.app, a.read, `/api/campaigns/${id}?range=7d`)).json();
      assert.equal(d.calls, mine.size, id);
      assert.equal(d.previous_calls, c.calls.filter((s) => started.get(s)! >= PREVIOUS && started.get(s)! < START).length, id);
      const links = c.links
        .map((l) => ({ kind: l.key.kind, value: l.key.value, sids: l.calls.filter((s) => mine.has(s)) }))
        .filter((l) => l.sids.length > 0)
        .map((l) => ({ kind: l.kind, value: l.value, calls: l.sids.length, call_sids: l.sids }));
      assert.deepEqual(d.links, links, id);
      const shown = new Set<string>();
      const expected = [];
      for (const e of [...weak.values()].sort((x, y) => byCodePoint(x.kind, y.kind) || byCodePoint(x.value, y.value))) {
        const own = e.sids.filter((s) => mine.has(s));
        const others = e.sids.filter((s) => !mine.has(s));
        if (own.length === 0 || others.length === 0) continue;
        const signature = `${e.kind}\u0000${[...e.sids].sort(byCodePoint).join(',')}`;
        if (shown.has(signature)) continue;
        shown.add(signature);
        const campaigns = [...new Set(others.map((s) => graph.componentOf.get(s)?.id).filter((x) => x !== undefined))].sort(byCodePoint);
        expected.push({ kind: e.kind, value: e.value, campaign_calls: own.length, other_calls: others.length, other_campaigns: campaigns });
      }
      expected.sort(
        (x, y) =>
          y.other_calls + y.campaign_calls - (x.other_calls + x.campaign_calls) ||
          byCodePoint(x.kind, y.kind) ||
          byCodePoint(x.value, y.value),
      );
      assert.deepEqual(d.related, expected, id);
      related += expected.length;
    }
    assert.ok(related > 0, 'no campaign has related signals: the fixture tests nothing of them');
  });
});
