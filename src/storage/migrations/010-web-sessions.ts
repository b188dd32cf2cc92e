import type { Migration } from './migration.js';

export const migration010: Migration = {
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
};
