// The Tier-1 table (seed §2.7, CONTRACT §6): tier-1 calls, newest first, ties by call_sid in
// code-point order. The JSON table reads one page; the CSV export reads every row in pages
// with keyset pagination on (started_at, call_sid), in the same order.

import type { Principal } from '../../domain/principal.js';
import { formatUtc, type Window } from '../../domain/window.js';
import { num, numOrNull, Params, type Db, type Row } from '../db.js';
import { windowWhere } from './summary.js';
import { CALL_DAYS, flagsTierIs, keepsRollups, unionOverWindow } from './dailyRollups.js';
import { byCodePoint } from './textOrder.js';

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
const ORDER = `ORDER BY started_at DESC, ${byCodePoint('call_sid')}`;

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

/** The newest `limit` tier-1 calls of the window, and how many there are in all. */
export async function tier1Table(
  db: Db,
  principal: Principal,
  w: Window,
  limit: number,
): Promise<{ total: number; items: Tier1Row[] }> {
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
  const p = new Params();
  const rows = db.all(
    `SELECT ${COLUMNS} FROM calls WHERE ${windowWhere(principal, w, p)} AND tier = 1 ${ORDER} LIMIT ${p.p(limit)}`,
    p.values,
  );
  const [[c], items] = await Promise.all([count, rows]);
  return { total: num(c.total), items: items.map(tier1Row) };
}

/**
 * Every tier-1 call of the window, in the table's order, one page at a time. Each page
 * continues after the last (started_at, call_sid) seen, so no row is read twice or skipped
 * however many calls share a timestamp. Pages are separate reads, not one snapshot: a call
 * re-ingested mid-export with another started_at may show at its old or new place, or not at all.
 */
export async function* tier1Pages(db: Db, principal: Principal, w: Window, pageSize = 1000): AsyncGenerator<Tier1Row[]> {
  let after: { startedAt: number; callSid: string } | null = null;
  for (;;) {
    const p = new Params();
    let where = `${windowWhere(principal, w, p)} AND tier = 1`;
    if (after) {
      const t = p.p(after.startedAt);
      where += ` AND (started_at < ${t} OR (started_at = ${t} AND ${byCodePoint('call_sid')} > ${p.p(after.callSid)}))`;
    }
    const rows = await db.all(`SELECT ${COLUMNS} FROM calls WHERE ${where} ${ORDER} LIMIT ${p.p(pageSize)}`, p.values);
    if (rows.length === 0) return;
    yield rows.map(tier1Row);
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1];
    after = { startedAt: num(last.started_at), callSid: String(last.call_sid) };
  }
}
