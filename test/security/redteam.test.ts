// Red team: what an experienced attacker tried beyond the fuzz and authorisation
// tests, one test per finding (those that send hundreds of MB to a server process are in
// test/stress/redteamProcess.test.ts, run by `npm run test:stress`). Each of these broke a rule of CONTRACT §1–§3
// before its fix: an answer ≥ 500, an error that is not problem+json, a dead process,
// unbounded input, or a lenient parse.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { adminCreate, startServer, type ServerProcess } from '../helpers/serverProcess.js';
import { ADMIN, get, ingestNdjson, newOrg, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { assertProblem } from '../helpers/problem.js';
import { answerIssues, rawExchange, rawRequest, type RawAnswer } from './surface.js';

const ADMIN_TOKEN = 'redteam-admin';

// The server process runs the embedded engine in either pass, so the server-mode pass skips it.
const embeddedPassOnly = process.env.HONEYPOT_TEST_ENGINE === 'postgres' ? 'the server process is the same in the embedded pass' : false;

describe('red team: a real server process', { skip: embeddedPassOnly }, () => {
  let dir: string;
  let server: ServerProcess;
  let ingestKey: string;

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'honeypot-redteam-'));
    // A small heap: a request that makes the process allocate without end kills it quickly.
    server = await startServer({ HONEYPOT_DATA_DIR: dir, HONEYPOT_ADMIN_TOKEN: ADMIN_TOKEN, NODE_OPTIONS: '--max-old-space-size=256' });
    const adminPost = (url: string, body: unknown) => adminCreate(server, ADMIN_TOKEN, url, body);
    const org = await adminPost('/api/admin/orgs', { name: 'Red team', tier: 'pro' });
    ingestKey = (await adminPost(`/api/admin/orgs/${org.id}/keys`, { name: 'ingest', role: 'ingest' })).key;
  });

  after(async () => {
    await server?.stop('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  test(
    'NDJSON on the live-session routes is 415; it no longer hands the request stream to the validator (the process ran out of memory)',
    { timeout: 60_000 },
    async () => {
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
        }).catch((err: Error) =>
          assert.fail(`${method} ${url}: no answer (${err.message}); server output: ${server.output().slice(-500)}`),
        );
        assert.equal(res.status, 415, `${method} ${url}`);
        assert.match(res.headers.get('content-type') ?? '', /^application\/problem\+json/);
        assert.equal((await res.json()).code, 'unsupported_media_type');
      }
      assert.equal((await fetch(`${server.base}/healthz`)).status, 200);
    },
  );
});

/** Asserts a raw answer is the problem+json of `status` and `code`. */
function assertRawProblem(a: RawAnswer | { status: 0; body: string }, status: number, code: string, what: string) {
  assert.equal(a.status, status, `${what}: ${a.status} ${a.body.slice(0, 300)}`);
  const issues = answerIssues(a as RawAnswer);
  assert.deepEqual(issues, [], what);
  assert.equal(JSON.parse(a.body).code, code, what);
}

