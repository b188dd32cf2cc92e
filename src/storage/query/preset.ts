// The KPI endpoints as presets of the query (docs/architecture.md): each states its figure as a
// typed Query over its window, runs it, and shapes the rows into its contract answer.

import { QUERY_LIMITS, type BaseMetric, type Dimension } from '../../domain/query/catalog.js';
import type { Condition, Query } from '../../domain/query/parse.js';
import type { Principal } from '../../domain/principal.js';
import type { Window } from '../../domain/window.js';
import type { Db } from '../db.js';
import { runQuery, type QueryAnswer } from './run.js';

export interface Preset {
  metrics: readonly BaseMetric[];
  dimensions?: Dimension[];
  filters?: Condition[];
  limit?: number;
  /** The caller places each row itself (by its time bucket, by its value): no order needed. */
  placed?: boolean;
}

/** The Query of a preset over `w`: UTC, no comparison, the default order. */
function presetQuery(w: Window, preset: Preset): Query {
  return {
    metrics: preset.metrics.map((name) => ({ kind: 'base', name })),
    metricNames: [...preset.metrics],
    dimensions: preset.dimensions ?? [],
    filters: preset.filters ?? [],
    window: w,
    zone: 'UTC',
    compare: null,
    orderBy: [],
    limit: preset.limit ?? QUERY_LIMITS.maxRows,
    offset: 0,
  };
}

/** A preset's answer; time buckets as their first instant (epoch ms), which presets place by. */
export const runPreset = (db: Db, principal: Principal, w: Window, preset: Preset): Promise<QueryAnswer> =>
  runQuery(db, principal, presetQuery(w, preset), { times: 'instants', placed: preset.placed });
