// What the truths are computed from: the REST API of the world, never the agent. Mostly
// POST /api/query (CONTRACT §13: metrics × dimensions × filters × windows × time zones), the
// KPI endpoints and GET /api/calls with its `total`; and the corpus of every call read through
// GET /api/calls + GET /api/calls/{sid}, against which many figures are checked a second way.
// Helpers below the figures are copied from the retired held-out set (eval/heldout/truths.ts).

import type { FastifyInstance } from 'fastify';
import { apiGet, type Call, type IntelField, type Json } from './corpus.js';
import type { Truth, Unit } from './judge.js';
import { NOW, type KeyName } from './world.js';

const H = 3600_000;
const D = 24 * H;

export interface Win {
  start: Date;
  end: Date;
}

const at = (iso: string) => new Date(iso);
const ago = (ms: number): Win => ({ start: new Date(NOW.getTime() - ms), end: NOW });
const span = (a: string, b: string): Win => ({ start: at(a), end: at(b) });
const dayOf = (iso: string): Win => ({ start: at(`${iso}T00:00:00Z`), end: new Date(at(`${iso}T00:00:00Z`).getTime() + D) });

/**
 * The windows the questions name, read at NOW (Friday 2026-12-04 17:45 UTC): UTC calendar
 * days, weeks from Monday; "last N hours/days" end at the clock. The demo holds calls from
 * 2026-11-04 17:45 UTC on.
 */
export const W = {
  h2: ago(2 * H),
  h3: ago(3 * H),
  h12: ago(12 * H),
  h24: ago(24 * H),
  h48: ago(48 * H),
  h72: ago(72 * H),
  d7: ago(7 * D),
  /** The 7 days before the last 7 days. */
  d7prev: { start: new Date(NOW.getTime() - 14 * D), end: new Date(NOW.getTime() - 7 * D) },
  d14: ago(14 * D),
  d30: ago(30 * D),
  today: { start: at('2026-12-04T00:00:00Z'), end: NOW },
  yesterday: dayOf('2026-12-03'),
  dec2: dayOf('2026-12-02'),
  dec1: dayOf('2026-12-01'),
  /** Yesterday from midnight to the time of day it is now. */
  yesterdaySameTime: span('2026-12-03T00:00:00Z', '2026-12-03T17:45:00Z'),
  /** Since Monday 2026-11-30 00:00 UTC. */
  thisWeek: { start: at('2026-11-30T00:00:00Z'), end: NOW },
  /** The previous calendar week, Monday 23 to Sunday 29 November. */
  lastWeek: span('2026-11-23T00:00:00Z', '2026-11-30T00:00:00Z'),
  /** The same stretch of last week as "this week so far": Monday 00:00 to Friday 17:45. */
  lastWeekSameStretch: span('2026-11-23T00:00:00Z', '2026-11-27T17:45:00Z'),
  weekOfNov9: span('2026-11-09T00:00:00Z', '2026-11-16T00:00:00Z'),
  weekOfNov16: span('2026-11-16T00:00:00Z', '2026-11-23T00:00:00Z'),
  /** Four weeks, Monday 9 November to now (week by week). */
  since9: { start: at('2026-11-09T00:00:00Z'), end: NOW },
  /** Saturday 28 and Sunday 29 November. */
  lastWeekend: span('2026-11-28T00:00:00Z', '2026-11-30T00:00:00Z'),
  /** December so far. */
  thisMonth: { start: at('2026-12-01T00:00:00Z'), end: NOW },
  /** November (the demo starts on the 4th). */
  november: span('2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z'),
  /** Before and after 20 November, inside the demo's 30 days. */
  beforeNov20: span('2026-11-04T17:45:00Z', '2026-11-20T00:00:00Z'),
  sinceNov20: { start: at('2026-11-20T00:00:00Z'), end: NOW },
  thanksgiving: dayOf('2026-11-26'),
  blackFriday: dayOf('2026-11-27'),
  nov30: dayOf('2026-11-30'),
  nov23: dayOf('2026-11-23'),
  nov18: dayOf('2026-11-18'),
  nov11: dayOf('2026-11-11'),
  /** 1 December, New York time (EST, UTC−5): 1 Dec 05:00 UTC to 2 Dec 05:00 UTC. */
  dec1ET: span('2026-12-01T05:00:00Z', '2026-12-02T05:00:00Z'),
  /** October: before the demo's first call. */
  october: span('2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z'),
  /** Everything the demo holds (30 days), for the corpus. */
  all: { start: at('2026-10-01T00:00:00Z'), end: NOW },
} satisfies Record<string, Win>;

