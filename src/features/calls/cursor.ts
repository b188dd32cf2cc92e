// The opaque page cursor of GET /api/calls and GET /api/kpis/tier1: base64url of the JSON
// `[sort, ...position]`, the sort's name and the key values of the last row of the previous
// page (see storage/queries/keyset.ts). Only the exact encoding we issue is accepted, and only
// with the sort it was issued for: anything else is 400 validation_failed.

import { validationFailed } from '../../errors.js';
import { keyValueFits, type KeyValue, type SortOrder } from '../../storage/queries/keyset.js';

// A 512-unit text escaped at 6 bytes a unit, a sid, a timestamp and a sort name, in base64.
export const MAX_CURSOR_LENGTH = 4400;

export function encodeCursor(order: SortOrder, position: readonly KeyValue[]): string {
  return Buffer.from(JSON.stringify([order.name, ...position]), 'utf8').toString('base64url');
}

/** The position a cursor holds, checked against the order the request asks for. */
export function decodeCursor(raw: string, order: SortOrder): KeyValue[] {
  const bad = (why = 'pass next_cursor from the previous page unchanged') =>
    validationFailed(`cursor is not valid: ${why}.`, [{ path: 'querystring.cursor', message: 'is not a valid cursor' }]);
  if (raw.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(raw)) throw bad();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(value) || typeof value[0] !== 'string') throw bad();
  if (value[0] !== order.name) throw bad(`it was issued for another sort than ${order.name}; start again without a cursor`);
  const position = value.slice(1) as KeyValue[];
  if (position.length !== order.keys.length || !order.keys.every((k, i) => keyValueFits(k, position[i]))) throw bad();
  // Re-encoding must give the same text: rejects padding, stray bits and re-ordered JSON.
  if (encodeCursor(order, position) !== raw) throw bad();
  return position;
}
