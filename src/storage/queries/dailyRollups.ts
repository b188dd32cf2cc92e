// Per-day rollups of each org's calls, kept exact at ingest, so figures over long windows
// read a few rows per day instead of every call. PostgreSQL only: DuckDB scans a year of 1M
// calls in under 50 ms by its columns, and keeping the rollups there cost more than half its
// ingest speed (20.6k → 8.9k calls/s) and doubled its memory (bench, 1M calls).
//
//   call_days           (org, UTC day, flags) → calls, duration sum, confidence sum and count,
//                       dollars asked and dangled
//   call_day_durations  (org, UTC day, duration_sec) → calls       exact duration medians
//   call_day_asks       (org, UTC day, amount) → asks              exact ask medians
//
// Durations are whole seconds and asks mostly round amounts, so the value-count tables stay
// small, and a median over any set of days is exact. Money and confidence sums are DECIMAL, so
// adding and later subtracting a call (a re-ingest) leaves no rounding behind.
//
// Only whole-org figures read the rollups (a slice filters on columns they do not keep), and
// only for the whole UTC days inside a window; the partial days at its ends come from the
// calls themselves (see windowParts).

import type { Principal } from '../../domain/principal.js';
import type { Window } from '../../domain/window.js';
import { Params, type Db, type Dialect } from '../db.js';
import { sliceWhere } from '../slice.js';

export const DAY_MS = 86_400_000;

/** The UTC day (epoch ms of its midnight) of an epoch-ms column, also before 1970. */
export const daySql = (col: string) => `(${col} - ((${col} % ${DAY_MS}) + ${DAY_MS}) % ${DAY_MS})`;

/** Exact sums: enough digits for cents and confidences, and no drift when deltas cancel. */
const decimalSql = (expr: string) => `CAST(${expr} AS DECIMAL(38, 9))`;

/** Whether an engine keeps (and reads) the rollups. */
export const keepsRollups = (dialect: Dialect): boolean => dialect === 'postgres';

/** DDL of the rollup tables (migration 6). */
export function rollupTables(): string[] {
  const key = (cols: string) => `,\n    PRIMARY KEY (${cols})`;
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
    dangled DECIMAL(38, 9) NOT NULL${key('org_id, day, flags')}
  )`,
    `CREATE TABLE call_day_durations (
    org_id TEXT NOT NULL,
    day BIGINT NOT NULL,
    duration_sec INTEGER NOT NULL,
    calls BIGINT NOT NULL${key('org_id, day, duration_sec')}
  )`,
    `CREATE TABLE call_day_asks (
    org_id TEXT NOT NULL,
    day BIGINT NOT NULL,
    amount DOUBLE PRECISION NOT NULL,
    asks BIGINT NOT NULL${key('org_id, day, amount')}
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
  const day = daySql('started_at');
  return [
    merge(
      'call_days',
      ['org_id', 'day', 'flags'],
      'calls',
      ['duration_sum', 'confidence_sum', 'confidence_n', 'asked', 'dangled'],
      `SELECT org_id, ${day} AS day, flags, sum(sign) AS calls, sum(sign * duration_sec) AS duration_sum,
         coalesce(sum(sign * ${decimalSql('auditor_confidence')}), 0) AS confidence_sum,
         sum(CASE WHEN auditor_confidence IS NULL THEN 0 ELSE sign END) AS confidence_n,
         coalesce(sum(sign * ${decimalSql('asks_total')}), 0) AS asked,
         coalesce(sum(sign * ${decimalSql('dollars_dangled')}), 0) AS dangled
       FROM (${source}) s GROUP BY 1, 2, 3`,
    ),
    merge(
      'call_day_durations',
      ['org_id', 'day', 'duration_sec'],
      'calls',
      [],
      `SELECT org_id, ${day} AS day, duration_sec, sum(sign) AS calls FROM (${source}) s GROUP BY 1, 2, 3`,
    ),
    merge(
      'call_day_asks',
      ['org_id', 'day', 'amount'],
      'asks',
      [],
      `SELECT org_id, day, amount, sum(sign) AS asks FROM (
         SELECT org_id, ${day} AS day, unnest(dollar_asks) AS amount, sign FROM (${source}) s WHERE asks_count > 0
       ) a GROUP BY 1, 2, 3`,
    ),
  ];
}

const ROLLUP_SOURCE_COLUMNS =
  'org_id, started_at, flags, duration_sec, auditor_confidence, asks_total, asks_count, dollars_dangled, dollar_asks';

/** Fills the rollups from every stored call (migration 6). */
export const backfillStatements = (): string[] => deltaStatements(`SELECT 1 AS sign, ${ROLLUP_SOURCE_COLUMNS} FROM calls`);

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

/** A window split into whole UTC days read from the rollups and the rest read from calls. */
export interface WindowParts {
  /** `[start, end)` of whole UTC days read from the rollups; null when none are used. */
  days: [number, number] | null;
  /** `[start, end)` ranges read from the calls: the whole window, or the partial days at its ends. */
  raw: [number, number][];
}

export function windowParts(useRollups: boolean, principal: Pick<Principal, 'scope'>, w: Pick<Window, 'start' | 'end'>): WindowParts {
  const start = w.start.getTime();
  const end = w.end.getTime();
  const firstDay = Math.ceil(start / DAY_MS) * DAY_MS;
  const lastDay = Math.floor(end / DAY_MS) * DAY_MS;
  if (!useRollups || principal.scope || firstDay >= lastDay) return { days: null, raw: [[start, end]] };
  const raw: [number, number][] = [];
  if (start < firstDay) raw.push([start, firstDay]);
  if (lastDay < end) raw.push([lastDay, end]);
  return { days: [firstDay, lastDay], raw };
}

/**
 * A UNION ALL of `rollup` over the window's whole days (when `useRollups`, see windowParts)
 * and `raw` over each remaining range. `rollup(where)` and `raw(where)` are SELECTs with the same
 * columns; `where` already holds the org (and, for raw, the slice and the time range).
 */
export function unionOverWindow(
  useRollups: boolean,
  principal: Principal,
  w: Pick<Window, 'start' | 'end'>,
  p: Params,
  rollup: (where: string) => string,
  raw: (where: string) => string,
): string {
  const parts = windowParts(useRollups, principal, w);
  const selects: string[] = [];
  if (parts.days) {
    selects.push(rollup(`org_id = ${p.p(principal.orgId)} AND day >= ${p.p(parts.days[0])} AND day < ${p.p(parts.days[1])}`));
  }
  for (const [from, to] of parts.raw) {
    selects.push(raw(`${sliceWhere(principal, p)} AND started_at >= ${p.p(from)} AND started_at < ${p.p(to)}`));
  }
  return selects.join('\nUNION ALL\n');
}

/** Rows `(x, c)`: each call duration (seconds) in the window and how many calls had it. */
export function durationCounts(dialect: Dialect, principal: Principal, w: Pick<Window, 'start' | 'end'>, p: Params): string {
  return unionOverWindow(
    keepsRollups(dialect),
    principal,
    w,
    p,
    (where) => `SELECT duration_sec AS x, calls AS c FROM call_day_durations WHERE ${where}`,
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
    (where) => `SELECT amount AS x, asks AS c FROM call_day_asks WHERE ${where}`,
    (where) =>
      `SELECT amount AS x, count(*) AS c FROM (SELECT unnest(dollar_asks) AS amount FROM calls WHERE ${where} AND asks_count > 0) u GROUP BY 1`,
  );
}
