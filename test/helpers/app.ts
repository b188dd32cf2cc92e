// Builds the real app (the same factory as production) on a fresh DuckDB file in a
// temporary directory, with an admin token, and offers small request helpers. With
// HONEYPOT_TEST_ENGINE=postgres the app runs in server mode instead: a fresh PostgreSQL
// database and Redis key prefix, both named after the directory (so a restart finds them).

import { createWriteStream, mkdtempSync, rmSync, type WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Db } from '../../src/storage/db.js';
import { openStorage } from '../../src/storage/index.js';
import {
  clearRedisPrefix,
  createTestDatabase,
  dropTestDatabase,
  serverModeEnv,
  TEST_ENGINE,
  testDatabaseName,
  testRedisPrefix,
} from './serverMode.js';

export const ADMIN = 'test-admin-token';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  dir: string;
  /** The app's database, for tests that check what is stored. */
  db: Db;
  close(): Promise<void>;
  /** Sets the injectable clock. */
  setNow(d: Date): void;
}

let errorLog: WriteStream | undefined;
/**
 * The apps' logger: errors to stderr with TEST_LOG=1, else to the file scripts/test.mjs names
 * in HONEYPOT_TEST_ERROR_LOG (printed when a group fails), else none.
 */
function testLogger(): { level: string; stream?: WriteStream } | false {
  if (process.env.TEST_LOG) return { level: 'error' };
  const file = process.env.HONEYPOT_TEST_ERROR_LOG;
  if (!file) return false;
  errorLog ??= createWriteStream(file, { flags: 'a' });
  return { level: 'error', stream: errorLog };
}

/**
 * `reuse.dir` opens an existing data directory; `reuse.keep` leaves it on close (restart
 * tests); `reuse.engine` overrides HONEYPOT_TEST_ENGINE (tests comparing the engines).
 */
export async function testApp(
  env: Record<string, string> = {},
  reuse: { dir?: string; keep?: boolean; engine?: 'duckdb' | 'postgres' } = {},
): Promise<TestApp> {
  const dir = reuse.dir ?? mkdtempSync(path.join(tmpdir(), 'honeypot-test-'));
  let server: Record<string, string> = {};
  let dropServerResources = async () => {};
  if ((reuse.engine ?? TEST_ENGINE) === 'postgres') {
    const dbName = testDatabaseName(dir);
    const prefix = testRedisPrefix(dir);
    if (!reuse.dir) await createTestDatabase(dbName);
    server = serverModeEnv(dbName, prefix);
    dropServerResources = async () => {
      await dropTestDatabase(dbName);
      await clearRedisPrefix(prefix);
    };
  }
  const config = loadConfig({ HONEYPOT_DATA_DIR: dir, HONEYPOT_ADMIN_TOKEN: ADMIN, HONEYPOT_DEMO: '0', ...server, ...env });
  const storage = await openStorage(config);
  let now: Date | null = null;
  const app = await buildApp({ config, storage, now: () => now ?? new Date(), logger: testLogger() });
  await app.ready();
  return {
    app,
    config,
    dir,
    db: storage.db,
    setNow(d) {
      now = d;
    },
    async close() {
      await app.close();
      await storage.close();
      if (!reuse.keep) {
        rmSync(dir, { recursive: true, force: true });
        await dropServerResources();
      }
    },
  };
}

export interface OrgKeys {
  orgId: string;
  read: string;
  ingest: string;
}

export async function admin(app: FastifyInstance, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  return app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${ADMIN}` } });
}

export async function newOrg(app: FastifyInstance, tier: 'free' | 'pro' = 'pro', name = 'Org'): Promise<OrgKeys> {
  const org = (await admin(app, 'POST', '/api/admin/orgs', { name, tier })).json();
  const read = (await admin(app, 'POST', `/api/admin/orgs/${org.id}/keys`, { name: 'read', role: 'read' })).json();
  const ingest = (await admin(app, 'POST', `/api/admin/orgs/${org.id}/keys`, { name: 'ingest', role: 'ingest' })).json();
  return { orgId: org.id, read: read.key, ingest: ingest.key };
}

export async function scopedKey(app: FastifyInstance, orgId: string, scope: Record<string, string[]>): Promise<string> {
  const res = await admin(app, 'POST', `/api/admin/orgs/${orgId}/keys`, { name: 'scoped', role: 'read', scope });
  if (res.statusCode !== 201) throw new Error(`scoped key: ${res.body}`);
  return res.json().key;
}

export function get(app: FastifyInstance, key: string, url: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
}

export async function ingest(app: FastifyInstance, key: string, records: unknown): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/ingest/calls', payload: records as object, headers: { authorization: `Bearer ${key}` } });
}

export function ingestNdjson(app: FastifyInstance, key: string, body: string) {
  return app.inject({
    method: 'POST',
    url: '/api/ingest/calls',
    payload: body,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-ndjson' },
  });
}
