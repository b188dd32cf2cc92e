import { areaCodeOfCallerId, stateOfCallerId } from '../../domain/areaCodes.js';
import type { Db } from '../db.js';
import { refillRollups } from './006-daily-rollups.js';
import type { Migration } from './migration.js';

const BATCH = 1000;

/**
 * Calls stored while geography also required the exchange to start with 2-9 have no
 * caller_state although CONTRACT §6 maps them by area code alone. Recomputes caller_state and
 * caller_area_code with domain/areaCodes for the calls that have a caller ID but no state, and
 * on PostgreSQL refills the rollups, which count calls per state. Returns how many distinct
 * caller IDs got a state.
 */
export async function backfillCallerGeography(db: Db): Promise<number> {
  let fixed = 0;
  let after = '';
  for (;;) {
    // Distinct caller IDs, a batch at a time in code-point order (the same on both engines).
    const ids = (
      await db.all<{ caller_id: string }>(
        `SELECT caller_id FROM calls
         WHERE caller_state IS NULL AND caller_id IS NOT NULL AND caller_id COLLATE "C" > $1
         GROUP BY caller_id ORDER BY caller_id COLLATE "C" LIMIT ${BATCH}`,
        [after],
      )
    ).map((r) => r.caller_id);
    if (ids.length === 0) break;
    after = ids[ids.length - 1];
    const mapped = ids.flatMap((id) => {
      const state = stateOfCallerId(id);
      return state ? [[id, state, areaCodeOfCallerId(id)]] : [];
    });
    if (mapped.length === 0) continue;
    let n = 0;
    const values = mapped.map(() => `(CAST($${++n} AS TEXT), CAST($${++n} AS TEXT), CAST($${++n} AS TEXT))`).join(', ');
    await db.run(
      `UPDATE calls SET caller_state = v.state, caller_area_code = v.area_code
       FROM (VALUES ${values}) AS v(caller_id, state, area_code)
       WHERE calls.caller_id = v.caller_id AND calls.caller_state IS NULL`,
      mapped.flat(),
    );
    fixed += mapped.length;
  }
  if (fixed > 0) await refillRollups(db);
  return fixed;
}

export const migration007: Migration = {
  version: 7,
  name: 'caller geography by area code alone',
  sql: () => [],
  run: backfillCallerGeography,
};
