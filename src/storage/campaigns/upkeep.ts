// Kept components (docs/campaigns.md, Kept components): each org's campaigns over all its calls.
// Ingest and retention only list the calls they changed (campaign_pending, in their
// transaction); before a read of the kept components, settleComponents recomputes, under the
// org's ingest lock (one writer per org), the part of the org those calls can change. So a bulk
// ingest of many batches pays for the region once, not once per batch.
//
// Why recomputing a region is exact: whether a key is common depends only on the calls of its
// raw component (the component when every shared key links), and campaigns split raw components
// only. So the campaigns of a set of whole raw components are those of the org restricted to it.
// The pending calls can change: the raw components they were in at the last settle (a re-ingest
// may remove a link, the removal case), and those of the stored calls that share a value with
// them now. Those components, the pending calls and those calls make a closed region: no call
// outside it shares a link key with a call inside (a call outside is not pending, so it kept its
// links, and any call linked to a pending one shares a value with it). The region is recomputed
// from call_identifiers with buildCampaigns.

import { buildCampaigns, linkKeysOf, type IdentifierRow } from '../../domain/campaigns/components.js';
import type { IdentifierKind } from '../../domain/campaigns/identifiers.js';
import { num, Params, type Db } from '../db.js';
import { callSidInList } from './sidList.js';

/** Columns of campaign_members, in table order. */
type MemberRow = [orgId: string, callSid: string, startedAt: number, component: string, campaignId: string | null];

/** What ingest keeps for campaigns: identifier rows and pending calls, identifier rows only, or nothing. */
type UpkeepMode = 'components' | 'identifiers' | 'none';
let mode: UpkeepMode = 'components';

/**
 * The bench's A/B only (bench/campaigns.ts: ingest as before campaigns, before kept components,
 * and now). The service never changes it: reads need both.
 */
export function setCampaignUpkeep(m: UpkeepMode): void {
  mode = m;
}

/** Whether ingest computes and stores identifier rows (always, but in the bench's A/B). */
export const keepsIdentifiers = (): boolean => mode !== 'none';

/**
 * In a batch's transaction (ingest, or retention's deletions): lists the calls whose
 * identifiers it changed, also those left without any (their component must lose them).
 */
export async function markPending(tx: Db, orgId: string, sids: readonly string[]): Promise<void> {
  if (mode !== 'components' || sids.length === 0) return;
  const split = tx.dialect === 'duckdb' ? 'string_split' : 'string_to_array';
  await tx.run(`INSERT INTO campaign_pending (org_id, call_sid) SELECT $1, unnest(${split}($2, ','))`, [orgId, sids.join(',')]);
}

/**
 * Pending rows an org may hold before ingest settles them itself: an org whose campaigns nobody
 * reads (a free org cannot) would otherwise list every call it ever ingested. Settling costs
 * about the pending calls' number, so settling every this many adds up to one settle of all.
 */
export const PENDING_LIMIT = 50_000;

/** After a batch of ingest or retention committed: settles the org when its list is long. */
export async function settleIfLong(db: Db, orgId: string): Promise<void> {
  if (mode !== 'components') return;
  const [row] = await db.all<{ n: unknown }>('SELECT count(*) AS n FROM campaign_pending WHERE org_id = $1', [orgId]);
  if (num(row.n) >= PENDING_LIMIT) await settleComponents(db, orgId);
}

/**
 * Before a read of the org's kept components: recomputes the region its pending calls can
 * change and empties the list. Nothing to do (one indexed probe) when no call is pending.
 */
export async function settleComponents(db: Db, orgId: string): Promise<void> {
  const any = await db.all('SELECT 1 AS x FROM campaign_pending WHERE org_id = $1 LIMIT 1', [orgId]);
  if (any.length === 0) return;
  await db.withLock('orgCalls', orgId, async (tx) => {
    // Read again under the lock: another reader may have settled meanwhile, and no ingest adds any now.
    const pending = await tx.all<{ call_sid: string }>('SELECT DISTINCT call_sid FROM campaign_pending WHERE org_id = $1', [orgId]);
    if (pending.length === 0) return;
    const sids = pending.map((r) => r.call_sid);
    const batch = new Set(sids);
    const shared = (await tx.all(SHARED_CARRIERS, [orgId])).map(carried);
    const own = shared.filter((r) => batch.has(r.sid));
    const stored = shared.filter((r) => !batch.has(r.sid));
    await recomputeRegion(tx, orgId, batch, own, stored);
    await tx.run('DELETE FROM campaign_pending WHERE org_id = $1', [orgId]);
  });
}

