// Reading a window from the rollups: its whole periods (16-day blocks, days) come from the
// rollup tables, its whole hours from the hourly rollups where they are filled (hourFills.ts)
// and from the calls where not, and the partial hours at its ends from the calls themselves.

import type { Principal } from '../../domain/principal.js';
import type { Window } from '../../domain/window.js';
import { type Db, type Params } from '../db.js';
import { sliceWhere } from '../slice.js';
import { wantHours } from './hourFills.js';
import { DAY_MS, HOUR_MS, HOUR_PERIOD, keepsRollups } from './layout.js';

/**
 * Whole periods of a window read from the rollups: `period_days`-long periods starting in
 * `[from, to)`; `periodDays` HOUR_PERIOD for whole hours.
 */
export interface PeriodRange {
  periodDays: number;
  from: number;
  to: number;
}

/** A window split into whole periods read from the rollups, whole hours, and the rest read from calls. */
export interface WindowParts {
  periods: PeriodRange[];
  /** `[start, end)` ranges of whole hours: from the hourly rollups where filled, else from the calls. */
  hours: [number, number][];
  /** `[start, end)` ranges read from the calls: the whole window, or the partial hours at its ends. */
  raw: [number, number][];
}

/**
 * Splits `w` into the whole periods of the longest length in `periodDays` that fit, then
 * the whole periods of the next length in what is left on either side, and so on, then whole
 * hours (when `hours`); what no period or hour covers is raw. Without rollups, or for a slice
 * or a filter, the whole window is raw.
 */
export function windowParts(
  useRollups: boolean,
  principal: Pick<Principal, 'scope' | 'filter'>,
  w: Pick<Window, 'start' | 'end'>,
  periodDays: readonly number[] = [1],
  hours = true,
): WindowParts {
  const out: WindowParts = { periods: [], hours: [], raw: [] };
  const wholeHours = (from: number, to: number) => {
    if (!hours) return void out.raw.push([from, to]);
    const first = Math.ceil(from / HOUR_MS) * HOUR_MS;
    const last = Math.floor(to / HOUR_MS) * HOUR_MS;
    if (first >= last) return void out.raw.push([from, to]);
    if (from < first) out.raw.push([from, first]);
    out.hours.push([first, last]);
    if (last < to) out.raw.push([last, to]);
  };
  const split = (from: number, to: number, lengths: readonly number[]) => {
    if (from >= to) return;
    if (lengths.length === 0) return wholeHours(from, to);
    const ms = lengths[0] * DAY_MS;
    const first = Math.ceil(from / ms) * ms;
    const last = Math.floor(to / ms) * ms;
    if (first >= last) return split(from, to, lengths.slice(1));
    split(from, first, lengths.slice(1));
    out.periods.push({ periodDays: lengths[0], from: first, to: last });
    split(last, to, lengths.slice(1));
  };
  const start = w.start.getTime();
  const end = w.end.getTime();
  if (!useRollups || principal.scope || principal.filter) out.raw.push([start, end]);
  else split(start, end, periodDays);
  if (out.periods.length + out.hours.length + out.raw.length === 0) out.raw.push([start, end]); // an empty window
  return out;
}

/**
 * Whether the window is read from the calls alone: no rollups on this engine, a slice or a
 * filter, or not one whole day (or, with `hours`, hour) inside the window. A figure is then
 * one plain query over the calls, shaped like a hand-written one (a UNION of one part, grouped
 * again, cost DuckDB up to twice the plain query over short windows).
 */
export function readsCallsOnly(
  dialect: Db['dialect'],
  principal: Pick<Principal, 'scope' | 'filter'>,
  w: Pick<Window, 'start' | 'end'>,
  hours = true,
): boolean {
  const parts = windowParts(keepsRollups(dialect), principal, w, [1], hours);
  return parts.periods.length === 0 && parts.hours.length === 0;
}

