// What the STIX builder needs of tier-1 calls (src/intel/stix): the Tier-1 fields plus caller
// ID, brand, duration, ingest time, the transcript turns that revealed each value and each
// value's first sighting in the reader's slice, and the indicator checks (a wallet failing
// its checksum gets no indicator). Pages in the Tier-1 table's default order
// (newest first, ties by call_sid), keyset-paged like tier1Pages.

import type { TranscriptTurn } from '../../domain/call.js';
import { indicatorValidity } from '../../domain/indicators/validity.js';
import type { Principal } from '../../domain/principal.js';
import type { Window } from '../../domain/window.js';
import { excerptFor } from '../../intel/stix/excerpt.js';
import type { StixCallInput } from '../../intel/stix/types.js';
import { num, numOrNull, Params, type Db, type Row } from '../db.js';
import { sliceWhere } from '../slice.js';
import { afterSql, orderBySql, pageOf, type KeyValue } from './keyset.js';
import { windowWhere } from './summary.js';
import { TIER1_SORTS, DEFAULT_TIER1_SORT } from './tier1.js';

/** The columns stixInputsOf needs; a caller paging in its own order selects these. */
export const STIX_INPUT_COLUMNS = `org_id, call_sid, started_at, duration_sec, ingested_at, caller_id, impersonated_brand,
  auditor_confidence, mule_bank_name, mule_bank_routing_number, mule_bank_account_number, mule_account_holder_name,
  crypto_wallet_address, crypto_chain, transcript_json`;

const ORDER = TIER1_SORTS.get(DEFAULT_TIER1_SORT)!;
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

function turnsOf(json: unknown): TranscriptTurn[] {
  if (typeof json !== 'string') return [];
  try {
    const t = JSON.parse(json);
    return Array.isArray(t) ? t : [];
  } catch {
    return [];
  }
}

/** Earliest started_at in the reader's slice per value of `column` (a fixed column name, never input). */
async function firstSeen(db: Db, principal: Principal, column: 'mule_bank_account_number' | 'crypto_wallet_address', values: string[]) {
  const out = new Map<string, number>();
  if (values.length === 0) return out;
  const p = new Params();
  const rows = await db.all(
    `SELECT ${column} AS v, min(started_at) AS first FROM calls
     WHERE ${sliceWhere(principal, p)} AND tier = 1 AND ${column} IN (${p.list(values)}) GROUP BY ${column}`,
    p.values,
  );
  for (const r of rows) out.set(String(r.v), num(r.first));
  return out;
}

/** Rows selected with STIX_INPUT_COLUMNS (tier-1 calls of `principal`'s slice) as builder inputs. */
export async function stixInputsOf(db: Db, principal: Principal, rows: Row[]): Promise<StixCallInput[]> {
  const distinct = (c: string) => [...new Set(rows.map((r) => str(r[c])).filter((v): v is string => v !== null))];
  const [accounts, wallets] = await Promise.all([
    firstSeen(db, principal, 'mule_bank_account_number', distinct('mule_bank_account_number')),
    firstSeen(db, principal, 'crypto_wallet_address', distinct('crypto_wallet_address')),
  ]);
  return rows.map((r) => {
    const account = str(r.mule_bank_account_number);
    const wallet = str(r.crypto_wallet_address);
    const routing = str(r.mule_bank_routing_number);
    const chain = str(r.crypto_chain);
    const turns = account || wallet ? turnsOf(r.transcript_json) : [];
    return {
      org_id: String(r.org_id),
      call_sid: String(r.call_sid),
      started_at_ms: num(r.started_at),
      duration_sec: num(r.duration_sec),
      ingested_at_ms: num(r.ingested_at),
      caller_id: str(r.caller_id),
      impersonated_brand: str(r.impersonated_brand),
      auditor_confidence: numOrNull(r.auditor_confidence),
      mule_bank_name: str(r.mule_bank_name),
      mule_bank_routing_number: routing,
      mule_bank_account_number: account,
      mule_account_holder_name: str(r.mule_account_holder_name),
      crypto_wallet_address: wallet,
      crypto_chain: chain,
      validity: indicatorValidity({ mule_bank_routing_number: routing, crypto_wallet_address: wallet, crypto_chain: chain }),
      excerpts: { account: excerptFor(turns, account), wallet: excerptFor(turns, wallet) },
      first_seen: { account: account ? (accounts.get(account) ?? null) : null, wallet: wallet ? (wallets.get(wallet) ?? null) : null },
    };
  });
}

/**
 * Every tier-1 call of the window as builder inputs, `pageSize` calls a page, newest first.
 * Each page continues strictly after the last row seen (no repeats, no gaps among ties).
 */
export async function* stixInputPages(db: Db, principal: Principal, w: Window, pageSize = 1000): AsyncGenerator<StixCallInput[]> {
  let after: KeyValue[] | null = null;
  for (;;) {
    const p = new Params();
    let where = `${windowWhere(principal, w, p)} AND tier = 1`;
    if (after) where += ` AND ${afterSql(ORDER, after, p)}`;
    const read = await db.all(
      `SELECT ${STIX_INPUT_COLUMNS} FROM calls WHERE ${where} ${orderBySql(ORDER)} LIMIT ${p.p(pageSize + 1)}`,
      p.values,
    );
    const { rows, next } = pageOf(ORDER, read, pageSize);
    if (rows.length === 0) return;
    yield await stixInputsOf(db, principal, rows);
    if (!next) return;
    after = next;
  }
}
