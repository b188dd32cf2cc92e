// Webhook subscriptions and what the API reads of their deliveries: plain CRUD, the test
// ping, a redelivery, and the attempts log. The queue the worker drains is in
// deliveryQueue.ts. Secrets are made by the caller (delivery/send.ts knows their format).

import { PING, envelope, type PingData } from '../../domain/events.js';
import { newId } from '../../domain/ids.js';
import type { Principal } from '../../domain/principal.js';
import { ApiError } from '../../errors.js';
import { num, numOrNull, Params, type Db, type Row } from '../db.js';
import { scopeJson } from '../../domain/scope.js';
import { deleteOwned, ownedWhere, selectOwned } from '../owned.js';

// ---------------------------------------------------------------------------------------------
// subscriptions

type SubscriptionStatus = 'active' | 'disabled';

export interface Subscription {
  id: string;
  event_type: string;
  url: string;
  status: SubscriptionStatus;
  created_at: number;
}

const SUB_COLUMNS = 'id, event_type, url, status, created_at';

const toSub = (r: Row): Subscription => ({
  id: String(r.id),
  event_type: String(r.event_type),
  url: String(r.url),
  status: r.status as SubscriptionStatus,
  created_at: num(r.created_at),
});

/** Most subscriptions an org may hold: every event is queued once per matching subscription. */
export const MAX_SUBSCRIPTIONS_PER_ORG = 100;

/** 409 once an org holds `max` objects of a kind (creating one more; deleting makes room). */
export async function refuseOverCap(
  tx: Db,
  table: 'webhook_subscriptions' | 'alert_rules',
  orgId: string,
  max: number,
  what: string,
): Promise<void> {
  // Concurrent creations of one org take turns (the lock is held to the end of `tx`), so the count stays exact.
  await tx.withLock('orgRecords', orgId, async (locked) => {
    const [{ n }] = await locked.all<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE org_id = $1`, [orgId]);
    if (Number(n) >= max)
      throw new ApiError(409, 'conflict', `The organisation already has ${max} ${what}, the most allowed; delete one first.`);
  });
}

/** Stores a new active subscription signed with `secret`; 409 for a duplicate or over the cap. */
export async function createSubscription(
  db: Db,
  principal: Principal,
  input: { event_type: string; url: string },
  now: number,
  secret: string,
): Promise<Subscription> {
  const record: Subscription = { id: newId('whs'), event_type: input.event_type, url: input.url, status: 'active', created_at: now };
  const duplicate = () => new ApiError(409, 'conflict', 'This organisation already has a subscription to this event type at this URL.');
  try {
    await db.tx(async (tx) => {
      const dup = await tx.all('SELECT id FROM webhook_subscriptions WHERE org_id = $1 AND event_type = $2 AND url = $3', [
        principal.orgId,
        input.event_type,
        input.url,
      ]);
      if (dup.length) throw duplicate();
      await refuseOverCap(tx, 'webhook_subscriptions', principal.orgId, MAX_SUBSCRIPTIONS_PER_ORG, 'webhook subscriptions');
      await tx.run(
        `INSERT INTO webhook_subscriptions (id, org_id, event_type, url, secret, scope_json, status, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [record.id, principal.orgId, record.event_type, record.url, secret, scopeJson(principal.scope), record.status, now],
      );
    });
  } catch (err) {
    // Two instances racing past the check meet the unique constraint instead.
    if (!(err instanceof ApiError) && /unique|duplicate/i.test(String((err as Error).message))) throw duplicate();
    throw err;
  }
  return record;
}
export async function listSubscriptions(db: Db, principal: Principal): Promise<Subscription[]> {
  return (await selectOwned(db, principal, 'webhook_subscriptions', SUB_COLUMNS, { orderBy: 'created_at DESC, id' })).map(toSub);
}

export async function getSubscription(db: Db, principal: Principal, id: string): Promise<Subscription | null> {
  const [row] = await selectOwned(db, principal, 'webhook_subscriptions', SUB_COLUMNS, { id });
  return row ? toSub(row) : null;
}

/** Deletes a subscription and cancels its pending deliveries; false when the principal has none by that id. */
export async function deleteSubscription(db: Db, principal: Principal, id: string, now: number): Promise<boolean> {
  return db.tx(async (tx) => {
    if (!(await deleteOwned(tx, principal, 'webhook_subscriptions', id))) return false;
    await cancelPending(tx, 'subscription_id', id, now);
    return true;
  });
}

/** Cancels the pending deliveries of a subscription or rule that was deleted or disabled. */
export async function cancelPending(tx: Db, by: 'subscription_id' | 'rule_id', id: string, now: number): Promise<void> {
  await tx.run(
    `UPDATE webhook_deliveries SET status = 'cancelled', lease_until = NULL, updated_at = $1 WHERE ${by} = $2 AND status = 'pending'`,
    [now, id],
  );
}

// ---------------------------------------------------------------------------------------------
// sends from the API