describe('red team: over the wire', () => {
  let t: TestApp;
  let pro: OrgKeys;
  let port: number;

  before(async () => {
    t = await testApp({ HONEYPOT_RATE_GENERAL: '100000/60', HONEYPOT_RATE_AGENT: '100000/60' });
    pro = await newOrg(t.app, 'pro', 'Red team');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  after(() => t.close());

  test("/docs/static paths that @fastify/static refuses are a 404, not a 500 (its 403 fell through to 'internal')", async () => {
    for (const target of [
      '/docs/static/%2e%2e/package.json',
      '/docs/static/swagger-ui.css%00',
      '/docs/static/swagger-ui.css/..',
      '/docs/static/swagger-ui.css//',
      '/docs/static/swagger-ui.css%5c',
    ]) {
      for (const method of ['GET', 'HEAD']) {
        const a = await rawRequest(port, { method, target });
        assert.equal(a.status, 404, `${method} ${target}: ${a.status} ${a.body.slice(0, 200)}`);
        if (method === 'GET') assertRawProblem(a, 404, 'not_found', `${method} ${target}`);
      }
    }
    assert.equal((await rawRequest(port, { method: 'GET', target: '/docs/static/swagger-ui.css' })).status, 200);
    // Its 416 (unsatisfiable Range) and 412 (failed If-Match) fell through to 500 the same way.
    const conditional: Record<string, string>[] = [
      { range: 'bytes=999999999-' },
      { range: 'bytes=5-1' },
      { 'if-match': '"nope"' },
      { 'if-unmodified-since': 'Sat, 01 Jan 2000 00:00:00 GMT' },
    ];
    for (const headers of conditional) {
      const a = await rawRequest(port, { method: 'GET', target: '/docs/static/swagger-ui.css', headers });
      assertRawProblem(a, 400, 'validation_failed', JSON.stringify(headers));
    }
  });

  test('an HTTP/1.1 request without Host, an unknown Expect and CONNECT get problem+json answers (Node answered a bare 400, a bare 417, or nothing)', async () => {
    const auth = `Authorization: Bearer ${pro.read}\r\n`;
    const noHost = await rawExchange(port, `GET /api/kpis/summary HTTP/1.1\r\n${auth}Connection: close\r\n\r\n`);
    assertRawProblem(noHost.answers[0] ?? { status: 0, body: noHost.rest }, 400, 'validation_failed', 'no Host');

    // RFC 9110 §10.1.1: an expectation the server does not know may be ignored; the request is served.
    const expect = await rawExchange(
      port,
      `GET /api/kpis/summary HTTP/1.1\r\nHost: x\r\n${auth}Expect: 200-ok\r\nConnection: close\r\n\r\n`,
    );
    assert.equal(expect.answers[0]?.status, 200, `Expect: 200-ok → ${expect.answers[0]?.statusLine ?? expect.rest}`);
    const expectNoKey = await rawExchange(port, `GET /api/kpis/summary HTTP/1.1\r\nHost: x\r\nExpect: x\r\nConnection: close\r\n\r\n`);
    assertRawProblem(expectNoKey.answers[0] ?? { status: 0, body: expectNoKey.rest }, 401, 'unauthorized', 'Expect without a key');

    const connectPath = await rawExchange(port, `CONNECT /api/kpis/summary HTTP/1.1\r\nHost: x\r\n${auth}\r\n`);
    const a = connectPath.answers[0] ?? { status: 0 as const, body: connectPath.rest };
    assertRawProblem(a, 405, 'method_not_allowed', 'CONNECT on an API path');
    assert.equal((a as RawAnswer).headers.allow, 'GET, HEAD');
    const connectHost = await rawExchange(port, `CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n`);
    assertRawProblem(connectHost.answers[0] ?? { status: 0, body: connectHost.rest }, 404, 'not_found', 'CONNECT host:port');

    assert.equal((await rawRequest(port, { method: 'GET', target: '/healthz' })).status, 200);
  });

  test('two Authorization headers are 401, whichever comes first (Node kept the first and a proxy may read the last)', async () => {
    const exchange = async (headers: string) => {
      const ex = await rawExchange(port, `GET /api/kpis/summary HTTP/1.1\r\nHost: x\r\n${headers}Connection: close\r\n\r\n`);
      return ex.answers[0] ?? { status: 0 as const, body: ex.rest };
    };
    const good = `Authorization: Bearer ${pro.read}\r\n`;
    const bad = 'Authorization: Bearer hpk_not_a_key\r\n';
    assert.equal((await exchange(good)).status, 200);
    for (const headers of [good + bad, bad + good, good + good]) {
      const a = await exchange(headers);
      assertRawProblem(a, 401, 'unauthorized', JSON.stringify(headers));
      assert.equal((a as RawAnswer).headers['www-authenticate'], 'Bearer');
    }
  });
});

describe('red team: bounded input', () => {
  let t: TestApp;
  let pro: OrgKeys;

  before(async () => {
    t = await testApp({ HONEYPOT_RATE_GENERAL: '100000/60', HONEYPOT_RATE_AGENT: '100000/60' });
    pro = await newOrg(t.app, 'pro', 'Bounded');
  });
  after(() => t.close());

  const post = (url: string, payload: unknown, key = pro.read) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { authorization: `Bearer ${key}` } });

  test('range, start and end are bounded: a 1 MB window value is invalid_range with a short answer, never stored in a saved search', async () => {
    const long = {
      range: `${'7'.repeat(1_000_000)}d`,
      // A valid RFC 3339 timestamp, with a million digits of fractional seconds.
      start: `2026-11-20T00:00:00.${'0'.repeat(1_000_000)}Z`,
      end: `2026-11-20T00:00:00.${'0'.repeat(1_000_000)}Z`,
    };
    for (const [name, value] of Object.entries(long)) {
      const saved = await post('/api/saved-searches', { name: 'long window', filters: { [name]: value } });
      assertProblem(saved, 400, 'invalid_range');
      assert.ok(saved.body.length < 2000, `${name}: a ${saved.body.length}-character answer`);
    }
    assert.deepEqual((await get(t.app, pro.read, '/api/saved-searches')).json().items, []);
    const query = await get(t.app, pro.read, `/api/kpis/summary?start=2026-11-20T00:00:00.${'0'.repeat(10_000)}Z`);
    assertProblem(query, 400, 'invalid_range');
    assert.ok(query.body.length < 2000, `a ${query.body.length}-character answer`);
    // Ordinary values still work, fractional seconds included.
    assert.equal((await get(t.app, pro.read, '/api/kpis/summary?start=2026-11-20T00:00:00.123456789Z&end=2026-11-21')).statusCode, 200);
  });

  test('a week bucket that would start before the year 0000 is invalid_range (it was stamped "-000001-12-27T00:00Z", not RFC 3339)', async () => {
    const res = await get(t.app, pro.read, '/api/kpis/timeseries/calls?bucket=week&start=0000-01-01&end=0000-01-08');
    assertProblem(res, 400, 'invalid_range');
    // The first Monday of year 0000 and later are fine.
    const ok = await get(t.app, pro.read, '/api/kpis/timeseries/calls?bucket=week&start=0000-01-03&end=0000-01-17');
    assert.equal(ok.statusCode, 200, ok.body);
    for (const p of ok.json().points) assert.match(p.timestamp, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  test('webhook subscriptions and alert rules are capped per org (each ingest fanned out to every one of an unbounded number)', async () => {
    const cap = 100;
    const kinds = [
      {
        url: '/api/webhooks/subscriptions',
        list: '/api/webhooks/subscriptions',
        body: (i: number) => ({ event_type: 'call.hooked', url: `https://hooks.example.invalid/${i}` }),
      },
      {
        url: '/api/alerts/rules',
        list: '/api/alerts/rules',
        body: (i: number) => ({
          name: `r${i}`,
          metric: 'calls',
          threshold: 1e9,
          window_min: 60,
          channel: 'webhook',
          target: 'https://hooks.example.invalid/alert',
        }),
      },
    ];
    for (const kind of kinds) {
      const ids: string[] = [];
      for (let i = 0; i < cap - 5; i++) {
        const res = await post(kind.url, kind.body(i));
        assert.equal(res.statusCode, 201, `${kind.url} #${i + 1}: ${res.body}`);
        ids.push(res.json().id);
      }
      // The last five places go to five of twenty concurrent requests, on every engine.
      const racing = await Promise.all(Array.from({ length: 20 }, (_, i) => post(kind.url, kind.body(cap + 10 + i))));
      assert.deepEqual(racing.map((r) => r.statusCode).sort(), [...Array(5).fill(201), ...Array(15).fill(409)]);
      ids.push(...racing.filter((r) => r.statusCode === 201).map((r) => r.json().id));
      assertProblem(await post(kind.url, kind.body(cap)), 409, 'conflict');
      assert.equal((await get(t.app, pro.read, kind.list)).json().items.length, cap);
      // Deleting one makes room again.
      const del = await t.app.inject({ method: 'DELETE', url: `${kind.url}/${ids[0]}`, headers: { authorization: `Bearer ${pro.read}` } });
      assert.equal(del.statusCode, 204);
      assert.equal((await post(kind.url, kind.body(cap + 1))).statusCode, 201);
    }
  });
});

describe('red team: empty JSON bodies', () => {
  let t: TestApp;
  let pro: OrgKeys;

  before(async () => {
    t = await testApp({ HONEYPOT_RATE_GENERAL: '100000/60', HONEYPOT_RATE_AGENT: '100000/60' });
    pro = await newOrg(t.app, 'pro', 'Empty bodies');
  });
  after(() => t.close());

  // Many HTTP clients send "Content-Type: application/json" on every request, bodies or not.
  const send = (method: 'POST' | 'DELETE' | 'PUT', url: string, key: string) =>
    t.app.inject({ method, url, payload: '', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } });

  test('Content-Type: application/json with an empty body is no body: routes without one answer as usual (it was 400 "The JSON body is empty"); a heartbeat needs none', async () => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      payload: { name: 'to delete', filters: {} },
      headers: { authorization: `Bearer ${pro.read}` },
    });
    assert.equal(saved.statusCode, 201);
    assert.equal((await send('DELETE', `/api/saved-searches/${saved.json().id}`, pro.read)).statusCode, 204);
    assertProblem(await send('DELETE', '/api/saved-searches/nope', pro.read), 404, 'not_found');
    assertProblem(await send('POST', '/api/ingest/sessions/LS_none/heartbeat', pro.ingest), 404, 'not_found');
    // The heartbeat's body is optional ({state?}): none at all is a plain heartbeat (it was 400 "body must be object").
    const session = { persona: 'm', caller_id: '+12025550143', state: 'talking', started_at: '2026-11-20T14:00:00Z' };
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/ingest/sessions/LS_hb',
      payload: session,
      headers: { authorization: `Bearer ${pro.ingest}` },
    });
    assert.equal(put.statusCode, 204, put.body);
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/sessions/LS_hb/heartbeat',
      headers: { authorization: `Bearer ${pro.ingest}` },
    });
    assert.equal(bare.statusCode, 204, bare.body);
    assert.equal((await send('POST', '/api/ingest/sessions/LS_hb/heartbeat', pro.ingest)).statusCode, 204);
    assert.equal((await send('DELETE', '/api/ingest/sessions/LS_none', pro.ingest)).statusCode, 204);
    // A route that needs a body says which.
    const missing = assertProblem(await send('POST', '/api/saved-searches', pro.read), 400, 'validation_failed');
    assert.equal(missing.errors?.[0]?.path, 'body');
    assertProblem(await send('PUT', '/api/ingest/sessions/LS_none', pro.ingest), 400, 'validation_failed');
    assertProblem(await send('POST', '/api/ingest/calls', pro.ingest), 400, 'validation_failed');
  });
});

