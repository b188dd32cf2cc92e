// Table decision of the query pipeline (docs/query.md, docs/architecture.md): which tables
// answer a query over a window. The one place that decides between the raw calls and the
// rollups (storage/rollups/: counts per UTC day and hour kept exact at ingest, PostgreSQL only).

import type { Query } from '../../domain/query/parse.js';
import { SUMMARY_METRICS, type Dimension } from '../../domain/query/catalog.js';
import type { Principal } from '../../domain/principal.js';
import type { Window } from '../../domain/window.js';
import type { Dialect } from '../db.js';
import { LABEL_COLUMNS, type LabelColumn } from '../rollups/layout.js';
import { readsCallsOnly } from '../rollups/window.js';

export type Plan =
  /** One pass over the window's calls (by the org and time index), every filter in SQL. */
  | { source: 'calls' }
  /** No dimension, summary figures: call_days per flags, and value counts for the medians. */
  | { source: 'totals' }
  /** Calls per value of one label column (and per area code for caller_state): label_counts. */
  | { source: 'labels'; column: LabelColumn; areaCodes: boolean }
  /** Figures per UTC day or Monday week: call_days per flags. */
  | { source: 'days'; bucket: 'time:day' | 'time:week' };

/** Per-flags figures call_days holds: the aggregates of a day or week bucket. */
const DAY_METRICS = [
  'calls_received',
  'hooked_calls',
  'hook_rate',
  'tier1_calls',
  'total_dollars_asked',
  'avg_call_duration_sec',
  'high_confidence_insights',
];

const only = (q: Query, names: readonly string[]) => q.metrics.every((m) => m.kind === 'base' && names.includes(m.name));
const isLabel = (d: Dimension | undefined): d is LabelColumn => d !== undefined && (LABEL_COLUMNS as readonly string[]).includes(d);

/**
 * The rollups answer a query only when they hold everything it asks: no slice, no narrowing
 * and no filter except "the dimension is present" (the rollups count present values only), UTC
 * buckets, figures the rollup keeps, and whole periods in the window (else the calls alone are
 * the cheaper read; see rollups/window.ts readsCallsOnly). Everything else reads the calls.
 */
export function planQuery(dialect: Dialect, principal: Principal, q: Query, w: Window): Plan {
  const calls = { source: 'calls' } as const;
  if (principal.scope || principal.filter || q.zone !== 'UTC') return calls;
  const [d0, d1] = q.dimensions;
  const presentOnly = (column: string) => q.filters.every((f) => f.op === 'has' && f.field === column);
  if (q.dimensions.length === 0) {
    if (q.filters.length || !only(q, SUMMARY_METRICS)) return calls;
    // Whole hours alone do not help: the medians read durations and asks, which have no hourly rows.
    return readsCallsOnly(dialect, principal, w, false) ? calls : { source: 'totals' };
  }
  if (isLabel(d0) && (q.dimensions.length === 1 || (d0 === 'caller_state' && d1 === 'caller_area_code' && q.dimensions.length === 2))) {
    if (q.filters.length !== 1 || !presentOnly(d0) || !only(q, ['calls_received'])) return calls;
    return readsCallsOnly(dialect, principal, w) ? calls : { source: 'labels', column: d0, areaCodes: q.dimensions.length === 2 };
  }
  if ((d0 === 'time:day' || d0 === 'time:week') && q.dimensions.length === 1) {
    if (q.filters.length || !only(q, DAY_METRICS)) return calls;
    return readsCallsOnly(dialect, principal, w) ? calls : { source: 'days', bucket: d0 };
  }
  return calls;
}
