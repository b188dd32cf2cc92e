// A window as the user named it (CONTRACT §4, §11): kept as a `WindowSpec`, not as instants,
// so a follow-up asked later ("and the week before?") is resolved against its own request
// time. Here: resolving a spec at `now`, shifting it back, the tools' arguments for it, and
// how an answer names it. Calendar periods are UTC ("this week" starts Monday 00:00 UTC).

import { bucketStart, DAY_MS, formatUtc, HOUR_MS, MAX_SPAN_DAYS } from '../../domain/window.js';

export type CalendarUnit = 'day' | 'week' | 'month' | 'quarter' | 'year';

export type WindowSpec =
  /**
   * A named window ending now, e.g. "24h", "7d" ("last 24 hours", dashboard_range, default);
   * `all`: "all time", the longest window a query may span.
   */
  | { kind: 'range'; range: string; all?: boolean }
  /** A calendar period: offset 0 is the current one (up to now), -1 the previous whole one, … */
  | { kind: 'calendar'; unit: CalendarUnit; offset: number }
  /** Explicit instants (RFC 3339 UTC); no end means now. */
  | { kind: 'span'; start: string; end: string | null };

/** "all time": every call a query can reach. */
export const ALL_TIME: WindowSpec = { kind: 'range', range: `${MAX_SPAN_DAYS}d`, all: true };

/** The same window a week (day, month) earlier, or with `dir` 1 later (its end kept at now at most). */
export function shiftBy(spec: WindowSpec, unit: 'week' | 'day' | 'month', now: Date, dir: -1 | 1 = -1): WindowSpec {
  if (spec.kind === 'calendar' && spec.unit === unit) return { ...spec, offset: spec.offset + dir };
  const r = resolve(spec, now);
  const move = (d: Date) =>
    unit === 'month'
      ? new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + dir, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()))
      : new Date(d.getTime() + dir * (unit === 'week' ? 7 : 1) * DAY_MS);
  const end = move(r.end);
  return { kind: 'span', start: formatUtc(move(r.start)), end: end.getTime() >= now.getTime() ? null : formatUtc(end) };
}

/**
 * The window just after `spec`, ending at now at most: one `unit` long when the follow-up names
 * one ("the week after" a day: the 7 days after it), else of the same length; a calendar period
 * of that unit steps by one.
 */
export function shiftForward(spec: WindowSpec, now: Date, unit?: CalendarUnit | 'hour' | 'fortnight'): WindowSpec {
  if (spec.kind === 'calendar' && (!unit || unit === spec.unit)) return { ...spec, offset: Math.min(0, spec.offset + 1) };
  const r = resolve(spec, now);
  const from = r.end.getTime();
  const end = !unit
    ? from + (from - r.start.getTime())
    : unit === 'month' || unit === 'quarter' || unit === 'year'
      ? Date.UTC(
          r.end.getUTCFullYear() + (unit === 'year' ? 1 : 0),
          r.end.getUTCMonth() + (unit === 'month' ? 1 : unit === 'quarter' ? 3 : 0),
          r.end.getUTCDate(),
          r.end.getUTCHours(),
          r.end.getUTCMinutes(),
        )
      : from + { hour: HOUR_MS, day: DAY_MS, week: 7 * DAY_MS, fortnight: 14 * DAY_MS }[unit];
  return { kind: 'span', start: formatUtc(r.end), end: end >= now.getTime() ? null : formatUtc(new Date(end)) };
}

/** The window just before `spec`, of the same length (calendar periods step by one). */
export function shiftBack(spec: WindowSpec, now: Date): WindowSpec {
  if (spec.kind === 'calendar') return { ...spec, offset: spec.offset - 1 };
  // A weekend (Saturday and Sunday, whole) before is the weekend before, not the Thursday and Friday.
  const r = resolve(spec, now);
  if (r.start.getUTCDay() === 6 && r.start.getTime() % DAY_MS === 0 && r.end.getTime() - r.start.getTime() === 2 * DAY_MS)
    return shiftBy(spec, 'week', now);
  return precedingSpan(spec, now);
}

