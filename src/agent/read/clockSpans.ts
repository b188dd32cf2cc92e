// Clock spans ("between 9am and 5pm", "from 14:00 to 18:00 utc", "9-5 new york time"): a part
// of one day, read against the day named beside it ("yesterday", "on monday", "march 3"). A
// clock span is no window alone: findWindows (timePhrases.ts) joins it to the day next to it,
// and with no such day its words stay unread, so the answer says so rather than guessing a day.

import { DAY_MS, formatUtc, MINUTE_MS } from '../../domain/window.js';
import { instantOfLocal, offsetSegments } from '../../domain/query/zone.js';
import type { WindowSpec } from './windowSpec.js';

export interface ClockSpan {
  index: number;
  length: number;
  /** Minutes after local midnight; `to` may be 24 * 60 (the day's end). */
  from: number;
  to: number;
  /** IANA zone the clock is read in (UTC unless a zone is named after it). */
  zone: string;
  /** Where the zone's words are ("new york time"), when named: no place of a caller. */
  zoneAt?: [number, number];
  /** Numbers alone, no am/pm, minutes or zone ("between 9 and 5"). */
  bare: boolean;
}

const CLOCK = String.raw`(noon|midday|midnight|\d{1,2}(?::\d{2})?(?: ?(?:am|pm|a\.m\.|p\.m\.))?)`;
const TO = String.raw`(?:and|to|till|until|through|-|–)`;

/** Zones by the words people use; the US ones first (the honeypot's callers are American). */
const ZONES: Array<[RegExp, string]> = [
  [/^(?:new york|nyc|ny|eastern|east coast|et|est|edt)$/, 'America/New_York'],
  [/^(?:chicago|central|ct|cst|cdt)$/, 'America/Chicago'],
  [/^(?:denver|mountain|mt|mst|mdt)$/, 'America/Denver'],
  [/^(?:los angeles|la|pacific|west coast|pt|pst|pdt|california)$/, 'America/Los_Angeles'],
  [/^(?:london|uk|bst)$/, 'Europe/London'],
  [/^(?:utc|gmt|z|zulu)$/, 'UTC'],
];
const ZONE_WORDS =
  'new york|nyc|ny|eastern|east coast|et|est|edt|chicago|central|ct|cst|cdt|denver|mountain|mt|mst|mdt|los angeles|la|pacific|west coast|pt|pst|pdt|california|london|uk|bst|utc|gmt|z|zulu';
// A zone after the span: "new york time", "(et)", "utc"; the short names only with "time" or as capitals' abbreviations.
const ZONE = String.raw`(?:,? ?\(?(?:in )?(${ZONE_WORDS})(?: time)?\)?)?`;

const SPAN = String.raw`\b(?:(?:between|from) ${CLOCK} ${TO} ${CLOCK}|${CLOCK} ?(?:-|–|to) ?${CLOCK})${ZONE}(?![\w:])`;
const SPAN_RE = new RegExp(SPAN, 'g');
/** Whether a text may hold a clock span (findClockSpans says which). */
export const CLOCK_SPAN_CUE = new RegExp(SPAN);

/** Minutes after midnight of a clock time; `pm` of the other end when this one says neither. */
function minutes(s: string): { min: number; half: 'am' | 'pm' | null } | null {
  if (s === 'noon' || s === 'midday') return { min: 12 * 60, half: 'pm' };
  if (s === 'midnight') return { min: 0, half: 'am' };
  const m = /^(\d{1,2})(?::(\d{2}))? ?(am|pm|a\.m\.|p\.m\.)?$/.exec(s);
  if (!m) return null;
  const h = Number(m[1]);
  const min = m[2] ? Number(m[2]) : 0;
  const half = m[3] ? (m[3][0] === 'a' ? 'am' : 'pm') : null;
  if (min > 59 || h > 24 || (half && (h === 0 || h > 12))) return null;
  return { min: ((half === 'pm' && h < 12 ? h + 12 : half === 'am' && h === 12 ? 0 : h) % 25) * 60 + min, half };
}