export type Pred = (c: Call) => boolean;
/** A condition of the query language (docs/query.md): [op, field, value?] or a combinator. */
export type Filter = unknown[];
export interface QueryOpts {
  filters?: Filter[];
  key?: KeyName;
  timezone?: string;
  order_by?: [string, 'asc' | 'desc'][];
  limit?: number;
}
export interface Row {
  d: (string | number | boolean | null)[];
  m: (number | null)[];
}
export interface Ranked {
  label: string;
  count: number;
}

export class Ctx {
  private readonly memos = new Map<string, Promise<unknown>>();

  constructor(
    readonly app: FastifyInstance,
    readonly keys: Record<KeyName, string>,
    readonly corpus: Call[],
  ) {}

  /** GET with one of the world's keys. */
  api(url: string, key: KeyName = 'read'): Promise<Json> {
    return apiGet(this.app, this.keys[key], url);
  }

  /** A value computed once per run (a value a question names and its truth reads). */
  memo<T>(name: string, fn: () => Promise<T>): Promise<T> {
    if (!this.memos.has(name)) this.memos.set(name, fn());
    return this.memos.get(name) as Promise<T>;
  }

  winQs(w: Win, extra: Record<string, string | string[]> = {}): string {
    const qs = new URLSearchParams({ start: w.start.toISOString(), end: w.end.toISOString() });
    for (const [k, v] of Object.entries(extra)) for (const x of Array.isArray(v) ? v : [v]) qs.append(k, x);
    return qs.toString();
  }

  /** GET /api/kpis/summary of the window. */
  summary(w: Win, key: KeyName = 'read'): Promise<Json> {
    return this.api(`/api/kpis/summary?${this.winQs(w)}`, key);
  }

  /** `total` of GET /api/calls with these filters in the window. */
  async callsTotal(w: Win, filters: Record<string, string | string[]> = {}, key: KeyName = 'read'): Promise<number> {
    return (await this.api(`/api/calls?limit=1&${this.winQs(w, filters)}`, key)).total;
  }

  /** GET /api/kpis/topn/{field}: items in order. */
  async topn(field: string, w: Win, n: number, key: KeyName = 'read'): Promise<Ranked[]> {
    return (await this.api(`/api/kpis/topn/${field}?n=${n}&${this.winQs(w)}`, key)).items;
  }

