// Scale benchmark (`npm run bench -- scale`, docs/benchmarks.md): BENCH_SCALE_CALLS generated
// calls (default 10,000,000) WITH transcripts, as the demo makes them, ingested over HTTP NDJSON
// into a real server process (compiled dist/) for three orgs (60 / 25 / 15 % of the calls), one
// step of BENCH_SCALE_STEP calls (default 1,000,000) at a time. Prints, per step: calls/s (the
// NDJSON is written to files first, so generating it is not counted), the server's peak RSS and
// the store's disk size per million calls; at the first step, the middle one and the last, the
// overview rows of the largest org at 24 h / 7 d / 30 d / 365 d over HTTP beside their floors
// (one hand-written query on the engine), read with the server stopped so the floor can open a
// DuckDB file only one process may hold. Calls arrive in time order over 365 days, as a
// honeypot's do, so each checkpoint reads at the time of its last call: its short windows hold
// as many calls as at the end, its 365-day window every call stored so far.

import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { request } from 'undici';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { generateCalls } from '../src/demo/generate.js';
import { openStorage } from '../src/storage/index.js';
import { createKey } from '../src/storage/queries/orgs.js';
import { benchDatabase } from './database.js';
import { floorClient } from './floor.js';
import { peakRssMiB, postJson, startServer } from './ingest.js';
import { ENDPOINTS, ms, pct, WINDOWS } from './kpis.js';

const TOTAL = Number(process.env.BENCH_SCALE_CALLS ?? 10_000_000);
const STEP = Number(process.env.BENCH_SCALE_STEP ?? 1_000_000);
const ORGS = [
  { name: 'largest', share: 0.6 },
  { name: 'second', share: 0.25 },
  { name: 'third', share: 0.15 },
];
/** The overview rows measured at each checkpoint (the other endpoints scale as these do). */
const READS = ['summary', 'timeseries (calls/day)', 'topn (brand)', 'arrivals'];
const REQUESTS = 11;
const WARMUP = 3;
const PORT = 18_191;

const count = (n: number) => (n >= 1e6 ? `${(n / 1e6).toFixed(n % 1e6 ? 1 : 0)}M` : n.toLocaleString('en-US'));

/** Writes the next `n` calls of `calls` as NDJSON to `file`; how many it wrote, and the last one's start (epoch ms). */
async function writeNdjson(file: string, calls: Iterator<{ started_at: string }>, n: number): Promise<{ written: number; last: number }> {
  const out = createWriteStream(file);
  let written = 0;
  let last = NaN;
  let chunk: string[] = [];
  for (; written < n; written++) {
    const next = calls.next();
    if (next.done) break;
    last = Date.parse(next.value.started_at);
    chunk.push(JSON.stringify(next.value));
    if (chunk.length === 1000) {
      if (!out.write(`${chunk.join('\n')}\n`)) await once(out, 'drain');
      chunk = [];
    }
  }
  if (chunk.length) out.write(`${chunk.join('\n')}\n`);
  out.end();
  await once(out, 'finish');
  return { written, last };
}

async function sendNdjson(base: string, key: string, file: string): Promise<number> {
  const res = await request(`${base}/api/ingest/calls`, {
    method: 'POST',
    body: createReadStream(file, { highWaterMark: 1024 * 1024 }),
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-ndjson' },
    headersTimeout: 0,
    bodyTimeout: 0,
  });
  const body = (await res.body.json()) as { accepted: number; rejected: unknown[] };
  if (res.statusCode !== 200 || body.rejected.length) throw new Error(`ingest → ${res.statusCode}, ${body.rejected.length} rejected`);
  return body.accepted;
}

/** Bytes the store takes: the DuckDB data directory, or the PostgreSQL database. */
async function storeBytes(dataDir: string, databaseUrl: string | undefined): Promise<number> {
  if (!databaseUrl) return Number(execFileSync('du', ['-sb', dataDir], { encoding: 'utf8' }).split('\t')[0]);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return Number((await client.query('SELECT pg_database_size(current_database()) AS b')).rows[0].b);
  } finally {
    await client.end();
  }
}

/** The overview rows of `orgId` at every window, in this process, beside their floors. */
async function readRows(env: Record<string, string>, orgId: string, now: number): Promise<Map<string, { p50: number; floor: number }>> {
  const config = loadConfig({ ...env, HONEYPOT_DEMO: '0', HONEYPOT_RATE_GENERAL: '1000000/1' });
  const storage = await openStorage(config);
  const out = new Map<string, { p50: number; floor: number }>();
  try {
    await storage.db.run(storage.db.dialect === 'postgres' ? 'ANALYZE' : 'CHECKPOINT');
    const { secret } = await createKey(storage.db, orgId, { name: 'read', role: 'read', scope: null });
    const floorDb = await floorClient(storage.db, env.DATABASE_URL);
    const app = await buildApp({ config, storage });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    try {
      for (const ep of ENDPOINTS.filter((e) => READS.includes(e.name))) {
        for (const [label, span] of WINDOWS) {
          if (ep.name === 'arrivals' && span > 100 * 86_400_000) continue; // past the 10,000-bucket bound
          const times: number[] = [];
          const floors: number[] = [];
          for (let i = -WARMUP; i < REQUESTS; i++) {
            const end = now - (i + WARMUP) * 137_000; // no two reads of one window
            const url = `${ep.path}${ep.path.includes('?') ? '&' : '?'}start=${new Date(end - span).toISOString()}&end=${new Date(end).toISOString()}`;
            let t = performance.now();
            const r = await request(`${base}${url}`, { headers: { authorization: `Bearer ${secret}` } });
            await r.body.arrayBuffer();
            if (r.statusCode !== 200) throw new Error(`${url} → ${r.statusCode}`);
            if (i >= 0) times.push(performance.now() - t);
            t = performance.now();
            await floorDb.all(ep.floor, [orgId, end - span, end]);
            if (i >= 0) floors.push(performance.now() - t);
          }
          out.set(`${ep.name} ${label}`, { p50: pct(times, 50), floor: pct(floors, 50) });
        }
      }
    } finally {
      await app.close();
      await floorDb.close();
    }
  } finally {
    await storage.close();
  }
  return out;
}