const carried = (r: Record<string, unknown>): Carried => ({
  sid: r.call_sid as string,
  startedAt: num(r.started_at),
  kind: r.kind as string,
  value: r.value as string,
});

/**
 * Every identifier row of the org whose value a pending call carries and at least one other call
 * carries too. Only those can link: a strong key is one shared value, a weak link needs both of
 * its values shared. Most rows of a call (its script bands, its caller ID) are its own and are
 * never read.
 */
const SHARED_CARRIERS = `SELECT call_sid, started_at, kind, value FROM (
    SELECT c.call_sid, c.started_at, c.kind, c.value, count(*) OVER (PARTITION BY c.kind, c.value) AS carriers
    FROM call_identifiers c
    JOIN (SELECT DISTINCT i.kind, i.value FROM call_identifiers i
          WHERE i.org_id = $1 AND i.call_sid IN (SELECT call_sid FROM campaign_pending WHERE org_id = $1)) v
      ON v.kind = c.kind AND v.value = c.value
    WHERE c.org_id = $1
  ) w
  WHERE carriers > 1`;

/**
 * Recomputes the components the pending calls `batch` can change (see the header): `own` are
 * their shared identifier rows, `stored` those of the other calls carrying the same values.
 */
async function recomputeRegion(
  tx: Db,
  orgId: string,
  batch: ReadonlySet<string>,
  own: readonly Carried[],
  stored: readonly Carried[],
): Promise<void> {
  // The pending calls that may link: to another stored call, or to another pending call.
  const { left: linked, right: partners } = mayLink(own, stored);
  const within = mayLink(own, own);
  for (const sid of within.left) linked.add(sid);
  // ...and those that were in a component (a re-ingest may have removed their links).
  const known = [...batch, ...partners];
  const was = await selectSids(tx, 'SELECT call_sid, component FROM campaign_members WHERE org_id = $1 AND', orgId, known, 'call_sid');
  for (const r of was) if (batch.has(r.call_sid as string)) linked.add(r.call_sid as string);
  // A pending call in none of these is lone and stays so: it has no member row.
  if (linked.size === 0) return;
  const components = [...new Set(was.map((r) => r.component as string))];
  const region = new Set([...linked, ...partners]);
  // When the region's calls started: its identifier rows are read in that span (DuckDB skips the row groups outside it).
  const times = [...own.filter((r) => linked.has(r.sid)), ...stored.filter((r) => partners.has(r.sid))].map((r) => r.startedAt);
  for (const r of await selectSids(
    tx,
    'SELECT call_sid, started_at FROM campaign_members WHERE org_id = $1 AND',
    orgId,
    components,
    'component',
  )) {
    region.add(r.call_sid as string);
    times.push(num(r.started_at));
  }
  const span = times.length ? { start: times.reduce((a, b) => Math.min(a, b)), end: times.reduce((a, b) => Math.max(a, b)) + 1 } : null;
  await recompute(tx, orgId, [...region], span);
}

interface Carried {
  sid: string;
  startedAt: number;
  kind: string;
  value: string;
}

/** Each call's link keys (components.ts linkKeysOf: strong values, and each pair of weak values of two kinds). */
function linkKeysByCall(rows: readonly Carried[]): Map<string, string[]> {
  const idsOf = new Map<string, { kind: IdentifierKind; value: string }[]>();
  for (const r of rows) {
    const list = idsOf.get(r.sid);
    const id = { kind: r.kind as IdentifierKind, value: r.value };
    if (list) list.push(id);
    else idsOf.set(r.sid, [id]);
  }
  return new Map([...idsOf].map(([sid, ids]) => [sid, linkKeysOf(ids)]));
}

/**
 * The calls of `left` and of `right` that share a link key with a call of the other side (not
 * themselves): they may link. Linear in the keys, however many calls share one value.
 */
