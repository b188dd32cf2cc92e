// Stores validated calls: insert or replace on (org, call_sid), reporting created vs updated.
// The derived columns are computed here from src/domain, once, at write time.

import { DuckDBDataChunkWriter, JSToDuckDBValueConverter, type DuckDBConnection } from '@duckdb/node-api';
import { hasIntel, INTEL_FIELDS, isHooked, summaryFlags, tierOf, type CallRecord } from '../../domain/call.js';
import { areaCodeOfCallerId, stateOfCallerId } from '../../domain/areaCodes.js';
import { toCents } from '../../domain/ingestRecord.js';
import type { Db } from '../db.js';
import { applyDailyDeltas } from '../rollups/deltas.js';
import { DuckDb } from '../duckdb/engine.js';
import { newOutboxBatch, queueCallDeliveries, recordCallEvents, type OutboxBatch } from './outbox.js';

const CALL_COLUMNS = [
  'org_id',
  'call_sid',
  'started_at',
  'duration_sec',
  'caller_id',
  'persona',
  'disconnect_reason',
  'cleanly_closed',
  'has_extraction',
  'auditor_confidence',
  ...INTEL_FIELDS,
  'dollar_asks',
  'asks_count',
  'asks_total',
  'dollars_dangled',
  'tier',
  'has_intel',
  'hooked',
  'caller_state',
  'caller_area_code',
  'transcript_json',
  'transcript_lower',
  'ingested_at',
  'flags',
] as const;

/** The values of CALL_COLUMNS, in that order, for one call (built directly: this runs per call at ingest). */
function callRow(orgId: string, c: CallRecord, now: number): unknown[] {
  const e = c.extraction;
  const asks = e?.dollar_asks ?? [];
  // Added in integer cents (asks are kept to the cent), so the total has no drift.
  let cents = 0;
  for (const a of asks) cents += toCents(a);
  const row: unknown[] = [
    orgId,
    c.call_sid,
    c.started_at.getTime(),
    c.duration_sec,
    c.caller_id,
    c.persona,
    c.disconnect_reason,
    c.cleanly_closed,
    e !== null,
    e?.auditor_confidence ?? null,
  ];
  for (const f of INTEL_FIELDS) row.push(e ? e[f] : null);
  row.push(
    asks,
    asks.length,
    cents / 100,
    e?.dollars_dangled ?? null,
    tierOf(e),
    hasIntel(e),
    isHooked(c),
    stateOfCallerId(c.caller_id),
    areaCodeOfCallerId(c.caller_id),
    c.transcript.length ? JSON.stringify(c.transcript) : null,
    c.transcript.length
      ? c.transcript
          .map((t) => t.text)
          .join('\n')
          .toLowerCase()
      : null,
    now,
    summaryFlags(c),
  );
  return row;
}

export interface UpsertResult {
  created: number;
  updated: number;
}

const cols = CALL_COLUMNS.join(', ');

/**
 * How many calls an ingest batch holds at most. PostgreSQL: a bigger batch adds up more calls
 * into each rollup count it upserts (at 20,000 a call costs half the rollup time it does at
 * 5,000, bench). DuckDB keeps no rollups, and there 20,000 held 150 MiB more at the peak.
 */
export const ingestBatchSize = (db: Db): number => (db.dialect === 'postgres' ? 20_000 : 5_000);

/** Upserts one batch. Within a batch the last record of a call_sid wins. */
export async function upsertCalls(db: Db, orgId: string, records: CallRecord[]): Promise<UpsertResult> {
  const bySid = new Map<string, CallRecord>();
  for (const r of records) bySid.set(r.call_sid, r);
  // Repeats inside the batch replace an earlier record of the same request.
  const repeats = records.length - bySid.size;
  if (bySid.size === 0) return { created: 0, updated: 0 };
  // The rows take their ingested_at once this writer holds the org's lock, so per org the
  // ingest order is the commit order: TAXII pollers continue from the last ingested_at seen.
  const prepare = () => {
    const now = Date.now();
    // Webhook events are recorded in the same transaction as the calls (transactional outbox).
    return { rows: [...bySid.values()].map((r) => callRow(orgId, r, now)), outbox: newOutboxBatch(orgId, now) };
  };
  const existing =
    db instanceof DuckDb
      ? await db.withWriter(async (conn, tx) => {
          const { rows, outbox } = prepare();
          await stageWithAppender(conn, tx, rows);
          return storeStaged(tx, orgId, outbox, rows);
        })
      : await db.withLock('orgCalls', orgId, async (tx) => {
          // One writer per org at a time: the rollup deltas read the versions being replaced.
          const { rows, outbox } = prepare();
          await stageFromArrays(tx, rows);
          return storeStaged(tx, orgId, outbox, rows);
        });
  return { created: bySid.size - existing, updated: existing + repeats };
}

// The batch first goes into a session-local staging table, from which it is stored with
// set-based SQL that both engines accept.
const createStage = `CREATE TEMP TABLE IF NOT EXISTS calls_stage AS SELECT ${cols} FROM calls LIMIT 0`;

