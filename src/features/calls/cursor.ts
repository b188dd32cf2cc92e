// The opaque page cursor of GET /api/calls: base64url of the JSON `[started_at_ms, call_sid]`
// of the last call of the previous page. Only the exact encoding we issue is accepted.

import { validationFailed } from '../../errors.js';
import type { CallPosition } from '../../storage/queries/calls.js';

const SID = /^[A-Za-z0-9_-]{1,64}$/;
export const MAX_CURSOR_LENGTH = 200;

export function encodeCursor(pos: CallPosition): string {
  return Buffer.from(JSON.stringify([pos.startedAt, pos.callSid]), 'utf8').toString('base64url');
}

export function decodeCursor(raw: string): CallPosition {
  const bad = () =>
    validationFailed('cursor is not valid: pass next_cursor from the previous page unchanged.', [
      { path: 'querystring.cursor', message: 'is not a valid cursor' },
    ]);
  if (raw.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(raw)) throw bad();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    !Number.isSafeInteger(value[0]) ||
    typeof value[1] !== 'string' ||
    !SID.test(value[1])
  ) {
    throw bad();
  }
  const pos = { startedAt: value[0] as number, callSid: value[1] as string };
  // Re-encoding must give the same text: rejects padding, stray bits and re-ordered JSON.
  if (encodeCursor(pos) !== raw) throw bad();
  return pos;
}
