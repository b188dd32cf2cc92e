// How the truths of the fourth held-out set are computed: from the REST API only (POST
// /api/query, GET /api/kpis/*, GET /api/calls), over the world of world.ts at its fixed clock.
// Nothing here reads the agent. Windows are UTC (the API's and the dashboard's calendar):
// "today" is since 00:00 UTC, "this week" since Monday 00:00 UTC, "this month" since the 1st.

import type { FastifyInstance } from 'fastify';
import type { Truth, Unit } from './judge.js';
import { NOW, type KeyName } from './world.js';

const H = 3_600_000;
const D = 24 * H;

export interface Win {
  start: Date;
  end: Date;
}

const win = (start: string | Date, end: string | Date = NOW): Win => ({ start: new Date(start), end: new Date(end) });
const back = (ms: number): Win => win(new Date(NOW.getTime() - ms));

/**
 * The windows the questions name, at NOW = Thursday 2027-02-11 16:45 UTC. The demo data covers
 * the 30 days before NOW (from Tuesday 2027-01-12 16:45 UTC).
 */
export const W = {
  h1: back(H),
  h3: back(3 * H),
  h24: back(D),
  h48: back(2 * D),
  d7: back(7 * D),
  d14: back(14 * D),
  d30: back(30 * D),
  /** 365 days: "ever" (the agent's lexicon span); the demo data holds 30 of them. */
  year: back(365 * D),
  today: win('2027-02-11T00:00:00Z'),
  yesterday: win('2027-02-10T00:00:00Z', '2027-02-11T00:00:00Z'),
  /** Tuesday. */
  tue: win('2027-02-09T00:00:00Z', '2027-02-10T00:00:00Z'),
  /** Since Monday 2027-02-08. */
  thisWeek: win('2027-02-08T00:00:00Z'),
  /** Monday 2027-02-01 to Monday 2027-02-08. */
  lastWeek: win('2027-02-01T00:00:00Z', '2027-02-08T00:00:00Z'),
  /** The same stretch of last week as "this week so far": Monday 02-01 00:00 to Thursday 02-04 16:45. */
  lastWeekToDate: win('2027-02-01T00:00:00Z', '2027-02-04T16:45:00Z'),
  /** The week before last: Monday 2027-01-25 to Monday 2027-02-01. */
  weekBeforeLast: win('2027-01-25T00:00:00Z', '2027-02-01T00:00:00Z'),
  /** Last weekend: Saturday 02-06 and Sunday 02-07. */
  lastWeekend: win('2027-02-06T00:00:00Z', '2027-02-08T00:00:00Z'),
  /** Since February 1st. */
  thisMonth: win('2027-02-01T00:00:00Z'),
  /** January 2027 (the data starts on the 12th). */
  january: win('2027-01-01T00:00:00Z', '2027-02-01T00:00:00Z'),
  /** January 1st to the 11th 16:45: the same stretch of last month as this month so far (before the data starts). */
  januaryToDate: win('2027-01-01T00:00:00Z', '2027-01-11T16:45:00Z'),
  jan20: win('2027-01-20T00:00:00Z', '2027-01-21T00:00:00Z'),
  jan25to31: win('2027-01-25T00:00:00Z', '2027-02-01T00:00:00Z'),
  /** From Monday 2027-01-18 (four calendar weeks and this week so far). */
  sinceJan18: win('2027-01-18T00:00:00Z'),
  /** February 3rd, a Wednesday. */
  feb3: win('2027-02-03T00:00:00Z', '2027-02-04T00:00:00Z'),
  feb5: win('2027-02-05T00:00:00Z', '2027-02-06T00:00:00Z'),
} satisfies Record<string, Win>;
export type WinName = keyof typeof W;

/** A filter of POST /api/query (docs/query.md). */
export type Filter = unknown[];

export const COUNT_METRICS = new Set([
  'calls_received',
  'cleanly_closed',
  'hooked_calls',
  'insights_produced',
  'high_confidence_insights',
  'tier1_calls',
  'tier2_calls',
  'tier3_calls',
  'asks',
]);

export function unitOf(metric: string): Unit {
  if (COUNT_METRICS.has(metric) || metric.startsWith('distinct:')) return 'count';
  if (metric === 'hook_rate') return 'rate';
  if (metric.endsWith('_sec')) return 'sec';
  if (metric === 'avg_auditor_confidence') return 'decimal';
  if (/dollar|ask/.test(metric)) return 'usd';
  throw new Error(`no unit for ${metric}`);
}

