// The truths of the fifth held-out set, computed at run time from the REST API with the case's
// key: POST /api/query (figures, filters, distinct:, dimensions, time buckets),
// GET /api/kpis/active-calls and GET /api/kpis/tier1. Never from the agent.

import type { FastifyInstance } from 'fastify';
import type { Truth, Unit } from '../shared/judge.js';
import { NOW, type KeyName } from './world.js';

/** A parsed JSON answer (the truths read the documented fields only). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
/** One condition of POST /api/query's `filters`. */
export type F = readonly unknown[];
export interface Win {
  start: Date;
  end: Date;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (iso: string) => new Date(iso);
const back = (ms: number) => new Date(NOW.getTime() - ms);
export const win = (start: Date | string, end: Date | string = NOW): Win => ({
  start: typeof start === 'string' ? at(start) : start,
  end: typeof end === 'string' ? at(end) : end,
});

/**
 * The windows the questions use. The clock is Tuesday 2027-04-20 14:20 UTC; calendar words are
 * UTC (today since 00:00, this week since Monday 00:00, last week Monday to Monday).
 */
export const W = {
  today: win('2027-04-20T00:00:00Z'),
  yesterday: win('2027-04-19T00:00:00Z', '2027-04-20T00:00:00Z'),
  dayBefore: win('2027-04-18T00:00:00Z', '2027-04-19T00:00:00Z'),
  thisWeek: win('2027-04-19T00:00:00Z'),
  /** Monday 00:00 to Tuesday 14:20 of last week: the same stretch as this week so far. */
  sameStretchLastWeek: win('2027-04-12T00:00:00Z', '2027-04-13T14:20:00Z'),
  lastWeek: win('2027-04-12T00:00:00Z', '2027-04-19T00:00:00Z'),
  weekBefore: win('2027-04-05T00:00:00Z', '2027-04-12T00:00:00Z'),
  weekOf29Mar: win('2027-03-29T00:00:00Z', '2027-04-05T00:00:00Z'),
  lastWeekend: win('2027-04-17T00:00:00Z', '2027-04-19T00:00:00Z'),
  weekendBefore: win('2027-04-10T00:00:00Z', '2027-04-12T00:00:00Z'),
  hour: win(back(HOUR)),
  h24: win(back(DAY)),
  h48: win(back(2 * DAY)),
  d3: win(back(3 * DAY)),
  d7: win(back(7 * DAY)),
  prev7: win(back(14 * DAY), back(7 * DAY)),
  d14: win(back(14 * DAY)),
  d30: win(back(30 * DAY)),
  firstHalf30: win(back(30 * DAY), back(15 * DAY)),
  secondHalf30: win(back(15 * DAY)),
  thisMonth: win('2027-04-01T00:00:00Z'),
  march: win('2027-03-01T00:00:00Z', '2027-04-01T00:00:00Z'),
  april10: win('2027-04-10T00:00:00Z', '2027-04-11T00:00:00Z'),
  april14: win('2027-04-14T00:00:00Z', '2027-04-15T00:00:00Z'),
  beforeApril8: win(back(30 * DAY), '2027-04-08T00:00:00Z'),
  sinceApril8: win('2027-04-08T00:00:00Z'),
  year: win(back(365 * DAY)),
} as const;

export function same(a: number, b: number, what: string): void {
  if (Math.abs(a - b) > 1e-6 * Math.max(1, Math.abs(b))) throw new Error(`${what}: ${a} vs ${b}`);
}

export const num = (value: number, unit: Unit = 'count'): Truth => ({ kind: 'number', value, unit });
export const label = (...any: string[]): Truth => ({ kind: 'label', any });
export const all = (...parts: Truth[]): Truth => ({ kind: 'all', parts });
export const cmp = (a: Truth, b: Truth, direction?: 'up' | 'down'): Truth => ({
  kind: 'compare',
  a,
  b,
  ...(direction ? { direction } : {}),
});
export const decline = async (): Promise<Truth> => ({ kind: 'decline' });
export const zero: Truth = { kind: 'zero' };
/** Any of the readings; one reading when they agree. */
export function anyOf(...options: Truth[]): Truth {
  const seen = new Map<string, Truth>();
  for (const o of options) seen.set(JSON.stringify(o), o);
  const u = [...seen.values()];
  return u.length === 1 ? u[0] : { kind: 'any', options: u };
}
/** A yes/no answer decided by a figure against another (yes when `a > b`, or as given). */
export const yesno = (yes: boolean, value?: Truth): Truth => ({ kind: 'yesno', yes, ...(value ? { value } : {}) });
/** The direction of a against b (the earlier), for a comparison that asks which way. */
export const dir = (a: number, b: number): 'up' | 'down' => {
  if (a === b) throw new Error(`no direction: both ${a}`);
  return a > b ? 'up' : 'down';
};

export interface Group {
  label: string | null;
  value: number;
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

