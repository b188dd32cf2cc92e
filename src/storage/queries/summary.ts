// The overview summary (CONTRACT §6).

import { FLAG } from '../../domain/call.js';
import type { Principal } from '../../domain/principal.js';
import type { Window } from '../../domain/window.js';
import { numOrNull, num, Params, type Db } from '../db.js';
import { sliceWhere } from '../slice.js';
import { flagsTierIs } from '../flags.js';
import { askCounts, durationCounts } from '../rollups/counts.js';
import { CALL_DAYS, callRollup, readsCallsOnly, unionOverWindow } from '../rollups/window.js';
import { medianAndMaxSql } from './median.js';
import { dollarsFromCents, sumCentsSql } from './money.js';

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

/** SQL: how many rows of a group have the `flags` bit `bit` (a power of two) set. */
const bitCount = (bit: number) => `sum((flags >> ${Math.log2(bit)}) & 1)`;
/** SQL: how many rows of a group have tier `t` in their `flags`. */
const tierCount = (t: number) => `sum(CASE WHEN ${flagsTierIs(t)} THEN 1 ELSE 0 END)`;

/**
 * Money is added up in integer cents and divided by 100 here, so totals are exact (a sum of
 * doubles drifted: 69842546.75999999); the median and largest ask too.
 *
 * One statement. A window read from the calls alone (always on DuckDB; see readsCallsOnly) is
 * one pass over its calls and one over their asks, like the query one would write by hand;
 * the yes/no figures are bits of the stored `flags`. On PostgreSQL, whole days of whole-org
 * windows come from the daily rollups and the rest from the calls (see src/storage/rollups/).
 */
export async function summary(db: Db, principal: Principal, w: Window): Promise<Summary> {
  const p = new Params();
  // Whole hours alone do not help: its medians read durations and asks, which have no hourly rows.
  const sql = readsCallsOnly(db.dialect, principal, w, false) ? scanSql(principal, w, p) : rollupSql(db, principal, w, p);
  const [r] = await db.all(sql, p.values);
  const n = num(r.calls);
  const nOrZero = (v: unknown) => numOrNull(v) ?? 0;
  return {
    calls_received: n,
    cleanly_closed: nOrZero(r.cleanly_closed),
    hooked_calls: nOrZero(r.hooked),
    hook_rate: n === 0 ? 0 : num(r.hooked) / n,
    avg_call_duration_sec: n === 0 ? null : num(r.duration_sum) / n,
    median_call_duration_sec: numOrNull(r.duration_median),
    max_call_duration_sec: numOrNull(r.duration_max),
    insights_produced: nOrZero(r.insights),
    high_confidence_insights: nOrZero(r.high_confidence),
    avg_auditor_confidence: nOrZero(r.confidence_n) === 0 ? null : num(r.confidence_sum) / num(r.confidence_n),
    tier1_calls: nOrZero(r.tier1),
    tier2_calls: nOrZero(r.tier2),
    tier3_calls: nOrZero(r.tier3),
    total_dollars_asked: dollarsFromCents(r.asked_cents) ?? 0,
    // The middle asks are amounts to the cent: twice their mean in cents is a whole number.
    median_dollar_ask: r.ask_median === null ? null : dollarsFromCents(Math.round(num(r.ask_median) * 200) / 2),
    max_single_ask: r.ask_max === null ? null : dollarsFromCents(Math.round(num(r.ask_max) * 100)),
    total_dollars_dangled: dollarsFromCents(r.dangled_cents) ?? 0,
  };
}

/** The window's calls scanned once (and their asks once). */
function scanSql(principal: Principal, w: Window, p: Params): string {
  return `WITH f AS (
      SELECT count(*) AS calls, ${bitCount(FLAG.cleanlyClosed)} AS cleanly_closed, ${bitCount(FLAG.hooked)} AS hooked,
        ${bitCount(FLAG.extraction)} AS insights, ${bitCount(FLAG.highConfidence)} AS high_confidence,
        ${tierCount(1)} AS tier1, ${tierCount(2)} AS tier2, ${tierCount(3)} AS tier3,
        sum(duration_sec) AS duration_sum, percentile_cont(0.5) WITHIN GROUP (ORDER BY duration_sec) AS duration_median,
        max(duration_sec) AS duration_max, sum(auditor_confidence) AS confidence_sum, count(auditor_confidence) AS confidence_n,
        ${sumCentsSql('asks_total')} AS asked_cents, ${sumCentsSql('dollars_dangled')} AS dangled_cents
      FROM calls WHERE ${windowWhere(principal, w, p)}),
    a AS (
      SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY x) AS ask_median, max(x) AS ask_max
      FROM (SELECT unnest(dollar_asks) AS x FROM calls WHERE ${windowWhere(principal, w, p)} AND asks_count > 0) u)
    SELECT * FROM f, a`;
}

/**
 * The figures over the stored flags counted in a few dozen groups per day (call_days, and the
 * calls of the partial days), and the two medians from value counts, in one statement.
 */
function rollupSql(db: Db, principal: Principal, w: Window, p: Params): string {
  const flag = (bit: number) => `sum(n) FILTER (WHERE (flags & ${bit}) <> 0)`;
  const tier = (t: number) => `sum(n) FILTER (WHERE ${flagsTierIs(t)})`;
  const groups = unionOverWindow(
    db,
    principal,
    w,
    p,
    {
      ...CALL_DAYS,
      select: (where, r) => `SELECT flags, calls AS n, duration_sum, confidence_sum, confidence_n,
        round(asked * 100) AS asked_cents, round(dangled * 100) AS dangled_cents FROM ${callRollup(r).table} WHERE ${where}`,
    },
    (where) => `SELECT flags, count(*) AS n, sum(duration_sec) AS duration_sum,
        sum(auditor_confidence) AS confidence_sum, count(auditor_confidence) AS confidence_n,
        ${sumCentsSql('asks_total')} AS asked_cents, ${sumCentsSql('dollars_dangled')} AS dangled_cents
      FROM calls WHERE ${where} GROUP BY flags`,
  );
  const durations = medianAndMaxSql(durationCounts(db, principal, w, p));
  const asks = medianAndMaxSql(askCounts(db, principal, w, p));
  return `WITH g AS (${groups}),
    f AS (
      SELECT coalesce(sum(n), 0) AS calls, ${flag(FLAG.cleanlyClosed)} AS cleanly_closed, ${flag(FLAG.hooked)} AS hooked,
        ${flag(FLAG.extraction)} AS insights, ${flag(FLAG.highConfidence)} AS high_confidence,
        ${tier(1)} AS tier1, ${tier(2)} AS tier2, ${tier(3)} AS tier3,
        sum(duration_sum) AS duration_sum, sum(confidence_sum) AS confidence_sum, sum(confidence_n) AS confidence_n,
        CAST(sum(asked_cents) AS DOUBLE PRECISION) AS asked_cents, CAST(sum(dangled_cents) AS DOUBLE PRECISION) AS dangled_cents
      FROM g),
    d AS (${durations}),
    a AS (${asks})
    SELECT f.*, d.median AS duration_median, d.max AS duration_max, a.median AS ask_median, a.max AS ask_max FROM f, d, a`;
}
