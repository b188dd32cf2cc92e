// Authorisation matrix (CONTRACT §1 and §2): every operation of
// /openapi.json × every kind of caller, on the plain path and on encoded, doubled-slash,
// trailing-slash and dot-segment spellings of it sent byte for byte over TCP. Nothing the
// plain path forbids may be allowed (2xx) by another spelling.

import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { ADMIN, testApp, type TestApp } from '../helpers/app.js';
import {
  answerIssues,
  fixtureUrl,
  fixtureOf,
  header,
  operationsOf,
  rawRequest,
  readOpenApi,
  World,
  type Answer,
  type Fixture,
  type Operation,
  type Owner,
  isTaxii,
  problemCode,
} from './surface.js';

type PrincipalName =
  | 'no key'
  | 'Bearer alone'
  | 'Basic'
  | 'hpk_ garbage'
  | 'unknown key'
  | 'revoked key'
  | 'other org'
  | 'free read'
  | 'pro read'
  | 'ingest'
  | 'scoped read'
  | 'admin token';

const PRINCIPALS: PrincipalName[] = [
  'no key',
  'Bearer alone',
  'Basic',
  'hpk_ garbage',
  'unknown key',
  'revoked key',
  'other org',
  'free read',
  'pro read',
  'ingest',
  'scoped read',
  'admin token',
];

const UNAUTHENTICATED = new Set<PrincipalName>(['no key', 'Bearer alone', 'Basic', 'hpk_ garbage', 'unknown key', 'revoked key']);

type Expect =
  | { kind: 'allow' }
  | { kind: 'deny'; status: number; code: string }
  /** Another org's key naming org A's objects. */
  | { kind: 'foreign' };

const ALLOW: Expect = { kind: 'allow' };
const UNAUTHORIZED: Expect = { kind: 'deny', status: 401, code: 'unauthorized' };
const FORBIDDEN: Expect = { kind: 'deny', status: 403, code: 'forbidden' };
const TIER_REQUIRED: Expect = { kind: 'deny', status: 403, code: 'tier_required' };

/** CONTRACT §1: who may call what. */
function expected(p: PrincipalName, op: Operation): Expect {
  if (op.cls === 'public') return ALLOW;
  if (p === 'admin token') return op.cls === 'admin' ? ALLOW : UNAUTHORIZED;
  if (UNAUTHENTICATED.has(p)) return UNAUTHORIZED;
  if (op.cls === 'admin') return UNAUTHORIZED; // any API key on the admin API
  if (p === 'other org') return { kind: 'foreign' }; // its key of the operation's role
  if (op.cls === 'ingest') return p === 'ingest' ? ALLOW : FORBIDDEN;
  if (p === 'ingest') return FORBIDDEN;
  if (op.cls === 'pro' && p === 'free read') return TIER_REQUIRED;
  return ALLOW;
}