export type Row = { dimensions: unknown[]; metrics: (number | null)[] };

/** Parsed JSON of a REST answer (any shape: the truths read the documented fields). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

const STATE_NAMES: Record<string, string> = {
  NY: 'New York',
  CA: 'California',
  FL: 'Florida',
  TX: 'Texas',
  IL: 'Illinois',
  GA: 'Georgia',
  NJ: 'New Jersey',
  DC: 'District of Columbia',
  WA: 'Washington',
  CT: 'Connecticut',
  TN: 'Tennessee',
  AZ: 'Arizona',
  CO: 'Colorado',
  OR: 'Oregon',
  MI: 'Michigan',
  PA: 'Pennsylvania',
  OH: 'Ohio',
  NC: 'North Carolina',
  MA: 'Massachusetts',
  NV: 'Nevada',
  MD: 'Maryland',
  VA: 'Virginia',
  LA: 'Louisiana',
  MN: 'Minnesota',
  MO: 'Missouri',
  IN: 'Indiana',
  WI: 'Wisconsin',
  SC: 'South Carolina',
  AL: 'Alabama',
  KY: 'Kentucky',
  UT: 'Utah',
  OK: 'Oklahoma',
  NM: 'New Mexico',
  HI: 'Hawaii',
  NE: 'Nebraska',
  KS: 'Kansas',
  AK: 'Alaska',
};

/** The spellings an answer may use for a stored value of a field. */
export function spellings(field: string, value: unknown): string[] {
  const v = String(value);
  const out = [v];
  if (field === 'caller_state' && STATE_NAMES[v]) out.push(STATE_NAMES[v]);
  if (field === 'mule_bank_name' && v === 'JPMorgan Chase') out.push('Chase');
  if (field === 'persona') out.push(v[0].toUpperCase() + v.slice(1));
  return out;
}

export function same(a: number, b: number, what: string): void {
  if (Math.abs(a - b) > 1e-6 * Math.max(1, Math.abs(b))) throw new Error(`${what}: ${a} vs ${b}`);
}

export class Ctx {
  constructor(
    readonly app: FastifyInstance,
    readonly keys: Record<KeyName, string>,
  ) {}

  async get(url: string, key: KeyName = 'read'): Promise<Json> {
    const res = await this.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${this.keys[key]}` } });
    if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res.json();
  }

  /** POST /api/query with the window given; the whole answer. */
  async queryRaw(body: Record<string, unknown>, w: Win, key: KeyName = 'read'): Promise<{ results: Row[]; meta: { total_rows: number } }> {
    const payload = { ...body, start: w.start.toISOString(), end: w.end.toISOString() };
    const res = await this.app.inject({
      method: 'POST',
      url: '/api/query',
      headers: { authorization: `Bearer ${this.keys[key]}` },
      payload,
    });
    if (res.statusCode !== 200) throw new Error(`POST /api/query ${JSON.stringify(payload)}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res.json();
  }

  /** The one row of a query without dimensions: its metric values. */
  async values(metrics: string[], w: Win, filters: Filter[] = [], key: KeyName = 'read'): Promise<(number | null)[]> {
    const r = await this.queryRaw({ metrics, filters }, w, key);
    return r.results[0].metrics;
  }

  async value(metric: string, w: Win, filters: Filter[] = [], key: KeyName = 'read'): Promise<number> {
    const v = (await this.values([metric], w, filters, key))[0];
    if (v === null) throw new Error(`${metric} is null over ${w.start.toISOString()}..${w.end.toISOString()}`);
    return v;
  }

  async count(w: Win, filters: Filter[] = [], key: KeyName = 'read'): Promise<number> {
    return this.value('calls_received', w, filters, key);
  }

  /** A figure as a truth; a count of 0 is the zero truth (the answer must say none). */
  async fig(metric: string, w: Win, filters: Filter[] = [], key: KeyName = 'read'): Promise<Truth> {
    // A rate over no calls is 0 by definition, but "no calls" is the honest answer: not a case to ask.
    if (metric === 'hook_rate' && (await this.count(w, filters, key)) === 0) throw new Error('hook rate over no calls');
    const v = await this.value(metric, w, filters, key);
    if (v === 0 && unitOf(metric) === 'count') return { kind: 'zero' };
    return { kind: 'number', value: v, unit: unitOf(metric) };
  }

