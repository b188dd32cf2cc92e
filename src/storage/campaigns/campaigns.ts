// Campaigns of one principal in one window (CONTRACT §14, docs/campaigns.md). A principal that
// sees the whole org reads the components kept at ingest (kept.ts). A sliced one (a scoped key,
// the agent's filters) gets campaigns computed at read time from the identifier rows of the
// calls of its slice in the window, so they are made of its slice alone and never reveal a call
// outside it. The previous period (same length, just before) is read for `growth`.

import {
  campaignDetail,
  campaignRow,
  previousCalls,
  previousCallsByKey,
  windowCampaigns,
  type CampaignDetail,
  type CampaignRow,
} from '../../domain/campaigns/rows.js';
import type { Component, IdentifierRow } from '../../domain/campaigns/components.js';
import { STRONG_KINDS, type IdentifierKind } from '../../domain/campaigns/identifiers.js';
import type { Principal } from '../../domain/principal.js';
import type { Window } from '../../domain/window.js';
import { validationFailed } from '../../errors.js';
import { num, Params, type Db } from '../db.js';
import { sliceWhere } from '../slice.js';
import { callFactsOf, pageOf, previousOf, spanOf, type Span } from './facts.js';
import { keptCallSids, keptDetail, keptList, keptMembers, keptWithCalls } from './kept.js';

/** Identifier rows one read may hold (about 300k calls' worth): a longer window is refused. */
const MAX_IDENTIFIER_ROWS = 1_000_000;

const sliced = (principal: Principal) => principal.scope !== null || principal.filter !== undefined;

/**
 * The identifier rows of the calls of [start, end) in the principal's org and slice that can
 * matter: every strong one (a campaign lists its own), and a weak one only when another call of
 * the span carries it too (most script bands and caller IDs are unique and join nothing). The
 * engine counts them, so JavaScript receives a fraction of the rows.
 */
async function identifierRowsOf(db: Db, principal: Principal, span: Span): Promise<IdentifierRow[]> {
  const p = new Params();
  // The slice as EXISTS on the call: PostgreSQL looks each row's call up by its primary key
  // whatever its statistics say (a join was planned as nested loops on a table not analysed yet).
  const from = sliced(principal)
    ? `call_identifiers i WHERE i.org_id = ${p.p(principal.orgId)}
       AND EXISTS (SELECT 1 FROM calls c WHERE c.org_id = i.org_id AND c.call_sid = i.call_sid AND ${sliceWhere(principal, p, 'c')})`
    : `call_identifiers i WHERE i.org_id = ${p.p(principal.orgId)}`;
  const sql = `SELECT call_sid, started_at, kind, value FROM (
      SELECT i.call_sid, i.started_at, i.kind, i.value, count(*) OVER (PARTITION BY i.kind, i.value) AS carriers
      FROM ${from} AND i.started_at >= ${p.p(span.start)} AND i.started_at < ${p.p(span.end)}
    ) w
    WHERE carriers > 1 OR kind IN (${p.list(STRONG_KINDS)})
    LIMIT ${p.p(MAX_IDENTIFIER_ROWS + 1)}`;
  const rows = await db.all(sql, p.values);
  if (rows.length > MAX_IDENTIFIER_ROWS) {
    throw validationFailed('The window holds too many calls to link into campaigns; ask for a shorter one.', [
      { path: 'range', message: `more than ${MAX_IDENTIFIER_ROWS} identifiers in the window` },
    ]);
  }
  return rows.map((r) => ({
    callSid: r.call_sid as string,
    startedAt: num(r.started_at),
    kind: r.kind as IdentifierKind,
    value: r.value as string,
  }));
}

/**
 * The window's campaigns, and the facts of the calls of those `wanted` picks. One read of both
 * periods: a weak value is kept when shared in either (buildCampaigns counts again within the
 * window), which is all the previous period's keys need for growth.
 */
async function readWindow(db: Db, principal: Principal, w: Window, wanted: (c: Component) => boolean) {
  const span = spanOf(w);
  const both = await identifierRowsOf(db, principal, { start: previousOf(span).start, end: span.end });
  const rows = both.filter((r) => r.startedAt >= span.start);
  const previousRows = both.filter((r) => r.startedAt < span.start);
  const campaigns = windowCampaigns(principal.orgId, rows);
  const kept = campaigns.graph.components.filter(wanted);
  const facts = await callFactsOf(
    db,
    principal,
    span,
    kept.flatMap((c) => c.calls),
  );
  const previousKeys = previousCallsByKey(previousRows);
  return { campaigns, kept, previous: (c: Component) => previousCalls(c, previousKeys), facts };
}

