import type { Migration } from './migration.js';

export const migration022: Migration = {
  version: 22,
  name: 'Campaigns: calls whose component waits to be recomputed',
  // Ingest and retention list here the calls they changed, in their transaction; the kept
  // components are brought up to date for all of them at once before the next campaign read
  // (storage/campaigns/upkeep.ts settleComponents), not once per batch. A call may be listed
  // more than once (no key: an append per batch stays cheap on DuckDB).
  sql: (dialect) => [
    `CREATE TABLE campaign_pending (
      org_id TEXT NOT NULL,
      call_sid TEXT NOT NULL
    )`,
    ...(dialect === 'postgres' ? ['CREATE INDEX campaign_pending_by_org ON campaign_pending (org_id)'] : []),
  ],
};
