// What the truths are computed from: the REST API of the world (KPI endpoints, GET /api/calls
// and its total, the tier-1 table) and, for figures no endpoint gives directly, the corpus of
// every call read through GET /api/calls + GET /api/calls/{sid}. Never from the agent.

import type { FastifyInstance } from 'fastify';
import { apiGet, type Call, type IntelField, type Json } from './corpus.js';
import type { Truth, Unit } from './judge.js';
import { NOW } from './world.js';

const H = 3600_000;
const D = 24 * H;

export interface Win {
  start: Date;
  end: Date;
}

const at = (iso: string) => new Date(iso);
const ago = (ms: number): Win => ({ start: new Date(NOW.getTime() - ms), end: NOW });
const dayOf = (iso: string): Win => ({ start: at(`${iso}T00:00:00Z`), end: new Date(at(`${iso}T00:00:00Z`).getTime() + D) });

/** The windows the questions name, read at NOW (Thursday 2026-11-26 15:30 UTC), UTC days, weeks from Monday. */
export const W = {
  h12: ago(12 * H),
  h24: ago(24 * H),
  /** The 24 hours before the last 24 hours. */
  h24prev: { start: new Date(NOW.getTime() - 48 * H), end: new Date(NOW.getTime() - 24 * H) },
  h48: ago(48 * H),
  h72: ago(72 * H),
  d7: ago(7 * D),
  /** The 7 days before the last 7 days. */
  d7prev: { start: new Date(NOW.getTime() - 14 * D), end: new Date(NOW.getTime() - 7 * D) },
  d14: ago(14 * D),
  d28: ago(28 * D),
  d30: ago(30 * D),
  today: { start: at('2026-11-26T00:00:00Z'), end: NOW },
  yesterday: dayOf('2026-11-25'),
  dayBeforeYesterday: dayOf('2026-11-24'),
  /** Yesterday from midnight to the same time of day as now. */
  yesterdaySameTime: { start: at('2026-11-25T00:00:00Z'), end: at('2026-11-25T15:30:00Z') },
  /** Since Monday 00:00 UTC. */
  thisWeek: { start: at('2026-11-23T00:00:00Z'), end: NOW },
  /** The previous calendar week, Monday to Sunday. */
  lastWeek: { start: at('2026-11-16T00:00:00Z'), end: at('2026-11-23T00:00:00Z') },
  /** The same stretch of the previous week as "since Monday": Monday 00:00 to Thursday 15:30. */
  lastWeekSameStretch: { start: at('2026-11-16T00:00:00Z'), end: at('2026-11-19T15:30:00Z') },
  weekOfNov2: { start: at('2026-11-02T00:00:00Z'), end: at('2026-11-09T00:00:00Z') },
  weekOfNov9: { start: at('2026-11-09T00:00:00Z'), end: at('2026-11-16T00:00:00Z') },
  thisMonth: { start: at('2026-11-01T00:00:00Z'), end: NOW },
  nov1to15: { start: at('2026-11-01T00:00:00Z'), end: at('2026-11-16T00:00:00Z') },
  nov16on: { start: at('2026-11-16T00:00:00Z'), end: NOW },
  nov12: dayOf('2026-11-12'),
  /** Everything the demo holds (30 days), for the corpus. */
  all: { start: at('2026-10-01T00:00:00Z'), end: NOW },
} satisfies Record<string, Win>;

export type Pred = (c: Call) => boolean;

export class Ctx {
  constructor(
    readonly app: FastifyInstance,
    readonly read: string,
    readonly scoped: string,
    readonly corpus: Call[],
  ) {}

  /** GET with the read key (or the scoped key). */
  api(url: string, key: 'read' | 'scoped' = 'read'): Promise<Json> {
    return apiGet(this.app, key === 'read' ? this.read : this.scoped, url);
  }

  winQs(w: Win, extra: Record<string, string | string[]> = {}): string {
    const qs = new URLSearchParams({ start: w.start.toISOString(), end: w.end.toISOString() });
    for (const [k, v] of Object.entries(extra)) for (const x of Array.isArray(v) ? v : [v]) qs.append(k, x);
    return qs.toString();
  }

  /** GET /api/kpis/summary of the window. */
  summary(w: Win, key: 'read' | 'scoped' = 'read'): Promise<Json> {
    return this.api(`/api/kpis/summary?${this.winQs(w)}`, key);
  }

  /** `total` of GET /api/calls with these filters in the window. */
  async callsTotal(w: Win, filters: Record<string, string | string[]> = {}, key: 'read' | 'scoped' = 'read'): Promise<number> {
    return (await this.api(`/api/calls?limit=1&${this.winQs(w, filters)}`, key)).total;
  }

  /** GET /api/kpis/topn/{field}: items in order. */
  async topn(field: string, w: Win, n: number, key: 'read' | 'scoped' = 'read'): Promise<{ label: string; count: number }[]> {
    return (await this.api(`/api/kpis/topn/${field}?n=${n}&${this.winQs(w)}`, key)).items;
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

  /** Values of a field in the window with their call counts, count descending then label by code point. */
  ranked(w: Win, value: (c: Call) => string | null, ...preds: Pred[]): { label: string; count: number }[] {
    const m = new Map<string, number>();
    for (const c of this.calls(w, ...preds)) {
      const v = value(c);
      if (v !== null && v !== undefined) m.set(v, (m.get(v) ?? 0) + 1);
    }
    return [...m.entries()]
      .map(([label, count]) => ({ label, count }))
      .sort((a, b) => b.count - a.count || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  }

  /** A value of the field that has calls in `has` and none in `hasNot`, the most frequent such (for zero questions). */
  pickAbsent(field: IntelField, has: Win, hasNot: Win): string {
    const absent = new Set(this.calls(hasNot).map((c) => c.f[field]));
    const hit = this.ranked(has, (c) => c.f[field]).find((r) => !absent.has(r.label));
    if (!hit) throw new Error(`no value of ${field} absent from the window`);
    return hit.label;
  }

  /** The value of the field at this rank (0-based) in the window. */
  pickRank(field: IntelField, w: Win, rank: number): string {
    const r = this.ranked(w, (c) => c.f[field]);
    if (r.length <= rank) throw new Error(`${field} has fewer than ${rank + 1} values`);
    return r[rank].label;
  }
}

// ---------------------------------------------------------------- predicates

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

/** The top k of a ranked list; throws when the k-th and the (k+1)-th tie (the question would be ambiguous). */
export function ranking(items: { label: string; count: number }[], k: number, spell: (l: string) => string[] = (l) => [l]): Truth {
  if (items.length < k) throw new Error(`ranking: only ${items.length} items`);
  if (items.length > k && items[k - 1].count === items[k].count) {
    throw new Error(`ranking: ${items[k - 1].label} and ${items[k].label} tie at the cut (${items[k].count})`);
  }
  return { kind: 'ranking', items: items.slice(0, k).map((it) => ({ labels: spell(it.label), count: it.count })) };
}

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
