// The server process as a newcomer runs it: demo data on a fresh directory, a printed read
// key that answers, and a clean exit on SIGTERM.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { startServer } from '../helpers/serverProcess.js';

test('fresh start seeds the demo, prints a working key, and SIGTERM exits 0', { timeout: 120_000 }, async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'honeypot-server-'));
  const keyLine = /Demo read key[^\n]*\n\s*(hpk_[A-Za-z0-9_-]+)/;
  const server = await startServer({ HONEYPOT_DATA_DIR: dir, HONEYPOT_DEMO: '1' }, keyLine);
  try {
    const key = keyLine.exec(server.output())![1];
    const headers = { authorization: `Bearer ${key}` };
    const res = await fetch(`${server.base}/api/kpis/summary?range=30d`, { headers });
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.ok(body.calls_received > 5000, `demo calls: ${body.calls_received}`);
    assert.ok(body.tier1_calls > 0 && body.hooked_calls > 0);
    const active = await (await fetch(`${server.base}/api/kpis/active-calls`, { headers })).json();
    assert.ok(active.active_count > 0, 'demo live sessions');
    assert.equal(await server.stop('SIGTERM'), 0);
  } finally {
    await server.stop('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