/** The span of the same length just before `spec` ("this week" so far: as many days before it, not all of last week). */
export function precedingSpan(spec: WindowSpec, now: Date): WindowSpec {
  const r = resolve(spec, now);
  const len = r.end.getTime() - r.start.getTime();
  return { kind: 'span', start: formatUtc(new Date(r.start.getTime() - len)), end: formatUtc(r.start) };
}

function calendarStart(unit: CalendarUnit, offset: number, now: Date): Date {
  if (unit === 'day') return new Date(bucketStart(now, 'day').getTime() + offset * DAY_MS);
  if (unit === 'week') return new Date(bucketStart(now, 'week').getTime() + offset * 7 * DAY_MS);
  if (unit === 'month') return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  if (unit === 'quarter') return new Date(Date.UTC(now.getUTCFullYear(), Math.floor(now.getUTCMonth() / 3) * 3 + 3 * offset, 1));
  return new Date(Date.UTC(now.getUTCFullYear() + offset, 0, 1));
}

/** The instants of a spec at `now` (for shifting and for the halves of a trend). */
export function resolve(spec: WindowSpec, now: Date): { start: Date; end: Date } {
  switch (spec.kind) {
    case 'range': {
      const m = /^(\d+)([hdw])$/.exec(spec.range);
      const ms = m ? Number(m[1]) * (m[2] === 'h' ? HOUR_MS : m[2] === 'd' ? DAY_MS : 7 * DAY_MS) : 7 * DAY_MS;
      return { start: new Date(now.getTime() - ms), end: now };
    }
    case 'calendar': {
      const start = calendarStart(spec.unit, spec.offset, now);
      const end = spec.offset === 0 ? now : calendarStart(spec.unit, spec.offset + 1, now);
      return { start, end };
    }
    case 'span':
      return { start: new Date(spec.start), end: spec.end ? new Date(spec.end) : now };
  }
}

/** Tool arguments for a spec: `range` for named windows, else explicit `start`/`end`. */
export function windowArgs(spec: WindowSpec, now: Date): { range?: string; start?: string; end?: string } {
  if (spec.kind === 'range') return { range: spec.range };
  if (spec.kind === 'span') return spec.end ? { start: spec.start, end: spec.end } : { start: spec.start };
  const r = resolve(spec, now);
  return spec.offset === 0 ? { start: formatUtc(r.start) } : { start: formatUtc(r.start), end: formatUtc(r.end) };
}

const UNIT_WORDS: Record<string, [string, string]> = { h: ['hour', 'hours'], d: ['day', 'days'], w: ['week', 'weeks'] };

/**
 * How the answer names a window. Digits appear only where the tool result shows them too
 * (the range label "7d", or the RFC 3339 bounds that follow this phrase in the answer).
 */
export function windowPhrase(spec: WindowSpec): string {
  switch (spec.kind) {
    case 'range': {
      const m = /^(\d+)([hdw])$/.exec(spec.range);
      if (!m) return `the window ${spec.range}`;
      if (spec.all) return `all time, the last ${m[1]} days (the longest window)`;
      const [one, many] = UNIT_WORDS[m[2]];
      return m[1] === '1' ? `the past ${one}` : `the last ${m[1]} ${many}`;
    }
    case 'calendar': {
      const names: Record<CalendarUnit, [string, string, string]> = {
        day: ['today', 'yesterday', 'the day before yesterday'],
        week: ['this week', 'last week', 'the week before last'],
        month: ['this month', 'last month', 'the month before last'],
        quarter: ['this quarter', 'last quarter', 'the quarter before last'],
        year: ['this year', 'last year', 'the year before last'],
      };
      const n = names[spec.unit];
      return spec.offset >= -2 ? n[-spec.offset] : `an earlier ${spec.unit}`;
    }
    case 'span':
      return spec.end ? 'the requested period' : 'the period since then';
  }
}
