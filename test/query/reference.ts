// An independent reference model of `POST /api/query` (CONTRACT §13, docs/query.md) in plain
// TypeScript: calls as sent to the ingest API, normalised as CONTRACT §5 stores them, and a
// query answered over them. It imports only the domain's pure definitions the contract names
// (area codes → states, the one bank-name spelling), never the query code under test.

import { areaCodeOfCallerId, stateOfCallerId } from '../../src/domain/areaCodes.js';
import { bankNameMatches, normaliseBankName } from '../../src/domain/indicators/bankNames.js';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

// ---------------------------------------------------------------------------------------------
// seeded randomness

export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(rand: () => number, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];

// ---------------------------------------------------------------------------------------------
// fields

export const INTEL = [
  'impersonated_brand',
  'lure_category',
  'payment_method',
  'impersonated_government_agency',
  'mule_bank_name',
  'mule_bank_routing_number',
  'mule_bank_account_number',
  'mule_account_holder_name',
  'crypto_wallet_address',
  'crypto_chain',
  'gift_card_brand',
  'phishing_url',
  'remote_desktop_app',
  'synthetic_org',
  'fake_agent_name',
  'physical_mule_drop_address',
] as const;
export type IntelField = (typeof INTEL)[number];

const T1: readonly IntelField[] = [
  'mule_bank_name',
  'mule_bank_routing_number',
  'mule_bank_account_number',
  'mule_account_holder_name',
  'crypto_wallet_address',
  'crypto_chain',
  'gift_card_brand',
  'physical_mule_drop_address',
];
const T2: readonly IntelField[] = ['payment_method', 'phishing_url', 'remote_desktop_app', 'impersonated_government_agency'];
const T3: readonly IntelField[] = ['impersonated_brand', 'lure_category'];

/** Text dimension fields (compared case-insensitively; `contains` applies). */
export const TEXT_FIELDS = [...INTEL, 'caller_state', 'caller_area_code', 'caller_id', 'persona', 'disconnect_reason'] as const;
export const BOOL_FIELDS = ['cleanly_closed', 'hooked', 'has_intel'] as const;
/** Every field dimension (docs/query.md, Dimensions). */
export const FIELD_DIMENSIONS = [...TEXT_FIELDS, ...BOOL_FIELDS, 'tier'] as const;
export const TIME_DIMENSIONS = ['time:hour', 'time:day', 'time:week', 'time:month', 'time:weekday', 'time:hour_of_day'] as const;
/** Fields of the comparison operators (gt, gte, lt, lte, between). */
export const NUMERIC_FIELDS = ['duration_sec', 'auditor_confidence', 'dollar_ask', 'dollars_dangled', 'tier'] as const;

export const SUMMARY_METRICS = [
  'calls_received',
  'cleanly_closed',
  'hooked_calls',
  'hook_rate',
  'avg_call_duration_sec',
  'median_call_duration_sec',
  'max_call_duration_sec',
  'insights_produced',
  'high_confidence_insights',
  'avg_auditor_confidence',
  'tier1_calls',
  'tier2_calls',
  'tier3_calls',
  'total_dollars_asked',
  'median_dollar_ask',
  'max_single_ask',
  'total_dollars_dangled',
] as const;
export const EXTRA_METRICS = ['asks', 'mean_dollar_ask', 'p90_call_duration_sec'] as const;
/** Metrics whose value is a ratio or a mean: compared with a tiny relative tolerance; all others exactly. */
export const FLOAT_METRICS = new Set<string>([
  'hook_rate',
  'avg_call_duration_sec',
  'median_call_duration_sec',
  'p90_call_duration_sec',
  'avg_auditor_confidence',
  'median_dollar_ask',
  'mean_dollar_ask',
]);

// ---------------------------------------------------------------------------------------------
// calls

