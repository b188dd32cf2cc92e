// Time windows and buckets (CONTRACT §4). Pure functions: no I/O, `now` is always passed in.
//
// A window is the half-open interval [start, end). It comes from the query params `range`,
// `start` and `end`; every problem with them is a 400 `invalid_range`.

import { invalidRange } from '../errors.js';

export const BUCKETS = ['15min', 'hour', 'day', 'week'] as const;
export type Bucket = (typeof BUCKETS)[number];

export interface Window {
  start: Date;
  end: Date;
  label: string;
}

export interface RangeObject {
  start_utc: string;
  end_utc: string;
  label: string;
}

export interface WindowQuery {
  range?: string;
  start?: string;
  end?: string;
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;

/** Longest allowed window; exactly this long is allowed. */
export const MAX_SPAN_DAYS = 400;
const MAX_SPAN_MS = MAX_SPAN_DAYS * DAY_MS;
/** Most buckets a bucketed result may have; exactly this many is allowed. */
export const MAX_BUCKETS = 10_000;

/** Earliest / latest instants we accept, so every bound formats as a 4-digit-year RFC 3339 string. */
const MIN_INSTANT_MS = (() => {
  const d = new Date(0);
  d.setUTCFullYear(0, 0, 1);
  d.setUTCHours(0, 0, 0, 0);
  return d.getTime();
})();
const MAX_INSTANT_MS = (() => {
  const d = new Date(0);
  d.setUTCFullYear(9999, 11, 31);
  d.setUTCHours(23, 59, 59, 999);
  return d.getTime();
})();

// ---------------------------------------------------------------------------------------------
// range

const RANGE_UNIT_MS = { h: HOUR_MS, d: DAY_MS, w: WEEK_MS } as const;
const RANGE_RE = /^([1-9][0-9]*)([hdw])$/;

interface RangeSpec {
  /** The range string as given, e.g. "7d"; used as the window label. */
  label: string;
  n: number;
  unit: 'h' | 'd' | 'w';
  /** Length in milliseconds (may exceed MAX_SPAN_MS; the span check happens on the window). */
  ms: number;
}

/**
 * The longest `range`, `start` or `end` accepted: every valid value is far shorter (a
 * timestamp with nanoseconds and an offset is 35 characters), and a longer one is neither
 * stored (saved searches) nor echoed back.
 */
const MAX_WINDOW_PARAM_LENGTH = 64;

function tooLong(param: string): never {
  throw invalidRange(`${param} is not valid: it is longer than ${MAX_WINDOW_PARAM_LENGTH} characters.`);
}

/** Parse `<N>h`, `<N>d` or `<N>w` (N ≥ 1, plain digits, no leading zero, lower-case unit). */
function parseRange(range: string): RangeSpec {
  if (range.length > MAX_WINDOW_PARAM_LENGTH) tooLong('range');
  const m = RANGE_RE.exec(range);
  if (!m) {
    throw invalidRange(
      `range ${JSON.stringify(range)} is not valid: use <N>h, <N>d or <N>w with a whole number N ≥ 1 (e.g. "24h", "7d", "12w").`,
    );
  }
  const n = Number(m[1]);
  const unit = m[2] as RangeSpec['unit'];
  return { label: range, n, unit, ms: n * RANGE_UNIT_MS[unit] };
}

// ---------------------------------------------------------------------------------------------
// timestamps

// RFC 3339 date-time: full-date "T" full-time, time-offset "Z" or ±HH:MM. `t`/`z` are allowed
// (RFC 3339 §5.6 note). A space in place of "+" in the offset is accepted because an unencoded
// "+" in a query string decodes to a space.
const DATETIME_RE = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([Zz])|([+\- ])(\d{2}):(\d{2}))$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

function daysInMonth(y: number, m: number): number {
  return [31, isLeapYear(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];
}

function utcMs(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0): number {
  // setUTCFullYear, because Date.UTC maps years 0–99 to 1900–1999.
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, s, ms);
  return date.getTime();
}

