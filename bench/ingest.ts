// Ingest benchmark: a real server process (compiled dist/), N generated calls (no
// transcripts) streamed over HTTP as NDJSON in one request; prints calls/s, the server's CPU
// time and its peak RSS. The NDJSON is written to a file first, so the client sending it
// costs the machine (2 cores, shared with the server) only the reading of a file, as curl
// --data-binary would.

import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { generateCalls } from '../src/demo/generate.js';
import { benchDatabase } from './database.js';

const ADMIN = 'bench-admin';

export function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = /VmHWM:\s+(\d+) kB/.exec(status);
  return m ? Number(m[1]) / 1024 : NaN;
}

/** User + system CPU seconds a process has used so far (Linux /proc; clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export async function startServer(env: Record<string, string>, port: number) {
  const child = spawn(process.execPath, ['dist/src/server.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      HONEYPOT_DEMO: '0',
      HONEYPOT_ADMIN_TOKEN: ADMIN,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      const r = await request(`${base}/readyz`);
      await r.body.dump();
      if (r.statusCode === 200) return { child, base };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('server did not start');
}

export async function postJson(base: string, url: string, body: unknown, key = ADMIN) {
  const r = await request(`${base}${url}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
  });
  return (await r.body.json()) as Record<string, string>;
}

/** Writes `total` generated calls over 365 days as NDJSON to `file`. */
async function writeNdjson(file: string, total: number): Promise<void> {
  const out = createWriteStream(file);
  const days = 365;
  let chunk: string[] = [];
  let n = 0;
  for (const c of generateCalls({ days, callsPerDay: Math.ceil(total / days), end: new Date(), seed: 42, transcripts: false })) {
    if (n++ >= total) break;
    chunk.push(JSON.stringify(c));
    if (chunk.length === 1000) {
      if (!out.write(`${chunk.join('\n')}\n`)) await once(out, 'drain');
      chunk = [];
    }
  }
  if (chunk.length) out.write(`${chunk.join('\n')}\n`);
  out.end();
  await once(out, 'finish');
}

export async function benchIngest(total = 1_000_000): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'honeypot-bench-ingest-'));
  const file = path.join(dir, 'calls.ndjson');
  await writeNdjson(file, total);
  const database = await benchDatabase();
  const dataDir = path.join(dir, 'data');
  const { child, base } = await startServer(
    { HONEYPOT_DATA_DIR: dataDir, HONEYPOT_REDIS_PREFIX: `honeypot-bench-${process.pid}:`, ...database.env },
    18_181,
  );
  try {
    const org = await postJson(base, '/api/admin/orgs', { name: 'bench', tier: 'pro' });
    const key = await postJson(base, `/api/admin/orgs/${org.id}/keys`, { name: 'ingest', role: 'ingest' });
    const load0 = loadavg()[0];
    const cpu0 = cpuSeconds(child.pid!);
    const t0 = performance.now();
    const res = await request(`${base}/api/ingest/calls`, {
      method: 'POST',
      body: createReadStream(file, { highWaterMark: 1024 * 1024 }),
      headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/x-ndjson' },
      headersTimeout: 0,
      bodyTimeout: 0,
    });
    const body = (await res.body.json()) as { accepted: number; rejected: unknown[] };
    const secs = (performance.now() - t0) / 1000;
    const cpu = cpuSeconds(child.pid!) - cpu0;
    const rss = peakRssMiB(child.pid!);
    if (res.statusCode !== 200) throw new Error(`ingest → ${res.statusCode}`);
    console.log(`\n## Ingest (HTTP NDJSON, one request, ${database.label})\n`);
    // The machine's 1-minute load average before and after: the rate depends on what else runs.
    console.log(`machine load average ${load0.toFixed(1)} -> ${loadavg()[0].toFixed(1)}\n`);
    console.log('| calls | accepted | rejected | seconds | calls/s | server CPU s | server peak RSS |');
    console.log('|---:|---:|---:|---:|---:|---:|---:|');
    console.log(
      `| ${total.toLocaleString('en-US')} | ${body.accepted.toLocaleString('en-US')} | ${body.rejected.length} | ${secs.toFixed(1)} | ${Math.round(body.accepted / secs).toLocaleString('en-US')} | ${cpu.toFixed(1)} | ${rss.toFixed(0)} MiB |`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
    await database.drop();
  }
}
