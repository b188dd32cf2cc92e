import type { Migration } from './migration.js';

export const migration018: Migration = {
  version: 18,
  name: 'Annotations on the time charts, and saved overview views',
  // Both keep the scope of the key that created them (storage/owned.ts), as saved searches do.
  // An annotation names its author by key id and the key's name at the time (a revoked key's
  // notes still say who wrote them).
  sql: () => [
    `CREATE TABLE annotations (
      org_id TEXT NOT NULL,
      id TEXT NOT NULL,
      marked_at BIGINT NOT NULL,
      text TEXT NOT NULL,
      scope_json TEXT,
      created_by_key_id TEXT NOT NULL,
      created_by_name TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      PRIMARY KEY (org_id, id)
    )`,
    `CREATE TABLE saved_views (
      org_id TEXT NOT NULL,
      id TEXT NOT NULL,
      name TEXT NOT NULL,
      state_json TEXT NOT NULL,
      scope_json TEXT,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      PRIMARY KEY (org_id, id)
    )`,
  ],
};
