// Hostile requests and hostile keys: authorisation by declared route access (not by
// URL text), framework errors as problem+json, rate limits that count refusals, strict JSON
// bodies, bounded query values, /docs headers and the optional /metrics token.

import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { admin, ADMIN, get, ingest, newOrg, scopedKey, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { assertProblem } from '../helpers/problem.js';

const call = (sid: string) => ({
  call_sid: sid,
  started_at: '2026-11-20T14:00:00Z',
  duration_sec: 60,
  caller_id: '+12125550143',
  extraction: { impersonated_brand: 'Amazon', lure_category: 'REFUND', gift_card_brand: 'Apple' },
});

const as = (t: TestApp, key: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${key}` } });

/** One raw HTTP/1.1 exchange, for what app.inject cannot send (huge request lines, bad methods). */
function raw(port: number, request: string | Buffer): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', () => {}); // the server may close while we still write; the answer is what counts
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      const lines = head.split('\r\n');
      const m = /^HTTP\/1\.1 (\d{3})/.exec(lines[0] ?? '');
      if (!m) return reject(new Error(`no HTTP answer to ${String(request).slice(0, 40)}: ${JSON.stringify(text.slice(0, 200))}`));
      const headers: Record<string, string> = {};
      for (const l of lines.slice(1)) {
        const i = l.indexOf(':');
        headers[l.slice(0, i).toLowerCase()] = l.slice(i + 1).trim();
      }
      resolve({ status: Number(m[1]), headers, body: rest.join('\r\n\r\n') });
    });
    // No half-close after the request: Node drops an answer still in the works when the
    // client ends its side. Every request here asks the server to close instead.
    socket.write(request);
    setTimeout(() => socket.destroy(), 10_000).unref();
  });
}

function assertRawProblem(res: { status: number; headers: Record<string, string>; body: string }, status: number, code: string) {
  assert.equal(res.status, status, res.body);
  assert.match(res.headers['content-type'] ?? '', /^application\/problem\+json/);
  // A chunked body (Fastify's own answers) carries its chunk sizes; the JSON is between braces.
  const body = JSON.parse(res.body.slice(res.body.indexOf('{'), res.body.lastIndexOf('}') + 1));
  assert.equal(body.status, status);
  assert.equal(body.code, code);
  return body;
}

describe('hostile requests', () => {
  let t: TestApp;
  let pro: OrgKeys;
  let free: OrgKeys;
  let scoped: string;
  let port: number;

  before(async () => {
    t = await testApp({ HONEYPOT_RATE_GENERAL: '100000/60', HONEYPOT_RATE_AGENT: '100000/60' });
    pro = await newOrg(t.app, 'pro', 'Pro');
    free = await newOrg(t.app, 'free', 'Free');
    scoped = await scopedKey(t.app, pro.orgId, { impersonated_brand: ['Amazon'] });
    assert.equal((await ingest(t.app, pro.ingest, [call('CA_hostile_1')])).statusCode, 200);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  after(() => t.close());

  test('authorisation follows the route, not the URL text: percent-encoded paths get the same answer', async () => {
    // A free org on an encoded pro path.
    const agent = await as(t, free.read, 'POST', '/api/%61gent/ask', { question: 'How many calls today?' });
    assert.equal(assertProblem(agent, 403, 'tier_required').required_tier, 'pro');
    assertProblem(await as(t, free.read, 'GET', '/api/%77ebhooks/events'), 403, 'tier_required');
    assertProblem(await as(t, free.read, 'GET', '/api/exports/tier%31'), 403, 'tier_required');
    // A scoped read key on an encoded ingest path must not overwrite anything.
    const overwrite = { ...call('CA_hostile_1'), extraction: null };
    assertProblem(await as(t, scoped, 'POST', '/api/%69ngest/calls', [overwrite]), 403, 'forbidden');
    assertProblem(await as(t, pro.read, 'POST', '/%61pi/ingest/calls', [overwrite]), 403, 'forbidden');
    const stored = (await get(t.app, pro.read, '/api/calls/CA_hostile_1')).json();
    assert.equal(stored.extraction.gift_card_brand, 'Apple');
    // An ingest key on an encoded read path.
    assertProblem(await as(t, pro.ingest, 'GET', '/api/kpis/%73ummary'), 403, 'forbidden');
    // The same request unencoded is allowed where it should be.
    assert.equal((await as(t, pro.read, 'GET', '/api/kpis/%73ummary')).statusCode, 200);
  });

  test('an ingest key on an unknown path is a 404, not a 403', async () => {
    assertProblem(await as(t, pro.ingest, 'GET', '/api/nope'), 404, 'not_found');
    assertProblem(await as(t, pro.read, 'POST', '/api/ingest/nope', {}), 404, 'not_found');
  });

  test('a wrong method is a 405 with Allow', async () => {
    const res = await as(t, pro.read, 'DELETE', '/api/kpis/summary');
    assertProblem(res, 405, 'method_not_allowed');
    assert.equal(res.headers.allow, 'GET, HEAD');
    const put = await as(t, pro.read, 'PUT', '/api/saved-searches');
    assertProblem(put, 405, 'method_not_allowed');
    assert.equal(put.headers.allow, 'GET, HEAD, POST');
  });

  test('framework errors are problem+json: bad URL, long URL, huge headers, bad Content-Length, unknown method', async () => {
    const auth = `Authorization: Bearer ${pro.read}\r\nConnection: close\r\n`;
    assertRawProblem(await raw(port, `GET /api/kpis/summary% HTTP/1.1\r\nHost: x\r\n${auth}\r\n`), 400, 'validation_failed');
    assertRawProblem(await raw(port, `GET /api/calls/%ED%A0%80 HTTP/1.1\r\nHost: x\r\n${auth}\r\n`), 400, 'validation_failed');
    const longUrl = `/api/calls?q=${'a'.repeat(100_000)}`;
    assertRawProblem(await raw(port, `GET ${longUrl} HTTP/1.1\r\nHost: x\r\n${auth}\r\n`), 414, 'uri_too_long');
    const bigHeader = `X-Filler: ${'b'.repeat(100_000)}\r\n`;
    assertRawProblem(
      await raw(port, `GET /api/kpis/summary HTTP/1.1\r\nHost: x\r\n${auth}${bigHeader}\r\n`),
      431,
      'header_fields_too_large',
    );
    assertRawProblem(
      await raw(
        port,
        `POST /api/saved-searches HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: abc\r\n\r\n{}`,
      ),
      400,
      'validation_failed',
    );
    const unknown = await raw(port, `FOO /api/kpis/summary HTTP/1.1\r\nHost: x\r\n${auth}\r\n`);
    assertRawProblem(unknown, 405, 'method_not_allowed');
    assert.equal(unknown.headers.allow, 'GET, HEAD');
    assertRawProblem(await raw(port, `PROPFIND /api/kpis/summary HTTP/1.1\r\nHost: x\r\n${auth}\r\n`), 405, 'method_not_allowed');
    assertRawProblem(await raw(port, `FOO /api/nothing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`), 404, 'not_found');
    // Still serving.
    assert.equal((await get(t.app, pro.read, '/api/kpis/summary')).statusCode, 200);
  });

  test('bodies are validated strictly: no type coercion', async () => {
    assertProblem(await as(t, pro.read, 'POST', '/api/agent/ask', { question: 12345 }), 400, 'validation_failed');
    const rule = { name: 'r', metric: 'calls', window_min: 60, channel: 'webhook', target: 'https://example.com/hook' };
    assertProblem(await as(t, pro.read, 'POST', '/api/alerts/rules', { ...rule, threshold: '1' }), 400, 'validation_failed');
    assertProblem(await as(t, pro.read, 'POST', '/api/alerts/rules', { ...rule, threshold: 1e29 }), 400, 'validation_failed');
    assert.equal((await as(t, pro.read, 'POST', '/api/alerts/rules', { ...rule, threshold: 1 })).statusCode, 201);
    const sub = { event_type: 'call.hooked', url: ['https://example.com/a'] };
    assertProblem(await as(t, pro.read, 'POST', '/api/webhooks/subscriptions', sub), 400, 'validation_failed');
    assertProblem(
      await as(t, pro.read, 'POST', '/api/saved-searches', { name: 'x', filters: { hooked: 'true' } }),
      400,
      'validation_failed',
    );
    assertProblem(await as(t, pro.read, 'POST', '/api/saved-searches', { name: 'x', filters: { tier: ['1'] } }), 400, 'validation_failed');
    assertProblem(await as(t, pro.read, 'POST', '/api/saved-searches', { name: ['x'], filters: {} }), 400, 'validation_failed');
    assertProblem(await admin(t.app, 'POST', '/api/admin/orgs', { name: 'x', tier: ['pro'] }), 400, 'validation_failed');
    // A single value for a repeatable filter is documented, not coerced: it is kept as a list.
    const one = await as(t, pro.read, 'POST', '/api/saved-searches', { name: 'x', filters: { impersonated_brand: 'Amazon', tier: 1 } });
    assert.equal(one.statusCode, 201, one.body);
    assert.deepEqual(one.json().filters, { impersonated_brand: ['Amazon'], tier: [1] });
    // Query strings still take text.
    assert.equal((await get(t.app, pro.read, '/api/calls?limit=5&tier=1&hooked=true')).statusCode, 200);
  });

  test('NUL, lone surrogates and non-finite numbers in queries, ids and bodies are 400, never 500 or ignored', async () => {
    for (const url of [
      '/api/calls?q=a%00b',
      '/api/calls?impersonated_brand=Ama%00zon',
      '/api/calls/CA%00x',
      '/api/calls?limit=1e309',
      '/api/calls?max_duration_sec=Infinity',
      '/api/calls?min_duration_sec=-1e309',
      '/api/calls?tier=1e309',
      '/api/kpis/tier1?limit=1e309',
      '/api/kpis/topn/impersonated_brand?n=1e309',
      '/api/webhooks/deliveries?limit=Infinity',
    ]) {
      assertProblem(await get(t.app, pro.read, url), 400, 'validation_failed');
    }
    const ask = { 'content-type': 'application/json', authorization: `Bearer ${pro.read}` };
    for (const payload of [
      '{"name":"a\\u0000b","filters":{}}',
      '{"name":"a\\ud800b","filters":{}}',
      '{"name":"x","filters":{"q":"\\udc00"}}',
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/saved-searches', payload, headers: ask });
      assertProblem(res, 400, 'validation_failed');
    }
    const threshold =
      '{"name":"r","metric":"calls","window_min":60,"channel":"webhook","target":"https://example.com/h","threshold":1e309}';
    assertProblem(
      await t.app.inject({ method: 'POST', url: '/api/alerts/rules', payload: threshold, headers: ask }),
      400,
      'validation_failed',
    );
    assertProblem(await admin(t.app, 'POST', '/api/admin/orgs', { name: 'Ac\u0000me', tier: 'pro' }), 400, 'validation_failed');
  });

  test('/docs carries the dashboard security headers', async () => {
    for (const url of ['/docs', '/docs/']) {
      const res = await t.app.inject({ url });
      assert.equal(res.statusCode, 200, url);
      assert.match(String(res.headers['content-security-policy']), /frame-ancestors 'none'/, url);
      assert.equal(res.headers['x-content-type-options'], 'nosniff', url);
      assert.equal(res.headers['x-frame-options'], 'DENY', url);
      assert.equal(res.headers['referrer-policy'], 'no-referrer', url);
    }
  });
});

describe('rate limits count every request of a key, and unauthenticated ones per address', () => {
  test('403 and 404 answers use up the key; the key is then limited everywhere', async () => {
    const t = await testApp({ HONEYPOT_RATE_GENERAL: '3/60' });
    try {
      const free = await newOrg(t.app, 'free');
      assertProblem(await as(t, free.read, 'GET', '/api/webhooks/events'), 403, 'tier_required');
      assertProblem(await as(t, free.read, 'POST', '/api/ingest/calls', [call('CA_x')]), 403, 'forbidden');
      assertProblem(await as(t, free.read, 'GET', '/api/nope'), 404, 'not_found');
      const limited = await as(t, free.read, 'GET', '/api/kpis/summary');
      assertProblem(limited, 429, 'rate_limited');
      assert.ok(Number(limited.headers['retry-after']) > 0);
      // The org's other key has its own budget.
      assert.equal((await as(t, free.ingest, 'POST', '/api/ingest/calls', [call('CA_y')])).statusCode, 200);
    } finally {
      await t.close();
    }
  });

  test('requests without a valid key, and failed admin tokens, are limited per client address', async () => {
    const t = await testApp({ HONEYPOT_RATE_GENERAL: '3/60' });
    try {
      const org = await newOrg(t.app);
      for (let i = 0; i < 3; i++) {
        const res = await t.app.inject({ url: '/api/kpis/summary', headers: { authorization: `Bearer hpk_guess${i}` } });
        assertProblem(res, 401, 'unauthorized');
        assert.equal(res.headers['ratelimit-limit'], '3');
      }
      assertProblem(await t.app.inject({ url: '/api/kpis/summary' }), 429, 'rate_limited');
      assertProblem(await t.app.inject({ url: '/api/admin/orgs', headers: { authorization: 'Bearer wrong' } }), 429, 'rate_limited');
      // Another address is not limited; a valid key is counted on its own.
      const other = await t.app.inject({ url: '/api/admin/orgs', remoteAddress: '10.0.0.2', headers: { authorization: 'Bearer wrong' } });
      assertProblem(other, 401, 'unauthorized');
      assert.equal((await get(t.app, org.read, '/api/kpis/summary')).statusCode, 200);
      // The admin token itself is never limited; health checks neither.
      for (let i = 0; i < 5; i++) assert.equal((await admin(t.app, 'GET', '/api/admin/orgs')).statusCode, 200);
      for (let i = 0; i < 5; i++) assert.equal((await t.app.inject({ url: '/healthz' })).statusCode, 200);
    } finally {
      await t.close();
    }
  });
});

describe('/metrics token', () => {
  test('open without HONEYPOT_METRICS_TOKEN; with it, only its bearer gets the metrics', async () => {
    const open = await testApp();
    try {
      assert.equal((await open.app.inject({ url: '/metrics' })).statusCode, 200);
    } finally {
      await open.close();
    }
    const t = await testApp({ HONEYPOT_METRICS_TOKEN: 'scrape-secret' });
    try {
      const none = await t.app.inject({ url: '/metrics' });
      assertProblem(none, 401, 'unauthorized');
      assert.equal(none.headers['www-authenticate'], 'Bearer');
      assertProblem(await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${ADMIN}` } }), 401, 'unauthorized');
      const ok = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape-secret' } });
      assert.equal(ok.statusCode, 200);
      assert.match(ok.body, /honeypot_http_requests_total/);
    } finally {
      await t.close();
    }
  });
});
