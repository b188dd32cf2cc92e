// Table decision of the query pipeline (docs/query.md, docs/architecture.md): which tables
// answer a query. The one place that decides between the raw calls and the rollups.

import type { Query } from '../../domain/query/parse.js';
import type { Principal } from '../../domain/principal.js';
import type { Dialect } from '../db.js';

export type Source = 'calls';

/**
 * Every query is answered from the calls of its window: one pass over the window's rows by the
 * (org, started_at) index, the slice and the filters in its WHERE clause. The rollups
 * (storage/rollups/) hold counts per UTC day and hour without the per-call fields a filter, a
 * slice, a time zone or a percentile needs; the KPI endpoints that read them keep doing so.
 */
export function chooseSource(_dialect: Dialect, _principal: Principal, _q: Query): Source {
  return 'calls';
}
