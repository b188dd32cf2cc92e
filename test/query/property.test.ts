// Issue 25's property test: random queries (metrics × dimensions × nested filters × windows ×
// time zones with DST × compare × order × paging) over seeded calls of two orgs, each answer
// compared with the reference model of ./reference.ts: counts and money exactly, ratios and
// means to a relative 1e-9. A scoped read key's answers are the model's over its slice, and
// no filter widens it. QUERY_SEED=n replays another seed; a failure prints the seed and the
// query.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ingest, newOrg, scopedKey, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { ASKS, NOW, dataset } from './data.js';
import { postQuery } from './api.js';
import {
  BOOL_FIELDS,
  EXTRA_METRICS,
  FIELD_DIMENSIONS,
  INTEL,
  NUMERIC_FIELDS,
  SUMMARY_METRICS,
  TIME_DIMENSIONS,
  answer,
  assertAnswer,
  fieldValue,
  inSlice,
  normalise,
  pick,
  prng,
  type Answer,
  type Filter,
  type Query,
  type RefCall,
  type Scope,
} from './reference.js';

const SEED = Number(process.env.QUERY_SEED ?? 2025);
const QUERIES = Number(process.env.QUERY_COUNT ?? 180);
const SCOPED_QUERIES = Math.ceil(QUERIES / 3);

const ZONES = ['UTC', 'America/New_York', 'Asia/Kolkata', 'America/Santiago', 'Europe/London'];
const WINDOWS: { range?: string; start?: string; end?: string }[] = [
  {},
  { range: '24h' },
  { range: '30d' },
  { range: '400d' },
  { range: '2w' },
  { start: '2026-10-25', end: '2026-11-08' },
  { start: '2026-03-01', end: '2026-03-15' },
  { start: '2026-09-01', end: '2026-09-10' },
  { start: '2026-03-28', end: '2026-04-08' },
  { start: '2026-11-01', end: '2026-11-02' }, // 25 hours in New York
  { start: '2026-03-08', end: '2026-03-09' }, // 23 hours in New York
  { start: '2026-09-06', end: '2026-09-07' }, // Santiago: starts at 01:00
  { start: '2026-11-01T01:30:00-04:00', end: '2026-11-01T01:30:00-05:00' },
  { end: '2026-11-02', range: '3d' },
  { start: '2026-11-15T12:00:00+05:30' },
  { start: '2026-02-20', end: '2026-11-21' },
];
const COMPARE_WINDOWS = [
  { start: '2026-03-01', end: '2026-03-15' },
  { start: '2026-10-11', end: '2026-10-25' },
  { start: '2026-09-01T00:00:00Z', end: '2026-09-10T00:00:00Z' },
];
const METRICS = [...SUMMARY_METRICS, ...EXTRA_METRICS];
const CONTAINS_FIELDS = [...INTEL, 'persona', 'caller_id', 'transcript'];
const CONTAINS_TERMS = ['gift card', 'GIFT', '100%', '%', '_', 'user_name', 'amazon', 'ça va', 'chase', 'zz-none', 'a_b', 'mark%', 'kevin'];
const NUMBERS: Record<string, number[]> = {
  duration_sec: [0, 14, 15, 16, 59, 600, 1800, 86400, 1234.5],
  auditor_confidence: [0, 0.5, 0.69, 0.7, 0.71, 1, 0.333],
  dollar_ask: [...ASKS, 0.295, 50, 1e12],
  dollars_dangled: [0, 0.07, 199.5, 300, 399],
  tier: [1, 2, 3, 1.5],
};
const SCOPE: Scope = { impersonated_brand: ['AMAZON', 'apple', 'PayPal', 'Target'], persona: ['margaret', 'Harold'] };
/** A slice by bank, named in spellings other than the stored one ('Chase' is stored as 'JPMorgan Chase'). */
const BANK_SCOPE: Scope = { mule_bank_name: ['chase', 'BofA', 'td bank'] };

