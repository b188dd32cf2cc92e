// Rollups of each org's calls, kept exact at ingest, so figures over long windows read a few
// rows per day instead of every call. PostgreSQL only: DuckDB scans a year of 1M calls in
// under 50 ms by its columns, and keeping the rollups there cost more than half its ingest
// speed (20.6k → 8.9k calls/s) and doubled its memory (bench, 1M calls).
//
//   call_days        (org, UTC day, flags) → calls, duration sum, confidence sum and count,
//                    dollars asked and dangled
//   duration_counts  (org, period, duration_sec) → calls      exact duration medians, histogram
//   ask_counts       (org, period, amount) → asks             exact ask medians, histogram
//   label_counts     (org, period, column, value, area code) → calls
//                    top-N, disconnect reasons, attacker geography (LABEL_COLUMNS)
//
// A period is a UTC day or a 16-day block (aligned on 1970-01-01): value counts repeat little
// from day to day (a year of 1M calls holds 295k (day, duration) pairs but 45k (block,
// duration) pairs), so a long window reads whole blocks, then whole days, then raw calls.
// Medians over value counts are exact. Money and confidence sums are DECIMAL, so adding and
// later subtracting a call (a re-ingest) leaves no rounding behind.
//
// Only whole-org figures read the rollups (a slice or an agent filter reads columns they do not keep); the
// partial days at a window's ends come from the calls themselves (see windowParts).

import { FLAG, RANKED_FIELDS } from '../../domain/call.js';
import type { Principal } from '../../domain/principal.js';
import type { Window } from '../../domain/window.js';
import { Params, type Db, type Dialect } from '../db.js';
import { sliceWhere } from '../slice.js';
import { centsSql } from './money.js';

const DAY_MS = 86_400_000;

/** Exact sums: enough digits for cents and confidences, and no drift when deltas cancel. */
const decimalSql = (expr: string) => `CAST(${expr} AS DECIMAL(38, 9))`;
/** A dollar amount (double, kept to the cent at ingest) as an exact DECIMAL of whole cents. */
const moneySql = (expr: string) => `${decimalSql(centsSql(expr))} / 100`;

/** SQL: the stored `flags` (see summaryFlags) say tier `t` (0: none). */
export const flagsTierIs = (t: number) => `(flags & ${3 * FLAG.tierUnit}) = ${t * FLAG.tierUnit}`;

/** Whether an engine keeps (and reads) the rollups. */
export const keepsRollups = (dialect: Dialect): boolean => dialect === 'postgres';

/** The text columns counted per value in label_counts; caller_state also per area code. */
const LABEL_COLUMNS = [...RANKED_FIELDS, 'disconnect_reason', 'caller_state'] as const;
export type LabelColumn = (typeof LABEL_COLUMNS)[number];

/** The periods of the value-count tables, in days, longest first. */
const COUNT_PERIODS = [16, 1] as const;

/** The start (epoch ms) of the period of `days` days holding an epoch-ms column, also before 1970. */
const periodStartSql = (col: string, days: number) => {
  const ms = days * DAY_MS;
  return `(${col} - ((${col} % ${ms}) + ${ms}) % ${ms})`;
};

/** DDL of the rollup tables (migration 6). */
export function rollupTables(): string[] {
  return [
    `CREATE TABLE call_days (
    org_id TEXT NOT NULL,
    day BIGINT NOT NULL,
    flags SMALLINT NOT NULL,
    calls BIGINT NOT NULL,
    duration_sum BIGINT NOT NULL,
    confidence_sum DECIMAL(38, 9) NOT NULL,
    confidence_n BIGINT NOT NULL,
    asked DECIMAL(38, 9) NOT NULL,
    dangled DECIMAL(38, 9) NOT NULL,
    PRIMARY KEY (org_id, day, flags)
  )`,
    `CREATE TABLE duration_counts (
    org_id TEXT NOT NULL,
    period_days SMALLINT NOT NULL,
    period_start BIGINT NOT NULL,
    duration_sec INTEGER NOT NULL,
    calls BIGINT NOT NULL,
    PRIMARY KEY (org_id, period_days, period_start, duration_sec)
  )`,
    // detail: the area code for caller_state ('' when unknown), '' for every other column.
    `CREATE TABLE label_counts (
    org_id TEXT NOT NULL,
    dim TEXT NOT NULL,
    period_days SMALLINT NOT NULL,
    period_start BIGINT NOT NULL,
    label TEXT NOT NULL,
    detail TEXT NOT NULL,
    calls BIGINT NOT NULL,
    PRIMARY KEY (org_id, dim, period_days, period_start, label, detail)
  )`,
    `CREATE TABLE ask_counts (
    org_id TEXT NOT NULL,
    period_days SMALLINT NOT NULL,
    period_start BIGINT NOT NULL,
    amount DOUBLE PRECISION NOT NULL,
    asks BIGINT NOT NULL,
    PRIMARY KEY (org_id, period_days, period_start, amount)
  )`,
  ];
}

