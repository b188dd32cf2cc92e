import type { Migration } from './migration.js';
import { rebuildCarriers } from '../campaigns/upkeep.js';

/**
 * The weak identifier rows (agent, caller ID, script band) whose value two or more calls of the
 * org carry, each with its call's campaign, kept by the settle (storage/campaigns/upkeep.ts
 * keepCarriers): a campaign's page reads `related` from them, its own rows and the other
 * carriers of their values in the window, instead of probing every identifier row of the window
 * (about 4.5 times as many at 1M calls: most script bands and caller IDs are carried by one
 * call). Written in time order, so DuckDB reads the window's row groups only. They replace
 * campaign_signals (migration 25), which held a campaign's values but not their carriers.
 */
export const migration026: Migration = {
  version: 26,
  name: 'Campaigns: the shared weak identifiers with their calls’ campaigns, kept for a page’s related signals',
  sql: (dialect) => [
    'DROP TABLE IF EXISTS campaign_signals',
    `CREATE TABLE weak_carriers (
      org_id TEXT NOT NULL,
      call_sid TEXT NOT NULL,
      started_at BIGINT NOT NULL,
      kind TEXT NOT NULL,
      value TEXT NOT NULL,
      campaign_id TEXT
    )`,
    ...(dialect === 'postgres'
      ? [
          'CREATE INDEX weak_carriers_by_campaign ON weak_carriers (org_id, campaign_id, started_at)',
          'CREATE INDEX weak_carriers_by_value ON weak_carriers (org_id, kind, value, started_at)',
          'CREATE INDEX weak_carriers_by_call ON weak_carriers (org_id, call_sid)',
        ]
      : []),
  ],
  run: (db) => rebuildCarriers(db),
};
