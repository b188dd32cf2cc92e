// The daily rollups (src/storage/rollups/) must always equal what the stored
// calls say, however they got there: batches that replace calls and move them to other days,
// concurrent ingests of the same calls, and the migration that fills them for existing data.
// figures.test.ts checks the figures read from them against an independent model.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ingest, newOrg, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { TEST_ENGINE } from '../helpers/serverMode.js';
import { rebuildRollups } from '../../src/storage/rollups/deltas.js';
import { windowParts } from '../../src/storage/rollups/window.js';
import { migrate } from '../../src/storage/migrations/index.js';
import { prng, randomCall } from './reference.js';
import { RANKED_FIELDS } from '../../src/domain/call.js';

const DAY = 86_400_000;
const t = (s: string) => Date.parse(s);

describe('windowParts', () => {
  const parts = (start: string, end: string, periods: number[] = [1], scope: Record<string, string[]> | null = null) =>
    windowParts(true, { scope }, { start: new Date(start), end: new Date(end) }, periods);
  const day = (s: string) => ({ periodDays: 1, from: t(`${s}T00:00:00Z`) });

  it('reads whole UTC days from the rollups, then whole hours, and the partial hours from the calls', () => {
    assert.deepEqual(parts('2026-11-01T10:00:00Z', '2026-11-04T05:00:00Z'), {
      periods: [{ ...day('2026-11-02'), to: t('2026-11-04T00:00:00Z') }],
      hours: [
        [t('2026-11-01T10:00:00Z'), t('2026-11-02T00:00:00Z')],
        [t('2026-11-04T00:00:00Z'), t('2026-11-04T05:00:00Z')],
      ],
      raw: [],
    });
    assert.deepEqual(parts('2026-11-01T10:30:00Z', '2026-11-02T05:15:00Z'), {
      periods: [],
      hours: [[t('2026-11-01T11:00:00Z'), t('2026-11-02T05:00:00Z')]],
      raw: [
        [t('2026-11-01T10:30:00Z'), t('2026-11-01T11:00:00Z')],
        [t('2026-11-02T05:00:00Z'), t('2026-11-02T05:15:00Z')],
      ],
    });
  });

  it('needs no calls for a window on day boundaries', () => {
    assert.deepEqual(parts('2026-11-01T00:00:00Z', '2026-11-03T00:00:00Z'), {
      periods: [{ ...day('2026-11-01'), to: t('2026-11-03T00:00:00Z') }],
      hours: [],
      raw: [],
    });
  });

  it('takes whole 16-day blocks first, then whole days on either side, then calls', () => {
    // Blocks start every 16 days from 1970-01-01: 2026-10-26 and 2026-11-11 are block starts.
    assert.equal((t('2026-10-26T00:00:00Z') / DAY) % 16, 0);
    assert.deepEqual(parts('2026-10-20T06:00:00Z', '2026-11-20T12:00:00Z', [16, 1]), {
      periods: [
        { ...day('2026-10-21'), to: t('2026-10-26T00:00:00Z') },
        { periodDays: 16, from: t('2026-10-26T00:00:00Z'), to: t('2026-11-11T00:00:00Z') },
        { ...day('2026-11-11'), to: t('2026-11-20T00:00:00Z') },
      ],
      hours: [
        [t('2026-10-20T06:00:00Z'), t('2026-10-21T00:00:00Z')],
        [t('2026-11-20T00:00:00Z'), t('2026-11-20T12:00:00Z')],
      ],
      raw: [],
    });
    // No whole block inside: days only.
    assert.deepEqual(parts('2026-11-01T00:00:00Z', '2026-11-09T00:00:00Z', [16, 1]).periods, [
      { ...day('2026-11-01'), to: t('2026-11-09T00:00:00Z') },
    ]);
    // Whole blocks only.
    assert.deepEqual(parts('2026-10-26T00:00:00Z', '2026-11-27T00:00:00Z', [16, 1]), {
      periods: [{ periodDays: 16, from: t('2026-10-26T00:00:00Z'), to: t('2026-11-27T00:00:00Z') }],
      hours: [],
      raw: [],
    });
  });

  it('reads the calls alone when no whole hour fits, for a slice, or without rollups', () => {
    const raw = { periods: [], hours: [], raw: [[t('2026-11-01T00:00:00.001Z'), t('2026-11-01T01:00:00Z')]] };
    assert.deepEqual(parts('2026-11-01T00:00:00.001Z', '2026-11-01T01:00:00Z'), raw);
    const whole = { periods: [], hours: [], raw: [[t('2026-11-01T00:00:00Z'), t('2026-11-09T00:00:00Z')]] };
    assert.deepEqual(parts('2026-11-01T00:00:00Z', '2026-11-09T00:00:00Z', [1], { impersonated_brand: ['amazon'] }), whole);
    const off = windowParts(false, { scope: null }, { start: new Date('2026-11-01T00:00:00Z'), end: new Date('2026-11-09T00:00:00Z') });
    assert.deepEqual(off, whole);
  });

  it('handles days before 1970', () => {
    assert.deepEqual(parts('1969-12-30T12:00:00Z', '1970-01-01T00:00:00Z').periods, [{ periodDays: 1, from: -DAY, to: 0 }]);
  });
});

