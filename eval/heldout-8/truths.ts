// The truths of the eighth held-out eval, computed at run time from the REST API alone
// (POST /api/query and GET /api/kpis/*, with the key the question is asked with), never from the
// agent. Windows are UTC (the query's default zone) and fixed by the world's clock (world.ts).
// A helper that states a zero (or a value not held) checks the data first and throws when the
// data disagrees, so a false "true zero" cannot slip into the set.

import type { FastifyInstance } from 'fastify';
import type { Truth, Unit } from '../shared/judge.js';
import { NOW, type KeyName } from './world.js';
import { US_STATE_NAMES } from '../shared/states.js';

export interface Win {
  start: Date;
  end: Date;
}

const day = (s: string) => new Date(`${s}T00:00:00Z`);
const win = (a: string, b: string): Win => ({ start: day(a), end: day(b) });
const back = (ms: number): Win => ({ start: new Date(NOW.getTime() - ms), end: NOW });
const H = 3600_000;
const D = 24 * H;

/** Every window a truth uses (the clock is Wednesday 2028-10-18 15:43 UTC). */
export const W = {
  all: { start: day('2028-08-01'), end: NOW },
  today: { start: day('2028-10-18'), end: NOW },
  yesterday: win('2028-10-17', '2028-10-18'),
  h24: back(24 * H),
  h48: back(48 * H),
  d7: back(7 * D),
  d14: back(14 * D),
  d30: back(30 * D),
  d90: back(90 * D),
  thisWeek: { start: day('2028-10-16'), end: NOW },
  lastWeek: win('2028-10-09', '2028-10-16'),
  weekBefore: win('2028-10-02', '2028-10-09'),
  prev7d: { start: new Date(NOW.getTime() - 14 * D), end: new Date(NOW.getTime() - 7 * D) },
  lastWeekend: win('2028-10-14', '2028-10-16'),
  thisMonth: { start: day('2028-10-01'), end: NOW },
  september: win('2028-09-01', '2028-10-01'),
  august: win('2028-08-01', '2028-09-01'),
  july: win('2028-07-01', '2028-08-01'),
  november: win('2028-11-01', '2028-12-01'),
  laborDay: win('2028-09-04', '2028-09-05'),
  laborWeekend: win('2028-09-02', '2028-09-05'),
  columbusDay: win('2028-10-09', '2028-10-10'),
  columbusWeekend: win('2028-10-07', '2028-10-10'),
  sep20: win('2028-09-20', '2028-09-21'),
  sep13: win('2028-09-13', '2028-09-14'),
  oct4: win('2028-10-04', '2028-10-05'),
  oct11: win('2028-10-11', '2028-10-12'),
  sinceSep29: { start: day('2028-09-29'), end: NOW },
  sinceSep22: { start: day('2028-09-22'), end: NOW },
  isoWeek40: win('2028-10-02', '2028-10-09'),
  firstDekadOct: win('2028-10-01', '2028-10-11'),
  q3LastFortnight: win('2028-09-17', '2028-10-01'),
  fortnightBeforeLast: { start: new Date(NOW.getTime() - 28 * D), end: new Date(NOW.getTime() - 14 * D) },
  sep15to21: win('2028-09-15', '2028-09-22'),
  sep18to24: win('2028-09-18', '2028-09-25'),
  smallHours4: { start: new Date('2028-10-17T00:00:00Z'), end: new Date('2028-10-17T04:00:00Z') },
  smallHours6: { start: new Date('2028-10-17T00:00:00Z'), end: new Date('2028-10-17T06:00:00Z') },
  sep1to15: win('2028-09-01', '2028-09-16'),
  aug28toSep3: win('2028-08-28', '2028-09-04'),
  h12: back(12 * H),
  twoCalWeeks: win('2028-10-02', '2028-10-16'),
  d42: back(42 * D),
  sep10to16: win('2028-09-10', '2028-09-17'),
  sinceLaborDay: { start: day('2028-09-04'), end: NOW },
  afterLaborDay: { start: day('2028-09-05'), end: NOW },
  oct1to7: win('2028-10-01', '2028-10-08'),
  oct2to8: win('2028-10-02', '2028-10-09'),
  oct5: win('2028-10-05', '2028-10-06'),
  backHalfSep: win('2028-09-16', '2028-10-01'),
  laborWeekMon: win('2028-09-04', '2028-09-11'),
  laborWeekSun: win('2028-09-03', '2028-09-10'),
  columbusSatSun: win('2028-10-07', '2028-10-09'),
  beforeAug20: win('2028-01-01', '2028-08-20'),
} satisfies Record<string, Win>;

