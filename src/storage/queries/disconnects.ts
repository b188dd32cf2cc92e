// Disconnect breakdown (seed §2.9, CONTRACT §6): calls per disconnect reason; calls with a
// null reason are in none.

import { DISCONNECT_REASONS, type DisconnectReason } from '../../domain/call.js';
import type { Principal } from '../../domain/principal.js';
import type { Window } from '../../domain/window.js';
import { num, Params, type Db } from '../db.js';
import { labelCounts } from './dailyRollups.js';

export type DisconnectBreakdown = Record<DisconnectReason, number>;

export async function disconnectBreakdown(db: Db, principal: Principal, w: Window): Promise<DisconnectBreakdown> {
  const p = new Params();
  const sums = DISCONNECT_REASONS.map((r, i) => `coalesce(sum(n) FILTER (WHERE label = ${p.p(r)}), 0) AS r${i}`).join(', ');
  const [row] = await db.all(`SELECT ${sums} FROM (${labelCounts(db.dialect, principal, w, p, 'disconnect_reason')}) v`, p.values);
  return Object.fromEntries(DISCONNECT_REASONS.map((r, i) => [r, num(row[`r${i}`])])) as DisconnectBreakdown;
}