describe('red team: live sessions nobody reads', () => {
  let t: TestApp;
  let org: OrgKeys;

  before(async () => {
    t = await testApp({ HONEYPOT_RATE_GENERAL: '100000/60', HONEYPOT_SESSION_TTL_SEC: '60' });
    org = await newOrg(t.app, 'pro', 'Abandoned sessions');
  });
  after(() => t.close());

  /** Sessions the store still holds for the org, expired ones included (the store's own bookkeeping). */
  async function held(orgId: string): Promise<number> {
    const store = t.app.deps.storage.sessions as any;
    if (store.byOrg) return store.byOrg.get(orgId)?.size ?? 0;
    return Number(await store.redis.zcard(`${store.prefix}sessions:${orgId}`));
  }

  test('expired sessions are dropped as new ones arrive, not only when someone reads active-calls (memory grew without bound)', async () => {
    const t0 = Date.parse('2026-11-20T14:00:00Z');
    const put = (sid: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/ingest/sessions/${sid}`,
        payload: { persona: 'm', caller_id: '+12025550143', state: 'talking', started_at: '2026-11-20T13:59:00Z' },
        headers: { authorization: `Bearer ${org.ingest}` },
      });
    t.setNow(new Date(t0));
    for (let i = 0; i < 200; i++) assert.equal((await put(`LS_abandoned_${i}`)).statusCode, 204);
    assert.equal(await held(org.orgId), 200);
    // Two TTLs later none of them is active; the next session alone remains.
    t.setNow(new Date(t0 + 121_000));
    assert.equal((await put('LS_fresh')).statusCode, 204);
    assert.equal(await held(org.orgId), 1);
    const active = await get(t.app, org.read, '/api/kpis/active-calls');
    assert.deepEqual(
      active.json().calls.map((c: { call_sid: string }) => c.call_sid),
      ['LS_fresh'],
    );
  });
});

describe('red team: content negotiation', () => {
  let t: TestApp;
  let pro: OrgKeys;

  before(async () => {
    t = await testApp({ HONEYPOT_RATE_GENERAL: '100000/60', HONEYPOT_RATE_AGENT: '100000/60' });
    pro = await newOrg(t.app, 'pro', 'Negotiation');
  });
  after(() => t.close());

  test('a compressed body is 415 (gzip JSON was "not valid JSON"; gzip NDJSON became a 422 of garbage records)', async () => {
    const json = JSON.stringify({ name: 'zipped', filters: {} });
    const ndjson = `${JSON.stringify({ call_sid: 'CA_zip', started_at: '2026-11-20T14:00:00Z', duration_sec: 60 })}\n`;
    for (const [url, key, type, body] of [
      ['/api/saved-searches', pro.read, 'application/json', json],
      ['/api/ingest/calls', pro.ingest, 'application/x-ndjson', ndjson],
    ] as const) {
      for (const encoding of ['gzip', 'deflate', 'br', 'GZIP', 'gzip, identity']) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          payload: gzipSync(body),
          headers: { authorization: `Bearer ${key}`, 'content-type': type, 'content-encoding': encoding },
        });
        assertProblem(res, 415, 'unsupported_media_type');
      }
      const plain = await t.app.inject({
        method: 'POST',
        url,
        payload: body,
        headers: { authorization: `Bearer ${key}`, 'content-type': type, 'content-encoding': 'identity' },
      });
      assert.ok(plain.statusCode < 300, plain.body);
    }
    // Authentication still comes first.
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      payload: gzipSync(json),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    assertProblem(anonymous, 401, 'unauthorized');
  });

  test('ask-stream streams server-sent events only when Accept prefers text/event-stream (q=0 and look-alike types were streamed)', async () => {
    const cases: [string, 'sse' | 'json'][] = [
      ['text/event-stream', 'sse'],
      ['TEXT/Event-Stream', 'sse'],
      ['text/event-stream; charset=utf-8', 'sse'],
      ['application/json;q=0.5, text/event-stream', 'sse'],
      ['text/event-stream, */*', 'sse'],
      ['text/event-stream;q=0', 'json'],
      ['text/event-stream; q=0.0', 'json'],
      ['application/json, text/event-stream;q=0.1', 'json'],
      ['text/event-streamx', 'json'],
      ['text/event-stream-x', 'json'],
      ['application/json', 'json'],
      ['*/*', 'json'],
      ['', 'json'],
    ];
    for (const [accept, want] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/agent/ask-stream',
        payload: { question: 'hello' },
        headers: { authorization: `Bearer ${pro.read}`, ...(accept ? { accept } : {}) },
      });
      assert.equal(res.statusCode, 200, `${accept}: ${res.body}`);
      const type = String(res.headers['content-type']);
      if (want === 'sse') assert.match(type, /^text\/event-stream/, `Accept: ${accept}`);
      else {
        assert.match(type, /^application\/json/, `Accept: ${accept}`);
        assert.ok(Array.isArray(res.json().events), `Accept: ${accept}`);
      }
    }
  });
});

describe('red team: blank names', () => {
  let t: TestApp;
  let pro: OrgKeys;

  before(async () => {
    t = await testApp({ HONEYPOT_RATE_GENERAL: '100000/60' });
    pro = await newOrg(t.app, 'pro', 'Blank names');
  });
  after(() => t.close());

  test('a name of spaces only is 400 on every create, as for saved searches (orgs, keys and rules were stored with the name "")', async () => {
    const as = (key: string, url: string, payload: unknown) =>
      t.app.inject({ method: 'POST', url, payload: payload as object, headers: { authorization: `Bearer ${key}` } });
    for (const blank of ['   ', '\t\n', '\u00a0\u2003']) {
      assertProblem(await as(ADMIN, '/api/admin/orgs', { name: blank, tier: 'free' }), 400, 'validation_failed');
      assertProblem(await as(ADMIN, `/api/admin/orgs/${pro.orgId}/keys`, { name: blank, role: 'read' }), 400, 'validation_failed');
      const rule = {
        name: blank,
        metric: 'calls',
        threshold: 1e9,
        window_min: 60,
        channel: 'webhook',
        target: 'https://hooks.example.invalid/a',
      };
      assertProblem(await as(pro.read, '/api/alerts/rules', rule), 400, 'validation_failed');
      assertProblem(await as(pro.read, '/api/saved-searches', { name: blank, filters: {} }), 400, 'validation_failed');
    }
    const named = await as(ADMIN, '/api/admin/orgs', { name: '  Acme  ', tier: 'free' });
    assert.equal(named.statusCode, 201);
    assert.equal(named.json().name, 'Acme');
  });
});

describe('red team: NDJSON bytes', () => {
  let t: TestApp;
  let org: OrgKeys;

  before(async () => {
    t = await testApp();
    org = await newOrg(t.app, 'pro', 'NDJSON bytes');
  });
  after(() => t.close());

  const line = (sid: string, persona = 'margaret') =>
    JSON.stringify({ call_sid: sid, started_at: '2026-11-20T14:00:00Z', duration_sec: 30, persona });
  const post = (body: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ingest/calls',
      payload: body,
      headers: { authorization: `Bearer ${org.ingest}`, 'content-type': 'application/x-ndjson' },
    });

  test('a UTF-8 byte-order mark before the first line does not cost that record (it was "not valid JSON")', async () => {
    const res = await ingestNdjson(t.app, org.ingest, `\ufeff${line('CA_bom_1')}\n${line('CA_bom_2')}\n`);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { accepted: 2, created: 2, updated: 0, rejected: [] });
  });

  test('a line with invalid UTF-8 is rejected alone; it was stored with the bytes silently replaced by U+FFFD', async () => {
    const bad = Buffer.from(line('CA_bad_utf8', 'PERSONA'), 'utf8');
    const at = bad.indexOf('PERSONA');
    bad[at] = 0xff; // never valid in UTF-8
    bad[at + 1] = 0xc0; // an overlong lead byte
    const body = Buffer.concat([Buffer.from(`${line('CA_utf8_ok_1')}\n`), bad, Buffer.from(`\n${line('CA_utf8_ok_2')}\n`)]);
    const res = await post(body);
    assert.equal(res.statusCode, 200, res.body);
    const out = res.json();
    assert.equal(out.accepted, 2);
    assert.deepEqual(out.rejected, [{ index: 1, call_sid: null, errors: [{ path: '(record)', message: 'is not valid UTF-8' }] }]);
    assert.equal((await get(t.app, org.read, '/api/calls/CA_bad_utf8')).statusCode, 404);
    assert.equal((await get(t.app, org.read, '/api/calls/CA_utf8_ok_2')).statusCode, 200);
  });
});
