// GET /openapi.json: lint-clean under redocly's recommended ruleset, and
// complete: operationIds, security, problem+json errors, rate-limit headers, the NDJSON and
// server-sent-event media types, 204 on DELETE, optional `limit`, servers. Expectations come
// from the contract (CONTRACT §1–§3), not from the code that builds the document.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { ingest, newOrg, testApp, type TestApp } from '../helpers/app.js';

type Json = any;

const ROOT = path.resolve(import.meta.dirname, '../..');
const REDOCLY = path.join(path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin', 'cli.js');

const CONTRACT_CODES = [
  'validation_failed',
  'invalid_range',
  'unauthorized',
  'tier_required',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'all_records_rejected',
  'rate_limited',
  'internal',
];
const PRO_PREFIXES = ['/api/agent/', '/api/webhooks/', '/api/alerts/', '/api/exports/'];
const PUBLIC_PATHS = ['/healthz', '/readyz', '/openapi.json'];
const RATE_LIMIT_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

interface Op {
  method: string;
  path: string;
  op: Json;
}

/** Follows local `$ref`s (`#/components/...`) in the document. */
function deref(doc: Json, node: Json): Json {
  while (node && typeof node.$ref === 'string') {
    node = node.$ref
      .slice(2)
      .split('/')
      .reduce((n: Json, key: string) => n?.[key], doc);
  }
  return node;
}

describe('OpenAPI document', () => {
  let t: TestApp;
  let doc: Json;
  let ops: Op[];
  const label = (o: Op) => `${o.method.toUpperCase()} ${o.path}`;
  const find = (method: string, p: string) => {
    const o = ops.find((x) => x.method === method && x.path === p);
    assert.ok(o, `${method.toUpperCase()} ${p} is documented`);
    return o.op;
  };
  const keyed = () => ops.filter((o) => o.path.startsWith('/api/') && !o.path.startsWith('/api/admin/'));

  /** The response's problem schema: problem+json whose schema is (or extends) the Problem component. */
  function assertProblem(o: Op, status: string, codes: string[] = []) {
    const res = deref(doc, o.op.responses?.[status]);
    assert.ok(res, `${label(o)} documents ${status}`);
    const schema = res.content?.['application/problem+json']?.schema;
    assert.ok(schema, `${label(o)} ${status} is application/problem+json`);
    const refs = [schema.$ref, ...(schema.allOf ?? []).map((s: Json) => s.$ref)];
    assert.ok(refs.includes('#/components/schemas/Problem'), `${label(o)} ${status} uses the Problem schema`);
    const allowed: string[] = schema.properties?.code?.enum ?? deref(doc, { $ref: '#/components/schemas/Problem' }).properties.code.enum;
    for (const code of codes) assert.ok(allowed.includes(code), `${label(o)} ${status} allows code ${code}`);
    return res;
  }

  before(async () => {
    t = await testApp();
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    assert.equal(res.statusCode, 200);
    doc = res.json();
    ops = Object.entries(doc.paths as Json).flatMap(([p, item]: [string, Json]) =>
      METHODS.filter((m) => item[m]).map((method) => ({ method, path: p, op: item[method] })),
    );
  });
  after(() => t.close());

  test('redocly lint (recommended ruleset) finds no error and no warning', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'honeypot-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      // No network: telemetry and the update check are off.
      const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NODE_ENV: 'test' };
      const run = promisify(execFile)(
        process.execPath,
        [REDOCLY, 'lint', '--config', path.join(ROOT, 'redocly.yaml'), '--format=json', file],
        { cwd: dir, env, maxBuffer: 64 * 1024 * 1024 },
      );
      const { stdout } = await run.catch((err: Json) => err);
      const report = JSON.parse(stdout);
      const problems = report.problems.map((p: Json) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer}`);
      assert.deepEqual(problems, []);
      assert.deepEqual(report.totals, { errors: 0, warnings: 0, ignored: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('redocly runs the recommended ruleset: an incomplete document fails', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'honeypot-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      const broken = structuredClone(doc);
      delete broken.servers;
      delete broken.paths['/api/calls'].get.operationId;
      writeFileSync(file, JSON.stringify(broken));
      const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NODE_ENV: 'test' };
      const err: Json = await promisify(execFile)(
        process.execPath,
        [REDOCLY, 'lint', '--config', path.join(ROOT, 'redocly.yaml'), '--format=json', file],
        { cwd: dir, env },
      ).catch((e) => e);
      assert.equal(err.code, 1);
      const rules = JSON.parse(err.stdout).problems.map((p: Json) => p.ruleId);
      assert.ok(rules.includes('no-empty-servers') && rules.includes('operation-operationId'), rules.join(', '));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('servers, and a unique camelCase operationId on every operation', () => {
    assert.equal(doc.openapi, '3.1.0');
    assert.ok(Array.isArray(doc.servers) && doc.servers.length > 0 && typeof doc.servers[0].url === 'string', 'servers');
    assert.ok(ops.length >= 40, `${ops.length} operations`);
    const ids = ops.map((o) => o.op.operationId);
    // Each route names its own (schema.operationId): one without is a failure here, not a made-up id.
    for (const [i, id] of ids.entries()) assert.match(id, /^[a-z][A-Za-z0-9]*$/, label(ops[i]));
    assert.equal(new Set(ids).size, ids.length, 'operationIds are unique');
  });

  test('security: API key on /api, the admin token on /api/admin, none on health and docs', () => {
    for (const o of ops) {
      assert.ok(Array.isArray(o.op.security), `${label(o)} declares its security`);
      if (o.path.startsWith('/api/admin/')) assert.deepEqual(o.op.security, [{ adminToken: [] }], label(o));
      else if (o.path === '/api/session')
        assert.deepEqual(o.op.security, [], label(o)); // the key is in the body
      else if (o.path.startsWith('/api/ingest/')) assert.deepEqual(o.op.security, [{ apiKey: [] }], label(o));
      // A read key, or the dashboard's session cookie standing for one.
      else if (o.path.startsWith('/api/')) assert.deepEqual(o.op.security, [{ apiKey: [] }, { sessionCookie: [] }], label(o));
    }
    for (const p of PUBLIC_PATHS) assert.deepEqual(find('get', p).security, [], p);
  });

  test('the Problem component: contract members and codes, more members allowed', () => {
    const problem = doc.components.schemas.Problem;
    assert.deepEqual([...problem.required].sort(), ['code', 'detail', 'status', 'title', 'type']);
    for (const m of ['type', 'title', 'status', 'code', 'detail', 'errors']) assert.ok(problem.properties[m], m);
    const fieldError = deref(doc, problem.properties.errors.items);
    assert.deepEqual(Object.keys(fieldError.properties).sort(), ['message', 'path']);
    for (const code of CONTRACT_CODES) assert.ok(problem.properties.code.enum.includes(code), code);
    assert.notEqual(problem.additionalProperties, false);
  });

  test('keyed operations: 401, 403 and 429 as problem+json, RateLimit headers, Retry-After on 429', () => {
    assert.ok(keyed().length >= 30, 'keyed operations');
    for (const o of keyed()) {
      assert.ok(assertProblem(o, '401', ['unauthorized']).headers?.['WWW-Authenticate'], `${label(o)} 401 WWW-Authenticate`);
      assertProblem(o, '403', ['forbidden']);
      if (PRO_PREFIXES.some((p) => o.path.startsWith(p))) assertProblem(o, '403', ['tier_required']);
      const tooMany = assertProblem(o, '429', ['rate_limited']);
      assert.ok(tooMany.headers?.['Retry-After'], `${label(o)} 429 Retry-After`);
      for (const [status, res] of Object.entries(o.op.responses as Json)) {
        for (const h of RATE_LIMIT_HEADERS) assert.ok(deref(doc, res).headers?.[h], `${label(o)} ${status} ${h}`);
      }
    }
    const limit = deref(doc, doc.components.headers['RateLimit-Reset']);
    assert.equal(limit.schema.type, 'integer');
  });

  test('admin operations: 401 problem+json', () => {
    const adminOps = ops.filter((o) => o.path.startsWith('/api/admin/'));
    assert.ok(adminOps.length >= 6, 'admin operations');
    for (const o of adminOps) assertProblem(o, '401', ['unauthorized']);
  });

  test('400 on input, 404 on path ids, 413 and 415 on bodies, 500 everywhere', () => {
    // TAXII 2.1 answers its own error messages: checked in the next test.
    for (const o of ops.filter((x) => !x.path.startsWith('/taxii2/'))) {
      if (o.op.parameters?.length || o.op.requestBody) assertProblem(o, '400', ['validation_failed']);
      if (o.path.includes('{')) assertProblem(o, '404', ['not_found']);
      if (o.op.requestBody) {
        assertProblem(o, '413', ['payload_too_large']);
        assertProblem(o, '415', ['unsupported_media_type']);
      }
      assertProblem(o, '500', ['internal']);
      assert.ok(
        Object.keys(o.op.responses).some((s) => /^4/.test(s)),
        `${label(o)} has a 4xx`,
      );
    }
  });

  test('TAXII 2.1 operations: their errors are TAXII error messages, documented as such', () => {
    const taxii = ops.filter((o) => o.path.startsWith('/taxii2/'));
    assert.equal(taxii.length, 8, 'the eight TAXII operations (object versions included)');
    for (const o of taxii) {
      for (const status of ['400', '401', '403', '404', '406', '500']) {
        const res = deref(doc, o.op.responses?.[status]);
        assert.ok(res, `${label(o)} documents ${status}`);
        const schema = deref(doc, res.content?.['application/taxii+json;version=2.1']?.schema);
        assert.ok(schema, `${label(o)} ${status} is application/taxii+json;version=2.1`);
        for (const m of ['title', 'http_status']) assert.ok(schema.properties?.[m], `${label(o)} ${status} error has ${m}`);
      }
    }
  });

  test('ingest: application/json and application/x-ndjson bodies, 422 all_records_rejected', () => {
    const o = { method: 'post', path: '/api/ingest/calls', op: find('post', '/api/ingest/calls') };
    const content = o.op.requestBody.content;
    assert.ok(content['application/json']?.schema, 'application/json body');
    assert.ok(content['application/x-ndjson']?.schema, 'application/x-ndjson body');
    const record = deref(doc, content['application/x-ndjson'].schema);
    assert.ok(record.properties?.call_sid, 'an NDJSON line is a call record');
    assertProblem(o, '422', ['all_records_rejected']);
    assert.ok(doc.components.schemas.Problem.properties.rejected, 'the problem documents `rejected`');
  });

  test('ask-stream answers application/json or text/event-stream', () => {
    const content = find('post', '/api/agent/ask-stream').responses['200'].content;
    assert.ok(content['application/json']?.schema, 'application/json answer');
    assert.ok(content['text/event-stream']?.schema, 'text/event-stream answer');
  });

  test('every DELETE answers 204 No Content', () => {
    const deletes = ops.filter((o) => o.method === 'delete');
    assert.ok(deletes.length >= 6, 'DELETE operations');
    for (const o of deletes) {
      assert.ok(o.op.responses['204'], `${label(o)} 204`);
      assert.equal(o.op.responses['204'].content, undefined, `${label(o)} 204 has no body`);
      assert.equal(o.op.responses['200'], undefined, `${label(o)} no 200`);
    }
  });

  test('query parameters with a default are not required (GET /api/calls limit)', () => {
    const limit = find('get', '/api/calls').parameters.find((p: Json) => p.name === 'limit' && p.in === 'query');
    assert.ok(limit, 'limit parameter');
    assert.notEqual(limit.required, true);
    assert.equal(limit.schema.default, 50);
    for (const o of ops) {
      for (const p of o.op.parameters ?? []) {
        if (p.schema?.default !== undefined) assert.notEqual(p.required, true, `${label(o)} ${p.name}`);
      }
    }
  });

  test('the documentation does not change replies: problem members survive, /docs serves the document', async () => {
    const free = await newOrg(t.app, 'free');
    const pro = await newOrg(t.app, 'pro');
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/agent/ask',
      payload: { question: 'hello' },
      headers: { authorization: `Bearer ${free.read}` },
    });
    assert.equal(denied.statusCode, 403, denied.body);
    assert.equal(denied.json().code, 'tier_required');
    assert.equal(denied.json().required_tier, 'pro');
    const rejected = await ingest(t.app, pro.ingest, [{ call_sid: 'bad sid', started_at: 'x', duration_sec: -1 }]);
    assert.equal(rejected.statusCode, 422, rejected.body);
    assert.equal(rejected.json().code, 'all_records_rejected');
    assert.equal(rejected.json().rejected.length, 1);

    const ui = await t.app.inject({ method: 'GET', url: '/docs/' });
    assert.equal(ui.statusCode, 200);
    assert.match(String(ui.headers['content-type']), /text\/html/);
    const json = await t.app.inject({ method: 'GET', url: '/docs/json' });
    assert.equal(json.statusCode, 200);
    assert.deepEqual(json.json(), doc);
  });
});