/** How a rollup is read: which rows hold a period range, and the SELECT over them. */
export interface RollupRead {
  periodDays: readonly number[];
  /**
   * Whether it has hourly rows (call_hours, label_counts). Durations and asks have none: an
   * hour's calls hold nearly as many distinct values as calls, so they gain nothing.
   */
  hours: boolean;
  /** A WHERE clause holding the org and the period range `r`. */
  where: (r: PeriodRange, p: Params, orgId: string) => string;
  /** The column holding a row's period start (compared with the filled hours). */
  time: (r: PeriodRange) => string;
  select: (where: string, r: PeriodRange) => string;
}

/**
 * A UNION ALL of `rollup` over the window's whole periods and its filled whole hours (on an
 * engine that keeps rollups, see windowParts), `raw` over each hour not filled (one per hour,
 * so the calls are read by the index only there), and `raw` over each remaining range. Both
 * are SELECTs with the same columns; `raw(where)` gets a WHERE clause holding the org, the
 * slice and the time range. Which hours are filled is read in the same statement, so the
 * answer is one snapshot; hours read unfilled are then filled in the background.
 */
export function unionOverWindow(
  db: Db,
  principal: Principal,
  w: Pick<Window, 'start' | 'end'>,
  p: Params,
  rollup: RollupRead,
  raw: (where: string) => string,
): string {
  const parts = windowParts(keepsRollups(db.dialect), principal, w, rollup.periodDays, rollup.hours);
  const selects: string[] = [];
  for (const r of parts.periods) selects.push(rollup.select(rollup.where(r, p, principal.orgId), r));
  for (const [from, to] of parts.hours) {
    const r = { periodDays: HOUR_PERIOD, from, to };
    const org = p.p(principal.orgId);
    const filled = `SELECT hour FROM hour_fills WHERE org_id = ${org} AND hour >= ${p.p(from)} AND hour < ${p.p(to)}`;
    // = ANY(ARRAY(…)): one index scan for the listed hours (IN was planned as a join per row).
    selects.push(rollup.select(`${rollup.where(r, p, principal.orgId)} AND ${rollup.time(r)} = ANY(ARRAY(${filled}))`, r));
    // The hours as an array, not generate_series: a kept statement's generic plan then guesses
    // 10 hours (generate_series with parameters: 1,000), cheap enough that PostgreSQL stops
    // planning the statement again at every execution (0.3 ms of a 0.8 ms read).
    const list = Array.from({ length: (to - from) / HOUR_MS }, (_, i) => from + i * HOUR_MS);
    const unfilled = `SELECT h FROM unnest(CAST(${p.p(list)} AS BIGINT[])) h
      WHERE NOT EXISTS (SELECT 1 FROM hour_fills f WHERE f.org_id = ${org} AND f.hour = h)`;
    const hourWhere = `${sliceWhere(principal, p)} AND started_at >= m.h AND started_at < m.h + ${HOUR_MS}`;
    selects.push(`SELECT x.* FROM (${unfilled}) m CROSS JOIN LATERAL (${raw(hourWhere)}) x`);
    wantHours(db, principal.orgId, from, to);
  }
  for (const [from, to] of parts.raw) {
    selects.push(raw(`${sliceWhere(principal, p)} AND started_at >= ${p.p(from)} AND started_at < ${p.p(to)}`));
  }
  return selects.join('\nUNION ALL\n');
}

/** The flags rollup of a period range: call_days for days, call_hours for hours. */
export const callRollup = (r: PeriodRange) =>
  r.periodDays === HOUR_PERIOD ? { table: 'call_hours', time: 'hour' } : { table: 'call_days', time: 'day' };

/** How call_days (whose periods are days) and call_hours are read; `select` names the table by callRollup. */
export const CALL_DAYS = {
  periodDays: [1],
  hours: true,
  where: (r: PeriodRange, p: Params, orgId: string) => {
    const { time } = callRollup(r);
    return `org_id = ${p.p(orgId)} AND ${time} >= ${p.p(r.from)} AND ${time} < ${p.p(r.to)}`;
  },
  time: (r: PeriodRange) => callRollup(r).time,
} as const;
