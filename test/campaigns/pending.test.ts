// The calls ingest leaves pending (docs/campaigns.md, Kept components): a campaign read settles
// them, so the list is empty after it and the campaigns are those a rebuild from scratch gives;
// an org whose campaigns nobody reads never holds more than PENDING_LIMIT of them.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { generateCalls } from '../../src/demo/generate.js';
import { IngestRun } from '../../src/features/ingest/ingestRun.js';
import { PENDING_LIMIT, rebuildMembers } from '../../src/storage/campaigns/upkeep.js';
import { get, ingest, newOrg, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';

const NOW = new Date('2026-11-20T00:00:00Z');

let t: TestApp;
let a: OrgKeys;

const pending = async (orgId: string) =>
  Number((await t.db.all<{ n: unknown }>('SELECT count(*) AS n FROM campaign_pending WHERE org_id = $1', [orgId]))[0].n);
const campaigns = async () => {
  const res = await get(t.app, a.read, '/api/campaigns?range=14d&min_calls=2&limit=200');
  assert.equal(res.statusCode, 200, res.body);
  return res.json().items;
};

before(async () => {
  t = await testApp();
  t.setNow(NOW);
  a = await newOrg(t.app, 'pro', 'A');
});
after(() => t.close());

describe('pending calls', () => {
  it('a campaign read settles every pending call: the list empties, the campaigns are a rebuild’s', async () => {
    const calls = [...generateCalls({ days: 14, callsPerDay: 40, end: NOW, seed: 5, crews: true })];
    for (let i = 0; i < calls.length; i += 100) assert.equal((await ingest(t.app, a.ingest, calls.slice(i, i + 100))).statusCode, 200);
    assert.equal(await pending(a.orgId), calls.length);
    const read = await campaigns();
    assert.equal(await pending(a.orgId), 0);
    assert.ok(read.length >= 2, `${read.length} campaigns`);
    await rebuildMembers(t.db, a.orgId);
    assert.deepEqual(await campaigns(), read);
  });

  it(`an org nobody reads campaigns of holds fewer than ${PENDING_LIMIT} pending calls`, async () => {
    const b = await newOrg(t.app, 'free', 'B');
    // Calls with neither transcript nor extraction: the cheapest to store, still listed.
    const bare = (i: number) => ({
      call_sid: `CA${String(i).padStart(32, '0')}`,
      started_at: new Date(NOW.getTime() - 3_600_000 - i * 1000).toISOString(),
      duration_sec: 30,
      caller_id: null,
      persona: 'harold',
      disconnect_reason: 'caller_hung_up_normal',
      transcript: [],
      extraction: null,
    });
    const total = PENDING_LIMIT + 5_000;
    const run = await new IngestRun(t.db, b.orgId).addAll(Array.from({ length: total }, (_, i) => bare(i)));
    assert.equal(run.accepted, total, `${run.rejectedCount} rejected`);
    const left = await pending(b.orgId);
    assert.ok(left < PENDING_LIMIT, `${left} pending of ${total} ingested`);
  });
});
