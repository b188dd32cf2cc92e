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

import { buildCampaigns, byCodePoint, linkKeysOf, type IdentifierRow } from '../../domain/campaigns/components.js';
import { isStrong, STRONG_KINDS, WEAK_KINDS, type IdentifierKind } from '../../domain/campaigns/identifiers.js';
import { num, Params, type Db } from '../db.js';
import { callSidInList } from './sidList.js';

/** Columns of campaign_members, in table order. */
type MemberRow = [orgId: string, callSid: string, startedAt: number, component: string, campaignId: string | null];
/** Columns of campaign_links (migration 24), in table order. */
type LinkRow = [orgId: string, campaignId: string, callSid: string, startedAt: number, kind: string, value: string, joins: boolean];

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
 * reads (a free org cannot) would otherwise list every call it ever ingested. A settle costs
 * about its region (the pending calls and the raw components they touch, which grow with the
 * org), so a fixed limit made a bulk load pay one settle of the store per PENDING_LIMIT calls
 * (quadratic). The limit grows with the org instead: at least PENDING_LIMIT, at most
 * PENDING_MAX (what one settle may hold in memory), and otherwise as many as the org's calls
 * already settled, so a bulk load into an empty org settles at 50k, 100k, 200k, 400k, 800k…
 * calls: about twice one settle of everything, whatever the store's size up to PENDING_MAX.
 */
export const PENDING_LIMIT = 50_000;
const PENDING_MAX = 400_000;

/** After a batch of ingest or retention committed: settles the org when its list is long. */
export async function settleIfLong(db: Db, orgId: string): Promise<void> {
  if (mode !== 'components') return;
  const [row] = await db.all<{ n: unknown }>('SELECT count(*) AS n FROM campaign_pending WHERE org_id = $1', [orgId]);
  const pending = num(row.n);
  if (pending < PENDING_LIMIT) return;
  if (pending < PENDING_MAX) {
    const [calls] = await db.all<{ n: unknown }>('SELECT count(*) AS n FROM calls WHERE org_id = $1', [orgId]);
    // The calls settled before (a call listed twice only lowers this): the limit grows with them.
    if (pending < num(calls.n) - pending) return;
  }
  await settleComponents(db, orgId);
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
    const region = await recomputeRegion(tx, orgId, batch, own, stored);
    await keepCarriers(tx, orgId, sids, shared, region);
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
 * Returns the calls recomputed (none when every pending call is lone and stays so).
 */
async function recomputeRegion(
  tx: Db,
  orgId: string,
  batch: ReadonlySet<string>,
  own: readonly Carried[],
  stored: readonly Carried[],
): Promise<string[]> {
  // The pending calls that may link: to another stored call, or to another pending call.
  const { left: linked, right: partners } = mayLink(own, stored);
  const within = mayLink(own, own);
  for (const sid of within.left) linked.add(sid);
  // ...and those that were in a component (a re-ingest may have removed their links).
  const known = [...batch, ...partners];
  const was = await selectSids(tx, 'SELECT call_sid, component FROM campaign_members WHERE org_id = $1 AND', orgId, known, 'call_sid');
  for (const r of was) if (batch.has(r.call_sid as string)) linked.add(r.call_sid as string);
  // A pending call in none of these is lone and stays so: it has no member row.
  if (linked.size === 0) return [];
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
  return [...region];
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
        // Only values two or more of its rows carry (buildCampaigns links by nothing else, so a large
        // region, a bulk load's settle, holds a fraction of its rows in memory), and the strong rows
        // (campaign_links lists each campaign call's).
        `SELECT call_sid, started_at, kind, value FROM (
           SELECT call_sid, started_at, kind, value, count(*) OVER (PARTITION BY kind, value) AS carriers FROM call_identifiers
           WHERE org_id = ${p.p(orgId)} AND started_at >= ${p.p(span.start)} AND started_at < ${p.p(span.end)}
             AND ${callSidInList(tx.dialect, region, p)}
         ) w WHERE carriers > 1 OR kind IN (${p.list(STRONG_KINDS)})`,
        p.values,
      )
    : [];
  const kept = membersOf(orgId, rows.map(identifierRow));
  for (const table of ['campaign_members', 'campaign_links']) {
    const d = new Params();
    await tx.run(`DELETE FROM ${table} WHERE org_id = ${d.p(orgId)} AND ${callSidInList(tx.dialect, region, d)}`, d.values);
  }
  await insertKept(tx, kept);
}

