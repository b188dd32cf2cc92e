// The filler of hourly rollups as a member of storage (src/storage/rollups/hourFills.ts): it
// runs on the app's clock, its memory is bounded, close drops pending fills and waits for the
// running one, and hours past retention are neither filled nor kept. The first part drives it
// against a recording stand-in for the database; the last test runs it on PostgreSQL, where
// the pruned hours must leave every figure equal to the independent model (./reference.ts).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get, ingest, newOrg, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { TEST_ENGINE } from '../helpers/serverMode.js';
import type { Db, LockName } from '../../src/storage/db.js';
import { HourFills, hourFillsIdle, MAX_ASKED, MAX_PENDING } from '../../src/storage/rollups/hourFills.js';
import { HOUR, DAY, approxEqual, prng, randomCall, refDisconnects, refSummary, stored, utc, type RawCall } from './reference.js';

/** Records the hours each fill asks about (none is missing, so a fill writes nothing) and the prunes. */
class RecordingDb implements Db {
  readonly dialect = 'postgres' as const;
  readonly fills: number[][] = [];
  readonly prunedBefore: number[] = [];
  /** The org of each prune (null: every org). */
  readonly prunedOrgs: (string | null)[] = [];
  /** Each fill waits for this before it returns. */
  gate: Promise<void> = Promise.resolve();
  async all<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    if (sql.includes('pg_try_advisory_xact_lock')) return [{ locked: true }] as T[];
    if (sql.startsWith('DELETE FROM hour_fills WHERE hour <')) {
      this.prunedBefore.push(params[0] as number);
      this.prunedOrgs.push((params[1] as string | undefined) ?? null);
    }
    if (sql.includes('FROM unnest') && sql.includes('hour_fills')) {
      this.fills.push((params[1] as number[]).slice());
      await this.gate;
    }
    return [];
  }
  async run(): Promise<void> {}
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    return fn(this);
  }
  withLock<T>(_lock: LockName, _id: string, fn: (db: Db) => Promise<T>): Promise<T> {
    return fn(this);
  }
  async appendRows(): Promise<void> {}
  async ping(): Promise<void> {}
  async close(): Promise<void> {}
}

const T = (s: string) => Date.parse(s);
/** The app's clock in these tests: 14:07:30 on a day far from the machine's. */
const NOW = T('2026-01-15T14:07:30Z');

function filler(now = NOW) {
  const db = new RecordingDb();
  const fills = new HourFills(db);
  const failures: unknown[] = [];
  fills.attach(
    () => now,
    (err) => failures.push(err),
  );
  return { db, fills, failures };
}

describe('the hourly-rollup filler', () => {
  it('fills nothing before an app gives it a clock', async () => {
    const db = new RecordingDb();
    const fills = new HourFills(db);
    fills.want('org', T('2026-01-15T09:00:00Z'), T('2026-01-15T12:00:00Z'));
    await fills.idle();
    assert.deepEqual(db.fills, []);
    assert.deepEqual(db.prunedBefore, []);
  });

  it("leaves the app clock's current hour and later ones to the calls, and prunes by that clock", async () => {
    const { db, fills } = filler();
    fills.want('org', T('2026-01-15T09:00:00Z'), T('2026-01-15T17:00:00Z'));
    await fills.idle();
    assert.deepEqual(db.fills, [
      ['2026-01-15T09:00:00Z', '2026-01-15T10:00:00Z', '2026-01-15T11:00:00Z', '2026-01-15T12:00:00Z', '2026-01-15T13:00:00Z'].map(T),
    ]);
    // Whole days: the 62 days before 15 January start on 14 November.
    assert.deepEqual(db.prunedBefore, [T('2025-11-14T00:00:00Z')]);
  });

  it('fills no hour past retention', async () => {
    const { db, fills } = filler();
    fills.want('org', T('2025-11-13T22:00:00Z'), T('2025-11-14T02:00:00Z'));
    await fills.idle();
    assert.deepEqual(db.fills, [[T('2025-11-14T00:00:00Z'), T('2025-11-14T01:00:00Z')]]);
  });

  it("keeps an org's hours for its own retention (whole days), pruned at once", async () => {
    const { db, fills } = filler();
    fills.keepHours(
      new Map([
        ['short', 2],
        ['today', 0],
        ['long', 62],
      ]),
    );
    await fills.idle();
    // Every org past 62 days, then each org that keeps fewer, from midnight of its first kept day.
    assert.deepEqual(db.prunedBefore, [T('2025-11-14T00:00:00Z'), T('2026-01-13T00:00:00Z'), T('2026-01-15T00:00:00Z')]);
    assert.deepEqual(db.prunedOrgs, [null, 'short', 'today']);
    fills.want('short', T('2026-01-12T22:00:00Z'), T('2026-01-13T02:00:00Z'));
    fills.want('today', T('2026-01-14T23:00:00Z'), T('2026-01-15T01:00:00Z'));
    fills.want('long', T('2026-01-12T23:00:00Z'), T('2026-01-13T01:00:00Z'));
    await fills.idle();
    assert.deepEqual(db.fills, [
      [T('2026-01-13T00:00:00Z'), T('2026-01-13T01:00:00Z')],
      [T('2026-01-15T00:00:00Z')],
      [T('2026-01-12T23:00:00Z'), T('2026-01-13T00:00:00Z')],
    ]);
    // The same limits again: no prune before the next hour.
    fills.keepHours(new Map([['short', 2]]));
    fills.keepHours(new Map([['short', 2]]));
    await fills.idle();
    assert.equal(db.prunedBefore.length, 5, 'a change of limits prunes at once (every org, then short)');
  });

  it('asks once per hour until ingest unlists it (forget)', async () => {
    const { db, fills } = filler();
    const from = T('2026-01-14T00:00:00Z');
    fills.want('org', from, from + 3 * HOUR);
    await fills.idle();
    fills.want('org', from, from + 3 * HOUR);
    await fills.idle();
    assert.equal(db.fills.length, 1);
    fills.forget('org', [from + HOUR]);
    fills.want('org', from, from + 3 * HOUR);
    await fills.idle();
    assert.deepEqual(db.fills, [[from, from + HOUR, from + 2 * HOUR], [from + HOUR]]);
  });

  it('holds at most MAX_ASKED asked hours and MAX_PENDING pending ones, however much is read', async () => {
    const { db, fills } = filler();
    let release!: () => void;
    db.gate = new Promise((r) => (release = r));
    // 40 orgs × 62 days of hours: 59,520 hours asked.
    for (let i = 0; i < 40; i++) fills.want(`org${i}`, NOW - 70 * DAY, NOW);
    const { asked, pending } = fills.size;
    assert.ok(asked <= MAX_ASKED, `asked ${asked}`);
    assert.equal(pending, MAX_PENDING);
    release();
    await fills.idle();
    assert.equal(db.fills.flat().length, MAX_PENDING, 'every pending hour was filled once');
    assert.equal(fills.size.pending, 0);
  });

  it('close drops the pending fills, waits for the running one, and ignores later reads', async () => {
    const { db, fills } = filler();
    let release!: () => void;
    db.gate = new Promise((r) => (release = r));
    const from = T('2026-01-14T00:00:00Z');
    fills.want('a', from, from + 2 * HOUR);
    fills.want('b', from, from + 2 * HOUR);
    while (db.fills.length === 0) await new Promise((r) => setImmediate(r));
    let closed = false;
    const closing = fills.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 20));
    assert.equal(closed, false, 'close waits for the fill in flight');
    release();
    await closing;
    fills.want('c', from, from + 2 * HOUR);
    await fills.idle();
    assert.deepEqual(db.fills, [[from, from + HOUR]], "org b's pending fill was dropped, org c's never asked");
  });
});