const ASK_METRICS = ['calls_received', 'total_dollars_asked', 'asks', 'mean_dollar_ask', 'median_dollar_ask', 'max_single_ask'];
const ALL = { range: '400d' } as const;
/** Hand-picked queries on the edges the random ones reach rarely. */
const TARGETED: Query[] = [
  { ...ALL, metrics: ASK_METRICS, filters: [['gt', 'dollar_ask', 100]] },
  {
    ...ALL,
    metrics: ASK_METRICS,
    filters: [
      [
        'and',
        [
          ['gt', 'dollar_ask', 100],
          ['and', [['lte', 'dollar_ask', 2500]]],
        ],
      ],
    ],
  },
  {
    ...ALL,
    metrics: ASK_METRICS,
    filters: [
      ['gt', 'dollar_ask', 1000],
      ['lt', 'dollar_ask', 50],
    ],
  },
  { ...ALL, metrics: ASK_METRICS, filters: [['or', [['gt', 'dollar_ask', 1000]]]] },
  { ...ALL, metrics: ASK_METRICS, filters: [['not', ['lt', 'dollar_ask', 100]]] },
  { ...ALL, metrics: ASK_METRICS, filters: [['between', 'dollar_ask', [0.1, 0.29]]] },
  { ...ALL, metrics: ASK_METRICS, filters: [['gt', 'dollar_ask', 0.29]] },
  { ...ALL, metrics: ASK_METRICS, filters: [['gte', 'dollar_ask', 999999999.99]] },
  { ...ALL, metrics: ASK_METRICS, filters: [['has', 'dollar_ask']], dimensions: ['tier'] },
  { ...ALL, metrics: ASK_METRICS, filters: [['lte', 'dollar_ask', 0]] },
  { ...ALL, metrics: ['calls_received', 'total_dollars_dangled'], filters: [['gt', 'dollars_dangled', 0.07]] },
  { ...ALL, metrics: ['calls_received'], dimensions: ['synthetic_org'], filters: [['contains', 'synthetic_org', ['%']]] },
  { ...ALL, metrics: ['calls_received'], dimensions: ['synthetic_org'], filters: [['contains', 'synthetic_org', ['_']]] },
  { ...ALL, metrics: ['calls_received'], dimensions: ['fake_agent_name'], filters: [['contains', 'fake_agent_name', ['K%', 'mark%']]] },
  { ...ALL, metrics: ['calls_received'], filters: [['contains', 'transcript', ['100%', 'USER_NAME']]] },
  { ...ALL, metrics: ['calls_received'], filters: [['contains', 'transcript', ['%']]] },
  { ...ALL, metrics: ['calls_received'], dimensions: ['has_intel'], filters: [['has', 'transcript']] },
  { ...ALL, metrics: ['calls_received'], dimensions: ['has_intel'], filters: [['not', ['has', 'transcript']]] },
  { ...ALL, metrics: ['calls_received'], dimensions: ['mule_bank_name'], filters: [['is', 'mule_bank_name', ['chase']]] },
  { ...ALL, metrics: ['calls_received'], dimensions: ['mule_bank_name'], filters: [['is_not', 'mule_bank_name', ['Chase', 'bofa']]] },
  { ...ALL, metrics: ['calls_received'], dimensions: ['mule_bank_name'], filters: [['contains', 'mule_bank_name', ['chase']]] },
  {
    ...ALL,
    metrics: ['calls_received'],
    dimensions: ['impersonated_brand'],
    filters: [['is', 'impersonated_brand', ['AMAZON', 'éclair']]],
  },
  { ...ALL, metrics: ['calls_received'], dimensions: ['caller_state'], filters: [['is', 'caller_state', ['ny', 'Dc']]] },
  { ...ALL, metrics: ['calls_received'], dimensions: ['caller_area_code', 'caller_state'] },
  { ...ALL, metrics: ['calls_received'], dimensions: ['caller_id'], filters: [['contains', 'caller_id', ['555']]] },
  { ...ALL, metrics: ['calls_received'], dimensions: ['cleanly_closed'], filters: [['is_not', 'cleanly_closed', [true]]] },
  { ...ALL, metrics: ['calls_received'], dimensions: ['cleanly_closed'], filters: [['not', ['is', 'cleanly_closed', [false]]]] },
  { ...ALL, metrics: ['calls_received', 'avg_auditor_confidence'], filters: [['not', ['gt', 'auditor_confidence', 0.5]]] },
  { ...ALL, metrics: ['calls_received'], dimensions: ['tier'], filters: [['not', ['between', 'tier', [2, 3]]]] },
  { ...ALL, metrics: ['calls_received'], dimensions: ['hooked', 'has_intel'], filters: [['is', 'hooked', [false]]] },
  { ...ALL, metrics: ['calls_received'], dimensions: ['persona'], order_by: [['persona', 'desc']] },
  // A group whose calls have no dollars_dangled has total 0, and sorts as 0 (found with QUERY_SEED=12…14).
  { ...ALL, metrics: ['total_dollars_dangled'], dimensions: ['persona'], order_by: [['total_dollars_dangled', 'asc']] },
  {
    range: '30d',
    metrics: ['total_dollars_dangled', 'total_dollars_asked'],
    dimensions: ['time:day', 'persona'],
    order_by: [['total_dollars_dangled', 'asc']],
    limit: 10_000,
  },
  {
    range: '30d',
    metrics: ['total_dollars_dangled'],
    dimensions: ['caller_id'],
    order_by: [['total_dollars_dangled', 'desc']],
    limit: 10_000,
  },
  {
    ...ALL,
    metrics: ['total_dollars_dangled', 'calls_received'],
    dimensions: ['lure_category'],
    order_by: [['total_dollars_dangled', 'desc']],
  },
  { ...ALL, metrics: ['total_dollars_asked'], dimensions: ['persona'], order_by: [['total_dollars_asked', 'asc']] },
  { ...ALL, metrics: ['calls_received', 'p90_call_duration_sec', 'median_call_duration_sec'], dimensions: ['disconnect_reason'] },
  { ...ALL, metrics: [...FIELD_DIMENSIONS.map((f) => `distinct:${f}`)] },
  { ...ALL, metrics: ['calls_received', 'hook_rate'], filters: [['is', 'impersonated_brand', ['no such brand']]] },
  {
    ...ALL,
    metrics: ['calls_received', 'hook_rate'],
    filters: [['is', 'impersonated_brand', ['no such brand']]],
    compare: 'previous_period',
  },
  ...['UTC', 'America/New_York', 'Asia/Kolkata', 'America/Santiago', 'Europe/London'].flatMap((timezone): Query[] => [
    { start: '2026-10-31', end: '2026-11-03', timezone, metrics: ['calls_received'], dimensions: ['time:hour'], limit: 10_000 },
    { start: '2026-10-31', end: '2026-11-03', timezone, metrics: ['calls_received'], dimensions: ['time:hour_of_day'] },
    {
      start: '2026-03-01',
      end: '2026-04-08',
      timezone,
      metrics: ['calls_received', 'total_dollars_asked'],
      dimensions: ['time:day'],
      limit: 10_000,
    },
    {
      start: '2026-09-01',
      end: '2026-09-10',
      timezone,
      metrics: ['calls_received'],
      dimensions: ['time:day', 'time:hour_of_day'],
      limit: 10_000,
    },
    { ...ALL, timezone, metrics: ['calls_received'], dimensions: ['time:week'], limit: 10_000 },
    { ...ALL, timezone, metrics: ['calls_received', 'hooked_calls'], dimensions: ['time:month', 'time:weekday'], limit: 10_000 },
    { range: '2w', timezone, metrics: ['calls_received', 'hook_rate'], dimensions: ['time:day'], compare: 'previous_period' },
    {
      range: '2w',
      timezone,
      metrics: ['calls_received', 'avg_call_duration_sec'],
      dimensions: ['time:weekday'],
      compare: 'previous_period',
    },
    {
      start: '2026-11-01',
      end: '2026-11-02',
      timezone,
      metrics: ['calls_received'],
      dimensions: ['time:hour'],
      compare: { start: '2026-03-08', end: '2026-03-09' },
    },
    {
      start: '2026-11-01',
      end: '2026-11-15',
      timezone,
      metrics: ['calls_received'],
      dimensions: ['time:week', 'tier'],
      compare: 'previous_period',
    },
    // Months that began under another offset than the window's start (found with QUERY_SEED=7).
    { start: '2026-03-28', end: '2026-04-08', timezone, metrics: ['calls_received'], dimensions: ['time:month'] },
    { start: '2026-11-10', end: '2026-11-20', timezone, metrics: ['calls_received'], dimensions: ['time:month'] },
    { start: '2026-10-30', end: '2026-11-02', timezone, metrics: ['calls_received'], dimensions: ['time:month', 'time:hour'] },
    { start: '2026-09-07', end: '2026-09-09', timezone, metrics: ['calls_received'], dimensions: ['time:month', 'time:week'] },
  ]),
];