/**
 * Runs a statement with PostgreSQL's nested loops off, in the settle's transaction: the member
 * rows it just wrote are not in the planner's statistics yet (a table analysed empty), and the
 * plans chosen then joined whole CTEs by nested loops (a settle of 53,000 pending calls did not
 * end in 6 minutes). Hash joins read what they join once.
 */
async function hashJoined(tx: Db, fn: () => Promise<void>): Promise<void> {
  if (tx.dialect !== 'postgres') return fn();
  await tx.run('SET LOCAL enable_nestloop = off');
  try {
    await fn();
  } finally {
    await tx.run('SET LOCAL enable_nestloop = on');
  }
}

/**
 * The weak carriers for `related` (docs/campaigns.md, Kept components): weak_carriers (migration
 * 26) holds every weak identifier row of the org whose value two or more calls carry, with its
 * call's campaign. After a settle: the pending calls' rows go; the calls recomputed (`region`)
 * get their campaign now; the weak rows of `shared` (SHARED_CARRIERS: every carrier of a value a
 * pending call carries, when two or more do) not kept yet are added, in time order, with their
 * campaign (missingCarriers). Exact: a value carried by two or more calls had a carrier pending at the last settle
 * that changed its carriers, which then read all of them; since then its carriers can only have
 * left (their rows went with them). A row whose value is left with one carrier may stay: it is a
 * row the call carries, and a value of one call is related to nothing.
 */
async function keepCarriers(
  tx: Db,
  orgId: string,
  pending: readonly string[],
  shared: readonly Carried[],
  region: readonly string[],
): Promise<void> {
  const d = new Params();
  await tx.run(`DELETE FROM weak_carriers WHERE org_id = ${d.p(orgId)} AND ${callSidInList(tx.dialect, pending, d)}`, d.values);
  if (region.length) {
    const u = new Params();
    await tx.run(
      `UPDATE weak_carriers SET campaign_id = (
         SELECT m.campaign_id FROM campaign_members m WHERE m.org_id = weak_carriers.org_id AND m.call_sid = weak_carriers.call_sid)
       WHERE org_id = ${u.p(orgId)} AND ${callSidInList(tx.dialect, region, u)}`,
      u.values,
    );
  }
  const weak = missingCarriers(new Set(pending), shared);
  if (weak.length === 0) return;
  await tx.run(
    'CREATE TEMP TABLE IF NOT EXISTS weak_carriers_stage AS SELECT org_id, call_sid, started_at, kind, value FROM weak_carriers LIMIT 0',
  );
  await tx.run('TRUNCATE weak_carriers_stage');
  await tx.appendRows(
    'weak_carriers_stage',
    weak.map((r) => [orgId, r.sid, r.startedAt, r.kind, r.value]),
  );
  // Only rows not kept yet: a kept row stays where it is (in time order with its neighbours).
  await hashJoined(tx, () =>
    tx.run(
      `INSERT INTO weak_carriers (org_id, call_sid, started_at, kind, value, campaign_id)
       SELECT s.org_id, s.call_sid, s.started_at, s.kind, s.value, m.campaign_id FROM weak_carriers_stage s
       LEFT JOIN campaign_members m ON m.org_id = s.org_id AND m.call_sid = s.call_sid
       WHERE NOT EXISTS (SELECT 1 FROM weak_carriers w
                         WHERE w.org_id = s.org_id AND w.kind = s.kind AND w.value = s.value AND w.call_sid = s.call_sid)
       ORDER BY s.started_at`,
    ),
  );
  await tx.run('DELETE FROM weak_carriers_stage');
}

