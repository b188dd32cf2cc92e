// Keeping the rollups (layout.ts) equal to the calls: the signed contribution of a batch is
// merged in at ingest, inside the ingest transaction; `honeypot rollups rebuild` recomputes
// them all.

import type { Db } from '../db.js';
import { centsSql } from '../queries/money.js';
import { COUNT_PERIODS, keepsRollups, LABEL_COLUMNS, periodStartSql, ROLLUP_TABLE_NAMES } from './layout.js';

/** Exact sums: enough digits for cents and confidences, and no drift when deltas cancel. */
const decimalSql = (expr: string) => `CAST(${expr} AS DECIMAL(38, 9))`;
/** A dollar amount (double, kept to the cent at ingest) as an exact DECIMAL of whole cents. */
const moneySql = (expr: string) => `${decimalSql(centsSql(expr))} / 100`;

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
    for (const sql of deltaStatements(`SELECT 1 AS sign, ${ROLLUP_SOURCE_COLUMNS} FROM calls`)) await tx.run(sql);
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