describe('authorisation matrix: every operation × every caller (issue 11 item 1)', () => {
  let t: TestApp;
  let w: World;
  let ops: Operation[];
  let port: number;
  const unknownKey = `hpk_${randomBytes(32).toString('base64url')}`;

  before(async () => {
    t = await testApp({ HONEYPOT_RATE_GENERAL: '1000000/60', HONEYPOT_RATE_AGENT: '1000000/60', HONEYPOT_WEBHOOK_TIMEOUT_MS: '2000' });
    w = await World.create(t.app);
    ops = operationsOf(await readOpenApi(t.app));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  after(() => t.close());

  function authorization(p: PrincipalName, op: Operation): string | undefined {
    switch (p) {
      case 'no key':
        return undefined;
      case 'Bearer alone':
        return 'Bearer';
      case 'Basic':
        return 'Basic xyz';
      case 'hpk_ garbage':
        return 'Bearer hpk_!!garbage~~%00';
      case 'unknown key':
        return `Bearer ${unknownKey}`;
      case 'revoked key':
        return `Bearer ${w.revokedKey}`;
      case 'other org':
        return `Bearer ${op.cls === 'ingest' ? w.other.ingest : w.other.read}`;
      case 'free read':
        return `Bearer ${w.free.read}`;
      case 'pro read':
        return `Bearer ${w.pro.read}`;
      case 'ingest':
        return `Bearer ${w.pro.ingest}`;
      case 'scoped read':
        return `Bearer ${w.scoped.read}`;
      case 'admin token':
        return `Bearer ${ADMIN}`;
    }
  }

  /** Whose objects a caller's requests name: its own, or org A's (callers without an org, and "other org"). */
  function ownerOf(p: PrincipalName): Owner {
    if (p === 'scoped read') return w.scoped;
    if (p === 'free read') return w.free;
    return w.pro;
  }

  function request(p: PrincipalName, op: Operation, fx: Fixture) {
    const owner = ownerOf(p);
    const auth = authorization(p, op);
    const body = fx.body?.(owner);
    return {
      owner,
      method: op.method,
      url: fixtureUrl(op, fx, fx.params?.(owner, w) ?? {}),
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: {
        ...(auth === undefined ? {} : { authorization: auth }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
    };
  }

  async function send(req: { method: string; url: string; body?: string; headers: Record<string, string> }): Promise<Answer> {
    const res = await t.app.inject({ method: req.method as 'GET', url: req.url, payload: req.body, headers: req.headers });
    return { status: res.statusCode, headers: res.headers, body: res.body };
  }

  const is2xx = (s: number) => s >= 200 && s < 300;
  const brief = (a: Answer) => `${a.status} ${a.body.slice(0, 140)}`;

  /** After a 2xx that deleted the object a fixture names, make a new one. */
  async function replenish(fx: Fixture, owner: Owner, status: number) {
    if (fx.consumes && is2xx(status)) await w.refresh(owner, fx.consumes);
  }

  test('plain paths: each caller gets exactly what CONTRACT §1 and §2 say', async () => {
    const violations: string[] = [];
    for (const op of ops) {
      const fx = fixtureOf(op);
      for (const p of PRINCIPALS) {
        const exp = expected(p, op);
        const req = request(p, op, fx);
        const a = await send(req);
        const where = `${p.padEnd(12)} ${req.method} ${req.url}`;
        for (const issue of answerIssues(a, { leakCheck: op.cls !== 'public', taxii: isTaxii(op.path) }))
          violations.push(`${where}: ${issue}`);
        const code = problemCode(a);
        if (exp.kind === 'allow') {
          if (!is2xx(a.status)) violations.push(`${where}: allowed, expected 2xx, got ${brief(a)}`);
        } else if (exp.kind === 'deny') {
          if (a.status !== exp.status || code !== exp.code)
            violations.push(`${where}: expected ${exp.status} ${exp.code}, got ${brief(a)}`);
          if (exp.status === 401 && !/^Bearer\b/.test(header(a, 'www-authenticate'))) {
            violations.push(`${where}: 401 without "WWW-Authenticate: Bearer" (got "${header(a, 'www-authenticate')}")`);
          }
          if (exp.code === 'tier_required' && a.status === 403) {
            let tier: unknown;
            try {
              const body = JSON.parse(a.body);
              tier = body.required_tier ?? body.details?.required_tier; // a TAXII error keeps it in details
            } catch {
              tier = undefined;
            }
            if (tier !== 'pro') violations.push(`${where}: tier_required without required_tier "pro"`);
          }
        } else if (fx.owned && fx.idempotent) {
          // Another org's DELETE may answer 204 (nothing of its own to clear) or 404; org A's object stays.
          if (!is2xx(a.status) && !(a.status === 404 && code === 'not_found'))
            violations.push(`${where}: expected 204 or 404 not_found, got ${brief(a)}`);
          const check = fx.survives!(req.owner);
          const still = await send({
            method: check.method,
            url: check.url,
            body: check.payload === undefined ? undefined : JSON.stringify(check.payload),
            headers: {
              authorization: `Bearer ${check.key}`,
              ...(check.payload === undefined ? {} : { 'content-type': 'application/json' }),
            },
          });
          if (!is2xx(still.status))
            violations.push(`${where}: another org's DELETE removed org A's object (${check.method} ${check.url} → ${brief(still)})`);
        } else if (fx.owned) {
          if (a.status !== 404 || code !== 'not_found')
            violations.push(`${where}: an id of another org, expected 404 not_found, got ${brief(a)}`);
        } else if (!is2xx(a.status)) {
          violations.push(`${where}: own-org operation, expected 2xx, got ${brief(a)}`);
        }
        await replenish(fx, req.owner, a.status);
      }
    }
    assert.equal(violations.length, 0, `${violations.length} violations:\n${violations.join('\n')}`);
  });

  test('a misspelt parameter or a hand-made cursor: the caller is checked first, then 400 validation_failed', async () => {
    const violations: string[] = [];
    // A cursor in the issued encoding holding a position no row has (past every column's range).
    const handmade = Buffer.from(JSON.stringify(['-started_at', 1e308, 'CA1'])).toString('base64url');
    for (const op of ops) {
      const fx = fixtureOf(op);
      const extras = ['impersonated_brnd=Amazon'];
      if (op.params.some((x) => x.in === 'query' && x.name === 'cursor')) extras.push(`cursor=${handmade}`);
      for (const extra of extras) {
        for (const p of PRINCIPALS) {
          const exp = expected(p, op);
          const req = request(p, op, fx);
          req.url += `${req.url.includes('?') ? '&' : '?'}${extra}`;
          const a = await send(req);
          const where = `${p.padEnd(12)} ${req.method} ${req.url.slice(0, 120)}`;
          for (const issue of answerIssues(a, { leakCheck: op.cls !== 'public', taxii: isTaxii(op.path) }))
            violations.push(`${where}: ${issue}`);
          const code = problemCode(a);
          if (exp.kind === 'deny') {
            if (a.status !== exp.status || code !== exp.code)
              violations.push(`${where}: expected ${exp.status} ${exp.code}, got ${brief(a)}`);
          } else if (a.status !== 400 || code !== 'validation_failed') {
            violations.push(`${where}: expected 400 validation_failed, got ${brief(a)}`);
          }
          await replenish(fx, req.owner, a.status);
        }
      }
    }
    assert.equal(violations.length, 0, `${violations.length} violations:\n${violations.join('\n')}`);
  });

  /**
   * Spellings of the same path that a prefix check on the raw URL text would misread: letters
   * of each static segment percent-encoded; the feature segment also upper-cased, with a
   * `;param`, and with a lower-case escape; doubled, trailing and dot segments. `brief` keeps
   * one encoding per segment and the trailing slash.
   */
  function spellings(op: Operation, values: Record<string, string>, brief = false): string[] {
    const segs = op.path.split('/').slice(1);
    const concrete = segs.map((s) => (s.startsWith('{') ? encodeURIComponent(values[s.slice(1, -1)]) : s));
    const path = (parts: string[]) => `/${parts.join('/')}`;
    const pct = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
    const variant = (i: number, seg: string) => path(concrete.map((c, j) => (j === i ? seg : c)));
    const out = new Set<string>();
    segs.forEach((s, i) => {
      if (s.startsWith('{') || s === '') return;
      out.add(variant(i, pct(s[0]) + s.slice(1)));
      if (brief) return;
      out.add(variant(i, [...s].map(pct).join('')));
      if (i !== 1) return;
      out.add(variant(i, s.slice(0, -1) + pct(s.at(-1)!).toLowerCase()));
      out.add(variant(i, s.toUpperCase()));
      out.add(variant(i, `${s};x=1`));
    });
    out.add(`${path(concrete)}/`);
    if (brief) return [...out];
    const rest = concrete.slice(1).join('/');
    out.add(`/${path(concrete)}`); // //api/…
    out.add(`/${concrete[0]}//${rest}`); // /api//…
    out.add(`/${concrete[0]}/nope/../${rest}`);
    out.add(`/${concrete[0]}/./${rest}`);
    out.add(`/${concrete[0]}%2F${rest}`);
    out.add(`${path(concrete)}?x=1#frag`);
    return [...out];
  }

  /** Callers the auth hook cannot tell apart (no principal) get the brief set of spellings. */
  const BRIEF = new Set<PrincipalName>(['Bearer alone', 'Basic', 'hpk_ garbage', 'unknown key']);

  test('encoded, doubled-slash, trailing-slash and dot-segment spellings never allow a forbidden caller', async () => {
    const violations: string[] = [];
    let sent = 0;
    for (const op of ops) {
      if (op.cls === 'public') continue;
      const fx = fixtureOf(op);
      for (const p of PRINCIPALS) {
        const exp = expected(p, op);
        // Forbidden on the plain path: a denial, or another org naming org A's objects.
        const forbidden = exp.kind === 'deny' || (exp.kind === 'foreign' && fx.owned && !fx.idempotent);
        if (!forbidden) continue;
        const req = request(p, op, fx);
        for (const target of spellings(op, fx.params?.(req.owner, w) ?? {}, BRIEF.has(p))) {
          const fresh = request(p, op, fx); // new body (unique names) per request
          const a = await rawRequest(port, { method: op.method, target, headers: fresh.headers, body: fresh.body });
          sent++;
          const where = `${p.padEnd(12)} ${op.method} ${target}`;
          if (a.status === 0) {
            violations.push(`${where}: ${a.statusLine}`);
            continue;
          }
          if (is2xx(a.status))
            violations.push(
              `${where}: ALLOWED (${brief(a)}); the plain path answers ${exp.kind === 'deny' ? `${exp.status} ${exp.code}` : '404'}`,
            );
          else if (a.status < 400) violations.push(`${where}: expected a problem+json error, got ${brief(a)}`);
          for (const issue of answerIssues(a, { taxii: isTaxii(op.path) })) violations.push(`${where}: ${issue}`);
          await replenish(fx, req.owner, a.status);
        }
      }
    }
    assert.ok(sent > 1000, `only ${sent} requests were sent`);
    assert.equal(violations.length, 0, `${violations.length} violations in ${sent} requests:\n${violations.join('\n')}`);
  });

  test('a valid key on an unknown path gets 404 not_found, not 401/403', async () => {
    const violations: string[] = [];
    const paths = ['/api/nope', '/api/ingest/nope', '/api/kpis/nope', '/api/agent/nope', '/api/exports/anything', '/api/calls/CA1/nope'];
    for (const [name, key] of [
      ['ingest', w.pro.ingest],
      ['pro read', w.pro.read],
      ['free read', w.free.read],
      ['scoped read', w.scoped.read],
    ] as const) {
      for (const url of paths) {
        for (const method of ['GET', 'POST'] as const) {
          const a = await send({ method, url, headers: { authorization: `Bearer ${key}` } });
          let code: string | undefined;
          try {
            code = JSON.parse(a.body)?.code;
          } catch {
            code = undefined;
          }
          if (a.status !== 404 || code !== 'not_found')
            violations.push(`${name} ${method} ${url}: expected 404 not_found, got ${brief(a)}`);
          for (const issue of answerIssues(a)) violations.push(`${name} ${method} ${url}: ${issue}`);
        }
      }
    }
    assert.equal(violations.length, 0, `${violations.length} violations:\n${violations.join('\n')}`);
  });

  test("another org's saved-search id: an upsert creates its own record, a search by it is 404 (CONTRACT §7)", async () => {
    const victim = w.pro.ids.searchId;
    const before = (await send({ method: 'GET', url: '/api/saved-searches', headers: { authorization: `Bearer ${w.pro.read}` } })).body;
    const put = await send({
      method: 'POST',
      url: '/api/saved-searches',
      body: JSON.stringify({ id: victim, name: 'taken over', filters: { q: 'x' } }),
      headers: { authorization: `Bearer ${w.other.read}`, 'content-type': 'application/json' },
    });
    assert.equal(put.status, 201, put.body);
    const run = await send({
      method: 'GET',
      url: `/api/calls?saved_search_id=${victim}`,
      headers: { authorization: `Bearer ${w.free.read}` },
    });
    assert.equal(run.status, 404, run.body);
    assert.deepEqual(answerIssues(run), []);
    const afterwards = (await send({ method: 'GET', url: '/api/saved-searches', headers: { authorization: `Bearer ${w.pro.read}` } })).body;
    assert.equal(afterwards, before, "org A's saved searches changed");
  });
});
