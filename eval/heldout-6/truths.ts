// The truths of the sixth held-out set: every figure computed at run time from the REST API
// (POST /api/query, GET /api/kpis/*) with the case's key, over the windows below, never from the
// agent. Calendar words are UTC, as the API's and the dashboard's.

import type { FastifyInstance } from 'fastify';
import type { Truth, Unit } from '../shared/judge.js';
import type { KeyName } from './world.js';
import { NOW } from './world.js';

export interface Win {
  start: Date;
  end: Date;
}
export type F = unknown[];

const H = 3600_000;
const D = 24 * H;
const at = (iso: string) => new Date(iso);
const back = (ms: number): Win => ({ start: new Date(NOW.getTime() - ms), end: NOW });

/**
 * The windows the questions name. NOW is Thursday 2028-01-13 15:40 UTC; the data starts on
 * Thursday 2027-12-02 15:40 UTC.
 */
export const W = {
  h24: back(D),
  d7: back(7 * D),
  d14: back(14 * D),
  d30: back(30 * D),
  d42: back(42 * D),
  h48: back(2 * D),
  h6: back(6 * H),
  today: { start: at('2028-01-13T00:00:00Z'), end: NOW },
  yesterday: { start: at('2028-01-12T00:00:00Z'), end: at('2028-01-13T00:00:00Z') },
  dayBefore: { start: at('2028-01-11T00:00:00Z'), end: at('2028-01-12T00:00:00Z') },
  /** Since Monday 2028-01-10 00:00 UTC. */
  thisWeek: { start: at('2028-01-10T00:00:00Z'), end: NOW },
  /** Last week's same stretch: Monday 2028-01-03 00:00 to Thursday 2028-01-06 15:40. */
  lastWeekSameStretch: { start: at('2028-01-03T00:00:00Z'), end: at('2028-01-06T15:40:00Z') },
  lastWeek: { start: at('2028-01-03T00:00:00Z'), end: at('2028-01-10T00:00:00Z') },
  weekBeforeLast: { start: at('2027-12-27T00:00:00Z'), end: at('2028-01-03T00:00:00Z') },
  /** Saturday 2028-01-08 to Monday 2028-01-10. */
  lastWeekend: { start: at('2028-01-08T00:00:00Z'), end: at('2028-01-10T00:00:00Z') },
  weekendBefore: { start: at('2028-01-01T00:00:00Z'), end: at('2028-01-03T00:00:00Z') },
  /** January so far (this month, this year). */
  thisMonth: { start: at('2028-01-01T00:00:00Z'), end: NOW },
  /** December 2027 (the data starts on the 2nd at 15:40). */
  december: { start: at('2027-12-01T00:00:00Z'), end: at('2028-01-01T00:00:00Z') },
  /** December 1–13 (the same stretch of last month as January 1 to now, by day of month). */
  decemberSameStretch: { start: at('2027-12-01T00:00:00Z'), end: at('2027-12-13T15:40:00Z') },
  christmasEve: { start: at('2027-12-24T00:00:00Z'), end: at('2027-12-25T00:00:00Z') },
  christmasDay: { start: at('2027-12-25T00:00:00Z'), end: at('2027-12-26T00:00:00Z') },
  newYearsDay: { start: at('2028-01-01T00:00:00Z'), end: at('2028-01-02T00:00:00Z') },
  newYearsEve: { start: at('2027-12-31T00:00:00Z'), end: at('2028-01-01T00:00:00Z') },
  /** The two halves of the last 14 days. */
  firstHalf14: { start: new Date(NOW.getTime() - 14 * D), end: new Date(NOW.getTime() - 7 * D) },
  /** Before / after December 20 within the last 30 days. */
  beforeDec20: { start: new Date(NOW.getTime() - 30 * D), end: at('2027-12-20T00:00:00Z') },
  afterDec20: { start: at('2027-12-20T00:00:00Z'), end: NOW },
  /** The previous 7 days (days 8–14 back). */
  prev7: { start: new Date(NOW.getTime() - 14 * D), end: new Date(NOW.getTime() - 7 * D) },
  /** The last 30 days before the last 30 (only days 31–42 hold data). */
  prev30: { start: new Date(NOW.getTime() - 60 * D), end: new Date(NOW.getTime() - 30 * D) },
  /** A year back: for values the data does not hold. */
  y365: back(365 * D),
} satisfies Record<string, Win>;

export class Ctx {
  constructor(
    readonly app: FastifyInstance,
    readonly keys: Record<KeyName, string>,
  ) {}

  async get(url: string, key: KeyName = 'read'): Promise<Record<string, unknown>> {
    const res = await this.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${this.keys[key]}` } });
    if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res.json();
  }

  async query(body: Record<string, unknown>, key: KeyName = 'read'): Promise<QueryAnswer> {
    const res = await this.app.inject({
      method: 'POST',
      url: '/api/query',
      payload: body,
      headers: { authorization: `Bearer ${this.keys[key]}` },
    });
    if (res.statusCode !== 200) throw new Error(`query ${JSON.stringify(body)}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res.json();
  }

