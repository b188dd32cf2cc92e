// Hostile input to every operation of /openapi.json: NUL, lone
// surrogates and invalid UTF-8, non-finite and huge numbers, 100 kB strings, encoded path
// segments, broken, deep and oversized bodies, wrong types and content types; then what only a
// raw socket can send (414, 431, bad URLs, lying Content-Length, unknown and wrong methods).
// Every answer must be < 500, every error problem+json with a contract code and without stack
// traces or SQL, and the server must still answer afterwards. Failures are collected per
// operation so one run shows all of them.

import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { ADMIN, testApp, type TestApp } from '../helpers/app.js';
import {
  answerIssues,
  callRecord,
  deref,
  fillPath,
  fixtureUrl,
  fixtureOf,
  header,
  operationsOf,
  problemCode,
  rawExchange,
  rawRequest,
  readOpenApi,
  World,
  type Answer,
  type Operation,
  type Schema,
  isTaxii,
} from './surface.js';

const KB100 = 'x'.repeat(100_000);
const MiB = 1024 * 1024;

/** Path parameter values, as URL text (already percent-encoded where meant). */
const HOSTILE_PATH = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%C0%AF',
  '%',
  '%zz',
  KB100,
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '1e309',
  'Infinity',
  '-1',
  'NaN',
  'a%0D%0Ab',
];

/** Query values, as URL text. */
const HOSTILE_QUERY = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%C0%AF',
  '%',
  '1e309',
  '-1e309',
  'Infinity',
  '-Infinity',
  'NaN',
  '-0',
  '1.5',
  '99999999999999999999999',
  '0x10',
  KB100,
  '',
];

/** Values that are never a valid number: a numeric query parameter answers 400 (CONTRACT §2). */
const NOT_A_NUMBER = ['%00', '1e309', '-1e309', 'Infinity', '-Infinity', 'NaN', '99999999999999999999999', KB100];

const UNKNOWN_QUERY = [
  'zzz=1',
  '__proto__=1',
  '__proto__%5Bx%5D=1',
  'constructor=1',
  'toString=1',
  'hasOwnProperty=1',
  'a[b]=c',
  Array.from({ length: 1000 }, (_, i) => `p${i}=${i}`).join('&'),
];

/** A parameter name as a typing slip makes it: one letter dropped (or one added to a short name). */
const misspell = (name: string) => (name.length > 3 ? name.slice(0, 2) + name.slice(3) : `${name}x`);

/**
 * Cursor positions no issued cursor holds, whatever the sort: numbers past every column's range
 * (1e308, past PostgreSQL INTEGER and BIGINT), NUL and lone surrogates in text, wrong lengths.
 */
const HANDMADE_POSITIONS: unknown[][] = [
  [1e308, 1e308, 'CA1'],
  [-1e308, 'CA1'],
  [2147483648, 1732100000000, 'CA1'],
  [-2147483649, 1732100000000, 'CA1'],
  [2 ** 63, 'CA1'],
  ['a\u0000b', 1732100000000, 'CA1'],
  ['\ud800', 1732100000000, 'CA1'],
  [1732100000000, 'CA\u0000'],
  [0.5, 1732100000000, 'CA1', 'extra'],
  [],
];

const nest = (open: string, close: string, inner: string, depth: number) => open.repeat(depth) + inner + close.repeat(depth);

/** Property values, as JSON text (or raw bytes). 1e309 parses to Infinity. */
const HOSTILE_JSON: (string | Buffer)[] = [
  '"\\u0000"',
  '"a\\u0000b"',
  '"\\ud800"',
  '"x\\udfff"',
  Buffer.from([0x22, 0xed, 0xa0, 0x80, 0xc0, 0xaf, 0xff, 0x22]), // invalid UTF-8 bytes inside a string
  '1e309',
  '-1e309',
  '1e29',
  '1.7e308',
  '-1',
  '-0',
  '0.5',
  JSON.stringify(KB100),
  '[]',
  '{}',
  'true',
  'null',
  '""',
  '12345',
  '"1"',
  '["x"]',
  nest('{"a":', '}', '1', 1000),
  nest('[', ']', '', 1000),
];

