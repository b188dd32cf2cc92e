// Truth helpers of the third held-out set: every figure from the REST API of the world
// (POST /api/query, the KPI endpoints, GET /api/calls), and a second count from the corpus
// (every call read through GET /api/calls/{sid}) where the question's frame is easy to get
// wrong. Nothing here reads the agent.

import type { FastifyInstance } from 'fastify';
import { apiGet, type Call, type IntelField, type Json } from './corpus.js';
import type { Truth, Unit } from './judge.js';
import { NOW, type KeyName } from './world.js';

const H = 3_600_000;
const D = 24 * H;
const at = (iso: string) => new Date(iso);

export interface Win {
  start: Date;
  end: Date;
}

const win = (start: Date | string, end: Date | string): Win => ({
  start: typeof start === 'string' ? at(start) : start,
  end: typeof end === 'string' ? at(end) : end,
});

/** The windows the questions use, read at the clock in UTC (weeks start on Monday). */
export const W = {
  all: win(new Date(NOW.getTime() - 30 * D), NOW),
  today: win('2026-12-16T00:00:00Z', NOW),
  yesterday: win('2026-12-15T00:00:00Z', '2026-12-16T00:00:00Z'),
  dayBefore: win('2026-12-14T00:00:00Z', '2026-12-15T00:00:00Z'),
  h24: win(new Date(NOW.getTime() - D), NOW),
  d7: win(new Date(NOW.getTime() - 7 * D), NOW),
  prev7: win(new Date(NOW.getTime() - 14 * D), new Date(NOW.getTime() - 7 * D)),
  d14: win(new Date(NOW.getTime() - 14 * D), NOW),
  d30: win(new Date(NOW.getTime() - 30 * D), NOW),
  thisWeek: win('2026-12-14T00:00:00Z', NOW),
  /** Monday 7 Dec 00:00 to Wednesday 9 Dec 14:20: the same stretch of last week. */
  sameStretchLastWeek: win('2026-12-07T00:00:00Z', '2026-12-09T14:20:00Z'),
  lastWeek: win('2026-12-07T00:00:00Z', '2026-12-14T00:00:00Z'),
  weekBefore: win('2026-11-30T00:00:00Z', '2026-12-07T00:00:00Z'),
  weekNov23: win('2026-11-23T00:00:00Z', '2026-11-30T00:00:00Z'),
  thisMonth: win('2026-12-01T00:00:00Z', NOW),
  november: win('2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z'),
  /** The last 30 days before 1 December. */
  before1Dec: win(new Date(NOW.getTime() - 30 * D), '2026-12-01T00:00:00Z'),
  dec10: win('2026-12-10T00:00:00Z', '2026-12-11T00:00:00Z'),
  dec1to7: win('2026-12-01T00:00:00Z', '2026-12-08T00:00:00Z'),
} satisfies Record<string, Win>;
export type WinName = keyof typeof W;

/** A filter of POST /api/query (docs/query.md). */
export type Filter = unknown[];

export const is = (field: string, ...values: (string | number | boolean)[]): Filter => ['is', field, values];
export const has = (field: string): Filter => ['has', field];
export const not = (f: Filter): Filter => ['not', f];

export const num = (value: number, unit: Unit): Truth => ({ kind: 'number', value, unit });
export const count = (value: number): Truth => num(value, 'count');
export const label = (...any: string[]): Truth => ({ kind: 'label', any });
export const all = (...parts: Truth[]): Truth => ({ kind: 'all', parts });
export const anyOf = (...options: Truth[]): Truth => ({ kind: 'any', options });
export const compare = (a: Truth, b: Truth, direction?: 'up' | 'down'): Truth => ({
  kind: 'compare',
  a,
  b,
  ...(direction ? { direction } : {}),
});
export const ZERO: Truth = { kind: 'zero' };
export const NOTHING: Truth = { kind: 'nothing' };
export const DECLINE: Truth = { kind: 'decline' };

/** Units of the query's metrics. */
export function unitOf(metric: string): Unit {
  if (metric === 'hook_rate') return 'rate';
  if (metric === 'avg_auditor_confidence') return 'decimal';
  if (/dollar|ask$/.test(metric) && metric !== 'asks') return 'usd';
  if (/duration/.test(metric)) return 'sec';
  return 'count';
}

/** Spellings of values an answer may use instead of the stored one. */
const SPELLINGS: Record<string, string[]> = {
  NY: ['New York'],
  NJ: ['New Jersey'],
  CA: ['California'],
  FL: ['Florida'],
  TX: ['Texas'],
  IL: ['Illinois'],
  GA: ['Georgia'],
  DC: ['District of Columbia', 'Washington DC', 'Washington, DC'],
  CT: ['Connecticut'],
  BTC: ['Bitcoin'],
  ETH: ['Ethereum'],
  TRON: ['TRX'],
  gift_card: ['gift card', 'gift cards'],
  crypto_atm: ['crypto ATM', 'bitcoin ATM'],
  wire_transfer: ['wire transfer', 'wire'],
  bank_transfer: ['bank transfer'],
  cash_by_mail: ['cash by mail'],
  cash_app: ['Cash App'],
  zelle: ['Zelle'],
  'Social Security Administration': ['SSA'],
};

