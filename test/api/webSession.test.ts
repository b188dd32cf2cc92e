// The dashboard's sign-in session and GET /api/me: a read key is
// exchanged for an HttpOnly, SameSite=Strict cookie that acts as that key in every tab; sign-out
// and key revocation end it; state-changing requests of a session need the CSRF header.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { admin, ingest, newOrg, scopedKey, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { assertProblem } from '../helpers/problem.js';

const NOW = Date.now();
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

const record = (sid: string, brand: string) => ({
  call_sid: sid,
  started_at: iso(NOW - 3_600_000),
  duration_sec: 42,
  caller_id: '+12125550100',
  persona: 'margaret',
  disconnect_reason: null,
  cleanly_closed: true,
  transcript: [{ speaker: 'caller', text: `This is ${brand} support.`, offset_sec: 0 }],
  extraction: { auditor_confidence: 0.9, impersonated_brand: brand },
});

/** The hp_session cookie a response sets, with its attributes, or null. */
function sessionCookie(res: LightMyRequestResponse): { value: string; attrs: string[] } | null {
  const raw = res.headers['set-cookie'];
  const all = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const line = all.find((c) => c.startsWith('hp_session='));
  if (!line) return null;
  const [pair, ...attrs] = line.split(';').map((s) => s.trim());
  return { value: pair.slice('hp_session='.length), attrs: attrs.map((a) => a.toLowerCase()) };
}

