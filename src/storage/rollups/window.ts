// Reading a window from the rollups: its whole periods (days, 16-day blocks) come from the
// rollup tables, the partial days at its ends from the calls themselves.

import type { Principal } from '../../domain/principal.js';
import type { Window } from '../../domain/window.js';
import { type Dialect, type Params } from '../db.js';
import { sliceWhere } from '../slice.js';
import { DAY_MS, keepsRollups } from './layout.js';

/** Whole periods of a window read from the rollups: `period_days`-long periods starting in `[from, to)`. */
export interface PeriodRange {
  periodDays: number;
  from: number;
  to: number;
}

/** A window split into whole periods read from the rollups and the rest read from calls. */
export interface WindowParts {
  periods: PeriodRange[];
  /** `[start, end)` ranges read from the calls: the whole window, or the partial days at its ends. */
  raw: [number, number][];
}

/**
 * Splits `w` into the whole periods of the longest length in `periodDays` that fit, then
 * the whole periods of the next length in what is left on either side, and so on; what no
 * period covers is raw. Without rollups, or for a slice or a filter, the whole window is raw.
 */
export function windowParts(
  useRollups: boolean,
  principal: Pick<Principal, 'scope' | 'filter'>,
  w: Pick<Window, 'start' | 'end'>,
  periodDays: readonly number[] = [1],
): WindowParts {
  const out: WindowParts = { periods: [], raw: [] };
  const split = (from: number, to: number, lengths: readonly number[]) => {
    if (from >= to) return;
    if (lengths.length === 0) {
      out.raw.push([from, to]);
      return;
    }
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
  if (out.periods.length === 0 && out.raw.length === 0) out.raw.push([start, end]); // an empty window
  return out;
}

/**
 * Whether the window is read from the calls alone: no rollups on this engine, a slice or a
 * filter, or no whole UTC day inside the window. A figure is then one plain query over the
 * calls, shaped like a hand-written one (a UNION of one part, grouped again, cost DuckDB up to
 * twice the plain query over short windows).
 */
export function readsCallsOnly(
  dialect: Dialect,
  principal: Pick<Principal, 'scope' | 'filter'>,
  w: Pick<Window, 'start' | 'end'>,
): boolean {
  return windowParts(keepsRollups(dialect), principal, w).periods.length === 0;
}

/**
 * A UNION ALL of `rollup` over the window's whole periods (when `useRollups`, see
 * windowParts) and `raw` over each remaining range. Both are SELECTs with the same columns;
 * `rollup.select(where)` gets a WHERE clause holding the org and the period range (built by
 * `rollup.where`), `raw(where)` one holding the org, the slice and the time range.
 */
export function unionOverWindow(
  useRollups: boolean,
  principal: Principal,
  w: Pick<Window, 'start' | 'end'>,
  p: Params,
  rollup: { periodDays: readonly number[]; where: (r: PeriodRange, p: Params, orgId: string) => string; select: (where: string) => string },
  raw: (where: string) => string,
): string {
  const parts = windowParts(useRollups, principal, w, rollup.periodDays);
  const selects: string[] = [];
  for (const r of parts.periods) {
    selects.push(rollup.select(rollup.where(r, p, principal.orgId)));
  }
  for (const [from, to] of parts.raw) {
    selects.push(raw(`${sliceWhere(principal, p)} AND started_at >= ${p.p(from)} AND started_at < ${p.p(to)}`));
  }
  return selects.join('\nUNION ALL\n');
}

/** How call_days (whose periods are days) is read. */
export const CALL_DAYS = {
  periodDays: [1],
  where: (r: PeriodRange, p: Params, orgId: string) => `org_id = ${p.p(orgId)} AND day >= ${p.p(r.from)} AND day < ${p.p(r.to)}`,
} as const;
