// SQL of the queries the rollups answer (plan.ts decides which): the same grouped rows as a
// read of the calls (dimension values d0…, aggregates named as in sql.ts), from the rollup
// tables' whole periods and the calls of the rest of the window (storage/rollups/window.ts).

import { FLAG } from '../../domain/call.js';
import type { Principal } from '../../domain/principal.js';
import { DAY_MS, type Window } from '../../domain/window.js';
import type { Db, Params } from '../db.js';
import { flagsTierIs } from '../flags.js';
import { medianAndMaxSql } from '../queries/median.js';
import { sumCentsSql } from '../queries/money.js';
import { byCodePoint } from '../queries/textOrder.js';
import { askCounts, durationCounts, labelCounts } from '../rollups/counts.js';
import { CALL_DAYS, callRollup, unionOverWindow } from '../rollups/window.js';
import type { Plan } from './plan.js';
import { WEEK_MS, bucketBase, type CallAggregate } from './sql.js';

const dbl = (e: string) => `CAST(${e} AS DOUBLE PRECISION)`;

/**
 * The grouped rows of a query over `w` that the plan sends to the rollups; `needed` names the
 * aggregates its metrics read (day buckets compute only those).
 */
export function rollupGroupsSql(
  db: Db,
  principal: Principal,
  w: Window,
  p: Params,
  plan: Exclude<Plan, { source: 'calls' }>,
  needed: ReadonlySet<CallAggregate>,
): string {
  switch (plan.source) {
    case 'totals':
      return totalsSql(db, principal, w, p);
    case 'labels': {
      // Text in code-point order, as dimensionSql gives the calls' columns.
      const detail = plan.areaCodes ? `, ${byCodePoint("NULLIF(detail, '')")} AS d1` : '';
      return `SELECT ${byCodePoint('label')} AS d0${detail}, sum(n) AS n FROM (${labelCounts(db, principal, w, p, plan.column)}) v GROUP BY 1${plan.areaCodes ? ', 2' : ''}`;
    }
    case 'days':
      return daysSql(db, principal, w, p, plan.bucket, needed);
  }
}

/**
 * Every summary aggregate: the flags counted in a few dozen groups per day (call_days, and the
 * calls of the partial days), and the two medians from value counts, in one statement.
 */
function totalsSql(db: Db, principal: Principal, w: Window, p: Params): string {
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
      SELECT coalesce(sum(n), 0) AS n, ${flag(FLAG.cleanlyClosed)} AS cleanly, ${flag(FLAG.hooked)} AS hooked,
        ${flag(FLAG.extraction)} AS insights, ${flag(FLAG.highConfidence)} AS high_conf,
        ${tier(1)} AS t1, ${tier(2)} AS t2, ${tier(3)} AS t3,
        sum(duration_sum) AS dur_sum, sum(confidence_sum) AS conf_sum, sum(confidence_n) AS conf_n,
        ${dbl('sum(asked_cents)')} AS asked_cents, ${dbl('sum(dangled_cents)')} AS dangled_cents
      FROM g),
    d AS (${durations}),
    a AS (${asks})
    SELECT f.*, d.median AS dur_median, d.max AS dur_max, a.median AS ask_median, a.max AS ask_max FROM f, d, a`;
}

/** The day-bucket aggregates a query needs, per UTC day or Monday week, from call_days and the calls of partial days. */
function daysSql(
  db: Db,
  principal: Principal,
  w: Window,
  p: Params,
  bucket: 'time:day' | 'time:week',
  needed: ReadonlySet<CallAggregate>,
): string {
  // Rollup days and hours and the calls all lie in the window, above its bucket base: one `%`.
  const base = `CAST(${p.p(bucketBase(w))} AS BIGINT)`;
  const bucketOf = (col: string) => `${col} - ((${col} - ${base}) % ${bucket === 'time:day' ? DAY_MS : WEEK_MS})`;
  const rolled = (bit: string) => `sum(calls) FILTER (WHERE ${bit})`;
  const counted = (bit: string) => `sum(CASE WHEN ${bit} THEN 1 ELSE 0 END)`;
  /** Each aggregate call_days can give: from a rollup's rows, and from calls. */
  const DAY_AGGREGATES: Partial<Record<CallAggregate, { rolled: string; counted: string }>> = {
    n: { rolled: 'sum(calls)', counted: 'count(*)' },
    hooked: { rolled: rolled(`(flags & ${FLAG.hooked}) <> 0`), counted: counted(`(flags & ${FLAG.hooked}) <> 0`) },
    t1: { rolled: rolled(flagsTierIs(1)), counted: counted(flagsTierIs(1)) },
    high_conf: { rolled: rolled(`(flags & ${FLAG.highConfidence}) <> 0`), counted: counted(`(flags & ${FLAG.highConfidence}) <> 0`) },
    dur_sum: { rolled: 'sum(duration_sum)', counted: 'sum(duration_sec)' },
    asked_cents: { rolled: 'round(sum(asked) * 100)', counted: sumCentsSql('asks_total') },
  };
  const names = (Object.keys(DAY_AGGREGATES) as CallAggregate[]).filter((a) => a === 'n' || needed.has(a));
  const aggregates = (from: 'rolled' | 'counted') => names.map((a) => `${dbl(DAY_AGGREGATES[a]![from])} AS ${a}`).join(', ');
  const union = unionOverWindow(
    db,
    principal,
    w,
    p,
    {
      ...CALL_DAYS,
      select: (where, r) => {
        const { table, time } = callRollup(r);
        return `SELECT ${bucketOf(time)} AS d0, ${aggregates('rolled')} FROM ${table} WHERE ${where} GROUP BY 1`;
      },
    },
    (where) => `SELECT ${bucketOf('started_at')} AS d0, ${aggregates('counted')} FROM calls WHERE ${where} GROUP BY 1`,
  );
  return `SELECT d0, ${names.map((a) => `sum(${a}) AS ${a}`).join(', ')} FROM (${union}) u GROUP BY d0`;
}
