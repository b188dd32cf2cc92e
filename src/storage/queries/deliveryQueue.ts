// The delivery queue the worker drains: claiming due deliveries under a lease, loading what a
// send needs, and recording attempts. The one dialect difference (SKIP LOCKED) sits in
// `claimDue`, beside its twin.

import { TIER1_FIELDS } from '../../domain/call.js';
import { newId } from '../../domain/ids.js';
import { num, numOrNull, Params, type Db, type Row } from '../db.js';
import { cancelPending, type Attempt } from './webhooks.js';

/** A queued delivery with what an attempt needs. */
export interface Job {
  id: string;
  org_id: string;
  event_id: string;
  event_type: string;
  event_created_at: number;
  call_sid: string | null;
  payload: string | null;
  subscription_id: string | null;
  rule_id: string | null;
  url: string;
  scope_json: string | null;
  attempts: number;
  max_attempts: number | null;
  /** Null when the subscription or rule is gone. */
  secret: string | null;
}

export async function hasDue(db: Db, now: number): Promise<boolean> {
  const rows = await db.all(
    `SELECT id FROM webhook_deliveries
     WHERE status = 'pending' AND next_attempt_at <= $1 AND (lease_until IS NULL OR lease_until <= $1) LIMIT 1`,
    [now],
  );
  return rows.length > 0;
}

/**
 * Leases up to `limit` due deliveries until `leaseUntil` and returns their ids. A worker that
 * dies mid-attempt loses the lease and another one retries (at-least-once).
 */
export async function claimDue(db: Db, now: number, leaseUntil: number, limit: number): Promise<string[]> {
  const due = `SELECT id FROM webhook_deliveries
    WHERE status = 'pending' AND next_attempt_at <= $1 AND (lease_until IS NULL OR lease_until <= $1)
    ORDER BY next_attempt_at LIMIT $2`;
  // PostgreSQL: several instances claim at once; SKIP LOCKED hands each different rows without waiting.
  // DuckDB: one process, and db.tx runs one writer at a time (the engine's write mutex), so the plain subselect is atomic.
  const pick = db.dialect === 'postgres' ? `${due} FOR UPDATE SKIP LOCKED` : due;
  const rows = await db.tx((tx) =>
    tx.all<{ id: string }>(`UPDATE webhook_deliveries SET lease_until = $3 WHERE id IN (${pick}) RETURNING id`, [now, limit, leaseUntil]),
  );
  return rows.map((r) => r.id);
}

/** Leases one pending delivery now (API-triggered sends); false when another attempt holds it. */
export async function claimOne(db: Db, id: string, now: number, leaseUntil: number): Promise<boolean> {
  const rows = await db.tx((tx) =>
    tx.all(
      `UPDATE webhook_deliveries SET lease_until = $1, next_attempt_at = $2
       WHERE id = $3 AND status = 'pending' AND (lease_until IS NULL OR lease_until <= $2) RETURNING id`,
      [leaseUntil, now, id],
    ),
  );
  return rows.length > 0;
}

/**
 * At start: frees the leases that can only belong to a process that died. The embedded engine
 * has one process, so that is every lease; PostgreSQL's may be other instances' (they expire).
 */
export async function releaseOrphanLeases(db: Db): Promise<void> {
  if (db.dialect !== 'duckdb') return;
  await db.run(`UPDATE webhook_deliveries SET lease_until = NULL WHERE status = 'pending' AND lease_until IS NOT NULL`);
}

/** When the next delivery becomes claimable (null when none is pending). */
export async function nextDueAt(db: Db): Promise<number | null> {
  const [r] = await db.all(
    `SELECT min(greatest(next_attempt_at, coalesce(lease_until, 0))) AS t FROM webhook_deliveries WHERE status = 'pending'`,
  );
  return numOrNull(r?.t);
}