  /** POST /api/query with an explicit window. */
  async query(metrics: string[], dimensions: string[], w: Win, o: QueryOpts = {}): Promise<Row[]> {
    const body = {
      metrics,
      dimensions,
      start: w.start.toISOString(),
      end: w.end.toISOString(),
      ...(o.filters?.length ? { filters: o.filters } : {}),
      ...(o.timezone ? { timezone: o.timezone } : {}),
      ...(o.order_by ? { order_by: o.order_by } : {}),
      limit: o.limit ?? 10_000,
    };
    const res = await this.app.inject({
      method: 'POST',
      url: '/api/query',
      headers: { authorization: `Bearer ${this.keys[o.key ?? 'read']}` },
      payload: body,
    });
    if (res.statusCode !== 200) throw new Error(`POST /api/query ${JSON.stringify(body)}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    const out = res.json() as { results: { dimensions: Row['d']; metrics: Row['m'] }[]; meta: { total_rows: number } };
    if (out.meta.total_rows > out.results.length) throw new Error(`query cut: ${out.meta.total_rows} rows`);
    return out.results.map((r) => ({ d: r.dimensions, m: r.metrics }));
  }

  /** One figure over the window (a query without dimensions). */
  async fig(metric: string, w: Win, o: QueryOpts = {}): Promise<number> {
    const v = (await this.query([metric], [], w, o))[0].m[0];
    if (v === null) throw new Error(`${metric} is null over the window`);
    return v;
  }

  /** Several figures over the window. */
  async figs(metrics: string[], w: Win, o: QueryOpts = {}): Promise<number[]> {
    const r = (await this.query(metrics, [], w, o))[0].m;
    if (r.some((v) => v === null)) throw new Error(`null figure among ${metrics.join(', ')}`);
    return r as number[];
  }

  /**
   * Values of a dimension (nulls left out) with a figure, figure descending then label
   * ascending by code point; the tie-break of CONTRACT §6.
   */
  async ranked(dim: string, w: Win, o: QueryOpts & { metric?: string; asc?: boolean } = {}): Promise<Ranked[]> {
    const metric = o.metric ?? 'calls_received';
    const rows = await this.query([metric], [dim], w, o);
    const items = rows
      .filter((r) => r.d[0] !== null && r.m[0] !== null)
      .map((r) => ({ label: String(r.d[0]), count: r.m[0] as number }));
    const sign = o.asc ? -1 : 1;
    return items.sort((a, b) => sign * (b.count - a.count) || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  }

  /** The value of a dimension at this rank (0-based) in the window, by calls. */
  async pickRank(dim: string, w: Win, rank: number, o: QueryOpts = {}): Promise<string> {
    const r = await this.ranked(dim, w, o);
    if (r.length <= rank) throw new Error(`${dim} has fewer than ${rank + 1} values`);
    return r[rank].label;
  }

  /** The first value of a dimension (by calls in the window) that passes the test. */
  async pickWhere(dim: string, w: Win, test: (label: string, count: number) => Promise<boolean> | boolean, o: QueryOpts = {}): Promise<string> {
    for (const r of await this.ranked(dim, w, o)) if (await test(r.label, r.count)) return r.label;
    throw new Error(`no value of ${dim} passes the test`);
  }

  /** Calls of the corpus in the window passing every predicate. */
  calls(w: Win, ...preds: Pred[]): Call[] {
    const s = w.start.getTime();
    const e = w.end.getTime();
    return this.corpus.filter((c) => c.t >= s && c.t < e && preds.every((p) => p(c)));
  }

  count(w: Win, ...preds: Pred[]): number {
    return this.calls(w, ...preds).length;
  }
}

// ---------------------------------------------------------------- query filters

export const fIs = (field: string, ...values: (string | number | boolean)[]): Filter => ['is', field, values];
export const fHas = (field: string): Filter => ['has', field];
export const fNot = (f: Filter): Filter => ['not', f];
export const fGte = (field: string, v: number): Filter => ['gte', field, v];
export const fLt = (field: string, v: number): Filter => ['lt', field, v];
export const fBetween = (field: string, a: number, b: number): Filter => ['between', field, [a, b]];
export const fContains = (field: string, ...values: string[]): Filter => ['contains', field, values];

// ---------------------------------------------------------------- corpus predicates

export const is =
  (field: IntelField, value: string): Pred =>
  (c) =>
    c.f[field] !== null && c.f[field]!.toLowerCase() === value.toLowerCase();
export const has =
  (field: IntelField): Pred =>
  (c) =>
    c.f[field] !== null;
export const tier =
  (t: 1 | 2 | 3): Pred =>
  (c) =>
    c.tier === t;
export const hooked: Pred = (c) => c.hooked;
export const notHooked: Pred = (c) => !c.hooked;
export const persona =
  (p: string): Pred =>
  (c) =>
    c.persona === p;
export const state =
  (s: string): Pred =>
  (c) =>
    c.caller_state === s;
export const weekend: Pred = (c) => [0, 6].includes(new Date(c.t).getUTCDay());
export const weekday: Pred = (c) => ![0, 6].includes(new Date(c.t).getUTCDay());

// ---------------------------------------------------------------- figures

export function median(xs: number[]): number {
  if (!xs.length) throw new Error('median of nothing');
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
export const mean = (xs: number[]) => {
  if (!xs.length) throw new Error('mean of nothing');
  return xs.reduce((a, b) => a + b, 0) / xs.length;
};
export const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
export const asks = (cs: Call[]) => cs.flatMap((c) => c.dollar_asks);
export const rate = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

// ---------------------------------------------------------------- truths

export const num = (value: number, unit: Unit = 'count'): Truth => ({ kind: 'number', value, unit });
export const label = (...any: string[]): Truth => ({ kind: 'label', any });
export const all = (...parts: Truth[]): Truth => ({ kind: 'all', parts });
export const cmp = (a: Truth, b: Truth, direction?: 'up' | 'down'): Truth => ({ kind: 'compare', a, b, direction });
/** The zero truth of a figure that must be zero (throws otherwise: the question would be wrong). */
export const zeroIf = (n: number): Truth => {
  if (n !== 0) throw new Error(`expected zero, the figure is ${n}`);
  return { kind: 'zero' };
};
export const decline = (): Truth => ({ kind: 'decline' });
/** A yes/no question; `value` is the figure behind the answer, which also counts as an answer. */
export const yesno = (yes: boolean, value?: Truth): Truth => ({ kind: 'yesno', yes, ...(value ? { value } : {}) });
/** The truth of a figure that must not be zero (throws otherwise: the question would be a zero question). */
export const nonzero = (n: number, unit: Unit = 'count'): Truth => {
  if (n === 0) throw new Error('expected a figure that is not zero, it is 0');
  return num(n, unit);
};

/**
 * The top k of a ranked list. A tie at the cut (the k-th and the (k+1)-th value have the same
 * figure) does not make the question ambiguous: the last places then go to any of the tied
 * values (`tail`), named after the values above them.
 */
export function ranking(items: Ranked[], k: number, spell: (l: string) => string[] = (l) => [l]): Truth {
  if (items.length < k) throw new Error(`ranking: only ${items.length} items`);
  if (items.length === k || items[k - 1].count !== items[k].count) {
    return { kind: 'ranking', items: items.slice(0, k).map((it) => ({ labels: spell(it.label), count: it.count })) };
  }
  const c = items[k - 1].count;
  const above = items.slice(0, k).filter((it) => it.count !== c);
  const tied = items.filter((it) => it.count === c);
  return {
    kind: 'ranking',
    items: above.map((it) => ({ labels: spell(it.label), count: it.count })),
    tail: { slots: k - above.length, count: c, members: tied.map((it) => spell(it.label)) },
  };
}

/** The values that share the top figure (one, unless the top is a tie). */
export function topGroup(items: Ranked[], what: string): Ranked[] {
  if (!items.length) throw new Error(`${what}: no values`);
  return items.filter((it) => it.count === items[0].count);
}

/** Any one of the truths. */
export const any = (...options: Truth[]): Truth => (options.length === 1 ? options[0] : { kind: 'any', options });

/** Throws when the two lists differ (a corpus figure checked against an endpoint). */
export function sameRanking(a: { label: string; count: number }[], b: { label: string; count: number }[], what: string): void {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i].label !== b[i].label || a[i].count !== b[i].count) {
      throw new Error(`${what}: corpus ${JSON.stringify(a.slice(0, n))} vs endpoint ${JSON.stringify(b.slice(0, n))}`);
    }
  }
}

export function same(a: number, b: number, what: string): number {
  if (Math.abs(a - b) > 1e-6 * Math.max(1, Math.abs(a))) throw new Error(`${what}: corpus ${a} vs endpoint ${b}`);
  return b;
}

const STATE_NAMES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  PR: 'Puerto Rico',
  GU: 'Guam',
  VI: 'Virgin Islands',
};

/** A state as code or name. */
export const stateSpellings = (code: string): string[] => [code, ...(STATE_NAMES[code] ? [STATE_NAMES[code]] : [])];

const MONTH_NAMES = [
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
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** A UTC day as the usual spellings: 2026-11-24, Nov 24, November 24, 24 Nov, 11/24, and its weekday. */
export function daySpellings(iso: string): string[] {
  const d = new Date(`${iso}T00:00:00Z`);
  const m = MONTH_NAMES[d.getUTCMonth()];
  const day = d.getUTCDate();
  return [iso, `${m} ${day}`, `${m.slice(0, 3)} ${day}`, `${day} ${m}`, `${day} ${m.slice(0, 3)}`, `${d.getUTCMonth() + 1}/${day}`];
}
export const weekdayName = (t: number) => WEEKDAYS[new Date(t).getUTCDay()];

/** An hour of the day (UTC) as 15:00, 15h, 3 pm, 3pm, 3:00 pm, 15 UTC. */
export function hourSpellings(h: number): string[] {
  const h12 = h % 12 === 0 ? 12 : h % 12;
  const ap = h < 12 ? 'am' : 'pm';
  const hh = String(h).padStart(2, '0');
  return [
    `${hh}:00`,
    `${h}:00`,
    `${hh}h`,
    `${h12} ${ap}`,
    `${h12}${ap}`,
    `${h12}:00 ${ap}`,
    `${h12}:00${ap}`,
    `${h} UTC`,
    `${hh}:00 UTC`,
    `hour ${h}`,
  ];
}
