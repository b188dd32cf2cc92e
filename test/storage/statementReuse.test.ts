// DuckDB 1.5.5 (the pinned @duckdb/node-api 1.5.5-r.5) plans a prepared statement with the
// table statistics of the moment it is prepared and does not plan again when rows are added
// (duckdb/duckdb#23704): a kept statement sorted longer strings into garbage rows or crashed the
// process, and GET /api/admin/orgs answered 500 after orgs were added. The engine now prepares
// and runs every read inside one transaction of a connection it holds alone
// (src/storage/duckdb/engine.ts). These tests keep the minimal reproduction against the client
// (in a child process: it may crash), and hammer every read path of the API with reads
// interleaved with writes that widen the statistics, against a fresh statement's answer.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { bindable, DuckDb } from '../../src/storage/duckdb/engine.js';
import { admin, get, ingest, newOrg, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { TEST_ENGINE } from '../helpers/serverMode.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const NOW = Date.parse('2026-11-20T14:07:30.500Z');
const HOUR = 3600_000;
const onDuckDb = { skip: TEST_ENGINE !== 'duckdb' ? 'DuckDB only' : false };

/** Runs an ES module with the project's node_modules; resolves with its output and how it ended. */
function runModule(source: string): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', source], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

describe('the pinned DuckDB client keeps prepare-time statistics in a prepared plan (why no read keeps a statement)', onDuckDb, () => {
  test('a filter outside the min/max seen at prepare reads as empty after the row is added', async () => {
    const out = await runModule(`
      import { DuckDBInstance } from '@duckdb/node-api';
      const db = await DuckDBInstance.create(':memory:');
      const reader = await db.connect();
      const writer = await db.connect();
      await writer.run('CREATE TABLE t (i BIGINT)');
      await writer.run('INSERT INTO t SELECT range FROM range(100)');
      const kept = await reader.prepare('SELECT count(*)::INTEGER AS n FROM t WHERE i = 300');
      await writer.run('INSERT INTO t VALUES (300)');
      const stale = (await kept.runAndReadAll()).getRows()[0][0];
      const fresh = (await reader.runAndReadAll('SELECT count(*)::INTEGER AS n FROM t WHERE i = 300')).getRows()[0][0];
      console.log(JSON.stringify({ stale, fresh }));
    `);
    assert.equal(out.code, 0, `the reproduction itself failed: ${out.signal ?? out.stderr}`);
    // When this fails, DuckDB plans again on new rows: reads could keep statements again.
    assert.deepEqual(JSON.parse(out.stdout), { stale: 0, fresh: 1 });
  });

  test('a sort over longer strings than at prepare returns garbage rows or crashes', async () => {
    const out = await runModule(`
      import { DuckDBInstance } from '@duckdb/node-api';
      const db = await DuckDBInstance.create(':memory:');
      const reader = await db.connect();
      const writer = await db.connect();
      await writer.run('CREATE TABLE orgs (id TEXT, name TEXT)');
      const kept = await reader.prepare('SELECT id, name FROM orgs ORDER BY id');
      await writer.run("INSERT INTO orgs VALUES ('org_0000000000000000001', 'Acme Bank fraud team')");
      console.log(JSON.stringify((await kept.runAndReadAll()).getRows()));
    `);
    const right = JSON.stringify([['org_0000000000000000001', 'Acme Bank fraud team']]);
    assert.ok(
      out.signal !== null || out.stdout.trim() !== right,
      `the kept statement answered right (${out.stdout.trim()}): DuckDB fixed it`,
    );
  });
});

describe('the engine answers as a fresh statement does, across writes that widen the statistics', onDuckDb, () => {
  let dir: string;
  let db: DuckDb;
  before(async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    dir = mkdtempSync(path.join(tmpdir(), 'honeypot-reuse-'));
    db = await DuckDb.open(dir);
    await db.run('CREATE TABLE orgs (id TEXT, name TEXT, n BIGINT)');
  });
  after(async () => {
    await db.close();
    const { rmSync } = await import('node:fs');
    rmSync(dir, { recursive: true, force: true });
  });

  test('sorted strings and out-of-range filters, 300 rounds, 8 concurrent reads each', async () => {
    const sorted = 'SELECT id, name FROM orgs ORDER BY id';
    const beyond = 'SELECT count(*) AS c FROM orgs WHERE n = 1000000';
    const named = 'SELECT name FROM orgs WHERE id = $1';
    const expected: { id: string; name: string }[] = [];
    for (let i = 0; i < 300; i++) {
      // Each round's strings are longer than any before, and n passes the old maximum once.
      const row = { id: `org_${String(i).padStart(4, '0')}_${'x'.repeat(i)}`, name: `Org ${i} ${'y'.repeat(2 * i)}` };
      await db.run('INSERT INTO orgs VALUES ($1, $2, $3)', [row.id, row.name, i === 150 ? 1_000_000 : i]);
      expected.push(row);
      const [a, b, c, d, e, f, g, h] = await Promise.all([
        db.all(sorted),
        db.all(beyond),
        db.all(named, [row.id]),
        db.all(sorted),
        db.all(named, [expected[0].id]),
        db.all(beyond),
        db.all(sorted),
        db.all(named, [`org_${i}`]),
      ]);
      for (const rows of [a, d, g]) assert.deepEqual(rows, expected, `round ${i}: sorted`);
      for (const rows of [b, f]) assert.deepEqual(rows, [{ c: i >= 150 ? 1 : 0 }], `round ${i}: beyond the old maximum`);
      assert.deepEqual(c, [{ name: row.name }]);
      assert.deepEqual(e, [{ name: expected[0].name }]);
      assert.deepEqual(h, []);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// every read path of the API, replayed

/** Values as one comparable text: BIGINT as number, whatever the reader returned. */
const canonical = (value: unknown) => JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v));
/**
 * Rows as a comparable text where SQL leaves the order open: rows sorted, lists inside them
 * sorted (array_agg DISTINCT has no order; the code sorts what it shows). Garbage or missing
 * rows still differ.
 */
const sameRows = (rows: Record<string, unknown>[]) =>
  canonical(
    rows
      .map((r) => canonical(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Array.isArray(v) ? v.map(canonical).sort() : v]))))
      .sort(),
  );

