// Comparison frames: how a question cuts time to compare it, in one table. A frame is a
// partition of the calendar (weekends against weekdays, business hours against the rest, the
// parts of the day: one query by time:weekday or time:hour_of_day, its rows summed into the
// parts), a series (week by week, month by month: one query by time:week or time:month), or a
// stretch to date against the same stretch of the period before ("since Monday vs last week",
// "this month so far vs last month": one query with a custom comparison window). Every frame
// answers the quantity the question asks (quantity.ts), so "hook rate on weekends vs weekdays"
// gets two rates, not two counts.
//
// A new frame is one entry here (a partition, a series or a stretch) with its examples; the
// rule table (queryRules.ts) reads them all.

import { WEEKDAYS } from '../../domain/query/catalog.js';
import { CLOCK_SPAN_CUE, findClockSpans, type ClockSpan } from '../read/clockSpans.js';
import { formatUtc } from '../../domain/window.js';
import { fmtInt, fmtPct } from '../say/answer.js';
import { fmtDay, fmtSpan } from '../say/when.js';
import { resolve, windowArgs, type WindowSpec } from '../read/windowSpec.js';
import { comparedWindows } from './planRules.js';
import { isDimensionField } from '../../domain/query/catalog.js';
import { canon } from '../read/values.js';
import { LEXICON_FIELDS } from '../read/lexicon.js';
import type { Filters } from './intents.js';
import { combined, numbers, quantityIn, QUANTITIES, type Quantity, type QuantityId } from './quantity.js';
import { cap, filtersSaid, ruleFilters, windowSaid, type QueryPlan, type QueryResult, type QueryRule, type RuleInput } from './ruleKit.js';

// ------------------------------------------------------------------ partitions of the calendar

type PartDimension = 'time:weekday' | 'time:hour_of_day';

interface Partition {
  id: string;
  cue: RegExp;
  dimension: PartDimension;
  /** The parts, or the parts the question names ("tuesdays vs thursdays"; null when it names none). */
  parts: Part[] | ((text: string) => Part[] | null);
  /** Words of the cue a time phrase may have taken ("weekend"): that phrase is no window here. */
  notWindow?: RegExp;
  /** The one part a question restricts to ("calls on weekends in february"): its index, else null (all compared). */
  asked?: (text: string) => number | null;
  /** The zone its hours are read in (a clock span's), when not UTC. */
  zone?: (text: string) => string | undefined;
  /** Whether it applies to this question beyond its cue. */
  applies?: (input: RuleInput) => boolean;
  examples: string[];
}

type Part = { name: string; has: (v: string | number | boolean | null) => boolean };

const WEEKEND = new Set(['saturday', 'sunday']);

/** Weekdays named as kinds of day ("tuesdays", "on mondays"), in the order named. */
const DAY_NAMES = /\b(mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:days?|s)\b/g;
function namedWeekdays(text: string): Part[] | null {
  const days = [...new Set([...text.matchAll(DAY_NAMES)].map((m) => WEEKDAYS.find((d) => d.startsWith(m[1].slice(0, 3)))!))];
  const parts: Part[] = days.map((d) => ({ name: `${d.charAt(0).toUpperCase()}${d.slice(1)}s`, has: (v) => v === d }));
  // One kind of day alone ("on mondays in february"): it, and the other days beside it.
  return days.length >= 2 ? parts : days.length === 1 ? [...parts, { name: 'the other days', has: (v) => v !== days[0] }] : null;
}
/** A weekday named in the plural after "on" ("on mondays"): a kind of day, not one day. */
const ONE_KIND_OF_DAY = /\b(?:on|during) (?:mon|tues|wednes|thurs|fri|satur|sun)days\b/;

/** "before 9am vs after 5pm", "before 10 and after 18": the hours before one clock time and after another (UTC). */
const CLOCK = String.raw`(\d{1,2})(?::00)? ?(am|pm)?`;
const BEFORE_AFTER_HOURS = new RegExp(String.raw`\bbefore ${CLOCK}\b.*\bafter ${CLOCK}\b|\bafter ${CLOCK}\b.*\bbefore ${CLOCK}\b`);
const hour24 = (h: string, ampm?: string) =>
  (Number(h) % 12) + (ampm === 'pm' ? 12 : 0) + (ampm === undefined && Number(h) === 12 ? 12 : 0);
function clockParts(text: string): Part[] | null {
  const m = BEFORE_AFTER_HOURS.exec(text);
  if (!m) return null;
  const [b, a] = m[1] !== undefined ? [hour24(m[1], m[2]), hour24(m[3], m[4])] : [hour24(m[7], m[8]), hour24(m[5], m[6])];
  if (!(b >= 0 && b <= 24 && a >= 0 && a <= 24)) return null;
  const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
  return [
    { name: `before ${hh(b)} UTC`, has: hours(0, b) },
    { name: `after ${hh(a)} UTC`, has: hours(a, 24) },
  ];
}
/** Hours of the day from `from` up to `to` (UTC), across midnight when `to` < `from`. */
const hours = (from: number, to: number) => (v: string | number | boolean | null) => {
  const h = Number(v);
  return from <= to ? h >= from && h < to : h >= from || h < to;
};

