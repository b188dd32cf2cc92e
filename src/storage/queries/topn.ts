// Top-N (CONTRACT §6): the distinct non-null values of one field with their call counts,
// count descending then label by code point, cut at n; pct_of_total over the calls of the
// window whose field is non-null.

import type { RankedField } from '../../domain/call.js';
import type { Principal } from '../../domain/principal.js';
import type { Window } from '../../domain/window.js';
import { num, Params, type Db } from '../db.js';
import { labelCounts } from '../rollups/counts.js';
import { readsCallsOnly } from '../rollups/window.js';
import { windowWhere } from './summary.js';
import { byCodePoint } from './textOrder.js';

/** API field name → column. `mule_bank_routing` reads `mule_bank_routing_number`. */
export const TOPN_COLUMNS = {
  impersonated_brand: 'impersonated_brand',
  lure_category: 'lure_category',
  payment_method: 'payment_method',
  impersonated_government_agency: 'impersonated_government_agency',
  mule_bank_name: 'mule_bank_name',
  mule_bank_routing: 'mule_bank_routing_number',
  crypto_chain: 'crypto_chain',
  gift_card_brand: 'gift_card_brand',
  remote_desktop_app: 'remote_desktop_app',
  synthetic_org: 'synthetic_org',
  fake_agent_name: 'fake_agent_name',
} as const satisfies Record<string, RankedField>;
export type TopnField = keyof typeof TOPN_COLUMNS;
export const TOPN_FIELDS = Object.keys(TOPN_COLUMNS) as TopnField[];

export interface TopnItem {
  label: string;
  count: number;
  pct_of_total: number;
}

export async function topn(db: Db, principal: Principal, w: Window, field: TopnField, n: number): Promise<TopnItem[]> {
  const p = new Params();
  const column = TOPN_COLUMNS[field];
  // Read from the calls alone: one grouped query, the total over the groups beside each.
  const sql = readsCallsOnly(db.dialect, principal, w)
    ? `SELECT ${column} AS label, count(*) AS count, sum(count(*)) OVER () AS total
       FROM calls WHERE ${windowWhere(principal, w, p)} AND ${column} IS NOT NULL GROUP BY 1
       ORDER BY count DESC, ${byCodePoint(column)}
       LIMIT ${p.p(n)}`
    : `WITH counted AS (
         SELECT label, sum(n) AS count FROM (${labelCounts(db, principal, w, p, column)}) v GROUP BY label
       )
       SELECT label, count, (SELECT CAST(sum(count) AS DOUBLE PRECISION) FROM counted) AS total
       FROM counted
       ORDER BY count DESC, ${byCodePoint('label')}
       LIMIT ${p.p(n)}`;
  const rows = await db.all(sql, p.values);
  return rows.map((r) => ({ label: String(r.label), count: num(r.count), pct_of_total: num(r.count) / num(r.total) }));
}
