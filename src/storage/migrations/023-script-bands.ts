import type { Migration } from './migration.js';
import { rebuildIdentifiers } from '../campaigns/rebuild.js';

export const migration023: Migration = {
  version: 23,
  name: 'Campaigns: script bands by one-permutation hashing',
  // The script bands are now computed with one hash per shingle (domain/campaigns/minhash.ts):
  // the bands stored before would never equal a new call's, so every call's identifier rows
  // and the org's components are computed again.
  sql: () => [],
  run: (db) => rebuildIdentifiers(db),
};
