// Attacker geography (CONTRACT §6): calls per US state/territory of the caller ID's area code,
// read from `caller_state` / `caller_area_code`, which ingest derives with domain/areaCodes
// (toll-free, Canadian, non-NANP and unparseable numbers have null there and are left out).
// A preset of the query: calls per state and area code, gathered per state here.

import type { Principal } from '../../domain/principal.js';
import type { Window } from '../../domain/window.js';
import type { Db } from '../db.js';
import { runPreset } from '../query/preset.js';

export interface GeoItem {
  state: string;
  count: number;
  /** Distinct, ascending. */
  area_codes: string[];
}

export async function attackerGeo(db: Db, principal: Principal, w: Window): Promise<GeoItem[]> {
  const answer = await runPreset(db, principal, w, {
    metrics: ['calls_received'],
    dimensions: ['caller_state', 'caller_area_code'],
    filters: [{ op: 'has', field: 'caller_state' }],
  });
  const states = new Map<string, GeoItem>();
  for (const r of answer.results) {
    const state = String(r.dimensions[0]);
    const item = states.get(state) ?? { state, count: 0, area_codes: [] };
    item.count += r.metrics[0] as number;
    if (typeof r.dimensions[1] === 'string' && r.dimensions[1] !== '') item.area_codes.push(r.dimensions[1]);
    states.set(state, item);
  }
  // States are two ASCII letters and area codes three digits: any string order is code-point order.
  const items = [...states.values()];
  for (const item of items) item.area_codes.sort();
  return items.sort((a, b) => b.count - a.count || (a.state < b.state ? -1 : a.state > b.state ? 1 : 0));
}
