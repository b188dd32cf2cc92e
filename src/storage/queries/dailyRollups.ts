// Per-day rollups of each org's calls, kept exact at ingest, so figures over long windows
// read a few rows per day instead of every call.
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
import { Params, type Db } from '../db.js';
import { sliceWhere } from '../slice.js';

export const DAY_MS = 86_400_000;

/** The UTC day (epoch ms of its midnight) of an epoch-ms column, also before 1970. */
export const daySql = (col: string) => `(${col} - ((${col} % ${DAY_MS}) + ${DAY_MS}) % ${DAY_MS})`;

/** Exact sums: enough digits for cents and confidences, and no drift when deltas cancel. */
export const decimalSql = (expr: string) => `CAST(${expr} AS DECIMAL(38, 9))`;

/** DDL of the rollup tables (migration 6). */
export const ROLLUP_TABLES = [
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
  `CREATE TABLE call_day_durations (
    org_id TEXT NOT NULL,
    day BIGINT NOT NULL,
    duration_sec INTEGER NOT NULL,
    calls BIGINT NOT NULL,
    PRIMARY KEY (org_id, day, duration_sec)
  )`,
  `CREATE TABLE call_day_asks (
    org_id TEXT NOT NULL,
    day BIGINT NOT NULL,
    amount DOUBLE PRECISION NOT NULL,
    asks BIGINT NOT NULL,
    PRIMARY KEY (org_id, day, amount)
  )`,
];

/**
 * For each rollup table, an INSERT adding the signed contribution of the calls in `source`
 * (a relation with the calls' columns plus `sign`: 1 to add a call, -1 to take it away).
 */
function deltaStatements(source: string): string[] {
  const add = (cols: string[]) => cols.map((c) => `${c} = excluded.${c} + t.${c}`).join(', ');
  return [
    `INSERT INTO call_days AS t (org_id, day, flags, calls, duration_sum, confidence_sum, confidence_n, asked, dangled)
     SELECT org_id, ${daySql('started_at')}, flags, sum(sign), sum(sign * duration_sec),
       coalesce(sum(sign * ${decimalSql('auditor_confidence')}), 0),
       sum(CASE WHEN auditor_confidence IS NULL THEN 0 ELSE sign END),
       coalesce(sum(sign * ${decimalSql('asks_total')}), 0), coalesce(sum(sign * ${decimalSql('dollars_dangled')}), 0)
     FROM (${source}) s GROUP BY 1, 2, 3
     ON CONFLICT (org_id, day, flags) DO UPDATE SET
       ${add(['calls', 'duration_sum', 'confidence_sum', 'confidence_n', 'asked', 'dangled'])}`,
    `INSERT INTO call_day_durations AS t (org_id, day, duration_sec, calls)
     SELECT org_id, ${daySql('started_at')}, duration_sec, sum(sign) FROM (${source}) s GROUP BY 1, 2, 3
     ON CONFLICT (org_id, day, duration_sec) DO UPDATE SET ${add(['calls'])}`,
    `INSERT INTO call_day_asks AS t (org_id, day, amount, asks)
     SELECT org_id, day, amount, sum(sign) FROM (
       SELECT org_id, ${daySql('started_at')} AS day, unnest(dollar_asks) AS amount, sign FROM (${source}) s WHERE asks_count > 0
     ) a GROUP BY 1, 2, 3
     ON CONFLICT (org_id, day, amount) DO UPDATE SET ${add(['asks'])}`,
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
  const fresh = `SELECT 1 AS sign, ${ROLLUP_SOURCE_COLUMNS} FROM ${stage}`;
  const replaced = `SELECT -1 AS sign, ${ROLLUP_SOURCE_COLUMNS} FROM calls
    WHERE org_id = $1 AND call_sid IN (SELECT call_sid FROM ${stage})`;
  for (const sql of deltaStatements(someExisted ? `${fresh} UNION ALL ${replaced}` : fresh)) {
    await tx.run(sql, someExisted ? [orgId] : []);
  }
  if (someExisted) {
    // A day/value whose calls all moved elsewhere is gone, not a zero (max() must not see it).
    await tx.run('DELETE FROM call_days WHERE org_id = $1 AND calls = 0', [orgId]);
    await tx.run('DELETE FROM call_day_durations WHERE org_id = $1 AND calls = 0', [orgId]);
    await tx.run('DELETE FROM call_day_asks WHERE org_id = $1 AND asks = 0', [orgId]);
  }
}

/** A window split into whole UTC days read from the rollups and the rest read from calls. */
export interface WindowParts {
  /** `[start, end)` of whole UTC days read from the rollups; null when none are used. */
  days: [number, number] | null;
  /** `[start, end)` ranges read from the calls: the whole window, or the partial days at its ends. */
  raw: [number, number][];
}

export function windowParts(principal: Pick<Principal, 'scope'>, w: Pick<Window, 'start' | 'end'>): WindowParts {
  const start = w.start.getTime();
  const end = w.end.getTime();
  const firstDay = Math.ceil(start / DAY_MS) * DAY_MS;
  const lastDay = Math.floor(end / DAY_MS) * DAY_MS;
  if (principal.scope || firstDay >= lastDay) return { days: null, raw: [[start, end]] };
  const raw: [number, number][] = [];
  if (start < firstDay) raw.push([start, firstDay]);
  if (lastDay < end) raw.push([lastDay, end]);
  return { days: [firstDay, lastDay], raw };
}

/**
 * A UNION ALL of `rollup` over the window's whole days and `raw` over each remaining range. `rollup(where)` and `raw(where)` are SELECTs with the same
 * columns; `where` already holds the org (and, for raw, the slice and the time range).
 */
export function unionOverWindow(
  principal: Principal,
  w: Pick<Window, 'start' | 'end'>,
  p: Params,
  rollup: (where: string) => string,
  raw: (where: string) => string,
): string {
  const parts = windowParts(principal, w);
  const selects: string[] = [];
  if (parts.days) {
    selects.push(rollup(`org_id = ${p.p(principal.orgId)} AND day >= ${p.p(parts.days[0])} AND day < ${p.p(parts.days[1])}`));
  }
  for (const [from, to] of parts.raw) {
    selects.push(raw(`${sliceWhere(principal, p)} AND started_at >= ${p.p(from)} AND started_at < ${p.p(to)}`));
  }
  return selects.join('\nUNION ALL\n');
}