export const CAMPAIGN_SORTS = ['calls', 'dollars_asked', 'last_seen', 'growth'] as const;
export type CampaignSort = (typeof CAMPAIGN_SORTS)[number];

/** The value a sort orders by (descending; ties by id ascending). */
function sortValue(row: CampaignRow, sort: CampaignSort): number {
  switch (sort) {
    case 'calls':
      return row.calls;
    case 'dollars_asked':
      return row.total_dollars_asked;
    case 'last_seen':
      return Date.parse(row.last_seen);
    case 'growth':
      return row.growth;
  }
}

export interface CampaignListRequest {
  sort: CampaignSort;
  minCalls: number;
  limit: number;
  /** The position after which this page starts: the last row's sort value and id. */
  after: { value: number; id: string } | null;
}

export interface CampaignPage {
  items: CampaignRow[];
  next: { value: number; id: string } | null;
}

export async function listCampaigns(db: Db, principal: Principal, w: Window, req: CampaignListRequest): Promise<CampaignPage> {
  if (!sliced(principal)) return keptList(db, principal, w, req);
  const { campaigns, kept, previous, facts } = await readWindow(db, principal, w, (c) => c.calls.length >= req.minCalls);
  const rows = kept
    // A call replaced between the reads may have no facts in the window any more: its campaign waits for the next read.
    .filter((c) => c.calls.every((sid) => facts.has(sid)))
    .map((c) => campaignRow(campaigns, c, facts, previous(c)));
  const { page, next } = pageOf(
    rows,
    (row) => sortValue(row, req.sort),
    (row) => row.id,
    req.limit,
    req.after,
  );
  return { items: page, next };
}

/** One campaign of the window with its timeline, links and related signals; null when the window has none with that id. */
export async function getCampaign(db: Db, principal: Principal, w: Window, id: string): Promise<CampaignDetail | null> {
  if (!sliced(principal)) return keptDetail(db, principal, w, id);
  const { campaigns, kept, previous, facts } = await readWindow(db, principal, w, (x) => x.id === id);
  const c = kept[0];
  return c && c.calls.every((sid) => facts.has(sid)) ? campaignDetail(campaigns, c, facts, previous(c), w) : null;
}

/** The call_sids of one campaign of the window (GET /api/calls?campaign_id=), or null when there is none. */
export async function campaignCallSids(
  db: Db,
  principal: Principal,
  w: Pick<Window, 'start' | 'end'>,
  id: string,
): Promise<string[] | null> {
  if (!sliced(principal)) return keptCallSids(db, principal.orgId, w, id);
  const rows = await identifierRowsOf(db, principal, spanOf(w));
  const c = windowCampaigns(principal.orgId, rows).graph.components.find((x) => x.id === id);
  return c ? c.calls : null;
}

/**
 * A campaign's calls in the window for the query language (["is", "campaign_id", …]): for a
 * principal that sees the whole org, every call of the kept campaign in the window, however few
 * (so a comparison with the previous period counts what `previous_calls` counts); for a sliced
 * one, the calls of the slice's campaign of that window (none when it has none).
 */
export async function campaignMembers(db: Db, principal: Principal, w: Pick<Window, 'start' | 'end'>, id: string): Promise<string[]> {
  if (!sliced(principal)) return keptMembers(db, principal.orgId, w, id);
  return (await campaignCallSids(db, principal, w, id)) ?? [];
}

/** A campaign of the window with the call_sids it is made of (the STIX and MISP exports). */
export interface CampaignWithCalls {
  row: CampaignRow;
  calls: string[];
}

/** Every campaign of the window of at least `minCalls` calls, in the principal's slice, by id. */
export async function campaignsWithCalls(db: Db, principal: Principal, w: Window, minCalls: number): Promise<CampaignWithCalls[]> {
  if (!sliced(principal)) return keptWithCalls(db, principal, w, minCalls);
  const { campaigns, kept, previous, facts } = await readWindow(db, principal, w, (c) => c.calls.length >= minCalls);
  return kept
    .filter((c) => c.calls.every((sid) => facts.has(sid)))
    .map((c) => ({ row: campaignRow(campaigns, c, facts, previous(c)), calls: c.calls }))
    .sort((a, b) => (a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0));
}
