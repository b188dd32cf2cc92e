// The deliveries log (GET /api/webhooks/deliveries) is read by API users: each attempt keeps a
// fixed error phrase that names no host, address or socket detail, and at most a 256-character
// excerpt of the receiver's answer. Migration 9 rewrites attempts stored before.

import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { MIGRATIONS, migrate } from '../../src/storage/migrations/index.js';
import { newOrg, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { api, DELIVERY_ENV, startReceiver, type Receiver } from './receiver.js';

describe('what an attempt keeps', () => {
  let t: TestApp;
  let rx: Receiver;
  let org: OrgKeys;

  /** Subscribes to `url` and sends the test ping at once: the attempt, as the API shows it. */
  const ping = async (url: string) => {
    const sub = await api(t.app, org.read, 'POST', '/api/webhooks/subscriptions', { event_type: 'call.hooked', url });
    assert.equal(sub.statusCode, 201, sub.body);
    const res = await api(t.app, org.read, 'POST', `/api/webhooks/subscriptions/${sub.json().id}/test`);
    assert.equal(res.statusCode, 200, res.body);
    const attempt = res.json();
    const logged = (await api(t.app, org.read, 'GET', '/api/webhooks/deliveries?limit=500')).json().items;
    assert.deepEqual(
      logged.find((d: { id: string }) => d.id === attempt.id),
      attempt,
    );
    return attempt as { status: string; response_status: number | null; response_body: string | null; error: string | null };
  };

  before(async () => {
    rx = await startReceiver();
    t = await testApp({ ...DELIVERY_ENV, HONEYPOT_WEBHOOK_TIMEOUT_MS: '300' });
    org = await newOrg(t.app, 'pro');
  });
  after(async () => {
    await t.close();
    await rx.close();
  });

  test('a long answer is kept as its first 256 characters, without NUL', async () => {
    rx.on('/long', (_n, res) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`\u0000${'é'.repeat(300)}${'x'.repeat(5000)}`));
    const attempt = await ping(rx.url('/long'));
    assert.equal(attempt.response_status, 500);
    assert.equal(attempt.error, 'HTTP 500');
    assert.equal(attempt.response_body, 'é'.repeat(256));
  });

  test('a refused connection: "connection refused", no address', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const attempt = await ping(`http://127.0.0.1:${port}/gone`);
    assert.equal(attempt.response_status, null);
    assert.equal(attempt.response_body, null);
    assert.equal(attempt.error, 'connection refused');
  });

  test('no answer in time: "timeout after 300 ms"', async () => {
    rx.on('/silent', () => {}); // never answers
    const attempt = await ping(rx.url('/silent'));
    assert.equal(attempt.response_status, null);
    assert.equal(attempt.error, 'timeout after 300 ms');
  });

  test('a redirect: "redirect 302 not followed", without the Location it points to', async () => {
    rx.on('/moved', (_n, res) => res.writeHead(302, { location: 'http://10.1.2.3/internal-admin' }).end());
    const attempt = await ping(rx.url('/moved'));
    assert.equal(attempt.response_status, 302);
    assert.equal(attempt.error, 'redirect 302 not followed');
  });
});

describe('migration 9: attempts stored before', () => {
  let t: TestApp;
  let org: OrgKeys;
  const version = MIGRATIONS.find((m) => m.name.startsWith('webhook attempts: fixed error phrases'))?.version;

  before(async () => {
    t = await testApp();
    org = await newOrg(t.app, 'pro');
  });
  after(() => t.close());

  test('errors become fixed phrases and response bodies 256-character excerpts', async () => {
    assert.ok(version, 'the migration exists');
    const stored: [string, string | null, number | null, string | null][] = [
      ['a1', 'refused: vm resolves to 127.0.0.1, a non-public address (loopback)', null, null],
      ['a2', 'cannot resolve hooks.internal: ENOTFOUND', null, null],
      ['a3', 'ECONNREFUSED: connect ECONNREFUSED 10.0.0.7:443', null, null],
      ['a4', 'timed out after 10000 ms', null, null],
      ['a5', 'redirect 302 not followed (Location: http://10.1.2.3/admin)', 302, ''],
      ['a6', 'HTTP 500', 500, 'y'.repeat(1024)],
      ['a7', null, 200, 'ok'],
      ['a8', 'the target URL is not valid', null, null],
    ];
    for (const [id, error, status, body] of stored) {
      await t.db.run(
        `INSERT INTO webhook_attempts (id, org_id, delivery_id, event_id, event_type, url, attempt, status, response_status,
           response_body, error, duration_ms, created_at)
         VALUES ($1, $2, 'd', 'e', 'call.hooked', 'https://example.com/', 1, 'failed', $3, $4, $5, 1, 0)`,
        [id, org.orgId, status, body, error],
      );
    }
    await t.db.run('DELETE FROM schema_migrations WHERE version = $1', [version]);
    assert.deepEqual(await migrate(t.db), [version]);
    const rows = await t.db.all<{ id: string; error: string | null; response_body: string | null }>(
      'SELECT id, error, response_body FROM webhook_attempts WHERE org_id = $1 ORDER BY id',
      [org.orgId],
    );
    assert.deepEqual(
      rows.map((r) => [r.id, r.error, r.response_body]),
      [
        ['a1', 'refused: non-public address', null],
        ['a2', 'DNS lookup failed', null],
        ['a3', 'connection failed', null],
        ['a4', 'timeout after 10000 ms', null],
        ['a5', 'redirect 302 not followed', ''],
        ['a6', 'HTTP 500', 'y'.repeat(256)],
        ['a7', null, 'ok'],
        ['a8', 'invalid target URL', null],
      ],
    );
  });

  test('the deliveries log shows one phrase for a name that did not resolve and a non-public address', async () => {
    // Stored as migration 009 left them (and as delivery wrote them until the phrases became one).
    for (const [id, error] of [
      ['b1', 'refused: non-public address'],
      ['b2', 'DNS lookup failed'],
      ['b3', 'connection refused'],
    ]) {
      await t.db.run(
        `INSERT INTO webhook_attempts (id, org_id, delivery_id, event_id, event_type, url, attempt, status, response_status,
           response_body, error, duration_ms, created_at)
         VALUES ($1, $2, 'd', 'e', 'call.hooked', 'https://example.com/', 1, 'failed', NULL, NULL, $3, 1, 4102444800000)`,
        [id, org.orgId, error],
      );
    }
    const res = await api(t.app, org.read, 'GET', '/api/webhooks/deliveries?limit=3');
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(
      res.json().items.map((a: { id: string; error: string }) => [a.id, a.error]),
      [
        ['b3', 'connection refused'],
        ['b2', 'refused: no public address'],
        ['b1', 'refused: no public address'],
      ],
    );
  });
});
