// The TAXII collection's reads (features/taxii): the tier-1 calls of the caller's slice in
// the order they were added, (ingested_at, call_sid by code point), page by page. A call's
// STIX objects are "added" when the call is (re-)ingested, so this order is TAXII's
// date_added order and `added_after` is a bound on ingested_at.

import type { Principal } from '../../domain/principal.js';
import { Params, type Db, type Row } from '../db.js';
import { sliceWhere } from '../slice.js';
import { STIX_INPUT_COLUMNS } from './stixInputs.js';
import { byCodePoint } from './textOrder.js';

/** A place in the order: the call (ingested_at, call_sid); call_sid '' is before every call of that instant. */
export interface AddedPosition {
  ingestedAt: number;
  callSid: string;
}

export interface AddedRange {
  /** Inclusive start: rows at or after this position (null: from the first). */
  from: AddedPosition | null;
  /** Only calls ingested strictly after this instant (epoch ms; TAXII added_after). */
  addedAfter: number | null;
  /** Only calls ingested strictly before this instant (epoch ms): what has settled. */
  before: number;
}

function rangeWhere(principal: Principal, r: AddedRange, p: Params): string {
  const parts = [sliceWhere(principal, p), 'tier = 1', `ingested_at < ${p.p(r.before)}`];
  if (r.addedAfter !== null) parts.push(`ingested_at > ${p.p(r.addedAfter)}`);
  if (r.from) {
    const at = p.p(r.from.ingestedAt);
    parts.push(`(ingested_at > ${at} OR (ingested_at = ${at} AND ${byCodePoint('call_sid')} >= ${p.p(r.from.callSid)}))`);
  }
  return parts.join(' AND ');
}

/**
 * Up to `limit` tier-1 calls of `principal`'s slice in added order, selected with
 * STIX_INPUT_COLUMNS (for stixCallRowOf).
 */
export function addedCalls(db: Db, principal: Principal, r: AddedRange, limit: number): Promise<Row[]> {
  const p = new Params();
  const where = rangeWhere(principal, r, p);
  return db.all(
    `SELECT ${STIX_INPUT_COLUMNS} FROM calls WHERE ${where} ORDER BY ingested_at, ${byCodePoint('call_sid')} LIMIT ${p.p(limit)}`,
    p.values,
  );
}