export function spellings(v: string): string[] {
  const out = [v, ...(SPELLINGS[v] ?? [])];
  if (/^[A-Z0-9_]+$/.test(v) && v.includes('_')) out.push(v.replace(/_/g, ' '));
  return out;
}

/** Spellings of a weekday, a day or an hour of day as a label. */
export function timeLabels(dim: string, v: string | number): string[] {
  if (dim === 'time:weekday') {
    const s = String(v);
    return [s, s.slice(0, 3)];
  }
  if (dim === 'time:hour_of_day') {
    const h = Number(v);
    const h12 = h % 12 === 0 ? 12 : h % 12;
    const ap = h < 12 ? 'am' : 'pm';
    return [`${String(h).padStart(2, '0')}:00`, `${h}:00`, `${h12} ${ap}`, `${h12}${ap}`, `${h12}:00 ${ap}`, `${h}h`, `${h} UTC`];
  }
  if (dim === 'time:day') {
    const d = new Date(String(v));
    const months = [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ];
    const day = d.getUTCDate();
    const m = months[d.getUTCMonth()];
    return [String(v).slice(0, 10), `${m} ${day}`, `${m.slice(0, 3)} ${day}`, `${day} ${m}`, `${day} ${m.slice(0, 3)}`];
  }
  return [String(v)];
}

