// The overview summary (CONTRACT §6).

import { FLAG } from '../../domain/call.js';
import type { Principal } from '../../domain/principal.js';
import type { Window } from '../../domain/window.js';
import { numOrNull, num, Params, type Db } from '../db.js';
import { sliceWhere } from '../slice.js';
import { askCounts, CALL_DAYS, durationCounts, flagsTierIs, keepsRollups, unionOverWindow } from './dailyRollups.js';
import { medianAndMaxSql } from './median.js';
import { centsSql, dollarsFromCents, sumCentsSql } from './money.js';

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

/**
 * Money is added up in integer cents and divided by 100 here, so totals are exact (a sum of
 * doubles drifted: 69842546.75999999); the median and largest ask too.
 *
 * Three queries run side by side (one statement with all three ran them in turn): the yes/no
 * figures counted over a few dozen groups of the stored flags (see summaryFlags), and the two
 * exact medians from value counts. On PostgreSQL whole days of whole-org windows come from
 * the daily rollups, the rest from the calls (see dailyRollups.ts).
 */
export async function summary(db: Db, principal: Principal, w: Window): Promise<Summary> {
  const p = new Params();
  const flag = (bit: number) => `sum(n) FILTER (WHERE (flags & ${bit}) <> 0)`;
  const tier = (t: number) => `sum(n) FILTER (WHERE ${flagsTierIs(t)})`;
  const groups = unionOverWindow(
    keepsRollups(db.dialect),
    principal,
    w,
    p,
    {
      ...CALL_DAYS,
      select: (where) => `SELECT flags, calls AS n, duration_sum, confidence_sum, confidence_n,
        round(asked * 100) AS asked_cents, round(dangled * 100) AS dangled_cents FROM call_days WHERE ${where}`,
    },
    (where) => `SELECT flags, count(*) AS n, sum(duration_sec) AS duration_sum,
        sum(auditor_confidence) AS confidence_sum, count(auditor_confidence) AS confidence_n,
        ${sumCentsSql('asks_total')} AS asked_cents, ${sumCentsSql('dollars_dangled')} AS dangled_cents
      FROM calls WHERE ${where} GROUP BY flags`,
  );
  const figures = `WITH g AS (${groups})
    SELECT coalesce(sum(n), 0) AS calls, coalesce(${flag(FLAG.cleanlyClosed)}, 0) AS cleanly_closed,
      coalesce(${flag(FLAG.hooked)}, 0) AS hooked, coalesce(${flag(FLAG.extraction)}, 0) AS insights,
      coalesce(${flag(FLAG.highConfidence)}, 0) AS high_confidence,
      coalesce(${tier(1)}, 0) AS tier1, coalesce(${tier(2)}, 0) AS tier2, coalesce(${tier(3)}, 0) AS tier3,
      CAST(sum(duration_sum) AS DOUBLE PRECISION) / sum(n) AS avg_duration,
      CAST(sum(confidence_sum) AS DOUBLE PRECISION) / nullif(sum(confidence_n), 0) AS avg_confidence,
      CAST(coalesce(sum(asked_cents), 0) AS DOUBLE PRECISION) AS asked_cents,
      CAST(coalesce(sum(dangled_cents), 0) AS DOUBLE PRECISION) AS dangled_cents
    FROM g`;
  const dp = new Params();
  const durations = medianAndMaxSql(durationCounts(db.dialect, principal, w, dp));
  const ap = new Params();
  const asks = medianAndMaxSql(`SELECT ${centsSql('x')} AS x, c FROM (${askCounts(db.dialect, principal, w, ap)}) a`);
  const [[r], [d], [a]] = await Promise.all([db.all(figures, p.values), db.all(durations, dp.values), db.all(asks, ap.values)]);
  const n = num(r.calls);
  return {
    calls_received: n,
    cleanly_closed: num(r.cleanly_closed),
    hooked_calls: num(r.hooked),
    hook_rate: n === 0 ? 0 : num(r.hooked) / n,
    avg_call_duration_sec: numOrNull(r.avg_duration),
    median_call_duration_sec: numOrNull(d.median),
    max_call_duration_sec: numOrNull(d.max),
    insights_produced: num(r.insights),
    high_confidence_insights: num(r.high_confidence),
    avg_auditor_confidence: numOrNull(r.avg_confidence),
    tier1_calls: num(r.tier1),
    tier2_calls: num(r.tier2),
    tier3_calls: num(r.tier3),
    total_dollars_asked: dollarsFromCents(r.asked_cents) ?? 0,
    median_dollar_ask: dollarsFromCents(a.median),
    max_single_ask: dollarsFromCents(a.max),
    total_dollars_dangled: dollarsFromCents(r.dangled_cents) ?? 0,
  };
}