export type Filter = unknown[];

interface Row {
  dimensions: (string | number | boolean | null)[];
  metrics: (number | null)[];
}

/** The truths' context: the world's app and keys, read through the REST API. */
export class Ctx {
  constructor(
    readonly app: FastifyInstance,
    readonly keys: Record<KeyName, string>,
  ) {}

  async get(url: string, key: KeyName = 'read'): Promise<Record<string, unknown>> {
    const res = await this.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${this.keys[key]}` } });
    if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  }

  async query(body: Record<string, unknown>, key: KeyName = 'read'): Promise<Row[]> {
    const res = await this.app.inject({
      method: 'POST',
      url: '/api/query',
      headers: { authorization: `Bearer ${this.keys[key]}` },
      payload: body,
    });
    if (res.statusCode !== 200) throw new Error(`POST /api/query ${JSON.stringify(body)}: ${res.statusCode} ${res.body}`);
    return res.json().results;
  }

  async values(metrics: string[], w: Win, filters: Filter[] = [], key: KeyName = 'read'): Promise<(number | null)[]> {
    const rows = await this.query(
      { metrics, start: w.start.toISOString(), end: w.end.toISOString(), ...(filters.length ? { filters } : {}) },
      key,
    );
    return rows[0]?.metrics ?? metrics.map(() => null);
  }

  async rows(dim: string, metric: string, w: Win, filters: Filter[] = [], key: KeyName = 'read', limit = 200): Promise<Row[]> {
    return this.query(
      {
        metrics: [metric],
        dimensions: [dim],
        start: w.start.toISOString(),
        end: w.end.toISOString(),
        order_by: [
          [metric, 'desc'],
          [dim, 'asc'],
        ],
        limit,
        ...(filters.length ? { filters } : {}),
      },
      key,
    );
  }
}

/** The spellings of a value as an answer may write it. */
function spell(dim: string, v: unknown): string[] {
  const s = String(v);
  if (dim === 'caller_state' && US_STATE_NAMES[s]) return [s, US_STATE_NAMES[s]];
  if (dim === 'tier') return [`tier ${s}`, s];
  return [s];
}

/** One figure of a window (throws when the figure is null). */
export async function num(x: Ctx, metric: string, unit: Unit, w: Win, filters: Filter[] = [], key: KeyName = 'read'): Promise<Truth> {
  const [v] = await x.values([metric], w, filters, key);
  if (v === null || v === undefined) throw new Error(`${metric}: null`);
  return { kind: 'number', value: unit === 'usd' || unit === 'rate' || unit === 'decimal' ? v : Math.round(v * 1000) / 1000, unit };
}

/** A count of calls; throws when it is zero (the question expects calls). */
export async function count(x: Ctx, w: Win, filters: Filter[] = [], key: KeyName = 'read'): Promise<Truth> {
  const t = await num(x, 'calls_received', 'count', w, filters, key);
  if (t.kind === 'number' && t.value === 0) throw new Error(`count ${JSON.stringify(filters)}: zero, not a true-zero case`);
  return t;
}

export async function rate(x: Ctx, w: Win, filters: Filter[] = [], key: KeyName = 'read'): Promise<Truth> {
  return num(x, 'hook_rate', 'rate', w, filters, key);
}

/** A true zero: checks the data holds no call. */
export async function zero(x: Ctx, w: Win, filters: Filter[] = [], key: KeyName = 'read'): Promise<Truth> {
  const [v] = await x.values(['calls_received'], w, filters, key);
  if (v !== 0) throw new Error(`zero ${JSON.stringify(filters)}: ${v} calls`);
  return { kind: 'zero' };
}

/** A value not held (in the data, or in the key's slice): checks no call has it. */
export async function nothing(x: Ctx, filters: Filter[], key: KeyName = 'read'): Promise<Truth> {
  const [v] = await x.values(['calls_received'], W.all, filters, key);
  if (v !== 0) throw new Error(`nothing ${JSON.stringify(filters)}: ${v} calls`);
  return { kind: 'nothing' };
}

/** The top `n` values of a dimension by calls (ties at the cut in a tail). */
export async function top(
  x: Ctx,
  dim: string,
  n: number,
  w: Win,
  filters: Filter[] = [],
  key: KeyName = 'read',
  metric = 'calls_received',
): Promise<Truth> {
  const rows = (await x.rows(dim, metric, w, [...filters, ['has', dim]], key)).filter((r) => r.dimensions[0] !== null);
  if (rows.length < n) throw new Error(`top ${dim}: only ${rows.length} values`);
  const cut = rows[n - 1].metrics[0]!;
  const above = rows.filter((r) => r.metrics[0]! > cut);
  const tied = rows.filter((r) => r.metrics[0] === cut);
  const items = above.map((r) => ({ labels: spell(dim, r.dimensions[0]), count: r.metrics[0]! }));
  if (above.length + tied.length === n)
    return { kind: 'ranking', items: [...items, ...tied.map((r) => ({ labels: spell(dim, r.dimensions[0]), count: cut }))] };
  return { kind: 'ranking', items, tail: { slots: n - above.length, count: cut, members: tied.map((r) => spell(dim, r.dimensions[0])) } };
}

/** The value with the most calls (any of the tied values). */
export async function topLabel(
  x: Ctx,
  dim: string,
  w: Win,
  filters: Filter[] = [],
  key: KeyName = 'read',
  metric = 'calls_received',
): Promise<Truth> {
  const rows = (await x.rows(dim, metric, w, [...filters, ['has', dim]], key)).filter((r) => r.dimensions[0] !== null);
  if (!rows.length) throw new Error(`topLabel ${dim}: no values`);
  const best = rows.filter((r) => r.metrics[0] === rows[0].metrics[0]);
  return { kind: 'label', any: best.flatMap((r) => spell(dim, r.dimensions[0])) };
}

/** The value with the fewest calls among those present. */
export async function bottomLabel(x: Ctx, dim: string, w: Win, filters: Filter[] = [], key: KeyName = 'read'): Promise<Truth> {
  const rows = (await x.rows(dim, 'calls_received', w, [...filters, ['has', dim]], key)).filter((r) => r.dimensions[0] !== null);
  const least = rows[rows.length - 1].metrics[0];
  return { kind: 'label', any: rows.filter((r) => r.metrics[0] === least).flatMap((r) => spell(dim, r.dimensions[0])) };
}

/** Two figures; with `dir`, the question asked which way (the direction is computed). */
export async function cmp(a: Promise<Truth>, b: Promise<Truth>, askDir = false): Promise<Truth> {
  const [ta, tb] = await Promise.all([a, b]);
  if (!askDir) return { kind: 'compare', a: ta, b: tb };
  if (ta.kind !== 'number' || tb.kind !== 'number') throw new Error('cmp: direction needs numbers');
  if (ta.value === tb.value) throw new Error('cmp: equal, no direction');
  return { kind: 'compare', a: ta, b: tb, direction: ta.value > tb.value ? 'up' : 'down' };
}

export async function all(...parts: Promise<Truth>[]): Promise<Truth> {
  return { kind: 'all', parts: await Promise.all(parts) };
}

export async function any(...options: Promise<Truth>[]): Promise<Truth> {
  const opts = await Promise.all(options);
  const seen = new Set<string>();
  const uniq = opts.filter((o) => {
    const k = JSON.stringify(o);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return uniq.length === 1 ? uniq[0] : { kind: 'any', options: uniq };
}

export async function yesno(yes: boolean, value?: Promise<Truth>): Promise<Truth> {
  return { kind: 'yesno', yes, ...(value ? { value: await value } : {}) };
}

/** Whether there were calls (yes with the count, or no after checking none). */
export async function anyCalls(x: Ctx, w: Win, filters: Filter[] = [], key: KeyName = 'read'): Promise<Truth> {
  const [v] = await x.values(['calls_received'], w, filters, key);
  return v ? yesno(true, Promise.resolve({ kind: 'number', value: v, unit: 'count' })) : yesno(false);
}

/** Calls live right now (GET /api/kpis/active-calls). */
export async function live(x: Ctx, key: KeyName = 'read'): Promise<Truth> {
  const r = await x.get('/api/kpis/active-calls', key);
  return { kind: 'number', value: r.active_count as number, unit: 'count' };
}

/** The busiest (or quietest) value of a time dimension over a window, by calls. */
export async function busiest(x: Ctx, dim: string, w: Win, filters: Filter[] = [], key: KeyName = 'read'): Promise<Truth> {
  const rows = await x.rows(dim, 'calls_received', w, filters, key);
  const best = rows.filter((r) => r.metrics[0] === rows[0].metrics[0]);
  const lab = (v: unknown) => {
    const s = String(v);
    if (dim === 'time:day') {
      const d = new Date(s);
      const m = d.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
      return [s.slice(0, 10), `${m} ${d.getUTCDate()}`];
    }
    return [s];
  };
  return { kind: 'label', any: best.flatMap((r) => lab(r.dimensions[0])) };
}

export const DECLINE: Truth = { kind: 'decline' };
