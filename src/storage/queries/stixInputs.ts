// What the STIX builder (src/intel/stix) needs of tier-1 calls, as plain rows: the call's
// columns, and the history in the reader's slice of every value several calls share (caller
// IDs, bank accounts, wallets, brands, and the account and wallet indicators with their
// brands): the first ingest of a call revealing it and the last call revealing it. Pages in the
// Tier-1 table's default order (newest first, ties by call_sid), keyset-paged like tier1Pages.
//
// "First ingest" is the webhook event a call gets the first time it is stored as a tier-1 call
// with a mule account or a wallet (webhook_events, kept whatever the subscriptions): a
// re-ingest keeps it, so a value's first sighting never moves. A call without one (stored
// before it was recorded) counts its ingest.

import type { Principal } from '../../domain/principal.js';
import type { Window } from '../../domain/window.js';
import { num, numOrNull, Params, type Db, type Row } from '../db.js';
import { sliceWhere } from '../slice.js';
import { afterSql, orderBySql, pageOf, type KeyValue } from './keyset.js';
import { windowWhere } from './summary.js';
import { byCodePoint } from './textOrder.js';
import { TIER1_SORTS, DEFAULT_TIER1_SORT } from './tier1.js';

/** The columns stixCallRowsOf needs; a caller paging in its own order selects these. */
export const STIX_INPUT_COLUMNS = `org_id, call_sid, started_at, duration_sec, ingested_at, caller_id, impersonated_brand,
  auditor_confidence, mule_bank_name, mule_bank_routing_number, mule_bank_account_number, mule_account_holder_name,
  crypto_wallet_address, crypto_chain, transcript_json`;

/** One tier-1 call as stored. */
export interface StixCallRow {
  org_id: string;
  call_sid: string;
  started_at: number;
  duration_sec: number;
  ingested_at: number;
  caller_id: string | null;
  impersonated_brand: string | null;
  auditor_confidence: number | null;
  mule_bank_name: string | null;
  mule_bank_routing_number: string | null;
  mule_bank_account_number: string | null;
  mule_account_holder_name: string | null;
  crypto_wallet_address: string | null;
  crypto_chain: string | null;
  transcript_json: string | null;
}

/** A value's first sighting (epoch ms) and its last call in added order. */
interface ValueHistory {
  firstSeenMs: number;
  latest: { ingestedAt: number; callSid: string };
}

/**
 * The histories of the values of some calls, keyed by historyKey(...parts): phone [caller_id],
 * bankAccount [account, routing, holder, bank], wallet [address, lower-case chain], brand
 * [brand], account [account], walletValue [address], accountBrand [account, brand], walletBrand
 * [address, brand].
 */
export type HistoryKind = 'phone' | 'bankAccount' | 'wallet' | 'brand' | 'account' | 'walletValue' | 'accountBrand' | 'walletBrand';
export type ValueHistories = Map<string, ValueHistory>;
export const historyKey = (kind: HistoryKind, ...parts: (string | null)[]): string => JSON.stringify([kind, ...parts]);

const ORDER = TIER1_SORTS.get(DEFAULT_TIER1_SORT)!;
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

export function stixCallRowOf(r: Row): StixCallRow {
  return {
    org_id: String(r.org_id),
    call_sid: String(r.call_sid),
    started_at: num(r.started_at),
    duration_sec: num(r.duration_sec),
    ingested_at: num(r.ingested_at),
    caller_id: str(r.caller_id),
    impersonated_brand: str(r.impersonated_brand),
    auditor_confidence: numOrNull(r.auditor_confidence),
    mule_bank_name: str(r.mule_bank_name),
    mule_bank_routing_number: str(r.mule_bank_routing_number),
    mule_bank_account_number: str(r.mule_bank_account_number),
    mule_account_holder_name: str(r.mule_account_holder_name),
    crypto_wallet_address: str(r.crypto_wallet_address),
    crypto_chain: str(r.crypto_chain),
    transcript_json: str(r.transcript_json),
  };
}

/** A call's added position as sortable text: ingested_at in 15 digits, a space, call_sid (code-point order after it). */
const POSITION = `lpad(CAST(ingested_at AS VARCHAR), 15, '0') || ' ' || call_sid`;

/** The webhook event whose time is a value's first sighting (see the top of this file). */
type FirstEvent = 'tier1.mule_account_extracted' | 'tier1.crypto_wallet_extracted';

interface Values {
  phones: string[];
  accounts: string[];
  routings: string[];
  wallets: string[];
  brands: string[];
}

