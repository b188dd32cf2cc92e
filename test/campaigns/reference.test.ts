// A reference union-find, written here from the rules of docs/campaigns.md and not from src/,
// against the API's campaigns over generated calls: crews with their own wallets, mule
// accounts, drops, domains, agents and a script read word for word (a script is a weak signal:
// it links with the agent or the caller ID), lone calls with words of their own, a public callback number many crews cite
// (common: never links) and a private one of one crew; then a re-ingest that strips
// identifiers from some calls, and ingest in another order into another org. Each org also
// receives the other's identifiers: never linked across orgs. A third org gets calls before the
// window too, in shuffled batches, with re-ingests that add and remove links: the campaigns kept
// at ingest are the components of all its calls (docs/campaigns.md), shown in the window when
// two or more of their calls are in it, and equal what a rebuild from scratch gives.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { rebuildIdentifiers } from '../../src/storage/campaigns/rebuild.js';
import { get, ingest, newOrg, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';

const NOW = new Date('2026-11-15T00:00:00Z');
const WINDOW = 'start=2026-11-01&end=2026-11-15';
const DAY = 86_400_000;
const START = Date.parse('2026-11-01T00:00:00Z');

/** A small deterministic generator (mulberry32). */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: T[]) => xs[Math.floor(next() * xs.length)],
  };
}

interface Gen {
  record: Record<string, unknown> & { call_sid: string; started_at: string };
  /** The link keys the rules give this call, worked out from what the generator put in. */
  strong: string[];
  agent: string | null;
  caller: string | null;
  /** Which script the caller read (the same text word for word), or null. */
  script: string | null;
  asks: number;
}

const PUBLIC_CALLBACK = '8005550100';

function generate(seed: number): Gen[] {
  const r = rng(seed);
  const out: Gen[] = [];
  const crews = Array.from({ length: 14 }, (_, c) => ({
    wallets: Array.from({ length: r.int(1, 2) }, (_, i) => `0x${(c * 97 + i + 1).toString(16).padStart(40, 'a')}`),
    accounts: Array.from({ length: r.int(1, 2) }, (_, i) => `${4100000000 + c * 1000 + i}`), // 10 digits: alone enough
    drop: `${100 + c} Elm Street, Springfield, IL 6270${c % 10}`,
    domain: `crew${c}-verify.com`,
    agent: { org: `Dept ${c % 4}`, name: `Agent ${c}` },
    callers: [`+1312555${String(1000 + c * 3).padStart(4, '0')}`, `+1312555${String(1001 + c * 3).padStart(4, '0')}`],
    privateCallback: c === 0 ? '8885550177' : null,
  }));
  for (let i = 0; i < 260; i++) {
    const crewIndex = r.next() < 0.75 ? r.int(0, crews.length - 1) : -1;
    const sid = `G${seed}_${i}`;
    const started = START + r.int(0, 14 * DAY - 1);
    const e: Record<string, unknown> = {};
    const strong: string[] = [];
    let caller: string | null = `+1415555${String(r.int(0, 9999)).padStart(4, '0')}`;
    let agent: string | null = null;
    let script: string | null = null;
    const transcript: { speaker: string; text: string }[] = [];
    if (crewIndex >= 0) {
      const crew = crews[crewIndex];
      // Half the crew's calls come from its lines (one weak signal: no link by itself).
      if (r.next() < 0.5) caller = r.pick(crew.callers);
      const roll = r.next();
      if (roll < 0.25) {
        const w = r.pick(crew.wallets);
        e.crypto_wallet_address = r.next() < 0.5 ? w.toUpperCase().replace('0X', '0x') : w;
        strong.push(`wallet:${w}`);
      } else if (roll < 0.45) {
        const a = r.pick(crew.accounts);
        e.mule_bank_routing_number = '021000021';
        e.mule_bank_account_number = r.next() < 0.5 ? a : `${a.slice(0, 4)}-${a.slice(4)}`;
        strong.push(`mule_account:${a}`);
      } else if (roll < 0.6) {
        e.physical_mule_drop_address = r.next() < 0.5 ? crew.drop : crew.drop.replace('Street', 'St.').toUpperCase();
        strong.push(
          `drop_address:${crew.drop
            .toLowerCase()
            .replace('street', 'st')
            .replace(/[^a-z0-9]+/g, ' ')
            .trim()}`,
        );
      } else if (roll < 0.75) {
        e.phishing_url = `https://${r.pick(['www.', 'login.', ''])}${crew.domain}/${r.int(1, 99)}`;
        strong.push(`phishing_domain:${crew.domain}`);
      } else if (roll < 0.9) {
        e.synthetic_org = crew.agent.org;
        e.fake_agent_name = crew.agent.name;
        agent = `${crew.agent.org}|${crew.agent.name}`.toLowerCase();
        caller = r.pick(crew.callers);
      }
      // Some read the crew's script word for word (and say nothing else: the same script).
      if (r.next() < 0.3) {
        script = `crew${crewIndex}`;
        transcript.push({ speaker: 'caller', text: Array.from({ length: 40 }, (_, k) => `w${crewIndex}x${k % 29}`).join(' ') });
      } else if (r.next() < 0.5) {
        // Most crew calls also cite the public number, which many crews share.
        transcript.push({ speaker: 'caller', text: `Call the refund line at 1-${PUBLIC_CALLBACK.slice(0, 3)}-555-0100 now.` });
        strong.push(`callback_number:+1${PUBLIC_CALLBACK}`);
      }
      if (!script && crew.privateCallback && r.next() < 0.6) {
        transcript.push({ speaker: 'caller', text: `Our direct line is (888) 555-0177.` });
        strong.push(`callback_number:+1${crew.privateCallback}`);
      }
    } else {
      if (r.next() < 0.3) {
        // A lone call with a wallet of its own.
        const w = `0x${(5000 + i).toString(16).padStart(40, 'b')}`;
        e.crypto_wallet_address = w;
        strong.push(`wallet:${w}`);
      }
      // A lone caller's own words: no script in common with anyone.
      if (r.next() < 0.5) transcript.push({ speaker: 'caller', text: Array.from({ length: 40 }, () => `z${r.int(0, 999_999)}`).join(' ') });
    }
    const asks = r.next() < 0.5 ? [r.int(1, 5000) + 0.25] : [];
    e.dollar_asks = asks;
    out.push({
      record: {
        call_sid: sid,
        started_at: new Date(started).toISOString(),
        duration_sec: 60,
        caller_id: caller,
        transcript,
        extraction: e,
      },
      strong,
      agent,
      caller: caller,
      script,
      asks: asks.reduce((s, a) => s + a, 0),
    });
  }
  return out;
}

