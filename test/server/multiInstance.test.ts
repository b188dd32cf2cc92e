// Two real server processes on one PostgreSQL database and one Redis (CONTRACT §3, §12):
// what one writes the other reads, the rate limit and live sessions are shared, a revoked
// key is refused everywhere within a second, and a restart loses nothing.
// Runs in the server-mode pass only (HONEYPOT_TEST_ENGINE=postgres, see scripts/test.mjs).

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { startServer, type ServerProcess } from '../helpers/serverProcess.js';
import {
  clearRedisPrefix,
  createTestDatabase,
  dropTestDatabase,
  serverModeEnv,
  TEST_ENGINE,
  testDatabaseName,
  testRedisPrefix,
} from '../helpers/serverMode.js';
import { callRecord, DELIVERY_ENV, sleep, startReceiver } from '../webhooks/receiver.js';

const ADMIN = 'multi-instance-admin';

async function call(base: string, method: string, url: string, key: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

test(
  'two instances share one PostgreSQL and one Redis',
  { skip: TEST_ENGINE !== 'postgres' && 'server mode only (HONEYPOT_TEST_ENGINE=postgres)', timeout: 120_000 },
  async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'honeypot-multi-'));
    const dbName = testDatabaseName();
    const prefix = testRedisPrefix();
    await createTestDatabase(dbName);
    const env = {
      ...serverModeEnv(dbName, prefix),
      HONEYPOT_DATA_DIR: dir,
      HONEYPOT_ADMIN_TOKEN: ADMIN,
      HONEYPOT_DEMO: '0',
      HONEYPOT_RATE_GENERAL: '5/60',
    };
    const servers: ServerProcess[] = [];
    try {
      // Started together on an empty database: the migration lock lets one migrate, the other wait.
      const started = await Promise.all([startServer(env), startServer(env)]);
      let a = started[0];
      const b = started[1];
      servers.push(a, b);

      const org = await call(a.base, 'POST', '/api/admin/orgs', ADMIN, { name: 'Multi', tier: 'pro' });
      assert.equal(org.status, 201);
      const newKey = async (role: 'read' | 'ingest') => {
        const res = await call(a.base, 'POST', `/api/admin/orgs/${org.body.id}/keys`, ADMIN, { name: role, role });
        assert.equal(res.status, 201);
        return res.body as { id: string; key: string };
      };
      // Separate keys per check: the general limit is 5 requests per key per minute.
      const ingestKey = (await newKey('ingest')).key;
      const readKey = (await newKey('read')).key;
      const limited = (await newKey('read')).key;
      const revoked = await newKey('read');

      // A write on A is read on B.
      const ingested = await call(a.base, 'POST', '/api/ingest/calls', ingestKey, {
        call_sid: 'CA-MULTI-1',
        started_at: new Date(Date.now() - 3_600_000).toISOString(),
        duration_sec: 321,
        caller_id: '+12125550143',
        extraction: { impersonated_brand: 'Amazon', lure_category: 'REFUND' },
      });
      assert.equal(ingested.status, 200);
      assert.equal(ingested.body.created, 1);
      const read = await call(b.base, 'GET', '/api/calls/CA-MULTI-1', readKey);
      assert.equal(read.status, 200);
      assert.equal(read.body.duration_sec, 321);

      // The general limit (5/60) holds across both instances: 3 on A + 2 on B, then 429 on either.
      const remaining: string[] = [];
      for (const base of [a.base, b.base, a.base, b.base, a.base]) {
        const res = await call(base, 'GET', '/api/kpis/summary?range=24h', limited);
        assert.equal(res.status, 200);
        remaining.push(res.headers.get('ratelimit-remaining') ?? '');
      }
      assert.deepEqual(remaining, ['4', '3', '2', '1', '0']);
      for (const base of [b.base, a.base]) {
        const res = await call(base, 'GET', '/api/kpis/summary?range=24h', limited);
        assert.equal(res.status, 429);
        assert.equal(res.body.code, 'rate_limited');
        assert.ok(res.headers.get('retry-after'));
      }

      // A key revoked through A is refused by B (which has it cached) within one second.
      assert.equal((await call(b.base, 'GET', '/api/kpis/summary?range=24h', revoked.key)).status, 200);
      assert.equal((await call(a.base, 'DELETE', `/api/admin/keys/${revoked.id}`, ADMIN)).status, 204);
      const revokedAt = Date.now();
      let status = 0;
      while (Date.now() - revokedAt < 1000) {
        status = (await call(b.base, 'GET', '/api/kpis/summary?range=24h', revoked.key)).status;
        if (status === 401) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      assert.equal(status, 401, 'revoked key still accepted by the other instance after 1 s');

      // A live session put through A is active on B.
      const session = {
        persona: 'margaret',
        caller_id: '+12125550143',
        impersonated_brand: 'Amazon',
        lure_category: 'REFUND',
        state: 'Engaging',
        started_at: new Date(Date.now() - 60_000).toISOString(),
      };
      assert.equal((await call(a.base, 'PUT', '/api/ingest/sessions/CA-LIVE-1', ingestKey, session)).status, 204);
      const active = await call(b.base, 'GET', '/api/kpis/active-calls', readKey);
      assert.equal(active.status, 200);
      assert.deepEqual(
        active.body.calls.map((c: { call_sid: string }) => c.call_sid),
        ['CA-LIVE-1'],
      );

      // Restart A: the call, the session, the revocation and the rate-limit counter all survive.
      assert.equal(await a.stop('SIGTERM'), 0);
      a = await startServer(env);
      servers.push(a);
      const again = await call(a.base, 'GET', '/api/calls/CA-MULTI-1', readKey);
      assert.equal(again.status, 200);
      assert.equal(again.body.duration_sec, 321);
      const stillActive = await call(a.base, 'GET', '/api/kpis/active-calls', readKey);
      assert.equal(stillActive.body.active_count, 1);
      assert.equal((await call(a.base, 'GET', '/api/kpis/summary?range=24h', revoked.key)).status, 401);
      assert.equal((await call(a.base, 'GET', '/api/kpis/summary?range=24h', limited)).status, 429);
      assert.equal((await call(b.base, 'GET', '/readyz', readKey)).status, 200);
    } finally {
      await Promise.all(servers.map((s) => s.stop('SIGKILL')));
      rmSync(dir, { recursive: true, force: true });
      await dropTestDatabase(dbName);
      await clearRedisPrefix(prefix);
    }
  },
);

