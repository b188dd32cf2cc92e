// Retention of what is not a call (docs/retention.md): transcripts removed while their call
// stays (and the detail says so), webhook deliveries and attempts, agent sessions by their last
// turn; the admin API's answers and bounds; the CLI. Expected values come from the times the
// test sets, not from src/.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { admin, get, ingest, newOrg, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { TEST_ENGINE } from '../helpers/serverMode.js';
import { api, DELIVERY_ENV, startReceiver, type Receiver } from '../webhooks/receiver.js';

const DAY = 86_400_000;
const T0 = Date.parse('2026-11-20T12:00:00Z');
const utc = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const run = async (h: TestApp) => {
  const res = await admin(h.app, 'POST', '/api/admin/retention/run');
  assert.equal(res.statusCode, 200, res.body);
  return res.json().deleted as Record<'calls' | 'transcripts' | 'webhooks' | 'agent_sessions', number>;
};
const call = (sid: string, ms: number, said: string) => ({
  call_sid: sid,
  started_at: utc(ms),
  duration_sec: 120,
  transcript: [
    { speaker: 'caller', text: `This is Amazon, ${said}`, offset_sec: 0.5 },
    { speaker: 'persona', text: 'Oh dear', offset_sec: 3 },
  ],
  extraction: { impersonated_brand: 'Amazon' },
});

describe('retention of transcripts, webhooks and agent sessions', () => {
  let h: TestApp;
  let a: OrgKeys;
  let rx: Receiver;

  before(async () => {
    rx = await startReceiver();
    h = await testApp({ ...DELIVERY_ENV, HONEYPOT_RATE_AGENT: '1000/60' });
    h.setNow(new Date(T0));
    a = await newOrg(h.app, 'pro', 'A');
  });
  after(async () => {
    await h.close();
    await rx.close();
  });

  it('an org without a policy has the defaults; unknown orgs are 404; bounds are 400', async () => {
    const res = await admin(h.app, 'GET', `/api/admin/orgs/${a.orgId}/retention`);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {
      org_id: a.orgId,
      calls_days: null,
      transcripts_days: null,
      webhooks_days: 30,
      agent_sessions_days: 90,
      hourly_rollups_days: 62,
      updated_at: null,
    });
    assert.equal((await admin(h.app, 'GET', '/api/admin/orgs/org_nope/retention')).statusCode, 404);
    assert.equal((await admin(h.app, 'PATCH', '/api/admin/orgs/org_nope/retention', { calls_days: 5 })).statusCode, 404);
    for (const body of [
      {},
      { calls_days: 36_501 },
      { transcripts_days: -1 },
      { webhooks_days: 1.5 },
      { hourly_rollups_days: 63 },
      { hourly_rollups_days: null },
      { calls_days: '5' },
      { other: 1 },
    ]) {
      const bad = await admin(h.app, 'PATCH', `/api/admin/orgs/${a.orgId}/retention`, body);
      assert.equal(bad.statusCode, 400, JSON.stringify(body));
      assert.equal(bad.json().code, 'validation_failed');
    }
    // The read key of the org is not an admin.
    const denied = await h.app.inject({
      method: 'GET',
      url: `/api/admin/orgs/${a.orgId}/retention`,
      headers: { authorization: `Bearer ${a.read}` },
    });
    assert.equal(denied.statusCode, 401);
  });

  it('transcripts older than the limit are removed; the call stays and says when and why', async () => {
    const calls = [
      call('old1', T0 - 12 * DAY, 'old one'),
      call('old2', T0 - 10 * DAY - 1, 'old two'),
      call('new1', T0 - 10 * DAY, 'new one'),
    ];
    assert.equal((await ingest(h.app, a.ingest, calls)).statusCode, 200);
    const set = await admin(h.app, 'PATCH', `/api/admin/orgs/${a.orgId}/retention`, { transcripts_days: 10 });
    assert.equal(set.json().transcripts_days, 10);
    assert.equal(set.json().calls_days, null, 'the other fields are kept');
    assert.equal((await run(h)).transcripts, 2);
    for (const sid of ['old1', 'old2']) {
      const detail = (await get(h.app, a.read, `/api/calls/${sid}`)).json();
      assert.deepEqual(detail.transcript, []);
      assert.equal(detail.transcript_removed_at, utc(T0));
      assert.equal(detail.transcript_removed_reason, 'retention_policy');
      assert.equal(detail.impersonated_brand, 'Amazon', 'the call and its intel stay');
    }
    const kept = (await get(h.app, a.read, '/api/calls/new1')).json();
    assert.equal(kept.transcript.length, 2);
    assert.equal(kept.transcript_removed_at, null);
    assert.equal(kept.transcript_removed_reason, null);
    // Search reads the transcripts: only the kept one still matches.
    const found = (await get(h.app, a.read, '/api/calls?q=amazon&range=30d')).json();
    assert.deepEqual(
      found.items.map((c: { call_sid: string }) => c.call_sid),
      ['new1'],
    );
    assert.equal((await run(h)).transcripts, 0, 'nothing left to remove');
    // Re-ingested, an old call has its transcript again until a run finds it (within a day).
    assert.equal((await ingest(h.app, a.ingest, [call('old1', T0 - 12 * DAY, 'again')])).statusCode, 200);
    assert.equal((await get(h.app, a.read, '/api/calls/old1')).json().transcript_removed_at, null);
    h.setNow(new Date(T0 + DAY + 1000));
    assert.equal((await run(h)).transcripts, 2, 'old1 again, and new1 now past the limit');
    assert.equal((await get(h.app, a.read, '/api/calls/old1')).json().transcript_removed_at, utc(T0 + DAY + 1000));
    h.setNow(new Date(T0));
  });

  it('webhook deliveries and attempts go after webhooks_days', async () => {
    // Attempts are stamped by the system clock: the app's starts from it here.
    const base = Date.now();
    h.setNow(new Date(base));
    const sub = await api(h.app, a.read, 'POST', '/api/webhooks/subscriptions', { event_type: 'call.hooked', url: rx.url('/hook') });
    assert.equal(sub.statusCode, 201, sub.body);
    const ping = await api(h.app, a.read, 'POST', `/api/webhooks/subscriptions/${sub.json().id}/test`);
    assert.equal(ping.statusCode, 200, ping.body);
    const log = async () => (await api(h.app, a.read, 'GET', '/api/webhooks/deliveries?limit=500')).json().items.length;
    assert.equal(await log(), 1);
    h.setNow(new Date(base + 29 * DAY));
    assert.equal((await run(h)).webhooks, 0);
    assert.equal(await log(), 1);
    h.setNow(new Date(base + 31 * DAY));
    assert.equal((await run(h)).webhooks, 2, 'one delivery and its attempt');
    assert.equal(await log(), 0);
    h.setNow(new Date(T0));
  });

  it('agent sessions go once their last turn is older than agent_sessions_days', async () => {
    h.setNow(new Date(T0));
    const s1 = '11111111-1111-4111-8111-111111111111';
    const s2 = '22222222-2222-4222-8222-222222222222';
    const ask = async (session: string) => {
      const res = await api(h.app, a.read, 'POST', '/api/agent/ask', { question: 'How many calls this week?', session_id: session });
      assert.equal(res.statusCode, 200, res.body);
    };
    const session = (id: string) => api(h.app, a.read, 'GET', `/api/agent/session/${id}/v2`);
    await ask(s1);
    await ask(s2);
    h.setNow(new Date(T0 + 50 * DAY));
    await ask(s2); // s2's last turn is now 50 days later than s1's
    assert.equal((await admin(h.app, 'PATCH', `/api/admin/orgs/${a.orgId}/retention`, { agent_sessions_days: 45 })).statusCode, 200);
    h.setNow(new Date(T0 + 50 * DAY + 1000));
    assert.equal((await run(h)).agent_sessions, 1, "s1's one turn");
    assert.equal((await session(s1)).statusCode, 404);
    assert.equal((await session(s2)).json().turns.length, 2, 's2 is kept whole');
    h.setNow(new Date(T0));
  });

  it('/metrics counts the rows deleted per kind', async () => {
    const body = (await h.app.inject({ method: 'GET', url: '/metrics' })).body;
    assert.match(body, /honeypot_retention_deleted_rows_total\{kind="transcripts"\} 4\b/);
    assert.match(body, /honeypot_retention_deleted_rows_total\{kind="webhooks"\} 2\b/);
    assert.match(body, /honeypot_retention_deleted_rows_total\{kind="agent_sessions"\} 1\b/);
  });
});