// DuckDB: the appender fills the staging table (fast, no SQL per row).
async function stageWithAppender(conn: DuckDBConnection, tx: Db, rows: unknown[][]): Promise<void> {
  await tx.run(createStage);
  await tx.run('DELETE FROM calls_stage');
  const appender = await conn.createAppender('calls_stage', 'main', 'temp');
  const writer = DuckDBDataChunkWriter.forAppender(appender, { converter: JSToDuckDBValueConverter });
  for (const row of rows) writer.appendRow(row as never[]);
  writer.flush();
  appender.closeSync();
}

/** PostgreSQL's type of each of CALL_COLUMNS; dollar_asks travels as the text of a float8[] per call. */
const PG_COLUMN_TYPES: Record<(typeof CALL_COLUMNS)[number], string> = {
  ...(Object.fromEntries(CALL_COLUMNS.map((c) => [c, 'text'])) as Record<(typeof CALL_COLUMNS)[number], string>),
  started_at: 'bigint',
  duration_sec: 'integer',
  cleanly_closed: 'boolean',
  has_extraction: 'boolean',
  auditor_confidence: 'double precision',
  asks_count: 'integer',
  asks_total: 'double precision',
  dollars_dangled: 'double precision',
  tier: 'smallint',
  has_intel: 'boolean',
  hooked: 'boolean',
  ingested_at: 'bigint',
  flags: 'smallint',
};
const DOLLAR_ASKS = CALL_COLUMNS.indexOf('dollar_asks');
const stageFromArraysSql = `INSERT INTO calls_stage (${cols}) SELECT ${CALL_COLUMNS.map((c) =>
  c === 'dollar_asks' ? 'CAST(dollar_asks AS double precision[])' : c,
).join(', ')}
  FROM unnest(${CALL_COLUMNS.map((c, i) => `CAST($${i + 1} AS ${PG_COLUMN_TYPES[c]}[])`).join(', ')}) AS u(${cols})`;

// PostgreSQL: one array parameter per column, unnested into rows by the server (a third of
// the time of one JSON parameter through json_populate_recordset, on both sides).
async function stageFromArrays(tx: Db, rows: unknown[][]): Promise<void> {
  await tx.run(createStage);
  await tx.run('TRUNCATE calls_stage');
  const columns: unknown[][] = CALL_COLUMNS.map(() => new Array(rows.length));
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    for (let i = 0; i < row.length; i++) columns[i][r] = row[i];
    // Finite numbers only (checked at ingest): their JavaScript text is float8 input.
    columns[DOLLAR_ASKS][r] = `{${(row[DOLLAR_ASKS] as number[]).join(',')}}`;
  }
  await tx.run(stageFromArraysSql, columns);
}

/**
 * Stores the staged batch: rollup deltas, then replaced calls deleted and the batch inserted
 * (DuckDB's ON CONFLICT DO UPDATE is far slower for big batches; on PostgreSQL the org lock
 * makes delete + insert safe and the primary key still guards), then its webhook events.
 * Returns how many of its calls were stored before.
 */
async function storeStaged(tx: Db, orgId: string, outbox: OutboxBatch, rows: unknown[][]): Promise<number> {
  const duck = tx.dialect === 'duckdb';
  const n = await countStored(tx);
  await applyDailyDeltas(tx, orgId, 'calls_stage', n > 0, (name) => {
    const i = CALL_COLUMNS.indexOf(name);
    return rows.map((row) => row[i]);
  });
  if (n > 0) await tx.run(`DELETE FROM calls WHERE org_id = $1 AND call_sid IN (SELECT call_sid FROM calls_stage)`, [orgId]);
  // DuckDB keeps sid_hash beside each call (migration 12).
  await tx.run(
    duck
      ? `INSERT INTO calls (${cols}, sid_hash) SELECT ${cols}, md5_number_lower(call_sid) FROM calls_stage`
      : `INSERT INTO calls (${cols}) SELECT ${cols} FROM calls_stage`,
  );
  await recordCallEvents(tx, outbox, 'calls_stage', (p) => `c.org_id = ${p.p(outbox.orgId)}`, n > 0);
  await queueCallDeliveries(tx, outbox, 'calls_stage');
  // Emptied before commit: otherwise DuckDB's peak memory nearly doubled (bench, 1M calls).
  await tx.run('DELETE FROM calls_stage');
  return n;
}

/**
 * How many staged calls are stored already. DuckDB first compares the MD5 hashes of the
 * call_sids (an integer column, no index needed): when none matches, as for new calls, none is
 * stored and the text is never read.
 */
async function countStored(tx: Db): Promise<number> {
  const exact = `SELECT count(*) AS n FROM calls_stage s JOIN calls c ON c.org_id = s.org_id AND c.call_sid = s.call_sid`;
  if (tx.dialect === 'duckdb') {
    const [{ n }] = await tx.all<{ n: number }>(
      `SELECT count(*) AS n FROM calls WHERE sid_hash IN (SELECT md5_number_lower(call_sid) FROM calls_stage)`,
    );
    if (n === 0) return 0;
  }
  const [{ n }] = await tx.all<{ n: number }>(exact);
  return n;
}