test(
  'two instances deliver each webhook once (claims with SKIP LOCKED)',
  { skip: TEST_ENGINE !== 'postgres' && 'server mode only (HONEYPOT_TEST_ENGINE=postgres)', timeout: 120_000 },
  async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'honeypot-multi-'));
    const dbName = testDatabaseName();
    const prefix = testRedisPrefix();
    await createTestDatabase(dbName);
    const rx = await startReceiver();
    // Slow answers keep both workers busy at once.
    rx.on('/hook', (_n, res) => setTimeout(() => res.writeHead(200).end('ok'), 30));
    const env = { ...serverModeEnv(dbName, prefix), ...DELIVERY_ENV, HONEYPOT_DATA_DIR: dir, HONEYPOT_ADMIN_TOKEN: ADMIN };
    const servers: ServerProcess[] = [];
    try {
      const [a, b] = await Promise.all([startServer(env), startServer(env)]);
      servers.push(a, b);
      const org = (await call(a.base, 'POST', '/api/admin/orgs', ADMIN, { name: 'Hooks', tier: 'pro' })).body;
      const key = async (role: string) =>
        (await call(a.base, 'POST', `/api/admin/orgs/${org.id}/keys`, ADMIN, { name: role, role })).body.key;
      const [read, ingestKey] = [await key('read'), await key('ingest')];
      const sub = await call(b.base, 'POST', '/api/webhooks/subscriptions', read, { event_type: 'call.hooked', url: rx.url('/hook') });
      assert.equal(sub.status, 201);
      const batch = (from: number) =>
        Array.from({ length: 20 }, (_, i) => callRecord(`CA-HOOK-${from + i}`, { impersonated_brand: 'Amazon' }));
      const [ra, rb] = await Promise.all([
        call(a.base, 'POST', '/api/ingest/calls', ingestKey, batch(0)),
        call(b.base, 'POST', '/api/ingest/calls', ingestKey, batch(100)),
      ]);
      assert.equal(ra.body.created + rb.body.created, 40);
      await rx.waitFor('/hook', 40, 15_000);
      await sleep(1500); // both workers poll every second: a double send would show by now
      const ids = rx.at('/hook').map((r) => r.headers['webhook-id']);
      assert.equal(ids.length, 40);
      assert.equal(new Set(ids).size, 40);
    } finally {
      await Promise.all(servers.map((s) => s.stop('SIGKILL')));
      await rx.close();
      rmSync(dir, { recursive: true, force: true });
      await dropTestDatabase(dbName);
      await clearRedisPrefix(prefix);
    }
  },
);
