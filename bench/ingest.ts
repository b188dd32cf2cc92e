// Ingest benchmark: a real server process, 1,000,000 generated calls (no transcripts)
// streamed over HTTP as NDJSON; prints calls/s and the server's peak RSS.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { generateCalls } from '../src/demo/generate.js';
import { benchDatabase } from './database.js';

const ADMIN = 'bench-admin';

function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = /VmHWM:\s+(\d+) kB/.exec(status);
  return m ? Number(m[1]) / 1024 : NaN;
}

export async function startServer(env: Record<string, string>, port: number) {
  const child = spawn(process.execPath, ['dist/src/server.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', HONEYPOT_DEMO: '0', HONEYPOT_ADMIN_TOKEN: ADMIN, LOG_LEVEL: 'warn', ...env },
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

export async function benchIngest(total = 1_000_000): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'honeypot-bench-ingest-'));
  const database = await benchDatabase();
  const { child, base } = await startServer({ HONEYPOT_DATA_DIR: dir, HONEYPOT_REDIS_PREFIX: `honeypot-bench-${process.pid}:`, ...database.env }, 18_181);
  try {
    const org = await postJson(base, '/api/admin/orgs', { name: 'bench', tier: 'pro' });
    const key = await postJson(base, `/api/admin/orgs/${org.id}/keys`, { name: 'ingest', role: 'ingest' });
    const days = 365;
    const calls = generateCalls({ days, callsPerDay: Math.ceil(total / days), end: new Date(), seed: 42, transcripts: false });
    let sent = 0;
    const lines = Readable.from(
      (function* () {
        let chunk: string[] = [];
        for (const c of calls) {
          if (sent >= total) break;
          chunk.push(JSON.stringify(c));
          sent++;
          if (chunk.length === 1000) {
            yield `${chunk.join('\n')}\n`;
            chunk = [];
          }
        }
        if (chunk.length) yield `${chunk.join('\n')}\n`;
      })(),
    );
    const t0 = performance.now();
    const res = await request(`${base}/api/ingest/calls`, {
      method: 'POST',
      body: lines,
      headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/x-ndjson' },
      headersTimeout: 0,
      bodyTimeout: 0,
    });
    const body = (await res.body.json()) as { accepted: number; rejected: unknown[] };
    const secs = (performance.now() - t0) / 1000;
    const rss = peakRssMiB(child.pid!);
    console.log(`\n## Ingest (HTTP NDJSON, one request, ${database.label})\n`);
    console.log('| calls | accepted | rejected | seconds | calls/s | server peak RSS |');
    console.log('|---:|---:|---:|---:|---:|---:|');
    console.log(
      `| ${sent.toLocaleString('en-US')} | ${body.accepted.toLocaleString('en-US')} | ${body.rejected.length} | ${secs.toFixed(1)} | ${Math.round(body.accepted / secs).toLocaleString('en-US')} | ${rss.toFixed(0)} MiB |`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
    await database.drop();
  }
}
