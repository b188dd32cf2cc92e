// The stress tier (`npm run test:stress`). One NDJSON line of 600 MB against a real server
// process: readline kept the whole line and the process died (RangeError: Invalid string length). Now the line is
// rejected as one record while it streams by, the server stays healthy, and its peak memory
// stays far below the upload's size. Runs in the embedded (DuckDB) pass: the line never
// reaches the storage engine.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminCreate, startServer, type ServerProcess } from '../helpers/serverProcess.js';
import { measuredTimeout } from './measured.js';

const MB = 1_000_000;
const ADMIN_TOKEN = 'huge-line-admin';

/** Peak resident memory (VmHWM) of a process, in bytes. */
function peakRss(pid: number): number {
  const m = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  assert.ok(m, 'VmHWM in /proc/<pid>/status');
  return Number(m[1]) * 1024;
}

/** `total` bytes of one JSON-looking line without a line break, in 1 MB chunks of one buffer. */
async function* oneLine(total: number): AsyncGenerator<Uint8Array> {
  const chunk = Buffer.alloc(MB, 'a');
  yield Buffer.from('{"call_sid":"');
  for (let sent = 0; sent < total; sent += MB) yield chunk;
}

describe('a 600 MB NDJSON line', () => {
  let dir: string;
  let server: ServerProcess;
  let ingestKey: string;

  const post = (body: AsyncIterable<Uint8Array> | string, signal?: AbortSignal) =>
    fetch(`${server.base}/api/ingest/calls`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ingestKey}`, 'content-type': 'application/x-ndjson' },
      body: body as BodyInit,
      duplex: 'half',
      signal,
    } as RequestInit);

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'honeypot-huge-line-'));
    server = await startServer({ HONEYPOT_DATA_DIR: dir, HONEYPOT_ADMIN_TOKEN: ADMIN_TOKEN });
    const adminPost = (url: string, body: unknown) => adminCreate(server, ADMIN_TOKEN, url, body);
    const org = await adminPost('/api/admin/orgs', { name: 'Huge line', tier: 'pro' });
    ingestKey = (await adminPost(`/api/admin/orgs/${org.id}/keys`, { name: 'ingest', role: 'ingest' })).key;
  });

  after(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is rejected as one record; the server stays healthy with RSS under 600 MB', async () => {
    // The time limit: a 20 MB line measured now, scaled to 600 MB.
    const limit = await measuredTimeout(30, async () => assert.equal((await post(oneLine(20 * MB))).status, 422));
    const res = await post(oneLine(600 * MB), AbortSignal.timeout(limit));
    assert.equal(res.status, 422, server.output());
    const problem = await res.json();
    assert.equal(problem.code, 'all_records_rejected');
    assert.deepEqual(problem.rejected, [{ index: 0, call_sid: null, errors: [{ path: '(record)', message: 'is longer than 1 MiB' }] }]);

    assert.equal((await fetch(`${server.base}/healthz`)).status, 200);
    const ok = await post(`${JSON.stringify({ call_sid: 'CA_after_huge', started_at: '2026-11-20T14:00:00Z', duration_sec: 60 })}\n`);
    assert.equal(ok.status, 200, await ok.clone().text());
    assert.equal((await ok.json()).accepted, 1);

    const peak = peakRss(server.child.pid!);
    assert.ok(peak < 600 * MB, `peak RSS ${Math.round(peak / MB)} MB`);
  });
});