/**
 * The weak rows of `shared` that weak_carriers may lack, in time order: the pending calls' (just
 * taken out), and for a value carried by one stored call only, that call's (the value was its
 * alone until now). A value two or more stored calls carry had them all kept already.
 */
function missingCarriers(pending: ReadonlySet<string>, shared: readonly Carried[]): Carried[] {
  const weak = shared.filter((r) => !isStrong(r.kind as IdentifierKind));
  const storedCarriers = new Map<string, number>();
  for (const r of weak) {
    if (pending.has(r.sid)) continue;
    const k = `${r.kind}\u0000${r.value}`;
    storedCarriers.set(k, (storedCarriers.get(k) ?? 0) + 1);
  }
  return weak
    .filter((r) => pending.has(r.sid) || storedCarriers.get(`${r.kind}\u0000${r.value}`) === 1)
    .sort((a, b) => a.startedAt - b.startedAt);
}

/** Every weak carrier of one org written again (keepCarriers), in time order: rebuilds and migration 26. */
async function rebuildOrgCarriers(tx: Db, orgId: string): Promise<void> {
  const p = new Params();
  const org = p.p(orgId);
  await tx.run(`DELETE FROM weak_carriers WHERE org_id = ${org}`, p.values);
  await hashJoined(tx, () =>
    tx.run(
      `INSERT INTO weak_carriers (org_id, call_sid, started_at, kind, value, campaign_id)
       SELECT w.org_id, w.call_sid, w.started_at, w.kind, w.value, m.campaign_id FROM (
         SELECT org_id, call_sid, started_at, kind, value, count(*) OVER (PARTITION BY kind, value) AS carriers FROM call_identifiers
         WHERE org_id = ${org} AND kind IN (${p.list(WEAK_KINDS)})
       ) w LEFT JOIN campaign_members m ON m.org_id = w.org_id AND m.call_sid = w.call_sid
       WHERE w.carriers > 1
       ORDER BY w.started_at`,
      p.values,
    ),
  );
}

const identifierRow = (r: Record<string, unknown>): IdentifierRow => ({
  callSid: r.call_sid as string,
  startedAt: num(r.started_at),
  kind: r.kind as IdentifierKind,
  value: r.value as string,
});

/**
 * The kept rows of a closed set of calls: a member row per call of a raw component, and a link
 * row per call of a campaign and key joining it that the call carries.
 */
function membersOf(orgId: string, rows: readonly IdentifierRow[]): { members: MemberRow[]; links: LinkRow[] } {
  const graph = buildCampaigns(orgId, rows);
  const started = new Map(rows.map((r) => [r.callSid, r.startedAt]));
  const members: MemberRow[] = [];
  for (const raw of graph.raw) {
    for (const sid of raw) members.push([orgId, sid, started.get(sid)!, raw[0], graph.componentOf.get(sid)?.id ?? null]);
  }
  const strongOf = new Map<string, IdentifierRow[]>();
  for (const r of rows) {
    if (!isStrong(r.kind)) continue;
    const list = strongOf.get(r.callSid);
    if (list) list.push(r);
    else strongOf.set(r.callSid, [r]);
  }
  const links: LinkRow[] = [];
  for (const c of graph.components) {
    const joining = new Set(c.links.map((l) => `${l.key.kind}\u0000${l.key.value}`));
    for (const sid of c.calls) {
      for (const r of strongOf.get(sid) ?? [])
        links.push([orgId, c.id, sid, r.startedAt, r.kind, r.value, joining.has(`${r.kind}\u0000${r.value}`)]);
    }
    for (const l of c.links) {
      if (isStrong(l.key.kind as IdentifierKind)) continue;
      for (const sid of l.calls) links.push([orgId, c.id, sid, started.get(sid)!, l.key.kind, l.key.value, true]);
    }
  }
  return { members, links };
}

