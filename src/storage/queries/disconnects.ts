// Disconnect breakdown (seed §2.9, CONTRACT §6): calls per disconnect reason; calls with a
// null reason are in none.

import { DISCONNECT_REASONS, type DisconnectReason } from '../../domain/call.js';
import type { Principal } from '../../domain/principal.js';
import type { Window } from '../../domain/window.js';
import { num, Params, type Db } from '../db.js';
import { windowWhere } from './summary.js';

export type DisconnectBreakdown = Record<DisconnectReason, number>;

export async function disconnectBreakdown(db: Db, principal: Principal, w: Window): Promise<DisconnectBreakdown> {
  const p = new Params();
  const counts = DISCONNECT_REASONS.map((r, i) => `count(*) FILTER (WHERE disconnect_reason = ${p.p(r)}) AS r${i}`).join(', ');
  const [row] = await db.all(`SELECT ${counts} FROM calls WHERE ${windowWhere(principal, w, p)}`, p.values);
  return Object.fromEntries(DISCONNECT_REASONS.map((r, i) => [r, num(row[`r${i}`])])) as DisconnectBreakdown;
}