// What the rollups must hold, recomputed from the calls. Rows are compared as sorted text.
const EXPECTED: Record<string, string> = {
  call_days: `SELECT org_id, started_at - ((started_at % 86400000) + 86400000) % 86400000 AS day, flags, count(*) AS calls,
      sum(duration_sec) AS duration_sum, sum(CAST(auditor_confidence AS DECIMAL(38, 9))) AS confidence_sum,
      count(auditor_confidence) AS confidence_n, sum(CAST(asks_total AS DECIMAL(38, 9))) AS asked,
      coalesce(sum(CAST(dollars_dangled AS DECIMAL(38, 9))), 0) AS dangled
    FROM calls GROUP BY 1, 2, 3`,
  duration_counts: `SELECT org_id, 1 AS period_days, started_at - ((started_at % 86400000) + 86400000) % 86400000 AS period_start,
      duration_sec, count(*) AS calls FROM calls GROUP BY 1, 2, 3, 4
    UNION ALL
    SELECT org_id, 16, started_at - ((started_at % 1382400000) + 1382400000) % 1382400000, duration_sec, count(*)
    FROM calls GROUP BY 1, 2, 3, 4`,
  ask_counts: `SELECT org_id, 1 AS period_days, started_at - ((started_at % 86400000) + 86400000) % 86400000 AS period_start,
      amount, count(*) AS asks FROM (SELECT org_id, started_at, unnest(dollar_asks) AS amount FROM calls) a GROUP BY 1, 2, 3, 4
    UNION ALL
    SELECT org_id, 16, started_at - ((started_at % 1382400000) + 1382400000) % 1382400000, amount, count(*)
    FROM (SELECT org_id, started_at, unnest(dollar_asks) AS amount FROM calls) a GROUP BY 1, 2, 3, 4`,
};

// Every column counted per value in label_counts: the top-N fields, disconnect reason, state.
const LABELLED = [...RANKED_FIELDS, 'disconnect_reason', 'caller_state'];
const periodStart = (days: number) => `started_at - ((started_at % ${days * DAY}) + ${days * DAY}) % ${days * DAY}`;
const labelCounts = LABELLED.flatMap((col) =>
  [1, 16].map(
    (days) => `SELECT org_id, '${col}' AS dim, ${days} AS period_days, ${periodStart(days)} AS period_start, ${col} AS label,
      ${col === 'caller_state' ? "coalesce(caller_area_code, '')" : "''"} AS detail, count(*) AS calls
      FROM calls WHERE ${col} IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6`,
  ),
).join(' UNION ALL ');

EXPECTED.label_counts = labelCounts;

const COLUMNS: Record<string, string> = {
  label_counts: 'org_id, dim, period_days, period_start, label, detail, calls',
  call_days: 'org_id, day, flags, calls, duration_sum, coalesce(confidence_sum, 0) AS confidence_sum, confidence_n, asked, dangled',
  duration_counts: 'org_id, period_days, period_start, duration_sec, calls',
  ask_counts: 'org_id, period_days, period_start, amount, asks',
};

