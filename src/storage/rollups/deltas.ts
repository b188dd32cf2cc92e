// Keeping the rollups (layout.ts) equal to the calls: the signed contribution of a batch is
// merged in at ingest, inside the ingest transaction; `honeypot rollups rebuild` recomputes
// them all.

import type { Db } from '../db.js';
import { centsSql } from '../queries/money.js';
import {
  COUNT_PERIODS,
  DAY_MS,
  HOUR_MS,
  HOUR_PERIOD,
  keepsRollups,
  LABEL_COLUMNS,
  periodStartSql,
  ROLLUP_TABLE_NAMES,
  startOfSql,
  type LabelColumn,
} from './layout.js';

type RollupTable = (typeof ROLLUP_TABLE_NAMES)[number];

/** Exact sums: enough digits for cents and confidences, and no drift when deltas cancel. */
const decimalSql = (expr: string) => `CAST(${expr} AS DECIMAL(38, 9))`;
/** A dollar amount (double, kept to the cent at ingest) as an exact DECIMAL of whole cents. */
const moneySql = (expr: string) => `${decimalSql(centsSql(expr))} / 100`;

/**
 * One MERGE per rollup table, adding the signed contribution of the calls in `source` (a
 * relation with the calls' columns plus `sign`: 1 to add a call, -1 to take it away). A row
 * whose count reaches zero is deleted, so max() never sees a value no call holds. With
 * `period` hours, the hourly rollups of emptied hours are filled instead (hourFills.ts).
 */
