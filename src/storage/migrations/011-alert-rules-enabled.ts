import type { Migration } from './migration.js';

export const migration011: Migration = {
  version: 11,
  name: 'alert rules can be paused',
  // DuckDB adds no column with a constraint: nullable, and every existing rule takes the
  // default (enabled); every insert gives the value.
  sql: () => ['ALTER TABLE alert_rules ADD COLUMN enabled BOOLEAN DEFAULT TRUE'],
};
