// The hourly rollups (src/storage/rollups/hourFills.ts), PostgreSQL only: filled by reads in
// the background, dropped by ingest for the hours it touches. Every figure over windows of
// whole and partial hours must equal the independent model (./reference.ts) before the hours
// are filled, once they are, and after batches that add calls to filled hours and move
// stored calls between them; and the filled rows must equal what the calls say.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get, ingest, newOrg, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { TEST_ENGINE } from '../helpers/serverMode.js';
import { hourFillsIdle } from '../../src/storage/rollups/hourFills.js';
import {
  DAY,
  HOUR,
  approxEqual,
  prng,
  randomCall,
  refAskHistogram,
  refDisconnects,
  refDurationHistogram,
  refGeo,
  refSummary,
  refTier1,
  refTimeseries,
  refTopn,
  stored,
  utc,
  type RawCall,
  type Win,
} from './reference.js';

const NOW = Date.parse('2026-11-20T14:07:30.500Z');
const FROM = NOW - 3 * DAY;

const WINDOWS: (Win & { query: string; label: string })[] = [
  { start: NOW - DAY, end: NOW, query: 'range=24h', label: '24h' },
  { start: NOW - 30 * HOUR - 17 * 60_000, end: NOW - 2 * HOUR - 50_000, query: '', label: 'custom' },
  { start: Date.parse('2026-11-18T00:00:00Z'), end: Date.parse('2026-11-20T11:00:00Z'), query: '', label: 'custom' },
];
for (const w of WINDOWS) if (!w.query) w.query = `start=${utc(w.start)}&end=${utc(w.end)}`;

/** `n` random calls over the three days before NOW, with call_sids drawn from `sids`. */
function batch(seed: number, n: number, sids: number): RawCall[] {
  const rand = prng(seed);
  return Array.from({ length: n }, () =>
    randomCall(rand, `CA${String(Math.floor(rand() * sids)).padStart(4, '0')}`, FROM + Math.floor(rand() * (NOW - FROM))),
  );
}

// The hourly rows the calls of one org imply, in the filled hours only, as sorted text.
const HOUR_OF = `started_at - ((started_at % ${HOUR}) + ${HOUR}) % ${HOUR}`;
const EXPECTED_HOURLY = {
  call_hours: `SELECT ${HOUR_OF} AS hour, flags, count(*) AS calls, sum(duration_sec) AS duration_sum,
      count(auditor_confidence) AS confidence_n
    FROM calls WHERE org_id = $1 GROUP BY 1, 2`,
  disconnects: `SELECT ${HOUR_OF}, disconnect_reason, count(*) FROM calls WHERE org_id = $1 AND disconnect_reason IS NOT NULL GROUP BY 1, 2`,
};
const ACTUAL_HOURLY = {
  call_hours: 'SELECT hour, flags, calls, duration_sum, confidence_n FROM call_hours WHERE org_id = $1',
  disconnects: `SELECT period_start, label, calls FROM label_counts WHERE org_id = $1 AND period_days = 0 AND dim = 'disconnect_reason'`,
};

