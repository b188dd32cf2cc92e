// Every overview figure, filtered or not. Without filters a panel reads its KPI endpoint, as the
// first render always has (the shell prefetches those, so it is not slower). With filters the
// same figure is asked of the query language (POST /api/query, CONTRACT §13) and shaped like
// the endpoint's answer, so the panels draw either one: any filter works on every figure.

import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api, type Query } from '../../lib/api';
import type { ApiRequest } from '../../components/PanelExport';
import { useKpi } from '../../lib/kpi';
import type { RangeObj } from '../../lib/types';
import { compareSpan, useWindow, type Span } from '../../lib/window';
import { filteredSpan, queryFilters, useFilters, type Filter } from './filters';
import { SUMMARY_METRICS } from '../../../../src/domain/query/catalog';

export interface QueryAnswer {
  results: { dimensions: (string | number | boolean | null)[]; metrics: (number | null)[] }[];
  meta: { total_rows: number };
  range: RangeObj;
}

interface QueryBody {
  metrics: string[];
  dimensions?: string[];
  filters?: unknown[];
  limit?: number;
}

/** The body of a POST /api/query over `span`. */
export const queryRequest = (span: Span, body: QueryBody) => ({ ...body, start: span.start, end: span.end, timezone: 'UTC' });

/** One POST /api/query over `span` (UTC, as the KPI endpoints bucket). */
export const runQuery = (span: Span, body: QueryBody, signal?: AbortSignal) =>
  api<QueryAnswer>('/api/query', { method: 'POST', body: queryRequest(span, body), signal });

type Run = typeof runQuery;
const run: Run = runQuery;

/** Timeseries metrics (GET /api/kpis/timeseries/{metric}) as query metrics. */
const SERIES_METRIC: Record<string, string> = {
  calls: 'calls_received',
  hooked_calls: 'hooked_calls',
  hook_rate: 'hook_rate',
  tier1_calls: 'tier1_calls',
  total_dollars_asked: 'total_dollars_asked',
  avg_duration_sec: 'avg_call_duration_sec',
  high_confidence_insights: 'high_confidence_insights',
};

const DAY = 86_400_000;
const WIDTH: Record<string, number> = { '15min': 900_000, hour: 3_600_000, day: DAY, week: 7 * DAY };
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/** Bucket starts from the one holding `start` to the one holding `end − 1 ms` (weeks from Monday, UTC). */
function bucketStarts(span: Span, bucket: string): number[] {
  const width = WIDTH[bucket];
  // 1970-01-01 was a Thursday: week buckets are offset by 4 days to start on Mondays.
  const offset = bucket === 'week' ? 4 * DAY : 0;
  const floor = (ms: number) => Math.floor((ms - offset) / width) * width + offset;
  const out: number[] = [];
  for (let t = floor(Date.parse(span.start)); t <= floor(Date.parse(span.end) - 1); t += width) out.push(t);
  return out;
}

/** Values per bucket start, zero where the query has no row (it does not zero-fill). */
function filled(span: Span, bucket: string, a: QueryAnswer): { t: number; v: number }[] {
  const by = new Map(a.results.map((r) => [Date.parse(String(r.dimensions[0])), r.metrics[0] ?? 0]));
  return bucketStarts(span, bucket).map((t) => ({ t, v: by.get(t) ?? 0 }));
}

const DISCONNECTS = ['caller_hung_up_normal', 'websocket_issue_our_side', 'voice_engine_issue', 'ai_session_capped'];

const DURATION_BUCKETS: [string, number, number | null][] = [
  ['0–14s', 0, 15],
  ['15–29s', 15, 30],
  ['30–59s', 30, 60],
  ['1m–1m59s', 60, 120],
  ['2m–4m59s', 120, 300],
  ['5m–9m59s', 300, 600],
  ['10m–19m59s', 600, 1200],
  ['20m–29m59s', 1200, 1800],
  ['30m+', 1800, null],
];
const ASK_BUCKETS: [string, number, number | null][] = [
  ['$0–$99', 0, 100],
  ['$100–$499', 100, 500],
  ['$500–$999', 500, 1000],
  ['$1,000–$2,499', 1000, 2500],
  ['$2,500–$4,999', 2500, 5000],
  ['$5,000–$9,999', 5000, 10000],
  ['$10,000+', 10000, null],
];