export function sum(xs: number[]): number {
  let cents = 0;
  for (const x of xs) cents += Math.round(x * 100);
  return cents / 100;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

/** Two computations of one figure must agree. */
export function same(a: number, b: number, what: string): void {
  if (Math.abs(a - b) > 1e-6 * Math.max(1, Math.abs(b))) throw new Error(`${what}: ${a} vs ${b}`);
}

export interface Row {
  d: (string | number | boolean | null)[];
  m: (number | null)[];
}

export class Ctx {
  constructor(
    readonly app: FastifyInstance,
    readonly keys: Record<KeyName, string>,
    /** Every call of the 30 days (read key); empty with --no-corpus. */
    readonly corpus: Call[],
  ) {}

  async post(body: Record<string, unknown>, key: KeyName = 'read'): Promise<Json> {
    const res = await this.app.inject({
      method: 'POST',
      url: '/api/query',
      headers: { authorization: `Bearer ${this.keys[key]}` },
      payload: body,
    });
    if (res.statusCode !== 200) throw new Error(`POST /api/query ${JSON.stringify(body)}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res.json();
  }

  /** Rows of a query over a window (explicit bounds), in the default order unless told. */
  async query(
    metrics: string[],
    dimensions: string[],
    w: Win,
    opts: { filters?: Filter[]; key?: KeyName; order_by?: [string, 'asc' | 'desc'][]; limit?: number; timezone?: string } = {},
  ): Promise<Row[]> {
    const r = await this.post(
      {
        metrics,
        dimensions,
        filters: opts.filters ?? [],
        start: w.start.toISOString(),
        end: w.end.toISOString(),
        limit: opts.limit ?? 10_000,
        ...(opts.order_by ? { order_by: opts.order_by } : {}),
        ...(opts.timezone ? { timezone: opts.timezone } : {}),
      },
      opts.key,
    );
    return r.results.map((x: Json) => ({ d: x.dimensions, m: x.metrics }));
  }

  /** One metric over a window. */
  async value(metric: string, w: Win, filters: Filter[] = [], key: KeyName = 'read'): Promise<number> {
    const v = (await this.query([metric], [], w, { filters, key }))[0].m[0];
    if (v === null) throw new Error(`${metric} is null over ${JSON.stringify(w)} ${JSON.stringify(filters)}`);
    return v;
  }

  /** One metric as a truth, checked non-zero (a zero belongs to the true-zero class). */
  async fig(metric: string, w: Win, filters: Filter[] = [], key: KeyName = 'read'): Promise<Truth> {
    const v = await this.value(metric, w, filters, key);
    if (v === 0) throw new Error(`${metric} is 0 over ${JSON.stringify(w)} ${JSON.stringify(filters)}: not a figure question`);
    return num(v, unitOf(metric));
  }

  /** A true zero: the number of calls is checked to be 0. */
  async zero(w: Win, filters: Filter[], key: KeyName = 'read', metric = 'calls_received'): Promise<Truth> {
    const v = await this.value(metric, w, filters, key);
    if (v !== 0) throw new Error(`expected a zero, ${metric} is ${v} (${JSON.stringify(filters)})`);
    return ZERO;
  }

  /** A value the data does not hold at all (30 days, read key): checked, then "nothing". */
  async absent(field: string, value: string, key: KeyName = 'read'): Promise<Truth> {
    const v = await this.value('calls_received', W.all, [is(field, value)], key);
    if (v !== 0) throw new Error(`${field} ${value} is held by ${v} calls: not absent`);
    if (
      this.corpus.length &&
      key === 'read' &&
      this.corpus.some((c) => String(c.f[field as IntelField] ?? '').toLowerCase() === value.toLowerCase())
    ) {
      throw new Error(`${field} ${value} found in the corpus`);
    }
    return NOTHING;
  }

  /**
   * The top n values of a dimension by a metric (nulls left out), as a ranking; a tie at the
   * cut becomes the ranking's tail (any of the tied values fill the last places).
   */
  async rank(
    dim: string,
    n: number,
    w: Win,
    opts: { metric?: string; filters?: Filter[]; key?: KeyName; timezone?: string } = {},
  ): Promise<Truth> {
    const metric = opts.metric ?? 'calls_received';
    const filters = [...(opts.filters ?? []), ...(dim.startsWith('time:') ? [] : [has(dim)])];
    const rows = (await this.query([metric], [dim], w, { filters, key: opts.key, timezone: opts.timezone }))
      .filter((r) => r.m[0] !== null && r.m[0] !== 0)
      .sort((a, b) => (b.m[0] as number) - (a.m[0] as number));
    if (rows.length < n) throw new Error(`ranking ${dim}: ${rows.length} values, ${n} asked`);
    const labels = (r: Row) => (dim.startsWith('time:') ? timeLabels(dim, r.d[0] as string) : spellings(String(r.d[0])));
    const cut = rows[n - 1].m[0] as number;
    const above = rows.filter((r) => (r.m[0] as number) > cut);
    const tied = rows.filter((r) => r.m[0] === cut);
    const items = above.map((r) => ({ labels: labels(r), count: r.m[0] as number }));
    if (above.length + tied.length === n)
      return { kind: 'ranking', items: [...items, ...tied.map((r) => ({ labels: labels(r), count: cut }))] };
    return { kind: 'ranking', items, tail: { slots: n - above.length, count: cut, members: tied.map(labels) } };
  }

  /** The top value of a dimension by a metric, as a label (any of the values tied at the top). */
  async top(
    dim: string,
    w: Win,
    opts: { metric?: string; filters?: Filter[]; key?: KeyName; timezone?: string; minCalls?: number } = {},
  ): Promise<Truth> {
    const metric = opts.metric ?? 'calls_received';
    const filters = [...(opts.filters ?? []), ...(dim.startsWith('time:') ? [] : [has(dim)])];
    const metrics = metric === 'calls_received' ? [metric] : [metric, 'calls_received'];
    let rows = await this.query(metrics, [dim], w, { filters, key: opts.key, timezone: opts.timezone });
    if (opts.minCalls) rows = rows.filter((r) => (r.m[metrics.length - 1] as number) >= opts.minCalls!);
    rows = rows.filter((r) => r.m[0] !== null);
    if (!rows.length) throw new Error(`top ${dim}: no values`);
    const best = Math.max(...rows.map((r) => r.m[0] as number));
    const tops = rows.filter((r) => r.m[0] === best);
    if (tops.length > 2) throw new Error(`top ${dim}: ${tops.length} values tied`);
    return label(...tops.flatMap((r) => (dim.startsWith('time:') ? timeLabels(dim, r.d[0] as string) : spellings(String(r.d[0])))));
  }

  /** The top value itself (for a follow-up that names it), refusing ties. */
  async topValue(dim: string, w: Win, filters: Filter[] = [], key: KeyName = 'read'): Promise<string> {
    const rows = await this.query(['calls_received'], [dim], w, { filters: [...filters, has(dim)], key });
    if (rows.length > 1 && rows[0].m[0] === rows[1].m[0]) throw new Error(`top ${dim}: tied at ${rows[0].m[0]}`);
    return String(rows[0].d[0]);
  }

  async get(url: string, key: KeyName = 'read'): Promise<Json> {
    return apiGet(this.app, this.keys[key], url);
  }

  /** The corpus's calls of a window (the read key's view). */
  calls(w: Win): Call[] {
    return this.corpus.filter((c) => c.t >= w.start.getTime() && c.t < w.end.getTime());
  }

  /** A second computation from the corpus, when it is loaded. */
  check(api: number, corpus: () => number, what: string): void {
    if (this.corpus.length) same(api, corpus(), `${what} (query vs corpus)`);
  }
}

export const isWeekend = (c: Call) => {
  const d = new Date(c.t).getUTCDay();
  return d === 0 || d === 6;
};
