// Helpers for the truths of the live eval: every figure is read from the API endpoints at run
// time (GET /api/kpis/*, /api/calls) with the case's key, or computed from what they return
// (values repeated across calls, busiest hour, caller-ID classes) — never a stored number.
// Windows are UTC, like the API's: "today" starts at 00:00 UTC, weeks start on Monday.

import type { LiveApi, Truth } from './types.js';

export const DAY_MS = 86_400_000;

/** A window as the API takes it: range, or start (and end). */
export type Win = {
  range?: string;
  start?: string;
  end?: string;
};

type Scalar = string | number | boolean;
export type Params = Record<string, Scalar | Scalar[] | undefined | null>;

/** Query string with repeated keys for lists; undefined and null are left out. */
function qs(p: Params): string {
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) {
    if (v === undefined || v === null) continue;
    for (const x of Array.isArray(v) ? v : [v]) u.append(k, String(x));
  }
  const s = u.toString();
  return s ? `?${s}` : '';
}

// ------------------------------------------------------------------ windows

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const midnight = (now: Date) => Math.floor(now.getTime() / DAY_MS) * DAY_MS;

/** YYYY-MM-DD of the UTC day `back` days before today (0 = today). */
export function dayIso(now: Date, back = 0): string {
  return iso(midnight(now) - back * DAY_MS).slice(0, 10);
}

export const today = (now: Date): Win => ({ start: dayIso(now, 0) });
/** One whole UTC day, `back` days ago (1 = yesterday). */
export const day = (now: Date, back: number): Win => ({ start: dayIso(now, back), end: dayIso(now, back - 1) });
/** Monday 00:00 UTC of this week (weeksBack 0) or of an earlier one. */
export function mondayIso(now: Date, weeksBack = 0): string {
  const dow = (new Date(midnight(now)).getUTCDay() + 6) % 7; // Monday 0
  return iso(midnight(now) - (dow + 7 * weeksBack) * DAY_MS).slice(0, 10);
}
export const thisWeek = (now: Date): Win => ({ start: mondayIso(now) });
export const lastCalendarWeek = (now: Date): Win => ({ start: mondayIso(now, 1), end: mondayIso(now) });
function monthStartIso(now: Date, monthsBack = 0): string {
  const d = new Date(now.getTime());
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - monthsBack, 1)).toISOString().slice(0, 10);
}
export const thisMonth = (now: Date): Win => ({ start: monthStartIso(now) });
export const lastCalendarMonth = (now: Date): Win => ({ start: monthStartIso(now, 1), end: monthStartIso(now) });
/** The `days` days ending `offsetDays` days before now (rolling, to the second). */
export const rollingBefore = (now: Date, days: number, offsetDays: number): Win => ({
  start: iso(now.getTime() - (days + offsetDays) * DAY_MS),
  end: iso(now.getTime() - offsetDays * DAY_MS),
});
/** The most recent UTC day with that weekday (0 = Sunday … 6 = Saturday), before today. */
export function lastWeekday(now: Date, weekday: number): Win {
  const todayDow = new Date(midnight(now)).getUTCDay();
  const back = (todayDow - weekday + 7) % 7 || 7;
  return day(now, back);
}
/** Length of a window in days (named or start/end), given the clock. */
export function winDays(now: Date, w: Win): number {
  const unit: Record<string, number> = { h: 1 / 24, d: 1, w: 7 };
  if (w.range) {
    const m = /^(\d+)([hdw])$/.exec(w.range)!;
    return Number(m[1]) * unit[m[2]];
  }
  const end = w.end ? Date.parse(w.end.length === 10 ? `${w.end}T00:00:00Z` : w.end) : now.getTime();
  const start = Date.parse(w.start!.length === 10 ? `${w.start}T00:00:00Z` : w.start!);
  return (end - start) / DAY_MS;
}

// ------------------------------------------------------------------ endpoints

export interface Summary {
  calls_received: number;
  cleanly_closed: number;
  hooked_calls: number;
  hook_rate: number;
  avg_call_duration_sec: number | null;
  median_call_duration_sec: number | null;
  max_call_duration_sec: number | null;
  insights_produced: number;
  high_confidence_insights: number;
  avg_auditor_confidence: number | null;
  tier1_calls: number;
  tier2_calls: number;
  tier3_calls: number;
  total_dollars_asked: number;
  median_dollar_ask: number | null;
  max_single_ask: number | null;
  total_dollars_dangled: number;
}