const shuffle = <T>(rand: () => number, xs: readonly T[]): T[] => {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
};

/** Random queries over the values the calls hold (and a few they do not). */
function queryMaker(rand: () => number, calls: RefCall[]) {
  const valuesOf = new Map<string, string[]>();
  for (const f of FIELD_DIMENSIONS) {
    const seen = new Set<string>();
    for (const c of calls) {
      const v = fieldValue(c, f);
      if (typeof v === 'string') seen.add(v);
    }
    valuesOf.set(f, [...seen]);
  }
  const extra: Record<string, string[]> = {
    caller_state: ['ny', 'Tx', 'ZZ'],
    mule_bank_name: ['Chase', 'chase bank', 'BofA', 'wells fargo bank', 'Nobody Bank'],
    impersonated_brand: ['Microsoft', 'amazon', 'nobody'],
    caller_area_code: ['212', '999'],
  };
  const mutateCase = (s: string) => pick(rand, [s, s, s.toLowerCase(), s.toUpperCase()]);
  const textValue = (f: string) => {
    const pool = [...(valuesOf.get(f) ?? []), ...(extra[f] ?? [])];
    return pool.length ? mutateCase(pick(rand, pool)) : 'none';
  };
  const valuesFor = (f: string): unknown[] => {
    const n = 1 + Math.floor(rand() * 3);
    if ((BOOL_FIELDS as readonly string[]).includes(f)) return shuffle(rand, [true, false]).slice(0, Math.min(n, 2));
    if (f === 'tier') return shuffle(rand, [1, 2, 3]).slice(0, n);
    return Array.from({ length: n }, () => textValue(f));
  };
  const containsTerm = (f: string) => {
    if (f === 'transcript' || rand() < 0.3) return pick(rand, CONTAINS_TERMS);
    const v = textValue(f);
    const a = Math.floor(rand() * v.length);
    const b = Math.min(v.length, a + 1 + Math.floor(rand() * 5));
    return v.slice(a, b) || v;
  };

  const leaf = (): Filter => {
    const r = rand();
    if (r < 0.3) {
      const f = pick(rand, FIELD_DIMENSIONS);
      return [rand() < 0.6 ? 'is' : 'is_not', f, valuesFor(f)];
    }
    if (r < 0.45) {
      const f = pick(rand, CONTAINS_FIELDS);
      return ['contains', f, Array.from({ length: 1 + Math.floor(rand() * 2) }, () => containsTerm(f))];
    }
    if (r < 0.8) {
      const f = rand() < 0.4 ? 'dollar_ask' : pick(rand, NUMERIC_FIELDS);
      const op = pick(rand, ['gt', 'gte', 'lt', 'lte', 'between']);
      if (op === 'between') {
        const lo = pick(rand, NUMBERS[f]);
        const hi = pick(rand, NUMBERS[f]);
        return ['between', f, rand() < 0.85 ? [Math.min(lo, hi), Math.max(lo, hi)] : [Math.max(lo, hi), Math.min(lo, hi)]];
      }
      return [op, f, pick(rand, NUMBERS[f])];
    }
    return ['has', pick(rand, [...FIELD_DIMENSIONS, 'duration_sec', 'auditor_confidence', 'dollars_dangled', 'dollar_ask', 'transcript'])];
  };
  const filter = (depth: number): Filter => {
    const r = rand();
    if (depth >= 3 || r < 0.6) return leaf();
    const kids = () => Array.from({ length: 1 + Math.floor(rand() * 3) }, () => filter(depth + 1));
    if (r < 0.75) return ['not', filter(depth + 1)];
    if (r < 0.87) return ['and', kids()];
    return ['or', kids()];
  };

  return (): Query => {
    const metrics = shuffle(rand, [...METRICS, ...FIELD_DIMENSIONS.map((f) => `distinct:${f}`)]).slice(0, 1 + Math.floor(rand() * 4));
    const nDims = pick(rand, [0, 0, 1, 1, 1, 2, 2]);
    const dims: string[] = [];
    while (dims.length < nDims) {
      const d = rand() < 0.4 ? pick(rand, TIME_DIMENSIONS) : pick(rand, FIELD_DIMENSIONS);
      if (!dims.includes(d)) dims.push(d);
    }
    const q: Query = { metrics, ...pick(rand, WINDOWS) };
    if (dims.length) q.dimensions = dims;
    const nFilters = pick(rand, [0, 1, 1, 2, 2, 3]);
    if (nFilters) q.filters = Array.from({ length: nFilters }, () => filter(0));
    if (rand() < 0.8) q.timezone = pick(rand, ZONES);
    const c = rand();
    if (c < 0.2) q.compare = 'previous_period';
    else if (c < 0.32) q.compare = pick(rand, COMPARE_WINDOWS);
    if (rand() < 0.4 && [...metrics, ...dims].some((n) => !(metrics.includes(n) && dims.includes(n)))) {
      // A name that is both a requested metric and a requested dimension (cleanly_closed) is ambiguous: left out.
      const names = shuffle(
        rand,
        [...metrics, ...dims].filter((n) => !(metrics.includes(n) && dims.includes(n))),
      ).slice(0, 1 + Math.floor(rand() * 2));
      q.order_by = names.map((n) => [n, pick(rand, ['asc', 'desc'] as const)]);
    }
    if (rand() < 0.5) q.limit = pick(rand, [1, 2, 3, 5, 10, 10_000]);
    if (rand() < 0.3) q.offset = pick(rand, [0, 1, 2, 5, 40]);
    return q;
  };
}

