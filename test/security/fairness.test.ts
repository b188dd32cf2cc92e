// One tenant cannot slow the others (src/http/heavyWork.ts): while one pro org keeps four STIX
// exports going at once, another org's overview (summary, timeseries, top-N) keeps its p95
// under 3x its idle p95, on both engines. The ratio is
// measured in one run: idle before and after the contention (pooled, so a machine that gets
// busier or quieter meanwhile moves both sides), the same requests under contention in between. The export-contention case of the hostile
// checks lives here too: exports past the org's limit wait their turn, past the queue they are
// 429 rate_limited problems with Retry-After, a client that goes frees its place, and no request
// of either org answers 5xx.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { HEAVY_QUEUE_PER_ORG, HeavySlots } from '../../src/http/heavyWork.js';
import { ingest, newOrg, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';

const NOW = Date.parse('2026-11-20T14:07:30.500Z');
const HOUR = 3600_000;
/** Tier-1 calls of the exporting org: a 9 MB STIX bundle, more than sockets buffer (the stalled exports below). */
const HEAVY_CALLS = 3000;
const NEIGHBOUR_CALLS = 400;
const EXPORT = '/api/exports/stix?range=7d';
const OVERVIEW = ['/api/kpis/summary', '/api/kpis/timeseries/calls?range=7d&bucket=hour', '/api/kpis/topn/impersonated_brand?n=10'];
/**
 * Overviews measured idle (before and after) and under the exports: 3 requests each. A p95 of
 * 60 requests is their third slowest, so one stall of the machine (a checkpoint, the clean-up of
 * another test's database) moved it: 4.01x in one CI run against 1.35-2.69x in the others.
 * 60 rounds make it the ninth slowest of 180, and cost about 2 s.
 */
const ROUNDS = 60;
/**
 * The exporting tenant's client: four loops asking for the export, bodies read and dropped. It
 * prints "started" when an export's answer begins and its status when it ends, one per line.
 */
const EXPORTER = `
const http = require('node:http');
const [port, key, path] = process.argv.slice(1);
const once = () => http.get({ host: '127.0.0.1', port, path, headers: { authorization: 'Bearer ' + key }, agent: false }, (res) => {
  process.stdout.write('started\\n');
  res.resume();
  res.on('end', () => { process.stdout.write(res.statusCode + '\\n'); once(); });
}).on('error', () => setTimeout(once, 100));
for (let i = 0; i < 4; i++) once();
`;

function call(org: string, i: number) {
  return {
    call_sid: `CA_${org}_${i}`,
    started_at: new Date(NOW - 6 * 24 * HOUR + ((i * 7919) % (6 * 24 * 3600)) * 1000).toISOString(),
    duration_sec: 20 + ((i * 31) % 900),
    caller_id: `+1${[202, 212, 305, 415, 646][i % 5]}555${String(1000 + (i % 9000)).slice(-4)}`,
    transcript: [{ speaker: 'caller', text: `This is Amazon support, buy a gift card number ${i}`, offset_sec: 0.5 }],
    extraction: {
      impersonated_brand: ['Amazon', 'PayPal', 'Microsoft', 'IRS'][i % 4],
      lure_category: 'REFUND',
      gift_card_brand: ['Apple', 'Google Play', 'Target'][i % 3],
      mule_bank_name: `Bank ${i % 40}`,
      mule_bank_account_number: `${10_000_000 + i}`,
      crypto_wallet_address: i % 5 === 0 ? `bc1q${String(i).padStart(38, '0')}` : null,
      dollar_asks: [100 + (i % 50) * 10],
      auditor_confidence: (i % 100) / 100,
    },
  };
}

async function seed(t: TestApp, keys: OrgKeys, name: string, n: number): Promise<void> {
  for (let from = 0; from < n; from += 2000) {
    const batch = Array.from({ length: Math.min(2000, n - from) }, (_, k) => call(name, from + k));
    const res = await ingest(t.app, keys.ingest, batch);
    assert.equal(res.statusCode, 200, res.body);
  }
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body, kept only when `keep` (an export's 12 MB are read and dropped, as a client streaming it to disk). */
  body: string;
}

/** A GET over a real socket, so a streamed export is written as in production (inject would buffer it). */
function fetchOver(port: number, key: string, url: string, keep = true): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: url, headers: { authorization: `Bearer ${key}` }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => keep && chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1];

describe('noisy neighbour: four exports of one org against another org’s overview', () => {
  let t: TestApp;
  let heavy: OrgKeys;
  let neighbour: OrgKeys;

  before(async () => {
    t = await testApp();
    t.setNow(new Date(NOW));
    heavy = await newOrg(t.app, 'pro', 'Exporter');
    neighbour = await newOrg(t.app, 'pro', 'Neighbour');
    await seed(t, heavy, 'heavy', HEAVY_CALLS);
    await seed(t, neighbour, 'neighbour', NEIGHBOUR_CALLS);
  });
  after(() => t.close());

  let port = 0;
  before(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  const get = (key: string, url: string, keep = true) => fetchOver(port, key, url, keep);

  /** One overview: its three requests at once, as the dashboard sends them; each one's latency. */
  async function overview(): Promise<number[]> {
    return Promise.all(
      OVERVIEW.map(async (url) => {
        const started = performance.now();
        const res = await get(neighbour.read, url);
        assert.equal(res.status, 200, `${url}: ${res.body}`);
        return performance.now() - started;
      }),
    );
  }

  async function rounds(n: number): Promise<number[]> {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push(...(await overview()));
    return out;
  }

  test(
    'the overview p95 under four exports stays under 3x its idle p95',
    // PostgreSQL was 1.7x to 7x until exports let light requests go first between chunks (heavyWork.ts),
    // and 2.2-3.5x on a quiet machine until heavy reads took turns after light ones (readLanes.ts).
    async () => {
      for (let i = 0; i < 3; i++) await overview(); // warm: first reads plan and page in
      const first = await get(heavy.read, EXPORT);
      assert.equal(first.status, 200, first.body.slice(0, 500));
      const bundle = JSON.parse(first.body);
      assert.ok(bundle.objects.length > HEAVY_CALLS, `the export holds ${bundle.objects.length} objects`);

      const idleBefore = await rounds(ROUNDS);

      // Four exporters, each asking again as soon as its export ends: two run, two wait their turn.
      // They run in a process of their own, as a tenant's client would: reading 4 x 9 MB here
      // would load this event loop, which is the server's.
      const exporters = spawn(process.execPath, ['-e', EXPORTER, String(port), heavy.read, EXPORT], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const lines: string[] = [];
      exporters.stdout.on('data', (d: Buffer) => lines.push(...d.toString('utf8').trim().split(/\s+/)));
      const started = () => lines.filter((l) => l === 'started').length;
      await new Promise((r) => setTimeout(r, 500)); // the exports are under way
      // At least ROUNDS overviews, and on until two exports are being sent (a busy machine is slow
      // to start them); from then until this ends two exports run and two wait.
      const loaded: number[] = [];
      const until = Date.now() + 90_000;
      while (loaded.length < ROUNDS * OVERVIEW.length || (started() < 2 && Date.now() < until)) loaded.push(...(await overview()));
      const startedWhileLoaded = started();
      exporters.kill();
      await new Promise((r) => exporters.once('close', r));
      const statuses = lines.filter((l) => l !== 'started');
      const tally = { ok: statuses.filter((l) => l === '200').length, other: statuses.filter((l) => l !== '200') };

      const idleAfter = await rounds(ROUNDS);
      const idle = p95([...idleBefore, ...idleAfter]);
      const busy = p95(loaded);
      const report = `idle p95 ${idle.toFixed(1)} ms, under four exports ${busy.toFixed(1)} ms (${(busy / idle).toFixed(2)}x); exports ${startedWhileLoaded} started, ${tally.ok} done`;
      console.log(report);

      assert.deepEqual(tally.other, [], 'four exports at once: each waits its turn and is answered 200');
      assert.ok(startedWhileLoaded >= 2, `the exports ran while the overview was measured: ${report}`);
      assert.ok(busy < 3 * idle, report);
    },
  );

  test('past the running and waiting ones an export is 429 rate_limited with Retry-After; clients that go free their places', async () => {
    // Two exports whose client does not read: their 9 MB stall on the socket and keep their slots.
    const stalled = [0, 1].map(() => openExport(port, heavy.read));
    await Promise.all(stalled.map((s) => s.headers));
    // The queue fills with exports that wait (their sockets are open, nothing is sent yet).
    const waiting = Array.from({ length: HEAVY_QUEUE_PER_ORG }, () => openExport(port, heavy.read));
    await new Promise((r) => setTimeout(r, 500));
    const refused = await get(heavy.read, EXPORT);
    assert.equal(refused.status, 429, refused.body.slice(0, 300));
    assert.match(String(refused.headers['content-type']), /^application\/problem\+json/);
    const problem = JSON.parse(refused.body);
    assert.equal(problem.code, 'rate_limited');
    assert.equal(problem.status, 429);
    assert.ok(Number(refused.headers['retry-after']) >= 1, `Retry-After: ${refused.headers['retry-after']}`);
    // Another org is not refused meanwhile.
    assert.equal((await get(neighbour.read, '/api/exports/tier1')).status, 200);
    for (const s of [...stalled, ...waiting]) s.destroy();
    await new Promise((r) => setTimeout(r, 300));
    const again = await get(heavy.read, EXPORT, false);
    assert.equal(again.status, 200, 'the places of clients that went are free again');
  });
});

/** An export request whose body is never read (the client stalls); destroy() hangs up. */
function openExport(port: number, key: string): { headers: Promise<number>; destroy(): void } {
  const req = http.get({ host: '127.0.0.1', port, path: EXPORT, headers: { authorization: `Bearer ${key}` }, agent: false });
  req.on('error', () => {});
  const headers = new Promise<number>((resolve) => req.on('response', (res) => (res.pause(), resolve(res.statusCode ?? 0))));
  return { headers, destroy: () => req.destroy() };
}

describe('heavy slots: per org, at most max running, queueMax waiting in order, the rest refused', () => {
  test('enter, wait, leave', async () => {
    const slots = new HeavySlots(2, 2);
    const started: string[] = [];
    const enter = (org: string, name: string) => {
      const t = slots.enter(org);
      void t?.ready.then(() => started.push(name));
      return t;
    };
    const a = enter('o1', 'a')!;
    const b = enter('o1', 'b')!;
    const c = enter('o1', 'c')!;
    const d = enter('o1', 'd')!;
    assert.equal(slots.enter('o1'), null, 'two running and two waiting: the fifth is refused');
    const other = enter('o2', 'x');
    assert.ok(other, 'another org has its own slots');
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(started, ['a', 'b', 'x']);
    c.leave(); // a waiting client went: its place is free, it never runs
    a.leave();
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(started, ['a', 'b', 'x', 'd']);
    const e = enter('o1', 'e')!;
    b.leave();
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(started, ['a', 'b', 'x', 'd', 'e']);
    a.leave(); // twice: no effect
    d.leave();
    e.leave();
    const f = enter('o1', 'f')!;
    const g = enter('o1', 'g')!;
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(started.slice(-2), ['f', 'g'], 'all slots free again');
    f.leave();
    g.leave();
    other!.leave();
  });
});
