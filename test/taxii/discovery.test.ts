// TAXII discovery names its API root under HONEYPOT_PUBLIC_URL, the configured public address,
// never under the request's X-Forwarded-Proto/Host (a client could name any host); unset, a
// path. The variable is validated at start.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from '../../src/config.js';
import { newOrg, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { taxiiGet } from './fixture.js';

describe('TAXII discovery and HONEYPOT_PUBLIC_URL (issue 27)', () => {
  let t: TestApp;
  let org: OrgKeys;
  before(async () => {
    t = await testApp({ HONEYPOT_PUBLIC_URL: 'https://intel.example.org/hp/' });
    org = await newOrg(t.app, 'pro', 'Discovery');
  });
  after(() => t.close());

  it('names the API root under the configured URL, whatever the forwarded headers say', async () => {
    const forwarded = { 'x-forwarded-proto': 'http', 'x-forwarded-host': 'evil.example', host: 'evil.example' };
    for (const headers of [{}, forwarded]) {
      const res = await taxiiGet(t.app, org.read, '/taxii2/', headers);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().default, 'https://intel.example.org/hp/taxii2/api/');
      assert.deepEqual(res.json().api_roots, ['https://intel.example.org/hp/taxii2/api/']);
    }
  });

  it('a 401 challenges Bearer and Basic', async () => {
    const res = await taxiiGet(t.app, null, '/taxii2/');
    assert.equal(res.statusCode, 401);
    assert.match(String(res.headers['www-authenticate']), /^Bearer realm="taxii", Basic realm="taxii"/);
  });

  it('the variable is an http(s) URL without credentials, query or fragment', () => {
    const base = { HONEYPOT_DATA_DIR: '/tmp/x' };
    assert.equal(loadConfig(base).publicUrl, null);
    assert.equal(loadConfig({ ...base, HONEYPOT_PUBLIC_URL: 'http://localhost:8080' }).publicUrl, 'http://localhost:8080');
    assert.equal(loadConfig({ ...base, HONEYPOT_PUBLIC_URL: 'https://Intel.Example.org/' }).publicUrl, 'https://intel.example.org');
    for (const bad of [
      'intel.example.org',
      'ftp://intel.example.org',
      'https://u:p@intel.example.org',
      'https://x.org/?a=1',
      'https://x.org/#f',
      'https://',
    ]) {
      assert.throws(
        () => loadConfig({ ...base, HONEYPOT_PUBLIC_URL: bad }),
        (e: unknown) => e instanceof ConfigError && /HONEYPOT_PUBLIC_URL/.test(e.message),
        bad,
      );
    }
  });
});
