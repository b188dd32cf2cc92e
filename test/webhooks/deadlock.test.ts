// Two instances on one PostgreSQL recording failed attempts of the same subscriptions at once
// (CONTRACT §9, §12: several instances may share one PostgreSQL) must not deadlock: each
// transaction takes the subscription rows in one order. A deadlock that still happens (or any
// serialization failure) is retried, and counted in /metrics as honeypot_db_deadlocks_total.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Db } from '../../src/storage/db.js';
import { recordAttempts, type AttemptRecord, type Job } from '../../src/storage/queries/deliveryQueue.js';
import { TEST_ENGINE } from '../helpers/serverMode.js';
import { testApp, type TestApp } from '../helpers/app.js';

const SUBS = Array.from({ length: 30 }, (_, i) => `sub_${String(i).padStart(2, '0')}`);
const NOW = Date.parse('2026-11-20T12:00:00Z');

const job = (sub: string, n: number): Job => ({
  id: `dl_${sub}_${n}`,
  org_id: 'org_x',
  event_id: `ev_${sub}_${n}`,
  event_type: 'call.hooked',
  event_created_at: NOW,
  call_sid: null,
  payload: '{}',
  subscription_id: sub,
  rule_id: null,
  url: 'https://hooks.example.com/x',
  scope_json: null,
  attempts: 0,
  max_attempts: null,
  secret: 'whsec_x',
});

const failure = (sub: string, n: number): AttemptRecord => ({
  job: job(sub, n),
  result: { ok: false, responseStatus: 500, responseBody: null, error: 'HTTP 500', durationMs: 3 },
  retryAt: NOW + 5000,
  now: NOW,
});

async function seedSubscriptions(db: Db) {
  for (const id of SUBS) {
    await db.run(
      `INSERT INTO webhook_subscriptions (id, org_id, event_type, url, secret, status, created_at)
       VALUES ($1, 'org_x', 'call.hooked', $2, 'whsec_x', 'active', $3)`,
      [id, `https://hooks.example.com/${id}`, NOW],
    );
  }
}

const attemptCount = async (db: Db) => Number((await db.all('SELECT count(*) AS n FROM webhook_attempts'))[0].n);

describe(
  'failed attempts recorded by two instances at once',
  { skip: TEST_ENGINE !== 'postgres' && 'two instances share PostgreSQL only' },
  () => {
    let a: TestApp;
    let b: TestApp;

    before(async () => {
      a = await testApp({}, { keep: true });
      b = await testApp({}, { dir: a.dir }); // the same database, as a second instance
      await seedSubscriptions(a.db);
    });
    after(async () => {
      await a.close();
      await b.close();
    });

    test('opposite orders over the same subscriptions: every attempt recorded, no deadlock', async () => {
      const rounds = 5;
      const deadlocks: string[] = [];
      for (let round = 0; round < rounds; round++) {
        // One instance meets the subscriptions first to last, the other last to first.
        const forward = SUBS.map((s) => failure(s, round * 2));
        const backward = [...SUBS].reverse().map((s) => failure(s, round * 2 + 1));
        await Promise.all([
          recordAttempts(a.db, forward, { onDeadlock: () => deadlocks.push('a') }),
          recordAttempts(b.db, backward, { onDeadlock: () => deadlocks.push('b') }),
        ]);
      }
      assert.equal(await attemptCount(a.db), rounds * 2 * SUBS.length);
      assert.deepEqual(deadlocks, [], 'rows are locked in one order: nothing to retry');
      const rows = await a.db.all<{ n: number }>('SELECT count(*) AS n FROM webhook_subscriptions WHERE failing_since = $1', [NOW]);
      assert.equal(Number(rows[0].n), SUBS.length);
    });
  },
);

describe('a transaction that meets a deadlock', () => {
  let t: TestApp;

  before(async () => {
    t = await testApp();
    await seedSubscriptions(t.db);
  });
  after(() => t.close());

  test('is retried once and counted; its attempts are stored once', async () => {
    let failed = 0;
    // The first transaction fails as PostgreSQL fails a deadlock victim (SQLSTATE 40P01).
    const flaky: Db = Object.assign(Object.create(t.db), {
      tx: <T>(fn: (db: Db) => Promise<T>) => {
        if (failed++ === 0) return Promise.reject(Object.assign(new Error('deadlock detected'), { code: '40P01' }));
        return t.db.tx(fn);
      },
    });
    let counted = 0;
    const attempts = await recordAttempts(flaky, [failure('sub_00', 0), failure('sub_01', 0)], { onDeadlock: () => counted++ });
    assert.equal(attempts.length, 2);
    assert.equal(counted, 1);
    assert.equal(failed, 2);
    assert.equal(await attemptCount(t.db), 2);
  });

  test('another error is not retried', async () => {
    const broken: Db = Object.assign(Object.create(t.db), {
      tx: () => Promise.reject(Object.assign(new Error('syntax error'), { code: '42601' })),
    });
    let counted = 0;
    await assert.rejects(recordAttempts(broken, [failure('sub_02', 0)], { onDeadlock: () => counted++ }), /syntax error/);
    assert.equal(counted, 0);
  });

  test('/metrics exposes honeypot_db_deadlocks_total', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /^# TYPE honeypot_db_deadlocks_total counter$/m);
    assert.match(res.body, /^honeypot_db_deadlocks_total 0$/m);
  });
});
