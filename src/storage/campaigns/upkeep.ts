// Kept components (docs/campaigns.md, Kept components): each org's campaigns over all its calls,
// recomputed at ingest for the part of the org a batch can change, in the batch's transaction
// (under the org's ingest lock, so one writer per org).
//
// Why recomputing a region is exact: whether a key is common depends only on the calls of its
// raw component (the component when every shared key links), and campaigns split raw components
// only. So the campaigns of a set of whole raw components are those of the org restricted to it.
// A batch can change: the raw components its calls were in (a re-ingest may remove a link, the
// removal case), and those of the stored calls that share a value with its calls now. Those
// components, the batch and those calls make a closed region: no call outside it shares a link
// key with a call inside (a stored call outside kept its links, and any call linked to the batch
// shares a value with it). The region is recomputed from call_identifiers with buildCampaigns.

import { buildCampaigns, type IdentifierRow } from '../../domain/campaigns/components.js';
import { isStrong, type IdentifierKind } from '../../domain/campaigns/identifiers.js';
import { num, Params, type Db } from '../db.js';
import { callSidInList, valueInList } from './sidList.js';

/** Columns of campaign_members, in table order. */
type MemberRow = [orgId: string, callSid: string, startedAt: number, component: string, campaignId: string | null];

let enabled = true;

/** The bench's A/B (bench/campaigns.ts): ingest without keeping components. Never off in the service. */
export function setComponentUpkeep(on: boolean): void {
  enabled = on;
}

/**
 * After a batch's calls and identifier rows are stored (same transaction): recomputes the
 * components the batch can change. `identifiers` are the batch's rows (org, sid, started_at,
 * kind, value); `sids` every call_sid of the batch, also those without identifiers (a re-ingest
 * that removed them all must leave its component).
 */
export async function keepComponents(tx: Db, orgId: string, sids: readonly string[], identifiers: readonly unknown[][]): Promise<void> {
  if (!enabled || sids.length === 0) return;
  const batch = new Set(sids);
  const partners = await sharingCalls(tx, orgId, batch, identifiers);
  const known = [...batch, ...partners];
  const components = new Set(
    (await selectSids(tx, 'SELECT call_sid, component FROM campaign_members WHERE org_id = $1 AND', orgId, known, 'call_sid')).map(
      (r) => r.component as string,
    ),
  );
  const region = new Set(known);
  for (const r of await selectSids(tx, 'SELECT call_sid FROM campaign_members WHERE org_id = $1 AND', orgId, [...components], 'component'))
    region.add(r.call_sid as string);
  // A batch of lone calls that share nothing with each other or with stored calls changes nothing.
  if (components.size === 0 && partners.size === 0 && !sharesWithin(identifiers)) return;
  await recompute(tx, orgId, [...region]);
}

/**
 * The stored calls (outside the batch) that carry a value one of the batch's calls carries and
 * could link to it: a strong value, or two weak values of different kinds (a link needs both).
 */
async function sharingCalls(tx: Db, orgId: string, batch: Set<string>, identifiers: readonly unknown[][]): Promise<Set<string>> {
  const values = new Set<string>();
  const kindsOf = new Map<string, Set<string>>();
  for (const row of identifiers) {
    const [, , , kind, value] = row as [string, string, number, string, string];
    values.add(value);
    let kinds = kindsOf.get(value);
    if (!kinds) kindsOf.set(value, (kinds = new Set()));
    kinds.add(kind);
  }
  if (values.size === 0) return new Set();
  const p = new Params();
  const rows = await tx.all(
    `SELECT call_sid, kind, value FROM call_identifiers WHERE org_id = ${p.p(orgId)} AND ${valueInList(tx.dialect, [...values], p)}`,
    p.values,
  );
  const weakKinds = new Map<string, Set<string>>();
  const out = new Set<string>();
  for (const r of rows) {
    const sid = r.call_sid as string;
    const kind = r.kind as string;
    if (batch.has(sid) || !kindsOf.get(r.value as string)?.has(kind)) continue;
    if (isStrong(kind as IdentifierKind)) out.add(sid);
    else {
      let kinds = weakKinds.get(sid);
      if (!kinds) weakKinds.set(sid, (kinds = new Set()));
      kinds.add(kind);
      if (kinds.size >= 2) out.add(sid);
    }
  }
  return out;
}

/** Whether two calls of the batch carry one value (they may link to each other). */
function sharesWithin(identifiers: readonly unknown[][]): boolean {
  const seen = new Map<string, string>();
  for (const row of identifiers) {
    const [, sid, , kind, value] = row as [string, string, number, string, string];
    const key = `${kind}\u0000${value}`;
    const other = seen.get(key);
    if (other !== undefined && other !== sid) return true;
    seen.set(key, sid);
  }
  return false;
}

function selectSids(tx: Db, head: string, orgId: string, list: readonly string[], column: string) {
  const p = new Params();
  p.p(orgId);
  return tx.all(`${head} ${callSidInList(tx.dialect, list, p, column)}`, p.values);
}

/** Replaces the member rows of `region` (a closed set of calls, see the header) by its components now. */
async function recompute(tx: Db, orgId: string, region: readonly string[]): Promise<void> {
  const rows = await selectSids(
    tx,
    'SELECT call_sid, started_at, kind, value FROM call_identifiers WHERE org_id = $1 AND',
    orgId,
    region,
    'call_sid',
  );
  const members = membersOf(orgId, rows.map(identifierRow));
  const p = new Params();
  p.p(orgId);
  await tx.run(`DELETE FROM campaign_members WHERE org_id = $1 AND ${callSidInList(tx.dialect, region, p)}`, p.values);
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