/** The leased deliveries with what sending needs (one query for a claimed batch). */
export async function loadJobs(db: Db, ids: string[]): Promise<Job[]> {
  if (ids.length === 0) return [];
  const p = new Params();
  const rows = await db.all(
    `SELECT d.id, d.org_id, d.event_id, d.event_type, d.event_created_at, d.call_sid, d.payload,
       d.subscription_id, d.rule_id, d.url, d.scope_json, d.attempts, d.max_attempts,
       coalesce(s.secret, r.secret) AS secret
     FROM webhook_deliveries d
     LEFT JOIN webhook_subscriptions s ON s.id = d.subscription_id
     LEFT JOIN alert_rules r ON r.id = d.rule_id
     WHERE d.id IN (${p.list(ids)})`,
    p.values,
  );
  return rows.map((r) => ({
    id: String(r.id),
    org_id: String(r.org_id),
    event_id: String(r.event_id),
    event_type: String(r.event_type),
    event_created_at: num(r.event_created_at),
    call_sid: (r.call_sid as string | null) ?? null,
    payload: (r.payload as string | null) ?? null,
    subscription_id: (r.subscription_id as string | null) ?? null,
    rule_id: (r.rule_id as string | null) ?? null,
    url: String(r.url),
    scope_json: (r.scope_json as string | null) ?? null,
    attempts: num(r.attempts),
    max_attempts: numOrNull(r.max_attempts),
    secret: (r.secret as string | null) ?? null,
  }));
}

/** Keeps first-send payloads so retries send the same bytes (one transaction for a batch). */
export async function settlePayloads(db: Db, payloads: Map<string, string>): Promise<void> {
  if (payloads.size === 0) return;
  await db.tx(async (tx) => {
    for (const [id, payload] of payloads) {
      await tx.run('UPDATE webhook_deliveries SET payload = $1 WHERE id = $2 AND payload IS NULL', [payload, id]);
    }
  });
}

export async function cancelJob(db: Db, id: string, now: number): Promise<void> {
  await db.run(`UPDATE webhook_deliveries SET status = 'cancelled', lease_until = NULL, updated_at = $1 WHERE id = $2`, [now, id]);
}

/** Columns of `calls` the payloads of call events read. */
const PAYLOAD_COLUMNS = [
  'call_sid',
  'started_at',
  'duration_sec',
  'persona',
  'caller_state',
  'tier',
  'hooked',
  'auditor_confidence',
  'impersonated_brand',
  'lure_category',
  'payment_method',
  ...TIER1_FIELDS,
] as const;

/** The stored rows of an org's calls that queued events are about, by call_sid (one query). */
export async function eventCallRows(db: Db, orgId: string, callSids: string[]): Promise<Map<string, Row>> {
  const p = new Params();
  const where = `org_id = ${p.p(orgId)} AND call_sid IN (${p.list([...new Set(callSids)])})`;
  const rows = await db.all(`SELECT ${PAYLOAD_COLUMNS.join(', ')} FROM calls WHERE ${where}`, p.values);
  return new Map(rows.map((r) => [String(r.call_sid), r]));
}

// ---------------------------------------------------------------------------------------------
// attempts

interface AttemptResult {
  ok: boolean;
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number;
}

/** Subscriptions that failed every delivery for this long are disabled. */
export const DISABLE_AFTER_MS = 5 * 24 * 3_600_000;

/**
 * Logs an attempt and moves its delivery on, in one transaction: succeeded, failed, or
 * pending again at `retryAt`. Keeps the subscription's health: a success clears
 * `failing_since` (and re-activates it); a failure after 5 days of nothing but failures
 * disables it, ends this delivery and cancels what it still has queued.
 */
export interface AttemptRecord {
  job: Job;
  result: AttemptResult;
  retryAt: number | null;
  now: number;
}

/** SQLSTATEs of a transaction PostgreSQL aborted to break a deadlock or a serialization conflict. */
const RETRYABLE = new Set(['40P01', '40001']);
const MAX_TRIES = 3;

/**
 * `fn` in a transaction, run again (up to 3 times) when PostgreSQL aborts it as a deadlock
 * victim: the transaction rolled back whole, so running it again is safe. `onDeadlock` counts.
 */
async function retryingTx<T>(db: Db, fn: (tx: Db) => Promise<T>, onDeadlock?: () => void): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await db.tx(fn);
    } catch (err) {
      if (tries >= MAX_TRIES || !RETRYABLE.has(String((err as { code?: unknown } | null)?.code))) throw err;
      onDeadlock?.();
    }
  }
}

/**
 * Records finished attempts in one transaction (the worker hands over those of one tick), with
 * one statement for all the attempt rows and one for all the successful deliveries: a
 * statement per attempt capped sending at a few hundred a second on the embedded engine.
 *
 * Instances sharing a PostgreSQL record attempts of the same subscriptions at once: each
 * transaction first locks every subscription it will touch in id order, so two of them never
 * hold one each while waiting for the other's (they deadlocked taking them in attempt order).
 */