/** The clock spans of a (normalised) text, with the zone each names. */
export function findClockSpans(text: string): ClockSpan[] {
  const out: ClockSpan[] = [];
  for (const m of text.matchAll(SPAN_RE)) {
    const [a, b] = m[1] !== undefined ? [m[1], m[2]] : [m[3], m[4]];
    const x = minutes(a);
    const y = minutes(b);
    // Numbers with no clock word ("between 9 and 5") are hours only before a day or at the end
    // ("from 5 to 9 october", "between 2 and 5 calls" are not); "9-5" alone never.
    const bare = !x?.half && !y?.half && !m[5] && !/:|noon|midday|midnight/.test(a + b);
    const after = text.slice(m.index + m[0].length);
    if (!x || !y || (bare && (m[1] === undefined || !/^\s*(?:$|(?:yesterday|today|tonight|on|last|this|that|the day)\b)/.test(after))))
      continue;
    const from = x.min;
    let to = y.min;
    // "9 to 5", "9 and 5pm": the later end is in the afternoon; "midnight" at the end is the day's end.
    if (!y.half && to <= from && to < 12 * 60) to += 12 * 60;
    if (b === 'midnight' || (to === 0 && from > 0)) to = 24 * 60;
    if (to <= from || to > 24 * 60) continue;
    const zone = m[5] ? (ZONES.find(([re]) => re.test(m[5]))?.[1] ?? 'UTC') : 'UTC';
    const zoneAt: [number, number] | undefined = m[5] ? [m.index + m[0].lastIndexOf(m[5]), m[5].length] : undefined;
    out.push({ index: m.index, length: m[0].length, from, to, zone, zoneAt, bare });
  }
  return out;
}

/** The clock span on the day starting at UTC midnight `day` (the calendar date, read in the span's zone), or null before it begins. */
export function clockSpanOn(c: ClockSpan, day: number, now: Date): WindowSpec | null {
  const segments = offsetSegments(c.zone, day - DAY_MS, day + 2 * DAY_MS);
  const start = instantOfLocal(segments, day + c.from * MINUTE_MS);
  const end = instantOfLocal(segments, day + c.to * MINUTE_MS);
  if (start >= now.getTime()) return null;
  return { kind: 'span', start: formatUtc(new Date(start)), end: end >= now.getTime() ? null : formatUtc(new Date(end)) };
}

/** Whether `[start, end)` is one UTC calendar day (or today so far). */
export function isOneDay(start: number, end: number, now: Date): boolean {
  return start % DAY_MS === 0 && (end - start === DAY_MS || (end === now.getTime() && end - start < DAY_MS && end - start > 0));
}

/** "going by Eastern time", "in Chicago time", "on Pacific time": the days of the question are that zone's. */
const DAY_ZONE_RE =
  /\b(?:(?:going by|by|on|in|using|per|according to) )?(new york|eastern|chicago|central|denver|mountain|los angeles|pacific|london|utc|gmt)(?: standard| daylight)? time\b/;

/** The zone the question's days are read in, when it names one apart from a clock span. */
export function dayZoneIn(text: string): { zone: string; index: number; length: number } | null {
  const m = DAY_ZONE_RE.exec(text);
  if (!m || findClockSpans(text).some((c) => c.zoneAt && c.zoneAt[0] <= m.index + m[0].length && c.zoneAt[0] >= m.index)) return null;
  const zone = ZONES.find(([re]) => re.test(m[1]))?.[1] ?? 'UTC';
  return { zone, index: m.index, length: m[0].length };
}

/** A window of whole UTC days moved to the same days in `zone` (its midnights there); others as they are. */
export function inZone(start: number, end: number, zone: string, now: Date): WindowSpec | null {
  if (zone === 'UTC' || start % DAY_MS !== 0) return null;
  const segments = offsetSegments(zone, start - DAY_MS, end + 2 * DAY_MS);
  const s = instantOfLocal(segments, start);
  const whole = end % DAY_MS === 0 || end === now.getTime();
  const e = end === now.getTime() ? now.getTime() : whole ? instantOfLocal(segments, end) : end;
  if (s >= now.getTime()) return null;
  return { kind: 'span', start: formatUtc(new Date(s)), end: e >= now.getTime() ? null : formatUtc(new Date(e)) };
}
