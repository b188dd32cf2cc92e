// Value counts over a window (label, duration and ask counts): whole periods from the rollups,
// the rest from the calls, as rows the figures group again (top-N, histograms, medians).

import type { Principal } from '../../domain/principal.js';
import type { Window } from '../../domain/window.js';
import type { Db, Params } from '../db.js';
import { COUNT_PERIODS, type LabelColumn } from './layout.js';
import { unionOverWindow, type PeriodRange } from './window.js';

/** How a value-count table is read (label_counts' hours have period_days HOUR_PERIOD). */
const COUNTS = {
  periodDays: COUNT_PERIODS,
  hours: false,
  where: (r: PeriodRange, p: Params, orgId: string) =>
    `org_id = ${p.p(orgId)} AND period_days = ${p.p(r.periodDays)} AND period_start >= ${p.p(r.from)} AND period_start < ${p.p(r.to)}`,
  time: () => 'period_start',
};

/**
 * Rows `(label, detail, n)`: the calls in the window per value of `column` (never null) and,
 * for caller_state, per area code (`detail`, '' or null when unknown).
 */
export function labelCounts(db: Db, principal: Principal, w: Pick<Window, 'start' | 'end'>, p: Params, column: LabelColumn): string {
  const detail = column === 'caller_state' ? 'caller_area_code' : 'CAST(NULL AS TEXT)';
  return unionOverWindow(
    db,
    principal,
    w,
    p,
    {
      ...COUNTS,
      hours: true,
      where: (r, q, orgId) => `${COUNTS.where(r, q, orgId)} AND dim = ${q.p(column)}`,
      select: (where) => `SELECT label, detail, calls AS n FROM label_counts WHERE ${where}`,
    },
    // The column comes from LABEL_COLUMNS, never from request text.
    (where) =>
      `SELECT ${column} AS label, ${detail} AS detail, count(*) AS n FROM calls WHERE ${where} AND ${column} IS NOT NULL GROUP BY 1, 2`,
  );
}

/** Rows `(x, c)`: each call duration (seconds) in the window and how many calls had it. */
export function durationCounts(db: Db, principal: Principal, w: Pick<Window, 'start' | 'end'>, p: Params): string {
  return unionOverWindow(
    db,
    principal,
    w,
    p,
    { ...COUNTS, select: (where) => `SELECT duration_sec AS x, calls AS c FROM duration_counts WHERE ${where}` },
    (where) => `SELECT duration_sec AS x, count(*) AS c FROM calls WHERE ${where} GROUP BY 1`,
  );
}

/** Rows `(x, c)`: each dollar amount asked in the window and how many asks named it. */
export function askCounts(db: Db, principal: Principal, w: Pick<Window, 'start' | 'end'>, p: Params): string {
  return unionOverWindow(
    db,
    principal,
    w,
    p,
    { ...COUNTS, select: (where) => `SELECT amount AS x, asks AS c FROM ask_counts WHERE ${where}` },
    (where) =>
      `SELECT amount AS x, count(*) AS c FROM (SELECT unnest(dollar_asks) AS amount FROM calls WHERE ${where} AND asks_count > 0) u GROUP BY 1`,
  );
}
