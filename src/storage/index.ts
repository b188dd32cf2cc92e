// Opens the configured engine and the live-session store: DuckDB in the data directory, or
// PostgreSQL with DATABASE_URL; sessions, rate limits and key-change messages in Redis with
// REDIS_URL (else in process memory, which is right for one instance only).

import { Redis } from 'ioredis';
import type { Config } from '../config.js';
import type { Db } from './db.js';
import { DuckDb } from './duckdb/engine.js';
import { LocalKeyEvents, RedisKeyEvents, type KeyEvents } from './keyEvents.js';
import { MemorySessions, type LiveSessionStore } from './liveSessions.js';
import { migrate } from './migrations/index.js';
import { PgDb } from './postgres/engine.js';
import { RedisSessions } from './redisSessions.js';
import { HourFills } from './rollups/hourFills.js';
import { keepsRollups } from './rollups/layout.js';
import { Retention } from './retention/job.js';

export interface Storage {
  db: Db;
  sessions: LiveSessionStore;
  /** The shared Redis client (server mode), for the rate-limit store; null without REDIS_URL. */
  redis: Redis | null;
  redisPrefix: string;
  keyEvents: KeyEvents;
  /** The background filler of hourly rollups, on an engine that keeps rollups; the app gives it its clock. */
  hourFills: HourFills | null;
  /** The retention job (retention/job.ts); the app gives it its clock and schedule. */
  retention: Retention;
  /** Closes everything, the retention job and the filler first: their pending work is dropped and the running batch awaited. */
  close(): Promise<void>;
}

type StorageConfig = Pick<Config, 'dataDir' | 'databaseUrl' | 'redisUrl' | 'sessionTtlSec'> & Partial<Pick<Config, 'redisPrefix'>>;

async function openRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  redis.on('error', () => {}); // ioredis reconnects; failing commands reject on their own
  await redis.connect();
  return redis;
}

export async function openStorage(config: StorageConfig): Promise<Storage> {
  const db: Db = config.databaseUrl ? await PgDb.open(config.databaseUrl) : await DuckDb.open(config.dataDir);
  const redisPrefix = config.redisPrefix ?? 'honeypot:';
  let redis: Redis | null = null;
  let keyEvents: KeyEvents = new LocalKeyEvents();
  let sessions: LiveSessionStore;
  try {
    await migrate(db);
    const ttlMs = config.sessionTtlSec * 1000;
    if (config.redisUrl) {
      redis = await openRedis(config.redisUrl);
      keyEvents = await RedisKeyEvents.open(redis, redisPrefix);
      sessions = new RedisSessions(redis, redisPrefix, ttlMs);
    } else {
      sessions = new MemorySessions(ttlMs);
    }
  } catch (err) {
    await keyEvents.close().catch(() => {});
    redis?.disconnect();
    await db.close().catch(() => {});
    throw err;
  }
  const hourFills = keepsRollups(db.dialect) ? new HourFills(db) : null;
  db.hourFills = hourFills ?? undefined;
  const retention = new Retention(db, hourFills);
  return {
    db,
    sessions,
    redis,
    redisPrefix,
    keyEvents,
    hourFills,
    retention,
    async close() {
      await retention.close();
      await hourFills?.close();
      await sessions.close();
      await keyEvents.close();
      if (redis) await redis.quit().catch(() => redis?.disconnect());
      await db.close();
    },
  };
}
