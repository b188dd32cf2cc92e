// A scope is a read-key property (CONTRACT §1): the admin API refuses an ingest key with one.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { admin, testApp, type TestApp } from '../helpers/app.js';

describe('POST /api/admin/orgs/{org_id}/keys: scope and role', () => {
  let t: TestApp;
  let orgId: string;
  const create = (body: unknown) => admin(t.app, 'POST', `/api/admin/orgs/${orgId}/keys`, body);
  const keyCount = async () => (await admin(t.app, 'GET', `/api/admin/orgs/${orgId}/keys`)).json().items.length;

  before(async () => {
    t = await testApp();
    orgId = (await admin(t.app, 'POST', '/api/admin/orgs', { name: 'Keys', tier: 'pro' })).json().id;
  });
  after(() => t.close());

  it('an ingest key with a scope → 400 validation_failed at body.scope, and no key is created', async () => {
    for (const scope of [{ persona: ['margaret'] }, { caller_state: ['NY'], impersonated_brand: ['Amazon'] }, {}]) {
      const res = await create({ name: 'ingest', role: 'ingest', scope });
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8');
      assert.equal(res.json().code, 'validation_failed');
      assert.deepEqual(
        res.json().errors.map((e: { path: string }) => e.path),
        ['body.scope'],
      );
      assert.ok(!('key' in res.json()));
    }
    assert.equal(await keyCount(), 0);
  });

  it('an ingest key without a scope (absent or null) is created with scope null', async () => {
    for (const body of [
      { name: 'ingest', role: 'ingest' },
      { name: 'ingest', role: 'ingest', scope: null },
    ]) {
      const res = await create(body);
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.json().role, 'ingest');
      assert.equal(res.json().scope, null);
    }
  });

  it('a read key keeps its scope; a bad one is reported under body.scope', async () => {
    const ok = await create({ name: 'read', role: 'read', scope: { persona: ['Margaret'] } });
    assert.equal(ok.statusCode, 201, ok.body);
    assert.deepEqual(ok.json().scope, { persona: ['margaret'] });
    const bad = await create({ name: 'read', role: 'read', scope: { colour: ['red'] } });
    assert.equal(bad.statusCode, 400, bad.body);
    assert.equal(bad.json().code, 'validation_failed');
    assert.deepEqual(
      bad.json().errors.map((e: { path: string }) => e.path),
      ['body.scope.colour'],
    );
  });
});
