// STIX export benchmark: a store of N tier-1 calls (default 100,000; BENCH_STIX_CALLS), every
// one with a caller ID, a mule account or a wallet (mostly distinct: ~230k distinct shared
// objects at 100k, the dedupe's worst case) and a short transcript; then GET /api/exports/stix
// from a separate server process over windows holding a quarter, half and all of the calls,
// timing each and sampling the server's resident memory (VmRSS, every 20 ms) while it streams.
// Flat memory: the peak over the baseline does not grow with the calls exported.

import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bech32 } from '@scure/base';
import { request } from 'undici';
import { loadConfig } from '../src/config.js';
import { IngestRun } from '../src/features/ingest/ingestRun.js';
import { openStorage } from '../src/storage/index.js';
import { createKey, createOrg } from '../src/storage/queries/orgs.js';
import { benchDatabase } from './database.js';
import { startServer } from './ingest.js';

const BRANDS = ['Amazon', 'Microsoft', 'Apple', 'PayPal', 'Chase', 'Wells Fargo', 'IRS', 'SSA', 'Geek Squad', 'Norton'];
const SPACING_MS = 25_000;

function record(i: number, end: number) {
  const account = i % 2 === 0;
  const value = account ? String(10_000_000 + (i % 40_000)) : wallet(i % 30_000);
  return {
    call_sid: `CAstix${i}`,
    started_at: new Date(end - (i + 1) * SPACING_MS).toISOString(),
    duration_sec: 60 + (i % 900),
    caller_id: `+1555${String(i % 20_000).padStart(7, '0')}`,
    transcript: [
      { speaker: 'persona', text: 'Hello? Who is calling?', offset_sec: 0 },
      { speaker: 'caller', text: `This is ${BRANDS[i % BRANDS.length]} support, your account is locked.`, offset_sec: 4 },
      { speaker: 'caller', text: `Send the refund fee to ${account ? 'account' : 'wallet'} ${value} today.`, offset_sec: 95 },
    ],
    extraction: {
      impersonated_brand: BRANDS[i % BRANDS.length],
      auditor_confidence: 0.8,
      ...(account
        ? {
            mule_bank_account_number: value,
            mule_bank_routing_number: '021000021',
            mule_account_holder_name: `Holder ${i % 40_000}`,
            mule_bank_name: 'Mule Credit Union',
          }
        : { crypto_wallet_address: value, crypto_chain: 'bitcoin' }),
    },
  };
}

/** A valid segwit v0 address per n (a failing checksum would get no indicator). */
function wallet(n: number): string {
  const program = new Uint8Array(20);
  new DataView(program.buffer).setUint32(0, n);
  return bech32.encode('bc', [0, ...bech32.toWords(program)]);
}

const rssKb = (pid: number): number => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : NaN;
};
const mb = (kb: number) => (kb / 1024).toFixed(0);

export async function benchStixExport(total = Number(process.env.BENCH_STIX_CALLS ?? 100_000)): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'honeypot-bench-stix-'));
  const database = await benchDatabase();
  const env = {
    HONEYPOT_DATA_DIR: dir,
    HONEYPOT_REDIS_PREFIX: `honeypot-bench-stix-${process.pid}:`,
    HONEYPOT_RATE_GENERAL: '100000/60',
    ...database.env,
  };
  const end = Date.now();
  let secret: string;
  {
    // Built in this process, then closed: the server measured below only ever exports.
    const storage = await openStorage(loadConfig({ ...env, HONEYPOT_DEMO: '0' }));
    const org = await createOrg(storage.db, 'bench-stix', 'pro');
    secret = (await createKey(storage.db, org.id, { name: 'read', role: 'read', scope: null })).secret;
    const run = new IngestRun(storage.db, org.id);
    const t0 = performance.now();
    await run.addAll(
      (function* () {
        for (let i = 0; i < total; i++) yield record(i, end);
      })(),
    );
    await storage.db.run(storage.db.dialect === 'postgres' ? 'VACUUM ANALYZE' : 'CHECKPOINT');
    await storage.close();
    console.log(`\nStore of ${total.toLocaleString('en-US')} tier-1 calls built in ${((performance.now() - t0) / 1000).toFixed(0)} s.`);
  }
  const { child, base } = await startServer(env, 18_183);
  try {
    const exportWindow = async (calls: number) => {
      // The newest `calls` calls: call i started at end − (i+1)·spacing.
      const start = new Date(end - calls * SPACING_MS - SPACING_MS / 2).toISOString();
      const t = performance.now();
      let peak = rssKb(child.pid!);
      const sampler = setInterval(() => (peak = Math.max(peak, rssKb(child.pid!))), 20);
      const r = await request(`${base}/api/exports/stix?start=${start}&end=${new Date(end).toISOString()}`, {
        headers: { authorization: `Bearer ${secret}` },
      });
      if (r.statusCode !== 200) throw new Error(`stix export → ${r.statusCode}: ${await r.body.text()}`);
      let bytes = 0;
      let objects = 0;
      let tail = '';
      for await (const chunk of r.body) {
        const text = tail + chunk.toString('utf8');
        objects += text.split('{"type":"').length - 1;
        tail = text.slice(-8); // a marker cut between chunks is counted once, in the next
        bytes += chunk.length;
      }
      clearInterval(sampler);
      peak = Math.max(peak, rssKb(child.pid!));
      return { seconds: (performance.now() - t) / 1000, bytes, objects: objects - 1, peak };
    };
    await exportWindow(100); // warm-up: code paths and the engine's caches
    const baseline = rssKb(child.pid!);
    console.log(`\n## STIX export (${database.label}; GET /api/exports/stix over HTTP, server RSS sampled every 20 ms)\n`);
    console.log(`Server RSS before the exports: ${mb(baseline)} MB.\n`);
    console.log('| tier-1 calls | objects | bundle MB | seconds | calls/s | peak RSS MB | peak − before MB |');
    console.log('|---:|---:|---:|---:|---:|---:|---:|');
    for (const n of [total / 4, total / 2, total].map(Math.round)) {
      const x = await exportWindow(n);
      console.log(
        `| ${n.toLocaleString('en-US')} | ${x.objects.toLocaleString('en-US')} | ${(x.bytes / 1048576).toFixed(0)} | ${x.seconds.toFixed(1)} | ${Math.round(n / x.seconds).toLocaleString('en-US')} | ${mb(x.peak)} | ${mb(x.peak - baseline)} |`,
      );
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}