/** A stored call as the contract normalises it (CONTRACT §5): strings trimmed, '' → null, money in cents. */
export interface RefCall {
  sid: string;
  ms: number;
  duration: number;
  callerId: string | null;
  state: string | null;
  areaCode: string | null;
  persona: string | null;
  reason: string | null;
  clean: boolean | null;
  ext: null | {
    fields: Record<IntelField, string | null>;
    conf: number | null;
    /** Single asks in integer cents. */
    asks: number[];
    /** dollars_dangled in integer cents. */
    dangled: number | null;
  };
  /** The transcript's text, lower-cased, turns joined by a newline; null without turns. */
  transcript: string | null;
  tier: 1 | 2 | 3 | null;
  hasIntel: boolean;
  hooked: boolean;
}

const cleanText = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
export const cents = (dollars: number) => Math.round(dollars * 100);

/** One ingest record (the JSON of CONTRACT §5) as stored. */
export function normalise(j: Record<string, unknown>): RefCall {
  const e = j.extraction as Record<string, unknown> | null | undefined;
  let ext: RefCall['ext'] = null;
  if (e) {
    const fields = Object.fromEntries(INTEL.map((f) => [f, cleanText(e[f])])) as Record<IntelField, string | null>;
    if (fields.mule_bank_name !== null) fields.mule_bank_name = normaliseBankName(fields.mule_bank_name);
    ext = {
      fields,
      conf: (e.auditor_confidence as number | null | undefined) ?? null,
      asks: ((e.dollar_asks as number[] | null | undefined) ?? []).map(cents),
      dangled: e.dollars_dangled == null ? null : cents(e.dollars_dangled as number),
    };
  }
  const has = (fs: readonly IntelField[]) => ext !== null && fs.some((f) => ext.fields[f] !== null);
  const hasIntel = has(INTEL);
  const callerId = cleanText(j.caller_id);
  const turns = (j.transcript as { text: string }[] | undefined) ?? [];
  const duration = j.duration_sec as number;
  return {
    sid: j.call_sid as string,
    ms: Date.parse(j.started_at as string),
    duration,
    callerId,
    state: stateOfCallerId(callerId),
    areaCode: areaCodeOfCallerId(callerId),
    persona: cleanText(j.persona),
    reason: (j.disconnect_reason as string | null | undefined) ?? null,
    clean: (j.cleanly_closed as boolean | null | undefined) ?? null,
    ext,
    transcript: turns.length ? turns.map((t) => t.text.toLowerCase()).join('\n') : null,
    tier: has(T1) ? 1 : has(T2) ? 2 : has(T3) ? 3 : null,
    hasIntel,
    hooked: hasIntel && duration >= 15,
  };
}

export type Value = string | number | boolean | null;

/** The value of a field dimension, or of a numeric filter field (dollar_ask excepted). */
export function fieldValue(c: RefCall, field: string): Value {
  switch (field) {
    case 'caller_state':
      return c.state;
    case 'caller_area_code':
      return c.areaCode;
    case 'caller_id':
      return c.callerId;
    case 'persona':
      return c.persona;
    case 'disconnect_reason':
      return c.reason;
    case 'cleanly_closed':
      return c.clean;
    case 'hooked':
      return c.hooked;
    case 'has_intel':
      return c.hasIntel;
    case 'tier':
      return c.tier;
    case 'duration_sec':
      return c.duration;
    case 'auditor_confidence':
      return c.ext?.conf ?? null;
    case 'dollars_dangled':
      return c.ext?.dangled == null ? null : c.ext.dangled / 100;
    case 'transcript':
      return c.transcript;
    default:
      if ((INTEL as readonly string[]).includes(field)) return c.ext?.fields[field as IntelField] ?? null;
      throw new Error(`reference: no field ${field}`);
  }
}

// ---------------------------------------------------------------------------------------------
// scopes

export type Scope = Partial<Record<'impersonated_brand' | 'lure_category' | 'mule_bank_name' | 'caller_state' | 'persona', string[]>>;

export function inSlice(c: RefCall, scope: Scope | null): boolean {
  if (!scope) return true;
  return Object.entries(scope).every(([dim, allowed]) => {
    const v = fieldValue(c, dim) as string | null;
    if (v === null) return false;
    const wanted = dim === 'mule_bank_name' ? bankNameMatches(allowed) : allowed.map((a) => a.toLowerCase());
    return wanted.includes(v.toLowerCase());
  });
}