/**
 * Parse an RFC 3339 timestamp (with `Z` or a numeric offset; fractional seconds truncated to
 * milliseconds) or a plain `YYYY-MM-DD` date (00:00 UTC). `param` names the query parameter in
 * error details. Throws `invalid_range`.
 */
export function parseInstant(value: string, param = 'timestamp'): Date {
  if (value.length > MAX_WINDOW_PARAM_LENGTH) tooLong(param);
  const bad = (why: string) =>
    invalidRange(
      `${param} ${JSON.stringify(value)} is not valid: ${why}. Use an RFC 3339 timestamp with "Z" or an offset (e.g. "2026-11-20T14:00:00Z", "2026-11-20T09:00:00-05:00") or a date "YYYY-MM-DD".`,
    );

  let y: number, mo: number, d: number;
  let h = 0,
    mi = 0,
    s = 0,
    ms = 0,
    offsetMin = 0;

  const dm = DATE_RE.exec(value);
  const tm = dm ? null : DATETIME_RE.exec(value);
  if (dm) {
    [y, mo, d] = [Number(dm[1]), Number(dm[2]), Number(dm[3])];
  } else if (tm) {
    [y, mo, d] = [Number(tm[1]), Number(tm[2]), Number(tm[3])];
    [h, mi, s] = [Number(tm[4]), Number(tm[5]), Number(tm[6])];
    if (tm[7] !== undefined) ms = Number(tm[7].slice(0, 3).padEnd(3, '0'));
    if (tm[8] === undefined) {
      const oh = Number(tm[10]);
      const om = Number(tm[11]);
      if (oh > 23 || om > 59) throw bad('the UTC offset is out of range');
      offsetMin = (tm[9] === '-' ? -1 : 1) * (oh * 60 + om);
    }
    if (h > 23) throw bad('the hour is out of range');
    if (mi > 59) throw bad('the minute is out of range');
    if (s > 59) throw bad('the second is out of range');
  } else {
    throw bad('it is not a timestamp with a UTC offset or a date');
  }
  if (mo < 1 || mo > 12) throw bad('the month is out of range');
  if (d < 1 || d > daysInMonth(y, mo)) throw bad('that day does not exist in that month');

  const t = utcMs(y, mo, d, h, mi, s, ms) - offsetMin * MINUTE_MS;
  if (t < MIN_INSTANT_MS || t > MAX_INSTANT_MS) throw bad('it is outside the years 0000–9999');
  return new Date(t);
}

// ---------------------------------------------------------------------------------------------
// windows

/**
 * Resolve the window of a request (CONTRACT §4).
 * - start+end: [start, end), label "custom"
 * - start only: [start, now), label "custom"
 * - end only: [end - range, end), label = range string (default applies)
 * - neither: [now - range, now), label = range string (default applies)
 * `range` is validated whenever it is given, even when start and end make it unused.
 */
export function parseWindow(q: WindowQuery, now: Date, defaultRange = '7d'): Window {
  const rangeGiven = q.range !== undefined;
  const spec = parseRange(rangeGiven ? (q.range as string) : defaultRange);

  const start = q.start !== undefined ? parseInstant(q.start, 'start') : undefined;
  const end = q.end !== undefined ? parseInstant(q.end, 'end') : undefined;

  let window: Window;
  if (start) {
    window = { start, end: end ?? new Date(now.getTime()), label: 'custom' };
  } else {
    const e = end ?? new Date(now.getTime());
    if (spec.ms > MAX_SPAN_MS) {
      throw invalidRange(`range ${JSON.stringify(spec.label)} spans more than ${MAX_SPAN_DAYS} days, the longest window allowed.`);
    }
    const s = new Date(e.getTime() - spec.ms);
    if (s.getTime() < MIN_INSTANT_MS) {
      throw invalidRange('The window would start before the year 0000.');
    }
    window = { start: s, end: e, label: spec.label };
  }

  checkSpan(window);
  return window;
}

