import type { Migration } from './migration.js';

export const migration003: Migration = {
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
};
