import type { Migration } from './migration.js';
import { rebuildIdentifiers } from '../campaigns/rebuild.js';

export const migration017: Migration = {
  version: 17,
  name: 'Campaigns: the identifiers each call is linked by',
  // One row per (call, identifier), written in ingest's transaction and replaced with its call;
  // campaigns are computed from these rows at read time (docs/campaigns.md). started_at is the
  // call's, so a window reads them without the calls. DuckDB prunes by its zone maps (rows
  // arrive roughly in time order) and keeps no index, as for calls; PostgreSQL indexes the
  // window and the call.
  sql: (dialect) => [
    `CREATE TABLE call_identifiers (
      org_id TEXT NOT NULL,
      call_sid TEXT NOT NULL,
      started_at BIGINT NOT NULL,
      kind TEXT NOT NULL,
      value TEXT NOT NULL
    )`,
    ...(dialect === 'postgres'
      ? [
          'CREATE INDEX call_identifiers_by_time ON call_identifiers (org_id, started_at)',
          'CREATE INDEX call_identifiers_by_call ON call_identifiers (org_id, call_sid)',
        ]
      : []),
  ],
  // Calls stored before this migration get their rows by the rules of the day it runs; a
  // later change of the rules is applied by `honeypot campaigns rebuild`, not by a migration.
  run: (db) => rebuildIdentifiers(db, undefined, { members: false }),
};