async function rowsAsText(h: TestApp, sql: string): Promise<string[]> {
  const rows = await h.db.all(sql);
  const text = (v: unknown) => (v === null ? 'null' : typeof v === 'string' ? v : String(Number(v)));
  return rows.map((r) => Object.values(r).map(text).join('|')).sort();
}

async function assertRollupsMatchCalls(h: TestApp): Promise<void> {
  for (const table of Object.keys(COLUMNS)) {
    const expected = await rowsAsText(h, `SELECT ${COLUMNS[table]} FROM (${EXPECTED[table]}) e`);
    const actual = await rowsAsText(h, `SELECT ${COLUMNS[table]} FROM ${table}`);
    assert.ok(expected.length > 0, `${table}: the fixture fills it`);
    assert.deepEqual(actual, expected, table);
  }
}

/** `n` random call records over `days` days from `from`, drawing their call_sids from `sids`. */
function calls(seed: number, n: number, sids: number, from: number, days: number): Record<string, unknown>[] {
  const rand = prng(seed);
  return Array.from({ length: n }, () => {
    const sid = `CA${String(Math.floor(rand() * sids)).padStart(4, '0')}`;
    return randomCall(rand, sid, from + Math.floor(rand() * days * DAY)).json;
  });
}

describe('daily rollups', { skip: TEST_ENGINE === 'postgres' ? false : 'kept on PostgreSQL only' }, () => {
  let h: TestApp;
  let a: OrgKeys;
  let b: OrgKeys;

  before(async () => {
    h = await testApp();
    a = await newOrg(h.app);
    b = await newOrg(h.app);
  });
  after(() => h.close());

  it('follow batches that replace calls and move them to other days', async () => {
    const from = t('2026-10-01T00:00:00Z');
    for (let i = 0; i < 4; i++) {
      // 120 records over 80 call_sids: many replace a call stored by an earlier batch or
      // by the same one, usually with another day, duration, tier and asks.
      const res = await ingest(h.app, a.ingest, calls(100 + i, 120, 80, from, 6));
      assert.equal(res.statusCode, 200, res.body);
    }
    await ingest(h.app, b.ingest, calls(200, 50, 80, from, 6)); // same call_sids, another org
    await assertRollupsMatchCalls(h);
  });

  it('drop a day or a value once no call holds it', async () => {
    const day = t('2026-09-01T00:00:00Z');
    const [single] = calls(300, 1, 1, day, 1).map((c) => ({ ...c, call_sid: 'CA-ONLY', duration_sec: 7777 }));
    await ingest(h.app, a.ingest, [single]);
    const moved = { ...single, started_at: '2026-09-05T00:00:00Z', duration_sec: 8888 };
    await ingest(h.app, a.ingest, [moved]);
    assert.deepEqual(await h.db.all('SELECT day FROM call_days WHERE day = $1', [day]), []);
    assert.deepEqual(await h.db.all('SELECT calls FROM duration_counts WHERE duration_sec = 7777'), []);
    await assertRollupsMatchCalls(h);
  });

  it('stay exact under concurrent ingests of the same calls', async () => {
    const from = t('2026-10-10T00:00:00Z');
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => ingest(h.app, i % 2 ? a.ingest : b.ingest, calls(400 + i, 150, 100, from, 3))),
    );
    for (const r of results) assert.equal(r.statusCode, 200, r.body);
    await assertRollupsMatchCalls(h);
  });

  it('are rebuilt from the calls on demand (honeypot rollups rebuild)', async () => {
    // Rollups gone wrong, e.g. an older instance ingested beside this one during an upgrade.
    await h.db.run('UPDATE call_days SET calls = calls + 5');
    await h.db.run('DELETE FROM label_counts WHERE dim = $1', ['caller_state']);
    await assert.rejects(assertRollupsMatchCalls(h));
    assert.equal(await rebuildRollups(h.db), true);
    await assertRollupsMatchCalls(h);
  });

  it('are filled for calls stored before they existed (migration 6)', async () => {
    for (const table of Object.keys(COLUMNS)) await h.db.run(`DROP TABLE ${table}`);
    await h.db.run('DELETE FROM schema_migrations WHERE version = 6');
    assert.deepEqual(await migrate(h.db), [6]);
    await assertRollupsMatchCalls(h);
  });
});
