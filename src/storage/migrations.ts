// Versioned schema. Each migration is one SQL text both engines accept; where they differ
// the twin sits beside it. Times are epoch milliseconds (BIGINT): bucket arithmetic is then
// the same integer maths on both engines, with no time-zone settings involved.

import { INTEL_FIELDS } from '../domain/call.js';
import { backfillCallerGeography } from './backfillCallerGeography.js';
import type { Db, Dialect } from './db.js';
import { backfillStatements, keepsRollups, rollupTables } from './queries/dailyRollups.js';
import { canonicalSavedSearchScopes } from './queries/savedSearches.js';

interface Migration {
  version: number;
  name: string;
  sql: (dialect: Dialect) => string[];
  /** A step that needs code (e.g. a domain function per row); runs after `sql`, in the same transaction. */
  run?: (db: Db) => Promise<unknown>;
}

const intelColumns = INTEL_FIELDS.map((f) => `  ${f} TEXT`).join(',\n');

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'orgs, keys, calls',
    sql: (dialect) => [
      `CREATE TABLE orgs (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        tier TEXT NOT NULL,
        created_at BIGINT NOT NULL
      )`,
      `CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        org_id TEXT NOT NULL,
        name TEXT NOT NULL,
        role TEXT NOT NULL,
        scope_json TEXT,
        key_hash TEXT NOT NULL UNIQUE,
        created_at BIGINT NOT NULL,
        revoked_at BIGINT
      )`,
      // Derived columns (tier, has_intel, hooked, caller_state, asks_*) are computed at
      // ingest from src/domain, so every figure reads one definition.
      `CREATE TABLE calls (
        org_id TEXT NOT NULL,
        call_sid TEXT NOT NULL,
        started_at BIGINT NOT NULL,
        duration_sec INTEGER NOT NULL,
        caller_id TEXT,
        persona TEXT,
        disconnect_reason TEXT,
        cleanly_closed BOOLEAN,
        has_extraction BOOLEAN NOT NULL,
        auditor_confidence DOUBLE PRECISION,
${intelColumns},
        dollar_asks DOUBLE PRECISION[],
        asks_count INTEGER NOT NULL,
        asks_total DOUBLE PRECISION NOT NULL,
        dollars_dangled DOUBLE PRECISION,
        tier SMALLINT,
        has_intel BOOLEAN NOT NULL,
        hooked BOOLEAN NOT NULL,
        caller_state TEXT,
        caller_area_code TEXT,
        transcript_json TEXT,
        transcript_lower TEXT,
        ingested_at BIGINT NOT NULL${dialect === 'postgres' ? ', PRIMARY KEY (org_id, call_sid)' : ''}
      )`,
      // DuckDB: no ART index on (org_id, call_sid). Its upkeep halved ingest speed and held
      // hundreds of MB; uniqueness is kept by upsertCalls, which replaces by delete + insert
      // under the engine's single writer (one process owns a DuckDB file).
      `CREATE TABLE saved_searches (
        org_id TEXT NOT NULL,
        id TEXT NOT NULL,
        name TEXT NOT NULL,
        filters_json TEXT NOT NULL,
        scope_json TEXT,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL,
        PRIMARY KEY (org_id, id)
      )`,
    ],
  },
  {
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
  },
  {
    version: 3,
    name: 'agent conversation turns',
    // A session is bound to its org and to the slice of the key that wrote it (scope_key:
    // canonical JSON of the scope), so a differently scoped key never sees or replays it.
    sql: () => [
      `CREATE TABLE agent_turns (
        org_id TEXT NOT NULL,
        session_id TEXT NOT NULL,
        scope_key TEXT NOT NULL,
        question TEXT NOT NULL,
        answer TEXT NOT NULL,
        sources_json TEXT NOT NULL,
        referenced_json TEXT NOT NULL,
        context_json TEXT,
        created_at BIGINT NOT NULL,
        PRIMARY KEY (org_id, session_id, scope_key, created_at)
      )`,
    ],
  },
  {
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
  },
  {
    version: 5,
    name: 'PostgreSQL: calls by org and time',
    // Every figure reads one org's calls in a time window. DuckDB prunes by its zone maps on
    // started_at (calls arrive roughly in time order); PostgreSQL needs the index.
    sql: (dialect) => (dialect === 'postgres' ? ['CREATE INDEX calls_org_started ON calls (org_id, started_at)'] : []),
  },
  {
    version: 6,
    name: 'daily rollups of calls',
    // PostgreSQL only; kept by every ingest from then on (see src/storage/queries/dailyRollups.ts).
    sql: (dialect) => (keepsRollups(dialect) ? [...rollupTables(), ...backfillStatements()] : []),
  },
  {
    version: 7,
    name: 'caller geography by area code alone',
    // CONTRACT §6: a +1 caller ID is mapped by its area code alone; calls stored while the
    // exchange also had to start with 2-9 get their state now (and PostgreSQL its rollups).
    sql: () => [],
    run: backfillCallerGeography,
  },
  {
    version: 8,
    name: 'canonical scope on saved searches',
    // A scoped key sees only the saved searches of exactly its scope, compared as canonical
    // JSON (storage/owned.ts); records written before were stored in the key's own order.
    sql: () => [],
    run: canonicalSavedSearchScopes,
  },
  {
    version: 9,
    name: 'webhook attempts: fixed error phrases, short response excerpts',
    // The deliveries log is shown to API users: errors stored before named hosts, resolved
    // addresses and socket messages. They become the fixed phrases of src/delivery/send.ts.
    sql: () => [
      `UPDATE webhook_attempts SET
         error = CASE
           WHEN error IS NULL OR error LIKE 'HTTP %' THEN error
           WHEN error LIKE 'refused:%' THEN 'refused: non-public address'
           WHEN error LIKE 'cannot resolve%' THEN 'DNS lookup failed'
           WHEN error LIKE 'timed out after %' THEN 'timeout after ' || substr(error, 17)
           WHEN error LIKE 'redirect %' THEN 'redirect ' || CAST(response_status AS TEXT) || ' not followed'
           WHEN error = 'the target URL is not valid' THEN 'invalid target URL'
           ELSE 'connection failed'
         END,
         response_body = substr(response_body, 1, 256)
       WHERE error IS NOT NULL OR length(response_body) > 256`,
    ],
  },
  {
    version: 10,
    name: 'dashboard sign-in sessions',
    // A session names a key, never holds it: revoking the key ends every session of it.
    sql: () => [
      `CREATE TABLE web_sessions (
        token_hash TEXT PRIMARY KEY,
        key_id TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      )`,
      'CREATE INDEX web_sessions_key ON web_sessions (key_id, created_at)',
    ],
  },
  {
    version: 11,
    name: 'alert rules can be paused',
    // DuckDB adds no column with a constraint: nullable, and every existing rule takes the
    // default (enabled); every insert gives the value.
    sql: () => ['ALTER TABLE alert_rules ADD COLUMN enabled BOOLEAN DEFAULT TRUE'],
  },
  {
    version: 12,
    name: 'DuckDB: calls found by call_sid without a scan',
    // PostgreSQL has the primary key. DuckDB gets an ART index on call_sid (the call detail
    // reads one call through it: 15 ms → under 5 ms at 1M calls) and sid_hash, the MD5 of
    // call_sid (UBIGINT), which ingest compares with a batch's to find re-ingested calls: eight
    // bytes a call instead of the text, a third of the time at 200k calls (upsertCalls.ts).
    sql: (dialect) =>
      dialect === 'duckdb'
        ? [
            'ALTER TABLE calls ADD COLUMN sid_hash UBIGINT',
            'UPDATE calls SET sid_hash = md5_number_lower(call_sid)',
            'CREATE INDEX calls_call_sid ON calls (call_sid)',
          ]
        : [],
  },
];

// Any constant shared by every instance: the key of the advisory lock around migrations.
const MIGRATION_LOCK = 726_517_001;

/**
 * Applies the pending migrations. PostgreSQL: in one transaction holding an advisory lock, so
 * instances starting together wait for each other and the second finds nothing left to do.
 */
export async function migrate(db: Db): Promise<number[]> {
  if (db.dialect !== 'postgres') return applyPending(db);
  return db.tx(async (tx) => {
    await tx.run('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    return applyPending(tx);
  });
}

async function applyPending(db: Db): Promise<number[]> {
  await db.run(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at BIGINT NOT NULL
  )`);
  const done = new Set((await db.all<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => r.version));
  const applied: number[] = [];
  for (const m of MIGRATIONS) {
    if (done.has(m.version)) continue;
    await db.tx(async (tx) => {
      for (const stmt of m.sql(db.dialect)) await tx.run(stmt);
      await m.run?.(tx);
      await tx.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [m.version, m.name, Date.now()]);
    });
    applied.push(m.version);
  }
  return applied;
}
