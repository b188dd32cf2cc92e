// POST /api/query (CONTRACT §13): each KPI endpoint stated as a POST /api/query gets the same numbers (summary,
// top-N, time series, disconnects, geography, tier-1 count, both histograms), over several
// windows, for the org and a scoped key. The reference model of ./reference.ts is also
// checked against the KPI endpoints here, so that the property test's model is known to
// agree with the figures the project already serves.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get, ingest, newOrg, scopedKey, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { postQuery } from './api.js';
import { NOW, dataset } from './data.js';
import {
  SUMMARY_METRICS,
  answer,
  close,
  cmpCodePoint,
  normalise,
  prng,
  resolveWindow,
  type Query,
  type RefCall,
  type Scope,
  inSlice,
} from './reference.js';

type Win = { range?: string; start?: string; end?: string };
const WINDOWS: Record<string, Win> = {
  'default 7d': {},
  '30d': { range: '30d' },
  'Monday to Monday (dates)': { start: '2026-10-26', end: '2026-11-09' },
  'offsets cutting buckets': { start: '2026-10-28T09:07:00.250-05:00', end: '2026-11-18T03:22:10Z' },
  'range=400d (every cluster)': { range: '400d' },
};

const TOPN: Record<string, string> = {
  impersonated_brand: 'impersonated_brand',
  lure_category: 'lure_category',
  payment_method: 'payment_method',
  impersonated_government_agency: 'impersonated_government_agency',
  mule_bank_name: 'mule_bank_name',
  mule_bank_routing: 'mule_bank_routing_number',
  crypto_chain: 'crypto_chain',
  gift_card_brand: 'gift_card_brand',
  remote_desktop_app: 'remote_desktop_app',
  synthetic_org: 'synthetic_org',
  fake_agent_name: 'fake_agent_name',
};
const SERIES: Record<string, string> = {
  calls: 'calls_received',
  hooked_calls: 'hooked_calls',
  hook_rate: 'hook_rate',
  tier1_calls: 'tier1_calls',
  total_dollars_asked: 'total_dollars_asked',
  avg_duration_sec: 'avg_call_duration_sec',
  high_confidence_insights: 'high_confidence_insights',
};
const FLOATY = new Set([
  'hook_rate',
  'avg_duration_sec',
  'avg_call_duration_sec',
  'median_call_duration_sec',
  'avg_auditor_confidence',
  'median_dollar_ask',
]);
const DURATION_EDGES = [0, 15, 30, 60, 120, 300, 600, 1200, 1800];
const ASK_EDGES = [0, 100, 500, 1000, 2500, 5000, 10000];
const SCOPE: Scope = { impersonated_brand: ['amazon', 'Apple'] };

const qs = (q: Record<string, string | number | undefined>) => {
  const s = Object.entries(q)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');
  return s ? `?${s}` : '';
};

function sameFigure(actual: unknown, expected: unknown, float: boolean, what: string) {
  if (float && typeof actual === 'number' && typeof expected === 'number')
    assert.ok(close(actual, expected), `${what}: ${actual} ≠ ${expected}`);
  else assert.equal(actual, expected, what);
}