/** Counts per histogram bucket: one small query per bucket (the query language has no bucket dimension). */
async function bucketCounts(
  span: Span,
  f: unknown[],
  field: string,
  metric: string,
  buckets: [string, number, number | null][],
  signal: AbortSignal,
  runQuery: Run,
) {
  const answers = await Promise.all(
    buckets.map(([, min, max]) =>
      runQuery(span, { metrics: [metric], filters: [...f, ['gte', field, min], ...(max === null ? [] : [['lt', field, max]])] }, signal),
    ),
  );
  return answers.map((a) => ({ range: a.range, count: a.results[0]?.metrics[0] ?? 0 }));
}

/** The KPI endpoint's answer for `path`, computed with the query language under `filters`. */
async function viaQuery(
  path: string,
  extra: Query,
  span: Span,
  filters: Filter[],
  signal: AbortSignal,
  runQuery: Run = run,
): Promise<unknown> {
  const f = queryFilters(filters);
  if (path === '/api/kpis/summary') {
    const a = await runQuery(span, { metrics: [...SUMMARY_METRICS], filters: f }, signal);
    const row = a.results[0]?.metrics ?? [];
    return { range: a.range, ...Object.fromEntries(SUMMARY_METRICS.map((m, i) => [m, row[i] ?? null])) };
  }
  if (path.startsWith('/api/kpis/timeseries/')) {
    const metric = path.slice('/api/kpis/timeseries/'.length);
    const bucket = String(extra.bucket ?? 'day');
    const a = await runQuery(span, { metrics: [SERIES_METRIC[metric]], dimensions: [`time:${bucket}`], filters: f, limit: 10_000 }, signal);
    const points = filled(span, bucket, a).map(({ t, v }) => ({ timestamp: iso(t), value: v }));
    return { metric, bucket, range: a.range, points };
  }
  if (path === '/api/kpis/arrivals') {
    const a = await runQuery(span, { metrics: ['calls_received'], dimensions: ['time:15min'], filters: f, limit: 10_000 }, signal);
    const buckets = filled(span, '15min', a).map(({ t, v }) => ({ bucket_start_utc: iso(t), count: v }));
    return { range: a.range, granularity: '15min', buckets };
  }
  if (path === '/api/kpis/disconnect-breakdown') {
    const a = await runQuery(
      span,
      { metrics: ['calls_received'], dimensions: ['disconnect_reason'], filters: [...f, ['has', 'disconnect_reason']], limit: 100 },
      signal,
    );
    const counts: Record<string, number> = Object.fromEntries(DISCONNECTS.map((k) => [k, 0]));
    for (const r of a.results) counts[String(r.dimensions[0])] = r.metrics[0] ?? 0;
    return { range: a.range, ...counts };
  }
  if (path.startsWith('/api/kpis/topn/')) {
    const name = path.slice('/api/kpis/topn/'.length);
    const field = name === 'mule_bank_routing' ? 'mule_bank_routing_number' : name;
    const has = [...f, ['has', field]];
    const [top, all] = await Promise.all([
      runQuery(span, { metrics: ['calls_received'], dimensions: [field], filters: has, limit: Number(extra.n ?? 10) }, signal),
      runQuery(span, { metrics: ['calls_received'], filters: has }, signal),
    ]);
    const total = all.results[0]?.metrics[0] ?? 0;
    const items = top.results.map((r) => {
      const count = r.metrics[0] ?? 0;
      return { label: String(r.dimensions[0]), count, pct_of_total: total ? count / total : 0 };
    });
    return { field: name, range: top.range, items };
  }
  if (path === '/api/kpis/attacker-geo') {
    const a = await runQuery(
      span,
      {
        metrics: ['calls_received'],
        dimensions: ['caller_state', 'caller_area_code'],
        filters: [...f, ['has', 'caller_state']],
        limit: 10_000,
      },
      signal,
    );
    const by = new Map<string, { state: string; count: number; area_codes: string[] }>();
    for (const r of a.results) {
      const state = String(r.dimensions[0]);
      const it = by.get(state) ?? { state, count: 0, area_codes: [] };
      it.count += r.metrics[0] ?? 0;
      if (r.dimensions[1] !== null) it.area_codes.push(String(r.dimensions[1]));
      by.set(state, it);
    }
    const items = [...by.values()]
      .map((i) => ({ ...i, area_codes: [...new Set(i.area_codes)].sort() }))
      .sort((x, y) => y.count - x.count || (x.state < y.state ? -1 : x.state > y.state ? 1 : 0));
    return { range: a.range, items };
  }
  if (path === '/api/kpis/duration-histogram') {
    const counts = await bucketCounts(span, f, 'duration_sec', 'calls_received', DURATION_BUCKETS, signal, runQuery);
    const buckets = DURATION_BUCKETS.map(([label, min_sec, max_sec], i) => ({ label, min_sec, max_sec, count: counts[i].count }));
    return { range: counts[0].range, buckets };
  }
  if (path === '/api/kpis/ask-histogram') {
    // `asks` counts only the single asks inside the bucket's dollar_ask range (docs/query.md).
    const counts = await bucketCounts(span, f, 'dollar_ask', 'asks', ASK_BUCKETS, signal, runQuery);
    const buckets = ASK_BUCKETS.map(([label, min, max], i) => ({ label, min, max, count: counts[i].count }));
    return { range: counts[0].range, buckets };
  }
  throw new Error(`No filtered form of ${path}`);
}