const WEEKEND_WORDS = String.raw`(?:weekend ?days|weekends?|saturdays? (?:and|or) sundays?|sat(?:urday)?s?(?: and | or | & |/| )sun(?:day)?s?)`;
const WEEKDAY_WORDS = String.raw`(?:weekdays?|week ?days?|rest of the week|during the week|work ?week|monday to friday|mon(?:day)?s?(?: to | through | - |-|/| )fri(?:day)?s?)`;
const WEEKEND_SAID = new RegExp(String.raw`\b${WEEKEND_WORDS}\b`);
const WEEKDAY_SAID = new RegExp(String.raw`\b${WEEKDAY_WORDS}\b`);
/** Weekends or weekdays alone as kinds of day ("calls on saturdays or sundays in february", "weekday calls"). */
const ONE_SIDE = new RegExp(
  String.raw`\b(?:on|during) (?:the )?(?:weekend ?days|saturdays? (?:and|or) sundays?|weekdays|week days)\b|\bweekday calls\b|\bweekend ?day calls\b`,
);

/** A comparative: with one part named ("more calls at night?"), the other part is the rest. */
const MORE = String.raw`(?:more|fewer|less|better|worse|higher|lower|busier|quieter|longer|shorter)`;
const COMPARED = new RegExp(String.raw`\b(?:${MORE}|vs|versus|against|compared?|than|differ\w*)\b`);

/**
 * The question's filters without the quantity's own: "hooked calls week by week" counts the
 * hooked calls among all calls (a hooked filter beside it would make every call hooked), and
 * "tier 1 calls by weekday" the tier-1 calls among all.
 */
function baseFor(input: RuleInput, q: Quantity): Filters {
  const { hooked, tier, ...rest } = input.reading.base;
  const ownHooked = (q.id === 'hooked' || q.id === 'hook_rate') && hooked === true;
  const ownTier = (q.id === 'tier1' || q.id === 'tier1_share') && tier?.length === 1 && tier[0] === 1;
  return { ...rest, ...(hooked !== undefined && !ownHooked ? { hooked } : {}), ...(tier && !ownTier ? { tier } : {}) };
}