// ---------------------------------------------------------------------------------------------
// time zones

export interface LocalParts {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
  /** 1 = Monday … 7 = Sunday. */
  wd: number;
  /** Minutes east of UTC. */
  offset: number;
}

const FORMATTERS = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
export const WEEKDAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

const PARTS = new Map<string, LocalParts>();

export function localParts(ms: number, tz: string): LocalParts {
  const key = `${tz}|${ms}`;
  let parts = PARTS.get(key);
  if (!parts) {
    parts = computeLocalParts(ms, tz);
    if (PARTS.size > 2_000_000) PARTS.clear();
    PARTS.set(key, parts);
  }
  return parts;
}

function computeLocalParts(ms: number, tz: string): LocalParts {
  let f = FORMATTERS.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    FORMATTERS.set(tz, f);
  }
  const p: Record<string, string> = {};
  for (const part of f.formatToParts(new Date(ms))) p[part.type] = part.value;
  const [y, mo, d, h, mi, s] = [p.year, p.month, p.day, p.hour, p.minute, p.second].map(Number);
  const secondMs = Math.floor(ms / 1000) * 1000;
  const offset = Math.round((Date.UTC(y, mo - 1, d, h, mi, s) - secondMs) / MINUTE);
  return { y, mo, d, h, mi, s, wd: WEEKDAYS.indexOf(p.weekday) + 1, offset };
}

const dateKey = (y: number, mo: number, d: number) => Date.UTC(y, mo - 1, d);