let seq = 0;
/** A call whose strings grow with `round` and which starts later than any before it. */
function growingCall(round: number) {
  const i = seq++;
  const pad = 'x'.repeat(round * 3);
  return {
    call_sid: `CA_${round}_${i}_${pad}`,
    started_at: new Date(NOW - 5 * 24 * HOUR + round * 4 * HOUR + i * 1000).toISOString(),
    duration_sec: 30 + ((i * 37) % 900),
    caller_id: `+1${[202, 212, 305, 415, 646][i % 5]}555${String(1000 + (i % 9000)).slice(-4)}`,
    persona: ['margaret', 'walter', 'dolores'][i % 3],
    transcript: [{ speaker: 'caller', text: `This is ${pad} Amazon support, buy a gift card ${i}`, offset_sec: 0.5 }],
    extraction: {
      impersonated_brand: i % 4 === 0 ? `Brand ${pad}` : ['Amazon', 'PayPal', 'Microsoft'][i % 3],
      lure_category: 'REFUND',
      gift_card_brand: i % 2 ? 'Apple' : `Gift ${pad}`,
      mule_bank_name: `Bank ${round} ${pad}`,
      mule_bank_account_number: `${100000 + i}`,
      dollar_asks: [100 * (round + 1), 25 * i],
      auditor_confidence: ((i * 13) % 100) / 100,
    },
  };
}

/** GET requests over every read endpoint, with filters, sorts and windows that reach each query. */
const READS = [
  '/api/kpis/summary',
  '/api/kpis/summary?range=30d',
  '/api/kpis/summary?range=24h',
  '/api/kpis/timeseries/calls?range=7d&bucket=hour',
  '/api/kpis/timeseries/hook_rate?range=30d&bucket=day',
  '/api/kpis/timeseries/total_dollars_asked?range=12w&bucket=week',
  '/api/kpis/topn/impersonated_brand?n=5',
  '/api/kpis/topn/mule_bank_name?range=30d&n=10',
  '/api/kpis/topn/gift_card_brand?n=3',
  '/api/kpis/arrivals',
  '/api/kpis/duration-histogram',
  '/api/kpis/ask-histogram',
  '/api/kpis/tier1',
  '/api/kpis/tier1?sort=-auditor_confidence&limit=5',
  '/api/kpis/tier1?sort=mule_bank_name&limit=7',
  '/api/kpis/attacker-geo',
  '/api/kpis/disconnect-breakdown',
  '/api/kpis/active-calls',
  '/api/calls?limit=20',
  '/api/calls?q=gift%20card&limit=5',
  '/api/calls?sort=-duration_sec&limit=9',
  '/api/calls?impersonated_brand=Amazon&sort=started_at',
  '/api/calls?tier=1&range=30d',
  '/api/exports/tier1',
  '/api/exports/stix',
  '/api/exports/misp',
  '/api/saved-searches',
  '/api/webhooks/subscriptions',
  '/api/alerts/rules',
  '/api/me',
];
const ADMIN_READS = ['/api/admin/orgs'];

