// Red team (issue 11): what an experienced attacker tried beyond the fuzz and authorisation
// tests, one test per finding. Each of these broke a rule of issue 11 or CONTRACT §1–§3
// before its fix: an answer ≥ 500, an error that is not problem+json, a dead process,
// unbounded input, or a lenient parse.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startServer, type ServerProcess } from '../helpers/serverProcess.js';

const ADMIN_TOKEN = 'redteam-admin';

describe('red team: a real server process', () => {
  let dir: string;
  let server: ServerProcess;
  let ingestKey: string;

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'honeypot-redteam-'));
    // A small heap: a request that makes the process allocate without end kills it quickly.
    server = await startServer({ HONEYPOT_DATA_DIR: dir, HONEYPOT_ADMIN_TOKEN: ADMIN_TOKEN, NODE_OPTIONS: '--max-old-space-size=256' });
    const adminPost = async (url: string, body: unknown) => {
      const res = await fetch(`${server.base}${url}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      assert.equal(res.status, 201, await res.clone().text());
      return res.json();
    };
    const org = await adminPost('/api/admin/orgs', { name: 'Red team', tier: 'pro' });
    ingestKey = (await adminPost(`/api/admin/orgs/${org.id}/keys`, { name: 'ingest', role: 'ingest' })).key;
  });

  after(async () => {
    await server?.stop('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  test('NDJSON on the live-session routes is 415; it no longer hands the request stream to the validator (the process ran out of memory)', { timeout: 60_000 }, async () => {
    const session = JSON.stringify({ persona: 'm', caller_id: '+12025550143', state: 'talking', started_at: '2026-11-20T14:00:00Z' });
    for (const [method, url] of [
      ['PUT', '/api/ingest/sessions/LS_ndjson'],
      ['POST', '/api/ingest/sessions/LS_ndjson/heartbeat'],
      ['DELETE', '/api/ingest/sessions/LS_ndjson'],
    ]) {
      const res = await fetch(`${server.base}${url}`, {
        method,
        headers: { authorization: `Bearer ${ingestKey}`, 'content-type': 'application/x-ndjson' },
        body: session,
        signal: AbortSignal.timeout(15_000),
      }).catch((err: Error) => assert.fail(`${method} ${url}: no answer (${err.message}); server output: ${server.output().slice(-500)}`));
      assert.equal(res.status, 415, `${method} ${url}`);
      assert.match(res.headers.get('content-type') ?? '', /^application\/problem\+json/);
      assert.equal((await res.json()).code, 'unsupported_media_type');
    }
    assert.equal((await fetch(`${server.base}/healthz`)).status, 200);
  });
});