const PARTITIONS: Partition[] = [
  {
    id: 'a-clock-span-of-every-day',
    // "between 12:00 and 18:00 UTC over the last 7 days": those hours of each day (a span on one day is a window, timePhrases.ts).
    cue: CLOCK_SPAN_CUE,
    dimension: 'time:hour_of_day',
    parts: clockSpanParts,
    notWindow: /\d ?(?:am|pm)\b|\d:\d\d/,
    asked: () => 0,
    zone: (text) => findClockSpans(text)[0]?.zone,
    applies: (input) => looseClockSpan(input) !== null,
    examples: [
      'calls between 12:00 and 18:00 utc vs the rest of the day, last 7 days',
      'hook rate from 9am to 5pm new york time this month',
    ],
  },
  {
    id: 'weekends-against-weekdays',
    // Both named, or weekends with a comparative alone ("is the hook rate better on weekends?").
    cue: new RegExp(
      String.raw`\b${WEEKEND_WORDS}\b.*\b${WEEKDAY_WORDS}\b|\b${WEEKDAY_WORDS}\b.*\b${WEEKEND_WORDS}\b` +
        String.raw`|\b${MORE}\b.*\b(?:on|at|over|during) (?:the )?${WEEKEND_WORDS}|\b(?:on|at|over|during) (?:the )?${WEEKEND_WORDS}\b.*\b${MORE}\b` +
        // Weekends as a kind of day ("hooked calls on weekends"), not one weekend ("over the weekend" is a window).
        String.raw`|\b(?:on|at|during) weekends\b|${ONE_SIDE.source}`,
    ),
    dimension: 'time:weekday',
    parts: [
      { name: 'weekends (Saturday and Sunday)', has: (v) => WEEKEND.has(String(v)) },
      { name: 'weekdays (Monday to Friday)', has: (v) => !WEEKEND.has(String(v)) },
    ],
    notWindow: /weekend|saturday|sunday/,
    asked: (text) =>
      WEEKEND_SAID.test(text) && !WEEKDAY_SAID.test(text) ? 0 : WEEKDAY_SAID.test(text) && !WEEKEND_SAID.test(text) ? 1 : null,
    examples: [
      'weekends vs weekdays this month',
      'do we get more calls on weekdays or weekends',
      'hook rate on the weekend vs during the week',
    ],
  },
  {
    id: 'named-weekdays-side-by-side',
    // Two weekdays named as kinds of day ("tuesdays vs thursdays", "on mondays or fridays").
    cue: new RegExp(
      String.raw`\b(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:days|s)\b.*\b(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:days?|s)\b|${ONE_KIND_OF_DAY.source}`,
    ),
    dimension: 'time:weekday',
    parts: namedWeekdays,
    notWindow: /monday|tuesday|wednesday|thursday|friday|saturday|sunday|\b(?:mon|tue|wed|thu|fri|sat|sun)\b/,
    asked: (text) => (namedWeekdays(text)?.[1]?.name === 'the other days' ? 0 : null),
    examples: [
      'tuesdays vs thursdays calls this month',
      'hook rate on mondays or fridays over the last 30 days',
      'calls on mondays in february',
    ],
  },
  {
    id: 'before-and-after-two-clock-times',
    cue: BEFORE_AFTER_HOURS,
    dimension: 'time:hour_of_day',
    parts: clockParts,
    notWindow: /\b(?:before|after)\b|\d ?(?:am|pm)\b/,
    examples: ['calls before 9am vs after 5pm this week', 'hook rate before 8 am and after 6 pm this month'],
  },
  {
    id: 'by-day-of-the-week',
    cue: /\b(?:per|by|each|every|for each) (?:weekday|day of (?:the )?week)\b|\bday[- ]of[- ](?:the[- ])?week (?:breakdown|split|counts?|numbers)\b/,
    dimension: 'time:weekday',
    parts: WEEKDAYS.map((d) => ({ name: d.charAt(0).toUpperCase() + d.slice(1), has: (v) => v === d })),
    examples: ['calls per weekday this month', 'hook rate by day of the week over the last 30 days'],
  },
  {
    id: 'business-hours-against-the-rest',
    cue: /\b(?:business|office|working|work) hours\b|\bafter ?hours\b|\bout of hours\b|\boff hours\b|\boutside (?:of )?(?:business |office |working )?hours\b/,
    dimension: 'time:hour_of_day',
    parts: [
      { name: 'business hours (09:00–17:00 UTC)', has: hours(9, 17) },
      { name: 'outside business hours (17:00–09:00 UTC)', has: hours(17, 9) },
    ],
    examples: ['calls during business hours vs after hours this month', 'hook rate in office hours against out of hours'],
  },
  {
    id: 'day-against-night',
    cue: new RegExp(
      String.raw`\b(?:daytime|day time|during the day|in the day)\b.*\b(?:night|nights|nighttime|night time|overnight|at night)\b|\b(?:nighttime|night time|overnight|at night|nights)\b.*\b(?:daytime|day time|during the day|in the day)\b` +
        String.raw`|\b${MORE}\b.*\b(?:at night|overnight)\b|\b(?:at night|overnight)\b.*\b${MORE}\b|\b(?:at night|overnight|nighttime)\b`,
    ),
    dimension: 'time:hour_of_day',
    parts: [
      { name: 'daytime (06:00–18:00 UTC)', has: hours(6, 18) },
      { name: 'night (18:00–06:00 UTC)', has: hours(18, 6) },
    ],
    examples: ['calls at night vs during the day this week', 'daytime vs nighttime hook rate'],
  },
  {
    id: 'before-and-after-noon',
    cue: /\bbefore (?:noon|midday|12 ?pm)\b.*\bafter (?:noon|midday|12 ?pm)\b|\bafter (?:noon|midday|12 ?pm)\b.*\bbefore (?:noon|midday|12 ?pm)\b|\bam\b.*\b(?:vs|versus|or|against|compared)\b.*\bpm\b/,
    dimension: 'time:hour_of_day',
    parts: [
      { name: 'before noon (00:00–12:00 UTC)', has: hours(0, 12) },
      { name: 'after noon (12:00–24:00 UTC)', has: hours(12, 24) },
    ],
    examples: ['calls before noon vs after noon this month', 'hook rate am vs pm this week'],
  },
  {
    id: 'parts-of-the-day',
    cue: /\bmornings?\b.*\b(?:afternoons?|evenings?)\b|\b(?:afternoons?|evenings?)\b.*\bmornings?\b|\bafternoons?\b.*\bevenings?\b|\bevenings?\b.*\bafternoons?\b|\btimes? of (?:the )?day\b(?!.*\b(?:busiest|most|peak|which|what)\b)/,
    dimension: 'time:hour_of_day',
    parts: [
      { name: 'night (00:00–06:00 UTC)', has: hours(0, 6) },
      { name: 'morning (06:00–12:00 UTC)', has: hours(6, 12) },
      { name: 'afternoon (12:00–18:00 UTC)', has: hours(12, 18) },
      { name: 'evening (18:00–24:00 UTC)', has: hours(18, 24) },
    ],
    examples: ['mornings vs afternoons this month', 'do scammers call more in the morning or the evening'],
  },
];

const zoneOf = (p: Partition, text: string) => {
  const zone = p.zone?.(text);
  return zone && zone !== 'UTC' ? { timezone: zone } : {};
};

/** The clock span no window took: a part of every day of the window ("between 12:00 and 18:00 UTC, last 7 days"). */
function looseClockSpan(input: RuleInput): ClockSpan | null {
  const inside = (c: ClockSpan) => input.reading.windows.some((w) => c.index >= w.index && c.index < w.index + w.length);
  const c = findClockSpans(input.text).find((x) => !inside(x));
  return c && !c.bare && c.from % 60 === 0 && c.to % 60 === 0 ? c : null;
}

const ZONE_NAMES: Record<string, string> = {
  UTC: 'UTC',
  'America/New_York': 'New York time',
  'America/Chicago': 'Chicago time',
  'America/Denver': 'Denver time',
  'America/Los_Angeles': 'Los Angeles time',
  'Europe/London': 'London time',
};

/** "12:00–18:00 UTC" and the rest of the day, in the span's zone. */
function clockSpanParts(text: string): Part[] | null {
  const c = findClockSpans(text)[0];
  if (!c || c.from % 60 !== 0 || c.to % 60 !== 0) return null;
  const [a, b] = [c.from / 60, c.to / 60];
  const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
  const zone = ZONE_NAMES[c.zone] ?? c.zone;
  return [
    { name: `${hh(a)}–${hh(b)} ${zone}`, has: hours(a, b) },
    { name: `the rest of the day (${hh(b)}–${hh(a)} ${zone})`, has: hours(b, a) },
  ];
}

