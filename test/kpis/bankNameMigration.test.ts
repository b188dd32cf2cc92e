// Migration 13: calls stored before ingest gave each known bank one spelling are rewritten to
// it, so top-N counts a bank once; on PostgreSQL the rollups (which count per name) follow.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MIGRATIONS, migrate } from '../../src/storage/migrations/index.js';
import { normaliseStoredBankNames } from '../../src/storage/migrations/013-bank-name-spelling.js';
import { rebuildRollups } from '../../src/storage/rollups/deltas.js';
import { get, ingest, newOrg, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';

const NOW = new Date('2026-11-20T14:00:00Z');
const HOUR = 3_600_000;

const call = (sid: string, bank: string, hoursAgo: number) => ({
  call_sid: sid,
  started_at: new Date(NOW.getTime() - hoursAgo * HOUR).toISOString(),
  duration_sec: 60,
  extraction: { mule_bank_name: bank },
});

// Whole days (read from the rollups on PostgreSQL) and the partial last day (read from the calls).
const CALLS = [
  call('b1', 'JPMorgan Chase', 72),
  call('b2', 'JPMorgan Chase', 50),
  call('b3', 'JPMorgan Chase', 2),
  call('b4', 'Bank of America', 49),
  call('b5', 'Bank of America', 1),
  call('b6', 'First Local Credit Union', 30),
];

// What ingest stored before it normalised names.
const OLD_SPELLINGS: [string, string][] = [
  ['b1', 'Chase'],
  ['b3', 'chase bank, n.a.'],
  ['b5', 'BofA'],
];

describe('migration 13: bank names stored before they had one spelling', () => {
  let t: TestApp;
  let org: OrgKeys;
  const version = MIGRATIONS.find((m) => m.run === normaliseStoredBankNames)?.version;
  const topn = async () => (await get(t.app, org.read, '/api/kpis/topn/mule_bank_name?range=7d')).json().items;

  before(async () => {
    t = await testApp();
    t.setNow(NOW);
    org = await newOrg(t.app, 'free');
    assert.equal((await ingest(t.app, org.ingest, CALLS)).json().accepted, CALLS.length);
  });
  after(() => t.close());

  it('rewrites them and counts each bank once', async () => {
    assert.ok(version, 'a migration runs normaliseStoredBankNames');
    for (const [sid, name] of OLD_SPELLINGS) {
      await t.db.run('UPDATE calls SET mule_bank_name = $1 WHERE org_id = $2 AND call_sid = $3', [name, org.orgId, sid]);
    }
    await rebuildRollups(t.db);
    assert.equal((await topn()).length, 6, 'before: every spelling counted apart');

    await t.db.run('DELETE FROM schema_migrations WHERE version = $1', [version]);
    assert.deepEqual(await migrate(t.db), [version]);

    assert.deepEqual(await topn(), [
      { label: 'JPMorgan Chase', count: 3, pct_of_total: 3 / 6 },
      { label: 'Bank of America', count: 2, pct_of_total: 2 / 6 },
      { label: 'First Local Credit Union', count: 1, pct_of_total: 1 / 6 },
    ]);
    const stored = await t.db.all<{ call_sid: string; mule_bank_name: string }>(
      'SELECT call_sid, mule_bank_name FROM calls WHERE org_id = $1 ORDER BY call_sid',
      [org.orgId],
    );
    assert.deepEqual(
      stored.map((r) => r.mule_bank_name),
      ['JPMorgan Chase', 'JPMorgan Chase', 'JPMorgan Chase', 'Bank of America', 'Bank of America', 'First Local Credit Union'],
    );
  });

  it('finds nothing left to do a second time', async () => {
    assert.equal(await normaliseStoredBankNames(t.db), 0);
  });
});
