// Bucketed figures (CONTRACT §4, §6): `/api/kpis/timeseries/{metric}` and arrivals.
//
// Bucketing is integer maths on `started_at` (epoch ms) in SQL, identical on both engines:
// a call's bucket is `started_at - (started_at - first) % width`, where `first` is the start
// of the bucket holding the window start (UTC-aligned; Monday-aligned for weeks) and
// `started_at >= first`, so `%` never sees a negative operand. Empty buckets are filled here.

import { HIGH_CONFIDENCE } from '../../domain/call.js';
import type { Principal } from '../../domain/principal.js';
import { bucketStart, bucketStarts, bucketWidthMs, formatUtc, type Bucket, type Window } from '../../domain/window.js';
import { num, Params, type Db } from '../db.js';
import { windowWhere } from './summary.js';

export const TIMESERIES_METRICS = [
  'calls',
  'hooked_calls',
  'hook_rate',
  'tier1_calls',
  'total_dollars_asked',
  'avg_duration_sec',
  'high_confidence_insights',
] as const;
export type TimeseriesMetric = (typeof TIMESERIES_METRICS)[number];

export interface TimeseriesPoint {
  /** Start of the bucket, RFC 3339 UTC. */
  timestamp: string;
  value: number;
}

/**
 * The SELECT list computing one metric per group as `value`, or as `n` and `d` when the value
 * is a ratio (divided here so an empty bucket is 0, not a division by zero in SQL).
 */
function metricSql(metric: TimeseriesMetric, p: Params): string {
  switch (metric) {
    case 'calls':
      return 'count(*) AS value';
    case 'hooked_calls':
      return 'count(*) FILTER (WHERE hooked) AS value';
    case 'hook_rate':
      return 'count(*) FILTER (WHERE hooked) AS n, count(*) AS d';
    case 'tier1_calls':
      return 'count(*) FILTER (WHERE tier = 1) AS value';
    case 'total_dollars_asked':
      return 'CAST(coalesce(sum(asks_total), 0) AS DOUBLE PRECISION) AS value';
    case 'avg_duration_sec':
      return 'CAST(coalesce(avg(duration_sec), 0) AS DOUBLE PRECISION) AS value';
    case 'high_confidence_insights':
      return `count(*) FILTER (WHERE auditor_confidence >= ${p.p(HIGH_CONFIDENCE)}) AS value`;
  }
}

/**
 * One point per bucket from the bucket containing `w.start` to the bucket containing
 * `w.end - 1 ms`, zeros included; only calls inside the window are counted.
 * Throws `invalid_range` (before querying) when there would be more than 10,000 buckets.
 */
export async function timeseries(
  db: Db,
  principal: Principal,
  w: Window,
  metric: TimeseriesMetric,
  bucket: Bucket,
): Promise<TimeseriesPoint[]> {
  const starts = bucketStarts(w, bucket);
  const first = bucketStart(w.start, bucket).getTime();
  const p = new Params();
  // The CASTs matter: with untyped parameters in this arithmetic DuckDB took 16x longer.
  const bucketExpr = `started_at - ((started_at - CAST(${p.p(first)} AS BIGINT)) % CAST(${p.p(bucketWidthMs(bucket))} AS BIGINT))`;
  const select = metricSql(metric, p);
  const rows = await db.all(
    `SELECT ${bucketExpr} AS bucket_ms, ${select}
     FROM calls WHERE ${windowWhere(principal, w, p)}
     GROUP BY 1`,
    p.values,
  );
  const byBucket = new Map<number, number>();
  for (const r of rows) {
    const value = metric === 'hook_rate' ? (num(r.d) === 0 ? 0 : num(r.n) / num(r.d)) : num(r.value);
    byBucket.set(num(r.bucket_ms), value);
  }
  return starts.map((s) => ({ timestamp: formatUtc(s), value: byBucket.get(s.getTime()) ?? 0 }));
}