/** Each history read: its key columns of `s` and its condition (fixed text, never input), and the event of its first sighting. */
const KINDS: { kind: HistoryKind; keys: string[]; where: (p: Params, v: Values) => string | null; event?: FirstEvent }[] = [
  { kind: 'phone', keys: ['s.caller_id'], where: (p, v) => inList(p, 's.caller_id', v.phones) },
  {
    kind: 'bankAccount',
    keys: ['s.mule_bank_account_number', 's.mule_bank_routing_number', 's.mule_account_holder_name', 's.mule_bank_name'],
    where: (p, v) => either(inList(p, 's.mule_bank_account_number', v.accounts), inList(p, 's.mule_bank_routing_number', v.routings)),
  },
  {
    kind: 'wallet',
    keys: ['s.crypto_wallet_address', 'lower(s.crypto_chain)'],
    where: (p, v) => inList(p, 's.crypto_wallet_address', v.wallets),
  },
  { kind: 'brand', keys: ['s.impersonated_brand'], where: (p, v) => inList(p, 's.impersonated_brand', v.brands) },
  {
    kind: 'account',
    keys: ['s.mule_bank_account_number'],
    where: (p, v) => inList(p, 's.mule_bank_account_number', v.accounts),
    event: 'tier1.mule_account_extracted',
  },
  {
    kind: 'walletValue',
    keys: ['s.crypto_wallet_address'],
    where: (p, v) => inList(p, 's.crypto_wallet_address', v.wallets),
    event: 'tier1.crypto_wallet_extracted',
  },
  {
    kind: 'accountBrand',
    keys: ['s.mule_bank_account_number', 's.impersonated_brand'],
    where: (p, v) => both(p, ['s.mule_bank_account_number', v.accounts], ['s.impersonated_brand', v.brands]),
    event: 'tier1.mule_account_extracted',
  },
  {
    kind: 'walletBrand',
    keys: ['s.crypto_wallet_address', 's.impersonated_brand'],
    where: (p, v) => both(p, ['s.crypto_wallet_address', v.wallets], ['s.impersonated_brand', v.brands]),
    event: 'tier1.crypto_wallet_extracted',
  },
];

const inList = (p: Params, column: string, values: string[]) => (values.length ? `${column} IN (${p.list(values)})` : null);
const either = (a: string | null, b: string | null) => (a && b ? `(${a} OR ${b})` : (a ?? b));
/** Both lists' conditions, or null (and no parameter taken) when either list is empty. */
const both = (p: Params, a: [string, string[]], b: [string, string[]]) =>
  a[1].length && b[1].length ? `${inList(p, ...a)} AND ${inList(p, ...b)}` : null;

/**
 * The histories of every shared value of `rows` in `principal`'s slice, from the tier-1 calls
 * that contribute STIX objects (ingested before `before`, when given: what a TAXII poll has
 * settled). One statement.
 */
export async function valueHistoriesOf(
  db: Db,
  principal: Principal,
  rows: readonly StixCallRow[],
  before: number | null = null,
): Promise<ValueHistories> {
  const out: ValueHistories = new Map();
  const distinct = (pick: (r: StixCallRow) => string | null) => [...new Set(rows.map(pick).filter((v): v is string => v !== null))];
  const values: Values = {
    phones: distinct((r) => r.caller_id),
    accounts: distinct((r) => r.mule_bank_account_number),
    routings: distinct((r) => r.mule_bank_routing_number),
    wallets: distinct((r) => r.crypto_wallet_address),
    brands: distinct((r) => r.impersonated_brand),
  };
  const p = new Params();
  const settled = before === null ? '' : ` AND ingested_at < ${p.p(before)}`;
  const slice = sliceWhere(principal, p);
  const parts: string[] = [];
  for (const k of KINDS) {
    const where = k.where(p, values);
    if (!where) continue;
    const keys = [0, 1, 2, 3].map((i) => `CAST(${k.keys[i] ?? 'NULL'} AS VARCHAR) AS k${i}`).join(', ');
    // The event's time where the call has one, else its ingest (a call stored before events were kept).
    const join = k.event
      ? ` LEFT JOIN webhook_events e ON e.org_id = s.org_id AND e.call_sid = s.call_sid AND e.type = ${p.p(k.event)}`
      : '';
    const first = k.event ? 'min(coalesce(e.created_at, s.ingested_at))' : 'min(s.ingested_at)';
    parts.push(
      `SELECT CAST(${p.p(k.kind)} AS VARCHAR) AS kind, ${keys}, ${first} AS first_seen, max(${byCodePoint('s.pos')}) AS latest
       FROM s${join} WHERE ${where} GROUP BY ${k.keys.join(', ')}`,
    );
  }
  if (parts.length === 0) return out;
  const sql = `WITH s AS (
      SELECT org_id, call_sid, ingested_at, caller_id, impersonated_brand, mule_bank_name, mule_bank_routing_number,
        mule_bank_account_number, mule_account_holder_name, crypto_wallet_address, crypto_chain, ${POSITION} AS pos
      FROM calls WHERE ${slice} AND tier = 1${settled}
        AND (caller_id IS NOT NULL OR mule_bank_account_number IS NOT NULL OR mule_bank_routing_number IS NOT NULL
             OR crypto_wallet_address IS NOT NULL)
    )
    ${parts.join('\nUNION ALL\n')}`;
  for (const r of await db.all(sql, p.values)) {
    const kind = String(r.kind) as HistoryKind;
    const keyParts = KINDS.find((k) => k.kind === kind)!.keys.map((_, i) => str(r[`k${i}`]));
    const latest = String(r.latest);
    const space = latest.indexOf(' ');
    out.set(historyKey(kind, ...keyParts), {
      firstSeenMs: num(r.first_seen),
      latest: { ingestedAt: Number(latest.slice(0, space)), callSid: latest.slice(space + 1) },
    });
  }
  return out;
}

/** A page of calls and the histories of their values. */
export interface StixCallPage {
  rows: StixCallRow[];
  histories: ValueHistories;
}

/**
 * Every tier-1 call of the window with its values' histories, `pageSize` calls a page, newest
 * first. Each page continues strictly after the last row seen (no repeats, no gaps among ties).
 */
export async function* stixCallPages(db: Db, principal: Principal, w: Window, pageSize = 1000): AsyncGenerator<StixCallPage> {
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
    const calls = rows.map(stixCallRowOf);
    yield { rows: calls, histories: await valueHistoriesOf(db, principal, calls) };
    if (!next) return;
    after = next;
  }
}