export interface TopItem {
  label: string;
  count: number;
  pct_of_total: number;
}

export interface CallRow {
  call_sid: string;
  started_at: string;
  duration_sec: number;
  caller_id: string | null;
  caller_state: string | null;
  persona: string | null;
  disconnect_reason: string | null;
  tier: number | null;
  hooked: boolean;
  has_intel: boolean;
  auditor_confidence: number | null;
  impersonated_brand: string | null;
  lure_category: string | null;
  payment_method: string | null;
  total_dollars_asked: number;
}

export interface Tier1Row {
  call_sid: string;
  call_started_at: string;
  mule_bank_name: string | null;
  mule_bank_routing_number: string | null;
  mule_bank_account_number: string | null;
  mule_account_holder_name: string | null;
  crypto_wallet_address: string | null;
  crypto_chain: string | null;
  gift_card_brand: string | null;
  physical_mule_drop_address: string | null;
}

export const summary = (api: LiveApi, w: Win): Promise<Summary> => api.get(`/api/kpis/summary${qs({ ...w })}`);

export async function topn(api: LiveApi, field: string, w: Win, n = 50): Promise<TopItem[]> {
  return (await api.get(`/api/kpis/topn/${field}${qs({ ...w, n })}`)).items;
}

/** The count of one value of a top-N field (case-insensitive), 0 when absent. */
export async function topCount(api: LiveApi, field: string, label: string, w: Win): Promise<number> {
  const items = await topn(api, field, w);
  return items.find((i) => i.label.toLowerCase() === label.toLowerCase())?.count ?? 0;
}

export async function series(api: LiveApi, metric: string, w: Win, bucket = 'day'): Promise<Array<{ timestamp: string; value: number }>> {
  return (await api.get(`/api/kpis/timeseries/${metric}${qs({ ...w, bucket })}`)).points;
}

export async function tier1(api: LiveApi, w: Win, limit = 1000): Promise<{ total: number; items: Tier1Row[] }> {
  return api.get(`/api/kpis/tier1${qs({ ...w, limit })}`);
}

/** Every tier-1 row of a window, in slices when there are more than one request holds. */
export async function tier1All(api: LiveApi, w: Win, now: Date): Promise<Tier1Row[]> {
  const first = await tier1(api, w);
  if (first.items.length === first.total) return first.items;
  const days = winDays(now, w);
  const end = w.end ? Date.parse(w.end.length === 10 ? `${w.end}T00:00:00Z` : w.end) : now.getTime();
  const out: Tier1Row[] = [];
  for (let d = 0; d < days; d += 5) {
    const part = { start: iso(end - Math.min(days, d + 5) * DAY_MS), end: iso(end - d * DAY_MS) };
    const r = await tier1(api, part);
    if (r.items.length !== r.total) throw new Error('tier-1 slice over 1000 rows');
    out.push(...r.items);
  }
  return out;
}

/** Every call matching the filters (GET /api/calls, all pages), newest first. */
export async function listCalls(api: LiveApi, filters: Params): Promise<CallRow[]> {
  const out: CallRow[] = [];
  let cursor: string | null = null;
  do {
    const page: { items: CallRow[]; next_cursor: string | null } = await api.get(
      `/api/calls${qs({ ...filters, limit: 200, cursor: cursor ?? undefined })}`,
    );
    out.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor);
  return out;
}

export const countCalls = async (api: LiveApi, filters: Params): Promise<number> => (await listCalls(api, filters)).length;

export const callDetail = (api: LiveApi, sid: string): Promise<any> => api.get(`/api/calls/${sid}`);

/** SIDs of the calls whose transcript contains every term (one transcript search per term). */
export async function sidsWithAllTerms(api: LiveApi, terms: string[], filters: Params): Promise<string[]> {
  const lists = await Promise.all(terms.map((q) => listCalls(api, { ...filters, q })));
  const [first, ...rest] = lists.map((l) => l.map((c) => c.call_sid));
  return first.filter((s) => rest.every((l) => l.includes(s)));
}

// ------------------------------------------------------------------ tallies

