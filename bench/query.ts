// POST /api/query beside the preset endpoint it matches (the same figures, the same window;
// target p50 ≤ 1.5× the endpoint's) and a grouped 30-day query with three filters beside one
// hand-written SQL statement computing the same rows (target ≤ 1.5×).

import { SUMMARY_METRICS } from '../src/domain/query/catalog.js';
import type { FloorClient } from './floor.js';

interface Clients {
  fetchJson(url: string): Promise<void>;
  postJson(url: string, body: object): Promise<void>;
  windowFor(span: number, i: number): { start: string; end: string; params: unknown[] };
  floorDb: FloorClient;
}

const DAY = 86_400_000;
const WINDOWS: [string, number][] = [
  ['24h', DAY],
  ['7d', 7 * DAY],
  ['30d', 30 * DAY],
  ['365d', 365 * DAY],
];
const REQUESTS = 31;
const WARMUP = 10;

const has = (field: string) => ['has', field];
const PRESETS: { name: string; path: string; body: object }[] = [
  { name: 'summary', path: '/api/kpis/summary', body: { metrics: SUMMARY_METRICS } },
  {
    name: 'topn (brand)',
    path: '/api/kpis/topn/impersonated_brand?n=10',
    body: { metrics: ['calls_received'], dimensions: ['impersonated_brand'], filters: [has('impersonated_brand')], limit: 10 },
  },
  {
    name: 'timeseries (calls/day)',
    path: '/api/kpis/timeseries/calls?bucket=day',
    body: { metrics: ['calls_received'], dimensions: ['time:day'], limit: 10_000 },
  },
  {
    name: 'attacker-geo',
    path: '/api/kpis/attacker-geo',
    body: { metrics: ['calls_received'], dimensions: ['caller_state', 'caller_area_code'], filters: [has('caller_state')], limit: 10_000 },
  },
  {
    name: 'disconnect-breakdown',
    path: '/api/kpis/disconnect-breakdown',
    body: { metrics: ['calls_received'], dimensions: ['disconnect_reason'], filters: [has('disconnect_reason')] },
  },
];

/** Three filters, grouped by brand: the query and the statement one would write by hand. */
const GROUPED = {
  body: {
    metrics: ['calls_received', 'hooked_calls', 'total_dollars_asked'],
    dimensions: ['impersonated_brand'],
    filters: [['is', 'caller_state', ['TX', 'FL', 'CA', 'NY']], ['gte', 'duration_sec', 60], has('payment_method')],
  },
  floor: `SELECT impersonated_brand, count(*) AS n, count(*) FILTER (WHERE hooked) AS hooked, sum(CAST(asks_total * 100 AS BIGINT)) AS cents
    FROM calls WHERE org_id = $1 AND started_at >= $2 AND started_at < $3
      AND lower(caller_state) IN ('tx', 'fl', 'ca', 'ny') AND duration_sec >= 60 AND payment_method IS NOT NULL
    GROUP BY 1 ORDER BY n DESC, impersonated_brand COLLATE "C" NULLS LAST LIMIT 100`,
};

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const ms = (x: number) => (x < 10 ? x.toFixed(1) : x.toFixed(0));

/** Times `a` and `b` in turns over shifted windows; p50 of each. */
async function pair(a: (i: number) => Promise<void>, b: (i: number) => Promise<void>): Promise<[number, number]> {
  for (let i = 0; i < WARMUP; i++) await a(REQUESTS + i).then(() => b(REQUESTS + i));
  const ta: number[] = [];
  const tb: number[] = [];
  const timed = async (f: (i: number) => Promise<void>, i: number, into: number[]) => {
    const t = performance.now();
    await f(i);
    into.push(performance.now() - t);
  };
  for (let i = 0; i < REQUESTS; i++) {
    if (i % 2 === 0) await timed(a, i, ta).then(() => timed(b, i, tb));
    else await timed(b, i, tb).then(() => timed(a, i, ta));
  }
  return [pct(ta, 50), pct(tb, 50)];
}

export async function benchQueries(c: Clients): Promise<void> {
  console.log('\n## POST /api/query beside the endpoint it matches (p50 ms over HTTP)\n');
  console.log('| figure | window | query p50 | endpoint p50 | ratio |');
  console.log('|---|---|---:|---:|---:|');
  const ratios: number[] = [];
  for (const preset of PRESETS) {
    for (const [label, span] of WINDOWS) {
      const sep = preset.path.includes('?') ? '&' : '?';
      const [q, e] = await pair(
        (i) => {
          const w = c.windowFor(span, i);
          return c.postJson('/api/query', { ...preset.body, start: w.start, end: w.end });
        },
        (i) => {
          const w = c.windowFor(span, i);
          return c.fetchJson(`${preset.path}${sep}start=${w.start}&end=${w.end}`);
        },
      );
      ratios.push(q / e);
      console.log(`| ${preset.name} | ${label} | ${ms(q)} | ${ms(e)} | ${(q / e).toFixed(2)} |`);
    }
  }
  console.log(`\nQuery/endpoint ratio (target ≤ 1.5): worst ${Math.max(...ratios).toFixed(2)}.`);
  const [q, f] = await pair(
    (i) => {
      const w = c.windowFor(30 * DAY, i);
      return c.postJson('/api/query', { ...GROUPED.body, start: w.start, end: w.end });
    },
    async (i) => {
      await c.floorDb.all(GROUPED.floor, c.windowFor(30 * DAY, i).params);
    },
  );
  console.log(
    `Grouped 30-day query, three filters: query p50 ${ms(q)} ms over HTTP, hand-written SQL ${ms(f)} ms on the engine, ratio ${(q / f).toFixed(2)} (target ≤ 1.5).\n`,
  );
}