export async function recordAttempts(db: Db, records: AttemptRecord[], opts: { onDeadlock?: () => void } = {}): Promise<Attempt[]> {
  const touched = [...new Set(records.map((r) => r.job.subscription_id).filter((id): id is string => id !== null))].sort();
  return retryingTx(
    db,
    async (tx) => {
      if (tx.dialect === 'postgres' && touched.length) {
        const p = new Params();
        await tx.all(`SELECT id FROM webhook_subscriptions WHERE id IN (${p.list(touched)}) ORDER BY id FOR UPDATE`, p.values);
      }
      const attempts: Attempt[] = [];
      const succeeded: AttemptRecord[] = records.filter((r) => r.result.ok);
      const subs = [...new Set(succeeded.map((r) => r.job.subscription_id).filter((id): id is string => id !== null))];
      if (subs.length) {
        const p = new Params();
        await tx.run(
          `UPDATE webhook_subscriptions SET failing_since = NULL, status = 'active'
         WHERE id IN (${p.list(subs)}) AND (failing_since IS NOT NULL OR status <> 'active')`,
          p.values,
        );
      }
      for (const r of records) attempts.push(r.result.ok ? attemptOf(r, 'succeeded') : await recordFailure(tx, r));
      const ap = new Params();
      const tuples = records.map(
        (r, i) =>
          `(${ap.list([
            attempts[i].id,
            r.job.org_id,
            r.job.id,
            attempts[i].subscription_id,
            attempts[i].rule_id,
            attempts[i].event_id,
            attempts[i].event_type,
            attempts[i].url,
            r.job.scope_json,
            attempts[i].attempt,
            attempts[i].status,
            attempts[i].response_status,
            attempts[i].response_body,
            attempts[i].error,
            attempts[i].duration_ms,
            r.now,
          ])})`,
      );
      await tx.run(
        `INSERT INTO webhook_attempts (id, org_id, delivery_id, subscription_id, rule_id, event_id, event_type, url, scope_json,
         attempt, status, response_status, response_body, error, duration_ms, created_at)
       VALUES ${tuples.join(', ')}`,
        ap.values,
      );
      if (succeeded.length) {
        // A delivery cancelled while in flight stays cancelled. Its lease means `attempts` is ours.
        const p = new Params();
        const now = Math.max(...succeeded.map((r) => r.now));
        await tx.run(
          `UPDATE webhook_deliveries SET status = CASE WHEN status = 'cancelled' THEN status ELSE 'succeeded' END,
           attempts = attempts + 1, next_attempt_at = ${p.p(now)}, lease_until = NULL, updated_at = ${p.p(now)}
         WHERE id IN (${p.list(succeeded.map((r) => r.job.id))})`,
          p.values,
        );
      }
      return attempts;
    },
    opts.onDeadlock,
  );
}

function attemptOf({ job, result, now }: AttemptRecord, status: Attempt['status']): Attempt {
  return {
    id: newId('dlv'),
    subscription_id: job.subscription_id,
    rule_id: job.rule_id,
    event_id: job.event_id,
    event_type: job.event_type,
    url: job.url,
    attempt: job.attempts + 1,
    status,
    response_status: result.responseStatus,
    response_body: result.responseBody,
    error: result.error,
    duration_ms: result.durationMs,
    created_at: now,
  };
}

/** A failed attempt: the subscription's failure clock (which may disable it) and the next try. */
async function recordFailure(tx: Db, r: AttemptRecord): Promise<Attempt> {
  const { job, now } = r;
  let nextAt = r.retryAt;
  let disabled = false;
  if (job.subscription_id) {
    const [sub] = await tx.all<{ status: string }>(
      `UPDATE webhook_subscriptions SET failing_since = coalesce(failing_since, $1),
         status = CASE WHEN coalesce(failing_since, $1) <= $2 THEN 'disabled' ELSE status END
       WHERE id = $3 RETURNING status`,
      [now, now - DISABLE_AFTER_MS, job.subscription_id],
    );
    disabled = sub?.status === 'disabled';
    if (disabled) nextAt = null;
  }
  const attempt = attemptOf(r, nextAt !== null ? 'retrying' : 'failed');
  await tx.run(
    `UPDATE webhook_deliveries SET status = CASE WHEN status = 'cancelled' THEN status ELSE $1 END,
       attempts = $2, next_attempt_at = $3, lease_until = NULL, updated_at = $4
     WHERE id = $5`,
    [nextAt !== null ? 'pending' : 'failed', attempt.attempt, nextAt ?? now, now, job.id],
  );
  if (disabled) await cancelPending(tx, 'subscription_id', job.subscription_id!, now);
  return attempt;
}
