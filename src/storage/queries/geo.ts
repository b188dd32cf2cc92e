// Attacker geography (CONTRACT §6): calls per US state/territory of the caller ID's area code,
// read from `caller_state` / `caller_area_code`, which ingest derives with domain/areaCodes
// (toll-free, Canadian, non-NANP and unparseable numbers have null there and are left out).

import type { Principal } from '../../domain/principal.js';
import type { Window } from '../../domain/window.js';
import { num, Params, type Db } from '../db.js';
import { windowWhere } from './summary.js';
import { byCodePoint } from './textOrder.js';

export interface GeoItem {
  state: string;
  count: number;
  /** Distinct, ascending. */
  area_codes: string[];
}

export async function attackerGeo(db: Db, principal: Principal, w: Window): Promise<GeoItem[]> {
  const p = new Params();
  const rows = await db.all(
    `SELECT caller_state AS state, count(*) AS count,
       array_agg(DISTINCT caller_area_code ORDER BY caller_area_code) AS area_codes
     FROM calls WHERE ${windowWhere(principal, w, p)} AND caller_state IS NOT NULL
     GROUP BY caller_state
     ORDER BY count DESC, ${byCodePoint('caller_state')}`,
    p.values,
  );
  return rows.map((r) => ({
    state: String(r.state),
    count: num(r.count),
    // area codes are three ASCII digits, so any collation orders them alike
    area_codes: ((r.area_codes as unknown[] | null) ?? []).filter((a) => a !== null).map(String),
  }));
}
