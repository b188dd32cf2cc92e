import type { Migration } from './migration.js';
import { rebuildMembers } from '../campaigns/upkeep.js';

export const migration024: Migration = {
  version: 24,
  name: 'Campaigns: what the kept campaigns are read with, kept with their members',
  // Written by the settle with the member rows (storage/campaigns/upkeep.ts), so the reads of the
  // kept campaigns link nothing and read no call or identifier row of the window for the list:
  // - campaign_links: for each call of a kept campaign, one row per strong identifier it carries
  //   and per weak pair joining the campaign that it carries (`kind` a strong kind or a pair such
  //   as "agent+caller_id"); `joins` says whether the key joins the campaign (its links);
  // - on each member row, the call's facts a campaign row counts (brand, lure, payment method,
  //   state, asks in cents), copied from the call at the settle that wrote the row (a re-ingested
  //   call is pending, so its row is written again).
  sql: (dialect) => [
    `CREATE TABLE campaign_links (
      org_id TEXT NOT NULL,
      campaign_id TEXT NOT NULL,
      call_sid TEXT NOT NULL,
      started_at BIGINT NOT NULL,
      kind TEXT NOT NULL,
      value TEXT NOT NULL,
      joins BOOLEAN NOT NULL
    )`,
    'ALTER TABLE campaign_members ADD COLUMN impersonated_brand TEXT',
    'ALTER TABLE campaign_members ADD COLUMN lure_category TEXT',
    'ALTER TABLE campaign_members ADD COLUMN payment_method TEXT',
    'ALTER TABLE campaign_members ADD COLUMN caller_state TEXT',
    'ALTER TABLE campaign_members ADD COLUMN asks_cents BIGINT',
    ...(dialect === 'postgres'
      ? [
          'CREATE INDEX campaign_links_by_campaign ON campaign_links (org_id, campaign_id, started_at)',
          'CREATE INDEX campaign_links_by_call ON campaign_links (org_id, call_sid)',
        ]
      : []),
  ],
  // The links and facts of the components kept before it (the data steps of migrations 20 and
  // 23, which ran before these tables existed, left the members to this one).
  run: (db) => rebuildMembers(db),
};
