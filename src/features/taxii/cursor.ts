// The opaque `next` of the objects and manifest endpoints: base64url of the JSON
// [1, ingested_at, call_sid, skip, binding] — the call (or '' for the collection's first,
// static objects) where the next page starts, how many of that call's objects it skips, and a
// digest of the collection, endpoint and match[] filters it was issued for — then "." and a
// checksum of that text. A cursor that was altered, truncated, re-encoded or issued for other
// filters is a 400. The checksum has no secret (instances share none); forging one would only
// name a position in the caller's own collection, which added_after can name anyway.

import { createHash } from 'node:crypto';
import { CALL_SID_RE } from '../../domain/call.js';
import { validationFailed } from '../../errors.js';
import type { AddedPosition } from '../../storage/queries/taxii.js';

export interface Cursor extends AddedPosition {
  /** Objects of this call (or of the static objects when callSid is '') already passed. */
  skip: number;
}

export const MAX_NEXT_LENGTH = 512;
/** More objects than any call contributes: a skip beyond it is not one we issued. */
const MAX_SKIP = 10_000;

const digest = (text: string, bytes: number) => createHash('sha256').update(text).digest().subarray(0, bytes).toString('base64url');

/** What a cursor is bound to: the collection, the endpoint (and object id) and the match[] filters, canonical. */
export const bindingOf = (parts: readonly string[]): string => digest(JSON.stringify(parts), 12);

export function encodeNext(c: Cursor, binding: string): string {
  const body = Buffer.from(JSON.stringify([1, c.ingestedAt, c.callSid, c.skip, binding]), 'utf8').toString('base64url');
  return `${body}.${digest(`taxii-next:${body}`, 12)}`;
}

export function decodeNext(raw: string, binding: string): Cursor {
  const bad = (why = 'pass "next" from the previous page unchanged, with the same match[] filters') =>
    validationFailed(`next is not valid: ${why}.`, [{ path: 'querystring.next', message: 'is not a valid next value' }]);
  if (raw.length > MAX_NEXT_LENGTH || !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(raw)) throw bad();
  const [body] = raw.split('.');
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(value) || value.length !== 5 || value[0] !== 1) throw bad();
  const [, ingestedAt, callSid, skip, bound] = value as unknown[];
  if (
    !Number.isSafeInteger(ingestedAt) ||
    (ingestedAt as number) < 0 ||
    typeof callSid !== 'string' ||
    (callSid !== '' && !CALL_SID_RE.test(callSid)) ||
    !Number.isSafeInteger(skip) ||
    (skip as number) < 0 ||
    (skip as number) > MAX_SKIP ||
    typeof bound !== 'string'
  ) {
    throw bad();
  }
  const cursor: Cursor = { ingestedAt: ingestedAt as number, callSid, skip: skip as number };
  // Re-encoding must give the same text: rejects any change, padding or re-ordered JSON.
  if (encodeNext(cursor, bound) !== raw) throw bad();
  if (bound !== binding) throw bad('it was issued for another collection, endpoint or match[] filters; start again without it');
  return cursor;
}
