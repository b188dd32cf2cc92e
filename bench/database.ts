// With DATABASE_URL set, benchmarks run on PostgreSQL: each run gets a fresh database on that
// server (dropped afterwards), so the figures never include earlier data.

import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface BenchDatabase {
  /** Env for the app or server: DATABASE_URL (and REDIS_URL) when benchmarking PostgreSQL. */
  env: Record<string, string>;
  label: string;
  drop(): Promise<void>;
}

export async function benchDatabase(): Promise<BenchDatabase> {
  const base = process.env.DATABASE_URL;
  if (!base) return { env: {}, label: 'embedded engine (DuckDB)', drop: async () => {} };
  const name = `honeypot_bench_${randomBytes(6).toString('hex')}`;
  const adminUrl = new URL(base);
  adminUrl.pathname = '/postgres';
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: adminUrl.toString() });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`); // generated name: quoting is enough
  const url = new URL(base);
  url.pathname = `/${name}`;
  const env: Record<string, string> = { DATABASE_URL: url.toString() };
  if (process.env.REDIS_URL) env.REDIS_URL = process.env.REDIS_URL;
  return { env, label: 'PostgreSQL', drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
