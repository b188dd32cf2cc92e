// The overview summary (CONTRACT §6): a preset of the query, the summary figures with no
// dimension (storage/query/; on PostgreSQL whole days come from the rollups, see plan.ts).

import type { Principal } from '../../domain/principal.js';
import { SUMMARY_METRICS } from '../../domain/query/catalog.js';
import type { Window } from '../../domain/window.js';
import { Params, type Db } from '../db.js';
import { runPreset } from '../query/preset.js';
import { sliceWhere } from '../slice.js';

export interface Summary {
  calls_received: number;
  cleanly_closed: number;
  hooked_calls: number;
  hook_rate: number;
  avg_call_duration_sec: number | null;
  median_call_duration_sec: number | null;
  max_call_duration_sec: number | null;
  insights_produced: number;
  high_confidence_insights: number;
  avg_auditor_confidence: number | null;
  tier1_calls: number;
  tier2_calls: number;
  tier3_calls: number;
  total_dollars_asked: number;
  median_dollar_ask: number | null;
  max_single_ask: number | null;
  total_dollars_dangled: number;
}

/** `[start, end)` of a window plus the slice, as a WHERE clause. */
export function windowWhere(principal: Principal, w: Pick<Window, 'start' | 'end'>, params: Params): string {
  return `${sliceWhere(principal, params)} AND started_at >= ${params.p(w.start.getTime())} AND started_at < ${params.p(w.end.getTime())}`;
}

export async function summary(db: Db, principal: Principal, w: Window): Promise<Summary> {
  const [row] = (await runPreset(db, principal, w, { metrics: SUMMARY_METRICS })).results;
  return Object.fromEntries(SUMMARY_METRICS.map((m, i) => [m, row.metrics[i]])) as unknown as Summary;
}
