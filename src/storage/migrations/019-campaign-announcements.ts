import type { Migration } from './migration.js';

export const migration019: Migration = {
  version: 19,
  name: 'Campaigns: what was announced (campaign.detected, campaign.grew, the new_campaigns alert metric)',
  // One row per (org, slice, campaign) once it was detected: `slice` is the canonical scope JSON
  // of the subscriptions and rules it was computed for ('' for the whole org), `calls` the size
  // last announced, `announced_at` when (app clock). The primary key makes a detection happen
  // once even when two ingests of the org race (INSERT … ON CONFLICT DO NOTHING decides).
  sql: () => [
    `CREATE TABLE campaign_announcements (
      org_id TEXT NOT NULL,
      slice TEXT NOT NULL,
      campaign_id TEXT NOT NULL,
      calls INTEGER NOT NULL,
      detected_at BIGINT NOT NULL,
      announced_at BIGINT NOT NULL,
      PRIMARY KEY (org_id, slice, campaign_id)
    )`,
  ],
};
