// How many single dollar asks reach an amount (CONTRACT §6 counts asks one by one for the
// median and the histogram; this counts them against a threshold the agent is asked about).

import type { Principal } from '../../domain/principal.js';
import type { Window } from '../../domain/window.js';
import { num, Params, type Db } from '../db.js';
import { windowWhere } from './summary.js';

/** The asks of at least `min` dollars in the calls of the window (and of the principal's slice and filter). */
export async function asksAtLeast(db: Db, principal: Principal, w: Window, min: number): Promise<number> {
  const p = new Params();
  const [r] = await db.all(
    `SELECT count(*) AS n FROM calls, unnest(calls.dollar_asks) AS u(a)
     WHERE ${windowWhere(principal, w, p)} AND asks_count > 0 AND a >= ${p.p(min)}`,
    p.values,
  );
  return num(r.n);
}
