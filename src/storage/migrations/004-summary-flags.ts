import type { Migration } from './migration.js';

export const migration004: Migration = {
  version: 4,
  name: 'summary flags on calls',
  // Backfill of the bits of summaryFlags() (src/domain/call.ts) from the stored derived
  // columns; new rows get them from the same function at ingest.
  sql: () => [
    `ALTER TABLE calls ADD COLUMN flags SMALLINT`,
    `UPDATE calls SET flags = (CASE WHEN cleanly_closed THEN 1 ELSE 0 END) + (CASE WHEN hooked THEN 2 ELSE 0 END)
       + (CASE WHEN has_extraction THEN 4 ELSE 0 END) + (CASE WHEN auditor_confidence >= 0.7 THEN 8 ELSE 0 END)
       + 16 * coalesce(tier, 0)`,
  ],
};