  /** A share of calls (a rate truth): calls passing `part` among calls passing `whole`. */
  async share(w: Win, part: Filter[], whole: Filter[] = [], key: KeyName = 'read'): Promise<Truth> {
    const a = await this.count(w, [...whole, ...part], key);
    const b = await this.count(w, whole, key);
    if (!b) throw new Error('share over no calls');
    return { kind: 'number', value: a / b, unit: 'rate' };
  }

  /**
   * The true answer must be zero: the truth computes the figure and fails (so the case is not
   * asked) if it is not 0.
   */
  async zero(metric: string, w: Win, filters: Filter[] = [], key: KeyName = 'read'): Promise<Truth> {
    const v = await this.value(metric, w, filters, key);
    if (v !== 0) throw new Error(`expected a true zero, ${metric} = ${v}`);
    return { kind: 'zero' };
  }

  /**
   * A value the data does not hold (over 365 days, for this key): the truth checks that no call
   * has it, and the answer must say zero or not found.
   */
  async nothing(filters: Filter[], key: KeyName = 'read'): Promise<Truth> {
    const v = await this.count(W.year, filters, key);
    if (v !== 0) throw new Error(`expected no call over 365 days, found ${v}`);
    return { kind: 'nothing' };
  }

  /** Rows of one field dimension (nulls left out), in the API's order (calls desc, value asc). */
  async byField(
    field: string,
    w: Win,
    metrics: string[] = ['calls_received'],
    filters: Filter[] = [],
    key: KeyName = 'read',
  ): Promise<Row[]> {
    const r = await this.queryRaw({ metrics, dimensions: [field], filters: [...filters, ['has', field]], limit: 10000 }, w, key);
    return r.results;
  }

  /**
   * The top n values of a field by a metric (calls by default), highest first; ties at the cut
   * become the truth's tail (any of them may fill the last places).
   */
  async top(field: string, n: number, w: Win, filters: Filter[] = [], key: KeyName = 'read', metric = 'calls_received'): Promise<Truth> {
    const rows = (await this.byField(field, w, [metric], filters, key))
      .map((r) => ({ v: r.dimensions[0], c: r.metrics[0] as number }))
      .filter((r) => r.c !== null && r.c > 0)
      .sort((a, b) => b.c - a.c || (String(a.v) < String(b.v) ? -1 : 1));
    if (rows.length < n) throw new Error(`top ${n} of ${field}: only ${rows.length} values`);
    const cut = rows[n - 1].c;
    const above = rows.filter((r) => r.c > cut);
    const tied = rows.filter((r) => r.c === cut);
    const items = above.map((r) => ({ labels: spellings(field, r.v), count: r.c }));
    if (above.length + tied.length === n) {
      return { kind: 'ranking', items: [...items, ...tied.map((r) => ({ labels: spellings(field, r.v), count: r.c }))] };
    }
    if (tied.length > 6) throw new Error(`top ${n} of ${field}: ${tied.length} values tied at the cut`);
    return {
      kind: 'ranking',
      items,
      tail: { slots: n - above.length, count: cut, members: tied.map((r) => spellings(field, r.v)) },
    };
  }

  /** The value of a field with the most calls (a label truth; fails on a tie at the top). */
  async leader(
    field: string,
    w: Win,
    filters: Filter[] = [],
    key: KeyName = 'read',
    metric = 'calls_received',
    dir: 'desc' | 'asc' = 'desc',
  ): Promise<{ truth: Truth; value: unknown; figure: number }> {
    const rows = (await this.byField(field, w, [metric], filters, key))
      .map((r) => ({ v: r.dimensions[0], c: r.metrics[0] as number }))
      .filter((r) => r.c !== null)
      .sort((a, b) => (dir === 'desc' ? b.c - a.c : a.c - b.c));
    if (!rows.length) throw new Error(`no values of ${field}`);
    if (rows.length > 1 && rows[0].c === rows[1].c) throw new Error(`tie at the top of ${field}: ${rows[0].v} / ${rows[1].v}`);
    return { truth: { kind: 'label', any: spellings(field, rows[0].v) }, value: rows[0].v, figure: rows[0].c };
  }