  async query(body: object, key: KeyName = 'read'): Promise<Json> {
    const res = await this.app.inject({
      method: 'POST',
      url: '/api/query',
      headers: { authorization: `Bearer ${this.keys[key]}` },
      payload: body,
    });
    if (res.statusCode !== 200) throw new Error(`POST /api/query ${JSON.stringify(body)}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res.json();
  }

  private window(w: Win) {
    return { start: w.start.toISOString(), end: w.end.toISOString() };
  }

  async values(metrics: string[], w: Win, filters: F[] = [], key: KeyName = 'read'): Promise<(number | null)[]> {
    const r = await this.query({ metrics, filters, ...this.window(w) }, key);
    return r.results[0].metrics;
  }

  /** One metric; throws on null (a figure over nothing is never a truth). */
  async value(metric: string, w: Win, filters: F[] = [], key: KeyName = 'read'): Promise<number> {
    const [v] = await this.values([metric], w, filters, key);
    if (v === null) throw new Error(`${metric} is null`);
    return v;
  }

  count(w: Win, filters: F[] = [], key: KeyName = 'read'): Promise<number> {
    return this.value('calls_received', w, filters, key);
  }

  /** Every group of a dimension with one metric, by the metric (desc, or asc) then label. */
  async groups(
    dim: string,
    metric: string,
    w: Win,
    o: { filters?: F[]; key?: KeyName; order?: 'asc' | 'desc'; keepNull?: boolean } = {},
  ): Promise<Group[]> {
    const r = await this.query(
      {
        metrics: [metric],
        dimensions: [dim],
        filters: [...(o.filters ?? []), ...(o.keepNull || dim.startsWith('time:') ? [] : [['has', dim]])],
        ...this.window(w),
        order_by: [[metric, o.order ?? 'desc']],
        limit: 10000,
      },
      o.key,
    );
    return r.results.map((x: Json) => ({ label: x.dimensions[0] === null ? null : String(x.dimensions[0]), value: x.metrics[0] }));
  }

  /** A count that must be zero (a true zero is checked to be zero). */
  async zero(w: Win, filters: F[], key: KeyName = 'read'): Promise<Truth> {
    const n = await this.count(w, filters, key);
    if (n !== 0) throw new Error(`true zero is ${n}`);
    return zero;
  }

  /** A value the data (or the key's slice) does not hold: no call in 365 days. */
  async nothing(filters: F[], key: KeyName = 'read'): Promise<Truth> {
    const n = await this.count(W.year, filters, key);
    if (n !== 0) throw new Error(`value not held? ${n} calls in 365 days`);
    return { kind: 'nothing' };
  }

  /** The top n groups as a ranking truth (ties at the cut left to any order). */
  async top(
    dim: string,
    w: Win,
    n: number,
    o: { metric?: string; filters?: F[]; key?: KeyName; order?: 'asc' | 'desc'; spell?: (v: string) => string[]; minCalls?: number } = {},
  ): Promise<Truth> {
    let gs = await this.groups(dim, o.metric ?? 'calls_received', w, o);
    if (o.minCalls) {
      const counts = await this.groups(dim, 'calls_received', w, o);
      const ok = new Set(counts.filter((g) => g.value >= o.minCalls!).map((g) => g.label));
      gs = gs.filter((g) => ok.has(g.label));
    }
    return ranking(gs, n, o.spell);
  }
}

export function ranking(gs: Group[], n: number, spell: (v: string) => string[] = (v) => [v]): Truth {
  if (gs.length < n) throw new Error(`ranking: only ${gs.length} groups`);
  const cutValue = gs[n - 1].value;
  const tied = gs.length > n && gs[n].value === cutValue;
  if (!tied) return { kind: 'ranking', items: gs.slice(0, n).map((g) => ({ labels: spell(g.label!), count: g.value })) };
  const above = gs.filter((g) => g.value !== cutValue).slice(0, n);
  const members = gs.filter((g) => g.value === cutValue);
  const aboveIn = gs.slice(0, n).filter((g) => g.value !== cutValue);
  if (above.length < aboveIn.length) throw new Error('ranking: order');
  return {
    kind: 'ranking',
    items: aboveIn.map((g) => ({ labels: spell(g.label!), count: g.value })),
    tail: { slots: n - aboveIn.length, count: cutValue, members: members.map((g) => spell(g.label!)) },
  };
}

/** US state names for the two-letter codes the questions use. */
export const STATE_NAMES: Record<string, string> = {
  NY: 'New York',
  CA: 'California',
  TX: 'Texas',
  FL: 'Florida',
  GA: 'Georgia',
  NJ: 'New Jersey',
  OH: 'Ohio',
  IL: 'Illinois',
  WA: 'Washington',
  MO: 'Missouri',
  AZ: 'Arizona',
  MA: 'Massachusetts',
  DC: 'District of Columbia',
  KY: 'Kentucky',
  PA: 'Pennsylvania',
  MD: 'Maryland',
  NC: 'North Carolina',
  PR: 'Puerto Rico',
  MI: 'Michigan',
  NV: 'Nevada',
};
export const stateSpell = (code: string): string[] => [code, ...(STATE_NAMES[code] ? [STATE_NAMES[code]] : [])];
