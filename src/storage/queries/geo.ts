// Attacker geography (CONTRACT §6): calls per US state/territory of the caller ID's area code,
// read from `caller_state` / `caller_area_code`, which ingest derives with domain/areaCodes
// (toll-free, Canadian, non-NANP and unparseable numbers have null there and are left out).

import type { Principal } from '../../domain/principal.js';
import type { Window } from '../../domain/window.js';
import { num, Params, type Db } from '../db.js';
import { labelCounts } from '../rollups/counts.js';
import { readsCallsOnly } from '../rollups/window.js';
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
  // Read from the calls alone, one grouped query over them; else the value counts (src/storage/rollups/).
  const source = readsCallsOnly(db.dialect, principal, w)
    ? `SELECT caller_state AS label, caller_area_code AS detail, 1 AS n FROM calls WHERE ${windowWhere(principal, w, p)} AND caller_state IS NOT NULL`
    : labelCounts(db, principal, w, p, 'caller_state');
  const rows = await db.all(
    `SELECT label AS state, sum(n) AS count,
       array_agg(DISTINCT detail) FILTER (WHERE detail <> '') AS area_codes
     FROM (${source}) v
     GROUP BY label
     ORDER BY count DESC, ${byCodePoint('label')}`,
    p.values,
  );
  return rows.map((r) => ({
    state: String(r.state),
    count: num(r.count),
    // Sorted here, not by the aggregate (an ordered DISTINCT aggregate cost DuckDB twice the
    // plain one); area codes are three ASCII digits, so any order of text sorts them alike.
    area_codes: ((r.area_codes as unknown[] | null) ?? [])
      .filter((a) => a !== null)
      .map(String)
      .sort(),
  }));
}
