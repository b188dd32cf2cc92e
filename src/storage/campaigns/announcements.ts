// What was announced of each campaign (docs/campaigns.md, Push), per org and slice, and the
// deliveries an announcement queues. The decision "announce or not" is taken by the UPDATE or
// INSERT that records it (its RETURNING), so two ingests racing over the same org announce once.

import { newId } from '../../domain/ids.js';
import type { Scope } from '../../domain/scope.js';
import { num, Params, type Db } from '../db.js';

/** A slice someone listens to: the canonical scope JSON its subscriptions and rules keep ('' for the whole org). */
export interface ListeningSlice {
  slice: string;
  scope: Scope | null;
}

const sliceOf = (scopeJson: string | null): ListeningSlice => ({
  slice: scopeJson ?? '',
  scope: scopeJson ? (JSON.parse(scopeJson) as Scope) : null,
});

/**
 * The slices of an org for which campaigns are worked out after an ingest: those of its active
 * subscriptions to `eventTypes` and of its enabled rules on `metric`. None: no work at all.
 */
export async function listeningSlices(db: Db, orgId: string, eventTypes: readonly string[], metric: string): Promise<ListeningSlice[]> {
  const p = new Params();
  const org = p.p(orgId);
  const rows = await db.all<{ scope_json: string | null }>(
    `SELECT DISTINCT scope_json FROM (
       SELECT s.scope_json FROM webhook_subscriptions s JOIN orgs o ON o.id = s.org_id AND o.tier = 'pro'
       WHERE s.org_id = ${org} AND s.status = 'active' AND s.event_type IN (${p.list(eventTypes)})
       UNION ALL
       SELECT r.scope_json FROM alert_rules r JOIN orgs o ON o.id = r.org_id AND o.tier = 'pro'
       WHERE r.org_id = ${org} AND r.enabled AND r.metric = ${p.p(metric)}
     ) l`,
    p.values,
  );
  return rows.map((r) => sliceOf(r.scope_json)).sort((a, b) => (a.slice < b.slice ? -1 : a.slice > b.slice ? 1 : 0));
}

export interface Announced {
  calls: number;
  announcedAt: number;
}

/** The campaigns announced for one slice of an org, by id. */
export async function announcedCampaigns(db: Db, orgId: string, slice: string): Promise<Map<string, Announced>> {
  const rows = await db.all(`SELECT campaign_id, calls, announced_at FROM campaign_announcements WHERE org_id = $1 AND slice = $2`, [
    orgId,
    slice,
  ]);
  return new Map(rows.map((r) => [String(r.campaign_id), { calls: num(r.calls), announcedAt: num(r.announced_at) }]));
}

export interface Announcement {
  orgId: string;
  slice: string;
  campaignId: string;
  calls: number;
  /** App clock (the hour between two announcements, the alert windows). */
  at: number;
  eventType: string;
  eventId: string;
  /** The envelope as sent (built once: retries send the same bytes). */
  payload: string;
}

/**
 * Records a detection (once per org, slice and campaign) and queues its deliveries to the
 * slice's active subscriptions of that type. False when it was already recorded.
 */
export function recordDetection(db: Db, a: Announcement): Promise<boolean> {
  return db.tx(async (tx) => {
    const won = await tx.all(
      `INSERT INTO campaign_announcements (org_id, slice, campaign_id, calls, detected_at, announced_at)
       VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT DO NOTHING RETURNING campaign_id`,
      [a.orgId, a.slice, a.campaignId, a.calls, a.at],
    );
    if (won.length === 0) return false;
    await queueDeliveries(tx, a);
    return true;
  });
}

/**
 * Records growth when the campaign has more calls than last announced and the last
 * announcement is at least `quietMs` old, and queues its deliveries. False otherwise.
 */
export function recordGrowth(db: Db, a: Announcement, quietMs: number): Promise<boolean> {
  return db.tx(async (tx) => {
    const won = await tx.all(
      `UPDATE campaign_announcements SET calls = $1, announced_at = $2
       WHERE org_id = $3 AND slice = $4 AND campaign_id = $5 AND calls < $1 AND announced_at <= $6 RETURNING campaign_id`,
      [a.calls, a.at, a.orgId, a.slice, a.campaignId, a.at - quietMs],
    );
    if (won.length === 0) return false;
    await queueDeliveries(tx, a);
    return true;
  });
}

/** A campaign that lost calls (they left the window, or a re-ingest split it): growth is counted from here. */
export async function recordShrink(db: Db, orgId: string, slice: string, campaignId: string, calls: number): Promise<void> {
  await db.run(`UPDATE campaign_announcements SET calls = $1 WHERE org_id = $2 AND slice = $3 AND campaign_id = $4 AND calls > $1`, [
    calls,
    orgId,
    slice,
    campaignId,
  ]);
}

/** Campaigns of a slice first detected in [start, end) (the alert metric new_campaigns). */
export async function detectedBetween(db: Db, orgId: string, slice: string, start: number, end: number): Promise<number> {
  const [r] = await db.all(
    `SELECT count(*) AS n FROM campaign_announcements WHERE org_id = $1 AND slice = $2 AND detected_at >= $3 AND detected_at < $4`,
    [orgId, slice, start, end],
  );
  return num(r?.n ?? 0);
}

async function queueDeliveries(tx: Db, a: Announcement): Promise<void> {
  // Queue times are wall-clock (the worker's timers are); the event's time is the app's.
  const queuedAt = Date.now();
  const subs = await tx.all<{ id: string }>(
    `SELECT id FROM webhook_subscriptions
     WHERE org_id = $1 AND event_type = $2 AND status = 'active' AND coalesce(scope_json, '') = $3`,
    [a.orgId, a.eventType, a.slice],
  );
  for (const s of subs) {
    await tx.run(
      `INSERT INTO webhook_deliveries (id, org_id, event_id, event_type, event_created_at, payload, subscription_id, url,
         scope_json, status, attempts, next_attempt_at, created_at, updated_at)
       SELECT CAST($1 AS TEXT), org_id, CAST($2 AS TEXT), CAST($3 AS TEXT), CAST($4 AS BIGINT), CAST($5 AS TEXT), id, url,
         scope_json, 'pending', 0, CAST($6 AS BIGINT), CAST($6 AS BIGINT), CAST($6 AS BIGINT)
       FROM webhook_subscriptions WHERE id = $7`,
      [newId('whd'), a.eventId, a.eventType, a.at, a.payload, queuedAt, s.id],
    );
  }
}
