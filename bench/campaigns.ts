// Campaigns benchmark (npm run bench -- campaigns; BENCH_CALLS, default 1,000,000): N generated
// calls over 365 days with crews and transcripts, ingested through IngestRun three times, each
// into a fresh store: with no campaign work (ingest as before campaigns), with identifier rows
// only (as before kept components), and with identifier rows and kept components (now: the
// calls listed as pending, settled by ingest itself when the list reaches its growing limit, and
// what is left settled as the first campaign read does, timed apart). The generation of the
// records is timed alone and taken out, so the rates are the store's. Then,
// on the last store, GET /api/campaigns?range=30d and a campaign's page, p50 / p95 over HTTP
// after warm-up, for an unscoped key (kept components) and a scoped one (read-time path).
// Targets (docs/campaigns.md): ingest with campaign upkeep ≥ 90 % of the rate without; list p50 ≤ 50 ms,
// page ≤ 30 ms.
//
// The machine is shared: run the 1M size only when it is idle (the bench prints the load).

import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { generateCalls } from '../src/demo/generate.js';
import { IngestRun } from '../src/features/ingest/ingestRun.js';
import { setCampaignUpkeep, settleComponents } from '../src/storage/campaigns/upkeep.js';
import { openStorage, type Storage } from '../src/storage/index.js';
import { createKey, createOrg } from '../src/storage/queries/orgs.js';
import { benchDatabase, type BenchDatabase } from './database.js';

const REQUESTS = 21;
const WARMUP = 5;

/** CPU seconds (user + system) this process used since `start`. */
const cpuSecondsSince = (start: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(start);
  return (u.user + u.system) / 1e6;
};

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

interface Store {
  storage: Storage;
  database: BenchDatabase;
  config: ReturnType<typeof loadConfig>;
  dir: string;
}

async function openStore(): Promise<Store> {
  const dir = mkdtempSync(path.join(tmpdir(), 'honeypot-bench-campaigns-'));
  const database = await benchDatabase();
  const config = loadConfig({
    HONEYPOT_DATA_DIR: dir,
    HONEYPOT_DEMO: '0',
    HONEYPOT_RATE_GENERAL: '1000000/1',
    HONEYPOT_REDIS_PREFIX: `honeypot-bench-${process.pid}:`,
    ...database.env,
  });
  return { storage: await openStorage(config), database, config, dir };
}

async function closeStore(s: Store): Promise<void> {
  await s.storage.close();
  await s.database.drop();
  rmSync(s.dir, { recursive: true, force: true });
}

export async function benchCampaigns(total = 1_000_000): Promise<void> {
  const keptDir = process.env.BENCH_CAMPAIGNS_READS;
  if (keptDir) return benchReadsOnly(keptDir);
  const now = new Date();
  const records = () => generateCalls({ days: 365, callsPerDay: total / 365, end: now, seed: 7, crews: true });
  const buildDir = process.env.BENCH_CAMPAIGNS_BUILD;
  if (buildDir) return buildKept(buildDir, records);

  // Generating the records is part of every timed ingest below: timed alone, then taken out.
  let t = performance.now();
  const generateCpu = process.cpuUsage();
  let generated = 0;
  for (const r of records()) if (r) generated++;
  const generateSec = (performance.now() - t) / 1000;
  const generateCpuSec = cpuSecondsSince(generateCpu);

  const label = (await benchDatabase().then(async (d) => (await d.drop(), d.label))) as string;
  console.log(`\n## Campaigns (${label}, ${generated.toLocaleString('en-US')} calls, load ${loadavg()[0].toFixed(1)})\n`);
  console.log(`- generating the records alone: ${generateSec.toFixed(1)} s (taken out of the rates below)`);

  const rates: Record<string, number> = {};
  const cpuSec: Record<string, number> = {};
  const modes = [
    ['none', 'no campaign work (before campaigns)'],
    ['identifiers', 'identifier rows only (before kept components)'],
    ['components', 'identifier rows + kept components (now)'],
  ] as const;
  let kept: Store | null = null;
  try {
    for (const [mode, what] of modes) {
      const store = await openStore();
      setCampaignUpkeep(mode);
      try {
        const org = await createOrg(store.storage.db, 'bench', 'pro');
        t = performance.now();
        const cpu = process.cpuUsage();
        await new IngestRun(store.storage.db, org.id).addAll(records());
        await store.storage.db.run(store.storage.db.dialect === 'postgres' ? 'VACUUM ANALYZE' : 'CHECKPOINT');
        const sec = (performance.now() - t) / 1000 - generateSec;
        rates[mode] = generated / sec;
        // CPU seconds of this process (JavaScript and DuckDB's threads), generation taken out: steadier than wall time on a shared machine.
        cpuSec[mode] = cpuSecondsSince(cpu) - generateCpuSec;
        console.log(
          `- ingest, ${what}: ${rates[mode].toFixed(0)} calls/s (${sec.toFixed(0)} s, CPU ${cpuSec[mode].toFixed(0)} s, load ${loadavg()[0].toFixed(1)})`,
        );
        if (mode === 'components') {
          // The components of the calls ingest left pending are computed before the first campaign read.
          const s = performance.now();
          await settleComponents(store.storage.db, org.id);
          const settleSec = (performance.now() - s) / 1000;
          rates.settled = generated / (sec + settleSec);
          console.log(
            `- then settling the kept components (first campaign read): ${settleSec.toFixed(1)} s; ingest + settle: ${rates.settled.toFixed(0)} calls/s`,
          );
        }
      } finally {
        setCampaignUpkeep('components');
        if (mode === 'components') kept = store;
        else await closeStore(store);
      }
    }
    console.log(
      `- with kept components: ${((rates.components / rates.none) * 100).toFixed(0)} % of the rate with no campaign work, ` +
        `${((rates.components / rates.identifiers) * 100).toFixed(0)} % of the rate with identifier rows only (target ≥ 90 %); ` +
        `with the settle: ${((rates.settled / rates.none) * 100).toFixed(0)} % and ${((rates.settled / rates.identifiers) * 100).toFixed(0)} %`,
    );
    console.log(
      `- by CPU time: with kept components ${((cpuSec.none / cpuSec.components) * 100).toFixed(0)} % of the rate with no campaign work` +
        ` (CPU s per call ${((cpuSec.components / generated) * 1e6).toFixed(0)} µs against ${((cpuSec.none / generated) * 1e6).toFixed(0)} µs)`,
    );
    await readTimes(kept!);
  } finally {
    if (kept) await closeStore(kept);
  }
}

