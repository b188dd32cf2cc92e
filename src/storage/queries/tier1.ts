// The Tier-1 table (seed §2.7, CONTRACT §6): tier-1 calls, by default newest first, ties by
// call_sid in code-point order; any row field may be the sort (see keyset.ts). The JSON table
// reads one keyset page; the CSV export reads every row in pages, in the default order.

import type { Principal } from '../../domain/principal.js';
import { formatUtc, type Window } from '../../domain/window.js';
import { num, numOrNull, Params, type Db, type Row } from '../db.js';
import { windowWhere } from './summary.js';
import { CALL_DAYS, flagsTierIs, keepsRollups, unionOverWindow } from './dailyRollups.js';
import { afterSql, orderBySql, pageOf, sortOrders, type KeyValue, type SortColumn, type SortOrder } from './keyset.js';

/** The row fields, in the seed's order (also the CSV header). */
export const TIER1_ROW_FIELDS = [
  'call_sid',
  'call_started_at',
  'auditor_confidence',
  'mule_bank_name',
  'mule_bank_routing_number',
  'mule_bank_account_number',
  'mule_account_holder_name',
  'crypto_wallet_address',
  'crypto_chain',
  'gift_card_brand',
  'physical_mule_drop_address',
] as const;

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
}

const COLUMNS = `call_sid, started_at, auditor_confidence, mule_bank_name, mule_bank_routing_number,
  mule_bank_account_number, mule_account_holder_name, crypto_wallet_address, crypto_chain,
  gift_card_brand, physical_mule_drop_address`;

const text = (column: string): SortColumn => ({ column, kind: 'text', nullable: true });

/** Every row field as a sort, ascending or with `-` descending; text by code point, nulls last. */
export const TIER1_SORTS = sortOrders({
  call_sid: { column: 'call_sid', kind: 'sid', nullable: false },
  call_started_at: { column: 'started_at', kind: 'int', nullable: false },
  auditor_confidence: { column: 'auditor_confidence', kind: 'float', nullable: true },
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

/** A stored call row as a Tier-1 row: the one mapping used by the table, the export and webhooks. */
export function tier1Row(r: Row): Tier1Row {
  return {
    call_sid: String(r.call_sid),
    call_started_at: formatUtc(new Date(num(r.started_at))),
    auditor_confidence: numOrNull(r.auditor_confidence),
    mule_bank_name: str(r.mule_bank_name),
    mule_bank_routing_number: str(r.mule_bank_routing_number),
    mule_bank_account_number: str(r.mule_bank_account_number),
    mule_account_holder_name: str(r.mule_account_holder_name),
    crypto_wallet_address: str(r.crypto_wallet_address),
    crypto_chain: str(r.crypto_chain),
    gift_card_brand: str(r.gift_card_brand),
    physical_mule_drop_address: str(r.physical_mule_drop_address),
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
 * all, and the position to continue from when another page follows.
 */
export async function tier1Table(
  db: Db,
  principal: Principal,
  w: Window,
  limit: number,
  page: Tier1Page = {},
): Promise<{ total: number; items: Tier1Row[]; next: KeyValue[] | null }> {
  const order = page.sort ?? DEFAULT_ORDER;
  const cp = new Params();
  const counts = unionOverWindow(
    keepsRollups(db.dialect),
    principal,
    w,
    cp,
    { ...CALL_DAYS, select: (where) => `SELECT sum(calls) AS n FROM call_days WHERE ${where} AND ${flagsTierIs(1)}` },
    (where) => `SELECT count(*) AS n FROM calls WHERE ${where} AND tier = 1`,
  );
  const count = db.all(`SELECT coalesce(sum(n), 0) AS total FROM (${counts}) c`, cp.values);
  const rows = tier1Rows(db, principal, w, order, page.after ?? null, limit + 1);
  const [[c], read] = await Promise.all([count, rows]);
  const { rows: kept, next } = pageOf(order, read, limit);
  return { total: num(c.total), items: kept.map(tier1Row), next };
}

/** Up to `limit` tier-1 rows of the window in `order`, after `after` when given. */
function tier1Rows(db: Db, principal: Principal, w: Window, order: SortOrder, after: KeyValue[] | null, limit: number): Promise<Row[]> {
  const p = new Params();
  let where = `${windowWhere(principal, w, p)} AND tier = 1`;
  if (after) where += ` AND ${afterSql(order, after, p)}`;
  return db.all(`SELECT ${COLUMNS} FROM calls WHERE ${where} ${orderBySql(order)} LIMIT ${p.p(limit)}`, p.values);
}

/**
 * Every tier-1 call of the window, in the table's default order, one page at a time. Each page
 * continues after the last row seen, so no row is read twice or skipped however many calls
 * share a timestamp. Pages are separate reads, not one snapshot: a call re-ingested
 * mid-export with another started_at may show at its old or new place, or not at all.
 */
export async function* tier1Pages(db: Db, principal: Principal, w: Window, pageSize = 1000): AsyncGenerator<Tier1Row[]> {
  let after: KeyValue[] | null = null;
  for (;;) {
    const { rows, next } = pageOf(DEFAULT_ORDER, await tier1Rows(db, principal, w, DEFAULT_ORDER, after, pageSize + 1), pageSize);
    if (rows.length === 0) return;
    yield rows.map(tier1Row);
    if (!next) return;
    after = next;
  }
}
