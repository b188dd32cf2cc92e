// POST /api/query (CONTRACT §13): hostile and invalid queries. Each answers 400 problem+json (validation_failed
// naming the part in errors[].path, or invalid_range for windows) or a 200, within 10 s, and
// never a 5xx: unknown names, wrong types, non-finite and huge numbers, paging bounds,
// order_by naming what was not requested, unknown properties, 10,000-deep nesting, 1,000+
// filters, a 100,000-value list, every operator on every field, too many groups. Also who may
// ask: no key 401, an ingest key 403, a free org 200.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { ingest, newOrg, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { postQuery } from './api.js';
import { NOW } from './data.js';
import { EXTRA_METRICS, FIELD_DIMENSIONS, INTEL, SUMMARY_METRICS, TIME_DIMENSIONS, utc } from './reference.js';

/**
 * A bound that catches a query that blows up (a cross product of 10,000 dimensions, a 10,000-deep
 * nesting walked recursively), not a speed: speed is the benchmarks'. 2 s failed once in a CI run
 * that took 17 minutes instead of 7 (3.1 s for 10,000 dimensions).
 */
const LIMIT_MS = 10_000;
const OK = { metrics: ['calls_received'] };

const TEXT_FIELDS = [...INTEL, 'caller_state', 'caller_area_code', 'caller_id', 'persona', 'disconnect_reason'];
const COMPARABLE = ['duration_sec', 'auditor_confidence', 'dollar_ask', 'dollars_dangled', 'tier'];
const ALL_FIELDS = [...FIELD_DIMENSIONS, 'duration_sec', 'auditor_confidence', 'dollar_ask', 'dollars_dangled', 'transcript'];

/** A value of the field's type for `is`/`is_not`. */
const listValue = (field: string): unknown[] =>
  field === 'tier'
    ? [1]
    : ['cleanly_closed', 'hooked', 'has_intel'].includes(field)
      ? [true]
      : field === 'disconnect_reason'
        ? ['voice_engine_issue']
        : ['x'];

