// TAXII clients such as MISP's send HTTP Basic credentials only: under /taxii2/ a read key is
// also accepted as the Basic password (any user name). Nowhere else.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get, ingest, newOrg, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { assertProblem } from '../helpers/problem.js';

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('TAXII 2.1: the key as an HTTP Basic password', () => {
  let t: TestApp;
  let org: OrgKeys;
  const taxii = (authorization: string) =>
    t.app.inject({
      method: 'GET',
      url: '/taxii2/api/collections/',
      headers: { authorization, accept: 'application/taxii+json;version=2.1' },
    });

  before(async () => {
    t = await testApp();
    org = await newOrg(t.app, 'pro', 'Basic org');
    const res = await ingest(t.app, org.ingest, [
      {
        call_sid: 'CA_basic_1',
        started_at: new Date(Date.now() - 3_600_000).toISOString(),
        duration_sec: 60,
        caller_id: '+12025550143',
        persona: 'margaret',
        transcript: [{ speaker: 'caller', text: 'Buy an Apple gift card', offset_sec: 0 }],
        extraction: { impersonated_brand: 'Amazon', gift_card_brand: 'Apple' },
      },
    ]);
    assert.equal(res.statusCode, 200, res.body);
  });
  after(() => t.close());

  it('a Basic password holding the read key lists the same collections as the bearer key', async () => {
    const viaBasic = await taxii(basic('misp', org.read));
    assert.equal(viaBasic.statusCode, 200, viaBasic.body);
    const viaBearer = await taxii(`Bearer ${org.read}`);
    assert.deepEqual(viaBasic.json(), viaBearer.json());
    assert.equal(viaBasic.json().collections.length, 1);
  });

  it('a wrong or missing password is a 401 TAXII error; an ingest key is 403', async () => {
    for (const auth of [basic('misp', 'hpk_wrong'), basic('misp', ''), 'Basic !!!', basic(org.read, 'x')]) {
      const res = await taxii(auth);
      assert.equal(res.statusCode, 401, `${auth}: ${res.body}`);
      assert.equal(res.headers['content-type'], 'application/taxii+json;version=2.1');
      assert.equal(res.json().http_status, '401');
    }
    const ingestKey = await taxii(basic('misp', org.ingest));
    assert.equal(ingestKey.statusCode, 403, ingestKey.body);
  });

  it('Basic credentials are not accepted outside /taxii2/', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/kpis/summary', headers: { authorization: basic('misp', org.read) } });
    assertProblem(res, 401, 'unauthorized');
    assert.equal((await get(t.app, org.read, '/api/kpis/summary')).statusCode, 200);
  });
});