describe('hourly rollups', { skip: TEST_ENGINE === 'postgres' ? false : 'kept on PostgreSQL only' }, () => {
  let h: TestApp;
  let a: OrgKeys;
  let b: OrgKeys;
  const batches: RawCall[][] = [];

  const filledHours = async () =>
    new Set((await h.db.all('SELECT hour FROM hour_fills WHERE org_id = $1', [a.orgId])).map((r) => Number(r.hour)));

  const send = async (calls: RawCall[], org = a) => {
    const res = await ingest(
      h.app,
      org.ingest,
      calls.map((c) => c.json),
    );
    assert.equal(res.statusCode, 200, res.body);
    if (org === a) batches.push(calls);
  };

  /** Every windowed figure of org a against the model. */
  async function assertFigures(when: string): Promise<void> {
    const calls = stored(batches);
    for (const w of WINDOWS) {
      const fetch = async (path: string) => {
        const res = await get(h.app, a.read, `${path}${path.includes('?') ? '&' : '?'}${w.query}`);
        assert.equal(res.statusCode, 200, `${path}: ${res.body}`);
        return res.json();
      };
      const at = `${when}, ${utc(w.start)} – ${utc(w.end)}`;
      const { range: _, ...summary } = await fetch('/api/kpis/summary');
      approxEqual(summary, refSummary(calls, w), `summary ${at}`);
      for (const bucket of ['hour', 'day'] as const) {
        for (const metric of ['calls', 'hook_rate', 'total_dollars_asked'] as const) {
          const body = await fetch(`/api/kpis/timeseries/${metric}?bucket=${bucket}`);
          approxEqual(body.points, refTimeseries(calls, w, metric, bucket), `${metric}/${bucket} ${at}`);
        }
      }
      assert.deepEqual((await fetch('/api/kpis/topn/impersonated_brand')).items, refTopn(calls, w, 'impersonated_brand', 10), `topn ${at}`);
      const d = await fetch('/api/kpis/duration-histogram');
      assert.deepEqual(
        d.buckets.map(({ min_sec, max_sec, count }: Record<string, number | null>) => ({ min_sec, max_sec, count })),
        refDurationHistogram(calls, w),
        `durations ${at}`,
      );
      const k = await fetch('/api/kpis/ask-histogram');
      assert.deepEqual(
        k.buckets.map(({ min, max, count }: Record<string, number | null>) => ({ min, max, count })),
        refAskHistogram(calls, w),
        `asks ${at}`,
      );
      assert.deepEqual((await fetch('/api/kpis/attacker-geo')).items, refGeo(calls, w), `geo ${at}`);
      const { range: __, ...reasons } = await fetch('/api/kpis/disconnect-breakdown');
      assert.deepEqual(reasons, refDisconnects(calls, w), `disconnects ${at}`);
      assert.equal((await fetch('/api/kpis/tier1?limit=1')).total, refTier1(calls, w).length, `tier-1 total ${at}`);
    }
  }

  /** The rows of every filled hour equal the calls of that hour. */
  async function assertFilledRowsMatchCalls(): Promise<void> {
    const filled = await filledHours();
    const text = (rows: Record<string, unknown>[]) =>
      rows
        .map((r) => Object.values(r).map((v) => (v === null ? 'null' : String(Number(v) || v))))
        .filter((cols) => filled.has(Number(cols[0])))
        .map((cols) => cols.join('|'))
        .sort();
    for (const table of Object.keys(EXPECTED_HOURLY) as (keyof typeof EXPECTED_HOURLY)[]) {
      const expected = text(await h.db.all(EXPECTED_HOURLY[table], [a.orgId]));
      const actual = text(await h.db.all(ACTUAL_HOURLY[table], [a.orgId]));
      assert.ok(expected.length > 0, `${table}: the fixture fills it`);
      assert.deepEqual(actual, expected, table);
    }
  }

  before(async () => {
    h = await testApp();
    h.setNow(new Date(NOW));
    a = await newOrg(h.app);
    b = await newOrg(h.app);
    for (let i = 0; i < 3; i++) await send(batch(10 + i, 150, 300));
    await send(batch(20, 100, 300), b); // the same call_sids in another org
  });
  after(() => h.close());

  it('answer from the calls before the hours are filled, and from the filled hours after', async () => {
    assert.equal((await filledHours()).size, 0);
    await assertFigures('unfilled');
    await hourFillsIdle(h.db);
    const filled = await filledHours();
    // The whole hours of the windows' partial days: from 15:00 on the 19th to 13:00 on the 20th.
    assert.ok(filled.has(Date.parse('2026-11-19T15:00:00Z')) && filled.has(Date.parse('2026-11-20T12:00:00Z')), 'hours filled');
    assert.ok(!filled.has(Date.parse('2026-11-20T14:00:00Z')) || Date.now() > NOW + HOUR, 'the current hour is not filled');
    await assertFilledRowsMatchCalls();
    await assertFigures('filled');
  });

  it('follow batches that add calls to filled hours and move stored calls between them', async () => {
    await hourFillsIdle(h.db);
    const before = await filledHours();
    // Re-sent call_sids of the first batch, at other times, and new calls.
    const moved = batch(10, 40, 300).map((c, i) =>
      randomCall(prng(99 + i), c.json.call_sid as string, FROM + ((i * 7919 * 60_000) % (NOW - FROM))),
    );
    await send([...moved, ...batch(30, 30, 5000)]);
    const after = await filledHours();
    const touched = [...before].filter((hour) => !after.has(hour));
    assert.ok(touched.length > 0, 'the batch unlisted the hours it touched');
    assert.ok(after.size > 0, 'hours it did not touch stay listed');
    await assertFilledRowsMatchCalls();
    await assertFigures('after the batch');
    await hourFillsIdle(h.db);
    assert.ok((await filledHours()).size >= before.size, 'the touched hours filled again');
    await assertFilledRowsMatchCalls();
    await assertFigures('refilled');
  });

  it('leave other orgs out', async () => {
    await hourFillsIdle(h.db);
    const [{ n }] = await h.db.all('SELECT count(*) AS n FROM hour_fills WHERE org_id = $1', [b.orgId]);
    assert.equal(Number(n), 0, 'org b read nothing, so nothing of it is filled');
    await assertFigures('org b beside');
  });

  it('a fill that fails is counted in the metrics, lists nothing, and the reads still answer', async () => {
    await hourFillsIdle(h.db);
    const failures = async () => (await h.app.deps.metrics.hourFillFailures.get()).values[0]?.value ?? 0;
    const before = await failures();
    // Org b's hourly rows cannot be written while the trigger is there.
    await h.db.run(`CREATE FUNCTION refuse_hour_rows() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$`);
    await h.db.run(`CREATE TRIGGER refuse_hour_rows BEFORE INSERT ON call_hours FOR EACH ROW
      WHEN (NEW.org_id = '${b.orgId}') EXECUTE FUNCTION refuse_hour_rows()`);
    try {
      const res = await get(h.app, b.read, '/api/kpis/disconnect-breakdown?range=24h');
      assert.equal(res.statusCode, 200, res.body);
      await hourFillsIdle(h.db);
      assert.ok((await failures()) > before, 'the failed fill is counted');
      const [{ n }] = await h.db.all('SELECT count(*) AS n FROM hour_fills WHERE org_id = $1', [b.orgId]);
      assert.equal(Number(n), 0, 'a failed fill lists no hour');
      assert.equal(
        (await get(h.app, b.read, '/api/kpis/disconnect-breakdown?range=24h')).body,
        res.body,
        'the same answer, from the calls',
      );
    } finally {
      await h.db.run('DROP TRIGGER refuse_hour_rows ON call_hours');
      await h.db.run('DROP FUNCTION refuse_hour_rows()');
    }
  });
});
