// Keeping the rollups (layout.ts) equal to the calls: the signed contribution of a batch is
// merged in at ingest, inside the ingest transaction; `honeypot rollups rebuild` recomputes
// them all.

import type { Db } from '../db.js';
import { centsSql } from '../queries/money.js';
import { COUNT_PERIODS, DAY_MS, keepsRollups, LABEL_COLUMNS, periodStartSql, ROLLUP_TABLE_NAMES, type LabelColumn } from './layout.js';

type RollupTable = (typeof ROLLUP_TABLE_NAMES)[number];

/** Exact sums: enough digits for cents and confidences, and no drift when deltas cancel. */
const decimalSql = (expr: string) => `CAST(${expr} AS DECIMAL(38, 9))`;
/** A dollar amount (double, kept to the cent at ingest) as an exact DECIMAL of whole cents. */
const moneySql = (expr: string) => `${decimalSql(centsSql(expr))} / 100`;

/**
 * One MERGE per rollup table, adding the signed contribution of the calls in `source` (a
 * relation with the calls' columns plus `sign`: 1 to add a call, -1 to take it away). A row
 * whose count reaches zero is deleted, so max() never sees a value no call holds.
 */
function deltaStatements(source: string, tables: readonly RollupTable[] = ROLLUP_TABLE_NAMES): string[] {
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
  const statements: Record<RollupTable, string> = {
    call_days: merge(
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
    duration_counts: merge(
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
    ask_counts: merge(
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
    label_counts: merge(
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
  };
  return tables.map((t) => statements[t]);
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

/** A column of a batch's calls that the value-count rollups read: its values, in one call order. */
export type BatchColumn = (name: 'started_at' | 'duration_sec' | 'dollar_asks' | 'caller_area_code' | LabelColumn) => readonly unknown[];

/**
 * Inside the ingest transaction, before the batch in `stage` replaces stored calls: adds the
 * batch and, when some of its calls were stored before, takes the stored versions away.
 * The caller must be the org's only writer for the transaction (DuckDB's single writer, or
 * PostgreSQL's per-org advisory lock), so the stored versions read here are the replaced ones.
 *
 * The batch's value counts are added up here from `column` (the staged calls' values) and
 * sent as one row per count: unpivoting and grouping the staged calls in SQL, in three MERGEs,
 * took the ingest transaction's one backend 40% of its time (bench, 5,000-call batches).
 * Additions alone never bring a count to zero, so one upsert per table does; the replaced
 * versions are then taken away by the MERGEs, which delete the counts that reach zero.
 */
export async function applyDailyDeltas(tx: Db, orgId: string, stage: string, someExisted: boolean, column: BatchColumn): Promise<void> {
  if (!keepsRollups(tx.dialect)) return;
  const fresh = `SELECT 1 AS sign, ${ROLLUP_SOURCE_COLUMNS} FROM ${stage}`;
  const replaced = `SELECT -1 AS sign, ${ROLLUP_SOURCE_COLUMNS} FROM calls
    WHERE org_id = $1 AND call_sid IN (SELECT call_sid FROM ${stage})`;
  for (const sql of deltaStatements(someExisted ? `${fresh} UNION ALL ${replaced}` : fresh, ['call_days'])) {
    await tx.run(sql, someExisted ? [orgId] : []);
  }
  await addValueCounts(tx, orgId, column);
  if (someExisted) for (const sql of deltaStatements(replaced, COUNT_TABLES)) await tx.run(sql, [orgId]);
}

const COUNT_TABLES = ['duration_counts', 'ask_counts', 'label_counts'] as const;

/** The start (epoch ms) of the period of `days` days holding `ms`: periodStartSql in JavaScript. */
const periodStart = (ms: number, days: number) => {
  const len = days * DAY_MS;
  return ms - (((ms % len) + len) % len);
};

/** Counts by key, keeping each key's values: one row of a value-count table per key. */
class Counts {
  readonly rows = new Map<string, { values: unknown[]; n: number }>();
  add(values: unknown[]): void {
    const key = values.join('\u0000'); // the text of every key part is free of U+0000 (ingest rejects it)
    const row = this.rows.get(key);
    if (row) row.n++;
    else this.rows.set(key, { values, n: 1 });
  }
  /** One array per key part, then the counts: unnest's parameters. */
  columns(parts: number): unknown[][] {
    const out: unknown[][] = Array.from({ length: parts + 1 }, () => []);
    for (const { values, n } of this.rows.values()) {
      for (let i = 0; i < parts; i++) out[i].push(values[i]);
      out[parts].push(n);
    }
    return out;
  }
}

/** Adds the batch's calls to duration_counts, ask_counts and label_counts, in one statement. */
async function addValueCounts(tx: Db, orgId: string, column: BatchColumn): Promise<void> {
  const [started, duration, dollarAsks, areaCode] = (['started_at', 'duration_sec', 'dollar_asks', 'caller_area_code'] as const).map(
    column,
  );
  const labelled = LABEL_COLUMNS.map((dim) => ({ dim, values: column(dim) }));
  const durations = new Counts();
  const asks = new Counts();
  const labels = new Counts();
  for (let i = 0; i < started.length; i++) {
    for (const days of COUNT_PERIODS) {
      const start = periodStart(started[i] as number, days);
      durations.add([days, start, duration[i]]);
      for (const amount of dollarAsks[i] as number[]) asks.add([days, start, amount]);
      for (const { dim, values } of labelled) {
        const label = values[i];
        if (label === null) continue;
        labels.add([dim, days, start, label, dim === 'caller_state' ? (areaCode[i] ?? '') : '']);
      }
    }
  }
  const upsert = (table: string, keys: string[], types: string[], count: string, first: number) =>
    `INSERT INTO ${table} AS t (org_id, ${keys.join(', ')}, ${count})
     SELECT $1, * FROM unnest(${[...types, 'bigint'].map((type, i) => `CAST($${first + i} AS ${type}[])`).join(', ')})
     ON CONFLICT (org_id, ${keys.join(', ')}) DO UPDATE SET ${count} = t.${count} + excluded.${count}`;
  const d = durations.columns(3);
  const a = asks.columns(3);
  const l = labels.columns(5);
  await tx.run(
    `WITH durations AS (${upsert('duration_counts', ['period_days', 'period_start', 'duration_sec'], ['smallint', 'bigint', 'integer'], 'calls', 2)}),
     asks AS (${upsert('ask_counts', ['period_days', 'period_start', 'amount'], ['smallint', 'bigint', 'double precision'], 'asks', 6)})
     ${upsert('label_counts', ['dim', 'period_days', 'period_start', 'label', 'detail'], ['text', 'smallint', 'bigint', 'text', 'text'], 'calls', 10)}`,
    [orgId, ...d, ...a, ...l],
  );
}
