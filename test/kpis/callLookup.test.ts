// Call detail by call_sid: DuckDB reads the row through its index on call_sid
// (migration 12) instead of scanning every call, and re-ingest finds stored calls by sid_hash.
// The answers stay those of the contract: the org's own call, within the key's scope, 404
// otherwise, and a re-ingested call replaced, never doubled.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get, ingest, newOrg, scopedKey, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { assertProblem } from '../helpers/problem.js';
import { TEST_ENGINE } from '../helpers/serverMode.js';
import { Params } from '../../src/storage/db.js';
import { callDetailSql } from '../../src/storage/queries/calls.js';

const call = (sid: string, brand: string, duration: number) => ({
  call_sid: sid,
  started_at: '2026-11-20T14:03:11Z',
  duration_sec: duration,
  caller_id: '+12025550143',
  extraction: { impersonated_brand: brand, dollar_asks: [500] },
});

describe('call detail by call_sid', () => {
  let t: TestApp;
  let a: OrgKeys;
  let b: OrgKeys;

  before(async () => {
    t = await testApp();
    a = await newOrg(t.app);
    b = await newOrg(t.app);
    const many = Array.from({ length: 200 }, (_, i) => call(`CA${String(i).padStart(4, '0')}`, i % 2 ? 'Amazon' : 'PayPal', 60 + i));
    assert.equal((await ingest(t.app, a.ingest, many)).statusCode, 200);
    // The same call_sid in another org, with other values.
    assert.equal((await ingest(t.app, b.ingest, [call('CA0007', 'IRS', 999)])).statusCode, 200);
  });
  after(() => t.close());

  it("answers the org's own call, never another org's of the same call_sid", async () => {
    const mine = (await get(t.app, a.read, '/api/calls/CA0007')).json();
    assert.equal(mine.duration_sec, 67);
    assert.equal(mine.impersonated_brand, 'Amazon');
    const theirs = (await get(t.app, b.read, '/api/calls/CA0007')).json();
    assert.equal(theirs.duration_sec, 999);
    assert.equal(theirs.impersonated_brand, 'IRS');
    assertProblem(await get(t.app, b.read, '/api/calls/CA0008'), 404, 'not_found');
  });

  it('keeps a scoped key to its slice', async () => {
    const amazon = await scopedKey(t.app, a.orgId, { impersonated_brand: ['amazon'] });
    assert.equal((await get(t.app, amazon, '/api/calls/CA0007')).json().call_sid, 'CA0007');
    assertProblem(await get(t.app, amazon, '/api/calls/CA0008'), 404, 'not_found');
  });

  it('replaces a re-ingested call: one row, the new values, counted as updated', async () => {
    const res = (await ingest(t.app, a.ingest, [call('CA0010', 'Apple', 1234), call('CA9999', 'Apple', 5)])).json();
    assert.deepEqual([res.created, res.updated], [1, 1]);
    const rows = await t.db.all<{ n: number }>('SELECT count(*) AS n FROM calls WHERE org_id = $1 AND call_sid = $2', [a.orgId, 'CA0010']);
    assert.equal(rows[0].n, 1);
    const detail = (await get(t.app, a.read, '/api/calls/CA0010')).json();
    assert.deepEqual([detail.duration_sec, detail.impersonated_brand], [1234, 'Apple']);
    // Org b's call of the same sid as one of a's is untouched by a's re-ingest.
    assert.equal((await get(t.app, b.read, '/api/calls/CA0007')).json().duration_sec, 999);
  });

  it(
    'DuckDB: reads the row through the call_sid index, and keeps sid_hash for every call',
    { skip: TEST_ENGINE !== 'duckdb' },
    async () => {
      const p = new Params();
      const principal = { orgId: a.orgId, tier: 'pro' as const, keyId: 'k', role: 'read' as const, scope: null };
      const plan = await t.db.all<{ explain_value: string }>(
        `EXPLAIN ANALYZE ${callDetailSql('duckdb', principal, 'CA0042', p)}`,
        p.values,
      );
      const text = plan.map((r) => r.explain_value).join('\n');
      assert.match(text, /Index Scan/);
      assert.doesNotMatch(text, /Sequential Scan/);
      const [h] = await t.db.all<{ missing: number; wrong: number }>(
        `SELECT count(*) FILTER (WHERE sid_hash IS NULL) AS missing,
         count(*) FILTER (WHERE sid_hash <> md5_number_lower(call_sid)) AS wrong FROM calls`,
      );
      assert.deepEqual([h.missing, h.wrong], [0, 0]);
    },
  );
});
