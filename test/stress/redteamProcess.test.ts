// Red team, the stress tier (`npm run test:stress`): requests of hundreds of MB against a real
// server process with a small heap. Each of these killed the process or held the whole body
// before its fix. They moved here from test/security/redteam.test.ts unchanged in what they
// assert; their time limits are now measured (./measured.ts) instead of fixed, so a loaded
// machine makes them slower, not failed.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { adminCreate, startServer, type ServerProcess } from '../helpers/serverProcess.js';
import { measuredTimeout } from './measured.js';

const ADMIN_TOKEN = 'redteam-admin';

// The server process runs the embedded engine in either pass, so the server-mode pass skips it.
const embeddedPassOnly = process.env.HONEYPOT_TEST_ENGINE === 'postgres' ? 'the server process is the same in the embedded pass' : false;

describe('red team: a real server process, hundreds of MB', { skip: embeddedPassOnly }, () => {
  let dir: string;
  let server: ServerProcess;
  let ingestKey: string;
  let readKey: string;

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'honeypot-redteam-'));
    // A small heap: a request that makes the process allocate without end kills it quickly.
    server = await startServer({ HONEYPOT_DATA_DIR: dir, HONEYPOT_ADMIN_TOKEN: ADMIN_TOKEN, NODE_OPTIONS: '--max-old-space-size=256' });
    const adminPost = (url: string, body: unknown) => adminCreate(server, ADMIN_TOKEN, url, body);
    const org = await adminPost('/api/admin/orgs', { name: 'Red team', tier: 'pro' });
    ingestKey = (await adminPost(`/api/admin/orgs/${org.id}/keys`, { name: 'ingest', role: 'ingest' })).key;
    readKey = (await adminPost(`/api/admin/orgs/${org.id}/keys`, { name: 'read', role: 'read' })).key;
  });

  after(async () => {
    await server?.stop('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  test('JSON bodies of millions of tiny values are refused before they are parsed (64 MiB of [{},{},…] took 2 GB and 17 s; the process died)', async () => {
    const MiB = 1024 * 1024;
    let limit = 0; // per request, set below from a 4 MiB request of the same kind
    const post = async (url: string, key: string, body: string) => {
      const res = await fetch(`${server.base}${url}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body,
        signal: limit ? AbortSignal.timeout(limit) : undefined,
      }).catch((err: Error) => assert.fail(`POST ${url}: no answer (${err.message}); server output: ${server.output().slice(-300)}`));
      return { status: res.status, type: res.headers.get('content-type') ?? '', json: await res.json() };
    };
    const flood = (bytes: number) => `[${'{},'.repeat(Math.floor(bytes / 3) - 1)}{}]`;
    const deep = (bytes: number) => '['.repeat(bytes / 2) + ']'.repeat(bytes / 2);
    const record = (sid: string, extra = {}) => ({ call_sid: sid, started_at: '2026-11-20T14:00:00Z', duration_sec: 60, ...extra });

    limit = await measuredTimeout(16, async () => assert.equal((await post('/api/ingest/calls', ingestKey, flood(4 * MiB))).status, 400));
    // Ingest (64 MiB limit): an array of more than 10,000 elements is refused without building it.
    let res = await post('/api/ingest/calls', ingestKey, flood(64 * MiB - 16));
    assert.equal(res.status, 400);
    assert.equal(res.json.code, 'validation_failed');
    // One record holding millions of objects, or nested a million deep, is rejected alone, unparsed.
    const huge = JSON.stringify(record('CA_huge', { transcript: [] })).replace('"transcript":[]', `"transcript":${flood(60 * MiB)}`);
    res = await post(
      '/api/ingest/calls',
      ingestKey,
      `[${JSON.stringify(record('CA_beside_huge'))},${huge},${JSON.stringify(record('CA_deep')).replace('}', `,"x":${deep(2 * MiB)}}`)}]`,
    );
    assert.equal(res.status, 200, JSON.stringify(res.json).slice(0, 300));
    assert.equal(res.json.accepted, 1);
    assert.deepEqual(
      res.json.rejected.map((r: { index: number }) => r.index),
      [1, 2],
    );
    // Other routes (10 MiB limit): a flood of objects or a deep nest is a 400, not a parse.
    for (const body of [flood(10 * MiB - 16), deep(10 * MiB - 16), `{"name":"x","filters":{"q":"a"},"x":${flood(9 * MiB)}}`]) {
      res = await post('/api/saved-searches', readKey, body);
      assert.equal(res.status, 400, JSON.stringify(res.json));
      assert.match(res.type, /^application\/problem\+json/);
    }
    // Ordinary bodies still work, and the process is alive.
    res = await post('/api/ingest/calls', ingestKey, JSON.stringify([record('CA_after_1'), record('CA_after_2')]));
    assert.equal(res.status, 200);
    assert.equal(res.json.accepted, 2);
    assert.equal((await post('/api/saved-searches', readKey, JSON.stringify({ name: 'ok', filters: { q: 'gift' } }))).status, 201);
    assert.equal((await fetch(`${server.base}/healthz`)).status, 200);
  });

  test('a body over the limit gets its 413 even while the client is still sending it (the connection was reset under it)', async () => {
    const MiB = 1024 * 1024;
    async function* spaces(total: number): AsyncGenerator<Uint8Array> {
      const chunk = Buffer.alloc(MiB, 0x20);
      yield Buffer.from('[');
      for (let sent = 0; sent < total; sent += MiB) yield chunk;
      yield Buffer.from(']');
    }
    const cases: [string, string, number, boolean][] = [
      ['/api/ingest/calls', ingestKey, 72, true], // chunked: refused once 64 MiB have arrived
      ['/api/ingest/calls', ingestKey, 72, false], // Content-Length: refused before reading
      ['/api/saved-searches', readKey, 12, true],
      ['/api/saved-searches', readKey, 12, false],
    ];
    const send = (url: string, key: string, mib: number, chunked: boolean, signal?: AbortSignal) =>
      fetch(`${server.base}${url}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: chunked ? (spaces(mib * MiB) as unknown as BodyInit) : Buffer.alloc(mib * MiB, 0x20),
        duplex: 'half',
        signal,
      } as RequestInit);
    // Per request: a 12 MiB refusal measured now, scaled to the largest (72 MiB).
    const limit = await measuredTimeout(6, async () => assert.equal((await send('/api/saved-searches', readKey, 12, true)).status, 413));
    for (const [url, key, mib, chunked] of cases) {
      const res = await send(url, key, mib, chunked, AbortSignal.timeout(limit)).catch((err: Error) =>
        assert.fail(`${url} ${mib} MiB${chunked ? ' chunked' : ''}: no answer (${err.message}, ${String((err.cause as Error)?.message)})`),
      );
      assert.equal(res.status, 413, `${url} ${mib} MiB`);
      assert.equal((await res.json()).code, 'payload_too_large');
    }
    assert.equal((await fetch(`${server.base}/healthz`)).status, 200);
  });

  test('NDJSON of big records is written in batches bounded by size, not only by count (5,000 records of 1 MiB were held at once)', async () => {
    // 300 records of ~900 kB: 270 MB, more than the server's heap, in one request.
    const turn = { speaker: 'caller', text: 'Hello, this is Amazon customer service. '.repeat(2_400) };
    const transcript = Array.from({ length: 9 }, () => turn);
    const line = (i: number) =>
      `${JSON.stringify({ call_sid: `CA_big_${i}`, started_at: '2026-11-20T14:00:00Z', duration_sec: 60, transcript })}\n`;
    async function* body(from: number, to: number): AsyncGenerator<Uint8Array> {
      for (let i = from; i < to; i++) yield Buffer.from(line(i));
    }
    const ingest = (from: number, to: number, signal?: AbortSignal) =>
      fetch(`${server.base}/api/ingest/calls`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ingestKey}`, 'content-type': 'application/x-ndjson' },
        body: body(from, to) as unknown as BodyInit,
        duplex: 'half',
        signal,
      } as RequestInit);
    // Ten of the records measured now (stored again below, as the same call_sids), scaled to 300.
    const limit = await measuredTimeout(30, async () => assert.equal((await ingest(0, 10)).status, 200));
    const res = await ingest(0, 300, AbortSignal.timeout(limit)).catch((err: Error) =>
      assert.fail(`no answer (${err.message}); server output: ${server.output().slice(-300)}`),
    );
    assert.equal(res.status, 200, (await res.clone().text()).slice(0, 300));
    assert.equal((await res.json()).accepted, 300);
    assert.equal((await fetch(`${server.base}/healthz`)).status, 200);
  });
});
