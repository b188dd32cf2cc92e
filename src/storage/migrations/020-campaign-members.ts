import type { Migration } from './migration.js';
import { rebuildMembers } from '../campaigns/upkeep.js';

export const migration020: Migration = {
  version: 20,
  name: 'Campaigns: the org-wide components, kept at ingest',
  // One row per call in a component of two or more calls of its org (docs/campaigns.md, Kept
  // components): `component` names its component before the common-value rule (its earliest
  // call_sid), the unit ingest recomputes; `campaign_id` its campaign, null when only common
  // values link it. PostgreSQL also indexes the identifiers by value: ingest looks up which
  // stored calls share a value with the batch. DuckDB keeps no index (one scan per batch).
  sql: (dialect) => [
    `CREATE TABLE campaign_members (
      org_id TEXT NOT NULL,
      call_sid TEXT NOT NULL,
      started_at BIGINT NOT NULL,
      component TEXT NOT NULL,
      campaign_id TEXT
    )`,
    ...(dialect === 'postgres'
      ? [
          'CREATE UNIQUE INDEX campaign_members_by_call ON campaign_members (org_id, call_sid)',
          'CREATE INDEX campaign_members_by_component ON campaign_members (org_id, component)',
          'CREATE INDEX campaign_members_by_campaign ON campaign_members (org_id, campaign_id, started_at)',
          'CREATE INDEX campaign_members_by_time ON campaign_members (org_id, started_at) INCLUDE (campaign_id)',
          'CREATE INDEX call_identifiers_by_value ON call_identifiers (org_id, value)',
        ]
      : []),
  ],
  // Components of the calls stored before it.
  run: (db) => rebuildMembers(db),
};