/** Value counts, count descending then value ascending; null/empty values left out. */
export function tally(values: Array<string | null | undefined>): Array<[string, number]> {
  const m = new Map<string, number>();
  for (const v of values) if (v) m.set(v, (m.get(v) ?? 0) + 1);
  return [...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

/** The values tied for the highest count. */
export function leaders(t: Array<[string, number]>): Array<[string, number]> {
  return t.filter(([, n]) => n === t[0]?.[1]);
}

/** A truth per leader (ties give alternatives): the label, and its count when asked. */
export function leaderAlternatives(t: Array<[string, number]>, withCount = true): Truth[] {
  return leaders(t).map(([label, n]) => ({ contains: [label], figures: withCount ? [{ value: n, kind: 'count' as const }] : [] }));
}

/** The first k values of a tally with their counts, so that an answer ignoring a qualifier
 *  cannot pass by a coincidental number (k shrinks while the k-th ties with the next). */
export function topK(t: Array<[string, number]>, k = 2): Truth {
  let n = Math.min(k, t.length);
  while (n > 1 && t.length > n && t[n - 1][1] === t[n][1]) n--;
  return { contains: t.slice(0, n).map(([l]) => l), figures: t.slice(0, n).map(([, c]) => ({ value: c, kind: 'count' as const })) };
}

// ------------------------------------------------------------------ caller IDs

/** Canadian NANP area codes (CRTC list). */
const CANADIAN_AREA_CODES = new Set([
  '204',
  '226',
  '236',
  '249',
  '250',
  '257',
  '263',
  '289',
  '306',
  '343',
  '354',
  '365',
  '367',
  '368',
  '382',
  '387',
  '403',
  '416',
  '418',
  '428',
  '431',
  '437',
  '438',
  '450',
  '460',
  '468',
  '474',
  '506',
  '514',
  '519',
  '548',
  '579',
  '581',
  '584',
  '587',
  '604',
  '613',
  '639',
  '647',
  '672',
  '683',
  '705',
  '709',
  '742',
  '753',
  '778',
  '780',
  '782',
  '807',
  '819',
  '825',
  '867',
  '873',
  '879',
  '902',
  '905',
  '942',
]);
const TOLL_FREE_AREA_CODES = new Set(['800', '833', '844', '855', '866', '877', '888']);

/** The area code of a NANP caller ID (+1 and 10 digits, or 10/11 bare digits), else null. */
function nanpAreaCode(callerId: string | null): string | null {
  if (!callerId) return null;
  const d = callerId.replace(/[\s\-.()]/g, '');
  const m = /^(?:\+1|1)?([2-9]\d{2})\d{7}$/.exec(d);
  return m ? m[1] : null;
}

export type CallerKind = 'us' | 'canadian' | 'toll_free' | 'international' | 'not_a_number';

export function callerKind(callerId: string | null): CallerKind {
  const ac = nanpAreaCode(callerId);
  if (ac) return TOLL_FREE_AREA_CODES.has(ac) ? 'toll_free' : CANADIAN_AREA_CODES.has(ac) ? 'canadian' : 'us';
  return callerId && /^\+\d{6,}$/.test(callerId.replace(/[\s\-.()]/g, '')) ? 'international' : 'not_a_number';
}

// ------------------------------------------------------------------ formats

export const STATE_NAMES: Record<string, string> = {
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
  VI: 'U.S. Virgin Islands',
  AS: 'American Samoa',
  MP: 'Northern Mariana Islands',
};

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
export const weekdayName = (isoDate: string) => WEEKDAYS[new Date(`${isoDate.slice(0, 10)}T00:00:00Z`).getUTCDay()];

/** Alternatives naming a UTC hour of the day: "14:00", "2 pm", "2pm", "2:00 pm", "14h". */
export function hourAlternatives(h: number, extra: Truth = {}): Truth[] {
  const h12 = h % 12 === 0 ? 12 : h % 12;
  const ap = h < 12 ? 'am' : 'pm';
  const hh = String(h).padStart(2, '0');
  return [`${hh}:00`, `${h}:00`, `${h12} ${ap}`, `${h12}${ap}`, `${h12}:00 ${ap}`, `${h12}:00${ap}`, `${hh}h`].map((s) => ({
    ...extra,
    contains: [...(extra.contains ?? []), s],
  }));
}