/** The window of a frame: the question's, unless its only time phrase is a word of the frame ("weekend"). */
function frameWindow(input: RuleInput, notWindow?: RegExp): WindowSpec {
  const own = input.reading.windows.filter((w) => !notWindow?.test(input.text.slice(w.index, w.index + w.length)));
  return own[0]?.spec ?? input.reading.unnamed;
}

/** "More on weekdays (Monday to Friday). ": which part leads, when the question asks which. */
function leadOf(input: RuleInput, q: Quantity, parts: Array<{ name: string; m: number[] }>): string {
  const fewer = /\b(?:fewer|less|lower|quieter|shorter|smaller|least|lowest)\b/.test(input.text);
  if (!fewer && !/\b(?:more|most|higher|highest|busier|busiest|longer|bigger|better|which|when)\b/.test(input.text)) return '';
  const values = parts.map((p) => q.value(p.m) ?? 0);
  const best = fewer ? Math.min(...values) : Math.max(...values);
  if (values.filter((v) => v === best).length > 1) return 'The same across them. ';
  const word = fewer ? (q.kind === 'count' ? 'Fewer' : 'Lower') : q.kind === 'count' ? 'More' : q.kind === 'seconds' ? 'Longer' : 'Higher';
  return `${word}: ${parts[values.indexOf(best)].name}. `;
}

function partitionPlan(p: Partition, input: RuleInput): QueryPlan | null {
  const q = quantityIn(input.reading.rest);
  const base = q && baseFor(input, q);
  const filters = base && ruleFilters(input, base);
  const named = typeof p.parts === 'function' ? p.parts(input.text) : p.parts;
  if (!q || !base || !filters || !named) return null;
  const spec = frameWindow(input, p.notWindow);
  return {
    queries: [{ metrics: q.metrics, dimensions: [p.dimension], filters, ...windowArgs(spec, input.now), ...zoneOf(p, input.text) }],
    filters: input.reading.base,
    say: ([r]) => {
      const parts = named.map((part) => ({
        name: part.name,
        m: combined(
          q,
          r.results.filter((x) => part.has(x.dimensions[0])).map((x) => numbers(x.metrics)),
        ),
      }));
      // A comparative sets the part named against the rest ("better on weekends?"): all compared.
      const one = COMPARED.test(input.text) ? null : (p.asked?.(input.text) ?? null);
      // One part asked: it first, the rest beside it in brackets.
      const body =
        one === null
          ? parts.map((x) => `${x.name} ${q.say(x.m)}`).join(', ')
          : `${parts[one].name} ${q.say(parts[one].m)} (${parts
              .filter((_, k) => k !== one)
              .map((x) => `${x.name} ${q.say(x.m)}`)
              .join(', ')})`;
      // Weekdays one by one too: the parts are sums of these rows.
      const byDay =
        p.dimension === 'time:weekday' && q.id === 'calls' && named.length === 2 && p.id === 'weekends-against-weekdays'
          ? ` By day of the week (UTC), calls: ${WEEKDAYS.map((d) => `${cap(d)} ${numbers(r.results.find((x) => x.dimensions[0] === d)?.metrics ?? [0])[0]}`).join(', ')}.`
          : '';
      return `${one === null ? leadOf(input, q, parts) : ''}${cap(windowSaid(spec, r.range))}${filtersSaid(input, base)}: ${body}.${byDay}`;
    },
  };
}

// ------------------------------------------------------------------ series

interface Series {
  id: string;
  cue: RegExp;
  dimension: 'time:week' | 'time:month';
  /** "week of Nov 16, 2026", "November 2026". */
  label: (iso: string) => string;
  about: string;
  examples: string[];
}

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

