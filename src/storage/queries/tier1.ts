// The Tier-1 table (CONTRACT §6): tier-1 calls, by default newest first, ties by
// call_sid in code-point order; any row field may be the sort (see keyset.ts). The JSON table
// reads one keyset page; the CSV export reads every row in pages, in the default order.

import { TIER1_FIELDS } from '../../domain/call.js';
import { indicatorValidity, type IndicatorValidity } from '../../domain/indicators/validity.js';
import type { Principal } from '../../domain/principal.js';
import { formatUtc, type Window } from '../../domain/window.js';
import { num, numOrNull, Params, type Db, type Row } from '../db.js';
import { windowWhere } from './summary.js';
import { flagsTierIs } from '../flags.js';
import { CALL_DAYS, callRollup, unionOverWindow } from '../rollups/window.js';
import { afterSql, orderBySql, pageOf, sortOrders, type KeyValue, type SortColumn, type SortOrder } from './keyset.js';

/** The row fields, in the seed's order (also the CSV header, which has no validity column). */
export const TIER1_ROW_FIELDS = ['call_sid', 'call_started_at', 'auditor_confidence', ...TIER1_FIELDS] as const;

export interface Tier1Row {
  call_sid: string;
  /** RFC 3339 UTC. */
  call_started_at: string;
  auditor_confidence: number | null;
  mule_bank_name: string | null;
  mule_bank_routing_number: string | null;
  mule_bank_account_number: string | null;
  mule_account_holder_name: string | null;
  crypto_wallet_address: string | null;
  crypto_chain: string | null;
  gift_card_brand: string | null;
  physical_mule_drop_address: string | null;
  /** Checksums of the routing number and wallet (src/domain/indicators); JSON only, not a CSV column. */
  validity: IndicatorValidity;
}

const COLUMNS = `call_sid, started_at, auditor_confidence, mule_bank_name, mule_bank_routing_number,
  mule_bank_account_number, mule_account_holder_name, crypto_wallet_address, crypto_chain,
  gift_card_brand, physical_mule_drop_address`;

const text = (column: string): SortColumn => ({ column, kind: 'text', nullable: true });

/** Every row field as a sort, ascending or with `-` descending; text by code point, nulls last. */
export const TIER1_SORTS = sortOrders({
  call_sid: { column: 'call_sid', kind: 'sid', nullable: false },
  call_started_at: { column: 'started_at', kind: 'int', nullable: false },
  auditor_confidence: { column: 'auditor_confidence', kind: 'float', nullable: true, range: [0, 1] },
  mule_bank_name: text('mule_bank_name'),
  mule_bank_routing_number: text('mule_bank_routing_number'),
  mule_bank_account_number: text('mule_bank_account_number'),
  mule_account_holder_name: text('mule_account_holder_name'),
  crypto_wallet_address: text('crypto_wallet_address'),
  crypto_chain: text('crypto_chain'),
  gift_card_brand: text('gift_card_brand'),
  physical_mule_drop_address: text('physical_mule_drop_address'),
} satisfies Record<(typeof TIER1_ROW_FIELDS)[number], SortColumn>);
export const TIER1_SORT_NAMES = [...TIER1_SORTS.keys()];
export const DEFAULT_TIER1_SORT = '-call_started_at';
const DEFAULT_ORDER = TIER1_SORTS.get(DEFAULT_TIER1_SORT)!;

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/**
 * A stored call row as a Tier-1 row: the one mapping used by the table, the export and webhooks.
 * Built as one object literal (spreading a finished row to add its validity cost more than the
 * checksums).
 */
export function tier1Row(r: Row): Tier1Row {
  const indicators = {
    mule_bank_routing_number: str(r.mule_bank_routing_number),
    crypto_wallet_address: str(r.crypto_wallet_address),
    crypto_chain: str(r.crypto_chain),
  };
  return {
    call_sid: String(r.call_sid),
    call_started_at: formatUtc(new Date(num(r.started_at))),
    auditor_confidence: numOrNull(r.auditor_confidence),
    mule_bank_name: str(r.mule_bank_name),
    mule_bank_routing_number: indicators.mule_bank_routing_number,
    mule_bank_account_number: str(r.mule_bank_account_number),
    mule_account_holder_name: str(r.mule_account_holder_name),
    crypto_wallet_address: indicators.crypto_wallet_address,
    crypto_chain: indicators.crypto_chain,
    gift_card_brand: str(r.gift_card_brand),
    physical_mule_drop_address: str(r.physical_mule_drop_address),
    validity: indicatorValidity(indicators),
  };
}

export interface Tier1Page {
  /** Default: newest first. */
  sort?: SortOrder;
  /** Position after which the page starts (the previous page's `next`), in `sort`. */
  after?: KeyValue[] | null;
}

