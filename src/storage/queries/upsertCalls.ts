// Stores validated calls: insert or replace on (org, call_sid), reporting created vs updated.
// The derived columns are computed here from src/domain, once, at write time.

import { hasIntel, INTEL_FIELDS, isHooked, summaryFlags, tierOf, type CallRecord } from '../../domain/call.js';
import { areaCodeOfCallerId, stateOfCallerId } from '../../domain/areaCodes.js';
import { toCents } from '../../domain/ingestRecord.js';
import type { Db } from '../db.js';
import { identifierRows, storeIdentifierRows } from '../campaigns/identifierRows.js';
import { keepsIdentifiers, markPending, settleIfLong } from '../campaigns/upkeep.js';
import { applyDailyDeltas, valueCounts, type ValueCounts } from '../rollups/deltas.js';
import { keepsRollups } from '../rollups/layout.js';
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

const INGESTED_AT = CALL_COLUMNS.indexOf('ingested_at');

/**
 * The values of CALL_COLUMNS, in that order, for one call (built directly: this runs per call
 * at ingest). ingested_at is left null: it is set once the writer holds the org's lock.
 */
function callRow(orgId: string, c: CallRecord): unknown[] {
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
    null,
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

/** A batch of calls ready to store (prepareCalls): everything JavaScript computes, done before the transaction. */
export interface PreparedCalls {
  orgId: string;
  /** One row per call_sid (the last record of each wins), ingested_at still null. */
  rows: unknown[][];
  /** Records that repeated an earlier call_sid of the batch. */
  repeats: number;
  /** The rollups' value counts, on an engine that keeps rollups. */
  counts: ValueCounts | null;
  /** The calls' identifier rows (campaigns: storage/campaigns/identifierRows.ts). */
  identifiers: unknown[][];
}

/**
 * Computes a batch's rows, derived columns and rollup counts. Pure JavaScript: an ingest
 * prepares the next batch while the engine still writes the previous one.
 */
export function prepareCalls(db: Db, orgId: string, records: CallRecord[]): PreparedCalls {
  const bySid = new Map<string, CallRecord>();
  for (const r of records) bySid.set(r.call_sid, r);
  const rows = [...bySid.values()].map((r) => callRow(orgId, r));
  const counts = keepsRollups(db.dialect) && rows.length > 0 ? valueCounts((name) => column(rows, name)) : null;
  const identifiers = keepsIdentifiers()
    ? [...bySid.values()].flatMap((r) => identifierRows(orgId, r.call_sid, r.started_at.getTime(), r))
    : [];
  return { orgId, rows, repeats: records.length - bySid.size, counts, identifiers };
}

const column = (rows: unknown[][], name: (typeof CALL_COLUMNS)[number]) => {
  const i = CALL_COLUMNS.indexOf(name);
  return rows.map((row) => row[i]);
};

/** Stores a prepared batch in one transaction: insert or replace on (org, call_sid). */
export async function storeCalls(db: Db, batch: PreparedCalls): Promise<UpsertResult> {
  const { orgId, rows } = batch;
  if (rows.length === 0) return { created: 0, updated: 0 };
  // One writer per org at a time: the rollup deltas read the versions being replaced.
  const existing = await db.withLock('orgCalls', orgId, async (tx) => {
    // The rows take their ingested_at once this writer holds the org's lock, so per org the
    // ingest order is the commit order: TAXII pollers continue from the last ingested_at seen.
    const now = Date.now();
    for (const row of rows) row[INGESTED_AT] = now;
    await tx.run(createStage);
    await tx.run('TRUNCATE calls_stage');
    await tx.appendRows('calls_stage', rows);
    // Webhook events are recorded in the same transaction as the calls (transactional outbox).
    const sids = column(rows, 'call_sid') as string[];
    const existing = await storeStaged(tx, newOutboxBatch(orgId, now), batch.counts, sids);
    await storeIdentifierRows(tx, orgId, batch.identifiers, existing > 0, sids);
    await markPending(tx, orgId, sids);
    // Emptied before commit: otherwise DuckDB's peak memory nearly doubled (bench, 1M calls).
    await tx.run('DELETE FROM calls_stage');
    return existing;
  });
  await settleIfLong(db, orgId);
  return { created: rows.length - existing, updated: existing + batch.repeats };
}

// The batch first goes into a session-local staging table (by the engine's bulk path), from
// which it is stored with set-based SQL that both engines accept.
const createStage = `CREATE TEMP TABLE IF NOT EXISTS calls_stage AS SELECT ${cols} FROM calls LIMIT 0`;

/**
 * Stores the staged batch: rollup deltas, then replaced calls deleted and the batch inserted
 * (DuckDB's ON CONFLICT DO UPDATE is far slower for big batches; on PostgreSQL the org lock
 * makes delete + insert safe and the primary key still guards), then its webhook events.
 * Returns how many of its calls were stored before.
 */
async function storeStaged(tx: Db, outbox: OutboxBatch, counts: ValueCounts | null, sids: string[]): Promise<number> {
  const { orgId } = outbox;
  const duck = tx.dialect === 'duckdb';
  const n = await countStored(tx, orgId, sids);
  await applyDailyDeltas(tx, orgId, 'calls_stage', n > 0, counts, sids);
  if (n > 0) {
    await tx.run(
      duck
        ? `DELETE FROM calls WHERE org_id = $1 AND call_sid IN (SELECT call_sid FROM calls_stage)`
        : `DELETE FROM calls WHERE org_id = $1 AND call_sid = ANY(CAST($2 AS TEXT[]))`,
      duck ? [orgId] : [orgId, sids],
    );
  }
  // DuckDB keeps sid_hash beside each call (migration 12).
  await tx.run(
    duck
      ? `INSERT INTO calls (${cols}, sid_hash) SELECT ${cols}, md5_number_lower(call_sid) FROM calls_stage`
      : `INSERT INTO calls (${cols}) SELECT ${cols} FROM calls_stage`,
  );
  await recordCallEvents(tx, outbox, 'calls_stage', (p) => `c.org_id = ${p.p(outbox.orgId)}`, n > 0);
  await queueCallDeliveries(tx, outbox, 'calls_stage');
  return n;
}

/**
 * How many staged calls (`sids`) are stored already. PostgreSQL looks each call_sid up in the
 * primary key, in key order: a join with the staging table (no statistics), or `= ANY` with
 * the calls' statistics lagging behind a fast-growing table, was planned as a scan of every
 * stored call of the org each batch (130-170 ms at 300k calls, growing with the table).
 * DuckDB first compares the MD5 hashes of the call_sids (an integer column, no index needed):
 * when none matches, as for new calls, none is stored and the text is never read.
 */
async function countStored(tx: Db, orgId: string, sids: string[]): Promise<number> {
  if (tx.dialect === 'postgres') {
    const [{ n }] = await tx.all<{ n: number }>(
      `SELECT count(*) AS n FROM (SELECT unnest(CAST($2 AS TEXT[])) AS call_sid ORDER BY 1) s
       CROSS JOIN LATERAL (SELECT 1 FROM calls c WHERE c.org_id = $1 AND c.call_sid = s.call_sid LIMIT 1) stored`,
      [orgId, sids],
    );
    return n;
  }
  const [{ n: hashed }] = await tx.all<{ n: number }>(
    `SELECT count(*) AS n FROM calls WHERE sid_hash IN (SELECT md5_number_lower(call_sid) FROM calls_stage)`,
  );
  if (hashed === 0) return 0;
  const [{ n }] = await tx.all<{ n: number }>(
    `SELECT count(*) AS n FROM calls_stage s JOIN calls c ON c.org_id = s.org_id AND c.call_sid = s.call_sid`,
  );
  return n;
}
