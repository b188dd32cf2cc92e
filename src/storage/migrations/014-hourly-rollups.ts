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
          `CREATE TABLE call_hours (
            org_id TEXT NOT NULL,
            hour BIGINT NOT NULL,
            flags SMALLINT NOT NULL,
            calls BIGINT NOT NULL,
            duration_sum BIGINT NOT NULL,
            confidence_sum DECIMAL(38, 9) NOT NULL,
            confidence_n BIGINT NOT NULL,
            asked DECIMAL(38, 9) NOT NULL,
            dangled DECIMAL(38, 9) NOT NULL,
            PRIMARY KEY (org_id, hour, flags)
          )`,
        ]
      : [],
};