/** Link keys of a call: its strong keys, and every two of its weak signals together. */
const keysOf = (g: Gen) => [
  ...g.strong,
  ...(g.agent && g.caller ? [`agent+caller_id:${g.agent}&${g.caller}`] : []),
  ...(g.agent && g.script ? [`agent+script:${g.agent}&${g.script}`] : []),
  ...(g.caller && g.script ? [`caller_id+script:${g.caller}&${g.script}`] : []),
];

/** Connected components of `calls` joined by `keys` (naive: breadth-first over a key → calls index). */
function components(calls: Gen[], linking: (k: string) => boolean): string[][] {
  const byKey = new Map<string, string[]>();
  for (const c of calls) for (const k of keysOf(c)) if (linking(k)) byKey.set(k, [...(byKey.get(k) ?? []), c.record.call_sid]);
  const keysOfCall = new Map(calls.map((c) => [c.record.call_sid, keysOf(c).filter(linking)]));
  const seen = new Set<string>();
  const out: string[][] = [];
  for (const c of calls) {
    const sid = c.record.call_sid;
    if (seen.has(sid)) continue;
    const group: string[] = [];
    const queue = [sid];
    seen.add(sid);
    while (queue.length) {
      const s = queue.pop()!;
      group.push(s);
      for (const k of keysOfCall.get(s)!) {
        for (const o of byKey.get(k)!) {
          if (seen.has(o)) continue;
          seen.add(o);
          queue.push(o);
        }
      }
    }
    out.push(group.sort());
  }
  return out;
}

/**
 * The reference: a key is common when, without it, the calls carrying it fall into more than 10
 * components that also hold a call without it; campaigns are the components (2+ calls) of the
 * other keys.
 */
