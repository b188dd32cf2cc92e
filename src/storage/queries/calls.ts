// Call search and call detail (CONTRACT §7). The list is keyset-paginated in one of
// CALL_SORTS (default newest `started_at` first); ties by started_at descending, then
// `call_sid` ascending in code-point order on every engine (see keyset.ts).

import {
  INTEL_FIELDS,
  type DisconnectReason,
  type Extraction,
  type IntelField,
  type Tier,
  type TranscriptTurn,
} from '../../domain/call.js';
import type { CallFilter } from '../../domain/callFilters.js';
import type { Principal } from '../../domain/principal.js';
import type { Scope } from '../../domain/scope.js';
import { snippetOf, type Snippet } from '../../domain/snippet.js';
import { formatUtc } from '../../domain/window.js';
import { num, numOrNull, Params, type Db, type Dialect, type Row } from '../db.js';
import { sliceWhere } from '../slice.js';
import { callSidInList } from '../campaigns/sidList.js';
import { afterSql, orderBySql, pageOf, positionColumns, sortOrders, type KeyValue, type SortOrder } from './keyset.js';
import { windowWhere } from './summary.js';

export interface CallSummary {
  call_sid: string;
  started_at: string;
  duration_sec: number;
  caller_id: string | null;
  caller_state: string | null;
  persona: string | null;
  disconnect_reason: DisconnectReason | null;
  cleanly_closed: boolean | null;
  tier: Tier | null;
  hooked: boolean;
  has_intel: boolean;
  auditor_confidence: number | null;
  impersonated_brand: string | null;
  lure_category: string | null;
  payment_method: string | null;
  total_dollars_asked: number;
  dollars_dangled: number | null;
}

export interface CallDetail extends CallSummary {
  caller_area_code: string | null;
  transcript: TranscriptTurn[];
  /** When the org's retention policy removed the transcript (docs/retention.md); null while it is kept or when none was ingested. */
  transcript_removed_at: string | null;
  transcript_removed_reason: 'retention_policy' | null;
  extraction: Extraction | null;
}

/** The orders of the list: each field ascending, or descending with a `-` prefix. */
export const CALL_SORTS = sortOrders({
  started_at: { column: 'started_at', kind: 'int', nullable: false },
  duration_sec: { column: 'duration_sec', kind: 'int', nullable: false, range: [0, 86_400] },
  auditor_confidence: { column: 'auditor_confidence', kind: 'float', nullable: true, range: [0, 1] },
});
export const CALL_SORT_NAMES = [...CALL_SORTS.keys()];
export const DEFAULT_CALL_SORT = '-started_at';

interface CallListItem extends CallSummary {
  /** Only when asked for with a text filter: the first matching turn, null when no single turn holds q. */
  snippet?: Snippet | null;
}

export interface CallPage {
  items: CallListItem[];
  /** Position of the last item when another page follows, else null. */
  next: KeyValue[] | null;
  /** Calls matching the filter on every page, when asked for. */
  total?: number;
}

export interface CallPageRequest {
  limit: number;
  /** Position after which the page starts (from the previous page's `next`), in `sort`. */
  after: KeyValue[] | null;
  /** Default: newest first. */
  sort?: SortOrder;
  /** Count every matching call too (one more query). */
  total?: boolean;
  /** With a text filter, give each item its `snippet` (reads the transcripts of the page). */
  snippets?: boolean;
  /** Only these calls (a campaign's: GET /api/calls?campaign_id=); null or absent, no such limit. */
  onlySids?: readonly string[] | null;
}

const SUMMARY_COLUMNS = [
  'call_sid',
  'started_at',
  'duration_sec',
  'caller_id',
  'caller_state',
  'persona',
  'disconnect_reason',
  'cleanly_closed',
  'tier',
  'hooked',
  'has_intel',
  'auditor_confidence',
  'impersonated_brand',
  'lure_category',
  'payment_method',
  'asks_total',
  'dollars_dangled',
];
const DETAIL_COLUMNS = [
  ...new Set([
    ...SUMMARY_COLUMNS,
    'caller_area_code',
    'has_extraction',
    ...INTEL_FIELDS,
    'dollar_asks',
    'transcript_json',
    'transcript_removed_at',
  ]),
];

interface OnlySids {
  dialect: Dialect;
  sids: readonly string[];
}

/**
 * Tenant, slice, window and every call-list filter as one WHERE clause. `savedScope` is the
 * scope kept by a saved search: it narrows the caller's own slice, never widens it.
 */
function callFilterWhere(
  principal: Principal,
  f: CallFilter,
  params: Params,
  savedScope: Scope | null = null,
  onlySids: OnlySids | null = null,
): string {
  const parts = [windowWhere(principal, f.window, params)];
  if (onlySids) parts.push(callSidInList(onlySids.dialect, onlySids.sids, params));
  if (savedScope) parts.push(sliceWhere({ orgId: principal.orgId, scope: savedScope }, params));
  if (f.q !== null) parts.push(`strpos(transcript_lower, ${params.p(f.q)}) > 0`);
  for (const [column, values] of Object.entries(f.values)) {
    parts.push(`lower(${column}) IN (${params.list(values)})`);
  }
  if (f.tiers) parts.push(`tier IN (${params.list(f.tiers)})`);
  if (f.hooked !== null) parts.push(`hooked = ${params.p(f.hooked)}`);
  if (f.minDurationSec !== null) parts.push(`duration_sec >= ${params.p(f.minDurationSec)}`);
  if (f.maxDurationSec !== null) parts.push(`duration_sec <= ${params.p(f.maxDurationSec)}`);
  return parts.join(' AND ');
}

