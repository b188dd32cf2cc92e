import type { Migration } from './migration.js';

export const migration002: Migration = {
  version: 2,
  name: 'webhooks and alerts: subscriptions, event outbox, deliveries, attempts, rules, firings',
  // scope_json is the canonical scope of the key that created the object (null: whole org).
  // webhook_events is the transactional outbox: written in the ingest transaction, one row
  // per (org, call, type). webhook_deliveries is the work queue (one row per event and
  // target, leased by a worker, carrying the payload it sends); webhook_attempts is the log.
  sql: (dialect) => [
    `CREATE TABLE webhook_subscriptions (
      id TEXT PRIMARY KEY,
      org_id TEXT NOT NULL,
      event_type TEXT NOT NULL,
      url TEXT NOT NULL,
      secret TEXT NOT NULL,
      scope_json TEXT,
      status TEXT NOT NULL,
      failing_since BIGINT,
      created_at BIGINT NOT NULL,
      UNIQUE (org_id, event_type, url)
    )`,
    // One event per (org_id, call_sid, type), which is also its identity (the event id is
    // derived from it). PostgreSQL enforces it with a unique index (ingest uses ON CONFLICT DO
    // NOTHING). DuckDB gets no index: maintaining an ART index costs more than the whole
    // ingest of a call, and its single writer makes the outbox's check-then-insert safe.
    `CREATE TABLE webhook_events (
      org_id TEXT NOT NULL,
      type TEXT NOT NULL,
      call_sid TEXT NOT NULL,
      batch_id TEXT NOT NULL,
      created_at BIGINT NOT NULL${dialect === 'postgres' ? ',\n        PRIMARY KEY (org_id, call_sid, type)' : ''}
    )`,
    `CREATE TABLE webhook_deliveries (
      id TEXT PRIMARY KEY,
      org_id TEXT NOT NULL,
      event_id TEXT NOT NULL,
      event_type TEXT NOT NULL,
      event_created_at BIGINT NOT NULL,
      call_sid TEXT,
      payload TEXT,
      subscription_id TEXT,
      rule_id TEXT,
      url TEXT NOT NULL,
      scope_json TEXT,
      status TEXT NOT NULL,
      attempts INTEGER NOT NULL,
      max_attempts INTEGER,
      next_attempt_at BIGINT NOT NULL,
      lease_until BIGINT,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    `CREATE TABLE webhook_attempts (
      id TEXT PRIMARY KEY,
      org_id TEXT NOT NULL,
      delivery_id TEXT NOT NULL,
      subscription_id TEXT,
      rule_id TEXT,
      event_id TEXT NOT NULL,
      event_type TEXT NOT NULL,
      url TEXT NOT NULL,
      scope_json TEXT,
      attempt INTEGER NOT NULL,
      status TEXT NOT NULL,
      response_status INTEGER,
      response_body TEXT,
      error TEXT,
      duration_ms INTEGER,
      created_at BIGINT NOT NULL
    )`,
    `CREATE TABLE alert_rules (
      id TEXT PRIMARY KEY,
      org_id TEXT NOT NULL,
      name TEXT NOT NULL,
      metric TEXT NOT NULL,
      operator TEXT NOT NULL,
      threshold DOUBLE PRECISION NOT NULL,
      window_min INTEGER NOT NULL,
      channel TEXT NOT NULL,
      target TEXT NOT NULL,
      secret TEXT NOT NULL,
      scope_json TEXT,
      state TEXT NOT NULL,
      created_at BIGINT NOT NULL
    )`,
    `CREATE TABLE alert_firings (
      id TEXT PRIMARY KEY,
      org_id TEXT NOT NULL,
      rule_id TEXT NOT NULL,
      rule_name TEXT NOT NULL,
      metric TEXT NOT NULL,
      operator TEXT NOT NULL,
      threshold DOUBLE PRECISION NOT NULL,
      value DOUBLE PRECISION NOT NULL,
      window_start BIGINT NOT NULL,
      window_end BIGINT NOT NULL,
      scope_json TEXT,
      fired_at BIGINT NOT NULL,
      resolved_at BIGINT
    )`,
    // PostgreSQL needs the queue and log indexes; DuckDB scans these tables with zone maps.
    ...(dialect === 'postgres'
      ? [
          `CREATE INDEX webhook_events_batch ON webhook_events (batch_id)`,
          `CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'`,
          `CREATE INDEX webhook_attempts_org ON webhook_attempts (org_id, created_at DESC)`,
          `CREATE INDEX alert_firings_org ON alert_firings (org_id, fired_at DESC)`,
        ]
      : []),
  ],
};
