// The truths of the ninth held-out eval, computed at run time from the REST API alone
// (POST /api/query, GET /api/kpis/*, GET /api/calls), with the key each question is asked with.
// Nothing here reads the agent. Windows are UTC (the contract's calendar, CONTRACT §4) unless a
// question names another zone; a window that honestly reads two ways is an "any of" truth.

import type { FastifyInstance } from 'fastify';
import type { Truth, Unit } from '../shared/judge.js';
import { NOW, type KeyName } from './world.js';
import { US_STATE_NAMES } from '../shared/states.js';

export interface Win {
  start: Date;
  end: Date;
}
export type Filter = readonly unknown[];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const nowMs = NOW.getTime();
const utc = (d: string) => new Date(`${d}T00:00:00Z`);
const cut = (ms: number) => new Date(Math.min(ms, nowMs));

/** The UTC calendar day `d` (YYYY-MM-DD). */
export const day = (d: string): Win => ({ start: utc(d), end: cut(utc(d).getTime() + DAY) });
/** Days `a` to `b`, both included (cut at now). */
export const days = (a: string, b: string): Win => ({ start: utc(a), end: cut(utc(b).getTime() + DAY) });
/** From the first instant of `a` to now. */
export const since = (a: string): Win => ({ start: utc(a), end: NOW });
/** The last `h` hours. */
export const lastHours = (h: number): Win => ({ start: new Date(nowMs - h * HOUR), end: NOW });
/** The last `d` days (rolling). */
export const lastDays = (d: number): Win => ({ start: new Date(nowMs - d * DAY), end: NOW });
/** Any instants. */
export const span = (a: string, b: string): Win => ({ start: new Date(a), end: cut(new Date(b).getTime()) });

/** The windows the truths use most (each checked against GET /api/kpis/summary by the smoke check). */
export const W = {
  today: since('2029-03-16'),
  yesterday: day('2029-03-15'),
  last24h: lastHours(24),
  last7d: lastDays(7),
  last14d: lastDays(14),
  last30d: lastDays(30),
  /** Monday 2029-03-12 to now. */
  thisWeek: since('2029-03-12'),
  /** Sunday 2029-03-11 to now (a week read from Sunday). */
  thisWeekSun: since('2029-03-11'),
  /** Monday 2029-03-05 to Sunday 2029-03-11. */
  lastWeek: days('2029-03-05', '2029-03-11'),
  /** Saturday 2029-03-10 and Sunday 2029-03-11. */
  lastWeekend: days('2029-03-10', '2029-03-11'),
  thisMonth: since('2029-03-01'),
  february: days('2029-02-01', '2029-02-28'),
  january: days('2029-01-01', '2029-01-31'),
  /** Everything held: the store starts on 2029-01-13. */
  all: lastDays(365),
} satisfies Record<string, Win>;
export type WinName = keyof typeof W;

/** "this week": from Monday, or from Sunday. */
export const THIS_WEEK = [W.thisWeek, W.thisWeekSun];
/** "last week": Monday to Sunday, or the last seven days. */
export const LAST_WEEK = [W.lastWeek, W.last7d];
/** "last month": February, or the last 30 days. */
export const LAST_MONTH = [W.february, W.last30d];

export interface QueryBody {
  metrics: string[];
  dimensions?: string[];
  filters?: Filter[];
  timezone?: string;
  order_by?: [string, 'asc' | 'desc'][];
  limit?: number;
}
interface Row {
  dimensions: (string | number | boolean | null)[];
  metrics: (number | null)[];
}

/** The REST API read with one key. */
export class Reader {
  constructor(
    readonly app: FastifyInstance,
    readonly key: string,
  ) {}