/**
 * One MERGE per rollup table, adding the signed contribution of the calls in `source` (a
 * relation with the calls' columns plus `sign`: 1 to add a call, -1 to take it away). A row
 * whose count reaches zero is deleted, so max() never sees a value no call holds.
 */
function deltaStatements(source: string): string[] {
  const merge = (table: string, keys: string[], count: string, sums: string[], delta: string) => {
    const cols = [...keys, count, ...sums];
    return `MERGE INTO ${table} t USING (${delta}) d ON ${keys.map((k) => `t.${k} = d.${k}`).join(' AND ')}
     WHEN MATCHED AND t.${count} + d.${count} = 0 THEN DELETE
     WHEN MATCHED THEN UPDATE SET ${[count, ...sums].map((c) => `${c} = t.${c} + d.${c}`).join(', ')}
     WHEN NOT MATCHED THEN INSERT (${cols.join(', ')}) VALUES (${cols.map((c) => `d.${c}`).join(', ')})`;
  };
  /**
   * A value-count delta for every period length: `dayRows` counts per (org_id, day as
   * period_start, ...keys) as `count`; longer periods add up those day rows, so the calls
   * are unpivoted and grouped once. Zero deltas (a call replaced within its key) are dropped.
   */
  const countsDelta = (keys: string[], count: string, dayRows: string) => {
    const k = keys.join(', ');
    const periods = COUNT_PERIODS.map((days) =>
      days === 1
        ? `SELECT org_id, CAST(1 AS SMALLINT) AS period_days, period_start, ${k}, ${count} FROM day_rows`
        : `SELECT org_id, CAST(${days} AS SMALLINT) AS period_days, ${periodStartSql('period_start', days)} AS period_start, ${k},
             sum(${count}) AS ${count}
           FROM day_rows GROUP BY org_id, ${periodStartSql('period_start', days)}, ${k}`,
    );
    return `WITH day_rows AS (${dayRows} HAVING sum(sign) <> 0)\n${periods.join('\nUNION ALL\n')}`;
  };
  const day = periodStartSql('started_at', 1);
  // One row per call and labelled column that has a value (PostgreSQL's VALUES unpivot).
  const labels = LABEL_COLUMNS.map(
    (c) => `(CAST('${c}' AS TEXT), s.${c}, ${c === 'caller_state' ? "coalesce(s.caller_area_code, '')" : "''"})`,
  ).join(', ');
  return [
    merge(
      'call_days',
      ['org_id', 'day', 'flags'],
      'calls',
      ['duration_sum', 'confidence_sum', 'confidence_n', 'asked', 'dangled'],
      `SELECT org_id, ${day} AS day, flags, sum(sign) AS calls, sum(sign * duration_sec) AS duration_sum,
         coalesce(sum(sign * ${decimalSql('auditor_confidence')}), 0) AS confidence_sum,
         sum(CASE WHEN auditor_confidence IS NULL THEN 0 ELSE sign END) AS confidence_n,
         coalesce(sum(sign * ${moneySql('asks_total')}), 0) AS asked,
         coalesce(sum(sign * ${moneySql('dollars_dangled')}), 0) AS dangled
       FROM (${source}) s GROUP BY 1, 2, 3`,
    ),
    merge(
      'duration_counts',
      ['org_id', 'period_days', 'period_start', 'duration_sec'],
      'calls',
      [],
      countsDelta(
        ['duration_sec'],
        'calls',
        `SELECT org_id, ${day} AS period_start, duration_sec, sum(sign) AS calls FROM (${source}) s GROUP BY 1, 2, 3`,
      ),
    ),
    merge(
      'ask_counts',
      ['org_id', 'period_days', 'period_start', 'amount'],
      'asks',
      [],
      countsDelta(
        ['amount'],
        'asks',
        `SELECT org_id, period_start, amount, sum(sign) AS asks FROM (
           SELECT org_id, ${day} AS period_start, unnest(dollar_asks) AS amount, sign FROM (${source}) s WHERE asks_count > 0
         ) a GROUP BY 1, 2, 3`,
      ),
    ),
    merge(
      'label_counts',
      ['org_id', 'dim', 'period_days', 'period_start', 'label', 'detail'],
      'calls',
      [],
      countsDelta(
        ['dim', 'label', 'detail'],
        'calls',
        `SELECT s.org_id, ${periodStartSql('s.started_at', 1)} AS period_start, u.dim, u.label, u.detail, sum(s.sign) AS calls
         FROM (${source}) s CROSS JOIN LATERAL (VALUES ${labels}) AS u(dim, label, detail) WHERE u.label IS NOT NULL
         GROUP BY 1, 2, 3, 4, 5`,
      ),
    ),
  ];
}

const ROLLUP_SOURCE_COLUMNS = [
  'org_id',
  'started_at',
  'flags',
  'duration_sec',
  'auditor_confidence',
  'asks_total',
  'asks_count',
  'dollars_dangled',
  'dollar_asks',
  ...LABEL_COLUMNS,
  'caller_area_code',
].join(', ');

