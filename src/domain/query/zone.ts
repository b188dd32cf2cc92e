// Local time in an IANA zone without a time-zone library: the zone's UTC offsets over a window
// as a few constant segments (they change only at DST and rule changes), found with Intl. SQL
// then reads local time as `started_at + offset` by a CASE over the segments, so both engines
// bucket by the same integer arithmetic, and JavaScript turns local bucket starts back into
// instants with the same segments.

import { DAY_MS, HOUR_MS } from '../window.js';

/** From `from` (epoch ms) on, until the next segment, local time is UTC + `offsetMs`. */
export interface OffsetSegment {
  from: number;
  offsetMs: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    if (formatters.size > 500) formatters.clear();
    formatters.set(zone, f);
  }
  return f;
}

/** Whether `zone` is an IANA zone name this runtime knows. */
export function isKnownZone(zone: string): boolean {
  if (zone.length > 64) return false;
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC (ms) at instant `t`, to the second. */
function offsetAt(zone: string, t: number): number {
  if (zone === 'UTC') return 0;
  const parts = formatter(zone).formatToParts(new Date(t));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  let year = get('year');
  if (parts.find((p) => p.type === 'era')?.value === 'BC') year = 1 - year;
  const d = new Date(0);
  d.setUTCFullYear(year, get('month') - 1, get('day'));
  d.setUTCHours(get('hour'), get('minute'), get('second'), 0);
  const secondStart = t - (((t % 1000) + 1000) % 1000);
  return d.getTime() - secondStart;
}

/** Offset segments covering `[from, to)`; the first starts at -Infinity as far as SQL cares. */
export function offsetSegments(zone: string, from: number, to: number): OffsetSegment[] {
  const step = 6 * HOUR_MS; // no zone changes its offset twice in six hours
  const start = from - DAY_MS;
  if (zone === 'UTC') return [{ from: start, offsetMs: 0 }]; // every preset: no walk over the window
  const end = to + DAY_MS;
  const segments: OffsetSegment[] = [{ from: start, offsetMs: offsetAt(zone, start) }];
  let prevT = start;
  let prev = segments[0].offsetMs;
  for (let t = Math.min(start + step, end); ; t = Math.min(t + step, end)) {
    const o = offsetAt(zone, t);
    if (o !== prev) {
      // The change lies in (prevT, t]: find its first millisecond.
      let lo = prevT;
      let hi = t;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (offsetAt(zone, mid) === prev) lo = mid;
        else hi = mid;
      }
      segments.push({ from: hi, offsetMs: o });
      prev = o;
    }
    prevT = t;
    if (t >= end) break;
  }
  return segments;
}

/** The offset of the segment holding `t`. */
export function offsetIn(segments: readonly OffsetSegment[], t: number): number {
  let o = segments[0].offsetMs;
  for (const s of segments) {
    if (s.from <= t) o = s.offsetMs;
    else break;
  }
  return o;
}

/**
 * The first instant whose local time is at or after the local time `local` (epoch ms of the
 * wall clock read as UTC): the instant of a local midnight, or, when that moment was skipped
 * by a change, the change itself.
 */
export function instantOfLocal(segments: readonly OffsetSegment[], local: number): number {
  let best = Infinity;
  for (const s of segments) {
    const t = local - s.offsetMs;
    if (offsetIn(segments, t) === s.offsetMs) best = Math.min(best, t);
  }
  if (best !== Infinity) return best;
  // Skipped: the change after which local time is past `local`.
  for (let i = 1; i < segments.length; i++) {
    const s = segments[i];
    if (s.from + s.offsetMs > local && s.from + segments[i - 1].offsetMs <= local) return s.from;
  }
  return local - segments[0].offsetMs;
}

/** Local calendar parts of a local-time epoch value. */
function localParts(local: number): { y: number; m: number } {
  const d = new Date(local);
  return { y: d.getUTCFullYear(), m: d.getUTCMonth() };
}

/** Local month starts (local-time epoch ms) from the month holding `fromLocal` to past `toLocal`. */
export function localMonthStarts(fromLocal: number, toLocal: number): number[] {
  const { y, m } = localParts(fromLocal);
  const out: number[] = [];
  for (let i = 0; ; i++) {
    const d = new Date(0);
    d.setUTCFullYear(y, m + i, 1);
    d.setUTCHours(0, 0, 0, 0);
    out.push(d.getTime());
    if (d.getTime() > toLocal) break;
  }
  return out;
}

/** RFC 3339 of an instant with the offset it has in the zone ("Z" for a zero offset). */
export function formatWithOffset(t: number, offsetMs: number): string {
  const local = new Date(t + offsetMs);
  const iso = local.toISOString();
  const base = local.getUTCMilliseconds() === 0 ? iso.slice(0, 19) : iso.slice(0, 23);
  if (offsetMs === 0) return `${base}Z`;
  const sign = offsetMs < 0 ? '-' : '+';
  const abs = Math.round(Math.abs(offsetMs) / 60_000);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${base}${sign}${hh}:${mm}`;
}
