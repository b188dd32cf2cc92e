// Errors under /taxii2/ are TAXII 2.1 error messages: application/taxii+json;
// version=2.1 with {title, description, error_code, http_status (a string)}, never problem+json —
// those raised by the app-wide hooks (401/403 from auth, 429 from the rate limiter) included.
// Content negotiation: 406 for an Accept without TAXII 2.1, 415 for content on these GETs.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { ingest, newOrg, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { BATCH_A, TAXII, taxiiGet } from './fixture.js';

function assertTaxiiError(res: LightMyRequestResponse, status: number, code: string): any {
  assert.equal(res.statusCode, status, res.body);
  assert.equal(res.headers['content-type'], TAXII);
  const body = res.json();
  assert.equal(body.http_status, String(status));
  assert.equal(body.error_code, code);
  assert.equal(typeof body.title, 'string');
  assert.ok(body.title.length > 0);
  assert.equal(typeof body.description, 'string');
  assert.deepEqual(
    Object.keys(body).filter((k) => !['title', 'description', 'error_code', 'http_status', 'details'].includes(k)),
    [],
  );
  assert.doesNotMatch(res.body, /\bat .*\.(ts|js):\d+|SELECT |INSERT /);
  return body;
}

describe('TAXII errors and content negotiation (issue 14)', () => {
  let t: TestApp;
  let org: OrgKeys;
  let free: OrgKeys;
  let base: string;

  before(async () => {
    t = await testApp();
    org = await newOrg(t.app, 'pro', 'Acme');
    free = await newOrg(t.app, 'free', 'Free org');
    await ingest(t.app, org.ingest, BATCH_A);
    t.setNow(new Date(Date.now() + 60_000));
    const id = (await taxiiGet(t.app, org.read, '/taxii2/api/collections/')).json().collections[0].id;
    base = `/taxii2/api/collections/${id}`;
  });
  after(() => t.close());

  const ENDPOINTS = () => [
    '/taxii2/',
    '/taxii2/api/',
    '/taxii2/api/collections/',
    `${base}/`,
    `${base}/objects/`,
    `${base}/manifest/`,
    `${base}/objects/identity--00000000-0000-5000-8000-000000000000/`,
  ];

  it('401 without a key or with an unknown one, with WWW-Authenticate', async () => {
    for (const url of ENDPOINTS()) {
      const none = await taxiiGet(t.app, null, url);
      assertTaxiiError(none, 401, 'unauthorized');
      // Both schemes the feed takes: a Basic-only client (MISP's) sends credentials after a Basic challenge.
      assert.equal(none.headers['www-authenticate'], 'Bearer realm="taxii", Basic realm="taxii", charset="UTF-8"');
      assertTaxiiError(await taxiiGet(t.app, 'hpk_unknown', url), 401, 'unauthorized');
    }
  });

  it('403 tier_required for a free org, 403 forbidden for an ingest key', async () => {
    for (const url of ENDPOINTS()) {
      const body = assertTaxiiError(await taxiiGet(t.app, free.read, url), 403, 'tier_required');
      assert.deepEqual(body.details, { required_tier: 'pro' });
      assertTaxiiError(await taxiiGet(t.app, org.ingest, url), 403, 'forbidden');
    }
  });

  it('406 when the Accept header allows no TAXII 2.1', async () => {
    const refused = [
      'application/json',
      'text/html',
      'application/taxii+json;version=2.0',
      'application/stix+json;version=2.1',
      'application/taxii+json;q=0, */*',
      'application/taxii+json;version=2.1;q=0, application/*',
      '*/*;q=0',
      'application/taxii+json;version=2.1;foo=bar',
      'garbage',
    ];
    for (const accept of refused) {
      for (const url of ENDPOINTS()) {
        const body = assertTaxiiError(await taxiiGet(t.app, org.read, url, { accept }), 406, 'not_acceptable');
        assert.equal(body.title, 'Not acceptable');
      }
    }
  });

  it('what TAXII clients send is accepted', async () => {
    const accepted = [
      'application/taxii+json;version=2.1',
      'application/taxii+json; version="2.1"',
      'Application/TAXII+JSON;Version=2.1',
      'application/taxii+json',
      'application/*',
      '*/*',
      'text/html, application/xhtml+xml, */*;q=0.8',
      'application/json, application/taxii+json;version=2.1;q=0.5',
      'application/taxii+json;version=2.0, application/taxii+json;version=2.1',
      '',
    ];
    for (const accept of accepted) {
      const res = await taxiiGet(t.app, org.read, `${base}/objects/`, { accept });
      assert.equal(res.statusCode, 200, `${accept}: ${res.body}`);
      assert.equal(res.headers['content-type'], TAXII);
    }
    const none = await t.app.inject({ method: 'GET', url: `${base}/manifest/`, headers: { authorization: `Bearer ${org.read}` } });
    assert.equal(none.statusCode, 200);
  });

  it('415 for content or a non-TAXII Content-Type on these GET endpoints', async () => {
    for (const url of ENDPOINTS()) {
      const withBody = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${org.read}`, accept: TAXII, 'content-type': TAXII },
        payload: '{"objects":[]}',
      });
      assertTaxiiError(withBody, 415, 'unsupported_media_type');
      const json = await taxiiGet(t.app, org.read, url, { 'content-type': 'application/json' });
      assertTaxiiError(json, 415, 'unsupported_media_type');
    }
    // The TAXII media type itself without content is tolerated (some clients send it on every request).
    assert.equal((await taxiiGet(t.app, org.read, `${base}/objects/`, { 'content-type': TAXII })).statusCode, 200);
    assert.equal((await taxiiGet(t.app, org.read, `${base}/objects/`, { 'content-type': 'application/taxii+json' })).statusCode, 200);
    // Authentication is decided first: no key is 401 whatever the body.
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `${base}/objects/`,
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
    });
    assertTaxiiError(anonymous, 401, 'unauthorized');
  });

  it('400 for every malformed query value', async () => {
    const first = (await taxiiGet(t.app, org.read, `${base}/objects/?limit=2`)).json();
    assert.equal(first.more, true);
    const next: string = first.next;
    const flipped = next.slice(0, 5) + (next[5] === 'A' ? 'B' : 'A') + next.slice(6);
    const [body, sum] = next.split('.');
    const forged = `${Buffer.from(JSON.stringify([1, 0, '', 0, 'x']), 'utf8').toString('base64url')}.${sum}`;
    const bad = [
      'limit=0',
      'limit=ten',
      `limit=${'9'.repeat(20)}`,
      'limit=1.5',
      'added_after=yesterday',
      'added_after=2026-13-01T00:00:00Z',
      'added_after=2026-11-01',
      `added_after=${'9'.repeat(65)}`,
      'next=',
      'next=garbage',
      `next=${flipped}`,
      `next=${body}`,
      `next=${forged}`,
      `next=${'a'.repeat(513)}`,
      `limit=2&match[type]=indicator&next=${next}`,
      'match[type]=Indicator',
      'match[type]=indicator,,sighting',
      `match[type]=${Array.from({ length: 101 }, (_, i) => `t${i}`).join(',')}`,
      'match[id]=indicator--nope',
      'match[spec_version]=latest',
      'match[version]=newest',
      'match[version]=2026-02-30T00:00:00Z',
    ];
    for (const q of bad) {
      const res = await taxiiGet(t.app, org.read, `${base}/objects/?${q}`);
      const err = assertTaxiiError(res, 400, 'validation_failed');
      assert.ok(Array.isArray(err.details?.errors) && err.details.errors.length > 0, `${q}: ${res.body}`);
    }
    // The manifest takes the objects' next (same pages), the one-object endpoint does not.
    assert.equal((await taxiiGet(t.app, org.read, `${base}/manifest/?limit=2&next=${next}`)).statusCode, 200);
    const oneObject = `${base}/objects/identity--00000000-0000-5000-8000-000000000000/`;
    assertTaxiiError(await taxiiGet(t.app, org.read, `${oneObject}?next=${next}`), 400, 'validation_failed');
    assertTaxiiError(await taxiiGet(t.app, org.read, `${base}/objects/not-an-id/`), 400, 'validation_failed');
    assertTaxiiError(await taxiiGet(t.app, org.read, `/taxii2/api/collections/${'x'.repeat(65)}/`), 400, 'validation_failed');
  });

  it('unknown paths are 404 and other methods 405, as TAXII errors', async () => {
    for (const url of ['/taxii2/nope/', '/taxii2/api/status/1/', `${base}/versions/`, '/taxii2', '/taxii2/api']) {
      assertTaxiiError(await taxiiGet(t.app, org.read, url), 404, 'not_found');
    }
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH'] as const) {
      const res = await t.app.inject({ method, url: `${base}/objects/`, headers: { authorization: `Bearer ${org.read}`, accept: TAXII } });
      assertTaxiiError(res, 405, 'method_not_allowed');
      assert.equal(res.headers.allow, 'GET, HEAD');
    }
    const head = await t.app.inject({ method: 'HEAD', url: `${base}/objects/`, headers: { authorization: `Bearer ${org.read}` } });
    assert.equal(head.statusCode, 200);
    assert.equal(head.headers['content-type'], TAXII);
  });
});

describe('TAXII: rate limits answer 429 as a TAXII error (issue 14)', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp({ HONEYPOT_RATE_GENERAL: '3/60' });
  });
  after(() => t.close());

  it('the fourth request in the window is 429 with Retry-After', async () => {
    const org = await newOrg(t.app, 'pro', 'Acme');
    for (let i = 0; i < 3; i++) assert.equal((await taxiiGet(t.app, org.read, '/taxii2/api/')).statusCode, 200);
    const res = await taxiiGet(t.app, org.read, '/taxii2/api/');
    assertTaxiiError(res, 429, 'rate_limited');
    assert.ok(Number(res.headers['retry-after']) > 0);
    // Unknown /taxii2/ paths count too.
    assertTaxiiError(await taxiiGet(t.app, org.read, '/taxii2/nope/'), 429, 'rate_limited');
  });
});
