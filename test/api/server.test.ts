// The server process as a newcomer runs it: demo data on a fresh directory, a printed read
// key that answers, and a clean exit on SIGTERM.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

test('fresh start seeds the demo, prints a working key, and SIGTERM exits 0', { timeout: 120_000 }, async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'honeypot-server-'));
  const port = 18_000 + Math.floor(Math.random() * 1000);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    env: { ...process.env, HONEYPOT_DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', HONEYPOT_DEMO: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  try {
    const key = await new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const m = /Demo read key[^\n]*\n\s*(hpk_[A-Za-z0-9_-]+)/.exec(out);
        if (m) {
          clearInterval(timer);
          resolve(m[1]);
        }
      }, 100);
      child.once('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
    });
    const res = await fetch(`http://127.0.0.1:${port}/api/kpis/summary?range=30d`, { headers: { authorization: `Bearer ${key}` } });
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.ok(body.calls_received > 5000, `demo calls: ${body.calls_received}`);
    assert.ok(body.tier1_calls > 0 && body.hooked_calls > 0);
    const active = await (await fetch(`http://127.0.0.1:${port}/api/kpis/active-calls`, { headers: { authorization: `Bearer ${key}` } })).json();
    assert.ok(active.active_count > 0, 'demo live sessions');
    const code = await new Promise<number | null>((resolve) => {
      child.once('exit', (c) => resolve(c));
      child.kill('SIGTERM');
    });
    assert.equal(code, 0);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