function mayLink(left: readonly Carried[], right: readonly Carried[]): { left: Set<string>; right: Set<string> } {
  const leftOf = new Map<string, string[]>();
  for (const [sid, keys] of linkKeysByCall(left)) {
    for (const key of keys) {
      const list = leftOf.get(key);
      if (list) list.push(sid);
      else leftOf.set(key, [sid]);
    }
  }
  const out = { left: new Set<string>(), right: new Set<string>() };
  const marked = new Set<string>();
  for (const [sid, keys] of linkKeysByCall(right)) {
    for (const key of keys) {
      const carriers = leftOf.get(key);
      if (!carriers || carriers.every((l) => l === sid)) continue;
      out.right.add(sid);
      // Each key's left carriers are marked once.
      if (marked.has(key)) continue;
      marked.add(key);
      for (const l of carriers) out.left.add(l);
    }
  }
  return out;
}

function selectSids(tx: Db, head: string, orgId: string, list: readonly string[], column: string) {
  const p = new Params();
  p.p(orgId);
  return tx.all(`${head} ${callSidInList(tx.dialect, list, p, column)}`, p.values);
}

/**
 * Replaces the member rows of `region` (a closed set of calls, see the header) by its
 * components now; `span` bounds when its calls that have identifier rows started.
 */
async function recompute(tx: Db, orgId: string, region: readonly string[], span: { start: number; end: number } | null): Promise<void> {
  const p = new Params();
  const rows = span
    ? await tx.all(
        `SELECT call_sid, started_at, kind, value FROM call_identifiers
         WHERE org_id = ${p.p(orgId)} AND started_at >= ${p.p(span.start)} AND started_at < ${p.p(span.end)}
           AND ${callSidInList(tx.dialect, region, p)}`,
        p.values,
      )
    : [];
  const members = membersOf(orgId, rows.map(identifierRow));
  const d = new Params();
  await tx.run(`DELETE FROM campaign_members WHERE org_id = ${d.p(orgId)} AND ${callSidInList(tx.dialect, region, d)}`, d.values);
  await insertMembers(tx, members);
}

const identifierRow = (r: Record<string, unknown>): IdentifierRow => ({
  callSid: r.call_sid as string,
  startedAt: num(r.started_at),
  kind: r.kind as IdentifierKind,
  value: r.value as string,
});

/** The member rows of a closed set of calls: one per call of a raw component. */
function membersOf(orgId: string, rows: readonly IdentifierRow[]): MemberRow[] {
  const graph = buildCampaigns(orgId, rows);
  const started = new Map(rows.map((r) => [r.callSid, r.startedAt]));
  const out: MemberRow[] = [];
  for (const raw of graph.raw) {
    for (const sid of raw) out.push([orgId, sid, started.get(sid)!, raw[0], graph.componentOf.get(sid)?.id ?? null]);
  }
  return out;
}

const createStage = 'CREATE TEMP TABLE IF NOT EXISTS campaign_members_stage AS SELECT * FROM campaign_members LIMIT 0';

async function insertMembers(tx: Db, rows: MemberRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.run(createStage);
  await tx.run('TRUNCATE campaign_members_stage');
  await tx.appendRows('campaign_members_stage', rows);
  await tx.run('INSERT INTO campaign_members SELECT * FROM campaign_members_stage');
  await tx.run('DELETE FROM campaign_members_stage');
}

/** Every component of one org's calls, or of every org's, from call_identifiers (migration 20, `campaigns rebuild`). */
export async function rebuildMembers(db: Db, orgId?: string): Promise<void> {
  const orgs =
    orgId !== undefined
      ? [orgId]
      : (await db.all<{ org_id: string }>('SELECT DISTINCT org_id FROM call_identifiers ORDER BY org_id')).map((r) => r.org_id);
  for (const org of orgs) await db.withLock('orgCalls', org, (tx) => rebuildOrgMembers(tx, org));
}

/** Inside the org's lock: all of its member rows recomputed. */
export async function rebuildOrgMembers(tx: Db, orgId: string): Promise<void> {
  const rows = await tx.all('SELECT call_sid, started_at, kind, value FROM call_identifiers WHERE org_id = $1', [orgId]);
  await tx.run('DELETE FROM campaign_members WHERE org_id = $1', [orgId]);
  await insertMembers(tx, membersOf(orgId, rows.map(identifierRow)));
}