async function insertKept(tx: Db, kept: { members: MemberRow[]; links: LinkRow[] }): Promise<void> {
  // Each member with its call's facts (migration 24), in time order: the list and a page read the
  // member rows of a window (DuckDB skips the row groups outside it; by campaign instead, a
  // page's own rows were found faster but the list read every row: 28.6 against 47.7 ms p50).
  await insertRows(
    tx,
    'campaign_members',
    kept.members,
    'org_id, call_sid, started_at, component, campaign_id',
    `SELECT s.org_id, s.call_sid, s.started_at, s.component, s.campaign_id, c.impersonated_brand, c.lure_category, c.payment_method,
       c.caller_state, CAST(round(c.asks_total * 100) AS BIGINT)
     FROM campaign_members_stage s JOIN calls c ON c.org_id = s.org_id AND c.call_sid = s.call_sid
     ORDER BY s.started_at`,
  );
  // By campaign, then time: a page reads one campaign's rows (DuckDB skips the row groups of others).
  kept.links.sort((a, b) => byCodePoint(a[1], b[1]) || a[3] - b[3]);
  await insertRows(tx, 'campaign_links', kept.links);
}

async function insertRows(
  tx: Db,
  table: 'campaign_members' | 'campaign_links',
  rows: unknown[][],
  columns = '*',
  select = `SELECT * FROM ${table}_stage`,
): Promise<void> {
  if (rows.length === 0) return;
  await tx.run(`CREATE TEMP TABLE IF NOT EXISTS ${table}_stage AS SELECT ${columns} FROM ${table} LIMIT 0`);
  await tx.run(`TRUNCATE ${table}_stage`);
  await tx.appendRows(`${table}_stage`, rows);
  await tx.run(`INSERT INTO ${table} ${select}`);
  await tx.run(`DELETE FROM ${table}_stage`);
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
  // The data steps of migrations 20 and 23 run before the tables of migration 24 exist: its own rebuilds them.
  if (!(await keptSchema(tx))) return;
  // Only values two or more rows carry, and the strong rows (see recompute).
  const p = new Params();
  const rows = await tx.all(
    `SELECT call_sid, started_at, kind, value FROM (
       SELECT call_sid, started_at, kind, value, count(*) OVER (PARTITION BY kind, value) AS carriers FROM call_identifiers WHERE org_id = ${p.p(orgId)}
     ) w WHERE carriers > 1 OR kind IN (${p.list(STRONG_KINDS)})`,
    p.values,
  );
  await tx.run('DELETE FROM campaign_members WHERE org_id = $1', [orgId]);
  await tx.run('DELETE FROM campaign_links WHERE org_id = $1', [orgId]);
  await insertKept(tx, membersOf(orgId, rows.map(identifierRow)));
  if (await carrierSchema(tx)) await rebuildOrgCarriers(tx, orgId);
}

/** The weak carriers of every org written again (migration 26). */
export async function rebuildCarriers(db: Db): Promise<void> {
  const orgs = (await db.all<{ org_id: string }>('SELECT DISTINCT org_id FROM call_identifiers ORDER BY org_id')).map((r) => r.org_id);
  for (const org of orgs) await db.withLock('orgCalls', org, (tx) => rebuildOrgCarriers(tx, org));
}

/** Whether migration 26 ran (weak_carriers exists): the rebuilds of migrations 20 to 24 run before it. */
async function carrierSchema(tx: Db): Promise<boolean> {
  const rows = await tx.all("SELECT 1 AS x FROM information_schema.tables WHERE table_name = 'weak_carriers'");
  return rows.length > 0;
}

/** Whether migration 24 ran (campaign_links exists). */
async function keptSchema(tx: Db): Promise<boolean> {
  const rows = await tx.all("SELECT 1 AS x FROM information_schema.tables WHERE table_name = 'campaign_links'");
  return rows.length > 0;
}