describe('random queries against the reference model', () => {
  let h: TestApp;
  let a: OrgKeys;
  let b: OrgKeys;
  let scoped: string;
  let bankScoped: string;
  let callsA: RefCall[];
  let callsB: RefCall[];

  before(async () => {
    h = await testApp({ HONEYPOT_RATE_GENERAL: '1000000/60' });
    h.setNow(new Date(NOW));
    a = await newOrg(h.app, 'free', 'A');
    b = await newOrg(h.app, 'pro', 'B');
    scoped = await scopedKey(h.app, a.orgId, SCOPE as Record<string, string[]>);
    bankScoped = await scopedKey(h.app, a.orgId, BANK_SCOPE as Record<string, string[]>);
    const rand = prng(SEED);
    const first = dataset(rand, 420);
    // A second batch replaces some calls (the same call_sid again: never counted twice).
    const replacements = dataset(rand, 60).map((r, i) => ({ ...r, call_sid: `CA${String(i * 7).padStart(4, '0')}` }));
    for (const batch of [first, replacements]) {
      const res = await ingest(h.app, a.ingest, batch);
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json().rejected, []);
    }
    const bySid = new Map<string, RefCall>();
    for (const r of [...first, ...replacements]) bySid.set(r.call_sid as string, normalise(r));
    callsA = [...bySid.values()];
    const other = dataset(rand, 250);
    const res = await ingest(h.app, b.ingest, other);
    assert.equal(res.statusCode, 200, res.body);
    callsB = other.map(normalise);
  });

  after(() => h.close());

  /** Runs `n` random queries with `key` against the model over `calls`; reports the first failures with the seed. */
  async function run(key: string, calls: RefCall[], n: number, seed: number) {
    const rand = prng(seed);
    const make = queryMaker(rand, calls);
    const failures: string[] = [];
    let rows = 0;
    for (let i = 0; i < n; i++) {
      const q = make();
      // QUERY_TEST_REFERENCE=1 answers with the model itself: exercises the generator and the model alone.
      const res =
        process.env.QUERY_TEST_REFERENCE === '1'
          ? { statusCode: 200, body: '', json: () => answer(calls, q, NOW).answer }
          : await postQuery(h.app, key, q);
      let problem: string | null = null;
      if (res.statusCode !== 200) problem = `status ${res.statusCode}: ${res.body.slice(0, 400)}`;
      else {
        const exp = answer(calls, q, NOW);
        rows += exp.answer.results.length;
        try {
          assertAnswer(res.json() as Answer, exp, q.offset ?? 0);
        } catch (err) {
          problem = (err as Error).message;
        }
      }
      if (problem) failures.push(`#${i} ${JSON.stringify(q)}\n    ${problem}`);
    }
    assert.ok(rows > n / 2, `the queries return rows (${rows})`);
    if (failures.length) {
      assert.fail(
        `${failures.length}/${n} queries differ from the model (QUERY_SEED=${SEED}, stream seed ${seed}); the first:\n  ${failures.slice(0, 8).join('\n  ')}`,
      );
    }
  }

  it('the data covers what the queries need', () => {
    assert.ok(callsA.length > 400);
    assert.ok(callsA.filter((c) => inSlice(c, SCOPE)).length > 15, 'the slice holds calls');
    assert.ok(callsA.some((c) => c.ext?.asks.includes(99999999999)));
    assert.ok(
      callsA.some((c) => c.ms === Date.parse('2026-11-01T06:00:00Z')) || callsA.some((c) => c.ms === Date.parse('2026-11-01T05:30:00Z')),
    );
  });

  it(`${QUERIES} random queries of the org`, async () => {
    await run(a.read, callsA, QUERIES, SEED * 31 + 1);
  });

  it('the other org sees its own calls only', async () => {
    await run(b.read, callsB, 30, SEED * 31 + 2);
  });

  it(`${SCOPED_QUERIES} random queries of a scoped key: the model over its slice`, async () => {
    await run(
      scoped,
      callsA.filter((c) => inSlice(c, SCOPE)),
      SCOPED_QUERIES,
      SEED * 31 + 3,
    );
  });

  it('random queries of a key scoped to banks by other spellings', async () => {
    const slice = callsA.filter((c) => inSlice(c, BANK_SCOPE));
    assert.ok(slice.some((c) => c.ext?.fields.mule_bank_name === 'JPMorgan Chase'));
    await run(bankScoped, slice, Math.ceil(QUERIES / 6), SEED * 31 + 4);
  });

  it('targeted cases: ask filters, nulls, spellings, wildcards, zones, comparison, paging', async () => {
    const failures: string[] = [];
    for (const [i, q] of TARGETED.entries()) {
      const res = await postQuery(h.app, a.read, q);
      let problem: string | null = null;
      if (res.statusCode !== 200) problem = `status ${res.statusCode}: ${res.body.slice(0, 400)}`;
      else {
        try {
          assertAnswer(res.json() as Answer, answer(callsA, q, NOW), q.offset ?? 0);
        } catch (err) {
          problem = (err as Error).message;
        }
      }
      if (problem) failures.push(`#${i} ${JSON.stringify(q)}\n    ${problem}`);
    }
    if (failures.length)
      assert.fail(`${failures.length}/${TARGETED.length} targeted queries differ from the model:\n  ${failures.join('\n  ')}`);
  });

  it('pages of one row walk every group once', async () => {
    const q: Query = {
      metrics: ['calls_received', 'hook_rate'],
      dimensions: ['impersonated_brand', 'time:month'],
      range: '400d',
      timezone: 'America/New_York',
    };
    const exp = answer(callsA, q, NOW);
    const seen: unknown[] = [];
    for (let offset = 0; offset < exp.allRows.length + 1; offset++) {
      const res = await postQuery(h.app, a.read, { ...q, limit: 1, offset });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().meta.total_rows, exp.allRows.length);
      assertAnswer(res.json() as Answer, { ...exp, answer: { ...exp.answer, results: exp.allRows.slice(offset, offset + 1) } }, offset);
      seen.push(...res.json().results.map((r: { dimensions: unknown[] }) => JSON.stringify(r.dimensions)));
    }
    assert.equal(new Set(seen).size, exp.allRows.length);
  });

  it('a filter naming values outside the slice does not widen it', async () => {
    const slice = callsA.filter((c) => inSlice(c, SCOPE));
    const queries: Query[] = [
      { metrics: ['calls_received'], filters: [['is', 'impersonated_brand', ['Microsoft', 'TD Bank']]], range: '400d' },
      {
        metrics: ['calls_received'],
        filters: [
          [
            'or',
            [
              ['is', 'impersonated_brand', ['Microsoft']],
              ['has', 'caller_id'],
            ],
          ],
        ],
        range: '400d',
      },
      { metrics: ['calls_received'], filters: [['not', ['is', 'impersonated_brand', ['amazon']]]], range: '400d' },
      { metrics: ['calls_received'], filters: [['is_not', 'persona', ['margaret']]], range: '400d' },
      { metrics: ['calls_received', 'distinct:impersonated_brand'], dimensions: ['impersonated_brand', 'persona'], range: '400d' },
      { metrics: ['calls_received'], dimensions: ['persona'], filters: [['not', ['has', 'persona']]], range: '400d' },
    ];
    for (const q of queries) {
      const res = await postQuery(h.app, scoped, q);
      assert.equal(res.statusCode, 200, res.body);
      assertAnswer(res.json() as Answer, answer(slice, q, NOW));
    }
    const brands = await postQuery(h.app, scoped, { metrics: ['calls_received'], dimensions: ['impersonated_brand'], range: '400d' });
    for (const r of brands.json().results as { dimensions: string[] }[]) {
      assert.ok(['amazon', 'apple', 'paypal', 'target'].includes(r.dimensions[0].toLowerCase()), r.dimensions[0]);
    }
  });
});