function referenceCampaigns(calls: Gen[]): string[][] {
  const allKeys = new Set(calls.flatMap(keysOf));
  const common = new Set<string>();
  for (const k of allKeys) {
    const carriers = new Set(calls.filter((c) => keysOf(c).includes(k)).map((c) => c.record.call_sid));
    if (carriers.size < 2) continue;
    const groups = components(calls, (o) => o !== k).filter((g) => g.some((s) => carriers.has(s)) && g.some((s) => !carriers.has(s)));
    if (groups.length > 10) common.add(k);
  }
  return components(calls, (k) => !common.has(k))
    .filter((g) => g.length >= 2)
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

let t: TestApp;
let a: OrgKeys;
let b: OrgKeys;

interface Seen {
  sids: string[];
  calls: number;
  dollars: number;
  previous?: number;
}

async function apiCampaigns(key: string, withPrevious = false): Promise<Seen[]> {
  const out: Seen[] = [];
  let cursor: string | null = null;
  do {
    const res = await get(t.app, key, `/api/campaigns?${WINDOW}&min_calls=2&limit=200${cursor ? `&cursor=${cursor}` : ''}`);
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    for (const row of body.items) {
      const sids: string[] = [];
      let callCursor: string | null = null;
      do {
        const calls = await get(
          t.app,
          key,
          `/api/calls?${WINDOW}&campaign_id=${row.id}&limit=200${callCursor ? `&cursor=${callCursor}` : ''}`,
        );
        assert.equal(calls.statusCode, 200, calls.body);
        sids.push(...calls.json().items.map((c: { call_sid: string }) => c.call_sid));
        callCursor = calls.json().next_cursor;
      } while (callCursor);
      assert.equal(sids.length, row.calls);
      out.push({
        sids: sids.sort(),
        calls: row.calls,
        dollars: row.total_dollars_asked,
        ...(withPrevious ? { previous: row.previous_calls } : {}),
      });
    }
    cursor = body.next_cursor;
  } while (cursor);
  return out.sort((x, y) => (x.sids[0] < y.sids[0] ? -1 : 1));
}

function expected(calls: Gen[]) {
  const bySid = new Map(calls.map((c) => [c.record.call_sid, c]));
  return referenceCampaigns(calls).map((sids) => ({
    sids,
    calls: sids.length,
    dollars: Math.round(sids.reduce((s, sid) => s + bySid.get(sid)!.asks, 0) * 100) / 100,
  }));
}

const genA = generate(1);
const genB = generate(2);

before(async () => {
  t = await testApp();
  t.setNow(NOW);
  a = await newOrg(t.app, 'pro', 'A');
  b = await newOrg(t.app, 'pro', 'B');
  // Org A gets its calls in time order; org B gets the same calls as A in reverse, in small
  // batches, plus its own: the same identifiers in two orgs.
  assert.equal(
    (
      await ingest(
        t.app,
        a.ingest,
        genA.map((g) => g.record),
      )
    ).statusCode,
    200,
  );
  const reversed = [...genA].reverse();
  for (let i = 0; i < reversed.length; i += 37) {
    assert.equal(
      (
        await ingest(
          t.app,
          b.ingest,
          reversed.slice(i, i + 37).map((g) => g.record),
        )
      ).statusCode,
      200,
    );
  }
  assert.equal(
    (
      await ingest(
        t.app,
        b.ingest,
        genB.map((g) => g.record),
      )
    ).statusCode,
    200,
  );
  assert.equal(
    (
      await ingest(
        t.app,
        a.ingest,
        genB.map((g) => ({ ...g.record, call_sid: `${g.record.call_sid}x` })),
      )
    ).statusCode,
    200,
  );
});
after(() => t.close());

describe('campaigns equal a reference union-find', () => {
  it('the public callback number many crews cite does not glue them into one campaign', () => {
    const ref = referenceCampaigns(genA);
    const all = new Set(genA.map(keysOf).flat());
    assert.ok(all.has(`callback_number:+1${PUBLIC_CALLBACK}`));
    // No campaign spans most crews: the public number did not glue them together.
    assert.ok(Math.max(...ref.map((g) => g.length)) < genA.length / 4, `largest ${Math.max(...ref.map((g) => g.length))}`);
    assert.ok(ref.length >= 8, `${ref.length} campaigns`);
  });

  it('org A (its calls, then B’s under other sids) and org B (A’s in reverse order and batches, then its own)', async () => {
    const renamed = genB.map((g) => ({ ...g, record: { ...g.record, call_sid: `${g.record.call_sid}x` } }));
    assert.deepEqual(await apiCampaigns(a.read), expected([...genA, ...renamed]));
    assert.deepEqual(await apiCampaigns(b.read), expected([...genA, ...genB]));
  });

  it('after a re-ingest that strips the identifiers of every fifth call', async () => {
    const stripped = genA.map((g, i) =>
      i % 5 === 0
        ? {
            ...g,
            strong: [],
            agent: null,
            script: null,
            record: {
              ...g.record,
              transcript: [],
              extraction: { dollar_asks: g.record.extraction ? (g.record.extraction as { dollar_asks: number[] }).dollar_asks : [] },
            },
          }
        : g,
    );
    assert.equal(
      (
        await ingest(
          t.app,
          a.ingest,
          stripped.filter((_, i) => i % 5 === 0).map((g) => g.record),
        )
      ).statusCode,
      200,
    );
    const renamed = genB.map((g) => ({ ...g, record: { ...g.record, call_sid: `${g.record.call_sid}x` } }));
    assert.deepEqual(await apiCampaigns(a.read), expected([...stripped, ...renamed]));
    // Org B is untouched by A's re-ingest.
    assert.deepEqual(await apiCampaigns(b.read), expected([...genA, ...genB]));
  });
});

/** Stripped of every identifier: caller ID withheld, no transcript, no intel but the asks. */
const strip = (g: Gen): Gen => ({
  ...g,
  strong: [],
  agent: null,
  caller: null,
  script: null,
  record: {
    ...g.record,
    caller_id: null,
    transcript: [],
    extraction: { dollar_asks: (g.record.extraction as { dollar_asks: number[] }).dollar_asks },
  },
});

/**
 * The window's campaigns as the kept components give them: the reference components of ALL the
 * org's calls; those with 2+ calls in the window, counted there; previous = their calls of the
 * period before.
 */
function expectedKept(calls: Gen[]) {
  const bySid = new Map(calls.map((c) => [c.record.call_sid, c]));
  const at = (sid: string) => Date.parse(bySid.get(sid)!.record.started_at);
  const end = START + 14 * DAY;
  return referenceCampaigns(calls)
    .map((all) => ({ all, sids: all.filter((sid) => at(sid) >= START && at(sid) < end) }))
    .filter(({ sids }) => sids.length >= 2)
    .map(({ all, sids }) => ({
      sids,
      calls: sids.length,
      dollars: Math.round(sids.reduce((sum, sid) => sum + bySid.get(sid)!.asks, 0) * 100) / 100,
      previous: all.filter((sid) => at(sid) < START && at(sid) >= START - 14 * DAY).length,
    }))
    .sort((x, y) => (x.sids[0] < y.sids[0] ? -1 : 1));
}

describe('kept components after any order of ingest and re-ingest', () => {
  // A third of the calls a week or two before the window: components reach across its start.
  const genC = generate(3).map((g, i) =>
    i % 3 === 0 ? { ...g, record: { ...g.record, started_at: new Date(Date.parse(g.record.started_at) - 14 * DAY).toISOString() } } : g,
  );
  const r = rng(33);
  const shuffled = <T>(xs: T[]) => {
    const out = [...xs];
    for (let i = out.length - 1; i > 0; i--) {
      const j = r.int(0, i);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  };
  const ingestInBatches = async (key: string, gens: Gen[]) => {
    for (let i = 0; i < gens.length;) {
      const n = r.int(1, 40);
      const res = await ingest(
        t.app,
        key,
        gens.slice(i, i + n).map((g) => g.record),
      );
      assert.equal(res.statusCode, 200, res.body);
      i += n;
    }
  };
  let c: OrgKeys;

  it('equal the reference over all the org’s calls, through links added and removed by re-ingest', async () => {
    c = await newOrg(t.app, 'pro', 'C');
    // Every fourth call first arrives stripped; then every call, shuffled (links added by re-ingest).
    await ingestInBatches(c.ingest, shuffled(genC.filter((_, i) => i % 4 === 0).map(strip)));
    await ingestInBatches(c.ingest, shuffled(genC));
    assert.deepEqual(await apiCampaigns(c.read, true), expectedKept(genC));
    // Then every seventh is stripped again (links removed: campaigns split or vanish).
    const final = genC.map((g, i) => (i % 7 === 0 ? strip(g) : g));
    await ingestInBatches(c.ingest, shuffled(final.filter((_, i) => i % 7 === 0)));
    const want = expectedKept(final);
    assert.ok(want.length >= 8, `${want.length} campaigns`);
    assert.ok(
      want.some((w) => w.previous > 0),
      'some campaign reaches back before the window',
    );
    assert.deepEqual(await apiCampaigns(c.read, true), want);
  });

  it('equal the components a rebuild from scratch computes', async () => {
    const before = await apiCampaigns(c.read, true);
    await rebuildIdentifiers(t.db, c.orgId);
    assert.deepEqual(await apiCampaigns(c.read, true), before);
  });
});