function checkSpan(w: Window): void {
  const span = w.end.getTime() - w.start.getTime();
  if (!(span > 0)) {
    throw invalidRange(`start (${formatUtc(w.start)}) must be before end (${formatUtc(w.end)}).`);
  }
  if (span > MAX_SPAN_MS) {
    throw invalidRange(
      `The window from ${formatUtc(w.start)} to ${formatUtc(w.end)} spans more than ${MAX_SPAN_DAYS} days, the longest window allowed.`,
    );
  }
}

/**
 * RFC 3339 UTC string ending in `Z`: without fractional seconds when the milliseconds are 0
 * ("2026-11-20T14:00:00Z"), with three digits otherwise ("2026-11-20T14:00:00.123Z").
 */
export function formatUtc(instant: Date | number): string {
  const d = typeof instant === 'number' ? new Date(instant) : instant;
  const iso = d.toISOString();
  return d.getUTCMilliseconds() === 0 ? iso.slice(0, 19) + 'Z' : iso;
}

/** The `range` object of every windowed response. */
export function rangeObject(w: Window): RangeObject {
  return { start_utc: formatUtc(w.start), end_utc: formatUtc(w.end), label: w.label };
}

// ---------------------------------------------------------------------------------------------
// buckets

const BUCKET_WIDTH_MS: Record<Bucket, number> = {
  '15min': 15 * MINUTE_MS,
  hour: HOUR_MS,
  day: DAY_MS,
  week: WEEK_MS,
};

/** 1970-01-05T00:00:00Z, a Monday: week buckets are aligned to it. */
const WEEK_ANCHOR_MS = 4 * DAY_MS;

/** Width of a bucket in milliseconds. All buckets are fixed-width in UTC (week = 7 days). */
export function bucketWidthMs(bucket: Bucket): number {
  return BUCKET_WIDTH_MS[bucket];
}

/** Start of the UTC-aligned bucket containing `d` (`week` starts Monday 00:00 UTC). */
export function bucketStart(d: Date, bucket: Bucket): Date {
  const width = BUCKET_WIDTH_MS[bucket];
  const anchor = bucket === 'week' ? WEEK_ANCHOR_MS : 0;
  const t = d.getTime();
  return new Date(Math.floor((t - anchor) / width) * width + anchor);
}

/**
 * Number of buckets of `w`: from the bucket containing `start` to the bucket containing
 * `end - 1 ms` (0 for an empty window). Throws `invalid_range` above MAX_BUCKETS.
 */
export function ensureBucketCount(w: Window, bucket: Bucket): number {
  if (w.end.getTime() <= w.start.getTime()) return 0;
  const first = bucketStart(w.start, bucket).getTime();
  // Only a week can reach back past 0000-01-01 (a Saturday), whose start is not RFC 3339.
  if (first < MIN_INSTANT_MS) throw invalidRange(`The first ${bucket} bucket would start before the year 0000.`);
  const last = bucketStart(new Date(w.end.getTime() - 1), bucket).getTime();
  const count = (last - first) / BUCKET_WIDTH_MS[bucket] + 1;
  if (count > MAX_BUCKETS) {
    throw invalidRange(
      `The window from ${formatUtc(w.start)} to ${formatUtc(w.end)} has ${count} ${bucket} buckets; at most ${MAX_BUCKETS} are allowed. Use a shorter window or a wider bucket.`,
    );
  }
  return count;
}

/** Starts of every bucket of `w`, oldest first (zero-fill skeleton for bucketed results). */
export function bucketStarts(w: Window, bucket: Bucket): Date[] {
  const count = ensureBucketCount(w, bucket);
  const width = BUCKET_WIDTH_MS[bucket];
  const first = bucketStart(w.start, bucket).getTime();
  const out: Date[] = new Array(count);
  for (let i = 0; i < count; i++) out[i] = new Date(first + i * width);
  return out;
}