describe('KPI endpoints as POST /api/query', () => {
  let h: TestApp;
  let a: OrgKeys;
  let b: OrgKeys;
  const keys: Record<string, string> = {};
  let calls: RefCall[];

  before(async () => {
    h = await testApp({ HONEYPOT_RATE_GENERAL: '1000000/60' });
    h.setNow(new Date(NOW));
    a = await newOrg(h.app, 'free', 'A');
    b = await newOrg(h.app, 'free', 'B');
    keys.org = a.read;
    keys.scoped = await scopedKey(h.app, a.orgId, SCOPE as Record<string, string[]>);
    const records = dataset(prng(25), 450);
    let res = await ingest(h.app, a.ingest, records);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().rejected, []);
    calls = records.map(normalise);
    // Org B: other calls under the same call_sids; never counted for A.
    res = await ingest(h.app, b.ingest, dataset(prng(26), 300));
    assert.equal(res.statusCode, 200, res.body);
  });

  after(() => h.close());

  for (const keyName of ['org', 'scoped'] as const) {
    // The scoped key over fewer windows: the time a run takes on a loaded machine.
    const windows = Object.entries(WINDOWS).filter(([name]) => keyName === 'org' || ['30d', 'offsets cutting buckets'].includes(name));
    for (const [wName, w] of windows) {
      describe(`${keyName}, ${wName}`, () => {
        const slice = () => calls.filter((c) => inSlice(c, keyName === 'scoped' ? SCOPE : null));
        const kpi = async (path: string, extra: Record<string, string | number> = {}) => {
          const res = await get(h.app, keys[keyName], `${path}${qs({ ...w, ...extra })}`);
          assert.equal(res.statusCode, 200, `${path}: ${res.body}`);
          return res.json();
        };
        const query = async (q: Omit<Query, 'range' | 'start' | 'end'>) => {
          // QUERY_TEST_REFERENCE=1 answers with the reference model instead: checks the model against the KPIs.
          if (process.env.QUERY_TEST_REFERENCE === '1') return answer(slice(), { ...w, ...q }, NOW).answer;
          const res = await postQuery(h.app, keys[keyName], { ...w, ...q });
          assert.equal(res.statusCode, 200, `${JSON.stringify(q)}: ${res.body}`);
          const body = res.json();
          return body as { results: { dimensions: unknown[]; metrics: unknown[] }[]; meta: { total_rows: number }; range: unknown };
        };

        it('the reference model agrees with the summary endpoint', async () => {
          const body = await kpi('/api/kpis/summary');
          const exp = answer(slice(), { ...w, metrics: [...SUMMARY_METRICS] }, NOW).answer;
          assert.deepEqual(body.range, exp.range);
          SUMMARY_METRICS.forEach((m, i) => sameFigure(body[m], exp.results[0].metrics[i], FLOATY.has(m), m));
        });

        it('summary: every summary metric, no dimension', async () => {
          const body = await kpi('/api/kpis/summary');
          const q = await query({ metrics: [...SUMMARY_METRICS] });
          assert.deepEqual(q.range, body.range);
          assert.equal(q.results.length, 1);
          assert.deepEqual(q.results[0].dimensions, []);
          SUMMARY_METRICS.forEach((m, i) => sameFigure(q.results[0].metrics[i], body[m], FLOATY.has(m), m));
        });

        it('topn: every field, as a field dimension with `has`, calls descending, limit n', async () => {
          for (const [field, column] of Object.entries(TOPN)) {
            for (const n of field === 'impersonated_brand' ? [10, 3, 1] : [10]) {
              const body = await kpi(`/api/kpis/topn/${field}`, { n });
              const q = await query({
                metrics: ['calls_received'],
                dimensions: [column],
                filters: [['has', column]],
                order_by: [['calls_received', 'desc']],
                limit: n,
              });
              const total = await query({ metrics: ['calls_received'], filters: [['has', column]] });
              const denominator = total.results[0].metrics[0] as number;
              const items = q.results.map((r) => {
                const count = r.metrics[0] as number;
                return { label: r.dimensions[0], count, pct_of_total: count / denominator };
              });
              assert.deepEqual(items, body.items, `${field} n=${n}`);
              // The model agrees too.
              const ref = answer(
                slice(),
                { ...w, metrics: ['calls_received'], dimensions: [column], filters: [['has', column]], limit: n },
                NOW,
              );
              assert.deepEqual(
                ref.answer.results.map((r) => [r.dimensions[0], r.metrics[0]]),
                body.items.map((x: { label: string; count: number }) => [x.label, x.count]),
                `reference ${field}`,
              );
            }
          }
        });

        it('timeseries: every metric, hour/day/week buckets in UTC (not zero-filled)', async () => {
          // Hour buckets only over windows of at most 30 days (the series of 400 days has 9,600 points).
          const buckets = (w.range ?? '') === '400d' ? (['day', 'week'] as const) : (['hour', 'day', 'week'] as const);
          for (const bucket of buckets) {
            const metrics = Object.values(SERIES);
            const q = await query({ metrics, dimensions: [`time:${bucket}`], timezone: 'UTC', limit: 10_000 });
            const byStamp = new Map(q.results.map((r) => [r.dimensions[0] as string, r.metrics]));
            assert.equal(byStamp.size, q.results.length);
            const stamps = q.results.map((r) => r.dimensions[0] as string);
            assert.deepEqual(stamps, [...stamps].sort(), `${bucket}: time ascending`);
            const ref = answer(slice(), { ...w, metrics, dimensions: [`time:${bucket}`], limit: 10_000 }, NOW).answer;
            assert.deepEqual(
              stamps,
              ref.results.map((r) => r.dimensions[0]),
              `${bucket}: reference buckets`,
            );
            for (const [metric, name] of Object.entries(SERIES)) {
              const body = await kpi(`/api/kpis/timeseries/${metric}`, { bucket });
              const i = metrics.indexOf(name);
              let withCalls = 0;
              for (const p of body.points as { timestamp: string; value: number }[]) {
                const row = byStamp.get(p.timestamp);
                if (row === undefined) {
                  assert.equal(p.value, 0, `${metric}/${bucket} ${p.timestamp}: a bucket without a row is 0`);
                  continue;
                }
                withCalls++;
                sameFigure(row[i], p.value, FLOATY.has(metric), `${metric}/${bucket} ${p.timestamp}`);
              }
              assert.equal(withCalls, q.results.length, `${metric}/${bucket}: every row is a bucket of the series`);
            }
          }
        });

        it('disconnect-breakdown: the disconnect_reason dimension', async () => {
          const body = await kpi('/api/kpis/disconnect-breakdown');
          const q = await query({ metrics: ['calls_received'], dimensions: ['disconnect_reason'] });
          const counts = Object.fromEntries(q.results.filter((r) => r.dimensions[0] !== null).map((r) => [r.dimensions[0], r.metrics[0]]));
          const { range, ...reasons } = body;
          assert.deepEqual(q.range, range);
          for (const [reason, count] of Object.entries(reasons)) assert.equal(counts[reason] ?? 0, count, reason);
          assert.deepEqual(
            Object.keys(counts).filter((k) => !(k in reasons)),
            [],
          );
        });

        it('attacker-geo: caller_state (and its area codes)', async () => {
          const body = await kpi('/api/kpis/attacker-geo');
          const q = await query({
            metrics: ['calls_received'],
            dimensions: ['caller_state'],
            filters: [['has', 'caller_state']],
            limit: 10_000,
          });
          const codes = await query({
            metrics: ['calls_received'],
            dimensions: ['caller_state', 'caller_area_code'],
            filters: [['has', 'caller_state']],
            limit: 10_000,
          });
          const items = q.results.map((r) => ({
            state: r.dimensions[0],
            count: r.metrics[0],
            area_codes: codes.results
              .filter((c) => c.dimensions[0] === r.dimensions[0])
              .map((c) => c.dimensions[1] as string)
              .sort(cmpCodePoint),
          }));
          assert.deepEqual(items, body.items);
        });

        it('tier-1 count: tier1_calls and the tier filter', async () => {
          const body = await kpi('/api/kpis/tier1', { limit: 1 });
          const q = await query({ metrics: ['tier1_calls', 'calls_received'] });
          assert.equal(q.results[0].metrics[0], body.total);
          const f = await query({ metrics: ['calls_received'], filters: [['is', 'tier', [1]]] });
          assert.equal(f.results[0].metrics[0], body.total);
        });

        it('duration histogram: duration_sec bounds', async () => {
          const body = await kpi('/api/kpis/duration-histogram');
          for (const [i, min] of DURATION_EDGES.entries()) {
            const max = DURATION_EDGES[i + 1];
            const filters: unknown[][] = [['gte', 'duration_sec', min]];
            if (max !== undefined) filters.push(['lt', 'duration_sec', max]);
            const q = await query({ metrics: ['calls_received'], filters });
            assert.equal(q.results[0].metrics[0], body.buckets[i].count, `${min}s`);
          }
        });

        it('ask histogram: asks counted with dollar_ask bounds', async () => {
          const body = await kpi('/api/kpis/ask-histogram');
          for (const [i, min] of ASK_EDGES.entries()) {
            const max = ASK_EDGES[i + 1];
            const filters: unknown[][] = [['gte', 'dollar_ask', min]];
            if (max !== undefined) filters.push(['lt', 'dollar_ask', max]);
            const q = await query({ metrics: ['asks'], filters });
            assert.equal(q.results[0].metrics[0], body.buckets[i].count, `$${min}`);
          }
        });

        it('the window is the endpoints’ window', async () => {
          const q = await query({ metrics: ['calls_received'] });
          const win = resolveWindow(w, 'UTC', NOW);
          assert.deepEqual(q.range, (await kpi('/api/kpis/summary')).range);
          assert.equal(Date.parse((q.range as { start_utc: string }).start_utc), win.start);
        });
      });
    }
  }

  it('the other org’s calls never count', async () => {
    const q = await postQuery(h.app, b.read, { metrics: ['calls_received'], range: '400d' });
    assert.equal(q.statusCode, 200, q.body);
    const body = await get(h.app, b.read, '/api/kpis/summary?range=400d');
    assert.equal(q.json().results[0].metrics[0], body.json().calls_received);
    assert.equal(body.json().calls_received, 300 - (await countFuture(h, b.read)));
  });
});

/** Calls of the org after NOW (in no named window). */
async function countFuture(h: TestApp, key: string): Promise<number> {
  const res = await get(
    h.app,
    key,
    `/api/kpis/summary${qs({ start: new Date(NOW).toISOString(), end: new Date(NOW + 10 * 86_400_000).toISOString() })}`,
  );
  return res.json().calls_received;
}