/** The first instant whose local date is on or after y-mo-d (local dates never go back in our zones). */
export function startOfLocalDate(y: number, mo: number, d: number, tz: string): number {
  const target = dateKey(y, mo, d);
  const after = (x: number) => {
    const p = localParts(x, tz);
    return dateKey(p.y, p.mo, p.d) >= target;
  };
  let lo = target - 16 * HOUR; // local date before the target in every zone
  let hi = target + 16 * HOUR; // on or after it in every zone
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (after(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** RFC 3339 of an instant with the zone's offset at that instant ('Z' for a zero offset). */
export function zoned(ms: number, tz: string): string {
  const p = localParts(ms, tz);
  const frac = ms % 1000 !== 0 ? `.${pad(((ms % 1000) + 1000) % 1000, 3)}` : '';
  const base = `${pad(p.y, 4)}-${pad(p.mo)}-${pad(p.d)}T${pad(p.h)}:${pad(p.mi)}:${pad(p.s)}${frac}`;
  if (p.offset === 0) return `${base}Z`;
  const a = Math.abs(p.offset);
  return `${base}${p.offset < 0 ? '-' : '+'}${pad(Math.floor(a / 60))}:${pad(a % 60)}`;
}

export const utc = (ms: number) => zoned(ms, 'UTC');

export type TimeDim = (typeof TIME_DIMENSIONS)[number];

/** A time dimension's bucket of an instant: its start (absolute dimensions) or its value. */
const BUCKETS = new Map<string, number>();

export function timeBucket(ms: number, dim: TimeDim, tz: string): number {
  const key = `${tz}|${dim}|${ms}`;
  let b = BUCKETS.get(key);
  if (b === undefined) {
    b = computeTimeBucket(ms, dim, tz);
    if (BUCKETS.size > 1_000_000) BUCKETS.clear();
    BUCKETS.set(key, b);
  }
  return b;
}

function computeTimeBucket(ms: number, dim: TimeDim, tz: string): number {
  const p = localParts(ms, tz);
  switch (dim) {
    case 'time:hour': {
      // An hour of absolute time starting on a whole local hour.
      const start = ms - (p.mi * MINUTE + p.s * 1000 + (((ms % 1000) + 1000) % 1000));
      return start;
    }
    case 'time:day':
      return startOfLocalDate(p.y, p.mo, p.d, tz);
    case 'time:week': {
      const monday = new Date(dateKey(p.y, p.mo, p.d) - (p.wd - 1) * DAY);
      return startOfLocalDate(monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate(), tz);
    }
    case 'time:month':
      return startOfLocalDate(p.y, p.mo, 1, tz);
    case 'time:weekday':
      return p.wd;
    case 'time:hour_of_day':
      return p.h;
  }
}

/** The position of an absolute bucket counted from the bucket holding `windowStart` (comparison matching). */
function bucketPosition(bucketStart: number, windowStart: number, dim: TimeDim, tz: string): number {
  const first = timeBucket(windowStart, dim, tz);
  if (dim === 'time:hour') return Math.round((bucketStart - first) / HOUR);
  const a = localParts(first, tz);
  const b = localParts(bucketStart, tz);
  if (dim === 'time:month') return b.y * 12 + b.mo - (a.y * 12 + a.mo);
  const days = Math.round((dateKey(b.y, b.mo, b.d) - dateKey(a.y, a.mo, a.d)) / DAY);
  return dim === 'time:week' ? days / 7 : days;
}

const isAbsoluteTime = (d: string) => d === 'time:hour' || d === 'time:day' || d === 'time:week' || d === 'time:month';

function timeValue(bucket: number, dim: TimeDim, tz: string): Value {
  if (dim === 'time:weekday') return WEEKDAY_NAMES[bucket - 1];
  if (dim === 'time:hour_of_day') return bucket;
  return zoned(bucket, tz);
}

// ---------------------------------------------------------------------------------------------
// windows

export interface Win {
  start: number;
  end: number;
  label: string;
}

const RANGE_MS: Record<string, number> = { h: HOUR, d: DAY, w: 7 * DAY };

function parseRange(r: string): number {
  const m = /^([1-9][0-9]*)([hdw])$/.exec(r);
  if (!m) throw new Error(`reference: bad range ${r}`);
  return Number(m[1]) * RANGE_MS[m[2]];
}

/** A bound: an RFC 3339 timestamp, or a date that is midnight in `tz`. */
export function parseBound(s: string, tz: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (m) return startOfLocalDate(Number(m[1]), Number(m[2]), Number(m[3]), tz);
  const ms = Date.parse(s);
  if (Number.isNaN(ms)) throw new Error(`reference: bad bound ${s}`);
  return ms;
}

export function resolveWindow(q: { range?: string; start?: string; end?: string }, tz: string, now: number): Win {
  const len = parseRange(q.range ?? '7d');
  if (q.start !== undefined) {
    return { start: parseBound(q.start, tz), end: q.end !== undefined ? parseBound(q.end, tz) : now, label: 'custom' };
  }
  const end = q.end !== undefined ? parseBound(q.end, tz) : now;
  return { start: end - len, end, label: q.range ?? '7d' };
}

// ---------------------------------------------------------------------------------------------
// filters

export type Filter = unknown[];

export interface Query {
  metrics: string[];
  dimensions?: string[];
  filters?: Filter[];
  range?: string;
  start?: string;
  end?: string;
  timezone?: string;
  compare?: 'previous_period' | { start: string; end: string };
  order_by?: [string, 'asc' | 'desc'][];
  limit?: number;
  offset?: number;
}

/** Whether one single ask (in cents) satisfies a comparison of `dollar_ask`. */
function askMatches(askCents: number, op: string, value: unknown): boolean {
  const a = askCents / 100;
  switch (op) {
    case 'has':
      return true;
    case 'gt':
      return a > (value as number);
    case 'gte':
      return a >= (value as number);
    case 'lt':
      return a < (value as number);
    case 'lte':
      return a <= (value as number);
    case 'between': {
      const [lo, hi] = value as [number, number];
      return a >= lo && a <= hi;
    }
  }
  throw new Error(`reference: ${op} on dollar_ask`);
}

function compareNumber(v: number, op: string, value: unknown): boolean {
  switch (op) {
    case 'gt':
      return v > (value as number);
    case 'gte':
      return v >= (value as number);
    case 'lt':
      return v < (value as number);
    case 'lte':
      return v <= (value as number);
    case 'between': {
      const [lo, hi] = value as [number, number];
      return v >= lo && v <= hi;
    }
  }
  throw new Error(`reference: op ${op}`);
}

function isMatch(c: RefCall, field: string, values: Value[]): boolean {
  const v = fieldValue(c, field);
  if (v === null) return false;
  if (typeof v === 'string') {
    const wanted = field === 'mule_bank_name' ? bankNameMatches(values as string[]) : (values as string[]).map((x) => x.toLowerCase());
    return wanted.includes(v.toLowerCase());
  }
  return values.includes(v);
}

export function matches(c: RefCall, f: Filter): boolean {
  const op = f[0] as string;
  if (op === 'not') return !matches(c, f[1] as Filter);
  if (op === 'and') return (f[1] as Filter[]).every((g) => matches(c, g));
  if (op === 'or') return (f[1] as Filter[]).some((g) => matches(c, g));
  const field = f[1] as string;
  if (field === 'dollar_ask') return (c.ext?.asks ?? []).some((a) => askMatches(a, op, f[2]));
  switch (op) {
    case 'has':
      return fieldValue(c, field) !== null;
    case 'is':
      return isMatch(c, field, f[2] as Value[]);
    case 'is_not':
      return !isMatch(c, field, f[2] as Value[]);
    case 'contains': {
      const v = fieldValue(c, field) as string | null;
      if (v === null) return false;
      const lower = v.toLowerCase();
      return (f[2] as string[]).some((t) => lower.includes(t.toLowerCase()));
    }
    default: {
      const v = fieldValue(c, field);
      return v !== null && compareNumber(v as number, op, f[2]);
    }
  }
}

/** The dollar_ask conditions that narrow the ask metrics: those of the top-level list and of top-level `and`s. */
function askConditions(filters: Filter[]): Filter[] {
  const out: Filter[] = [];
  for (const f of filters) {
    if (f[0] === 'and') out.push(...askConditions(f[1] as Filter[]));
    else if (f[0] !== 'not' && f[0] !== 'or' && f[1] === 'dollar_ask') out.push(f);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// metrics

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

function median(xs: number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

function percentileCont(xs: number[], p: number): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const pos = p * (s.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}

/** One metric over a group of calls; `askOk` says which single asks (cents) the ask metrics count. */
export function metricValue(calls: RefCall[], metric: string, askOk: (cents: number) => boolean): Value {
  const n = calls.length;
  const durations = () => calls.map((c) => c.duration);
  const asks = () => calls.flatMap((c) => (c.ext?.asks ?? []).filter(askOk));
  const confs = () => calls.map((c) => c.ext?.conf ?? null).filter((x): x is number => x !== null);
  if (metric.startsWith('distinct:')) {
    const field = metric.slice('distinct:'.length);
    return new Set(calls.map((c) => fieldValue(c, field)).filter((v) => v !== null)).size;
  }
  switch (metric) {
    case 'calls_received':
      return n;
    case 'cleanly_closed':
      return calls.filter((c) => c.clean === true).length;
    case 'hooked_calls':
      return calls.filter((c) => c.hooked).length;
    case 'hook_rate':
      return n === 0 ? 0 : calls.filter((c) => c.hooked).length / n;
    case 'avg_call_duration_sec':
      return n === 0 ? null : sum(durations()) / n;
    case 'median_call_duration_sec':
      return median(durations());
    case 'max_call_duration_sec':
      return n === 0 ? null : Math.max(...durations());
    case 'p90_call_duration_sec':
      return percentileCont(durations(), 0.9);
    case 'insights_produced':
      return calls.filter((c) => c.ext !== null).length;
    case 'high_confidence_insights':
      return confs().filter((x) => x >= 0.7).length;
    case 'avg_auditor_confidence': {
      const xs = confs();
      return xs.length === 0 ? null : sum(xs) / xs.length;
    }
    case 'tier1_calls':
      return calls.filter((c) => c.tier === 1).length;
    case 'tier2_calls':
      return calls.filter((c) => c.tier === 2).length;
    case 'tier3_calls':
      return calls.filter((c) => c.tier === 3).length;
    case 'total_dollars_asked':
      return sum(asks()) / 100;
    case 'asks':
      return asks().length;
    case 'mean_dollar_ask': {
      const xs = asks();
      return xs.length === 0 ? null : sum(xs) / xs.length / 100;
    }
    case 'median_dollar_ask': {
      const m = median(asks());
      return m === null ? null : m / 100;
    }
    case 'max_single_ask': {
      const xs = asks();
      return xs.length === 0 ? null : Math.max(...xs) / 100;
    }
    case 'total_dollars_dangled':
      return sum(calls.map((c) => c.ext?.dangled ?? 0)) / 100;
  }
  throw new Error(`reference: no metric ${metric}`);
}

// ---------------------------------------------------------------------------------------------
// answering

export interface Row {
  dimensions: Value[];
  metrics: Value[];
  comparison?: { metrics: Value[]; change: (number | null)[] };
}

export interface Answer {
  results: Row[];
  meta: { metrics: string[]; dimensions: string[]; total_rows: number };
  range: { start_utc: string; end_utc: string; label: string };
  comparison_range?: { start_utc: string; end_utc: string; label: string };
}

/** Code-point order (not UTF-16 order, which is what `<` does on strings). */
export function cmpCodePoint(a: string, b: string): number {
  const A = [...a];
  const B = [...b];
  for (let i = 0; i < Math.min(A.length, B.length); i++) {
    const d = A[i].codePointAt(0)! - B[i].codePointAt(0)!;
    if (d !== 0) return d;
  }
  return A.length - B.length;
}

/** Ascending order of two values of one kind; nulls are handled by the caller. */
function cmpValue(a: Exclude<Value, null>, b: Exclude<Value, null>): number {
  if (typeof a === 'string' && typeof b === 'string') return cmpCodePoint(a, b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return (a as number) - (b as number);
}

/** One sort key: nulls last in either direction. */
function cmpKey(a: Value, b: Value, dir: 'asc' | 'desc'): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  const c = cmpValue(a, b);
  return dir === 'asc' ? c : -c;
}

interface Group {
  key: string;
  /** Sort values of the dimensions (time buckets as instants or numbers). */
  sortDims: Value[];
  dims: Value[];
  /** Absolute time buckets' positions (for comparison matching), else the value. */
  matchKey: string;
  calls: RefCall[];
}

function groupCalls(calls: RefCall[], dims: string[], tz: string, win: Win): Map<string, Group> {
  const groups = new Map<string, Group>();
  for (const c of calls) {
    const sortDims: Value[] = [];
    const values: Value[] = [];
    const match: Value[] = [];
    for (const d of dims) {
      if (d.startsWith('time:')) {
        const b = timeBucket(c.ms, d as TimeDim, tz);
        sortDims.push(b);
        values.push(timeValue(b, d as TimeDim, tz));
        match.push(isAbsoluteTime(d) ? bucketPosition(b, win.start, d as TimeDim, tz) : b);
      } else {
        const v = fieldValue(c, d);
        sortDims.push(v);
        values.push(v);
        match.push(v);
      }
    }
    const key = JSON.stringify(values);
    let g = groups.get(key);
    if (!g) {
      g = { key, sortDims, dims: values, matchKey: JSON.stringify(match), calls: [] };
      groups.set(key, g);
    }
    g.calls.push(c);
  }
  return groups;
}

export interface Expected {
  answer: Answer;
  /** Every row before paging, in order (for checks that allow float ties to swap). */
  allRows: Row[];
  /** allRows[i] and allRows[i + 1] may swap when tie[i] (their order keys differ only by float noise). */
  runs: number[];
}

/** Relative closeness for float metrics. */
export const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/** The answer of `q` over `calls` (already one org's, and the key's slice) at `now`. */
export function answer(calls: RefCall[], q: Query, now: number): Expected {
  const tz = q.timezone ?? 'UTC';
  const dims = q.dimensions ?? [];
  const filters = q.filters ?? [];
  const win = resolveWindow(q, tz, now);
  const conds = askConditions(filters);
  const askOk = (cents: number) => conds.every((f) => askMatches(cents, f[0] as string, f[2]));
  const pass = (c: RefCall) => filters.every((f) => matches(c, f));
  const inWin = (w: { start: number; end: number }) => calls.filter((c) => c.ms >= w.start && c.ms < w.end && pass(c));

  const main = groupCalls(inWin(win), dims, tz, win);
  if (dims.length === 0 && main.size === 0) main.set('[]', { key: '[]', sortDims: [], dims: [], matchKey: '[]', calls: [] });

  let cwin: Win | null = null;
  if (q.compare !== undefined) {
    cwin =
      q.compare === 'previous_period'
        ? { start: 2 * win.start - win.end, end: win.start, label: 'previous_period' }
        : { start: parseBound(q.compare.start, tz), end: parseBound(q.compare.end, tz), label: 'custom' };
  }
  const earlier = new Map<string, Group>();
  if (cwin) {
    for (const g of groupCalls(inWin(cwin), dims, tz, cwin).values()) earlier.set(g.matchKey, g);
  }

  const rows: { row: Row; g: Group; calls: number }[] = [];
  for (const g of main.values()) {
    const metrics = q.metrics.map((m) => metricValue(g.calls, m, askOk));
    const row: Row = { dimensions: g.dims, metrics };
    if (cwin) {
      const other = earlier.get(g.matchKey)?.calls ?? [];
      const before = q.metrics.map((m) => metricValue(other, m, askOk));
      const change = metrics.map((v, i) => {
        const b = before[i];
        if (b === null || b === 0 || v === null) return null;
        return ((v as number) - (b as number)) / (b as number);
      });
      row.comparison = { metrics: before, change };
    }
    rows.push({ row, g, calls: g.calls.length });
  }

  // Default order: time dimensions ascending, calls descending, field dimensions ascending.
  const timeIdx = dims.flatMap((d, i) => (d.startsWith('time:') ? [i] : []));
  const fieldIdx = dims.flatMap((d, i) => (d.startsWith('time:') ? [] : [i]));
  const byDefault = (a: (typeof rows)[number], b: (typeof rows)[number]) => {
    for (const i of timeIdx) {
      const c = cmpKey(a.g.sortDims[i], b.g.sortDims[i], 'asc');
      if (c) return c;
    }
    if (a.calls !== b.calls) return b.calls - a.calls;
    for (const i of fieldIdx) {
      const c = cmpKey(a.g.sortDims[i], b.g.sortDims[i], 'asc');
      if (c) return c;
    }
    return 0;
  };
  const orderKeys = (q.order_by ?? []).map(([name, dir]) => {
    const d = dims.indexOf(name);
    const m = q.metrics.indexOf(name);
    return { dim: d >= 0 ? d : null, metric: d >= 0 ? null : m, dir, float: d < 0 && FLOAT_METRICS.has(name) };
  });
  const keyOf = (r: (typeof rows)[number], k: (typeof orderKeys)[number]) =>
    k.dim !== null ? r.g.sortDims[k.dim] : r.row.metrics[k.metric!];
  const byOrder = (a: (typeof rows)[number], b: (typeof rows)[number]) => {
    for (const k of orderKeys) {
      const c = cmpKey(keyOf(a, k), keyOf(b, k), k.dir);
      if (c) return c;
    }
    return 0;
  };
  rows.sort((a, b) => byOrder(a, b) || byDefault(a, b));

  // Rows whose explicit order keys differ only by float noise may come in either order.
  const runs: number[] = [];
  let run = 0;
  rows.forEach((r, i) => {
    if (i > 0) {
      const p = rows[i - 1];
      const tied =
        orderKeys.some((k) => k.float) &&
        orderKeys.every((k) => {
          const a = keyOf(p, k);
          const b = keyOf(r, k);
          if (k.float && typeof a === 'number' && typeof b === 'number') return close(a, b);
          return a === b;
        });
      if (!tied) run++;
    }
    runs.push(run);
  });

  const offset = q.offset ?? 0;
  const limit = q.limit ?? 100;
  const allRows = rows.map((r) => r.row);
  const ans: Answer = {
    results: allRows.slice(offset, offset + limit),
    meta: { metrics: q.metrics, dimensions: dims, total_rows: rows.length },
    range: { start_utc: utc(win.start), end_utc: utc(win.end), label: win.label },
  };
  if (cwin) ans.comparison_range = { start_utc: utc(cwin.start), end_utc: utc(cwin.end), label: cwin.label };
  return { answer: ans, allRows, runs };
}

// ---------------------------------------------------------------------------------------------
// comparing an API answer with the expected one

function sameNumber(actual: unknown, expected: Value, float: boolean, path: string): void {
  if (expected === null || typeof expected !== 'number') {
    if (actual !== expected) throw new Error(`${path}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`);
    return;
  }
  if (typeof actual !== 'number') throw new Error(`${path}: ${JSON.stringify(actual)} ≠ ${expected}`);
  if (float ? !close(actual, expected) : actual !== expected) throw new Error(`${path}: ${actual} ≠ ${expected}`);
}

function sameRow(actual: Row, expected: Row, metrics: string[], path: string): void {
  if (JSON.stringify(actual.dimensions) !== JSON.stringify(expected.dimensions)) {
    throw new Error(`${path}.dimensions: ${JSON.stringify(actual.dimensions)} ≠ ${JSON.stringify(expected.dimensions)}`);
  }
  if (!Array.isArray(actual.metrics) || actual.metrics.length !== metrics.length) {
    throw new Error(`${path}.metrics: ${JSON.stringify(actual.metrics)}`);
  }
  metrics.forEach((m, i) => sameNumber(actual.metrics[i], expected.metrics[i], FLOAT_METRICS.has(m), `${path}.metrics[${i}] (${m})`));
  if (expected.comparison) {
    if (!actual.comparison) throw new Error(`${path}: no comparison`);
    metrics.forEach((m, i) => {
      sameNumber(
        actual.comparison!.metrics[i],
        expected.comparison!.metrics[i],
        FLOAT_METRICS.has(m),
        `${path}.comparison.metrics[${i}] (${m})`,
      );
      sameNumber(actual.comparison!.change[i], expected.comparison!.change[i], true, `${path}.comparison.change[${i}] (${m})`);
    });
  } else if (actual.comparison !== undefined) {
    throw new Error(`${path}: unexpected comparison`);
  }
}

/** Throws, naming the first difference, unless `actual` is the expected answer (float ties may swap). */
export function assertAnswer(actual: Answer, exp: Expected, offset = 0): void {
  const e = exp.answer;
  const pathRange = (a: unknown, b: unknown, p: string) => {
    if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`${p}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`);
  };
  pathRange(actual.range, e.range, 'range');
  pathRange(actual.meta, e.meta, 'meta');
  if (e.comparison_range) pathRange(actual.comparison_range, e.comparison_range, 'comparison_range');
  else if (actual.comparison_range !== undefined) throw new Error('comparison_range: unexpected');
  if (!Array.isArray(actual.results) || actual.results.length !== e.results.length) {
    throw new Error(`results: ${Array.isArray(actual.results) ? actual.results.length : 'none'} rows ≠ ${e.results.length}`);
  }
  const byDims = new Map(exp.allRows.map((r, i) => [JSON.stringify(r.dimensions), i]));
  const seen = new Set<string>();
  actual.results.forEach((row, i) => {
    const pos = offset + i;
    const key = JSON.stringify(row.dimensions);
    const at = byDims.get(key);
    if (at === undefined)
      throw new Error(`results[${i}]: no group ${key} expected (row ${pos} is ${JSON.stringify(exp.allRows[pos].dimensions)})`);
    if (seen.has(key)) throw new Error(`results[${i}]: group ${key} twice`);
    seen.add(key);
    if (exp.runs[at] !== exp.runs[pos]) {
      throw new Error(`results[${i}]: group ${key} at row ${pos}, expected ${JSON.stringify(exp.allRows[pos].dimensions)}`);
    }
    sameRow(row, exp.allRows[at], e.meta.metrics, `results[${i}]`);
  });
}