describe('every read path of the API, reused across writes, answers as a fresh statement', onDuckDb, () => {
  let t: TestApp;
  let org: OrgKeys;
  const recorded = new Map<string, { sql: string; params: unknown[] }>();

  before(async () => {
    t = await testApp();
    t.setNow(new Date(NOW));
    org = await newOrg(t.app, 'pro', 'Reuse');
    const res = await ingest(
      t.app,
      org.ingest,
      Array.from({ length: 40 }, () => growingCall(0)),
    );
    assert.equal(res.statusCode, 200, res.body);
    // Every read the API makes, recorded once (texts with their parameters).
    const db = t.db as DuckDb;
    const all = db.all.bind(db);
    db.all = ((sql: string, params: unknown[] = []) => {
      recorded.set(`${sql}\u0000${canonical(params)}`, { sql, params });
      return all(sql, params);
    }) as DuckDb['all'];
    for (const url of READS) assert.equal((await get(t.app, org.read, url)).statusCode, 200, url);
    for (const url of ADMIN_READS) assert.equal((await admin(t.app, 'GET', url)).statusCode, 200, url);
    db.all = all as DuckDb['all'];
  });
  after(() => t.close());

  test('recorded reads replayed concurrently and shuffled, 8 rounds of writes between, each against a fresh statement', async () => {
    const db = t.db as DuckDb;
    const reads = [...recorded.values()];
    assert.ok(reads.length >= 30, `only ${reads.length} distinct reads were recorded`);
    // The reference: a connection of its own, preparing each text anew once the writes are done.
    const reference = await db.connect();
    let compared = 0;
    try {
      for (let round = 1; round <= 8; round++) {
        // Writes that widen every statistic: longer strings, later times, more rows, a new org.
        const res = await ingest(
          t.app,
          org.ingest,
          Array.from({ length: 5 + round * 7 }, () => growingCall(round)),
        );
        assert.equal(res.statusCode, 200, res.body);
        await admin(t.app, 'POST', '/api/admin/orgs', { name: `Org ${round} ${'z'.repeat(round * 9)}`, tier: round % 2 ? 'pro' : 'free' });
        // Each read twice, shuffled, all at once: the same text runs on several connections.
        const order = [...reads, ...reads].map((r, k) => ({ r, key: (k * 7919 + round * 104729) % 1_000_003 }));
        order.sort((a, b) => a.key - b.key);
        const got = await Promise.all(order.map(({ r }) => db.all(r.sql, r.params)));
        for (let k = 0; k < order.length; k++) {
          const { sql, params } = order[k].r;
          const want = (await reference.runAndReadAll(sql, bindable(params))).getRowObjectsJS();
          assert.equal(sameRows(got[k]), sameRows(want), `round ${round}: ${sql.slice(0, 200)} ${canonical(params)}`);
          compared++;
        }
      }
    } finally {
      reference.closeSync();
    }
    assert.ok(compared >= 480, `${compared} reads compared`);
  });
});

describe('orgs and figures read while orgs and calls are added (both engines)', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp();
    t.setNow(new Date(NOW));
  });
  after(() => t.close());

  test('GET /api/admin/orgs and each org summary, concurrently, after every addition', async () => {
    const made: { id: string; name: string; tier: string }[] = [];
    const orgs: { keys: OrgKeys; calls: number }[] = [];
    for (let round = 0; round < 15; round++) {
      const tier = round % 3 ? 'pro' : 'free';
      const name = `Team ${round}${' n'.repeat(round * 3)}`;
      const keys = await newOrg(t.app, tier, name);
      made.push({ id: keys.orgId, name, tier });
      const calls = round * 3;
      if (calls)
        assert.equal(
          (
            await ingest(
              t.app,
              keys.ingest,
              Array.from({ length: calls }, () => growingCall(round)),
            )
          ).statusCode,
          200,
        );
      orgs.push({ keys, calls });
      const [lists, summaries] = await Promise.all([
        Promise.all(Array.from({ length: 4 }, () => admin(t.app, 'GET', '/api/admin/orgs'))),
        Promise.all(orgs.map((o) => get(t.app, o.keys.read, '/api/kpis/summary'))),
      ]);
      const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
      for (const res of lists) {
        assert.equal(res.statusCode, 200, res.body);
        const body = res.json();
        const items: { id: string; name: string; tier: string }[] = (Array.isArray(body) ? body : body.items).map(
          (o: { id: string; name: string; tier: string }) => ({ id: o.id, name: o.name, tier: o.tier }),
        );
        assert.deepEqual(items.sort(byId), [...made].sort(byId), `round ${round}`);
      }
      summaries.forEach((res, k) => {
        assert.equal(res.statusCode, 200, res.body);
        assert.equal(res.json().calls_received, orgs[k].calls, `round ${round}, org ${k}`);
      });
    }
  });
});