  /** A figure per time bucket (`time:day`, `time:week`, …), one number truth each, in order. */
  async series(dimension: string, metric: string, w: Win, filters: Filter[] = [], key: KeyName = 'read'): Promise<Truth> {
    const r = await this.queryRaw({ metrics: [metric], dimensions: [dimension], filters, limit: 10000 }, w, key);
    return {
      kind: 'all',
      parts: r.results.map((row) => ({ kind: 'number', value: row.metrics[0] as number, unit: unitOf(metric) }) as Truth),
    };
  }

  /**
   * A metric over the calls of a partition of the calendar (`time:weekday` or `time:hour_of_day`
   * values): the metric is recomputed from counts that add up across the buckets.
   */
  async partition(
    dimension: 'time:weekday' | 'time:hour_of_day',
    values: unknown[],
    quantity: Quantity,
    w: Win,
    filters: Filter[] = [],
    key: KeyName = 'read',
    timezone = 'UTC',
  ): Promise<Truth> {
    const metrics = QUANTITY_METRICS[quantity];
    const r = await this.queryRaw({ metrics, dimensions: [dimension], filters, timezone, limit: 10000 }, w, key);
    const acc = metrics.map(() => 0);
    for (const row of r.results) if (values.includes(row.dimensions[0])) row.metrics.forEach((m, i) => (acc[i] += m ?? 0));
    return quantityTruth(quantity, acc);
  }
}

/** Quantities a frame may compare, each from metrics that add up across buckets. */
export type Quantity = 'calls' | 'hooked' | 'hook_rate' | 'tier1' | 'dollars' | 'asks' | 'mean_ask' | 'avg_duration';
const QUANTITY_METRICS: Record<Quantity, string[]> = {
  calls: ['calls_received'],
  hooked: ['hooked_calls'],
  hook_rate: ['hooked_calls', 'calls_received'],
  tier1: ['tier1_calls'],
  dollars: ['total_dollars_asked'],
  asks: ['asks'],
  mean_ask: ['total_dollars_asked', 'asks'],
  avg_duration: ['avg_call_duration_sec', 'calls_received'],
};

function quantityTruth(q: Quantity, acc: number[]): Truth {
  switch (q) {
    case 'calls':
    case 'hooked':
    case 'tier1':
    case 'asks':
      return { kind: 'number', value: acc[0], unit: 'count' };
    case 'hook_rate':
      return { kind: 'number', value: acc[1] ? acc[0] / acc[1] : 0, unit: 'rate' };
    case 'dollars':
      return { kind: 'number', value: acc[0], unit: 'usd' };
    case 'mean_ask':
      return { kind: 'number', value: acc[0] / acc[1], unit: 'usd' };
    case 'avg_duration':
      throw new Error('avg_duration does not add up across buckets; use Ctx.value over a window');
  }
}

export const WEEKEND = ['saturday', 'sunday'];
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
export const range = (a: number, b: number): number[] => Array.from({ length: b - a }, (_, i) => a + i);

export const num = (value: number, unit: Unit): Truth => ({ kind: 'number', value, unit });
export const label = (...any: string[]): Truth => ({ kind: 'label', any });
export const all = (...parts: Truth[]): Truth => ({ kind: 'all', parts });
export const compare = (a: Truth, b: Truth, direction?: 'up' | 'down'): Truth => ({
  kind: 'compare',
  a,
  b,
  ...(direction ? { direction } : {}),
});
export const anyOf = (...options: Truth[]): Truth => ({ kind: 'any', options });
export const yesno = (yes: boolean, value?: Truth): Truth => ({ kind: 'yesno', yes, ...(value ? { value } : {}) });
export const DECLINE: Truth = { kind: 'decline' };

/** The direction of b against a ("did it go up?": a is the earlier). */
export function dir(earlier: number, later: number): 'up' | 'down' {
  if (earlier === later) throw new Error('no change: no direction');
  return later > earlier ? 'up' : 'down';
}

/** The value of a number truth. */
export function val(t: Truth): number {
  if (t.kind === 'zero') return 0;
  if (t.kind !== 'number') throw new Error(`not a number truth: ${t.kind}`);
  return t.value;
}