const SERIES: Series[] = [
  {
    id: 'week-by-week',
    cue: /\bweek(?: |-)(?:by|on|over)(?: |-)week\b|\b(?:each|every|per|by) week\b|\bweekly (?:breakdown|counts?|numbers|totals?|figures|series|trend|split)\b|\bon a weekly basis\b|\bweek per week\b/,
    dimension: 'time:week',
    label: (iso) => `week of ${fmtDay(iso)}`,
    about: 'weeks start Monday, UTC; the first and last may be partial',
    examples: ['calls week by week this month', 'hook rate each week over the last 30 days', 'asks per week in the last 30 days'],
  },
  {
    id: 'month-by-month',
    cue: /\bmonth(?: |-)(?:by|on|over)(?: |-)month\b|\b(?:each|every|per|by) month\b|\bmonthly (?:breakdown|counts?|numbers|totals?|figures|series|trend|split)\b/,
    dimension: 'time:month',
    label: (iso) => {
      const d = new Date(iso);
      return `${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
    },
    about: 'calendar months, UTC; the first and last may be partial',
    examples: ['calls month by month this year', 'total asked each month over the last 90 days'],
  },
];

/** A series' window when the question names none: four weeks, or three months, so it has periods to compare. */
function seriesWindow(s: Series, input: RuleInput): WindowSpec {
  const { named, shift, window, windows } = input.reading;
  // "November against October, month by month": one series over every window named.
  if (windows.length >= 2) {
    const spans = windows.map((w) => resolve(w.spec, input.now));
    const start = new Date(Math.min(...spans.map((x) => x.start.getTime())));
    const end = new Date(Math.max(...spans.map((x) => x.end.getTime())));
    return { kind: 'span', start: formatUtc(start), end: end.getTime() >= input.now.getTime() ? null : formatUtc(end) };
  }
  if (named || shift || window.kind !== 'range') return window;
  const n = input.now;
  const start =
    s.dimension === 'time:week'
      ? new Date(Date.UTC(n.getUTCFullYear(), n.getUTCMonth(), n.getUTCDate() - ((n.getUTCDay() + 6) % 7) - 21))
      : new Date(Date.UTC(n.getUTCFullYear(), n.getUTCMonth() - 2, 1));
  return { kind: 'span', start: formatUtc(start), end: null };
}

function seriesPlan(s: Series, input: RuleInput): QueryPlan | null {
  const q = quantityIn(input.reading.rest);
  const base = q && baseFor(input, q);
  const filters = base && ruleFilters(input, base);
  if (!q || !base || !filters) return null;
  const spec = seriesWindow(s, input);
  return {
    queries: [{ metrics: q.metrics, dimensions: [s.dimension], filters, ...windowArgs(spec, input.now), limit: 400 }],
    filters: input.reading.base,
    say: ([r]) => {
      if (!r.results.length) return `${cap(windowSaid(spec, r.range))}: no calls, so nothing to show ${s.id.replace(/-/g, ' ')}.`;
      const rows = r.results.map((x) => `${s.label(String(x.dimensions[0]))}: ${q.say(numbers(x.metrics))}`);
      return `${cap(s.id.replace(/-/g, ' '))} (${s.about}) ${windowSaid(spec, r.range)}${filtersSaid(input, base)}: ${rows.join('; ')}.`;
    },
  };
}

// ------------------------------------------------------------------ a stretch to date against the same stretch before

const DAY_MS = 86_400_000;
const WEEKDAY = '(monday|tuesday|wednesday|thursday|friday|saturday|sunday)';
type Unit = 'day' | 'week' | 'month' | 'year';

/** The start of the stretch and the same stretch one unit before, ending as far into it as now is. */
function stretches(unit: Unit, weekday: string | undefined, now: Date): { start: Date; before: { start: Date; end: Date } } {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (unit === 'day' || unit === 'week') {
    const day = weekday ? WEEKDAYS.indexOf(weekday as (typeof WEEKDAYS)[number]) : 0; // the week starts Monday
    const back = unit === 'day' ? 0 : ((now.getUTCDay() + 6) % 7) - day;
    const start = new Date(midnight - ((back + 7) % 7) * DAY_MS);
    const step = (unit === 'day' ? 1 : 7) * DAY_MS;
    return { start, before: { start: new Date(start.getTime() - step), end: new Date(now.getTime() - step) } };
  }
  const y = now.getUTCFullYear();
  const start = unit === 'month' ? new Date(Date.UTC(y, now.getUTCMonth(), 1)) : new Date(Date.UTC(y, 0, 1));
  const prevStart = unit === 'month' ? new Date(Date.UTC(y, now.getUTCMonth() - 1, 1)) : new Date(Date.UTC(y - 1, 0, 1));
  // As far into the period before as now is into this one, never past its end.
  const end = new Date(Math.min(prevStart.getTime() + (now.getTime() - start.getTime()), start.getTime()));
  return { start, before: { start: prevStart, end } };
}

const STRETCH_CUE = new RegExp(
  String.raw`\b(?:since ${WEEKDAY}|(?:this|the) (week|month|year) so far|so far this (week|month|year)|(today) so far|so far (today)|(week|month|year) to date|(wtd|mtd|ytd)` +
    // "today vs the same time yesterday", "this week against the same days last week": a stretch to date too.
    String.raw`|(today)(?=.*\b(?:same|this) (?:time|point|hour) yesterday\b)|this (week|month|year)(?=.*\b(?:same|this) (?:time|point|stretch|days|period) (?:last|previous) (?:week|month|year)\b)` +
    // "this week vs last week at this point", "… by the same point": as far into each.
    String.raw`|this (week|month|year)(?=.*\b(?:at|by|to) (?:this|the same|that) (?:point|stage|time|day)\b|.*\bby now\b))\b` +
    String.raw`.*\b(?:vs|versus|against|compared? (?:to|with)|than|same (?:stretch|period|time|days|point)|this time|last (?:week|month|year)|previous (?:week|month|year)|yesterday)\b`,
);
const MONTHS =
  'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec';
/** A whole period named on the other side of a comparison: no same stretch. */
const WHOLE_PERIOD = new RegExp(
  String.raw`\b(?:whole|all|full|entire|complete|total)(?: of)?(?: the)? (?:(?:month|week|year) of )?(?:(?:last|previous|prior) (?:week|month|year)|${MONTHS})\b|\b(?:last|previous|prior) (?:week|month|year) (?:in full|as a whole|overall)\b|\b(?:${MONTHS}) (?:in full|as a whole)\b`,
);
const SHORT: Record<string, Unit> = { wtd: 'week', mtd: 'month', ytd: 'year', today: 'day' };
const BEFORE_WORD: Record<Unit, string> = { day: 'yesterday', week: 'last week', month: 'last month', year: 'last year' };

function stretchPlan(input: RuleInput, m: RegExpExecArray): QueryPlan | null {
  const q = quantityIn(input.reading.rest);
  const base = q && baseFor(input, q);
  const filters = base && ruleFilters(input, base);
  if (!filters || !q || !base) return null;
  const word = m[2] ?? m[3] ?? m[4] ?? m[5] ?? m[6] ?? m[7] ?? m[8] ?? m[9] ?? m[10] ?? (m[1] ? 'week' : null);
  if (!word) return null;
  const unit: Unit = SHORT[word] ?? (word as Unit);
  const { start, before } = stretches(unit, m[1], input.now);
  // Calls come with the figures an analyst reads beside them; another quantity alone.
  const metrics = q.id === 'calls' ? ['calls_received', 'hooked_calls', 'tier1_calls', 'total_dollars_asked'] : q.metrics;
  const since = m[1] ? `Since ${cap(m[1])}` : unit === 'day' ? 'Today so far' : `This ${unit} so far`;
  const sayAll = (x: number[]) =>
    q.id === 'calls'
      ? `${QUANTITIES.calls.say([x[0]])}, ${QUANTITIES.hook_rate.say([x[1], x[0]])}, ${QUANTITIES.tier1.say([x[2], x[0]]).replace(/ \(of .*\)$/, '')}, ${QUANTITIES.dollars_asked.say([x[3], x[0]]).replace(/ \(over .*\)$/, '')}`
      : q.say(x);
  return {
    queries: [
      {
        metrics,
        filters,
        start: formatUtc(start),
        end: formatUtc(input.now),
        compare: { start: formatUtc(before.start), end: formatUtc(before.end) },
      },
    ],
    filters: input.reading.base,
    say: ([r]) => {
      const row = r.results[0];
      const nowM = numbers(row?.metrics ?? metrics.map(() => 0));
      const beforeM = numbers(row?.comparison?.metrics ?? metrics.map(() => 0));
      const change = changeOf(q, row);
      const cr = r.comparison_range;
      return (
        `${since} (${fmtSpan(r.range.start_utc, r.range.end_utc)})${filtersSaid(input, base)}: ${sayAll(nowM)}. ` +
        `The same stretch ${BEFORE_WORD[unit]} (${cr ? fmtSpan(cr.start_utc, cr.end_utc) : ''}): ${sayAll(beforeM)}${change}.`
      );
    },
  };
}

// ------------------------------------------------------------------ halves of a window, and two named windows

const HALVES_CUE =
  /\bfirst half\b.*\bsecond half\b|\bsecond half\b.*\bfirst half\b|\bfirst and second halves?\b|\b(?:two|both) halves\b|\b(?:split|cut|divide|break)\b.{0,60}\b(?:in two|in half|into (?:two|2|halves))\b|\b(?:first|second|later|latter|earlier) half\b(?! of)(?=.{0,80}\b(?:than|vs|versus|against|compared|rise|rose|fall|fell|grow|grew|drop|dropped|up|down|higher|lower|more|fewer)\b)/;

/** The window whose halves are asked: the one named, else "the month" (the current one), else the reading's. */
function halvedWindow(input: RuleInput): { start: Date; mid: Date; end: Date } | null {
  const unit = /\b(?:the|this) (day|week|month|quarter|year)\b/.exec(input.text)?.[1] as
    'day' | 'week' | 'month' | 'quarter' | 'year' | undefined;
  const spec: WindowSpec = input.reading.named ?? (unit ? { kind: 'calendar', unit, offset: 0 } : input.reading.window);
  const r = resolve(spec, input.now);
  // A period under way is halved at its middle, not at the middle of its days so far.
  const full = spec.kind === 'calendar' && spec.offset === 0 ? resolve({ ...spec, offset: 1 }, input.now).start : r.end;
  const mid = new Date(r.start.getTime() + Math.floor((full.getTime() - r.start.getTime()) / 2));
  const end = new Date(Math.min(full.getTime(), input.now.getTime()));
  return mid < end ? { start: r.start, mid, end } : null;
}

function halvesPlan(input: RuleInput): QueryPlan | null {
  const q = quantityIn(input.reading.rest);
  const filters = q && ruleFilters(input, baseFor(input, q));
  const h = halvedWindow(input);
  if (!q || !filters || !h) return null;
  return {
    // The second half, with the first as its comparison: the change reads from first to second.
    queries: [
      {
        metrics: q.metrics,
        filters,
        start: formatUtc(h.mid),
        end: formatUtc(h.end),
        compare: { start: formatUtc(h.start), end: formatUtc(h.mid) },
      },
    ],
    filters: input.reading.base,
    say: ([r]) => {
      const row = r.results[0];
      const cr = r.comparison_range;
      const second = numbers(row?.metrics ?? q.metrics.map(() => 0));
      const first = numbers(row?.comparison?.metrics ?? q.metrics.map(() => 0));
      return (
        `First half (${cr ? fmtSpan(cr.start_utc, cr.end_utc) : ''})${filtersSaid(input)}: ${q.say(first)}. ` +
        `Second half (${fmtSpan(r.range.start_utc, r.range.end_utc)}): ${q.say(second)}${changeOf(q, row)}.`
      );
    },
  };
}

/** " (+28.6%)": the query's own change of the figure, when the figure is its first metric (not a rate or a mean of two). */
function changeOf(q: Quantity, row: QueryResult['results'][number] | undefined): string {
  const ch = q.kind !== 'rate' && q.id !== 'mean_ask' ? row?.comparison?.change[0] : null;
  return ch === null || ch === undefined ? '' : ` (${ch >= 0 ? '+' : '−'}${fmtPct(Math.abs(ch))})`;
}

/** Quantities the planner's comparison of two windows does not give (it compares calls, rates and dollars). */
const QUERY_ONLY: ReadonlySet<QuantityId> = new Set(['asks', 'dangled', 'cleanly_closed']);

/** "how many asks this week compared to last week": the quantity in each window, the second as the comparison. */
function twoWindowsPlan(input: RuleInput): QueryPlan | null {
  const q = quantityIn(input.reading.rest);
  const filters = q && ruleFilters(input, baseFor(input, q));
  const { windows, shift, rest } = input.reading;
  if (!q || !filters || !QUERY_ONLY.has(q.id) || windows.length < 2) return null;
  const [a, b] = comparedWindows(
    windows.map((w) => w.spec),
    shift,
    null,
    rest,
    input.now,
  );
  if (!a || !b) return null;
  const other = resolve(b, input.now);
  return {
    queries: [
      { metrics: q.metrics, filters, ...windowArgs(a, input.now), compare: { start: formatUtc(other.start), end: formatUtc(other.end) } },
    ],
    filters: input.reading.base,
    say: ([r]) => {
      const row = r.results[0];
      const cr = r.comparison_range;
      return (
        `${cap(windowSaid(a, r.range))}${filtersSaid(input)}: ${q.say(numbers(row?.metrics ?? q.metrics.map(() => 0)))}${changeOf(q, row)}. ` +
        `${cr ? cap(windowSaid(b, cr)) : ''}: ${q.say(numbers(row?.comparison?.metrics ?? q.metrics.map(() => 0)))}.`
      );
    },
  };
}

// ------------------------------------------------------------------ values of one field side by side

/** "amazon vs apple", "refund compared to tech support", "which did more, texas or florida". */
const COMPARING = new RegExp(
  String.raw`\b(?:vs|versus|compared? (?:to|with)|against|side by side|head to head|compare|comparison)\b|\b(?:which|who|${MORE})\b.*\bor\b|\bor\b.*\b${MORE}\b|` +
    // "the hook rate for walter and for margaret", "each", "separately": one figure per value named.
    String.raw`\band for\b|\b(?:for )?each\b|\brespectively\b|\bseparately\b|\bindividually\b|\bone by one\b`,
);

/** The one field the filters hold two or more values of (the sides), in the order the question names them. */
function sidesOf(filters: unknown[][], text: string): { field: string; values: string[] } | null {
  const many = filters.filter((f) => f[0] === 'is' && Array.isArray(f[2]) && f[2].length >= 2);
  // Stored values (brands, states, agents…); groups of the calls' own properties (tiers) are the planner's.
  if (many.length !== 1 || !(String(many[0][1]) in LEXICON_FIELDS) || !isDimensionField(String(many[0][1]))) return null;
  const at = (v: string) => {
    const i = ` ${text} `.indexOf(` ${canon(v)} `);
    return i < 0 ? Infinity : i;
  };
  const values = (many[0][2] as unknown[]).map(String);
  return { field: String(many[0][1]), values: [...values].sort((a, b) => at(a) - at(b)) };
}

/** "Amazon is ahead of Apple: +12 (+40.0%).": the gap between two counts. */
function gapOf(q: Quantity, sides: Array<{ name: string; m: number[] }>): string {
  if (sides.length !== 2 || q.kind !== 'count') return '';
  const [a, b] = sides.map((x) => q.value(x.m) ?? 0);
  if (a === b) return ` ${sides[0].name} and ${sides[1].name} are level.`;
  const [hi, lo, d] = a > b ? [sides[0], sides[1], a - b] : [sides[1], sides[0], b - a];
  const base = Math.min(a, b);
  return ` ${hi.name} is ahead of ${lo.name}: +${fmtInt(d)}${base ? ` (+${fmtPct(d / base)})` : ''}.`;
}

function valuesPlan(input: RuleInput): QueryPlan | null {
  const q = quantityIn(input.reading.rest);
  const base = q && baseFor(input, q);
  const filters = base && ruleFilters(input, base);
  const sides = filters && sidesOf(filters, input.text);
  if (!q || !base || !filters || !sides) return null;
  const spec = input.reading.window;
  const fieldName = LEXICON_FIELDS[sides.field as keyof typeof LEXICON_FIELDS] ?? sides.field.replace(/_/g, ' ');
  return {
    // One query by the field, its rows kept to the values named.
    queries: [{ metrics: q.metrics, dimensions: [sides.field], filters, ...windowArgs(spec, input.now) }],
    filters: input.reading.base,
    say: ([r]) => {
      const rows = sides.values.map((v) => {
        const row = r.results.find((x) => canon(String(x.dimensions[0])) === canon(v));
        return { name: row ? String(row.dimensions[0]) : v, m: numbers(row?.metrics ?? q.metrics.map(() => 0)) };
      });
      const body = rows.map((x) => `${x.name} ${q.say(x.m)}`).join('; ');
      return `${leadOf(input, q, rows)}${cap(windowSaid(spec, r.range))}${filtersSaid(input, base, sides.field)}, by ${fieldName}: ${body}.${gapOf(q, rows)}`;
    },
  };
}

// ------------------------------------------------------------------ before and after a moment

const AROUND_CUE =
  /\bbefore\b.*\b(?:after|(?:from|since) (?:then|that|it|\w+ \d{1,2}(?:st|nd|rd|th)?) on(?:wards?)?|since (?:then|that|it))\b|\b(?:after|(?:from|since) [\w ]{1,20} on(?:wards?)?)\b.*\bbefore\b|\bsince\b.*\b(?:vs|versus|compared (?:to|with)|against)\b.*\bbefore\b/;

/** "hook rate before and after Nov 12": from the moment to now, against as long a stretch before it. */
function aroundPlan(input: RuleInput): QueryPlan | null {
  const q = quantityIn(input.reading.rest);
  const base = q && baseFor(input, q);
  const filters = base && ruleFilters(input, base);
  const spans = input.reading.windows.map((w) => resolve(w.spec, input.now));
  if (!q || !base || !filters || !spans.length) return null;
  // "in the last 30 days, before Dec 1 and after it": the moment cuts the wider window in two;
  // with no wider window, the stretch after the moment is set against as long a stretch before it.
  const length = (w: (typeof spans)[number]) => w.end.getTime() - w.start.getTime();
  const widest = [...spans].sort((a, b) => length(b) - length(a))[0];
  const inner = spans.find((w) => w !== widest && w.start > widest.start && w.start < widest.end);
  const outer = inner ? widest : null;
  const moment = (inner ?? spans[0]).start;
  const end = outer ? outer.end : input.now;
  const span = end.getTime() - moment.getTime();
  if (span <= 0) return null;
  const earlier = outer ? outer.start : new Date(moment.getTime() - span);
  return {
    queries: [
      {
        metrics: q.metrics,
        filters,
        start: formatUtc(moment),
        end: formatUtc(end),
        compare: { start: formatUtc(earlier), end: formatUtc(moment) },
      },
    ],
    filters: input.reading.base,
    say: ([r]) => {
      const row = r.results[0];
      const cr = r.comparison_range;
      const after = numbers(row?.metrics ?? q.metrics.map(() => 0));
      const before = numbers(row?.comparison?.metrics ?? q.metrics.map(() => 0));
      return (
        `Before ${fmtDay(formatUtc(moment))} (${cr ? fmtSpan(cr.start_utc, cr.end_utc) : ''}${outer ? '' : ', as long as the stretch after'})${filtersSaid(input, base)}: ${q.say(before)}. ` +
        `From ${fmtDay(formatUtc(moment))} on (${fmtSpan(r.range.start_utc, r.range.end_utc)}): ${q.say(after)}${changeOf(q, row)}.`
      );
    },
  };
}

// ------------------------------------------------------------------ the frames as rules

/** Cues of a figure no frame computes per part (a median, the longest call, a ranking): left to the planner. */
const NOT_A_FRAME = /\b(?:median|longest|shortest|biggest|largest|top|rank|ranking|which (?:brand|bank|lure|state|persona)s?)\b/;

export const FRAME_RULES: QueryRule[] = [
  {
    id: 'a-stretch-to-date-against-the-same-stretch-before',
    cue: STRETCH_CUE,
    // "so far this month vs all of January", "… against the whole of last week": the other side is whole.
    guard: (i) => !WHOLE_PERIOD.test(i.text),
    build: stretchPlan,
    examples: [
      'calls since monday against the same stretch last week',
      'hook rate this month so far vs last month',
      'today so far vs yesterday',
      'asks week to date compared to last week',
    ],
  },
  {
    id: 'two-halves-of-a-window',
    cue: HALVES_CUE,
    readsTime: true,
    build: halvesPlan,
    examples: ['compare the first half of the month with the second half', 'hook rate in the first and second halves of last month'],
  },
  {
    id: 'two-named-windows-of-a-quantity-the-planner-lacks',
    // The words of those quantities (quantity.ts), cheap to test; the build asks for two windows.
    cue: /\basks\b|\bdangl|\bclean/,
    build: twoWindowsPlan,
    examples: ['how many asks this week compared to last week', 'dollars dangled this month vs last month'],
  },
  ...PARTITIONS.map((p): QueryRule => ({
    id: p.id,
    cue: p.cue,
    guard: (i) => !NOT_A_FRAME.test(i.text) && (p.applies?.(i) ?? true),
    readsTime: true,
    build: (i) => partitionPlan(p, i),
    examples: p.examples,
  })),
  {
    id: 'before-and-after-a-moment',
    cue: AROUND_CUE,
    guard: (i) => i.reading.windows.length >= 1 && !NOT_A_FRAME.test(i.text),
    build: aroundPlan,
    examples: ['hook rate before and after Nov 12', 'calls before nov 10 vs after nov 10'],
  },
  ...SERIES.map((s): QueryRule => ({
    id: s.id,
    cue: s.cue,
    // "average calls per week" is one figure (the planner's), unless the average is the quantity
    // ("average call length week by week"); "last week" names no series.
    guard: (i) =>
      (!/\b(?:average|avg|mean|typical)\b/.test(i.text) || ['duration', 'mean_ask'].includes(quantityIn(i.reading.rest)?.id ?? '')) &&
      !NOT_A_FRAME.test(i.text) &&
      !new RegExp(String.raw`\b(?:last|this|previous|past) ${s.dimension.slice(5)}\b`).test(i.text.replace(s.cue, ' ')),
    build: (i) => seriesPlan(s, i),
    examples: s.examples,
  })),
  {
    id: 'values-of-one-field-side-by-side',
    cue: COMPARING,
    // Two windows are the planner's comparison (or a frame's); a ranking is no side by side.
    guard: (i) => i.reading.windows.length <= 1 && !NOT_A_FRAME.test(i.text),
    build: valuesPlan,
    examples: ['apple vs amazon hook rate last 30 days', 'refund vs tech support asks this month', 'calls from Ryan Brooks vs Michael'],
  },
];
