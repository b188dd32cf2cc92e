// Versioned schema. Each migration is one SQL text both engines accept; where they differ
// the twin sits beside it. Times are epoch milliseconds (BIGINT): bucket arithmetic is then
// the same integer maths on both engines, with no time-zone settings involved.

import { INTEL_FIELDS } from '../domain/call.js';
import type { Db, Dialect } from './db.js';

interface Migration {
  version: number;
  name: string;
  sql: (dialect: Dialect) => string[];
}

const intelColumns = INTEL_FIELDS.map((f) => `  ${f} TEXT`).join(',\n');

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'orgs, keys, calls',
    sql: () => [
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
        ingested_at BIGINT NOT NULL,
        PRIMARY KEY (org_id, call_sid)
      )`,
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
];

export async function migrate(db: Db): Promise<number[]> {
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
      await tx.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
        m.version,
        m.name,
        Date.now(),
      ]);
    });
    applied.push(m.version);
  }
  return applied;
}
