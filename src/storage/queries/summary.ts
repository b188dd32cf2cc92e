// The overview summary (CONTRACT §6): one scan for the call figures, one over the asks.

import { HIGH_CONFIDENCE } from '../../domain/call.js';
import type { Principal } from '../../domain/principal.js';
import type { Window } from '../../domain/window.js';
import { numOrNull, num, Params, type Db } from '../db.js';
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
  const p = new Params();
  const where = windowWhere(principal, w, p);
  const calls = db.all(
    `SELECT count(*) AS calls,
       count(*) FILTER (WHERE cleanly_closed) AS cleanly_closed,
       count(*) FILTER (WHERE hooked) AS hooked,
       CAST(avg(duration_sec) AS DOUBLE PRECISION) AS avg_duration,
       CAST(percentile_cont(0.5) WITHIN GROUP (ORDER BY duration_sec) AS DOUBLE PRECISION) AS median_duration,
       max(duration_sec) AS max_duration,
       count(*) FILTER (WHERE has_extraction) AS insights,
       count(*) FILTER (WHERE auditor_confidence >= ${p.p(HIGH_CONFIDENCE)}) AS high_confidence,
       CAST(avg(auditor_confidence) AS DOUBLE PRECISION) AS avg_confidence,
       count(*) FILTER (WHERE tier = 1) AS tier1,
       count(*) FILTER (WHERE tier = 2) AS tier2,
       count(*) FILTER (WHERE tier = 3) AS tier3,
       CAST(coalesce(sum(asks_total), 0) AS DOUBLE PRECISION) AS asked,
       CAST(coalesce(sum(dollars_dangled), 0) AS DOUBLE PRECISION) AS dangled
     FROM calls WHERE ${where}`,
    p.values,
  );
  const ap = new Params();
  const asks = db.all(
    `SELECT CAST(percentile_cont(0.5) WITHIN GROUP (ORDER BY amount) AS DOUBLE PRECISION) AS median_ask,
       max(amount) AS max_ask
     FROM (SELECT unnest(dollar_asks) AS amount FROM calls WHERE ${windowWhere(principal, w, ap)} AND asks_count > 0) a`,
    ap.values,
  );
  const [[c], [a]] = await Promise.all([calls, asks]);
  const n = num(c.calls);
  return {
    calls_received: n,
    cleanly_closed: num(c.cleanly_closed),
    hooked_calls: num(c.hooked),
    hook_rate: n === 0 ? 0 : num(c.hooked) / n,
    avg_call_duration_sec: numOrNull(c.avg_duration),
    median_call_duration_sec: numOrNull(c.median_duration),
    max_call_duration_sec: numOrNull(c.max_duration),
    insights_produced: num(c.insights),
    high_confidence_insights: num(c.high_confidence),
    avg_auditor_confidence: numOrNull(c.avg_confidence),
    tier1_calls: num(c.tier1),
    tier2_calls: num(c.tier2),
    tier3_calls: num(c.tier3),
    total_dollars_asked: num(c.asked),
    median_dollar_ask: numOrNull(a.median_ask),
    max_single_ask: numOrNull(a.max_ask),
    total_dollars_dangled: num(c.dangled),
  };
}
