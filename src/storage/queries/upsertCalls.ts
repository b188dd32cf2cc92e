// Stores validated calls: insert or replace on (org, call_sid), reporting created vs updated.
// The derived columns are computed here from src/domain, once, at write time.

import { DuckDBDataChunkWriter, JSToDuckDBValueConverter } from '@duckdb/node-api';
import { hasIntel, INTEL_FIELDS, isHooked, summaryFlags, tierOf, type CallRecord } from '../../domain/call.js';
import { areaCodeOfCallerId, stateOfCallerId } from '../../domain/areaCodes.js';
import type { Db } from '../db.js';
import { DuckDb } from '../duckdb/engine.js';
import { newOutboxBatch, queueCallDeliveries, recordCallEvents, type OutboxBatch } from '../../delivery/outbox.js';

export const CALL_COLUMNS = [
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

export function callRow(orgId: string, c: CallRecord, now: number): unknown[] {
  const e = c.extraction;
  const asks = e?.dollar_asks ?? [];
  const row: Record<(typeof CALL_COLUMNS)[number], unknown> = {
    org_id: orgId,
    call_sid: c.call_sid,
    started_at: c.started_at.getTime(),
    duration_sec: c.duration_sec,
    caller_id: c.caller_id,
    persona: c.persona,
    disconnect_reason: c.disconnect_reason,
    cleanly_closed: c.cleanly_closed,
    has_extraction: e !== null,
    auditor_confidence: e?.auditor_confidence ?? null,
    ...Object.fromEntries(INTEL_FIELDS.map((f) => [f, e ? e[f] : null])),
    dollar_asks: asks,
    asks_count: asks.length,
    asks_total: asks.reduce((a, b) => a + b, 0),
    dollars_dangled: e?.dollars_dangled ?? null,
    tier: tierOf(e),
    has_intel: hasIntel(e),
    hooked: isHooked(c),
    caller_state: stateOfCallerId(c.caller_id),
    caller_area_code: areaCodeOfCallerId(c.caller_id),
    transcript_json: c.transcript.length ? JSON.stringify(c.transcript) : null,
    transcript_lower: c.transcript.length ? c.transcript.map((t) => t.text).join('\n').toLowerCase() : null,
    ingested_at: now,
    flags: summaryFlags(c),
  } as Record<(typeof CALL_COLUMNS)[number], unknown>;
  return CALL_COLUMNS.map((col) => row[col]);
}

export interface UpsertResult {
  created: number;
  updated: number;
}

const cols = CALL_COLUMNS.join(', ');
const updates = CALL_COLUMNS.filter((c) => c !== 'org_id' && c !== 'call_sid')
  .map((c) => `${c} = excluded.${c}`)
  .join(', ');

/** Upserts one batch. Within a batch the last record of a call_sid wins. */
export async function upsertCalls(db: Db, orgId: string, records: CallRecord[]): Promise<UpsertResult> {
  const bySid = new Map<string, CallRecord>();
  for (const r of records) bySid.set(r.call_sid, r);
  // Repeats inside the batch replace an earlier record of the same request.
  const repeats = records.length - bySid.size;
  const now = Date.now();
  const rows = [...bySid.values()].map((r) => callRow(orgId, r, now));
  if (rows.length === 0) return { created: 0, updated: 0 };
  // Webhook events are recorded in the same transaction as the calls (transactional outbox).
  const outbox = newOutboxBatch(orgId, now);
  const existing = db instanceof DuckDb ? await upsertDuckDb(db, rows, outbox) : await upsertGeneric(db, rows, outbox);
  return { created: rows.length - existing, updated: existing + repeats };
}

// DuckDB: the appender fills a staging table (fast, no SQL per row); replaced calls are
// deleted and the batch inserted into `calls`, with its events, in the same transaction.
async function upsertDuckDb(db: DuckDb, rows: unknown[][], outbox: OutboxBatch): Promise<number> {
  return db.withWriter(async (conn, tx) => {
    await tx.run(`CREATE TEMP TABLE IF NOT EXISTS calls_stage AS SELECT ${cols} FROM calls LIMIT 0`);
    await tx.run('DELETE FROM calls_stage');
    const appender = await conn.createAppender('calls_stage', 'main', 'temp');
    const writer = DuckDBDataChunkWriter.forAppender(appender, { converter: JSToDuckDBValueConverter });
    for (const row of rows) writer.appendRow(row as never[]);
    writer.flush();
    appender.closeSync();
    const [{ n }] = await tx.all<{ n: number }>(
      `SELECT count(*) AS n FROM calls_stage s JOIN calls c ON c.org_id = s.org_id AND c.call_sid = s.call_sid`,
    );
    // Replacing is delete + insert: DuckDB's ON CONFLICT DO UPDATE is far slower for big batches.
    if (n > 0) {
      await tx.run(
        `DELETE FROM calls WHERE org_id = $1 AND call_sid IN (SELECT call_sid FROM calls_stage)`,
        [rows[0][0]],
      );
    }
    await tx.run(`INSERT INTO calls (${cols}) SELECT ${cols} FROM calls_stage`);
    await recordCallEvents(tx, outbox, 'calls_stage', (p) => `c.org_id = ${p.p(outbox.orgId)}`, n > 0);
    await queueCallDeliveries(tx, outbox, 'calls_stage');
    await tx.run('DELETE FROM calls_stage');
    return n;
  });
}

// Any engine: parameterised multi-row INSERT … ON CONFLICT in one transaction.
async function upsertGeneric(db: Db, rows: unknown[][], outbox: OutboxBatch): Promise<number> {
  return db.tx(async (tx) => {
    const perStmt = Math.max(1, Math.floor(30_000 / CALL_COLUMNS.length));
    let existing = 0;
    for (let i = 0; i < rows.length; i += perStmt) {
      const chunk = rows.slice(i, i + perStmt);
      const params: unknown[] = [];
      const tuples = chunk.map((row) => `(${row.map((v) => `$${params.push(v)}`).join(', ')})`);
      const out = await tx.all<{ inserted: boolean }>(
        `INSERT INTO calls (${cols}) VALUES ${tuples.join(', ')}
         ON CONFLICT (org_id, call_sid) DO UPDATE SET ${updates}
         RETURNING (xmax = 0) AS inserted`,
        params,
      );
      existing += out.filter((r) => !r.inserted).length;
      const sids = chunk.map((row) => row[1]);
      await recordCallEvents(tx, outbox, 'calls', (p) => `c.org_id = ${p.p(outbox.orgId)} AND c.call_sid IN (${p.list(sids)})`, true);
    }
    await queueCallDeliveries(tx, outbox, 'calls');
    return existing;
  });
}