describe('dashboard sign-in session and GET /api/me', () => {
  let t: TestApp;
  let pro: OrgKeys;
  let free: OrgKeys;

  const signIn = (key: string) => t.app.inject({ method: 'POST', url: '/api/session', payload: { key } });
  const withCookie = (
    token: string,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => t.app.inject({ method, url, payload, headers: { cookie: `hp_session=${token}`, ...headers } });
  async function session(key: string): Promise<string> {
    const res = await signIn(key);
    assert.equal(res.statusCode, 200, res.body);
    const c = sessionCookie(res);
    assert.ok(c, 'a session cookie is set');
    return c.value;
  }

  before(async () => {
    t = await testApp();
    pro = await newOrg(t.app, 'pro', 'Acme Fraud');
    free = await newOrg(t.app, 'free', 'Free Bank');
    assert.equal((await ingest(t.app, pro.ingest, [record('CAPRO1', 'Amazon'), record('CAPRO2', 'Chase')])).statusCode, 200);
    assert.equal((await ingest(t.app, free.ingest, [record('CAFREE1', 'Amazon')])).statusCode, 200);
  });
  after(() => t.close());

  it('signing in sets an HttpOnly, SameSite=Strict cookie holding a token, not the key, and answers who it is', async () => {
    const res = await signIn(pro.read);
    assert.equal(res.statusCode, 200, res.body);
    const c = sessionCookie(res);
    assert.ok(c);
    assert.match(c.value, /^hps_[A-Za-z0-9_-]{43}$/);
    assert.ok(!res.headers['set-cookie']!.toString().includes(pro.read), 'the key is not in the cookie');
    for (const a of ['httponly', 'samesite=strict', 'path=/', 'max-age=43200'])
      assert.ok(c.attrs.includes(a), `cookie attribute ${a}: ${c.attrs}`);
    const me = res.json();
    assert.equal(me.org.id, pro.orgId);
    assert.equal(me.org.name, 'Acme Fraud');
    assert.equal(me.org.tier, 'pro');
    assert.equal(me.key.role, 'read');
    assert.equal(me.key.scope, null);
    assert.equal(me.auth, 'session');
    assert.ok(!JSON.stringify(me).includes(pro.read), 'the answer does not echo the key');
  });

  it('the cookie acts as the key: the same figures, the org and the plan', async () => {
    const token = await session(pro.read);
    const viaCookie = await withCookie(token, 'GET', '/api/kpis/summary?range=24h');
    const viaBearer = await t.app.inject({
      method: 'GET',
      url: '/api/kpis/summary?range=24h',
      headers: { authorization: `Bearer ${pro.read}` },
    });
    assert.equal(viaCookie.statusCode, 200, viaCookie.body);
    assert.equal(viaCookie.json().calls_received, 2);
    const figures = (r: LightMyRequestResponse) => ({ ...r.json(), range: null });
    assert.deepEqual(figures(viaCookie), figures(viaBearer));
    const me = await withCookie(token, 'GET', '/api/me');
    assert.equal(me.json().auth, 'session');
    assert.equal(me.json().org.tier, 'pro');
    // Another org's call is not found through the session either.
    assertProblem(await withCookie(token, 'GET', '/api/calls/CAFREE1'), 404, 'not_found');
    assert.equal((await withCookie(token, 'GET', '/api/calls/CAPRO1')).statusCode, 200);
  });

  it('GET /api/me with a bearer key tells the plan, role and scope; ingest keys and no key are refused', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${free.read}` } });
    assert.equal(me.statusCode, 200, me.body);
    const body = me.json() as { key: Record<string, unknown> };
    assert.deepEqual(
      { ...body, key: { ...body.key, id: 'x' } },
      {
        org: { id: free.orgId, name: 'Free Bank', tier: 'free' },
        key: { id: 'x', name: 'read', role: 'read', scope: null },
        auth: 'bearer',
      },
    );
    assertProblem(
      await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${free.ingest}` } }),
      403,
      'forbidden',
    );
    const anon = assertProblem(await t.app.inject({ method: 'GET', url: '/api/me' }), 401, 'unauthorized');
    assert.ok(anon);
  });

  it('a free org signed in by cookie gets tier_required on pro paths', async () => {
    const token = await session(free.read);
    assertProblem(await withCookie(token, 'GET', '/api/webhooks/events'), 403, 'tier_required');
    assert.equal((await withCookie(token, 'GET', '/api/me')).json().org.tier, 'free');
  });

  it('a scoped key signs in to its slice only', async () => {
    const key = await scopedKey(t.app, pro.orgId, { impersonated_brand: ['amazon'] });
    const token = await session(key);
    const me = (await withCookie(token, 'GET', '/api/me')).json();
    assert.deepEqual(me.key.scope, { impersonated_brand: ['amazon'] });
    assert.equal((await withCookie(token, 'GET', '/api/kpis/summary?range=24h')).json().calls_received, 1);
    assertProblem(await withCookie(token, 'GET', '/api/calls/CAPRO2'), 404, 'not_found');
  });

  it('unknown, revoked and ingest keys cannot sign in; a bad body is 400', async () => {
    assertProblem(await signIn(`hpk_${'x'.repeat(43)}`), 401, 'unauthorized');
    assertProblem(await signIn('not a key'), 401, 'unauthorized');
    assertProblem(await signIn(pro.ingest), 403, 'forbidden');
    assertProblem(await t.app.inject({ method: 'POST', url: '/api/session', payload: {} }), 400, 'validation_failed');
    assertProblem(
      await t.app.inject({ method: 'POST', url: '/api/session', payload: { key: pro.read, extra: 1 } }),
      400,
      'validation_failed',
    );
    for (const res of [await signIn(pro.ingest), await signIn('nope')]) assert.equal(sessionCookie(res), null, 'no cookie on a refusal');
  });

  it('a state-changing request of a session needs the CSRF header; a bearer key does not', async () => {
    const token = await session(pro.read);
    const body = { name: 'csrf check', filters: { q: 'gift' } };
    const refused = assertProblem(await withCookie(token, 'POST', '/api/saved-searches', body), 403, 'forbidden');
    assert.match(refused.detail, /x-honeypot-csrf/);
    const listed = (await withCookie(token, 'GET', '/api/saved-searches')).json().items;
    assert.equal(listed.length, 0, 'the refused request stored nothing');
    const ok = await withCookie(token, 'POST', '/api/saved-searches', body, { 'x-honeypot-csrf': '1' });
    assert.equal(ok.statusCode, 201, ok.body);
    assertProblem(await withCookie(token, 'DELETE', `/api/saved-searches/${ok.json().id}`), 403, 'forbidden');
    assert.equal(
      (await withCookie(token, 'DELETE', `/api/saved-searches/${ok.json().id}`, undefined, { 'x-honeypot-csrf': '1' })).statusCode,
      204,
    );
    const bearer = await t.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      payload: body,
      headers: { authorization: `Bearer ${pro.read}` },
    });
    assert.equal(bearer.statusCode, 201, bearer.body);
  });

  it('an Authorization header wins over the cookie, even a bad one', async () => {
    const token = await session(pro.read);
    assertProblem(await withCookie(token, 'GET', '/api/me', undefined, { authorization: 'Bearer hpk_unknown' }), 401, 'unauthorized');
    const other = await withCookie(token, 'GET', '/api/me', undefined, { authorization: `Bearer ${free.read}` });
    assert.equal(other.json().org.id, free.orgId);
    assert.equal(other.json().auth, 'bearer');
  });

  it('sign-out ends the session on the server and clears the cookie; unknown tokens are 401', async () => {
    const token = await session(pro.read);
    const second = await session(pro.read); // another browser of the same key
    const out = await withCookie(token, 'DELETE', '/api/session');
    assert.equal(out.statusCode, 204);
    const cleared = sessionCookie(out);
    assert.ok(
      cleared && cleared.value === '' && (cleared.attrs.includes('max-age=0') || cleared.attrs.some((a) => a.startsWith('expires='))),
      'the cookie is cleared',
    );
    const after = assertProblem(await withCookie(token, 'GET', '/api/me'), 401, 'unauthorized');
    assert.match(after.detail, /session/i);
    assert.equal((await withCookie(second, 'GET', '/api/me')).statusCode, 200, 'another session of the key lives on');
    assertProblem(await withCookie(`hps_${'A'.repeat(43)}`, 'GET', '/api/me'), 401, 'unauthorized');
    assertProblem(await withCookie('garbage', 'GET', '/api/kpis/summary'), 401, 'unauthorized');
    assert.equal((await t.app.inject({ method: 'DELETE', url: '/api/session' })).statusCode, 204, 'signing out twice is harmless');
  });

  it('revoking the key ends its sessions', async () => {
    const org = await newOrg(t.app, 'pro', 'Revoked');
    const token = await session(org.read);
    assert.equal((await withCookie(token, 'GET', '/api/me')).statusCode, 200);
    const keys = (await admin(t.app, 'GET', `/api/admin/orgs/${org.orgId}/keys`)).json().items as { id: string; role: string }[];
    const readId = keys.find((k) => k.role === 'read')!.id;
    assert.equal((await admin(t.app, 'DELETE', `/api/admin/keys/${readId}`)).statusCode, 204);
    assertProblem(await withCookie(token, 'GET', '/api/me'), 401, 'unauthorized');
    assertProblem(await signIn(org.read), 401, 'unauthorized');
  });

  it('a tier change reaches a live session on its next request', async () => {
    const org = await newOrg(t.app, 'free', 'Upgrade');
    const token = await session(org.read);
    assertProblem(await withCookie(token, 'GET', '/api/alerts/catalog'), 403, 'tier_required');
    assert.equal((await admin(t.app, 'PATCH', `/api/admin/orgs/${org.orgId}`, { tier: 'pro' })).statusCode, 200);
    assert.equal((await withCookie(token, 'GET', '/api/alerts/catalog')).statusCode, 200);
    assert.equal((await withCookie(token, 'GET', '/api/me')).json().org.tier, 'pro');
  });
});

describe('sign-in is rate limited per client address', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp({ HONEYPOT_RATE_GENERAL: '3/60' });
  });
  after(() => t.close());

  it('the fourth attempt within the window is 429 with Retry-After', async () => {
    const codes: number[] = [];
    let last: LightMyRequestResponse | null = null;
    for (let i = 0; i < 4; i++) {
      last = await t.app.inject({ method: 'POST', url: '/api/session', payload: { key: `hpk_guess${i}` } });
      codes.push(last.statusCode);
    }
    assert.deepEqual(codes, [401, 401, 401, 429]);
    assertProblem(last!, 429, 'rate_limited');
    assert.ok(last!.headers['retry-after']);
  });
});