/** Whole bodies. */
const HOSTILE_BODIES: (string | Buffer)[] = [
  '{"a":',
  'null',
  '[]',
  '"str"',
  '12345',
  '{}',
  'true',
  '\uFEFF{}',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  nest('[', ']', '', 100_000),
  nest('{"a":', '}', '1', 100_000),
  Buffer.from([0xff, 0xfe, 0x7b, 0x7d]),
];

const MARK = '"@@HOSTILE@@"';

type Path = (string | number)[];

/** Every property path of a body schema: top-level and nested properties, and first array items. */
function propertyPaths(doc: Schema, schema: Schema | undefined, prefix: Path = [], depth = 0): Path[] {
  const s = deref(doc, schema);
  if (!s || depth > 4) return [];
  const out: Path[] = [];
  for (const b0 of s.anyOf ?? s.oneOf ?? [s]) {
    const b = deref(doc, b0);
    if (!b) continue;
    if (b.properties) {
      for (const [k, sub] of Object.entries<Schema>(b.properties)) {
        out.push([...prefix, k]);
        out.push(...propertyPaths(doc, sub, [...prefix, k], depth + 1));
      }
    }
    if (b.type === 'array' && prefix.length > 0) {
      out.push([...prefix, 0]);
      out.push(...propertyPaths(doc, b.items, [...prefix, 0], depth + 1));
    }
  }
  const seen = new Set<string>();
  return out.filter((p) => !seen.has(JSON.stringify(p)) && !!seen.add(JSON.stringify(p)));
}

/** `base` as JSON with the value at `path` replaced by raw JSON text (or bytes). */
function withValue(base: unknown, path: Path, raw: string | Buffer): Buffer {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let cur: Record<string | number, unknown> = copy;
  path.forEach((k, i) => {
    if (i === path.length - 1) {
      cur[k] = MARK.slice(1, -1);
      return;
    }
    const next = cur[k];
    if (next === null || typeof next !== 'object') cur[k] = typeof path[i + 1] === 'number' ? [] : {};
    cur = cur[k] as Record<string | number, unknown>;
  });
  const [head, tail] = JSON.stringify(copy).split(MARK);
  return Buffer.concat([Buffer.from(head), Buffer.isBuffer(raw) ? raw : Buffer.from(raw), Buffer.from(tail)]);
}

/** A plausible value for a query parameter (for the repeated-parameter case). */
function plausible(name: string, schema: Schema): string {
  const known: Record<string, string> = { range: '7d', start: '2026-01-01', end: '2026-02-01', bucket: 'day', tier: '1', hooked: 'true' };
  if (known[name]) return known[name];
  const s = schema.items ?? schema;
  if (Array.isArray(s.enum)) return String(s.enum[0]);
  if (s.type === 'integer' || s.type === 'number') return String(s.minimum ?? 1);
  if (s.type === 'boolean') return 'true';
  return 'a';
}

const isNumeric = (schema: Schema) => {
  const types = [schema.type, schema.items?.type, ...(schema.anyOf ?? []).map((x: Schema) => x.type)];
  return types.includes('integer') || types.includes('number');
};

interface Case {
  label: string;
  method: string;
  url: string;
  body?: string | Buffer;
  contentType?: string;
  /** An extra expectation: a message when the answer is wrong. */
  expect?: (a: Answer) => string | null;
  /** The same values one request each, sent to name the culprit when this case fails. */
  singles?: Case[];
}

const status400 = (a: Answer) =>
  a.status === 400 && ['validation_failed', 'invalid_range'].includes(problemCode(a) ?? '')
    ? null
    : `expected 400 validation_failed/invalid_range, got ${a.status} ${a.body.slice(0, 120)}`;
/** 400 validation_failed whose errors name the query parameter (in `details.errors` on TAXII). */
const namesParameter = (name: string) => (a: Answer) => {
  const wrong = status400(a);
  if (wrong) return wrong;
  const body = JSON.parse(a.body);
  const paths: string[] = (body.errors ?? body.details?.errors ?? []).map((e: { path: string }) => e.path);
  return paths.includes(`querystring.${name}`) ? null : `expected errors[].path querystring.${name}, got ${JSON.stringify(paths)}`;
};
const status413 = (a: Answer) =>
  a.status === 413 && problemCode(a) === 'payload_too_large'
    ? null
    : `expected 413 payload_too_large, got ${a.status} ${a.body.slice(0, 120)}`;