/** The overview's window under the filters (a heat-map cell narrows it to its quarter hour), and the period before it. */
export function useFigureSpan(): { span: Span; prev: Span; filters: Filter[] } {
  const w = useWindow();
  const { filters } = useFilters();
  const span = filteredSpan(w.span, filters);
  if (span === w.span) return { span, prev: w.prev, filters };
  return { span, prev: compareSpan(span, w.compare, w.span), filters };
}

/**
 * A panel's figure: the KPI endpoint without filters (useKpi, unchanged), the query language
 * with them. Same options as useKpi; the answer has the endpoint's shape either way.
 */
export function useFigure<T>(
  path: string,
  extra: Query = {},
  opts: { period?: 'current' | 'previous'; enabled?: boolean; span?: (s: Span) => Span } = {},
): UseQueryResult<T> {
  const { span: cur, prev, filters } = useFigureSpan();
  const { compareOn } = useWindow();
  const filtered = filters.length > 0;
  // With the comparison off nothing reads the earlier window.
  const enabled = (opts.enabled ?? true) && (compareOn || opts.period !== 'previous');
  const plain: UseQueryResult<T> = useKpi<T>(path, extra, { ...opts, enabled: enabled && !filtered });
  const base = opts.period === 'previous' ? prev : cur;
  const span = opts.span ? opts.span(base) : base;
  const viaFilters = useQuery({
    // Under 'kpi' with the window's instants, as useKpi's keys: refresh sees them.
    queryKey: ['kpi', '/api/query', span.start, span.end, { path, extra, filters }],
    queryFn: ({ signal }) => viaQuery(path, extra, span, filters, signal),
    // While the first filtered figures load, the unfiltered ones stay (dimmed), as between windows.
    placeholderData: (previous: unknown) => previous ?? plain.data,
    enabled: enabled && filtered,
  });
  // The query language's answer has the endpoint's shape (viaQuery builds it so).
  return filtered ? (viaFilters as UseQueryResult<T>) : plain;
}

const NO_ANSWER: QueryAnswer = { results: [], meta: { total_rows: 0 }, range: undefined as unknown as RangeObj };

/** The requests behind a figure over `span`: its KPI endpoint, or (filtered) the POST /api/query bodies it sends. */
async function figureRequests(path: string, extra: Query, span: Span, filters: Filter[]): Promise<ApiRequest[]> {
  if (filters.length === 0) return [{ method: 'GET', path, query: { start: span.start, end: span.end, ...extra } }];
  const bodies: unknown[] = [];
  // The same code that reads the figure, with each query written down instead of sent.
  const record: Run = (s, body) => {
    bodies.push(queryRequest(s, body));
    return Promise.resolve(NO_ANSWER);
  };
  await viaQuery(path, extra, span, filters, new AbortController().signal, record);
  return bodies.map((body) => ({ method: 'POST', path: '/api/query', body }));
}

/** A panel's requests (and, with `previous`, those of the window compared with), for its query export. */
export function useFigureRequests(
  path: string,
  extra: Query = {},
  opts: { span?: (s: Span) => Span; previous?: boolean } = {},
): () => Promise<ApiRequest[]> {
  const { span, prev, filters } = useFigureSpan();
  const { compareOn } = useWindow();
  const at = (s: Span) => (opts.span ? opts.span(s) : s);
  return async () => [
    ...(await figureRequests(path, extra, at(span), filters)),
    ...(opts.previous && compareOn ? await figureRequests(path, extra, at(prev), filters) : []),
  ];
}

/** A panel's CSV file name: the panel, the window's instants, and whether filters apply. */
export function useCsvFile(panel: string): string {
  const { span, filters } = useFigureSpan();
  const stamp = (s: string) => s.replace(/:/g, '');
  return `honeypot-${panel}-${stamp(span.start)}-${stamp(span.end)}${filters.length ? '-filtered' : ''}.csv`;
}
