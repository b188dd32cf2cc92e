import type { Migration } from './migration.js';
import { rebuildSignals } from '../campaigns/upkeep.js';

/**
 * The weak signals of each campaign's calls that calls outside it share (campaign_links rows of
 * a weak kind, joins false), which a campaign's page looks up for `related` instead of every weak
 * identifier row of the window: written for the campaigns kept before it. No schema change.
 */
export const migration025: Migration = {
  version: 25,
  name: 'Campaigns: the weak signals a campaign shares outside it, kept for its page',
  sql: () => [],
  run: (db) => rebuildSignals(db),
};
