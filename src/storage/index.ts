// Opens the configured engine and the live-session store.

import type { Config } from '../config.js';
import type { Db } from './db.js';
import { DuckDb } from './duckdb/engine.js';
import { MemorySessions, type LiveSessionStore } from './liveSessions.js';
import { migrate } from './migrations.js';

export interface Storage {
  db: Db;
  sessions: LiveSessionStore;
  close(): Promise<void>;
}

export async function openStorage(config: Pick<Config, 'dataDir' | 'databaseUrl' | 'redisUrl' | 'sessionTtlSec'>): Promise<Storage> {
  if (config.databaseUrl) throw new Error('PostgreSQL mode is not available yet (DATABASE_URL is set)');
  const db = await DuckDb.open(config.dataDir);
  await migrate(db);
  const sessions = new MemorySessions(config.sessionTtlSec * 1000);
  return {
    db,
    sessions,
    async close() {
      await sessions.close();
      await db.close();
    },
  };
}
