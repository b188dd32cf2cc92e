import type { Migration } from './migration.js';

export const migration005: Migration = {
  version: 5,
  name: 'PostgreSQL: calls by org and time',
  // Every figure reads one org's calls in a time window. DuckDB prunes by its zone maps on
  // started_at (calls arrive roughly in time order); PostgreSQL needs the index.
  sql: (dialect) => (dialect === 'postgres' ? ['CREATE INDEX calls_org_started ON calls (org_id, started_at)'] : []),
};