describe('hourly rows past retention, on PostgreSQL', { skip: TEST_ENGINE === 'postgres' ? false : 'kept on PostgreSQL only' }, () => {
  const APP_NOW = Date.parse('2026-11-20T14:07:30.500Z');
  let h: TestApp;
  let a: OrgKeys;
  let calls: RawCall[];

  const hoursBefore = async (ms: number) => {
    const [f] = await h.db.all<{ n: number }>('SELECT count(*) AS n FROM hour_fills WHERE hour < $1', [ms]);
    const [c] = await h.db.all<{ n: number }>('SELECT count(*) AS n FROM call_hours WHERE hour < $1', [ms]);
    const [l] = await h.db.all<{ n: number }>('SELECT count(*) AS n FROM label_counts WHERE period_days = 0 AND period_start < $1', [ms]);
    return { fills: Number(f.n), call_hours: Number(c.n), label_counts: Number(l.n) };
  };

  // Two windows of partial days: 40 days back (kept while the clock is at APP_NOW) and 3 days back.
  const windows = [
    { start: APP_NOW - 40 * DAY - 5 * HOUR, end: APP_NOW - 40 * DAY + 7 * HOUR },
    { start: APP_NOW - 3 * DAY - 5 * HOUR, end: APP_NOW - 3 * DAY + 7 * HOUR },
  ];

  async function assertFigures(when: string) {
    const model = stored([calls]);
    for (const w of windows) {
      const q = `start=${utc(w.start)}&end=${utc(w.end)}`;
      const summary = await get(h.app, a.read, `/api/kpis/summary?${q}`);
      assert.equal(summary.statusCode, 200, summary.body);
      const { range: _, ...s } = summary.json();
      approxEqual(s, refSummary(model, w), `summary ${when} ${q}`);
      const { range: __, ...d } = (await get(h.app, a.read, `/api/kpis/disconnect-breakdown?${q}`)).json();
      assert.deepEqual(d, refDisconnects(model, w), `disconnects ${when} ${q}`);
    }
  }

  before(async () => {
    h = await testApp();
    h.setNow(new Date(APP_NOW));
    a = await newOrg(h.app);
    const rand = prng(5);
    calls = windows.flatMap((w, i) =>
      Array.from({ length: 120 }, (_, j) =>
        randomCall(rand, `CA${i}-${j}`, w.start - 2 * HOUR + Math.floor(rand() * (w.end - w.start + 4 * HOUR))),
      ),
    );
    const res = await ingest(
      h.app,
      a.ingest,
      calls.map((c) => c.json),
    );
    assert.equal(res.statusCode, 200, res.body);
  });
  after(() => h.close());

  it('are pruned once the clock moves past them, and the figures stay exact', async () => {
    await assertFigures('unfilled');
    await hourFillsIdle(h.db);
    const oldEdge = APP_NOW - 39 * DAY;
    const kept = await hoursBefore(oldEdge);
    assert.ok(kept.fills > 0 && kept.call_hours > 0 && kept.label_counts > 0, `the old window's hours are filled: ${JSON.stringify(kept)}`);
    await assertFigures('filled');

    // 30 days later (and an hour past the last prune) the window 40 days back is 70 days old.
    h.setNow(new Date(APP_NOW + 30 * DAY));
    await assertFigures('past retention');
    await hourFillsIdle(h.db);
    assert.deepEqual(await hoursBefore(oldEdge), { fills: 0, call_hours: 0, label_counts: 0 }, 'pruned');
    assert.ok((await hoursBefore(APP_NOW)).fills > 0, 'the window 3 days back (33 days now) stays filled');
    await assertFigures('after the prune');
  });
});
