// The truths of the seventh held-out eval: every figure computed at run time from the REST API
// (POST /api/query with its typed query, GET /api/kpis/*), with the case's key, never from the
// agent. The named windows below are the calendar the questions are read in (UTC, as the API
// and the dashboard read them), at the world's clock (world.ts).

import type { FastifyInstance } from 'fastify';
import type { Truth, Unit } from '../shared/judge.js';
import type { KeyName } from './world.js';
import { NOW } from './world.js';
import { US_STATE_NAMES } from '../shared/states.js';

export interface Win {
  start: Date;
  end: Date;
}

const H = 3_600_000;
const D = 24 * H;
const day = (s: string) => new Date(`${s}T00:00:00Z`);
const win = (start: Date | string, end: Date | string): Win => ({
  start: typeof start === 'string' ? day(start) : start,
  end: typeof end === 'string' ? day(end) : end,
});
const ago = (ms: number): Win => ({ start: new Date(NOW.getTime() - ms), end: NOW });

/** The windows the truths use (the smoke check runs the summary check on every one). */
export const W = {
  /** Today: since 00:00 UTC Tuesday July 11. */
  today: win('2028-07-11', NOW),
  /** Yesterday: Monday July 10. */
  yesterday: win('2028-07-10', '2028-07-11'),
  /** The day before yesterday: Sunday July 9. */
  sunday: win('2028-07-09', '2028-07-10'),
  h24: ago(24 * H),
  h48: ago(48 * H),
  h6: ago(6 * H),
  d7: ago(7 * D),
  d14: ago(14 * D),
  d30: ago(30 * D),
  d60: ago(60 * D),
  d90: ago(90 * D),
  /** Everything held (the data starts May 23; 365 days reads it all). */
  all: ago(365 * D),
  /** This week: since Monday July 10, 00:00 UTC. */
  thisWeek: win('2028-07-10', NOW),
  /** The same stretch of last week: Monday July 3, 00:00 to Tuesday July 4, 14:37. */
  sameStretchLastWeek: win('2028-07-03', new Date(NOW.getTime() - 7 * D)),
  /** Last week: Monday July 3 to Monday July 10. */
  lastWeek: win('2028-07-03', '2028-07-10'),
  /** The week before last: Monday June 26 to Monday July 3. */
  weekBefore: win('2028-06-26', '2028-07-03'),
  /** Last weekend: Saturday July 8 and Sunday July 9. */
  lastWeekend: win('2028-07-08', '2028-07-10'),
  /** The weekend before: Saturday July 1 and Sunday July 2. */
  weekendBefore: win('2028-07-01', '2028-07-03'),
  /** This month (and this year's July): since July 1. */
  thisMonth: win('2028-07-01', NOW),
  /** Last month: June 2028. */
  june: win('2028-06-01', '2028-07-01'),
  /** May 2028 (its data starts on May 23, 14:37). */
  may: win('2028-05-01', '2028-06-01'),
  /** The first and second halves of June. */
  juneH1: win('2028-06-01', '2028-06-16'),
  juneH2: win('2028-06-16', '2028-07-01'),
  /** Memorial Day, Monday May 29. */
  memorial: win('2028-05-29', '2028-05-30'),
  /** Memorial Day weekend, Saturday May 27 to Monday May 29. */
  memorialWeekend: win('2028-05-27', '2028-05-30'),
  /** Juneteenth, Monday June 19. */
  juneteenth: win('2028-06-19', '2028-06-20'),
  /** Independence Day, Tuesday July 4. */
  july4: win('2028-07-04', '2028-07-05'),
  /** July 3, the day before Independence Day. */
  july3: win('2028-07-03', '2028-07-04'),
  /** June 1 to June 10 (the 10th included). */
  june1to10: win('2028-06-01', '2028-06-11'),
  /** Since Independence Day (July 4 00:00 UTC) to now, and the same length before it. */
  sinceJuly4: win('2028-07-04', NOW),
  /** Before July 1 (all held data to June 30). */
  beforeJuly: win(new Date(NOW.getTime() - 365 * D), '2028-07-01'),
  /** Today's morning, 06:00–12:00 UTC. */
  todayMorning: win(new Date('2028-07-11T06:00:00Z'), new Date('2028-07-11T12:00:00Z')),
  /** Yesterday afternoon, 12:00–18:00 UTC. */
  yesterdayAfternoon: win(new Date('2028-07-10T12:00:00Z'), new Date('2028-07-10T18:00:00Z')),
  /** Yesterday evening, 18:00–24:00 UTC. */
  yesterdayEvening: win(new Date('2028-07-10T18:00:00Z'), new Date('2028-07-11T00:00:00Z')),
  /** The last hour, and the last 3 hours. */
  h1: ago(H),
  h3: ago(3 * H),
  /** Week 27 of 2028 (ISO: Monday July 3 to Monday July 10) is lastWeek; the second quarter's held part. */
  q2: win('2028-04-01', '2028-07-01'),
  /** Memorial Day 2027 (Monday May 31, 2027): a year before the data. */
  memorial2027: win('2027-05-31', '2027-06-01'),
  /** The 7 days before the last 7. */
  prev7: win(new Date(NOW.getTime() - 14 * D), new Date(NOW.getTime() - 7 * D)),
  /** The last three whole weeks: Monday June 19 to Monday July 10. */
  last3Weeks: win('2028-06-19', '2028-07-10'),
  /** June's whole Monday-to-Sunday weeks inside June: June 5 to June 26. */
  juneFullWeeks: win('2028-06-05', '2028-06-26'),
  /** The Saturday-to-Monday after Memorial Day weekend: June 3 to June 6. */
  afterMemorialWeekend: win('2028-06-03', '2028-06-06'),
  /** April 2028: before the data starts. */
  april: win('2028-04-01', '2028-05-01'),
  /** June 13 (the Ides of June). */
  june13: win('2028-06-13', '2028-06-14'),
  /** The week of Juneteenth, Monday June 19 to Monday June 26. */
  juneWeek4: win('2028-06-19', '2028-06-26'),
  /** The last 10 days of June. */
  juneLast10: win('2028-06-21', '2028-07-01'),
  /** June 12 to June 18 (a whole Monday-to-Sunday week), and June 5 to June 11. */
  juneWeek3: win('2028-06-12', '2028-06-19'),
  juneWeek2: win('2028-06-05', '2028-06-12'),
  /** Father's Day, Sunday June 18. */
  fathersDay: win('2028-06-18', '2028-06-19'),
  /** The last business day: Monday July 10 (= yesterday). The first ten days of July. */
  july1to10: win('2028-07-01', '2028-07-11'),
  /** The 15th of June. */
  june15: win('2028-06-15', '2028-06-16'),
  /** Mid-June to mid-July (June 15 to July 11, to now). */
  midJuneOn: win('2028-06-15', NOW),
} satisfies Record<string, Win>;
export type WinName = keyof typeof W;

