// Campaigns benchmark (npm run bench -- campaigns; BENCH_CALLS, default 1,000,000): a store of
// N generated calls over 365 days with crews and transcripts, ingested through IngestRun (so
// with the campaign identifiers); the share of ingest that computing identifiers costs
// (measured alone on the same records); then GET /api/campaigns?range=30d and a campaign's
// page, p50 / p95 over HTTP after warm-up. Targets (issue 28): list p50 ≤ 50 ms, page ≤ 30 ms,
// ingest with campaign upkeep ≥ 90 % of the throughput without.

import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { identifiersOf } from '../src/domain/campaigns/identifiers.js';
import { validateCallRecord } from '../src/domain/ingestRecord.js';
import { generateCalls } from '../src/demo/generate.js';
import { IngestRun } from '../src/features/ingest/ingestRun.js';
import { openStorage } from '../src/storage/index.js';
import { createKey, createOrg } from '../src/storage/queries/orgs.js';
import { benchDatabase } from './database.js';

const REQUESTS = 21;
const WARMUP = 5;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

export async function benchCampaigns(total = 1_000_000): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'honeypot-bench-campaigns-'));
  const database = await benchDatabase();
  const config = loadConfig({
    HONEYPOT_DATA_DIR: dir,
    HONEYPOT_DEMO: '0',
    HONEYPOT_RATE_GENERAL: '1000000/1',
    HONEYPOT_REDIS_PREFIX: `honeypot-bench-${process.pid}:`,
    ...database.env,
  });
  const storage = await openStorage(config);
  try {
    const now = new Date();
    const records = () => generateCalls({ days: 365, callsPerDay: total / 365, end: now, seed: 7, crews: true });

    // What identifiers cost alone: validation (which ingest does anyway) subtracted.
    let t = performance.now();
    const valid = [];
    for (const raw of records()) {
      const r = validateCallRecord(raw);
      if (r.ok) valid.push(r.record);
      if (valid.length >= 50_000) break;
    }
    t = performance.now();
    let ids = 0;
    for (const c of valid) ids += identifiersOf(c).length;
    const perCallMs = (performance.now() - t) / valid.length;

    const org = await createOrg(storage.db, 'bench', 'pro');
    const { secret } = await createKey(storage.db, org.id, { name: 'read', role: 'read', scope: null });
    t = performance.now();
    await new IngestRun(storage.db, org.id).addAll(records());
    await storage.db.run(storage.db.dialect === 'postgres' ? 'VACUUM ANALYZE' : 'CHECKPOINT');
    const ingestSec = (performance.now() - t) / 1000;
    console.log(`\n## Campaigns (${database.label}, ${total.toLocaleString('en-US')} calls, load ${loadavg()[0].toFixed(1)})\n`);
    console.log(`- ingest with campaign upkeep: ${(total / ingestSec).toFixed(0)} calls/s (${ingestSec.toFixed(0)} s)`);
    console.log(
      `- identifiers alone: ${(perCallMs * 1000).toFixed(0)} µs a call (${(ids / valid.length).toFixed(1)} identifiers), ` +
        `${(((perCallMs * total) / 1000 / ingestSec) * 100).toFixed(1)} % of the ingest time`,
    );

    const app = await buildApp({ config, storage });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const fetchJson = async (url: string) => {
      const r = await request(`${base}${url}`, { headers: { authorization: `Bearer ${secret}` } });
      const body = await r.body.json();
      if (r.statusCode !== 200) throw new Error(`${url} → ${r.statusCode}`);
      return body as { items?: { id: string }[] };
    };
    const timed = async (url: (i: number) => string) => {
      for (let i = 0; i < WARMUP; i++) await fetchJson(url(i));
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const s = performance.now();
        await fetchJson(url(i));
        times.push(performance.now() - s);
      }
      return `p50 ${pct(times, 50).toFixed(0)} ms, p95 ${pct(times, 95).toFixed(0)} ms`;
    };
    const list = await fetchJson('/api/campaigns?range=30d');
    console.log(`- GET /api/campaigns?range=30d: ${await timed(() => '/api/campaigns?range=30d')} (${list.items?.length} items)`);
    const id = list.items?.[0]?.id;
    if (id) console.log(`- GET /api/campaigns/{id}?range=30d: ${await timed(() => `/api/campaigns/${id}?range=30d`)}`);
    await app.close();
  } finally {
    await storage.close();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}