describe('POST /api/query: hostile and invalid queries', () => {
  let h: TestApp;
  let org: OrgKeys;
  let many: OrgKeys;

  before(async () => {
    h = await testApp({ HONEYPOT_RATE_GENERAL: '1000000/60' });
    h.setNow(new Date(NOW));
    org = await newOrg(h.app, 'free', 'Free org');
    const res = await ingest(h.app, org.ingest, [
      {
        call_sid: 'E1',
        started_at: utc(NOW - 3_600_000),
        duration_sec: 60,
        caller_id: '+12125550143',
        persona: 'margaret',
        transcript: [{ speaker: 'caller', text: 'buy a gift card', offset_sec: 1 }],
        extraction: { impersonated_brand: 'Amazon', dollar_asks: [500], auditor_confidence: 0.9, mule_bank_name: 'Chase' },
      },
    ]);
    assert.equal(res.statusCode, 200, res.body);
    // An org with 10,001 distinct caller IDs in the last day: a grouping over them has too many rows.
    many = await newOrg(h.app, 'pro', 'Many');
    const records = Array.from({ length: 10_001 }, (_, i) => ({
      call_sid: `M${i}`,
      started_at: utc(NOW - 1000 - i * 1000),
      duration_sec: i % 100,
      caller_id: `+1212${String(10_000_000 + i).slice(1)}`,
    }));
    for (const batch of [records.slice(0, 5000), records.slice(5000)]) {
      const r = await ingest(h.app, many.ingest, batch);
      assert.equal(r.statusCode, 200, r.body.slice(0, 300));
    }
  });

  after(() => h.close());

  /** Sends the query (an object, or raw JSON text) and checks the time and that it is no 5xx. */
  async function send(body: unknown, key: string | null = org.read, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const t0 = performance.now();
    const res =
      typeof body === 'string'
        ? await h.app.inject({
            method: 'POST',
            url: '/api/query',
            payload: body,
            headers: { 'content-type': 'application/json', ...(key === null ? {} : { authorization: `Bearer ${key}` }), ...headers },
          })
        : await postQuery(h.app, key, body, headers);
    const ms = performance.now() - t0;
    const what = typeof body === 'string' ? body.slice(0, 200) : JSON.stringify(body).slice(0, 200);
    assert.ok(res.statusCode < 500, `${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    assert.ok(ms < LIMIT_MS, `${what}: took ${Math.round(ms)} ms`);
    return res;
  }

  /** A 400 problem+json with `code`, whose errors name `path` (exactly, or by a prefix ending in '*'). */
  async function rejects(body: unknown, path?: string, code = 'validation_failed') {
    const res = await send(body);
    const what = typeof body === 'string' ? body.slice(0, 200) : JSON.stringify(body).slice(0, 200);
    assert.equal(res.statusCode, 400, `${what}: ${res.body.slice(0, 300)}`);
    assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
    const p = res.json();
    assert.equal(p.code, code, `${what}: ${res.body.slice(0, 300)}`);
    assert.equal(p.status, 400);
    for (const k of ['type', 'title', 'detail']) assert.equal(typeof p[k], 'string', k);
    if (path !== undefined) {
      // The project's paths name the request part first ('body.limit'); docs/query.md writes 'limit'.
      const paths: string[] = (p.errors ?? []).map((e: { path: string }) => e.path.replace(/^body\./, ''));
      const hit = path.endsWith('*') ? paths.some((x) => x.startsWith(path.slice(0, -1))) : paths.includes(path);
      assert.ok(hit, `${what}: errors[].path ${JSON.stringify(paths)} should name ${path} (${res.body.slice(0, 300)})`);
    }
    return p;
  }

  async function accepts(body: unknown, key = org.read) {
    const res = await send(body, key);
    assert.equal(res.statusCode, 200, `${JSON.stringify(body).slice(0, 200)}: ${res.body.slice(0, 300)}`);
    return res.json();
  }

  describe('who may ask', () => {
    it('no key or a bad key: 401, before any validation', async () => {
      for (const key of [null, 'hpk_nope']) {
        for (const body of [OK, { metrics: ['nope'] }, '{bad json']) {
          const res = await send(body, key);
          assert.equal(res.statusCode, 401, res.body);
          assert.equal(res.json().code, 'unauthorized');
          assert.match(String(res.headers['www-authenticate']), /^Bearer/);
        }
      }
    });

    it('an ingest key: 403 forbidden', async () => {
      const res = await send(OK, org.ingest);
      assert.equal(res.statusCode, 403, res.body);
      assert.equal(res.json().code, 'forbidden');
    });

    it('a free org may query (free tier)', async () => {
      const body = await accepts({ metrics: ['calls_received', 'total_dollars_asked'] });
      assert.deepEqual(body.results, [{ dimensions: [], metrics: [1, 500] }]);
    });

    it('the general rate limit counts queries', async () => {
      const small = await testApp({ HONEYPOT_RATE_GENERAL: '3/60' });
      try {
        const k = await newOrg(small.app, 'free', 'Limited');
        const codes: number[] = [];
        for (let i = 0; i < 4; i++) codes.push((await postQuery(small.app, k.read, OK)).statusCode);
        assert.deepEqual(codes, [200, 200, 200, 429]);
        const last = await postQuery(small.app, k.read, OK);
        assert.equal(last.json().code, 'rate_limited');
        assert.ok(Number(last.headers['retry-after']) > 0);
      } finally {
        await small.close();
      }
    });

    it('documented in OpenAPI', async () => {
      const doc = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json();
      assert.ok(doc.paths['/api/query']?.post, 'POST /api/query in /openapi.json');
    });

    it('not JSON: 415; bad JSON: 400', async () => {
      const res = await send('metrics=calls_received', org.read, { 'content-type': 'application/x-www-form-urlencoded' });
      assert.equal(res.statusCode, 415, res.body);
      assert.equal(res.json().code, 'unsupported_media_type');
      await rejects('{"metrics": ["calls_received"]');
      await rejects('');
      await rejects('[]');
      await rejects('null');
    });
  });

  describe('names', () => {
    it('every metric, dimension and field alone is accepted', async () => {
      for (const m of [...SUMMARY_METRICS, ...EXTRA_METRICS, ...FIELD_DIMENSIONS.map((f) => `distinct:${f}`)])
        await accepts({ metrics: [m] });
      for (const d of [...FIELD_DIMENSIONS, ...TIME_DIMENSIONS]) await accepts({ metrics: ['calls_received'], dimensions: [d] });
    });

    it('unknown metric', async () => {
      await rejects({ metrics: ['calls_received', 'nope'] }, 'metrics[1]');
      await rejects({ metrics: ['calls_received', 'hook_rate', 'CALLS_RECEIVED'] }, 'metrics[2]');
      await rejects({ metrics: ['distinct:nope'] }, 'metrics[0]');
      await rejects({ metrics: ['distinct:time:day'] }, 'metrics[0]');
      await rejects({ metrics: ['distinct:duration_sec'] }, 'metrics[0]');
      await rejects({ metrics: ['distinct:'] }, 'metrics[0]');
      await rejects({ metrics: ['__proto__'] }, 'metrics[0]');
      await rejects({ metrics: ['constructor'] }, 'metrics[0]');
      await rejects({ metrics: [] }, 'metrics*');
      await rejects({}, undefined);
      await rejects({ metrics: 'calls_received' }, 'metrics*');
      await rejects({ metrics: [1] }, 'metrics*');
      await rejects({ metrics: [null] }, 'metrics*');
      await rejects({ metrics: ['x'.repeat(1_000_000)] }, 'metrics*');
    });

    it('unknown dimension', async () => {
      await rejects({ ...OK, dimensions: ['nope'] }, 'dimensions[0]');
      await rejects({ ...OK, dimensions: ['persona', 'time:minute'] }, 'dimensions[1]');
      await rejects({ ...OK, dimensions: ['duration_sec'] }, 'dimensions[0]');
      await rejects({ ...OK, dimensions: ['transcript'] }, 'dimensions[0]');
      await rejects({ ...OK, dimensions: ['dollar_ask'] }, 'dimensions[0]');
      await rejects({ ...OK, dimensions: ['time:'] }, 'dimensions[0]');
      await rejects({ ...OK, dimensions: 'persona' }, 'dimensions*');
      await rejects({ ...OK, dimensions: [['persona']] }, 'dimensions*');
    });

    it('unknown properties', async () => {
      await rejects({ ...OK, nope: 1 });
      await rejects({ ...OK, filter: [] });
      await rejects({ ...OK, compare: { start: '2026-11-01', end: '2026-11-02', extra: 1 } });
      await rejects('{"metrics":["calls_received"],"__proto__":{"limit":0}}');
      await rejects('{"metrics":["calls_received"],"constructor":{"prototype":{}}}');
    });
  });

  describe('filters', () => {
    it('unknown operator, field or value type names the part', async () => {
      await rejects({ ...OK, filters: [['like', 'persona', ['x']]] }, 'filters[0][0]');
      await rejects(
        {
          ...OK,
          filters: [
            ['has', 'persona'],
            ['is', 'nope', ['x']],
          ],
        },
        'filters[1][1]',
      );
      await rejects({ ...OK, filters: [['is', 'persona', 'x']] }, 'filters[0][2]*');
      await rejects({ ...OK, filters: [['is', 'persona', []]] }, 'filters[0][2]*');
      await rejects({ ...OK, filters: [['is', 'persona', [1]]] }, 'filters[0][2]*');
      await rejects({ ...OK, filters: [['is', 'tier', ['1']]] }, 'filters[0][2]*');
      await rejects({ ...OK, filters: [['is', 'tier', [1.5]]] }, 'filters[0][2]*');
      await rejects({ ...OK, filters: [['is', 'hooked', ['true']]] }, 'filters[0][2]*');
      await rejects({ ...OK, filters: [['is', 'persona', [null]]] }, 'filters[0][2]*');
      await rejects({ ...OK, filters: [['gt', 'duration_sec', '5']] }, 'filters[0][2]*');
      await rejects({ ...OK, filters: [['gt', 'duration_sec', [5]]] }, 'filters[0][2]*');
      await rejects({ ...OK, filters: [['gt', 'duration_sec']] }, 'filters[0]*');
      await rejects({ ...OK, filters: [['between', 'duration_sec', [5]]] }, 'filters[0][2]*');
      await rejects({ ...OK, filters: [['between', 'duration_sec', [1, 2, 3]]] }, 'filters[0][2]*');
      await rejects({ ...OK, filters: [['between', 'duration_sec', ['a', 'b']]] }, 'filters[0][2]*');
      await rejects({ ...OK, filters: [['contains', 'persona', 'mar']] }, 'filters[0][2]*');
      await rejects({ ...OK, filters: [['contains', 'persona', []]] }, 'filters[0][2]*');
      await rejects({ ...OK, filters: [['has', 'persona', ['x']]] }, 'filters[0]*');
      await rejects({ ...OK, filters: [['has']] }, 'filters[0]*');
      await rejects({ ...OK, filters: [[]] }, 'filters[0]*');
      await rejects({ ...OK, filters: ['is'] }, 'filters[0]*');
      await rejects({ ...OK, filters: [{ op: 'is' }] }, 'filters[0]*');
      await rejects({ ...OK, filters: ['has', 'persona'] }, 'filters*');
      await rejects({ ...OK, filters: [['not']] }, 'filters[0]*');
      await rejects({ ...OK, filters: [['not', ['has', 'persona'], ['has', 'persona']]] }, 'filters[0]*');
      await rejects({ ...OK, filters: [['and', ['has', 'persona']]] }, 'filters[0]*');
      await rejects({ ...OK, filters: [['or', 'x']] }, 'filters[0]*');
      await rejects(
        {
          ...OK,
          filters: [
            [
              'or',
              [
                ['has', 'persona'],
                ['bogus', 'persona', ['b']],
              ],
            ],
          ],
        },
        'filters[0][1][1][0]',
      );
      await rejects({ ...OK, filters: [['not', ['is', 'nope', ['x']]]] }, 'filters[0][1][1]');
    });

    it('NaN, Infinity, huge and non-finite numbers', async () => {
      await rejects('{"metrics":["calls_received"],"filters":[["gt","duration_sec",NaN]]}');
      await rejects('{"metrics":["calls_received"],"filters":[["gt","duration_sec",Infinity]]}');
      await rejects('{"metrics":["calls_received"],"filters":[["gt","duration_sec",1e309]]}');
      await rejects('{"metrics":["calls_received"],"filters":[["between","dollar_ask",[-1e309, 5]]]}');
      await rejects('{"metrics":["calls_received"],"limit":1e309}', 'limit');
      const huge = await accepts({ ...OK, filters: [['gt', 'dollar_ask', 1e300]] });
      assert.equal(huge.results[0].metrics[0], 0);
      const small = await accepts({ ...OK, filters: [['gt', 'dollar_ask', -1e300]] });
      assert.equal(small.results[0].metrics[0], 1);
      await accepts({ ...OK, filters: [['lt', 'auditor_confidence', 5e-324]] });
      // Whole numbers past 64-bit integers, on every numeric field: no engine may fail on them.
      for (const field of COMPARABLE) {
        for (const v of [1e19, 1e20, 1e300, -1e300]) {
          const res = await send({ ...OK, filters: [['gt', field, v]] });
          assert.ok(res.statusCode === 200 || res.statusCode === 400, `gt ${field} ${v}: ${res.statusCode}`);
          if (res.statusCode === 200) assert.equal(res.json().results[0].metrics[0], v > 0 || field === 'dollars_dangled' ? 0 : 1);
        }
      }
      await accepts({ ...OK, filters: [['between', 'duration_sec', [-(2 ** 60), 2 ** 60]]] });
    });

    it('nesting 10,000 deep is a 400, not a stack overflow', async () => {
      const deep = (open: string, close: string, n: number) => `${open.repeat(n)}["has","persona"]${close.repeat(n)}`;
      // Over the documented 16 levels, within any JSON depth limit: the 400 names the filter.
      await rejects(`{"metrics":["calls_received"],"filters":[${deep('["not",', ']', 20)}]}`, 'filters[0]*');
      await accepts(JSON.parse(`{"metrics":["calls_received"],"filters":[${deep('["not",', ']', 12)}]}`));
      // Far deeper: a 400 (the body's complexity guard may answer before the query's own bounds, without a path).
      for (const n of [100, 10_000]) {
        await rejects(`{"metrics":["calls_received"],"filters":[${deep('["not",', ']', n)}]}`);
        await rejects(`{"metrics":["calls_received"],"filters":[${deep('["and",[', ']]', n)}]}`);
        await rejects(`{"metrics":["calls_received"],"filters":[${deep('["or",[', ']]', n)}]}`);
        await rejects(`{"metrics":["calls_received"],"filters":[${'['.repeat(n)}${']'.repeat(n)}]}`);
        await rejects(`{"metrics":${'['.repeat(n)}"calls_received"${']'.repeat(n)}}`);
        await rejects(`{"metrics":["calls_received"],"order_by":${'['.repeat(n)}${']'.repeat(n)}}`);
      }
      // 100,000 deep arrays and objects in the JSON itself.
      await rejects(`{"metrics":["calls_received"],"filters":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
      await rejects(`{"metrics":["calls_received"],"x":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`);
      // A few levels are fine.
      let f: unknown = ['has', 'persona'];
      for (let i = 0; i < 8; i++) f = i % 2 ? ['not', f] : ['and', [f, ['has', 'persona']]];
      await accepts({ ...OK, filters: [f] });
    });

    it('at most 1,000 conditions; an `is` list of at most 1,000 values', async () => {
      const cond = (i: number) => ['is_not', 'persona', [`p${i}`]];
      const thousand = await accepts({ ...OK, filters: Array.from({ length: 1000 }, (_, i) => cond(i)) });
      assert.equal(thousand.results[0].metrics[0], 1);
      await rejects({ ...OK, filters: Array.from({ length: 1001 }, (_, i) => cond(i)) }, 'filters*');
      await rejects({ ...OK, filters: Array.from({ length: 5000 }, (_, i) => cond(i)) });
      await rejects({ ...OK, filters: [['or', Array.from({ length: 2000 }, (_, i) => cond(i))]] }, 'filters*');
      const values = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`);
      await accepts({ ...OK, filters: [['is', 'persona', [...values(999), 'MARGARET']]] });
      await rejects({ ...OK, filters: [['is', 'persona', values(1001)]] }, 'filters[0][2]*');
      await rejects({ ...OK, filters: [['is', 'persona', values(100_000)]] }); // the body guard (100,000 values) may answer first
      await rejects({ ...OK, filters: [['contains', 'transcript', values(100_000)]] });
      await rejects({ ...OK, filters: [['is', 'mule_bank_name', values(100_000)]] });
    });

    it('every operator on every field: 200 where docs/query.md allows it, else 400 naming the filter', async () => {
      const allowed = (op: string, field: string) => {
        if (op === 'is' || op === 'is_not') return (FIELD_DIMENSIONS as readonly string[]).includes(field);
        if (op === 'contains') return TEXT_FIELDS.includes(field) || field === 'transcript';
        if (op === 'has') return true;
        return COMPARABLE.includes(field);
      };
      const unsure: string[] = [];
      for (const field of [...ALL_FIELDS, 'nope', 'time:day']) {
        for (const op of ['is', 'is_not', 'contains', 'gt', 'gte', 'lt', 'lte', 'between', 'has']) {
          const filter =
            op === 'has'
              ? [op, field]
              : op === 'between'
                ? [op, field, [0, 100]]
                : ['gt', 'gte', 'lt', 'lte'].includes(op)
                  ? [op, field, 1]
                  : op === 'contains'
                    ? [op, field, ['a']]
                    : [op, field, listValue(field)];
          const res = await send({ ...OK, filters: [filter] });
          const ok = allowed(op, field) && field !== 'nope' && field !== 'time:day';
          if (ok && res.statusCode !== 200) unsure.push(`${JSON.stringify(filter)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
          if (!ok) {
            if (
              res.statusCode !== 400 ||
              res.json().code !== 'validation_failed' ||
              !JSON.stringify(res.json().errors ?? []).includes('filters[0]')
            ) {
              unsure.push(`${JSON.stringify(filter)} → ${res.statusCode} ${res.body.slice(0, 200)} (a 400 naming filters[0] expected)`);
            }
          }
          // Under `not` and inside `or` too.
          const nested = await send({ ...OK, filters: [['or', [['not', filter]]]] });
          assert.equal(nested.statusCode, res.statusCode, `${JSON.stringify(filter)} nested`);
        }
      }
      assert.deepEqual(unsure, []);
    });

    it('text values are data: quotes, wildcards, SQL and unicode', async () => {
      for (const v of ["'; DROP TABLE calls; --", '%', '_', '\\', '"', '%%', 'a\\%b', '🏦', 'İ', '\u200b', ' margaret ', 'x'.repeat(500)]) {
        await accepts({ ...OK, filters: [['is', 'persona', [v]]] });
        await accepts({ ...OK, filters: [['contains', 'transcript', [v]]] });
        await accepts({ ...OK, filters: [['contains', 'mule_bank_name', [v]]] });
        await accepts({ ...OK, dimensions: ['persona'], filters: [['is_not', 'impersonated_brand', [v]]] });
      }
      const pct = await accepts({ ...OK, filters: [['contains', 'transcript', ['%']]] });
      assert.equal(pct.results[0].metrics[0], 0, '% is a character, not a wildcard');
      const under = await accepts({ ...OK, filters: [['contains', 'persona', ['m_rgaret']]] });
      assert.equal(under.results[0].metrics[0], 0, '_ is a character, not a wildcard');
    });

    it('NUL characters and lone surrogates are 400', async () => {
      await rejects({ ...OK, filters: [['is', 'persona', ['a\u0000b']]] });
      await rejects('{"metrics":["calls_received"],"filters":[["contains","transcript",["\\ud800"]]]}');
      await rejects({ metrics: ['calls_received\u0000'] });
    });
  });

  describe('paging, order, windows, zones, comparison', () => {
    it('limit and offset bounds', async () => {
      await rejects({ ...OK, limit: 0 }, 'limit');
      await rejects({ ...OK, limit: 10_001 }, 'limit');
      await rejects({ ...OK, limit: -1 }, 'limit');
      await rejects({ ...OK, limit: 1.5 }, 'limit');
      await rejects({ ...OK, limit: '5' }, 'limit');
      await rejects({ ...OK, limit: null }, 'limit');
      await rejects({ ...OK, offset: -1 }, 'offset');
      await rejects({ ...OK, offset: 1_000_001 }, 'offset');
      await rejects({ ...OK, offset: 0.5 }, 'offset');
      await rejects({ ...OK, offset: '0' }, 'offset');
      await accepts({ ...OK, limit: 1 });
      await accepts({ ...OK, limit: 10_000 });
      const far = await accepts({ ...OK, dimensions: ['persona'], offset: 1_000_000 });
      assert.deepEqual(far.results, []);
      assert.equal(far.meta.total_rows, 1);
    });

    it('order_by names a requested metric or dimension, asc or desc', async () => {
      await rejects({ ...OK, order_by: [['hook_rate', 'desc']] }, 'order_by[0][0]');
      await rejects(
        {
          ...OK,
          dimensions: ['persona'],
          order_by: [
            ['persona', 'asc'],
            ['tier', 'asc'],
          ],
        },
        'order_by[1][0]',
      );
      await rejects({ ...OK, order_by: [['calls_received', 'up']] }, 'order_by[0][1]');
      await rejects({ ...OK, order_by: [['calls_received']] }, 'order_by[0]*');
      await rejects({ ...OK, order_by: ['calls_received'] }, 'order_by*');
      await rejects({ ...OK, order_by: [['nope', 'asc']] }, 'order_by[0][0]');
      await accepts({
        ...OK,
        dimensions: ['time:day'],
        order_by: [
          ['time:day', 'desc'],
          ['calls_received', 'asc'],
        ],
      });
    });

    it('windows: invalid_range as everywhere; zones: validation_failed at timezone', async () => {
      await rejects({ ...OK, range: 'abc' }, undefined, 'invalid_range');
      await rejects({ ...OK, range: '0d' }, undefined, 'invalid_range');
      await rejects({ ...OK, range: '401d' }, undefined, 'invalid_range');
      await rejects({ ...OK, start: '2026-11-10', end: '2026-11-10' }, undefined, 'invalid_range');
      await rejects({ ...OK, start: '2026-11-10', end: '2026-11-01' }, undefined, 'invalid_range');
      await rejects({ ...OK, start: 'yesterday' }, undefined, 'invalid_range');
      await rejects({ ...OK, start: '2026-02-30' }, undefined, 'invalid_range');
      await rejects({ ...OK, timezone: 'Mars/Olympus_Mons' }, 'timezone');
      await rejects({ ...OK, timezone: '' }, 'timezone');
      await rejects({ ...OK, timezone: 5 }, 'timezone');
      await rejects({ ...OK, timezone: '../../etc/passwd' }, 'timezone');
      await rejects({ ...OK, timezone: "UTC'; --" }, 'timezone');
      for (const tz of [
        'UTC',
        'America/New_York',
        'Asia/Kolkata',
        'America/Santiago',
        'Asia/Kathmandu',
        'Pacific/Kiritimati',
        'Etc/GMT+12',
      ]) {
        await accepts({ ...OK, timezone: tz, dimensions: ['time:day'], range: '30d' });
      }
    });

    it('compare: previous_period or {start, end}', async () => {
      await rejects({ ...OK, compare: 'yesterday' }, 'compare*');
      await rejects({ ...OK, compare: true }, 'compare*');
      await rejects({ ...OK, compare: {} }, 'compare*');
      const bad = await send({ ...OK, compare: { start: 'nope', end: '2026-11-02' } });
      assert.equal(bad.statusCode, 400);
      assert.ok(['invalid_range', 'validation_failed'].includes(bad.json().code), bad.body);
      const backwards = await send({ ...OK, compare: { start: '2026-11-02', end: '2026-11-01' } });
      assert.equal(backwards.statusCode, 400);
      const body = await accepts({ ...OK, compare: { start: '2026-11-01', end: '2026-11-02' } });
      assert.deepEqual(body.results[0].comparison, { metrics: [0], change: [null] });
    });

    it('over 10,000 groups: 400 validation_failed, whatever the limit; narrowed, 200', async () => {
      const base = { metrics: ['calls_received'], dimensions: ['caller_id'], range: '7d' };
      const t0 = performance.now();
      for (const extra of [{}, { limit: 10 }, { limit: 10, offset: 10 }]) {
        const res = await send({ ...base, ...extra }, many.read);
        assert.equal(res.statusCode, 400, res.body.slice(0, 300));
        assert.equal(res.json().code, 'validation_failed');
      }
      const time = await send({ metrics: ['calls_received'], dimensions: ['caller_id', 'time:hour'], range: '7d' }, many.read);
      assert.equal(time.statusCode, 400, time.body.slice(0, 300));
      const narrowed = await send({ ...base, filters: [['lt', 'duration_sec', 50]], limit: 3 }, many.read);
      assert.equal(narrowed.statusCode, 200, narrowed.body.slice(0, 300));
      assert.equal(narrowed.json().meta.total_rows, 5001); // i % 100 < 50 for i in 0…10,000
      const exactly = await send({ ...base, range: '24h', filters: [['not', ['is', 'caller_id', ['+12120000000']]]] }, many.read);
      assert.equal(exactly.statusCode, 200, exactly.body.slice(0, 300));
      assert.equal(exactly.json().meta.total_rows, 10_000);
      assert.ok(performance.now() - t0 < 6 * LIMIT_MS);
    });

    it('many metrics or dimensions: an answer or a 400, quickly', async () => {
      const metrics = [...SUMMARY_METRICS, ...EXTRA_METRICS, ...FIELD_DIMENSIONS.map((f) => `distinct:${f}`)];
      await accepts({ metrics: metrics.slice(0, 22), dimensions: ['persona', 'time:day'], compare: 'previous_period' });
      await accepts({ metrics: metrics.slice(22), dimensions: ['persona', 'time:day'], compare: 'previous_period' });
      await send({ metrics, dimensions: ['persona', 'time:day'], compare: 'previous_period' });
      await send({ metrics: Array.from({ length: 10_000 }, () => 'calls_received') });
      await send({ metrics: ['calls_received'], dimensions: [...FIELD_DIMENSIONS, ...TIME_DIMENSIONS] });
      await send({ metrics: ['calls_received'], dimensions: Array.from({ length: 10_000 }, () => 'persona') });
      await send({ metrics: ['calls_received'], order_by: Array.from({ length: 10_000 }, () => ['calls_received', 'asc']) });
    });
  });
});
