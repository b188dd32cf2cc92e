// Campaigns read from the kept components (campaign_members, storage/campaigns/upkeep.ts): the
// path of principals that see the whole org (docs/campaigns.md, Kept components). A campaign is
// a component of all the org's calls; a window shows those with two or more calls in it, with
// the figures of those calls. Reads aggregate per component; nothing is linked at read time but
// the one component a campaign's page describes. Each read first settles the calls ingest left
// pending (upkeep.ts).

import { buildCampaigns, byCodePoint, type Component } from '../../domain/campaigns/components.js';
import { isStrong, STRONG_KINDS } from '../../domain/campaigns/identifiers.js';
import { campaignDetail, campaignRow, rowsByCall, type CampaignDetail, type CampaignRow } from '../../domain/campaigns/rows.js';
import type { Principal } from '../../domain/principal.js';
import { formatUtc, type Window } from '../../domain/window.js';
import { num, Params, type Db } from '../db.js';
import { callFactsOf, identifierRowOf, identifierRowsOfCalls, pageOf, previousOf, spanOf, type Span } from './facts.js';
import { callSidInList, valueInList } from './sidList.js';
import { settleComponents } from './upkeep.js';

/** A campaign has at least this many calls in a window to be one of the window's. */
const MIN_IN_WINDOW = 2;

interface Candidate {
  id: string;
  calls: number;
  previous: number;
  lastSeen: number;
  cents: number;
}

/**
 * Each campaign with `minCalls` or more calls in the window: counts from campaign_members alone;
 * the calls' asks joined only when dollars are asked for (the sort by them).
 */
async function candidates(db: Db, orgId: string, span: Span, minCalls: number, dollars: boolean): Promise<Candidate[]> {
  const p = new Params();
  const org = p.p(orgId);
  const start = p.p(span.start);
  const inWindow = `CASE WHEN m.started_at >= ${start} THEN 1 ELSE 0 END`;
  const rows = await db.all(
    `SELECT m.campaign_id AS id, sum(${inWindow}) AS calls, count(*) AS span_calls, max(m.started_at) AS last_seen,
       ${dollars ? `sum(CASE WHEN m.started_at >= ${start} THEN CAST(round(c.asks_total * 100) AS BIGINT) ELSE 0 END)` : '0'} AS cents
     FROM campaign_members m
     ${dollars ? 'JOIN calls c ON c.org_id = m.org_id AND c.call_sid = m.call_sid' : ''}
     WHERE m.org_id = ${org} AND m.campaign_id IS NOT NULL
       AND m.started_at >= ${p.p(previousOf(span).start)} AND m.started_at < ${p.p(span.end)}
     GROUP BY m.campaign_id
     HAVING sum(${inWindow}) >= ${p.p(Math.max(minCalls, MIN_IN_WINDOW))}`,
    p.values,
  );
  return rows.map((r) => ({
    id: r.id as string,
    calls: num(r.calls),
    previous: num(r.span_calls) - num(r.calls),
    lastSeen: num(r.last_seen),
    cents: num(r.cents),
  }));
}

/** The calls of the window of these campaigns, earliest first (ties by call_sid). */
async function windowCalls(db: Db, orgId: string, span: Span, ids: readonly string[]): Promise<Map<string, string[]>> {
  const p = new Params();
  const rows = await db.all(
    `SELECT campaign_id, call_sid, started_at FROM campaign_members
     WHERE org_id = ${p.p(orgId)} AND started_at >= ${p.p(span.start)} AND started_at < ${p.p(span.end)}
       AND ${callSidInList(db.dialect, ids, p, 'campaign_id')}`,
    p.values,
  );
  rows.sort((a, b) => num(a.started_at) - num(b.started_at) || byCodePoint(a.call_sid as string, b.call_sid as string));
  const out = new Map<string, string[]>();
  for (const r of rows) {
    const list = out.get(r.campaign_id as string);
    if (list) list.push(r.call_sid as string);
    else out.set(r.campaign_id as string, [r.call_sid as string]);
  }
  return out;
}

/** Full rows of these candidates. */
async function rowsOf(db: Db, principal: Principal, span: Span, picked: Candidate[]): Promise<{ row: CampaignRow; calls: string[] }[]> {
  if (picked.length === 0) return [];
  const callsOf = await windowCalls(
    db,
    principal.orgId,
    span,
    picked.map((c) => c.id),
  );
  const sids = [...callsOf.values()].flat();
  const [facts, ids] = [
    await callFactsOf(db, principal, span, sids),
    await identifierRowsOfCalls(db, principal.orgId, span, sids, STRONG_KINDS),
  ];
  const rowsOfCall = rowsByCall(ids);
  const out: { row: CampaignRow; calls: string[] }[] = [];
  for (const c of picked) {
    // A call replaced between the reads may have no facts in the window any more: it waits for the next read.
    const calls = (callsOf.get(c.id) ?? []).filter((sid) => facts.has(sid));
    if (calls.length < MIN_IN_WINDOW) continue;
    out.push({ row: campaignRow({ rowsOf: rowsOfCall }, { id: c.id, calls }, facts, c.previous), calls });
  }
  return out;
}

type Sort = 'calls' | 'dollars_asked' | 'last_seen' | 'growth';

const candidateValue = (c: Candidate, sort: Sort): number =>
  sort === 'calls'
    ? c.calls
    : sort === 'dollars_asked'
      ? c.cents / 100
      : sort === 'last_seen'
        ? Date.parse(formatUtc(c.lastSeen))
        : c.calls - c.previous;