describe('fuzz: hostile input to every operation answers < 500, problem+json (issue 11)', () => {
  let t: TestApp;
  let w: World;
  let doc: Schema;
  let ops: Operation[];
  let port: number;

  before(async () => {
    t = await testApp({ HONEYPOT_RATE_GENERAL: '1000000/60', HONEYPOT_RATE_AGENT: '1000000/60', HONEYPOT_WEBHOOK_TIMEOUT_MS: '2000' });
    w = await World.create(t.app);
    doc = await readOpenApi(t.app);
    ops = operationsOf(doc);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  after(() => t.close());

  const keyFor = (op: Operation): string | undefined =>
    op.cls === 'admin' ? ADMIN : op.cls === 'ingest' ? w.pro.ingest : op.cls === 'public' ? undefined : w.pro.read;

  async function send(op: Operation, c: Omit<Case, 'label' | 'expect'>): Promise<Answer> {
    const key = keyFor(op);
    const headers: Record<string, string> = {};
    if (key) headers.authorization = `Bearer ${key}`;
    if (c.contentType) headers['content-type'] = c.contentType;
    const res = await t.app.inject({ method: c.method as 'GET', url: c.url, payload: c.body, headers });
    return { status: res.statusCode, headers: res.headers, body: res.body };
  }

  /** The hostile requests for one operation; built lazily, since objects are remade as DELETEs succeed. */
  function* casesFor(op: Operation): Generator<() => Case> {
    const fx = fixtureOf(op);
    const values = () => fx.params?.(w.pro, w) ?? {};
    const enc = (v: Record<string, string>) => Object.fromEntries(Object.entries(v).map(([k, x]) => [k, encodeURIComponent(x)]));
    const pathUrl = () => fillPath(op.path, enc(values()));
    const plainUrl = () => fixtureUrl(op, fx, enc(values()));
    const baseBody = () => fx.body?.(w.pro);
    const json = (v: unknown) => (v === undefined ? undefined : JSON.stringify(v));
    const ct = (v: unknown) => (v === undefined ? undefined : 'application/json');
    const plain =
      (label: string, more: Partial<Case> = {}) =>
      () => {
        const b = baseBody();
        return { label, method: op.method, url: plainUrl(), body: json(b), contentType: ct(b), ...more };
      };

    // path parameters
    for (const p of op.params.filter((x) => x.in === 'path')) {
      for (const v of HOSTILE_PATH) {
        yield () => {
          const b = baseBody();
          return {
            label: `path ${p.name}=${v.slice(0, 30)}`,
            method: op.method,
            url: fillPath(op.path, { ...enc(values()), [p.name]: v }),
            body: json(b),
            contentType: ct(b),
          };
        };
      }
    }

    // query parameters
    for (const q of op.params.filter((x) => x.in === 'query')) {
      for (const v of HOSTILE_QUERY) {
        const strict = v === '%00' || (isNumeric(q.schema) && NOT_A_NUMBER.includes(v)) || (q.schema.type === 'integer' && v === '1.5');
        yield () => ({
          ...plain('')(),
          label: `query ${q.name}=${v.slice(0, 30)}`,
          url: `${pathUrl()}?${q.name}=${v}`,
          expect: strict ? status400 : undefined,
        });
      }
      const ok = plausible(q.name, q.schema);
      yield () => ({ ...plain('')(), label: `query ${q.name} repeated`, url: `${pathUrl()}?${q.name}=${ok}&${q.name}=${ok}` });
      yield () => ({ ...plain('')(), label: `query ${q.name} with no value`, url: `${pathUrl()}?${q.name}` });
    }
    // Unknown and misspelt parameters are 400 naming the parameter: ignored, a misspelt filter
    // would widen the answer silently (CONTRACT §2).
    for (const u of UNKNOWN_QUERY) {
      yield () => ({ ...plain('')(), label: `unknown query ${u.slice(0, 30)}`, url: `${pathUrl()}?${u}`, expect: status400 });
    }
    for (const q of op.params.filter((x) => x.in === 'query')) {
      const misspelt = misspell(q.name);
      yield () => ({
        ...plain('')(),
        label: `misspelt query ${misspelt}`,
        url: `${pathUrl()}?${encodeURIComponent(misspelt)}=${plausible(q.name, q.schema)}`,
        expect: namesParameter(misspelt),
      });
    }
    // Hand-made cursors in the issued encoding, holding what no stored row holds: 400.
    const sortParam = op.params.find((x) => x.in === 'query' && x.name === 'sort');
    if (op.params.some((x) => x.in === 'query' && x.name === 'cursor')) {
      const sorts: string[] = sortParam?.schema.enum ?? sortParam?.schema.anyOf?.map((x: Schema) => x.const) ?? [];
      for (const sort of sorts) {
        for (const position of HANDMADE_POSITIONS) {
          const c = Buffer.from(JSON.stringify([sort, ...position]), 'utf8').toString('base64url');
          yield () => ({
            ...plain('')(),
            label: `hand-made cursor ${sort} ${JSON.stringify(position).slice(0, 40)}`,
            url: `${pathUrl()}?sort=${encodeURIComponent(sort)}&cursor=${c}`,
            expect: status400,
          });
        }
      }
    }

    // bodies
    const body = baseBody();
    if (op.body && body !== undefined) {
      const isIngest = op.id === 'POST /api/ingest/calls';
      const show = (v: string | Buffer) => (Buffer.isBuffer(v) ? '<invalid UTF-8>' : v).slice(0, 30);
      for (const path of propertyPaths(doc, op.body)) {
        if (isIngest) {
          // One array per property: a record per hostile value (each its own call_sid) and a
          // valid record that must not be lost with them. A failing array is retried value by
          // value to name the culprit.
          const record = (v: string | Buffer, i: number) =>
            withValue(path[0] === 'call_sid' ? callRecord('x') : callRecord(`CA_fz_${i}`), path, v);
          const array = (values: (string | Buffer)[]) =>
            Buffer.concat([
              Buffer.from('['),
              ...values.flatMap((v, i) => [record(v, i), Buffer.from(',')]),
              Buffer.from(`${JSON.stringify(callRecord('CA_fz_valid'))}]`),
            ]);
          yield () => ({
            label: `body ${path.join('.')}=<each hostile value>`,
            method: op.method,
            url: plainUrl(),
            body: array(HOSTILE_JSON),
            contentType: 'application/json',
            singles: HOSTILE_JSON.map((v) => ({
              label: `body ${path.join('.')}=${show(v)}`,
              method: op.method,
              url: plainUrl(),
              body: array([v]),
              contentType: 'application/json',
            })),
          });
          continue;
        }
        for (const v of HOSTILE_JSON) {
          yield () => ({
            label: `body ${path.join('.')}=${show(v)}`,
            method: op.method,
            url: plainUrl(),
            body: withValue(baseBody(), path, v),
            contentType: 'application/json',
          });
        }
      }
      if (isIngest) {
        const twice = JSON.stringify([callRecord('CA_fz_twice'), { ...callRecord('CA_fz_twice'), duration_sec: 7 }]);
        yield () => ({
          label: 'the same call_sid twice in one array',
          method: op.method,
          url: plainUrl(),
          body: twice,
          contentType: 'application/json',
        });
      }
      for (const b of HOSTILE_BODIES) {
        yield () => ({
          label: `body ${(Buffer.isBuffer(b) ? '<bytes>' : b).slice(0, 30)}`,
          method: op.method,
          url: plainUrl(),
          body: b,
          contentType: 'application/json',
        });
      }
      for (const type of [
        'text/plain',
        'application/xml',
        undefined,
        'multipart/form-data; boundary=x',
        'application/json; charset=utf-16',
        'application/json, text/plain',
      ]) {
        yield () => ({ ...plain('')(), label: `content-type ${type ?? '(none)'}`, contentType: type });
      }
      if (!isIngest) {
        yield () => ({ ...plain('')(), label: 'content-type application/x-ndjson', contentType: 'application/x-ndjson' });
        yield () => ({
          label: 'JSON body over 10 MiB',
          method: op.method,
          url: plainUrl(),
          body: `{"name":"${'x'.repeat(10 * MiB + 1024)}"}`,
          contentType: 'application/json',
          expect: status413,
        });
      } else {
        yield () => ({
          label: 'JSON ingest body over 64 MiB',
          method: op.method,
          url: plainUrl(),
          body: `[{"call_sid":"CA_big","transcript":[{"speaker":"caller","text":"${'x'.repeat(64 * MiB + 1024)}"}]}]`,
          contentType: 'application/json',
          expect: status413,
        });
        const line = JSON.stringify(callRecord('CA_nd_ok'));
        for (const [label, nd] of [
          ['NDJSON broken line', `{"a":\n${line}\n`],
          [
            'NDJSON NUL and lone surrogate',
            `${JSON.stringify({ ...callRecord('CA_nd_nul'), persona: 'a\u0000b' })}\n{"call_sid":"CA_nd_sur","persona":"\\ud800"}\n${line}\n`,
          ],
          [
            'NDJSON invalid UTF-8 bytes',
            Buffer.concat([
              Buffer.from('{"call_sid":"CA_nd_bytes","persona":"'),
              Buffer.from([0xed, 0xa0, 0x80, 0xff]),
              Buffer.from(`"}\n${line}\n`),
            ]),
          ],
          ['NDJSON 2 MiB line', `{"call_sid":"CA_nd_long","persona":"${'x'.repeat(2 * MiB)}"}\n${line}\n`],
          [
            'NDJSON 1e309 and deep nesting',
            `{"call_sid":"CA_nd_inf","started_at":"2026-01-01T00:00:00Z","duration_sec":1e309}\n${nest('[', ']', '', 100_000)}\n${line}\n`,
          ],
        ] as const) {
          yield () => ({ label, method: op.method, url: plainUrl(), body: nd, contentType: 'application/x-ndjson' });
        }
      }
    } else if (op.method !== 'GET') {
      // Operations without a declared body, sent one anyway.
      for (const b of ['{"a":', '{"a":1}', 'null', nest('[', ']', '', 100_000)]) {
        yield () => ({
          label: `undeclared body ${b.slice(0, 20)}`,
          method: op.method,
          url: plainUrl(),
          body: b,
          contentType: 'application/json',
        });
      }
      yield () => ({ label: 'content-type json, empty body', method: op.method, url: plainUrl(), contentType: 'application/json' });
    }
  }

  test('every operation of /openapi.json', async (ctx) => {
    assert.ok(ops.length >= 40, `only ${ops.length} operations in /openapi.json`);
    for (const op of ops) {
      await ctx.test(op.id, async () => {
        const fx = fixtureOf(op);
        const failures: string[] = [];
        let n = 0;
        const run = async (c: Case): Promise<string[]> => {
          const a = await send(op, c);
          n++;
          const problems = answerIssues(a, { leakCheck: op.cls !== 'public', taxii: isTaxii(op.path) });
          const extra = c.expect?.(a);
          if (extra) problems.push(extra);
          if (fx.consumes && a.status >= 200 && a.status < 300) await w.refresh(w.pro, fx.consumes);
          return problems.map((p) => `[${c.label}] ${c.method} ${c.url.slice(0, 120)}: ${p}`);
        };
        for (const make of casesFor(op)) {
          const c = make();
          const found = await run(c);
          if (found.length && c.singles) {
            const named = (await Promise.all(c.singles.map(run))).flat();
            failures.push(...(named.length ? named : found));
          } else failures.push(...found);
        }
        assert.equal(failures.length, 0, `${failures.length} problems in ${n} requests:\n${failures.join('\n')}`);
      });
    }
  });

  const proKey = () => ({ authorization: `Bearer ${w.pro.read}` });
  const check = (failures: string[], label: string, a: Answer & { statusLine?: string }, expect?: (a: Answer) => string | null) => {
    if (a.status === 0) {
      failures.push(`[${label}] ${a.statusLine}`);
      return;
    }
    for (const p of answerIssues(a)) failures.push(`[${label}] ${p}`);
    const extra = expect?.(a);
    if (extra) failures.push(`[${label}] ${extra}`);
  };
  const statusIs = (status: number) => (a: Answer) =>
    a.status === status ? null : `expected ${status}, got ${a.status} ${a.body.slice(0, 120)}`;
  const is4xx = (a: Answer) => (a.status >= 400 && a.status < 500 ? null : `expected a 4xx, got ${a.status}`);

  test('framework errors over a real socket: 414, 431, bad URLs, bad Content-Length, unknown methods', async () => {
    const failures: string[] = [];
    const H = proKey();
    check(
      failures,
      '100 kB query string',
      await rawRequest(port, { method: 'GET', target: `/api/kpis/summary?x=${KB100}`, headers: H }),
      statusIs(414),
    );
    check(
      failures,
      '100 kB path segment',
      await rawRequest(port, { method: 'GET', target: `/api/calls/${KB100}`, headers: H }),
      statusIs(414),
    );
    check(
      failures,
      'one 100 kB header',
      await rawRequest(port, { method: 'GET', target: '/api/kpis/summary', headers: { ...H, 'x-fill': KB100 } }),
      statusIs(431),
    );
    const many = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`x-h${i}`, 'y'.repeat(50)]));
    check(
      failures,
      '2000 headers (~100 kB)',
      await rawRequest(port, { method: 'GET', target: '/api/kpis/summary', headers: { ...H, ...many } }),
      statusIs(431),
    );
    check(
      failures,
      'GET /api/kpis/summary%',
      await rawRequest(port, { method: 'GET', target: '/api/kpis/summary%', headers: H }),
      status400,
    );
    for (const target of [
      '/api/kpis/summary%zz',
      '/api/%ZZ/summary',
      '/api/calls/%',
      '/api/calls/%E0%A4%A',
      '/%',
      '/api/kpis/summary?range=%',
    ]) {
      check(failures, `GET ${target}`, await rawRequest(port, { method: 'GET', target, headers: H }), is4xx);
    }
    for (const target of ['api/kpis/summary', 'http://evil.example/api/kpis/summary', '/api/kpis/summary\\..\\..\\x']) {
      check(failures, `GET ${target}`, await rawRequest(port, { method: 'GET', target, headers: H }));
    }

    // Raw bytes in the request line, and unknown methods.
    const line = async (label: string, bytes: Buffer, expect?: (a: Answer) => string | null) => {
      const ex = await rawExchange(port, bytes);
      if (ex.answers.length === 0) failures.push(`[${label}] no answer (${ex.timedOut ? 'timeout' : 'closed'}) ${ex.rest.slice(0, 80)}`);
      for (const a of ex.answers) check(failures, label, a, expect);
    };
    const auth = `Authorization: Bearer ${w.pro.read}\r\n`;
    await line(
      'invalid UTF-8 byte in the path',
      Buffer.concat([
        Buffer.from('GET /api/kpis/summary'),
        Buffer.from([0xff, 0xc0, 0xaf]),
        Buffer.from(` HTTP/1.1\r\nHost: x\r\n${auth}Connection: close\r\n\r\n`),
      ]),
    );
    await line(
      'NUL byte in the path',
      Buffer.from(`GET /api/kpis/\u0000summary HTTP/1.1\r\nHost: x\r\n${auth}Connection: close\r\n\r\n`, 'latin1'),
      is4xx,
    );
    await line(
      'control byte in a header',
      Buffer.from(`GET /api/kpis/summary HTTP/1.1\r\nHost: x\r\n${auth}X-A: a\u0001b\r\nConnection: close\r\n\r\n`, 'latin1'),
    );
    await line('FOO method', Buffer.from(`FOO /api/kpis/summary HTTP/1.1\r\nHost: x\r\n${auth}Connection: close\r\n\r\n`), is4xx);
    await line('lower-case method', Buffer.from(`get /api/kpis/summary HTTP/1.1\r\nHost: x\r\n${auth}Connection: close\r\n\r\n`), is4xx);
    await line('HTTP/9.9', Buffer.from(`GET /api/kpis/summary HTTP/9.9\r\nHost: x\r\n${auth}Connection: close\r\n\r\n`));
    await line('garbage request line', Buffer.from(`\u0016\u0003\u0001 hello\r\n\r\n`, 'latin1'), is4xx);
    for (const method of ['PROPFIND', 'TRACE', 'MKCOL']) {
      await line(
        `${method} /api/kpis/summary`,
        Buffer.from(`${method} /api/kpis/summary HTTP/1.1\r\nHost: x\r\n${auth}Connection: close\r\n\r\n`),
        (a) =>
          a.status === 405 && /\bGET\b/.test(header(a, 'allow'))
            ? null
            : `expected 405 with Allow: GET, got ${a.status} allow="${header(a, 'allow')}"`,
      );
    }
    await line('PROPFIND /api/nope', Buffer.from(`PROPFIND /api/nope HTTP/1.1\r\nHost: x\r\n${auth}Connection: close\r\n\r\n`), is4xx);

    // Content-Length that lies or cannot be read.
    const body = JSON.stringify({ name: 'x', filters: {} });
    const post = (headers: string, b: string) =>
      Buffer.from(
        `POST /api/saved-searches HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\n${headers}Connection: close\r\n\r\n${b}`,
      );
    await line('Content-Length: abc', post('Content-Length: abc\r\n', body), statusIs(400));
    await line('Content-Length: -1', post('Content-Length: -1\r\n', body), statusIs(400));
    await line('Content-Length: 1e3', post('Content-Length: 1e3\r\n', body), statusIs(400));
    await line('two different Content-Lengths', post(`Content-Length: ${body.length}\r\nContent-Length: 3\r\n`, body), statusIs(400));
    await line(
      'Content-Length with Transfer-Encoding: chunked',
      post(`Content-Length: ${body.length}\r\nTransfer-Encoding: chunked\r\n`, body),
      statusIs(400),
    );
    await line('bad chunk size', post('Transfer-Encoding: chunked\r\n', `zz\r\n${body}\r\n0\r\n\r\n`), statusIs(400));
    await line('Content-Length shorter than the body', post('Content-Length: 5\r\n', body), is4xx);
    // Longer than the body, then the client stops sending: an answer, if any, is problem+json.
    const ex = await rawExchange(port, post(`Content-Length: ${body.length + 100}\r\n`, body), { halfClose: true, timeoutMs: 3000 });
    for (const a of ex.answers) check(failures, 'Content-Length longer than the body', a, is4xx);

    assert.equal(failures.length, 0, `${failures.length} failures:\n${failures.join('\n')}`);
  });

  test('a wrong method on every path: 405 with Allow listing the allowed methods', async () => {
    const failures: string[] = [];
    const byPath = new Map<string, Operation[]>();
    for (const op of ops) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
    for (const [path, pathOps] of byPath) {
      const allowed = pathOps.map((o) => o.method);
      const url = fillPath(
        path,
        Object.fromEntries(Object.entries(fixtureOf(pathOps[0]).params?.(w.pro, w) ?? {}).map(([k, v]) => [k, encodeURIComponent(v)])),
      );
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => !allowed.includes(m))) {
        const a = await send(pathOps[0], {
          method,
          url,
          body: method === 'GET' ? undefined : '{}',
          contentType: method === 'GET' ? undefined : 'application/json',
        });
        const where = `${method} ${url}`;
        for (const p of answerIssues(a, { taxii: isTaxii(path) })) failures.push(`${where}: ${p}`);
        if (a.status !== 405) {
          failures.push(`${where}: expected 405, got ${a.status} ${a.body.slice(0, 100)}`);
          continue;
        }
        const allow = header(a, 'allow')
          .split(',')
          .map((s) => s.trim().toUpperCase())
          .filter(Boolean);
        const missing = allowed.filter((m) => !allow.includes(m));
        const extra = allow.filter((m) => !allowed.includes(m) && m !== 'HEAD' && m !== 'OPTIONS');
        if (missing.length || extra.length) failures.push(`${where}: Allow "${header(a, 'allow')}" should list ${allowed.join(', ')}`);
      }
    }
    assert.equal(failures.length, 0, `${failures.length} failures:\n${failures.join('\n')}`);
  });

  test('after all of it the server still answers', async () => {
    const health = await rawRequest(port, { method: 'GET', target: '/healthz' });
    assert.equal(health.status, 200, health.body);
    const summary = await t.app.inject({ method: 'GET', url: '/api/kpis/summary', headers: proKey() });
    assert.equal(summary.statusCode, 200, summary.body);
    const calls = await t.app.inject({ method: 'GET', url: '/api/calls?limit=5', headers: proKey() });
    assert.equal(calls.statusCode, 200, calls.body);
  });
});
