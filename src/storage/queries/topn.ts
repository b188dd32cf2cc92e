// Top-N (CONTRACT §6): the distinct non-null values of one field with their call counts,
// count descending then label by code point, cut at n; pct_of_total over the calls of the
// window whose field is non-null. A preset of the query: one field dimension, present values.

import type { RankedField } from '../../domain/call.js';
import type { Principal } from '../../domain/principal.js';
import type { Window } from '../../domain/window.js';
import type { Db } from '../db.js';
import { runPreset } from '../query/preset.js';

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
  const column = TOPN_COLUMNS[field];
  const answer = await runPreset(db, principal, w, {
    metrics: ['calls_received'],
    dimensions: [column],
    filters: [{ op: 'has', field: column }],
    limit: n,
  });
  return answer.results.map((r) => {
    const count = r.metrics[0] as number;
    return { label: String(r.dimensions[0]), count, pct_of_total: count / answer.totalCalls };
  });
}
