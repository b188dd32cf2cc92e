// Server-mode test resources: a fresh PostgreSQL database and a fresh Redis key prefix per
// test app, so test files running side by side never see each other's rows or counters.

import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { Redis } from 'ioredis';

/** The engine the API tests run on: `duckdb` (default) or `postgres` (with Redis). */
export const TEST_ENGINE = process.env.HONEYPOT_TEST_ENGINE === 'postgres' ? 'postgres' : 'duckdb';

const PG_ADMIN_URL = process.env.HONEYPOT_TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.HONEYPOT_TEST_REDIS_URL || 'redis://127.0.0.1:6379/0';

/** A database name derived from `seed` (e.g. a data directory), so a restart finds it again. */
export function testDatabaseName(seed: string = randomBytes(8).toString('hex')): string {
  return `honeypot_test_${createHash('sha256').update(seed).digest('hex').slice(0, 16)}`;
}

function databaseUrl(name: string): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Names are generated here (lower-case hex), so quoting them is enough. */
export async function createTestDatabase(name: string): Promise<void> {
  await admin((c) => c.query(`CREATE DATABASE "${name}"`));
}

export async function dropTestDatabase(name: string): Promise<void> {
  await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

export const testRedisPrefix = (seed: string = randomBytes(8).toString('hex')) =>
  `honeypot-test:${createHash('sha256').update(seed).digest('hex').slice(0, 16)}:`;

/** Deletes every Redis key under `prefix`. */
export async function clearRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on('error', () => {});
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Env for an app on database `name` and Redis prefix `prefix`. */
export const serverModeEnv = (name: string, prefix: string): Record<string, string> => ({
  DATABASE_URL: databaseUrl(name),
  REDIS_URL,
  HONEYPOT_REDIS_PREFIX: prefix,
});
