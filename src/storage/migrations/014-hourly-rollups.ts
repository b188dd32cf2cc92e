import type { Migration } from './migration.js';

export const migration014: Migration = {
  version: 14,
  name: 'hourly rollups, filled by reads',
  // PostgreSQL only, like the daily rollups (src/storage/rollups/hourFills.ts says how they
  // are kept). hour_fills lists the hours whose rollup rows are complete; ingest deletes the
  // hours it touches. The label counts of an hour go in label_counts with period_days 0.
  sql: (dialect) =>
    dialect === 'postgres'
      ? [
          `CREATE TABLE hour_fills (
            org_id TEXT NOT NULL,
            hour BIGINT NOT NULL,
            PRIMARY KEY (org_id, hour)
          )`,
          // call_days per hour: the same columns, `hour` for `day`.
          'CREATE TABLE call_hours (LIKE call_days)',
          'ALTER TABLE call_hours RENAME COLUMN day TO hour',
          'ALTER TABLE call_hours ADD PRIMARY KEY (org_id, hour, flags)',
        ]
      : [],
};
