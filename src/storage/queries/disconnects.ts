// Disconnect breakdown (CONTRACT §6): calls per disconnect reason; calls with a
// null reason are counted in none of the four (there is no "none" field).

import { DISCONNECT_REASONS, type DisconnectReason } from '../../domain/call.js';
import type { Principal } from '../../domain/principal.js';
import type { Window } from '../../domain/window.js';
import { num, Params, type Db } from '../db.js';
import { labelCounts } from '../rollups/counts.js';
import { readsCallsOnly } from '../rollups/window.js';
import { windowWhere } from './summary.js';

export type DisconnectBreakdown = Record<DisconnectReason, number>;

export async function disconnectBreakdown(db: Db, principal: Principal, w: Window): Promise<DisconnectBreakdown> {
  const p = new Params();
  // Read from the calls alone, one grouped query over them; else the value counts (src/storage/rollups/).
  const source = readsCallsOnly(db.dialect, principal, w)
    ? `SELECT disconnect_reason AS label, count(*) AS n FROM calls WHERE ${windowWhere(principal, w, p)} GROUP BY 1`
    : `SELECT label, sum(n) AS n FROM (${labelCounts(db, principal, w, p, 'disconnect_reason')}) v GROUP BY 1`;
  const counts = new Map((await db.all(source, p.values)).map((r) => [r.label, num(r.n)]));
  // Reasons outside the list (and null) are in no bucket.
  return Object.fromEntries(DISCONNECT_REASONS.map((r) => [r, counts.get(r) ?? 0])) as DisconnectBreakdown;
}
