// `honeypot campaigns rebuild` (and migration 17's backfill, the same function): the
// identifier rows and the kept components recomputed from the stored calls give back the same
// campaigns, ids included, after the rows were lost or made stale; one org's rebuild leaves the
// others' rows alone. Migration 20 fills the kept components of calls stored before it, and
// migration 25 the weak signals their pages read `related` by.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { generateCalls } from '../../src/demo/generate.js';
import { rebuildIdentifiers } from '../../src/storage/campaigns/rebuild.js';
import { migrate } from '../../src/storage/migrations/index.js';
import { get, ingest, newOrg, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';

const NOW = new Date('2026-11-20T00:00:00Z');

let t: TestApp;
let a: OrgKeys;
let b: OrgKeys;

const campaigns = async (key: string) => {
  const res = await get(t.app, key, '/api/campaigns?range=14d&min_calls=2&limit=200');
  assert.equal(res.statusCode, 200, res.body);
  return res.json().items;
};
const rowCount = async (orgId: string) =>
  Number((await t.db.all<{ n: number }>('SELECT count(*) AS n FROM call_identifiers WHERE org_id = $1', [orgId]))[0].n);

before(async () => {
  t = await testApp();
  t.setNow(NOW);
  a = await newOrg(t.app, 'pro', 'A');
  b = await newOrg(t.app, 'pro', 'B');
  const calls = [...generateCalls({ days: 14, callsPerDay: 60, end: NOW, seed: 3, crews: true })];
  assert.equal((await ingest(t.app, a.ingest, calls)).statusCode, 200);
  assert.equal((await ingest(t.app, b.ingest, calls.slice(0, 300))).statusCode, 200);
});
after(() => t.close());

describe('campaigns rebuild', () => {
  it('restores lost identifier rows: the same campaigns with the same ids', async () => {
    const before = await campaigns(a.read);
    assert.ok(before.length >= 3, `${before.length} campaigns`);
    const rows = await rowCount(a.orgId);
    const theirs = await rowCount(b.orgId);
    await t.db.run('DELETE FROM call_identifiers WHERE org_id = $1', [a.orgId]);
    await t.db.run('DELETE FROM campaign_members WHERE org_id = $1', [a.orgId]);
    assert.deepEqual(await campaigns(a.read), []);
    const r = await rebuildIdentifiers(t.db, a.orgId);
    assert.deepEqual(r, { orgs: 1, calls: 840, identifiers: rows });
    assert.deepEqual(await campaigns(a.read), before);
    assert.equal(await rowCount(b.orgId), theirs);
  });

  it('replaces stale rows of every org', async () => {
    const before = [await campaigns(a.read), await campaigns(b.read)];
    await t.db.run("UPDATE call_identifiers SET value = 'stale' WHERE kind = 'wallet'");
    await t.db.run("UPDATE campaign_members SET campaign_id = 'cmp_stale'");
    assert.notDeepEqual([await campaigns(a.read), await campaigns(b.read)], before);
    const r = await rebuildIdentifiers(t.db);
    assert.equal(r.orgs, 2);
    assert.equal(r.calls, 840 + 300);
    assert.deepEqual([await campaigns(a.read), await campaigns(b.read)], before);
  });

  it('migration 17 fills the rows of calls stored before it', async () => {
    const before = await campaigns(a.read);
    await t.db.run('DROP TABLE call_identifiers');
    await t.db.run('DELETE FROM schema_migrations WHERE version = 17');
    assert.deepEqual(await migrate(t.db), [17]);
    assert.deepEqual(await campaigns(a.read), before);
  });

  it('migrations 20 and 24 fill the kept components of calls stored before them', async () => {
    const before = await campaigns(a.read);
    await t.db.run('DROP TABLE campaign_members');
    await t.db.run('DROP TABLE campaign_links');
    if (t.db.dialect === 'postgres') await t.db.run('DROP INDEX IF EXISTS call_identifiers_by_value');
    await t.db.run('DELETE FROM schema_migrations WHERE version IN (20, 24)');
    assert.deepEqual(await migrate(t.db), [20, 24]);
    assert.deepEqual(await campaigns(a.read), before);
  });

  it('migration 26 fills the weak carriers of calls kept before it: the same related', async () => {
    const pages = async () => {
      const out = [];
      for (const c of (await campaigns(a.read)) as { id: string }[]) {
        const res = await get(t.app, a.read, `/api/campaigns/${c.id}?range=14d`);
        assert.equal(res.statusCode, 200, res.body);
        out.push(res.json().related);
      }
      return out;
    };
    const before = await pages();
    assert.ok(
      before.some((r) => r.length > 0),
      'no campaign has related signals: the test tests nothing',
    );
    await t.db.run('DELETE FROM weak_carriers');
    assert.ok((await pages()).every((r) => r.length === 0));
    await t.db.run('DROP TABLE weak_carriers');
    await t.db.run('DELETE FROM schema_migrations WHERE version = 26');
    assert.deepEqual(await migrate(t.db), [26]);
    assert.deepEqual(await pages(), before);
  });
});