// The CLI on a data directory of its own (the embedded engine: one process per file).
describe('honeypot retention (CLI)', { skip: TEST_ENGINE !== 'duckdb' && 'the CLI is tested on the embedded engine' }, () => {
  const exec = promisify(execFile);
  const dir = mkdtempSync(path.join(tmpdir(), 'honeypot-cli-retention-'));
  const cli = async (...args: string[]) =>
    (
      await exec(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
        env: { ...process.env, HONEYPOT_DATA_DIR: dir, DATABASE_URL: '' },
      })
    ).stdout;
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('sets, shows and runs; bad values exit with the bounds', async () => {
    const org = JSON.parse(await cli('orgs', 'create', '--name', 'Acme'));
    const set = JSON.parse(await cli('retention', 'set', '--org', org.id, '--calls', '400', '--webhooks', 'unlimited'));
    assert.equal(set.calls_days, 400);
    assert.equal(set.webhooks_days, null);
    assert.equal(set.agent_sessions_days, 90);
    assert.equal(JSON.parse(await cli('retention', 'show', '--org', org.id)).calls_days, 400);
    const ran = JSON.parse(await cli('retention', 'run'));
    assert.deepEqual(ran.rows, { calls_days: 0, transcripts_days: 0, webhooks_days: 0, agent_sessions_days: 0 });
    await assert.rejects(
      cli('retention', 'set', '--org', org.id, '--calls', '0'),
      /--calls must be a whole number of days from 1 to 36500/,
    );
    await assert.rejects(cli('retention', 'set', '--org', org.id, '--hourly-rollups', 'unlimited'), /--hourly-rollups must be/);
    await assert.rejects(cli('retention', 'set', '--org', org.id), /needs at least one of/);
  });
});