/** Queues a signed `ping` to a subscription, sent once (no retries). Returns the delivery id. */
export async function queuePing(db: Db, sub: Subscription, now: number): Promise<string> {
  const eventId = newId('evt');
  const payload = envelope<PingData>(eventId, PING, now, {
    subscription_id: sub.id,
    event_type: sub.event_type,
    message: 'A test delivery from Honeypot Intel.',
  });
  const id = newId('whd');
  await db.run(
    `INSERT INTO webhook_deliveries (id, org_id, event_id, event_type, event_created_at, payload, subscription_id, url,
       scope_json, status, attempts, max_attempts, next_attempt_at, created_at, updated_at)
     SELECT CAST($1 AS TEXT), org_id, CAST($2 AS TEXT), CAST($3 AS TEXT), CAST($4 AS BIGINT), CAST($5 AS TEXT), id, url, scope_json,
       'pending', 0, 1, CAST($4 AS BIGINT), CAST($4 AS BIGINT), CAST($4 AS BIGINT)
     FROM webhook_subscriptions WHERE id = $6`,
    [id, eventId, PING, now, JSON.stringify(payload), sub.id],
  );
  return id;
}

/**
 * Makes the delivery of an attempt sendable now: a finished delivery gets one more attempt, a
 * pending one is brought forward. Null when the principal has no such attempt.
 */
export async function requeueForRetry(db: Db, principal: Principal, attemptId: string, now: number): Promise<string | null> {
  return db.tx(async (tx) => {
    const p = new Params();
    const rows = await tx.all<{ delivery_id: string; owner: string | null }>(
      `SELECT a.delivery_id, coalesce(s.id, r.id) AS owner FROM webhook_attempts a
       LEFT JOIN webhook_subscriptions s ON s.id = a.subscription_id
       LEFT JOIN alert_rules r ON r.id = a.rule_id
       WHERE ${ownedWhere(principal, p, 'a')} AND a.id = ${p.p(attemptId)}`,
      p.values,
    );
    if (!rows[0]) return null;
    if (!rows[0].owner) throw new ApiError(409, 'conflict', 'The subscription or rule of this delivery has been deleted.');
    const id = rows[0].delivery_id;
    await tx.run(
      `UPDATE webhook_deliveries SET
         max_attempts = CASE WHEN status = 'pending' THEN max_attempts ELSE attempts + 1 END,
         status = 'pending', next_attempt_at = $1, updated_at = $1
       WHERE id = $2 AND NOT (status = 'pending' AND coalesce(lease_until, 0) > $1)`,
      [now, id],
    );
    return id;
  });
}

// ---------------------------------------------------------------------------------------------
// the attempts log

type AttemptStatus = 'succeeded' | 'failed' | 'retrying';

export interface Attempt {
  id: string;
  subscription_id: string | null;
  rule_id: string | null;
  event_id: string;
  event_type: string;
  url: string;
  attempt: number;
  status: AttemptStatus;
  response_status: number | null;
  response_body: string | null;
  error: string | null;
  duration_ms: number | null;
  created_at: number;
}

const ATTEMPT_COLUMNS =
  'id, subscription_id, rule_id, event_id, event_type, url, attempt, status, response_status, response_body, error, duration_ms, created_at';

/**
 * Why an attempt was refused before connecting (delivery/ssrf.ts), as the deliveries log shows
 * it: one fixed phrase that names no host, address or resolver detail (API users read the
 * log), the same whether the name did not resolve or resolved to a non-public address: two
 * phrases told a user which internal names exist.
 */
export const NO_PUBLIC_ADDRESS = 'refused: no public address';
/** The phrases of earlier versions (migration 009 wrote them), shown as NO_PUBLIC_ADDRESS. */
const EARLIER_REFUSALS: readonly string[] = ['refused: non-public address', 'DNS lookup failed'];

/** Attempts logged before the refusal phrases became one read as the one phrase. */
const shownError = (error: string | null) => (error !== null && EARLIER_REFUSALS.includes(error) ? NO_PUBLIC_ADDRESS : error);

const toAttempt = (r: Row): Attempt => ({
  id: String(r.id),
  subscription_id: (r.subscription_id as string | null) ?? null,
  rule_id: (r.rule_id as string | null) ?? null,
  event_id: String(r.event_id),
  event_type: String(r.event_type),
  url: String(r.url),
  attempt: num(r.attempt),
  status: r.status as AttemptStatus,
  response_status: numOrNull(r.response_status),
  response_body: (r.response_body as string | null) ?? null,
  error: shownError((r.error as string | null) ?? null),
  duration_ms: numOrNull(r.duration_ms),
  created_at: num(r.created_at),
});

export async function listAttempts(db: Db, principal: Principal, limit: number): Promise<Attempt[]> {
  const p = new Params();
  const rows = await db.all(
    `SELECT ${ATTEMPT_COLUMNS} FROM webhook_attempts WHERE ${ownedWhere(principal, p)}
     ORDER BY created_at DESC, attempt DESC, id DESC LIMIT ${p.p(limit)}`,
    p.values,
  );
  return rows.map(toAttempt);
}
