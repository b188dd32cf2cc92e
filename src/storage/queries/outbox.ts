// The transactional outbox: called inside the ingest transaction, right after the upsert, so
// an event exists exactly when the call that causes it is stored. Set-based SQL only: one
// INSERT … SELECT for every event type of the batch, one per distinct subscriber slice for
// the deliveries; never a statement per call.

import { randomUUID } from 'node:crypto';
import { CALL_EVENTS, type CallCondition } from '../../domain/events.js';
import type { Scope } from '../../domain/scope.js';
import { Params, type Db } from '../db.js';
import { sliceWhere } from '../slice.js';

export interface OutboxBatch {
  orgId: string;
  /** Marks this transaction's events, so only they fan out (and only once). */
  batchId: string;
  now: number;
}

export const newOutboxBatch = (orgId: string, now: number): OutboxBatch => ({ orgId, batchId: randomUUID(), now });

/** A fresh random id computed by the engine (both DuckDB and PostgreSQL ≥ 13 have gen_random_uuid). */
const sqlNewId = (prefix: string) => `'${prefix}_' || replace(CAST(gen_random_uuid() AS TEXT), '-', '')`;

/**
 * The id of a call event, derived from what makes it unique, so it needs no column and is
 * stable: it is the webhook-id every subscriber sees for this call and type.
 */
const sqlEventId = (e: string) => `'evt_' || md5(${e}.org_id || '/' || ${e}.call_sid || '/' || ${e}.type)`;

/** SQL condition of an event over a calls row under `alias` (the one translation of CALL_EVENTS' `when`). */
function conditionSql(when: CallCondition, alias: string): string {
  const col = (c: string) => `${alias}.${c}`;
  if ('hooked' in when) return `${col('hooked')}`;
  return `${col('tier')} = 1 AND (${when.tier1Fields.map((f) => `${col(f)} IS NOT NULL`).join(' OR ')})`;
}

/**
 * Records the events caused by the batch's stored calls. `calls` is a relation holding them
 * (aliased `c`), `where` restricts it to the batch; `someExisted` says whether any of them
 * was stored before. An event happens once per (org, call, type): re-ingesting records nothing.
 */
export async function recordCallEvents(
  tx: Db,
  batch: OutboxBatch,
  calls: string,
  where: (p: Params) => string,
  someExisted: boolean,
): Promise<void> {
  // Parameters in a select list are cast, so PostgreSQL knows their types.
  const p = new Params();
  const batchId = `CAST(${p.p(batch.batchId)} AS TEXT)`;
  const now = `CAST(${p.p(batch.now)} AS BIGINT)`;
  const filter = where(p);
  const candidates = CALL_EVENTS.map(
    (def) =>
      `SELECT c.org_id, CAST(${p.p(def.type)} AS TEXT) AS type, c.call_sid, ${batchId} AS batch_id, ${now} AS created_at
       FROM ${calls} c WHERE ${filter} AND ${conditionSql(def.when, 'c')}`,
  ).join('\nUNION ALL\n');
  const insert = 'INSERT INTO webhook_events (org_id, type, call_sid, batch_id, created_at)';
  let sql: string;
  if (tx.dialect === 'postgres') {
    // The unique index decides, also between instances ingesting the same call at once.
    sql = `${insert} ${candidates} ON CONFLICT (org_id, call_sid, type) DO NOTHING`;
  } else if (!someExisted) {
    // DuckDB, new calls only: no event can exist for a call never stored, so just append.
    sql = `${insert} ${candidates}`;
  } else {
    // DuckDB, re-ingested calls: leave out the (call, type) pairs already recorded. The single
    // writer makes this check-then-insert atomic; the join is built on the batch, not the table.
    sql = `${insert}
      SELECT n.org_id, n.type, n.call_sid, n.batch_id, n.created_at FROM (${candidates}) n
      LEFT JOIN (SELECT e.call_sid, e.type FROM webhook_events e
                 JOIN ${calls} c ON c.org_id = e.org_id AND c.call_sid = e.call_sid WHERE ${filter}) seen
        ON seen.call_sid = n.call_sid AND seen.type = n.type
      WHERE seen.call_sid IS NULL`;
  }
  await tx.run(sql, p.values);
}

/**
 * Queues one delivery per new event of the batch and active subscription of its type whose
 * slice (the creating key's scope) contains the call. One statement per distinct slice.
 */
export async function queueCallDeliveries(tx: Db, batch: OutboxBatch, calls: string): Promise<void> {
  const subs = await tx.all<{ id: string; scope_json: string | null }>(
    `SELECT id, scope_json FROM webhook_subscriptions WHERE org_id = $1 AND status = 'active'`,
    [batch.orgId],
  );
  const bySlice = new Map<string | null, string[]>();
  for (const s of subs) bySlice.set(s.scope_json, [...(bySlice.get(s.scope_json) ?? []), s.id]);
  for (const [scopeJson, ids] of bySlice) {
    const p = new Params();
    const now = `CAST(${p.p(batch.now)} AS BIGINT)`;
    const scope = scopeJson ? (JSON.parse(scopeJson) as Scope) : null;
    const slice = scope
      ? `JOIN ${calls} c ON c.org_id = e.org_id AND c.call_sid = e.call_sid AND ${sliceWhere({ orgId: batch.orgId, scope }, p, 'c')}`
      : '';
    // created_at first: it prunes the scan to the newest events (zone maps / index).
    await tx.run(
      `INSERT INTO webhook_deliveries (id, org_id, event_id, event_type, event_created_at, call_sid, subscription_id, url,
         scope_json, status, attempts, next_attempt_at, created_at, updated_at)
       SELECT ${sqlNewId('whd')}, e.org_id, ${sqlEventId('e')}, e.type, e.created_at, e.call_sid, s.id, s.url,
         s.scope_json, 'pending', 0, ${now}, ${now}, ${now}
       FROM webhook_events e
       JOIN webhook_subscriptions s ON s.org_id = e.org_id AND s.event_type = e.type
       ${slice}
       WHERE e.created_at = ${now} AND e.org_id = ${p.p(batch.orgId)} AND e.batch_id = ${p.p(batch.batchId)}
         AND s.id IN (${p.list(ids)})`,
      p.values,
    );
  }
}