export async function benchScale(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'honeypot-bench-scale-'));
  const database = await benchDatabase();
  const env = { HONEYPOT_DATA_DIR: path.join(dir, 'data'), HONEYPOT_REDIS_PREFIX: `honeypot-bench-scale-${process.pid}:`, ...database.env };
  const now = Date.now();
  const steps = Math.ceil(TOTAL / STEP);
  const checkpoints = new Set([1, Math.ceil(steps / 2), steps]);
  const generators = ORGS.map((o, i) =>
    generateCalls({ days: 365, callsPerDay: (o.share * TOTAL) / 365, end: new Date(now), seed: 100 + i, transcripts: true })[
      Symbol.iterator
    ](),
  );
  let server = await startServer(env, PORT);
  const orgs: { id: string; key: string }[] = [];
  for (const o of ORGS) {
    const org = await postJson(server.base, '/api/admin/orgs', { name: o.name, tier: 'pro' });
    const key = await postJson(server.base, `/api/admin/orgs/${org.id}/keys`, { name: 'ingest', role: 'ingest' });
    orgs.push({ id: org.id, key: key.key });
  }
  const load = () => loadavg()[0].toFixed(1);
  console.log(`\n## Scale: ${TOTAL.toLocaleString('en-US')} calls with transcripts, HTTP NDJSON, ${database.label}\n`);
  console.log(`${new Date(now).toISOString()}, load average ${load()}; orgs ${ORGS.map((o) => `${o.share * 100} %`).join(' / ')}\n`);
  console.log('| calls stored | step calls/s | server peak RSS | disk | disk per million | load |');
  console.log('|---:|---:|---:|---:|---:|---:|');
  const rows = new Map<number, Map<string, { p50: number; floor: number }>>();
  let stored = 0;
  let peak = 0;
  let lastOfLargest = NaN;
  try {
    for (let step = 1; step <= steps; step++) {
      const size = Math.min(STEP, TOTAL - stored);
      const files = await Promise.all(
        ORGS.map(async (o, i) => {
          const file = path.join(dir, `${o.name}.ndjson`);
          const { last } = await writeNdjson(file, generators[i], Math.round(o.share * size));
          if (i === 0) lastOfLargest = last;
          return file;
        }),
      );
      const t0 = performance.now();
      let accepted = 0;
      for (const [i, file] of files.entries()) accepted += await sendNdjson(server.base, orgs[i].key, file);
      const rate = accepted / ((performance.now() - t0) / 1000);
      stored += accepted;
      peak = Math.max(peak, peakRssMiB(server.child.pid!));
      const bytes = await storeBytes(env.HONEYPOT_DATA_DIR, database.env.DATABASE_URL);
      console.log(
        `| ${stored.toLocaleString('en-US')} | ${Math.round(rate).toLocaleString('en-US')} | ${peak.toFixed(0)} MiB | ${(bytes / 2 ** 30).toFixed(2)} GiB | ${(((bytes / stored) * 1e6) / 2 ** 20).toFixed(0)} MiB | ${load()} |`,
      );
      if (checkpoints.has(step)) {
        server.child.kill('SIGTERM');
        await once(server.child, 'exit');
        rows.set(stored, await readRows(env, orgs[0].id, lastOfLargest + 1000));
        if (step < steps) server = await startServer(env, PORT);
      }
    }
  } finally {
    if (server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await once(server.child, 'exit');
    }
    rmSync(dir, { recursive: true, force: true });
    await database.drop();
  }
  const at = [...rows.keys()];
  console.log(`\nOverview rows of the largest org (60 % of the calls), p50 ms over HTTP / floor p50 ms:\n`);
  console.log(`| row | ${at.map((n) => `${count(n)} stored`).join(' | ')} |`);
  console.log(`|---|${at.map(() => '---:|').join('')}`);
  for (const name of rows.get(at[0])!.keys()) {
    console.log(`| ${name} | ${at.map((n) => `${ms(rows.get(n)!.get(name)!.p50)} / ${ms(rows.get(n)!.get(name)!.floor)}`).join(' | ')} |`);
  }
  console.log(`\nload average after: ${load()}`);
}