export type Filter = unknown[];

export interface QueryBody {
  metrics: string[];
  dimensions?: string[];
  filters?: Filter[];
  order_by?: [string, 'asc' | 'desc'][];
  limit?: number;
}

export interface Row {
  dimensions: (string | number | boolean | null)[];
  metrics: (number | null)[];
}

/** A figure with its unit. */
export const num = (value: number, unit: Unit): Truth => ({ kind: 'number', value, unit });

/** Spellings of a stored value as a reader may write it. */
const ALIASES: Record<string, string[]> = {
  caller_hung_up_normal: ['caller hung up', 'hung up', 'caller_hung_up_normal'],
  websocket_issue_our_side: ['websocket', 'websocket_issue_our_side'],
  voice_engine_issue: ['voice engine', 'voice_engine_issue'],
  ai_session_capped: ['session capped', 'capped', 'ai_session_capped'],
  gift_card: ['gift card', 'gift_card', 'gift cards'],
  wire_transfer: ['wire transfer', 'wire', 'wire_transfer'],
  crypto_atm: ['crypto ATM', 'crypto_atm', 'bitcoin ATM'],
  cash_by_mail: ['cash by mail', 'cash_by_mail', 'mailed cash'],
  bank_transfer: ['bank transfer', 'bank_transfer'],
  cash_app: ['cash app', 'cashapp', 'cash_app'],
  TECH_SUPPORT: ['tech support', 'TECH_SUPPORT'],
  IRS_TAX: ['IRS tax', 'IRS_TAX', 'IRS'],
  SOCIAL_SECURITY: ['social security', 'SOCIAL_SECURITY', 'SSA'],
  BANK_FRAUD_ALERT: ['bank fraud alert', 'BANK_FRAUD_ALERT', 'bank fraud'],
  GIFT_CARD: ['gift card', 'GIFT_CARD'],
  'JPMorgan Chase': ['Chase', 'JPMorgan', 'JPMorgan Chase'],
  CRYPTO_INVESTMENT: ['crypto investment', 'CRYPTO_INVESTMENT', 'crypto'],
  UTILITY_SHUTOFF: ['utility shutoff', 'UTILITY_SHUTOFF', 'utility'],
  PRIZE_LOTTERY: ['prize lottery', 'PRIZE_LOTTERY', 'lottery', 'prize'],
  LOAN_APPROVAL: ['loan approval', 'LOAN_APPROVAL', 'loan'],
  JURY_DUTY: ['jury duty', 'JURY_DUTY'],
  PACKAGE_DELIVERY: ['package delivery', 'PACKAGE_DELIVERY', 'package'],
  REFUND: ['refund', 'REFUND'],
  GRANDPARENT: ['grandparent', 'GRANDPARENT'],
  MEDICARE: ['medicare', 'MEDICARE'],
};

