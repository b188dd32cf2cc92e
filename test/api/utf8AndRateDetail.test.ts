// A JSON body that is not UTF-8 is 400 validation_failed on every route that reads JSON
// (CONTRACT §2, bad JSON), never stored with U+FFFD in place of the bad bytes; a body holding
// U+FFFD itself, as valid UTF-8, is accepted. A 429 names the window, not the time to reset
// (CONTRACT §3).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, get, newOrg, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { assertProblem } from '../helpers/problem.js';

/** `{"name":"ab<bytes>","filters":{}}` with raw bytes inside the string. */
const withBytes = (prefix: string, bytes: number[], suffix: string) =>
  Buffer.concat([Buffer.from(prefix), Buffer.from(bytes), Buffer.from(suffix)]);

describe('JSON bodies that are not UTF-8', () => {
  let t: TestApp;
  let org: OrgKeys;

  before(async () => {
    t = await testApp();
    org = await newOrg(t.app, 'pro');
  });
  after(() => t.close());

  const send = (method: 'POST' | 'PUT', url: string, key: string, body: Buffer) =>
    t.app.inject({ method, url, payload: body, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } });

  it('a saved search named with invalid bytes is 400 and not saved', async () => {
    for (const bytes of [[0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82]]) {
      const res = await send('POST', '/api/saved-searches', org.read, withBytes('{"name":"ab', bytes, '","filters":{}}'));
      const body = assertProblem(res, 400, 'validation_failed');
      assert.match(body.detail, /UTF-8/);
    }
    assert.deepEqual((await get(t.app, org.read, '/api/saved-searches')).json().items, []);
  });

  it('multi-byte characters are kept; one cut short before the closing quote is 400', async () => {
    const name = '€'.repeat(150) + '💳';
    const ok = await send('POST', '/api/saved-searches', org.read, Buffer.from(`{"name":"${name}","filters":{}}`));
    assert.equal(ok.statusCode, 201, ok.body);
    assert.equal(ok.json().name, name);
    const cut = await send(
      'POST',
      '/api/saved-searches',
      org.read,
      withBytes(`{"name":"${'x'.repeat(100)}`, [0xe2, 0x82], '","filters":{}}'),
    );
    assertProblem(cut, 400, 'validation_failed');
  });

  it('admin and live-session bodies too', async () => {
    const admin = await t.app.inject({
      method: 'POST',
      url: '/api/admin/orgs',
      payload: withBytes('{"name":"Org ', [0xff], '","tier":"pro"}'),
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
    });
    assertProblem(admin, 400, 'validation_failed');
    const session = await send(
      'PUT',
      '/api/ingest/sessions/CA_utf8',
      org.ingest,
      withBytes('{"persona":"m', [0xff], `","caller_id":"+12125550100","state":"talking","started_at":"2026-11-20T12:00:00Z"}`),
    );
    assertProblem(session, 400, 'validation_failed');
  });

  it('U+FFFD sent as valid UTF-8 is kept', async () => {
    const res = await send('POST', '/api/saved-searches', org.read, Buffer.from('{"name":"a\uFFFDb","filters":{}}'));
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json().name, 'a\uFFFDb');
  });
});

describe('the 429 detail', () => {
  let t: TestApp;
  let org: OrgKeys;

  before(async () => {
    t = await testApp({ HONEYPOT_RATE_GENERAL: '2/60', HONEYPOT_RATE_AGENT: '1/300' });
    org = await newOrg(t.app, 'pro');
  });
  after(() => t.close());

  it('names the limit and its window, then when to retry', async () => {
    await get(t.app, org.read, '/api/me');
    await get(t.app, org.read, '/api/me');
    const res = await get(t.app, org.read, '/api/me');
    const body = assertProblem(res, 429, 'rate_limited');
    const reset = Number(res.headers['retry-after']);
    assert.ok(reset >= 59 && reset <= 60, String(reset));
    assert.equal(body.detail, `Rate limit exceeded: 2 requests per 60 seconds. Retry in ${reset} seconds.`);
  });

  it('the agent budget names its own window', async () => {
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/agent/ask',
        payload: { question: 'hello' },
        headers: { authorization: `Bearer ${org.read}` },
      });
    await ask();
    const res = await ask();
    const body = assertProblem(res, 429, 'rate_limited');
    assert.match(body.detail, /^Rate limit exceeded: 1 requests per 300 seconds\. Retry in \d+ seconds\.$/);
  });
});