const str = (v: unknown) => (v === null || v === undefined ? null : (v as string));

function summaryOf(r: Row): CallSummary {
  return {
    call_sid: r.call_sid as string,
    started_at: formatUtc(num(r.started_at)),
    duration_sec: num(r.duration_sec),
    caller_id: str(r.caller_id),
    caller_state: str(r.caller_state),
    persona: str(r.persona),
    disconnect_reason: str(r.disconnect_reason) as DisconnectReason | null,
    cleanly_closed: (r.cleanly_closed as boolean | null) ?? null,
    tier: numOrNull(r.tier) as Tier | null,
    hooked: r.hooked === true,
    has_intel: r.has_intel === true,
    auditor_confidence: numOrNull(r.auditor_confidence),
    impersonated_brand: str(r.impersonated_brand),
    lure_category: str(r.lure_category),
    payment_method: str(r.payment_method),
    total_dollars_asked: num(r.asks_total),
    dollars_dangled: numOrNull(r.dollars_dangled),
  };
}

export async function listCalls(
  db: Db,
  principal: Principal,
  filter: CallFilter,
  page: CallPageRequest,
  savedScope: Scope | null = null,
): Promise<CallPage> {
  const order = page.sort ?? CALL_SORTS.get(DEFAULT_CALL_SORT)!;
  const snippets = page.snippets === true && filter.q !== null;
  const columns = [...new Set([...SUMMARY_COLUMNS, ...positionColumns(order), ...(snippets ? ['transcript_json'] : [])])];
  const p = new Params();
  const onlySids = page.onlySids ? { dialect: db.dialect, sids: page.onlySids } : null;
  let where = callFilterWhere(principal, filter, p, savedScope, onlySids);
  if (page.after) where += ` AND ${afterSql(order, page.after, p)}`;
  const [rows, total] = await Promise.all([
    db.all(`SELECT ${columns.join(', ')} FROM calls WHERE ${where} ${orderBySql(order)} LIMIT ${p.p(page.limit + 1)}`, p.values),
    page.total ? countCalls(db, principal, filter, savedScope, onlySids) : undefined,
  ]);
  const { rows: kept, next } = pageOf(order, rows, page.limit);
  const items: CallListItem[] = kept.map((r) => {
    const item: CallListItem = summaryOf(r);
    if (snippets) {
      const turns = r.transcript_json ? (JSON.parse(r.transcript_json as string) as TranscriptTurn[]) : [];
      item.snippet = snippetOf(turns, filter.q!);
    }
    return item;
  });
  return { items, next, ...(total !== undefined ? { total } : {}) };
}

/** How many calls match the filter (all pages). */
async function countCalls(
  db: Db,
  principal: Principal,
  filter: CallFilter,
  savedScope: Scope | null = null,
  onlySids: OnlySids | null = null,
): Promise<number> {
  const p = new Params();
  const where = callFilterWhere(principal, filter, p, savedScope, onlySids);
  const [row] = await db.all(`SELECT count(*) AS n FROM calls WHERE ${where}`, p.values);
  return num(row.n);
}

/**
 * SQL reading one call's detail columns by call_sid within the principal's org and slice.
 * DuckDB reads the row through its index on call_sid (migration 12) only when that is the
 * scan's one filter, so the org and slice are computed beside the columns as `visible`, and
 * only a visible row is the call (the same call_sid may be stored by other orgs). One plain
 * scan, no materialised row in between: that copy of ~35 columns cost more than the lookup.
 * PostgreSQL's primary key takes both in the WHERE clause.
 */
export function callDetailSql(dialect: Dialect, principal: Principal, callSid: string, p: Params): string {
  const columns = DETAIL_COLUMNS.join(', ');
  return dialect === 'duckdb'
    ? `SELECT ${columns}, (${sliceWhere(principal, p)}) AS visible FROM calls WHERE call_sid = ${p.p(callSid)}`
    : `SELECT ${columns}, TRUE AS visible FROM calls WHERE ${sliceWhere(principal, p)} AND call_sid = ${p.p(callSid)}`;
}

/** The whole call, or null when it does not exist in the principal's org and slice. */
export async function getCall(db: Db, principal: Principal, callSid: string): Promise<CallDetail | null> {
  const p = new Params();
  const rows = await db.all(callDetailSql(db.dialect, principal, callSid, p), p.values);
  const r = rows.find((row) => row.visible === true);
  if (!r) return null;
  let extraction: Extraction | null = null;
  if (r.has_extraction === true) {
    const intel = Object.fromEntries(INTEL_FIELDS.map((f) => [f, str(r[f])])) as Record<IntelField, string | null>;
    extraction = {
      ...intel,
      auditor_confidence: numOrNull(r.auditor_confidence),
      dollar_asks: ((r.dollar_asks as unknown[] | null) ?? []).map(num),
      dollars_dangled: numOrNull(r.dollars_dangled),
    };
  }
  return {
    ...summaryOf(r),
    caller_area_code: str(r.caller_area_code),
    transcript: r.transcript_json ? (JSON.parse(r.transcript_json as string) as TranscriptTurn[]) : [],
    transcript_removed_at: r.transcript_removed_at == null ? null : formatUtc(num(r.transcript_removed_at)),
    transcript_removed_reason: r.transcript_removed_at == null ? null : 'retention_policy',
    extraction,
  };
}
