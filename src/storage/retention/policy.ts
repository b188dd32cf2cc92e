// Per-org retention (docs/retention.md): how many days each kind of data is kept. A null limit
// keeps it for good. An org that never set a policy has the defaults; setting one stores every
// field, so the stored row is always the whole policy in force.

import type { Db } from '../db.js';

export interface RetentionPolicy {
  /** Calls (and their rollup counts, campaign identifiers and webhook events), by started_at. */
  calls_days: number | null;
  /** Transcripts, by their call's started_at; the call stays, marked transcript_removed_at. */
  transcripts_days: number | null;
  /** Webhook deliveries (with their payloads) and delivery attempts, by created_at. */
  webhooks_days: number | null;
  /** Agent sessions, by their last turn. */
  agent_sessions_days: number | null;
  /** Hourly rollup rows (PostgreSQL), by whole UTC days: 0 keeps today's only. */
  hourly_rollups_days: number;
}

export type RetentionKind = keyof RetentionPolicy;

export const RETENTION_DEFAULTS: RetentionPolicy = {
  calls_days: null,
  transcripts_days: null,
  webhooks_days: 30,
  agent_sessions_days: 90,
  hourly_rollups_days: 62,
};

/**
 * Bounds of each limit, in days. Hourly rows are kept 62 days at most: the dashboard's longest
 * window (30 days) compared with the 30 before reads partial days up to 60 days back.
 */
export const RETENTION_BOUNDS: Record<RetentionKind, { min: number; max: number; nullable: boolean }> = {
  calls_days: { min: 1, max: 36_500, nullable: true },
  transcripts_days: { min: 1, max: 36_500, nullable: true },
  webhooks_days: { min: 1, max: 3_650, nullable: true },
  agent_sessions_days: { min: 1, max: 3_650, nullable: true },
  hourly_rollups_days: { min: 0, max: 62, nullable: false },
};

export const RETENTION_KINDS = Object.keys(RETENTION_DEFAULTS) as RetentionKind[];

export interface StoredPolicy extends RetentionPolicy {
  org_id: string;
  /** When it was last set (epoch ms); null: never set, the defaults. */
  updated_at: number | null;
}

const COLUMNS = RETENTION_KINDS.join(', ');

const limit = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function policyOf(orgId: string, r: Record<string, unknown> | undefined): StoredPolicy {
  if (!r || r.updated_at === null || r.updated_at === undefined) return { org_id: orgId, ...RETENTION_DEFAULTS, updated_at: null };
  return {
    org_id: orgId,
    calls_days: limit(r.calls_days),
    transcripts_days: limit(r.transcripts_days),
    webhooks_days: limit(r.webhooks_days),
    agent_sessions_days: limit(r.agent_sessions_days),
    hourly_rollups_days: Number(r.hourly_rollups_days),
    updated_at: Number(r.updated_at),
  };
}

/** The policy in force for an org (the defaults when it set none). */
export async function getRetention(db: Db, orgId: string): Promise<StoredPolicy> {
  const rows = await db.all(`SELECT ${COLUMNS}, updated_at FROM retention_policies WHERE org_id = $1`, [orgId]);
  return policyOf(orgId, rows[0]);
}

/** The policy of every org, oldest org first (the retention job's list). */
export async function listRetention(db: Db): Promise<StoredPolicy[]> {
  const rows = await db.all(
    `SELECT o.id AS org_id, ${RETENTION_KINDS.map((k) => `p.${k}`).join(', ')}, p.updated_at
     FROM orgs o LEFT JOIN retention_policies p ON p.org_id = o.id ORDER BY o.created_at, o.id`,
  );
  return rows.map((r) => policyOf(String(r.org_id), r));
}

/**
 * Changes the fields of `patch` (bounds checked by the caller) and keeps the others; returns
 * the policy now in force. Under the org's records lock, so two changes at once apply in turn.
 */
export async function setRetention(db: Db, orgId: string, patch: Partial<RetentionPolicy>, now: number): Promise<StoredPolicy> {
  return db.withLock('orgRecords', orgId, async (tx) => {
    const next = { ...(await getRetention(tx, orgId)), ...patch };
    const values = RETENTION_KINDS.map((k) => next[k]);
    await tx.run('DELETE FROM retention_policies WHERE org_id = $1', [orgId]);
    await tx.run(
      `INSERT INTO retention_policies (org_id, ${COLUMNS}, updated_at) VALUES ($1, ${RETENTION_KINDS.map((_, i) => `$${i + 2}`).join(', ')}, $${RETENTION_KINDS.length + 2})`,
      [orgId, ...values, now],
    );
    return { ...next, updated_at: now };
  });
}
