// One bounded batch of each retention deletion (job.ts runs them until nothing is left). Each
// batch is one short transaction, so whatever it locks is held for one batch only: calls take
// the org's ingest lock (the rollup deltas read the calls they take away, as ingest's do);
// the rest lock only the rows they delete, which ingest never touches (old rows).

import { Params, type Db } from '../db.js';
import { callSidInList } from '../campaigns/sidList.js';
import { markPending, settleIfLong } from '../campaigns/upkeep.js';
import { deltaStatements, ROLLUP_SOURCE_COLUMNS, unlistHours } from '../rollups/deltas.js';
import { keepsRollups } from '../rollups/layout.js';

/**
 * Deletes up to `limit` of the org's calls that started before `before`, oldest first on
 * PostgreSQL, with everything kept per call: the rollups lose their counts in the same
 * transaction (so every figure stays exact), their hours are unlisted from the hourly
 * rollups, their campaign identifiers and webhook events go with them, and the campaigns they
 * were in are recomputed without them. Returns how many.
 */
export async function deleteCallsBatch(db: Db, orgId: string, before: number, limit: number): Promise<number> {
  const deleted = await db.withLock('orgCalls', orgId, async (tx) => {
    const picked = await tx.all<{ call_sid: string }>(
      `SELECT call_sid FROM calls WHERE org_id = $1 AND started_at < $2${tx.dialect === 'postgres' ? ' ORDER BY started_at' : ''} LIMIT $3`,
      [orgId, before, limit],
    );
    if (picked.length === 0) return 0;
    const sids = picked.map((r) => r.call_sid);
    if (keepsRollups(tx.dialect)) {
      await unlistHours(tx, orgId, [], sids);
      // The calls going are copied once into a temporary table that every delta statement
      // reads, as ingest's are: reading them again from calls by a list of sids in each of the
      // statements took about 75 ms a batch of 50, the org's ingest lock held all along.
      await tx.run(`CREATE TEMP TABLE IF NOT EXISTS calls_gone AS SELECT -1 AS sign, ${ROLLUP_SOURCE_COLUMNS} FROM calls LIMIT 0`);
      await tx.run(
        `INSERT INTO calls_gone SELECT -1 AS sign, ${ROLLUP_SOURCE_COLUMNS} FROM calls WHERE org_id = $1 AND call_sid = ANY(CAST($2 AS TEXT[]))`,
        [orgId, sids],
      );
      for (const sql of deltaStatements('SELECT * FROM calls_gone')) await tx.run(sql);
      await tx.run('DELETE FROM calls_gone');
    }
    // started_at bounds the scans of calls and identifiers to old rows (DuckDB's zone maps).
    const ofBatch = (table: string, old: boolean, returning = '') => {
      const p = new Params();
      const where = `org_id = ${p.p(orgId)} AND ${callSidInList(tx.dialect, sids, p)}${old ? ` AND started_at < ${p.p(before)}` : ''}`;
      return tx.all(`DELETE FROM ${table} WHERE ${where}${returning}`, p.values);
    };
    await ofBatch('call_identifiers', true);
    // The campaigns they were in are recomputed without them (at the next read), as for a re-ingest that drops every identifier.
    await markPending(tx, orgId, sids);
    await ofBatch('webhook_events', false);
    return (await ofBatch('calls', true, ' RETURNING 1 AS x')).length;
  });
  if (deleted > 0) await settleIfLong(db, orgId);
  return deleted;
}

/** A batch of transcripts removed: how many, and the latest started_at among them (the next batch starts there). */
export interface TranscriptBatch {
  removed: number;
  last: number | null;
}

/**
 * Removes the transcripts of up to `limit` of the org's calls that started in `[from, before)`,
 * oldest first, and marks those calls transcript_removed_at = `now`. The caller continues
 * from `last` (keyset), so a run reads each old call once rather than every batch again.
 */
export async function removeTranscriptsBatch(
  db: Db,
  orgId: string,
  from: number,
  before: number,
  now: number,
  limit: number,
): Promise<TranscriptBatch> {
  return db.tx(async (tx) => {
    const picked = await tx.all<{ call_sid: string; started_at: number | string }>(
      `SELECT call_sid, started_at FROM calls WHERE org_id = $1 AND started_at >= $2 AND started_at < $3
         AND transcript_json IS NOT NULL ORDER BY started_at LIMIT $4`,
      [orgId, from, before, limit],
    );
    if (picked.length === 0) return { removed: 0, last: null };
    const p = new Params();
    const updated = await tx.all(
      `UPDATE calls SET transcript_json = NULL, transcript_lower = NULL, transcript_removed_at = ${p.p(now)}
       WHERE org_id = ${p.p(orgId)} AND ${callSidInList(
         tx.dialect,
         picked.map((r) => r.call_sid),
         p,
       )} AND started_at < ${p.p(before)} AND transcript_json IS NOT NULL RETURNING 1 AS x`,
      p.values,
    );
    return { removed: updated.length, last: Number(picked[picked.length - 1].started_at) };
  });
}

/**
 * Deletes up to `limit` of the org's delivery attempts and settled deliveries (a pending one
 * may still be sent) created before `before`. Returns how many rows.
 */
export async function deleteWebhookRowsBatch(db: Db, orgId: string, before: number, limit: number): Promise<number> {
  return db.tx(async (tx) => {
    const attempts = await tx.all(
      `DELETE FROM webhook_attempts WHERE id IN (
         SELECT id FROM webhook_attempts WHERE org_id = $1 AND created_at < $2 LIMIT $3) RETURNING 1 AS x`,
      [orgId, before, limit],
    );
    const deliveries = await tx.all(
      `DELETE FROM webhook_deliveries WHERE id IN (
         SELECT id FROM webhook_deliveries WHERE org_id = $1 AND created_at < $2 AND status <> 'pending' LIMIT $3) RETURNING 1 AS x`,
      [orgId, before, limit],
    );
    return attempts.length + deliveries.length;
  });
}

/**
 * Deletes the turns of up to `limit` of the org's agent sessions whose last turn is older than
 * `before`; a session that got a newer turn meanwhile is kept whole. Returns how many turns.
 */
export async function deleteAgentSessionsBatch(db: Db, orgId: string, before: number, limit: number): Promise<number> {
  return db.tx(async (tx) => {
    const sessions = await tx.all<{ session_id: string }>(
      `SELECT session_id FROM agent_turns WHERE org_id = $1 GROUP BY session_id HAVING max(created_at) < $2 LIMIT $3`,
      [orgId, before, limit],
    );
    if (sessions.length === 0) return 0;
    const p = new Params();
    const org = p.p(orgId);
    const list = sessions.map((s) => p.p(s.session_id)).join(', ');
    const deleted = await tx.all(
      `DELETE FROM agent_turns WHERE org_id = ${org} AND session_id IN (${list}) AND session_id NOT IN (
         SELECT session_id FROM agent_turns WHERE org_id = ${org} AND session_id IN (${list}) AND created_at >= ${p.p(before)})
       RETURNING 1 AS x`,
      p.values,
    );
    return deleted.length;
  });
}
