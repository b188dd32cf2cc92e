// The truths of the tenth held-out set, computed at run time from the REST API alone, with the
// key each question is asked with: POST /api/query for every figure (docs/query.md, CONTRACT
// §13) and GET /api/kpis/active-calls for the live calls. Windows are UTC calendar days unless a
// question names a zone; the clock is world.ts's NOW. Nothing here reads the agent.

import type { FastifyInstance } from 'fastify';
import type { Truth, Unit } from '../shared/judge.js';
import { US_STATE_NAMES } from '../shared/states.js';
import { NOW, type KeyName } from './world.js';

/** A window [start, end); `tz` is the zone its time dimensions are read in (UTC when absent). */
export interface Win {
  start: Date;
  end: Date;
  tz?: string;
}

export type Filter = unknown[];

interface Answer {
  results: { dimensions: (string | number | boolean | null)[]; metrics: (number | null)[] }[];
  meta: { total_rows: number };
}

const DAY = 86_400_000;

/** UTC midnight of a date (YYYY-MM-DD). */
export function d(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** The window [from, to) of two instants given as RFC 3339 strings or dates. */
export function win(from: string | Date, to: string | Date, tz?: string): Win {
  const start = typeof from === 'string' ? (from.length === 10 ? d(from) : new Date(from)) : from;
  const end = typeof to === 'string' ? (to.length === 10 ? d(to) : new Date(to)) : to;
  return tz ? { start, end, tz } : { start, end };
}

/** UTC calendar days: from `first` through `last` inclusive. */
export function days(first: string, last: string = first): Win {
  return { start: d(first), end: new Date(d(last).getTime() + DAY) };
}

/** The last `n` hours or days ending now. */
export function lastHours(n: number): Win {
  return { start: new Date(NOW.getTime() - n * 3_600_000), end: NOW };
}
export function lastDays(n: number): Win {
  return { start: new Date(NOW.getTime() - n * DAY), end: NOW };
}

/** The windows the truths and the REST checks use. NOW is Wednesday 2030-01-02 16:19 UTC. */
export const W = {
  today: win('2030-01-02', NOW),
  yesterday: days('2030-01-01'),
  last24h: lastHours(24),
  last7d: lastDays(7),
  last14d: lastDays(14),
  last30d: lastDays(30),
  /** Since Monday 2029-12-31 00:00 UTC. */
  thisWeek: win('2029-12-31', NOW),
  /** The same stretch of last week: Monday 2029-12-24 00:00 to Wednesday 16:19. */
  sameStretchLastWeek: win('2029-12-24', new Date(NOW.getTime() - 7 * DAY)),
  /** Monday 2029-12-24 through Sunday 2029-12-30 (Christmas week). */
  lastWeek: days('2029-12-24', '2029-12-30'),
  weekBefore: days('2029-12-17', '2029-12-23'),
  lastWeekend: days('2029-12-29', '2029-12-30'),
  december: days('2029-12-01', '2029-12-31'),
  november: days('2029-11-01', '2029-11-30'),
  thanksgiving: days('2029-11-22'),
  blackFriday: days('2029-11-23'),
  cyberMonday: days('2029-11-26'),
  christmasEve: days('2029-12-24'),
  christmas: days('2029-12-25'),
  newYearsEve: days('2029-12-31'),
  /** All the data (it starts 2029-10-31 16:19 UTC). */
  all: win('2029-10-01', NOW),
};

/** The spellings of a field's value a truth accepts (a state's name besides its code). */
export function spellings(field: string, v: string): string[] {
  if (field === 'caller_state' && US_STATE_NAMES[v]) return [v, US_STATE_NAMES[v]];
  if (field === 'lure_category') return [v, v.replace(/_/g, ' ')];
  if (field === 'persona') return [v, v[0].toUpperCase() + v.slice(1)];
  if (field === 'mule_bank_name' && v === 'JPMorgan Chase') return [v, 'Chase'];
  if (field === 'payment_method') return [v, v.replace(/_/g, ' ')];
  if (field === 'time:weekday') return [v];
  return [v];
}

/** What the REST checks need of the context. */
export interface Reader {
  get(url: string): Promise<Record<string, unknown>>;
  values(metrics: string[], w: Win): Promise<(number | null)[]>;
  calls(w: Win): Promise<number>;
}

export class Ctx implements Reader {
  constructor(
    private readonly app: FastifyInstance,
    private readonly keys: Record<KeyName, string>,
  ) {}

  async get(url: string, key: KeyName = 'read'): Promise<Record<string, unknown>> {
    const res = await this.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${this.keys[key]}` } });
    if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  }

  async query(body: Record<string, unknown>, key: KeyName = 'read'): Promise<Answer> {
    const res = await this.app.inject({
      method: 'POST',
      url: '/api/query',
      headers: { authorization: `Bearer ${this.keys[key]}`, 'content-type': 'application/json' },
      payload: body,
    });
    if (res.statusCode !== 200) throw new Error(`POST /api/query ${JSON.stringify(body)}: ${res.statusCode} ${res.body}`);
    return res.json();
  }

  private window(w: Win): Record<string, unknown> {
    return { start: w.start.toISOString(), end: w.end.toISOString(), ...(w.tz ? { timezone: w.tz } : {}) };
  }

  async values(metrics: string[], w: Win, filters: Filter[] = [], key: KeyName = 'read'): Promise<(number | null)[]> {
    const a = await this.query({ metrics, ...this.window(w), ...(filters.length ? { filters } : {}) }, key);
    return a.results[0].metrics;
  }

  async value(metric: string, w: Win, filters: Filter[] = [], key: KeyName = 'read'): Promise<number | null> {
    return (await this.values([metric], w, filters, key))[0];
  }

  async calls(w: Win, filters: Filter[] = [], key: KeyName = 'read'): Promise<number> {
    return (await this.value('calls_received', w, filters, key)) ?? 0;
  }

  /** Rows of one metric by one dimension (nulls left out for field dimensions). */
  async by(
    dim: string,
    w: Win,
    filters: Filter[] = [],
    key: KeyName = 'read',
    metric = 'calls_received',
  ): Promise<{ v: string; n: number }[]> {
    const field = !dim.startsWith('time:');
    const a = await this.query(
      {
        metrics: [metric],
        dimensions: [dim],
        ...this.window(w),
        filters: [...filters, ...(field ? [['has', dim]] : [])],
        order_by: [[metric, 'desc']],
        limit: 10000,
      },
      key,
    );
    return a.results.map((r) => ({ v: String(r.dimensions[0]), n: r.metrics[0] ?? 0 }));
  }

  async activeCalls(key: KeyName = 'read'): Promise<number> {
    const r = await this.get('/api/kpis/active-calls', key);
    return r.active_count as number;
  }
}

// ---------------------------------------------------------------- truth builders

export function num(value: number | null, unit: Unit): Truth {
  if (value === null) throw new Error('figure is null');
  return { kind: 'number', value, unit };
}

/** A non-zero count of calls (a zero here is a mistake of the set: throws). */
export async function count(x: Ctx, w: Win, filters: Filter[] = [], key: KeyName = 'read'): Promise<Truth> {
  const n = await x.calls(w, filters, key);
  if (n === 0) throw new Error('a non-zero count is zero');
  return num(n, 'count');
}

/** A metric's figure, non-null and (for counts) non-zero. */
export async function metric(x: Ctx, m: string, unit: Unit, w: Win, filters: Filter[] = [], key: KeyName = 'read'): Promise<Truth> {
  const v = await x.value(m, w, filters, key);
  if (v === null || v === 0) throw new Error(`${m} is ${v}`);
  return num(v, unit);
}

/** A true zero: checked to hold no call. */
export async function zero(x: Ctx, w: Win, filters: Filter[], key: KeyName = 'read'): Promise<Truth> {
  const n = await x.calls(w, filters, key);
  if (n !== 0) throw new Error(`a true zero holds ${n} calls`);
  return { kind: 'zero' };
}

/** A value the data (or the key's slice) does not hold: checked to hold no call, over all the data. */
export async function nothing(x: Ctx, filters: Filter[], key: KeyName = 'read'): Promise<Truth> {
  const n = await x.calls(W.all, filters, key);
  if (n !== 0) throw new Error(`a value said not to exist holds ${n} calls`);
  return { kind: 'nothing' };
}

/** The top `n` values of a field, ties at the cut as the judge's tail. */
export async function ranking(
  x: Ctx,
  field: string,
  w: Win,
  n: number,
  filters: Filter[] = [],
  key: KeyName = 'read',
  metricName = 'calls_received',
): Promise<Truth> {
  const rows = await x.by(field, w, filters, key, metricName);
  if (rows.length < n) throw new Error(`only ${rows.length} values of ${field}`);
  const cut = rows[n - 1].n;
  const above = rows.filter((r) => r.n > cut);
  const tied = rows.filter((r) => r.n === cut);
  const items = above.map((r) => ({ labels: spellings(field, r.v), count: r.n }));
  const slots = n - above.length;
  if (tied.length === slots)
    return { kind: 'ranking', items: [...items, ...tied.map((r) => ({ labels: spellings(field, r.v), count: r.n }))] };
  return { kind: 'ranking', items, tail: { slots, count: cut, members: tied.map((r) => spellings(field, r.v)) } };
}

/** The leading value of a field (any of the values tied at the top). */
export async function top(
  x: Ctx,
  field: string,
  w: Win,
  filters: Filter[] = [],
  key: KeyName = 'read',
  metricName = 'calls_received',
): Promise<Truth> {
  const rows = await x.by(field, w, filters, key, metricName);
  if (!rows.length) throw new Error(`no values of ${field}`);
  return { kind: 'label', any: rows.filter((r) => r.n === rows[0].n).flatMap((r) => spellings(field, r.v)) };
}

/** The last value of a field by calls (any of those tied at the bottom). */
export async function bottom(x: Ctx, field: string, w: Win, filters: Filter[] = [], key: KeyName = 'read'): Promise<Truth> {
  const rows = await x.by(field, w, filters, key);
  if (!rows.length) throw new Error(`no values of ${field}`);
  const last = rows[rows.length - 1].n;
  return { kind: 'label', any: rows.filter((r) => r.n === last).flatMap((r) => spellings(field, r.v)) };
}

/** The count of the leading value (any of the tied counts: they are equal). */
export async function topCount(x: Ctx, field: string, w: Win, filters: Filter[] = [], key: KeyName = 'read'): Promise<Truth> {
  const rows = await x.by(field, w, filters, key);
  if (!rows.length) throw new Error(`no values of ${field}`);
  return num(rows[0].n, 'count');
}

export function all(...parts: Truth[]): Truth {
  return { kind: 'all', parts };
}

export function any(...options: Truth[]): Truth {
  return { kind: 'any', options };
}

export function compare(a: Truth, b: Truth, direction?: 'up' | 'down'): Truth {
  return { kind: 'compare', a, b, ...(direction ? { direction } : {}) };
}

/** Two counts compared, with the direction the figures take. */
export async function compareCounts(x: Ctx, a: Win, b: Win, filters: Filter[] = [], key: KeyName = 'read'): Promise<Truth> {
  const na = await x.calls(a, filters, key);
  const nb = await x.calls(b, filters, key);
  if (na === nb) throw new Error('a comparison with equal sides');
  return compare(num(na, 'count'), num(nb, 'count'), na > nb ? 'up' : 'down');
}

export function yesno(yes: boolean, value?: Truth): Truth {
  return { kind: 'yesno', yes, ...(value ? { value } : {}) };
}

export const DECLINE: Truth = { kind: 'decline' };

/** Filters. */
export const is = (field: string, ...values: (string | number | boolean)[]): Filter => ['is', field, values];
export const has = (field: string): Filter => ['has', field];
export const contains = (field: string, ...values: string[]): Filter => ['contains', field, values];
export const gt = (field: string, v: number): Filter => ['gt', field, v];
export const gte = (field: string, v: number): Filter => ['gte', field, v];
export const lt = (field: string, v: number): Filter => ['lt', field, v];
export const lte = (field: string, v: number): Filter => ['lte', field, v];
export const between = (field: string, a: number, b: number): Filter => ['between', field, [a, b]];