/**
 * One page of the window's tier-1 calls (by default the newest `limit`), how many there are in
 * all, and the position to continue from when another page follows. One statement: the count
 * (from call_days for whole days on PostgreSQL) joined to the page, so that an empty page still
 * carries it (one row with null columns then). Not a count(*) OVER () beside the rows: DuckDB
 * 1.5.5 intermittently fails such a window over a filtered, empty input with an internal error
 * that invalidates the database (duckdb/duckdb#25713), and over a long window it keeps every row.
 */
export async function tier1Table(
  db: Db,
  principal: Principal,
  w: Window,
  limit: number,
  page: Tier1Page = {},
): Promise<{ total: number; items: Tier1Row[]; next: KeyValue[] | null }> {
  const order = page.sort ?? DEFAULT_ORDER;
  const after = page.after ?? null;
  const p = new Params();
  const counts = unionOverWindow(
    db,
    principal,
    w,
    p,
    { ...CALL_DAYS, select: (where, r) => `SELECT sum(calls) AS n FROM ${callRollup(r).table} WHERE ${where} AND ${flagsTierIs(1)}` },
    (where) => `SELECT count(*) AS n FROM calls WHERE ${where} AND tier = 1`,
  );
  const rows = tier1RowsSql(principal, w, order, after, limit + 1, { columns: COLUMNS }, p);
  const read = await db.all(
    `SELECT c.total, r.* FROM (SELECT coalesce(sum(n), 0) AS total FROM (${counts}) u) c
     LEFT JOIN (${rows}) r ON TRUE
     ${orderBySql(order)}`,
    p.values,
  );
  const total = read.length ? num(read[0].total) : 0;
  const { rows: kept, next } = pageOf(
    order,
    read.filter((r) => r.call_sid !== null),
    limit,
  );
  return { total, items: kept.map(tier1Row), next };
}

/** SQL: up to `limit` tier-1 rows of the window in `order`, after `after` when given. */
function tier1RowsSql(
  principal: Principal,
  w: Window,
  order: SortOrder,
  after: KeyValue[] | null,
  limit: number,
  read: { columns: string; where?: string },
  p: Params,
): string {
  let where = `${windowWhere(principal, w, p)} AND tier = 1`;
  if (read.where) where += ` AND ${read.where}`;
  if (after) where += ` AND ${afterSql(order, after, p)}`;
  return `SELECT ${read.columns} FROM calls WHERE ${where} ${orderBySql(order)} LIMIT ${p.p(limit)}`;
}

/** Every page of tier-1 rows in the default order, each continuing after the last row seen. */
async function* pagesOf<T>(
  db: Db,
  principal: Principal,
  w: Window,
  pageSize: number,
  read: { columns: string; where?: string },
  map: (r: Row) => T,
): AsyncGenerator<T[]> {
  let after: KeyValue[] | null = null;
  for (;;) {
    const p = new Params();
    const sql = tier1RowsSql(principal, w, DEFAULT_ORDER, after, pageSize + 1, read, p);
    const { rows, next } = pageOf(DEFAULT_ORDER, await db.all(sql, p.values), pageSize);
    if (rows.length === 0) return;
    yield rows.map(map);
    if (!next) return;
    after = next;
  }
}

/**
 * Every tier-1 call of the window, in the table's default order, one page at a time. Each page
 * continues after the last row seen, so no row is read twice or skipped however many calls
 * share a timestamp. Pages are separate reads, not one snapshot: a call re-ingested
 * mid-export with another started_at may show at its old or new place, or not at all.
 */
export function tier1Pages(db: Db, principal: Principal, w: Window, pageSize = 1000): AsyncGenerator<Tier1Row[]> {
  return pagesOf(db, principal, w, pageSize, { columns: COLUMNS }, tier1Row);
}

/** A tier-1 row with what an intel export says about the call around it. */
export interface Tier1Call extends Tier1Row {
  caller_id: string | null;
  duration_sec: number;
  impersonated_brand: string | null;
}

/** Which tier-1 calls an export pass reads. */
export type Tier1CallSelection = 'all' | 'routing_without_account';

const SELECTIONS: Record<Tier1CallSelection, string | undefined> = {
  all: undefined,
  // Fixed SQL, no values: a routing number that no account number comes with.
  routing_without_account: 'mule_bank_routing_number IS NOT NULL AND mule_bank_account_number IS NULL',
};

/** Like tier1Pages, with the caller ID, duration and impersonated brand of each call (STIX, MISP). */
export function tier1CallPages(
  db: Db,
  principal: Principal,
  w: Window,
  pageSize = 1000,
  selection: Tier1CallSelection = 'all',
): AsyncGenerator<Tier1Call[]> {
  return pagesOf(
    db,
    principal,
    w,
    pageSize,
    { columns: `${COLUMNS}, caller_id, duration_sec, impersonated_brand`, where: SELECTIONS[selection] },
    (r) => ({
      ...tier1Row(r),
      caller_id: str(r.caller_id),
      duration_sec: num(r.duration_sec),
      impersonated_brand: str(r.impersonated_brand),
    }),
  );
}
