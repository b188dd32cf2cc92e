// The floor's client: a hand-written query run by the engine client's own plain calls on a
// connection of its own, never through src/storage's read path, so the yardstick stays the same
// whatever that path does (only the parameters are bound alike). DuckDB: prepare, bind, runAndReadAll, rows as JS (what our reads did
// until they began to keep prepared statements and read results in place); PostgreSQL:
// pool.query with the session settings our pool uses.

import pg from 'pg';
import { DuckDb, bindable } from '../src/storage/duckdb/engine.js';
import { SESSION_OPTIONS } from '../src/storage/postgres/engine.js';
import type { Db } from '../src/storage/db.js';

export interface FloorClient {
  all(sql: string, params: unknown[]): Promise<unknown[]>;
  close(): Promise<void>;
}

export async function floorClient(db: Db, databaseUrl: string | undefined): Promise<FloorClient> {
  if (db instanceof DuckDb) {
    const conn = await db.connect();
    return {
      async all(sql, params) {
        const statement = await conn.prepare(sql);
        try {
          statement.bind(bindable(params)); // the values bound as our reads bind them
          return (await statement.runAndReadAll()).getRowObjectsJS();
        } finally {
          statement.destroySync();
        }
      },
      close: async () => conn.closeSync(),
    };
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2, options: SESSION_OPTIONS });
  return { all: async (sql, params) => (await pool.query(sql, params)).rows, close: () => pool.end() };
}