  /** The figures of one window (no dimension: one row). */
  async values(metrics: string[], w: Win, filters: F[] = [], key: KeyName = 'read'): Promise<(number | null)[]> {
    const a = await this.query({ metrics, filters, start: w.start.toISOString(), end: w.end.toISOString() }, key);
    return a.results[0].metrics;
  }

  async value(metric: string, w: Win, filters: F[] = [], key: KeyName = 'read'): Promise<number> {
    const [v] = await this.values([metric], w, filters, key);
    if (v === null) throw new Error(`${metric} is null over the window`);
    return v;
  }

  count(w: Win, filters: F[] = [], key: KeyName = 'read'): Promise<number> {
    return this.value('calls_received', w, filters, key);
  }

  /** The groups of one dimension, ordered by the metric descending then label ascending. */
  async groups(dim: string, metric: string, w: Win, filters: F[] = [], key: KeyName = 'read'): Promise<{ label: string; value: number }[]> {
    const a = await this.query(
      {
        metrics: [metric],
        dimensions: [dim],
        filters,
        start: w.start.toISOString(),
        end: w.end.toISOString(),
        limit: 10000,
      },
      key,
    );
    return a.results
      .filter((r) => r.dimensions[0] !== null)
      .map((r) => ({ label: String(r.dimensions[0]), value: r.metrics[0] ?? 0 }))
      .sort((x, y) => y.value - x.value || (x.label < y.label ? -1 : x.label > y.label ? 1 : 0));
  }
}

interface QueryAnswer {
  results: { dimensions: (string | number | boolean | null)[]; metrics: (number | null)[] }[];
}

/** Throws when two figures differ (the smoke check's comparisons). */
export function same(a: number, b: number, what: string): void {
  if (Math.abs(a - b) > 1e-6 * Math.max(1, Math.abs(b))) throw new Error(`${what}: ${a} vs ${b}`);
}

// ---------------------------------------------------------------- truth builders

export const num = (value: number, unit: Unit): Truth => ({ kind: 'number', value, unit });
export const label = (...any: string[]): Truth => ({ kind: 'label', any });
export const all = (...parts: Truth[]): Truth => ({ kind: 'all', parts });
export const anyOf = (...options: Truth[]): Truth => ({ kind: 'any', options });
export const decline: Truth = { kind: 'decline' };

/** A figure that must be zero: the case fails (and is not asked) when it is not. */
export function mustZero(v: number, what: string): Truth {
  if (v !== 0) throw new Error(`${what}: expected zero, got ${v}`);
  return { kind: 'zero' };
}

/** A value the data does not hold: checked to have no call. */
export function mustNothing(v: number, what: string): Truth {
  if (v !== 0) throw new Error(`${what}: expected no call, got ${v}`);
  return { kind: 'nothing' };
}

/** A non-zero count (a question watched for a false zero must have a figure). */
export function count(v: number): Truth {
  return num(v, 'count');
}

/**
 * The top n of groups as a ranking truth; ties at the cut go to the judge's tail. Throws when
 * there are fewer than n groups.
 */
export function ranking(groups: { label: string; value: number }[], n: number, spell: (l: string) => string[] = (l) => [l]): Truth {
  if (groups.length < n) throw new Error(`ranking: only ${groups.length} groups for a top ${n}`);
  const cut = groups[n - 1].value;
  const above = groups.filter((g) => g.value > cut);
  const tied = groups.filter((g) => g.value === cut);
  const items = above.map((g) => ({ labels: spell(g.label), count: g.value }));
  if (tied.length === n - above.length)
    return { kind: 'ranking', items: [...items, ...tied.map((g) => ({ labels: spell(g.label), count: g.value }))] };
  return { kind: 'ranking', items, tail: { slots: n - above.length, count: cut, members: tied.map((g) => spell(g.label)) } };
}

/** Both figures of a comparison, with the direction when the question asked which way. */
export function compare(a: Truth, b: Truth, direction?: 'up' | 'down'): Truth {
  return { kind: 'compare', a, b, ...(direction ? { direction } : {}) };
}

/** The direction from `b` (earlier) to `a` (later); throws on a tie (no direction to state). */
export function dir(a: number, b: number): 'up' | 'down' {
  if (a === b) throw new Error(`no direction: ${a} = ${b}`);
  return a > b ? 'up' : 'down';
}

export function yesno(yes: boolean, value?: Truth): Truth {
  return { kind: 'yesno', yes, ...(value ? { value } : {}) };
}

/** A rate truth that must be over some calls. */
export function rate(v: number): Truth {
  return num(v, 'rate');
}
export const usd = (v: number): Truth => num(v, 'usd');
export const sec = (v: number): Truth => num(v, 'sec');
export const dec = (v: number): Truth => num(v, 'decimal');