/**
 * BENCH_CAMPAIGNS_BUILD=<empty data dir>: only the store with kept components (DuckDB), settled and
 * left in that directory for BENCH_CAMPAIGNS_READS (the same generated calls as the full run).
 */
async function buildKept(dir: string, records: () => ReturnType<typeof generateCalls>): Promise<void> {
  const config = loadConfig({ HONEYPOT_DATA_DIR: dir, HONEYPOT_DEMO: '0', HONEYPOT_REDIS_PREFIX: `honeypot-bench-${process.pid}:` });
  const storage = await openStorage(config);
  try {
    const org = await createOrg(storage.db, 'bench', 'pro');
    const t = performance.now();
    const cpu = process.cpuUsage();
    await new IngestRun(storage.db, org.id).addAll(records());
    await settleComponents(storage.db, org.id);
    await storage.db.run('CHECKPOINT');
    console.log(
      `- built ${dir}: ${((performance.now() - t) / 1000).toFixed(0)} s with generation and the last settle (CPU ${cpuSecondsSince(cpu).toFixed(0)} s, load ${loadavg()[0].toFixed(1)})`,
    );
  } finally {
    await storage.close();
  }
}

/**
 * BENCH_CAMPAIGNS_READS=<data dir>: the read times only, on a DuckDB store already holding one
 * org's calls (kept by an earlier ingest; opening it applies pending migrations), to time a change
 * of the reads without ingesting again.
 */
async function benchReadsOnly(dir: string): Promise<void> {
  const config = loadConfig({
    HONEYPOT_DATA_DIR: dir,
    HONEYPOT_DEMO: '0',
    HONEYPOT_RATE_GENERAL: '1000000/1',
    HONEYPOT_REDIS_PREFIX: `honeypot-bench-${process.pid}:`,
  });
  const storage = await openStorage(config);
  try {
    const [row] = await storage.db.all<{ n: unknown }>('SELECT count(*) AS n FROM calls');
    console.log(
      `\n## Campaign reads (DuckDB store ${dir}, ${Number(row.n).toLocaleString('en-US')} calls, load ${loadavg()[0].toFixed(1)})\n`,
    );
    await readTimes({ storage, config, database: { env: {}, label: 'DuckDB', drop: async () => {} }, dir });
    console.log(`- load after: ${loadavg()[0].toFixed(1)}`);
  } finally {
    await storage.close();
  }
}

async function readTimes(store: Store): Promise<void> {
  const { storage, config } = store;
  const [org] = await storage.db.all<{ id: string }>('SELECT id FROM orgs');
  const { secret } = await createKey(storage.db, org.id, { name: 'read', role: 'read', scope: null });
  const scoped = await createKey(storage.db, org.id, { name: 'scoped', role: 'read', scope: { impersonated_brand: ['PayPal'] } });
  const app = await buildApp({ config, storage });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  let bytes = 0;
  const fetchJson = async (url: string, key: string) => {
    const r = await request(`${base}${url}`, { headers: { authorization: `Bearer ${key}` } });
    const text = await r.body.text();
    if (r.statusCode !== 200) throw new Error(`${url} → ${r.statusCode}`);
    bytes = text.length;
    return JSON.parse(text) as { items?: { id: string }[] };
  };
  const timed = async (url: string, key: string) => {
    for (let i = 0; i < WARMUP; i++) await fetchJson(url, key);
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const s = performance.now();
      await fetchJson(url, key);
      times.push(performance.now() - s);
    }
    return `p50 ${pct(times, 50).toFixed(0)} ms, p95 ${pct(times, 95).toFixed(0)} ms, ${(bytes / 1024).toFixed(0)} KiB`;
  };
  try {
    for (const [who, key] of [
      ['unscoped key (kept components)', secret],
      ['scoped key (read-time path)', scoped.secret],
    ] as const) {
      const list = await fetchJson('/api/campaigns?range=30d', key);
      console.log(`- ${who}: GET /api/campaigns?range=30d: ${await timed('/api/campaigns?range=30d', key)} (${list.items?.length} items)`);
      const id = list.items?.[0]?.id;
      if (id) console.log(`- ${who}: GET /api/campaigns/{id}?range=30d: ${await timed(`/api/campaigns/${id}?range=30d`, key)}`);
    }
  } finally {
    await app.close();
  }
}