export async function keptList(
  db: Db,
  principal: Principal,
  w: Window,
  req: { sort: Sort; minCalls: number; limit: number; after: { value: number; id: string } | null },
): Promise<{ items: CampaignRow[]; next: { value: number; id: string } | null }> {
  await settleComponents(db, principal.orgId);
  const span = spanOf(w);
  const all = await candidates(db, principal.orgId, span, req.minCalls, req.sort === 'dollars_asked');
  const { page, next } = pageOf(
    all,
    (c) => candidateValue(c, req.sort),
    (c) => c.id,
    req.limit,
    req.after,
  );
  return { items: (await rowsOf(db, principal, span, page)).map((r) => r.row), next };
}

export async function keptWithCalls(
  db: Db,
  principal: Principal,
  w: Window,
  minCalls: number,
): Promise<{ row: CampaignRow; calls: string[] }[]> {
  await settleComponents(db, principal.orgId);
  const span = spanOf(w);
  const all = await candidates(db, principal.orgId, span, minCalls, false);
  return (await rowsOf(db, principal, span, all)).sort((a, b) => byCodePoint(a.row.id, b.row.id));
}

/** Every call of one campaign in the window, however few (the query language's campaign_id). */
export async function keptMembers(db: Db, orgId: string, w: Pick<Window, 'start' | 'end'>, id: string): Promise<string[]> {
  await settleComponents(db, orgId);
  return (await windowCalls(db, orgId, spanOf(w), [id])).get(id) ?? [];
}

/** The calls of one campaign in the window, or null when it has fewer than two there. */
export async function keptCallSids(db: Db, orgId: string, w: Pick<Window, 'start' | 'end'>, id: string): Promise<string[] | null> {
  await settleComponents(db, orgId);
  const calls = (await windowCalls(db, orgId, spanOf(w), [id])).get(id) ?? [];
  return calls.length >= MIN_IN_WINDOW ? calls : null;
}

/**
 * One campaign's page: its component is linked again (its raw component's rows, all time) for
 * the keys joining it; `related` reads the other calls of the window sharing one of its weak values.
 */
export async function keptDetail(db: Db, principal: Principal, w: Window, id: string): Promise<CampaignDetail | null> {
  const orgId = principal.orgId;
  await settleComponents(db, orgId);
  const span = spanOf(w);
  const members = await db.all('SELECT call_sid, started_at, component FROM campaign_members WHERE org_id = $1 AND campaign_id = $2', [
    orgId,
    id,
  ]);
  const inWindow = members.filter((m) => num(m.started_at) >= span.start && num(m.started_at) < span.end);
  if (inWindow.length < MIN_IN_WINDOW) return null;
  const previous = members.filter((m) => num(m.started_at) >= previousOf(span).start && num(m.started_at) < span.start).length;

  const raw = await db.all('SELECT call_sid, started_at FROM campaign_members WHERE org_id = $1 AND component = $2', [
    orgId,
    members[0].component as string,
  ]);
  const times = raw.map((r) => num(r.started_at));
  const rawRows = await identifierRowsOfCalls(
    db,
    orgId,
    { start: times.reduce((a, b) => Math.min(a, b)), end: times.reduce((a, b) => Math.max(a, b)) + 1 },
    raw.map((r) => r.call_sid as string),
  );
  const component = buildCampaigns(orgId, rawRows).components.find((c) => c.id === id);
  const facts = await callFactsOf(
    db,
    principal,
    span,
    inWindow.map((m) => m.call_sid as string),
  );
  if (!component) return null;
  const calls = component.calls.filter((sid) => facts.has(sid));
  if (calls.length < MIN_IN_WINDOW) return null;
  const mine = new Set(calls);
  const links = component.links
    .map((l) => ({ key: l.key, calls: l.calls.filter((sid) => mine.has(sid)) }))
    .filter((l) => l.calls.length > 0);
  const ownRows = rawRows.filter((r) => mine.has(r.callSid));
  const others = await otherCarriers(db, orgId, span, ownRows, mine);
  const campaignOf = await campaignsOfCalls(
    db,
    orgId,
    others.map((r) => r.callSid),
  );
  const rows = [...ownRows, ...others];
  const c: Component = { id, calls, links };
  return campaignDetail({ rows, rowsOf: rowsByCall(rows), campaignOf: (sid) => campaignOf.get(sid) }, c, facts, previous, w);
}

/** Rows of other calls of the window carrying one of these weak values (the campaign's `related`). */
async function otherCarriers(db: Db, orgId: string, span: Span, own: ReturnType<typeof identifierRowOf>[], mine: Set<string>) {
  const weak = new Set(own.filter((r) => !isStrong(r.kind)).map((r) => `${r.kind}\u0000${r.value}`));
  if (weak.size === 0) return [];
  const values = [...new Set(own.filter((r) => !isStrong(r.kind)).map((r) => r.value))];
  const p = new Params();
  const rows = await db.all(
    `SELECT call_sid, started_at, kind, value FROM call_identifiers
     WHERE org_id = ${p.p(orgId)} AND started_at >= ${p.p(span.start)} AND started_at < ${p.p(span.end)}
       AND ${valueInList(db.dialect, values, p)}`,
    p.values,
  );
  return rows.map(identifierRowOf).filter((r) => !mine.has(r.callSid) && weak.has(`${r.kind}\u0000${r.value}`));
}

/** The campaign of each of these calls that has one. */
async function campaignsOfCalls(db: Db, orgId: string, sids: readonly string[]): Promise<Map<string, string>> {
  if (sids.length === 0) return new Map();
  const p = new Params();
  const rows = await db.all(
    `SELECT call_sid, campaign_id FROM campaign_members WHERE org_id = ${p.p(orgId)} AND campaign_id IS NOT NULL AND ${callSidInList(db.dialect, sids, p)}`,
    p.values,
  );
  return new Map(rows.map((r) => [r.call_sid as string, r.campaign_id as string]));
}
