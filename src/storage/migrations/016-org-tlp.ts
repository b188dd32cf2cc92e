import type { Migration } from './migration.js';

export const migration016: Migration = {
  version: 16,
  name: 'Organisations: the TLP their STIX and MISP exports are marked with',
  // Null: the default, TLP:AMBER. tlp_set_at is when it last changed: every exported object's
  // `modified` is at least that, since a new marking is a change of content (STIX 2.1 §3.6).
  sql: () => ['ALTER TABLE orgs ADD COLUMN tlp TEXT', 'ALTER TABLE orgs ADD COLUMN tlp_set_at BIGINT'],
};