  async get(url: string): Promise<Record<string, unknown>> {
    const res = await this.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${this.key}` } });
    if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  }

  async query(body: QueryBody, w: Win): Promise<Row[]> {
    const res = await this.app.inject({
      method: 'POST',
      url: '/api/query',
      headers: { authorization: `Bearer ${this.key}`, 'content-type': 'application/json' },
      payload: { ...body, start: w.start.toISOString(), end: w.end.toISOString(), limit: body.limit ?? 10000 },
    });
    if (res.statusCode !== 200) throw new Error(`POST /api/query ${JSON.stringify(body)}: ${res.statusCode} ${res.body}`);
    return res.json().results as Row[];
  }

  async values(metrics: string[], w: Win, filters: Filter[] = []): Promise<(number | null)[]> {
    const rows = await this.query({ metrics, filters }, w);
    return rows[0].metrics;
  }

  async one(metric: string, w: Win, filters: Filter[] = []): Promise<number | null> {
    return (await this.values([metric], w, filters))[0];
  }

  async calls(w: Win, filters: Filter[] = []): Promise<number> {
    return (await this.one('calls_received', w, filters)) ?? 0;
  }

  /** Every value of `field` with its calls, by calls descending then value ascending (nulls left out). */
  async groups(field: string, w: Win, filters: Filter[] = [], metric = 'calls_received'): Promise<{ value: string; n: number }[]> {
    const rows = await this.query({ metrics: [metric], dimensions: [field], filters: [...filters, ['has', field]] }, w);
    return rows
      .map((r) => ({ value: String(r.dimensions[0]), n: r.metrics[0] ?? 0 }))
      .sort((a, b) => b.n - a.n || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  }
}

/** The truths' context: the read key's reader, and one per scoped key. */
export class Ctx extends Reader {
  constructor(
    app: FastifyInstance,
    readonly keys: Record<KeyName, string>,
  ) {
    super(app, keys.read);
  }
  as(k: KeyName): Reader {
    return k === 'read' ? this : new Reader(this.app, this.keys[k]);
  }
}

// ---------------------------------------------------------------- spellings

const ALIASES: Record<string, string[]> = {
  'JPMorgan Chase': ['Chase', 'JP Morgan Chase'],
  'U.S. Bank': ['US Bank'],
  'Social Security Administration': ['SSA', 'Social Security'],
  'U.S. Marshals': ['US Marshals', 'Marshals'],
  crypto_atm: ['crypto ATM', 'bitcoin ATM'],
  cash_by_mail: ['cash by mail', 'mailed cash', 'cash in the mail'],
  wire_transfer: ['wire transfer', 'wire'],
  bank_transfer: ['bank transfer'],
  gift_card: ['gift card', 'gift cards'],
  cash_app: ['Cash App', 'CashApp'],
  caller_hung_up_normal: ['caller hung up', 'hung up normally'],
  websocket_issue_our_side: ['websocket issue', 'WebSocket'],
  voice_engine_issue: ['voice engine issue', 'voice engine'],
  ai_session_capped: ['session capped', 'session cap'],
};

/** The spellings of a stored value an answer may use. */
export function spellings(field: string, value: string): string[] {
  const out = [value];
  if (field === 'caller_state' && US_STATE_NAMES[value]) out.push(US_STATE_NAMES[value]);
  if (field === 'persona') out.push(value[0].toUpperCase() + value.slice(1));
  if (ALIASES[value]) out.push(...ALIASES[value]);
  return out;
}

// ---------------------------------------------------------------- truths

export const num = (value: number, unit: Unit): Truth => ({ kind: 'number', value, unit });
export const DECLINE: Truth = { kind: 'decline' };
export const anyOf = (...options: Truth[]): Truth => ({ kind: 'any', options });
export const allOf = (...parts: Truth[]): Truth => ({ kind: 'all', parts });
export const compare = (a: Truth, b: Truth, direction?: 'up' | 'down'): Truth => ({
  kind: 'compare',
  a,
  b,
  ...(direction ? { direction } : {}),
});

/** A figure that must exist (not null) and, for counts, not be zero (a zero belongs to the class true_zero). */
export async function fig(r: Reader, metric: string, w: Win, filters: Filter[], unit: Unit): Promise<Truth> {
  const v = await r.one(metric, w, filters);
  if (v === null) throw new Error(`${metric} is null over ${w.start.toISOString()}..${w.end.toISOString()}`);
  if (unit === 'count' && v === 0) throw new Error(`${metric} is 0: not a case for this class`);
  return num(v, unit);
}

export const count = (r: Reader, w: Win, filters: Filter[] = []) => fig(r, 'calls_received', w, filters, 'count');

/** The share of the calls passing `base` that also pass `extra`. */
export async function share(r: Reader, w: Win, extra: Filter[], base: Filter[] = []): Promise<Truth> {
  const all = await r.calls(w, base);
  if (!all) throw new Error('share over no calls');
  return num((await r.calls(w, [...base, ...extra])) / all, 'rate');
}

/** The same figure over each reading of the window (an "any of" when it reads two ways). */
export async function overAny(ws: Win[], f: (w: Win) => Promise<Truth>): Promise<Truth> {
  const ts = await Promise.all(ws.map(f));
  const distinct = ts.filter((t, i) => ts.findIndex((u) => JSON.stringify(u) === JSON.stringify(t)) === i);
  return distinct.length === 1 ? distinct[0] : anyOf(...distinct);
}

/** A true zero: checked to hold no call. */
export async function zero(r: Reader, w: Win, filters: Filter[] = []): Promise<Truth> {
  const n = await r.calls(w, filters);
  if (n !== 0) throw new Error(`not a zero: ${n} calls`);
  return { kind: 'zero' };
}

/** A value the key's data does not hold: checked over everything the key sees. */
export async function nothing(r: Reader, field: string, value: string): Promise<Truth> {
  const n = await r.calls(W.all, [['is', field, [value]]]);
  if (n !== 0) throw new Error(`${field} ${value} is held: ${n} calls`);
  return { kind: 'nothing' };
}

/** The most frequent value of `field` (any of the tied values). */
export async function top(r: Reader, field: string, w: Win, filters: Filter[] = []): Promise<Truth> {
  const g = await r.groups(field, w, filters);
  if (!g.length) throw new Error(`no value of ${field}`);
  const tied = g.filter((x) => x.n === g[0].n);
  return { kind: 'label', any: tied.flatMap((x) => spellings(field, x.value)) };
}

/** The top `n` values of `field` in order, a tie at the cut as the ranking's tail. */
export async function ranking(r: Reader, field: string, w: Win, n: number, filters: Filter[] = [], metric?: string): Promise<Truth> {
  const g = (await r.groups(field, w, filters, metric)).filter((x) => x.n > 0);
  if (g.length < n) throw new Error(`only ${g.length} values of ${field}`);
  const cutCount = g[n - 1].n;
  const above = g.filter((x) => x.n > cutCount);
  const atCut = g.filter((x) => x.n === cutCount);
  const items = above.map((x) => ({ labels: spellings(field, x.value), count: x.n }));
  const slots = n - above.length;
  if (atCut.length === slots)
    return { kind: 'ranking', items: [...items, ...atCut.map((x) => ({ labels: spellings(field, x.value), count: x.n }))] };
  return { kind: 'ranking', items, tail: { slots, count: cutCount, members: atCut.map((x) => spellings(field, x.value)) } };
}

/** Calls live now (GET /api/kpis/active-calls). */
export async function live(r: Reader): Promise<number> {
  return (await r.get('/api/kpis/active-calls')).active_count as number;
}

/** The calls of `w` per UTC weekday group: weekdays (Mon–Fri) and weekend days. */
export async function weekdaySplit(r: Reader, w: Win, filters: Filter[] = []): Promise<{ weekdays: number; weekend: number }> {
  const rows = await r.query({ metrics: ['calls_received'], dimensions: ['time:weekday'], filters }, w);
  let weekdays = 0;
  let weekend = 0;
  for (const row of rows) {
    const n = row.metrics[0] ?? 0;
    if (row.dimensions[0] === 'saturday' || row.dimensions[0] === 'sunday') weekend += n;
    else weekdays += n;
  }
  return { weekdays, weekend };
}