/** Every spelling of a value of `field`. */
export function spellings(field: string, v: string | number | boolean | null): string[] {
  const s = String(v);
  if (field === 'caller_state' && US_STATE_NAMES[s]) return [US_STATE_NAMES[s], s];
  if (field === 'tier') return [`tier ${s}`];
  return [s, ...(ALIASES[s] ?? [])];
}

export class Ctx {
  constructor(
    private readonly app: FastifyInstance,
    private readonly keys: Record<KeyName, string>,
  ) {}

  async get(url: string, key: KeyName = 'read'): Promise<Record<string, unknown>> {
    const res = await this.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${this.keys[key]}` } });
    if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  }

  async query(body: QueryBody, w: Win, key: KeyName = 'read'): Promise<Row[]> {
    const payload = { ...body, start: w.start.toISOString(), end: w.end.toISOString() };
    const res = await this.app.inject({
      method: 'POST',
      url: '/api/query',
      headers: { authorization: `Bearer ${this.keys[key]}`, 'content-type': 'application/json' },
      payload,
    });
    if (res.statusCode !== 200) throw new Error(`POST /api/query ${JSON.stringify(payload)}: ${res.statusCode} ${res.body}`);
    return res.json().results;
  }

  /** The query's figures over a window (no dimensions: one row). */
  async values(metrics: string[], w: Win, filters: Filter[] = [], key: KeyName = 'read'): Promise<(number | null)[]> {
    const rows = await this.query({ metrics, filters }, w, key);
    return rows[0].metrics;
  }

  /** One figure; a null (no calls) is an error: no figure is taken over nothing. */
  async one(metric: string, w: Win, filters: Filter[] = [], key: KeyName = 'read'): Promise<number> {
    const [v] = await this.values([metric], w, filters, key);
    if (v === null) throw new Error(`${metric} is null over ${JSON.stringify(w)} ${JSON.stringify(filters)}`);
    return v;
  }

  /** Rows of a grouped query. */
  async groups(metric: string, dims: string[], w: Win, filters: Filter[] = [], key: KeyName = 'read'): Promise<Row[]> {
    return this.query({ metrics: [metric], dimensions: dims, filters, limit: 10_000 }, w, key);
  }
}

// ---------------------------------------------------------------- truth builders

type T = (x: Ctx) => Promise<Truth>;

const UNITS: Record<string, Unit> = {
  calls_received: 'count',
  cleanly_closed: 'count',
  hooked_calls: 'count',
  hook_rate: 'rate',
  avg_call_duration_sec: 'sec',
  median_call_duration_sec: 'sec',
  max_call_duration_sec: 'sec',
  p90_call_duration_sec: 'sec',
  insights_produced: 'count',
  high_confidence_insights: 'count',
  avg_auditor_confidence: 'decimal',
  tier1_calls: 'count',
  tier2_calls: 'count',
  tier3_calls: 'count',
  total_dollars_asked: 'usd',
  asks: 'count',
  mean_dollar_ask: 'usd',
  median_dollar_ask: 'usd',
  max_single_ask: 'usd',
  total_dollars_dangled: 'usd',
};
const unitOf = (m: string): Unit => (m.startsWith('distinct:') ? 'count' : UNITS[m]);

/** A figure over a window with filters; non-zero unless `zeroOk`. */
export function fig(metric: string, w: WinName, filters: Filter[] = [], key: KeyName = 'read'): T {
  return async (x) => num(await x.one(metric, W[w], filters, key), unitOf(metric));
}

/** Calls over a window with filters. */
export const calls = (w: WinName, filters: Filter[] = [], key: KeyName = 'read'): T => fig('calls_received', w, filters, key);

/** A share of calls: the calls with `sub` among the calls with `base`. */
export function share(w: WinName, sub: Filter[], base: Filter[] = [], key: KeyName = 'read'): T {
  return async (x) => {
    const all = await x.one('calls_received', W[w], base, key);
    if (!all) throw new Error('a share over no calls');
    const part = await x.one('calls_received', W[w], [...base, ...sub], key);
    return num(part / all, 'rate');
  };
}

/** Both figures; `direction` when the question asks which way (a then b: b is the later). */
export function compare(a: T, b: T, direction?: boolean): T {
  return async (x) => {
    const ta = await a(x);
    const tb = await b(x);
    if (!direction) return { kind: 'compare', a: ta, b: tb };
    if (ta.kind !== 'number' || tb.kind !== 'number') throw new Error('a direction needs two figures');
    if (ta.value === tb.value) throw new Error('a direction asked of equal figures');
    return { kind: 'compare', a: ta, b: tb, direction: tb.value > ta.value ? 'up' : 'down' };
  };
}

/** Every part. */
export const all =
  (...parts: T[]): T =>
  async (x) => ({ kind: 'all', parts: await Promise.all(parts.map((p) => p(x))) });

/** Any one of the truths (a question that honestly reads two ways). */
export const either =
  (...options: T[]): T =>
  async (x) => {
    const ts = await Promise.all(options.map((o) => o(x)));
    // Equal readings are one truth.
    const uniq = ts.filter((t, i) => ts.findIndex((u) => JSON.stringify(u) === JSON.stringify(t)) === i);
    return uniq.length === 1 ? uniq[0] : { kind: 'any', options: uniq };
  };

/** A true zero: checked to be zero (the truth fails otherwise). */
export function zero(w: WinName, filters: Filter[], key: KeyName = 'read'): T {
  return async (x) => {
    const n = await x.one('calls_received', W[w], filters, key);
    if (n !== 0) throw new Error(`not a true zero: ${n} calls`);
    return { kind: 'zero' };
  };
}

/**
 * A value the data does not hold (or the key's slice does not): no call names it in all the data,
 * as the field's value or inside it.
 */
export function nothing(field: string, value: string, key: KeyName = 'read'): T {
  return async (x) => {
    const exact = ['caller_state', 'persona', 'lure_category', 'tier'].includes(field);
    const f: Filter = exact
      ? ['is', field, [value]]
      : [
          'or',
          [
            ['is', field, [value]],
            ['contains', field, [value]],
          ],
        ];
    const n = await x.one('calls_received', W.all, [f], key);
    if (n !== 0) throw new Error(`${field} ${value}: ${n} calls hold it`);
    return { kind: 'nothing' };
  };
}

/** A yes/no truth from a figure: yes when `test` holds of it; the figure stated also answers. */
export function yesno(t: T, test: (v: number) => boolean): T {
  return async (x) => {
    const v = await t(x);
    if (v.kind !== 'number') throw new Error('yes/no over a figure');
    return { kind: 'yesno', yes: test(v.value), value: v };
  };
}

/** A yes/no comparison: yes when `a` is more than `b`; both figures behind it. */
export function moreThan(a: T, b: T): T {
  return async (x) => {
    const ta = await a(x);
    const tb = await b(x);
    if (ta.kind !== 'number' || tb.kind !== 'number') throw new Error('yes/no over figures');
    if (ta.value === tb.value) throw new Error('a yes/no comparison of equal figures');
    return { kind: 'yesno', yes: ta.value > tb.value, value: { kind: 'all', parts: [ta, tb] } };
  };
}

/** The top `n` values of `field` by `metric` (ties at the cut to any order). */
export function top(
  field: string,
  w: WinName,
  n: number,
  opts: { filters?: Filter[]; key?: KeyName; metric?: string; asc?: boolean; minCalls?: number } = {},
): T {
  return async (x) => {
    const metric = opts.metric ?? 'calls_received';
    const metrics = metric === 'calls_received' ? [metric] : [metric, 'calls_received'];
    const rows = await x.query(
      { metrics, dimensions: [field], filters: [['has', field], ...(opts.filters ?? [])], limit: 10_000 },
      W[w],
      opts.key,
    );
    const items = rows
      .filter((r) => r.metrics[0] !== null && (r.metrics[metrics.length - 1] ?? 0) >= (opts.minCalls ?? 1))
      .map((r) => ({ label: r.dimensions[0], v: r.metrics[0] as number }))
      .sort((a, b) => (opts.asc ? a.v - b.v : b.v - a.v));
    if (items.length < n) throw new Error(`only ${items.length} values of ${field}`);
    const cut = items[n - 1].v;
    const above = items.filter((i) => (opts.asc ? i.v < cut : i.v > cut));
    const tied = items.filter((i) => i.v === cut);
    const toItem = (i: { label: Row['dimensions'][number]; v: number }) => ({ labels: spellings(field, i.label), count: i.v });
    if (above.length + tied.length === n) return { kind: 'ranking', items: [...above, ...tied].map(toItem) };
    return {
      kind: 'ranking',
      items: above.map(toItem),
      tail: { slots: n - above.length, count: cut, members: tied.map((i) => spellings(field, i.label)) },
    };
  };
}

/** The value of `field` with the most (or least) calls: any of those tied at the top. */
export function topValue(field: string, w: WinName, opts: { filters?: Filter[]; key?: KeyName; metric?: string; asc?: boolean } = {}): T {
  return async (x) => {
    const r = await top(field, w, 1, opts)(x);
    if (r.kind !== 'ranking') throw new Error('ranking expected');
    const labels = r.items.length ? r.items[0].labels : r.tail!.members.flat();
    return { kind: 'label', any: labels };
  };
}

/** A fixed label (a value read from the data by a query, checked to be the answer). */
export function label(...any: string[]): T {
  return async () => ({ kind: 'label', any });
}

/** The out-of-scope truth. */
export const decline: T = async () => ({ kind: 'decline' });

/** Live calls right now (GET /api/kpis/active-calls). */
export function liveCalls(key: KeyName = 'read'): T {
  return async (x) => {
    const n = (await x.get('/api/kpis/active-calls', key)).active_count as number;
    // None live in the slice: "none" / "no calls" / 0 all state it.
    return n === 0 ? { kind: 'zero' } : num(n, 'count');
  };
}

/** Any window by its bounds (a phrase's reading that no named window holds). */
export function callsBetween(start: string, end: string, metric = 'calls_received', filters: Filter[] = [], key: KeyName = 'read'): T {
  return async (x) => num(await x.one(metric, { start: new Date(start), end: new Date(end) }, filters, key), unitOf(metric));
}

/** The calls not in `sub` among `base` (e.g. calls not hooked). */
export function complement(w: WinName, metric: string, sub: string, filters: Filter[] = [], key: KeyName = 'read'): T {
  return async (x) => {
    const [a, b] = await x.values([metric, sub], W[w], filters, key);
    return num((a ?? 0) - (b ?? 0), 'count');
  };
}

const WEEKEND = new Set(['saturday', 'sunday']);

/** Weekend days against weekdays over a window: counts (or dollars) summed, or a rate of two sums. */
export function weekendVsWeekday(
  w: WinName,
  what: 'calls' | 'hooked' | 'tier1' | 'usd' | 'hook_rate',
  filters: Filter[] = [],
  key: KeyName = 'read',
): T {
  return async (x) => {
    const rows = await x.query(
      {
        metrics: ['calls_received', 'hooked_calls', 'tier1_calls', 'total_dollars_asked'],
        dimensions: ['time:weekday'],
        filters,
        limit: 10,
      },
      W[w],
      key,
    );
    const sum = (weekend: boolean, i: number) =>
      rows.filter((r) => WEEKEND.has(String(r.dimensions[0])) === weekend).reduce((s, r) => s + (r.metrics[i] ?? 0), 0);
    const side = (weekend: boolean): Truth => {
      switch (what) {
        case 'calls':
          return num(sum(weekend, 0), 'count');
        case 'hooked':
          return num(sum(weekend, 1), 'count');
        case 'tier1':
          return num(sum(weekend, 2), 'count');
        case 'usd':
          return num(Math.round(sum(weekend, 3) * 100) / 100, 'usd');
        case 'hook_rate':
          return num(sum(weekend, 1) / sum(weekend, 0), 'rate');
      }
    };
    return { kind: 'compare', a: side(true), b: side(false) };
  };
}

/** A figure for every week bucket (Monday start) of the window: all of them. */
export function weekByWeek(w: WinName, metric = 'calls_received', filters: Filter[] = [], key: KeyName = 'read'): T {
  return async (x) => {
    const rows = await x.query({ metrics: [metric], dimensions: ['time:week'], filters, limit: 100 }, W[w], key);
    return { kind: 'all', parts: rows.map((r) => num(r.metrics[0] ?? 0, unitOf(metric))) };
  };
}

/** The value of `field` that the calls matching `filters` name (checked to be one value). */
export function valueOf(field: string, filters: Filter[], key: KeyName = 'read'): T {
  return async (x) => {
    const rows = await x.groups('calls_received', [field], W.all, [['has', field], ...filters], key);
    if (rows.length !== 1) throw new Error(`${field}: ${rows.length} values for ${JSON.stringify(filters)}`);
    return { kind: 'label', any: spellings(field, rows[0].dimensions[0]) };
  };
}

/** The busiest (or quietest) bucket of a time dimension: its label as the reader would write it. */
export function busiest(
  w: WinName,
  dim: 'time:weekday' | 'time:hour_of_day' | 'time:day',
  spell: (v: string) => string[],
  opts: { asc?: boolean; filters?: Filter[]; key?: KeyName } = {},
): T {
  return async (x) => {
    const rows = await x.groups('calls_received', [dim], W[w], opts.filters ?? [], opts.key);
    const best = opts.asc ? Math.min(...rows.map((r) => r.metrics[0] ?? 0)) : Math.max(...rows.map((r) => r.metrics[0] ?? 0));
    const tops = rows.filter((r) => r.metrics[0] === best).map((r) => String(r.dimensions[0]));
    return { kind: 'label', any: tops.flatMap(spell) };
  };
}
