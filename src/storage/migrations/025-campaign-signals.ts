import type { Migration } from './migration.js';

/**
 * The weak signals of each campaign's calls that calls outside it share, which a campaign's page
 * looked up for `related` instead of every weak identifier row of the window: a table of their
 * own, so the list's reads of campaign_links do not grow with them. Migration 26 drops it (a page
 * reads weak_carriers instead), so its data step, which filled it for the campaigns kept before
 * it, is gone: every database ends without the table, whichever version it starts from.
 */
export const migration025: Migration = {
  version: 25,
  name: 'Campaigns: the weak signals a campaign shares outside it, kept for its page',
  sql: (dialect) => [
    `CREATE TABLE campaign_signals (
      org_id TEXT NOT NULL,
      campaign_id TEXT NOT NULL,
      call_sid TEXT NOT NULL,
      started_at BIGINT NOT NULL,
      kind TEXT NOT NULL,
      value TEXT NOT NULL
    )`,
    ...(dialect === 'postgres'
      ? [
          'CREATE INDEX campaign_signals_by_campaign ON campaign_signals (org_id, campaign_id, started_at)',
          'CREATE INDEX campaign_signals_by_call ON campaign_signals (org_id, call_sid)',
        ]
      : []),
  ],
};
