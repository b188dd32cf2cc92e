import type { Migration } from './migration.js';

export const migration021: Migration = {
  version: 21,
  name: 'Retention: per-org policies, transcripts removed by policy',
  // One row per org that set a policy (an org without one has the defaults of
  // storage/retention/policy.ts); a null limit keeps that data for good. transcript_removed_at
  // says when the retention job removed a call's transcript (app clock), null while it has one
  // or never had one. PostgreSQL: the delivery log is swept per org by its age.
  sql: (dialect) => [
    `CREATE TABLE retention_policies (
      org_id TEXT PRIMARY KEY,
      calls_days INTEGER,
      transcripts_days INTEGER,
      webhooks_days INTEGER,
      agent_sessions_days INTEGER,
      hourly_rollups_days INTEGER NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    'ALTER TABLE calls ADD COLUMN transcript_removed_at BIGINT',
    ...(dialect === 'postgres' ? ['CREATE INDEX webhook_deliveries_org_age ON webhook_deliveries (org_id, created_at)'] : []),
  ],
};