/** Fills the rollups from every stored call (migration 6). */
export const backfillStatements = (): string[] => deltaStatements(`SELECT 1 AS sign, ${ROLLUP_SOURCE_COLUMNS} FROM calls`);

const ROLLUP_TABLE_NAMES = ['call_days', 'duration_counts', 'ask_counts', 'label_counts'];

/**
 * Recomputes every rollup from the calls (`honeypot rollups rebuild`), e.g. after instances
 * of a version without rollups ingested beside this one during a rolling upgrade. Ingest
 * waits meanwhile (it needs ROW EXCLUSIVE on calls); readers see the old rollups until the
 * commit. Returns false on an engine that keeps no rollups.
 */
export async function rebuildRollups(db: Db): Promise<boolean> {
  if (!keepsRollups(db.dialect)) return false;
  await db.tx(async (tx) => {
    await tx.run('LOCK TABLE calls IN SHARE MODE');
    for (const table of ROLLUP_TABLE_NAMES) await tx.run(`DELETE FROM ${table}`);
    for (const sql of backfillStatements()) await tx.run(sql);
  });
  return true;
}

/**
 * Inside the ingest transaction, before the batch in `stage` replaces stored calls: adds the
 * batch and, when some of its calls were stored before, takes the stored versions away.
 * The caller must be the org's only writer for the transaction (DuckDB's single writer, or
 * PostgreSQL's per-org advisory lock), so the stored versions read here are the replaced ones.
 */
export async function applyDailyDeltas(tx: Db, orgId: string, stage: string, someExisted: boolean): Promise<void> {
  if (!keepsRollups(tx.dialect)) return;
  const fresh = `SELECT 1 AS sign, ${ROLLUP_SOURCE_COLUMNS} FROM ${stage}`;
  const replaced = `SELECT -1 AS sign, ${ROLLUP_SOURCE_COLUMNS} FROM calls
    WHERE org_id = $1 AND call_sid IN (SELECT call_sid FROM ${stage})`;
  for (const sql of deltaStatements(someExisted ? `${fresh} UNION ALL ${replaced}` : fresh)) {
    await tx.run(sql, someExisted ? [orgId] : []);
  }
}

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

const countsWhere = (r: PeriodRange, p: Params, orgId: string) =>
  `org_id = ${p.p(orgId)} AND period_days = ${p.p(r.periodDays)} AND period_start >= ${p.p(r.from)} AND period_start < ${p.p(r.to)}`;

/**
 * Rows `(label, detail, n)`: the calls in the window per value of `column` (never null) and,
 * for caller_state, per area code (`detail`, '' or null when unknown).
 */
export function labelCounts(
  dialect: Dialect,
  principal: Principal,
  w: Pick<Window, 'start' | 'end'>,
  p: Params,
  column: LabelColumn,
): string {
  const detail = column === 'caller_state' ? 'caller_area_code' : 'CAST(NULL AS TEXT)';
  return unionOverWindow(
    keepsRollups(dialect),
    principal,
    w,
    p,
    {
      periodDays: COUNT_PERIODS,
      where: (r, q, orgId) => `${countsWhere(r, q, orgId)} AND dim = ${q.p(column)}`,
      select: (where) => `SELECT label, detail, calls AS n FROM label_counts WHERE ${where}`,
    },
    // The column comes from LABEL_COLUMNS, never from request text.
    (where) =>
      `SELECT ${column} AS label, ${detail} AS detail, count(*) AS n FROM calls WHERE ${where} AND ${column} IS NOT NULL GROUP BY 1, 2`,
  );
}

/** Rows `(x, c)`: each call duration (seconds) in the window and how many calls had it. */
export function durationCounts(dialect: Dialect, principal: Principal, w: Pick<Window, 'start' | 'end'>, p: Params): string {
  return unionOverWindow(
    keepsRollups(dialect),
    principal,
    w,
    p,
    {
      periodDays: COUNT_PERIODS,
      where: countsWhere,
      select: (where) => `SELECT duration_sec AS x, calls AS c FROM duration_counts WHERE ${where}`,
    },
    (where) => `SELECT duration_sec AS x, count(*) AS c FROM calls WHERE ${where} GROUP BY 1`,
  );
}

/** Rows `(x, c)`: each dollar amount asked in the window and how many asks named it. */
export function askCounts(dialect: Dialect, principal: Principal, w: Pick<Window, 'start' | 'end'>, p: Params): string {
  return unionOverWindow(
    keepsRollups(dialect),
    principal,
    w,
    p,
    { periodDays: COUNT_PERIODS, where: countsWhere, select: (where) => `SELECT amount AS x, asks AS c FROM ask_counts WHERE ${where}` },
    (where) =>
      `SELECT amount AS x, count(*) AS c FROM (SELECT unnest(dollar_asks) AS amount FROM calls WHERE ${where} AND asks_count > 0) u GROUP BY 1`,
  );
}