export function deltaStatements(
  source: string,
  tables: readonly RollupTable[] = ROLLUP_TABLE_NAMES,
  period: 'days' | 'hours' = 'days',
): string[] {
  // Hours go to call_hours and to the value counts with period_days HOUR_PERIOD (hourFills.ts).
  const hours = period === 'hours';
  const merge = (table: string, keys: string[], count: string, sums: string[], delta: string) => {
    const cols = [...keys, count, ...sums];
    // Hours are filled after their rows are deleted: plain INSERTs, in key order, so the rows a
    // window reads (one column, consecutive hours) share a few pages instead of one page each.
    if (hours) return `INSERT INTO ${table} (${cols.join(', ')}) SELECT ${cols.join(', ')} FROM (${delta}) d ORDER BY ${keys.join(', ')}`;
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
    const periods = (hours ? [HOUR_PERIOD] : COUNT_PERIODS).map((days) =>
      days === 1 || days === HOUR_PERIOD
        ? `SELECT org_id, CAST(${days} AS SMALLINT) AS period_days, period_start, ${k}, ${count} FROM day_rows`
        : `SELECT org_id, CAST(${days} AS SMALLINT) AS period_days, ${periodStartSql('period_start', days)} AS period_start, ${k},
             sum(${count}) AS ${count}
           FROM day_rows GROUP BY org_id, ${periodStartSql('period_start', days)}, ${k}`,
    );
    return `WITH day_rows AS (${dayRows} HAVING sum(sign) <> 0)\n${periods.join('\nUNION ALL\n')}`;
  };
  // The period start of a call: its UTC day, or its hour.
  const startOf = (col: string) => (hours ? startOfSql(col, HOUR_MS) : periodStartSql(col, 1));
  const day = startOf('started_at');
  // One row per call and labelled column that has a value (PostgreSQL's VALUES unpivot).
  const labels = LABEL_COLUMNS.map(
    (c) => `(CAST('${c}' AS TEXT), s.${c}, ${c === 'caller_state' ? "coalesce(s.caller_area_code, '')" : "''"})`,
  ).join(', ');
  const statements: Record<RollupTable, string> = {
    call_days: merge(
      hours ? 'call_hours' : 'call_days',
      ['org_id', hours ? 'hour' : 'day', 'flags'],
      'calls',
      ['duration_sum', 'confidence_sum', 'confidence_n', 'asked', 'dangled'],
      `SELECT org_id, ${day} AS ${hours ? 'hour' : 'day'}, flags, sum(sign) AS calls, sum(sign * duration_sec) AS duration_sum,
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
        `SELECT s.org_id, ${startOf('s.started_at')} AS period_start, u.dim, u.label, u.detail, sum(s.sign) AS calls
         FROM (${source}) s CROSS JOIN LATERAL (VALUES ${labels}) AS u(dim, label, detail) WHERE u.label IS NOT NULL
         GROUP BY 1, 2, 3, 4, 5`,
      ),
    ),
  };
  return tables.map((t) => statements[t]);
}

/** The columns of calls the rollups read. */
export const ROLLUP_SOURCE_COLUMNS = [
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
    // The hourly rollups are emptied too (hourFills.ts): reads fill them again. The lock waits
    // for fills that read the calls before this, and holds back those after it.
    await tx.run('LOCK TABLE hour_fills IN SHARE MODE');
    for (const table of [...ROLLUP_TABLE_NAMES, 'call_hours', 'hour_fills']) await tx.run(`DELETE FROM ${table}`);
    for (const sql of deltaStatements(`SELECT 1 AS sign, ${ROLLUP_SOURCE_COLUMNS} FROM calls`)) await tx.run(sql);
  });
  return true;
}

/** A column of a batch's calls that the value-count rollups read: its values, in one call order. */
export type BatchColumn = (name: 'started_at' | 'duration_sec' | 'dollar_asks' | 'caller_area_code' | LabelColumn) => readonly unknown[];

/** A batch's value counts (valueCounts), ready to be added to the rollups. */
export interface ValueCounts {
  /** unnest's parameters, one array per key column and then the counts, per table. */
  durations: unknown[][];
  asks: unknown[][];
  labels: unknown[][];
  /** The hours (their starts) the batch's calls fall in: ingest unlists them (hourFills.ts). */
  hours: number[];
}

/**
 * Inside the ingest transaction, before the batch in `stage` (call_sids `sids`) replaces stored
 * calls: adds the batch and, when some of its calls were stored before, takes the stored versions away.
 * The caller must be the org's only writer for the transaction (DuckDB's single writer, or
 * PostgreSQL's per-org advisory lock), so the stored versions read here are the replaced ones.
 *
 * The batch's value counts come added up (`counts`, from valueCounts before the transaction)
 * and go in as one row per count: unpivoting and grouping the staged calls in SQL, in three
 * MERGEs, took the ingest transaction's one backend 40% of its time (bench, 5,000-call
 * batches). Additions alone never bring a count to zero, so one upsert per table does; the
 * replaced versions are then taken away by the MERGEs, which delete the counts that reach zero.
 */
export async function applyDailyDeltas(
  tx: Db,
  orgId: string,
  stage: string,
  someExisted: boolean,
  counts: ValueCounts | null,
  sids: string[],
): Promise<void> {
  if (!keepsRollups(tx.dialect)) return;
  if (!counts) throw new Error('applyDailyDeltas: this engine keeps rollups, the batch needs its value counts');
  await unlistHours(tx, orgId, counts.hours, someExisted ? sids : null);
  const fresh = `SELECT 1 AS sign, ${ROLLUP_SOURCE_COLUMNS} FROM ${stage}`;
  // The stored versions by the primary key, with the batch's call_sids as one array (see countStored).
  const replaced = `SELECT -1 AS sign, ${ROLLUP_SOURCE_COLUMNS} FROM calls WHERE org_id = $1 AND call_sid = ANY(CAST($2 AS TEXT[]))`;
  for (const sql of deltaStatements(someExisted ? `${fresh} UNION ALL ${replaced}` : fresh, ['call_days'])) {
    await tx.run(sql, someExisted ? [orgId, sids] : []);
  }
  await tx.run(ADD_VALUE_COUNTS, [orgId, ...counts.durations, ...counts.asks, ...counts.labels]);
  if (someExisted) for (const sql of deltaStatements(replaced, COUNT_TABLES)) await tx.run(sql, [orgId, sids]);
}

const COUNT_TABLES = ['duration_counts', 'ask_counts', 'label_counts'] as const;

/**
 * Inside the ingest transaction (holding the org's lock), before replaced calls are deleted:
 * unlists `hours` (those of the batch's calls) and, when some were stored before, the hours of
 * the stored calls they replace (`replacedSids`), so reads take those hours from the calls
 * until they are filled again (hourFills.ts); the filler may then be asked for them at once.
 * Retention calls it the same way before it deletes calls (retention/sweep.ts).
 */
export async function unlistHours(tx: Db, orgId: string, hours: number[], replacedSids: string[] | null): Promise<void> {
  const replaced = replacedSids
    ? ` OR hour IN (SELECT ${startOfSql('started_at', HOUR_MS)} FROM calls WHERE org_id = $1 AND call_sid = ANY(CAST($3 AS TEXT[])))`
    : '';
  const dropped = await tx.all<{ hour: string | number }>(
    `DELETE FROM hour_fills WHERE org_id = $1 AND (hour = ANY(CAST($2 AS BIGINT[]))${replaced}) RETURNING hour`,
    replacedSids ? [orgId, hours, replacedSids] : [orgId, hours],
  );
  tx.hourFills?.forget(
    orgId,
    dropped.map((r) => Number(r.hour)),
  );
}

/** Adds counts to a value-count table from unnest's arrays ($first onwards); $1 is the org. */
const upsertCounts = (table: string, keys: string[], types: string[], count: string, first: number) =>
  `INSERT INTO ${table} AS t (org_id, ${keys.join(', ')}, ${count})
   SELECT $1, * FROM unnest(${[...types, 'bigint'].map((type, i) => `CAST($${first + i} AS ${type}[])`).join(', ')})
   ON CONFLICT (org_id, ${keys.join(', ')}) DO UPDATE SET ${count} = t.${count} + excluded.${count}`;

/** The three tables in one statement: durations $2–$5, asks $6–$9, labels $10–$15. */
const ADD_VALUE_COUNTS = `WITH durations AS (
    ${upsertCounts('duration_counts', ['period_days', 'period_start', 'duration_sec'], ['smallint', 'bigint', 'integer'], 'calls', 2)}
  ), asks AS (
    ${upsertCounts('ask_counts', ['period_days', 'period_start', 'amount'], ['smallint', 'bigint', 'double precision'], 'asks', 6)}
  )
  ${upsertCounts('label_counts', ['dim', 'period_days', 'period_start', 'label', 'detail'], ['text', 'smallint', 'bigint', 'text', 'text'], 'calls', 10)}`;

/** The start (epoch ms) of the period of `days` days holding `ms`: periodStartSql in JavaScript. */
const periodStart = (ms: number, days: number) => {
  const len = days * DAY_MS;
  return ms - (((ms % len) + len) % len);
};

/** Counts by key; each new key's parts (period_days, period_start, then `values`) become a row. */
class Counts {
  private readonly index = new Map<string, number>();
  private readonly parts: unknown[][];
  private readonly counts: number[] = [];
  constructor(values: number) {
    this.parts = Array.from({ length: values + 2 }, () => []);
  }
  /** `key` tells the values apart (they hold no U+0000, which ingest rejects). */
  add(days: number, start: number, key: string, values: readonly unknown[], n = 1): void {
    const fullKey = `${days}\u0000${start}\u0000${key}`;
    const i = this.index.get(fullKey);
    if (i !== undefined) {
      this.counts[i] += n;
      return;
    }
    this.index.set(fullKey, this.counts.length);
    this.counts.push(n);
    this.parts[0].push(days);
    this.parts[1].push(start);
    for (let v = 0; v < values.length; v++) this.parts[v + 2].push(values[v]);
  }
  /** Each day's counts added to its longer periods' too (the calls are read once, like day_rows in SQL). */
  addLongerPeriods(): void {
    const days = this.counts.length;
    for (const period of COUNT_PERIODS) {
      if (period === 1) continue;
      for (let i = 0; i < days; i++) {
        const values = this.parts.slice(2).map((p) => p[i]);
        this.add(period, periodStart(this.parts[1][i] as number, period), values.join('\u0000'), values, this.counts[i]);
      }
    }
  }
  /** unnest's arrays: the key columns as the table orders them (`order` indexes into period_days, period_start, values…), then the counts. */
  columns(order: number[]): unknown[][] {
    return [...order.map((i) => this.parts[i]), this.counts];
  }
}

/**
 * Adds up a batch's value counts, per UTC day and per longer period: the rows its calls add to
 * duration_counts, ask_counts and label_counts. Pure JavaScript, so it runs outside the transaction.
 */
export function valueCounts(column: BatchColumn): ValueCounts {
  const [started, duration, dollarAsks, areaCode] = (['started_at', 'duration_sec', 'dollar_asks', 'caller_area_code'] as const).map(
    column,
  );
  const labelled = LABEL_COLUMNS.map((dim) => ({ dim, values: column(dim) }));
  const durations = new Counts(1);
  const asks = new Counts(1);
  const labels = new Counts(3);
  const hours = new Set<number>();
  for (let i = 0; i < started.length; i++) {
    const day = periodStart(started[i] as number, 1);
    hours.add((started[i] as number) - ((((started[i] as number) % HOUR_MS) + HOUR_MS) % HOUR_MS));
    durations.add(1, day, String(duration[i]), [duration[i]]);
    for (const amount of dollarAsks[i] as number[]) asks.add(1, day, String(amount), [amount]);
    for (const { dim, values } of labelled) {
      const label = values[i] as string | null;
      if (label === null) continue;
      const detail = dim === 'caller_state' ? ((areaCode[i] as string | null) ?? '') : '';
      labels.add(1, day, `${dim}\u0000${label}\u0000${detail}`, [dim, label, detail]);
    }
  }
  for (const c of [durations, asks, labels]) c.addLongerPeriods();
  return {
    durations: durations.columns([0, 1, 2]),
    asks: asks.columns([0, 1, 2]),
    labels: labels.columns([2, 0, 1, 3, 4]),
    hours: [...hours],
  };
}
