// Attacker geography maps a +1 caller ID by its area code alone (CONTRACT §6), whatever its
// exchange: in the geography figure, in the caller_state filter, in caller_state scopes and
// for live sessions. Migration 7 corrects calls stored under the old rule (exchange 2-9 only).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MIGRATIONS, migrate } from '../../src/storage/migrations/index.js';
import { backfillCallerGeography } from '../../src/storage/migrations/007-caller-geography.js';
import { rebuildRollups } from '../../src/storage/rollups/deltas.js';
import { get, ingest, newOrg, scopedKey, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';

const NOW = new Date('2026-11-20T14:00:00Z');
const HOUR = 3_600_000;

const call = (sid: string, callerId: string, hoursAgo: number) => ({
  call_sid: sid,
  started_at: new Date(NOW.getTime() - hoursAgo * HOUR).toISOString(),
  duration_sec: 60,
  caller_id: callerId,
});

// Whole days (read from the rollups on PostgreSQL) and the partial last day (read from the calls).
const CALLS = [
  call('g1', '+1 212 055 0143', 72), // NY, exchange starts with 0
  call('g2', '+12125550143', 71), // NY, an ordinary exchange
  call('g3', '2021550143', 48), // DC, exchange starts with 1
  call('g4', '+18000550143', 47), // toll-free: left out
  call('g5', '+442079460958', 46), // not NANP: left out
  call('g6', '12120550199', 1), // NY, 11 digits, exchange starts with 0
];

describe('caller geography by area code alone', () => {
  let t: TestApp;
  let org: OrgKeys;

  before(async () => {
    t = await testApp();
    t.setNow(NOW);
    org = await newOrg(t.app, 'free');
    const res = await ingest(t.app, org.ingest, CALLS);
    assert.equal(res.json().accepted, CALLS.length, res.body);
  });
  after(() => t.close());

  const json = async (key: string, url: string) => {
    const res = await get(t.app, key, url);
    assert.equal(res.statusCode, 200, res.body);
    return res.json();
  };
  const sids = async (key: string, url: string) => (await json(key, url)).items.map((c: { call_sid: string }) => c.call_sid);

  it('GET /api/kpis/attacker-geo counts every +1 number of a mapped area code', async () => {
    assert.deepEqual((await json(org.read, '/api/kpis/attacker-geo?range=30d')).items, [
      { state: 'NY', count: 3, area_codes: ['212'] },
      { state: 'DC', count: 1, area_codes: ['202'] },
    ]);
  });

  it('the caller_state filter matches them', async () => {
    assert.deepEqual(await sids(org.read, '/api/calls?range=30d&caller_state=NY'), ['g6', 'g2', 'g1']);
    assert.deepEqual(await sids(org.read, '/api/calls?range=30d&caller_state=DC'), ['g3']);
  });

  it('a caller_state scope holds them', async () => {
    const ny = await scopedKey(t.app, org.orgId, { caller_state: ['ny'] });
    assert.deepEqual(await sids(ny, '/api/calls?range=30d'), ['g6', 'g2', 'g1']);
    assert.equal((await json(ny, '/api/kpis/summary?range=30d')).calls_received, 3);
    assert.deepEqual((await json(ny, '/api/kpis/attacker-geo?range=30d')).items, [{ state: 'NY', count: 3, area_codes: ['212'] }]);
    const detail = await get(t.app, ny, '/api/calls/g1');
    assert.equal(detail.statusCode, 200, detail.body);
    assert.equal(detail.json().caller_state, 'NY');
    assert.equal(detail.json().caller_area_code, '212');
  });

  it('a live session with such a caller ID is inside a caller_state scope', async () => {
    const ny = await scopedKey(t.app, org.orgId, { caller_state: ['NY'] });
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/ingest/sessions/live-ny',
      payload: { persona: 'margaret', caller_id: '+1 (212) 055-0100', state: 'Ringing', started_at: '2026-11-20T13:59:00Z' },
      headers: { authorization: `Bearer ${org.ingest}` },
    });
    assert.equal(put.statusCode, 204, put.body);
    const active = await json(ny, '/api/kpis/active-calls');
    assert.equal(active.active_count, 1);
    assert.deepEqual(
      active.calls.map((c: { call_sid: string }) => c.call_sid),
      ['live-ny'],
    );
  });
});

describe('migration 7: calls stored under the old rule', () => {
  let t: TestApp;
  let org: OrgKeys;
  const version = MIGRATIONS.find((m) => m.run === backfillCallerGeography)?.version;

  before(async () => {
    t = await testApp();
    t.setNow(NOW);
    org = await newOrg(t.app, 'free');
    assert.equal((await ingest(t.app, org.ingest, CALLS)).json().accepted, CALLS.length);
  });
  after(() => t.close());

  const geo = async () => (await get(t.app, org.read, '/api/kpis/attacker-geo?range=30d')).json().items;
  const stored = () =>
    t.db.all(`SELECT call_sid, caller_state, caller_area_code FROM calls WHERE org_id = $1 ORDER BY call_sid`, [org.orgId]);

  it('recomputes caller_state and caller_area_code, and the rollups on PostgreSQL', async () => {
    assert.ok(version, 'a migration runs backfillCallerGeography');
    // What the old rule stored: no state when the exchange starts with 0 or 1 (and rollups to match).
    await t.db.run(`UPDATE calls SET caller_state = NULL, caller_area_code = NULL WHERE org_id = $1 AND call_sid IN ('g1', 'g3', 'g6')`, [
      org.orgId,
    ]);
    await rebuildRollups(t.db);
    assert.deepEqual(await geo(), [{ state: 'NY', count: 1, area_codes: ['212'] }]);

    await t.db.run('DELETE FROM schema_migrations WHERE version = $1', [version]);
    assert.deepEqual(await migrate(t.db), [version]);

    assert.deepEqual(await stored(), [
      { call_sid: 'g1', caller_state: 'NY', caller_area_code: '212' },
      { call_sid: 'g2', caller_state: 'NY', caller_area_code: '212' },
      { call_sid: 'g3', caller_state: 'DC', caller_area_code: '202' },
      { call_sid: 'g4', caller_state: null, caller_area_code: null },
      { call_sid: 'g5', caller_state: null, caller_area_code: null },
      { call_sid: 'g6', caller_state: 'NY', caller_area_code: '212' },
    ]);
    assert.deepEqual(await geo(), [
      { state: 'NY', count: 3, area_codes: ['212'] },
      { state: 'DC', count: 1, area_codes: ['202'] },
    ]);
  });

  it('finds nothing left to do a second time', async () => {
    assert.equal(await backfillCallerGeography(t.db), 0);
  });
});
