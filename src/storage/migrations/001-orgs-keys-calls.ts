import type { Migration } from './migration.js';

export const migration001: Migration = {
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
      impersonated_brand TEXT,
      lure_category TEXT,
      payment_method TEXT,
      impersonated_government_agency TEXT,
      mule_bank_name TEXT,
      mule_bank_routing_number TEXT,
      mule_bank_account_number TEXT,
      mule_account_holder_name TEXT,
      crypto_wallet_address TEXT,
      crypto_chain TEXT,
      gift_card_brand TEXT,
      phishing_url TEXT,
      remote_desktop_app TEXT,
      synthetic_org TEXT,
      fake_agent_name TEXT,
      physical_mule_drop_address TEXT,
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
};
