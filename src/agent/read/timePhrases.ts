// Time phrases in a question → a window the tools understand (windowSpec.ts). Pure: `now`
// is passed in. Calendar phrases are UTC ("this week" starts Monday 00:00 UTC).

import { bucketStart, DAY_MS, formatUtc, HOUR_MS, MINUTE_MS, parseInstant } from '../../domain/window.js';
import { clockSpanOn, findClockSpans, isOneDay, type ClockSpan } from './clockSpans.js';
import { NUMBER_WORDS, numberOf } from './vocabulary.js';
import { ALL_TIME, resolve, type CalendarUnit, type WindowSpec } from './windowSpec.js';

export interface FoundWindow {
  spec: WindowSpec;
  /** Where the phrase is in the normalised text (for removing it before other parsing). */
  index: number;
  length: number;
  /** A part of this window named in words no rule reads ("the ides of", "the first dekad of"): the whole phrase. */
  partUnread?: string;
}

const NUM = `(\\d{1,4}|${Object.keys(NUMBER_WORDS).join('|')})`;

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH_RE =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const monthIndex = (s: string) => MONTHS.findIndex((m) => m.startsWith(s.slice(0, 3)));

// A date the user may type: 2026-11-01, 2026-11-01T10:00:00Z, "nov 1", "november 1st 2026".
const ISO_DATE = '(\\d{4}-\\d{2}-\\d{2}(?:t\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d+)?)?(?:z|[+-]\\d{2}:\\d{2}))?)';
const NAMED_DATE = `(${MONTH_RE} (\\d{1,2})(?!\\d)(?:st|nd|rd|th)?(?:,? (\\d{4}))?)`;
// The day first: "the 5th of december", "5 dec 2027".
const DAY_FIRST_DATE = `((?:the )?(\\d{1,2})(?:(?:st|nd|rd|th)(?: of)?| of|(?= (?!may\\b|mar(?:ch)?\\b))) ${MONTH_RE}(?:,? (\\d{4}))?)`;
// Month and day in figures, as written in the US: "12/5", "12/05/2027".
const SLASH_DATE = `((\\d{1,2})/(\\d{1,2})(?:/(\\d{2}|\\d{4}))?)(?![/\\d])`;
const DATE = `(?:${ISO_DATE}|${NAMED_DATE}|${DAY_FIRST_DATE}|${SLASH_DATE})`;
const INCLUSIVE = '(?:,? (?:inclusive(?:ly)?|included|both (?:days|dates) included))?';
const INCLUSIVE_RE = /,? (?:inclusive(?:ly)?|included|both (?:days|dates) included)$/;

/** Parses one date as typed (lower-cased); null when it is not a real date. */
function parseDate(text: string, now: Date): Date | null {
  const t = text.trim();
  const iso = new RegExp(`^${ISO_DATE}$`).exec(t);
  try {
    if (iso) {
      let s = iso[1].toUpperCase();
      if (/T\d{2}:\d{2}(Z|[+-])/.test(s)) s = s.replace(/T(\d{2}):(\d{2})/, 'T$1:$2:00');
      return parseInstant(s);
    }
    const named = new RegExp(`^${NAMED_DATE}$`).exec(t);
    const dayFirst = new RegExp(`^${DAY_FIRST_DATE}$`).exec(t);
    const slash = new RegExp(`^${SLASH_DATE}$`).exec(t);
    const parts: [number, number, string | undefined] | null = named
      ? [monthIndex(named[2]), Number(named[3]), named[4]]
      : dayFirst
        ? [monthIndex(dayFirst[3]), Number(dayFirst[2]), dayFirst[4]]
        : slash
          ? [Number(slash[2]) - 1, Number(slash[3]), slash[4] && (slash[4].length === 2 ? `20${slash[4]}` : slash[4])]
          : null;
    if (parts) {
      const [month, day, typedYear] = parts;
      if (!(month >= 0 && month <= 11 && day >= 1 && day <= 31)) return null;
      let year = typedYear ? Number(typedYear) : now.getUTCFullYear();
      const mm = String(month + 1).padStart(2, '0');
      const dd = String(day).padStart(2, '0');
      let d = parseInstant(`${year}-${mm}-${dd}`);
      // "nov 30" asked in early November of the same year means last year's.
      if (!typedYear && d.getTime() > now.getTime()) {
        year -= 1;
        d = parseInstant(`${year}-${mm}-${dd}`);
      }
      return d;
    }
  } catch {
    return null;
  }
  return null;
}

interface Rule {
  re: RegExp;
  spec(m: RegExpExecArray, now: Date): WindowSpec | null;
}

/** The day a named day falls on in a year (midnight UTC). */
type DayIn = (year: number) => Date;
const fixedDay =
  (month: number, day: number): DayIn =>
  (year) =>
    new Date(Date.UTC(year, month - 1, day));
/** The nth `weekday` (0 Sunday) of a month, n = -1 the last; `plus` days after it (Black Friday). */
const nthWeekday =
  (month: number, weekday: number, n: number, plus = 0): DayIn =>
  (year) => {
    if (n < 0) {
      const last = new Date(Date.UTC(year, month, 0));
      return new Date(last.getTime() - (((last.getUTCDay() - weekday + 7) % 7) - plus) * DAY_MS);
    }
    const first = new Date(Date.UTC(year, month - 1, 1));
    return new Date(first.getTime() + (((weekday - first.getUTCDay() + 7) % 7) + 7 * (n - 1) + plus) * DAY_MS);
  };

/** Easter Sunday of a year (the Gregorian computus, Meeus/Jones/Butcher); `plus` days after it. */
const easter =
  (plus: number): DayIn =>
  (year) => {
    const a = year % 19;
    const b = Math.floor(year / 100);
    const c = year % 100;
    const g = Math.floor((b - Math.floor((b + 8) / 25) + 1) / 3);
    const h = (19 * a + b - Math.floor(b / 4) - g + 15) % 30;
    const l = (32 + 2 * (b % 4) + 2 * Math.floor(c / 4) - h - (c % 4)) % 7;
    const m = Math.floor((a + 11 * h + 22 * l) / 451);
    const month = Math.floor((h + l - 7 * m + 114) / 31);
    const day = ((h + l - 7 * m + 114) % 31) + 1;
    return new Date(Date.UTC(year, month - 1, day + plus));
  };

/**
 * Days known by name (the US calendar the data's callers live by): one table, read as that whole
 * UTC day, the latest one not still to come ("on christmas eve" in January is last December's).
 */
const NAMED_DAYS: Array<[name: string, day: DayIn]> = [
  ['christmas eve', fixedDay(12, 24)],
  ['(?:christmas|xmas)(?: day)?', fixedDay(12, 25)],
  ['boxing day', fixedDay(12, 26)],
  ["new year'?s eve", fixedDay(12, 31)],
  ["new year'?s(?: day)?", fixedDay(1, 1)],
  ["valentine'?s(?: day)?", fixedDay(2, 14)],
  ["(?:st|saint) patrick'?s day", fixedDay(3, 17)],
  ['juneteenth', fixedDay(6, 19)],
  ['independence day|(?:the )?(?:4th|fourth) of july', fixedDay(7, 4)],
  ['halloween', fixedDay(10, 31)],
  ["veterans'? day", fixedDay(11, 11)],
  ['(?:mlk|martin luther king(?: jr)?) day', nthWeekday(1, 1, 3)],
  ["presidents'? day", nthWeekday(2, 1, 3)],
  ['memorial day', nthWeekday(5, 1, -1)],
  ['labou?r day', nthWeekday(9, 1, 1)],
  ["columbus day|indigenous peoples'? day", nthWeekday(10, 1, 2)],
  ['thanksgiving(?: day)?', nthWeekday(11, 4, 4)],
  ['black friday', nthWeekday(11, 4, 4, 1)],
  ["mother'?s day", nthWeekday(5, 0, 2)],
  ["father'?s day", nthWeekday(6, 0, 3)],
  ['cyber monday', nthWeekday(11, 4, 4, 4)],
  ["groundhog'?s? day", fixedDay(2, 2)],
  ['(?:the )?ides of march', fixedDay(3, 15)],
  ['pi day', fixedDay(3, 14)],
  ["(?:april fools'? day|april fools')", fixedDay(4, 1)],
  ['tax day', fixedDay(4, 15)],
  ['earth day', fixedDay(4, 22)],
  ['cinco de mayo', fixedDay(5, 5)],
  ['flag day', fixedDay(6, 14)],
  ['election day', nthWeekday(11, 1, 1, 1)],
  ['super bowl sunday', nthWeekday(2, 0, 2)],
  ['(?:mardi gras|fat tuesday|shrove tuesday|pancake day)', easter(-47)],
  ['ash wednesday', easter(-46)],
  ['palm sunday', easter(-7)],
  ['good friday', easter(-2)],
  ['easter monday', easter(1)],
  ['easter(?: sunday| day)?', easter(0)],
];
const NAMED_DAY_RE = new RegExp(
  `\\b(?:(since|after) )?(?:on )?(?:the )?(${NAMED_DAYS.map(([n]) => `(?:${n})`).join('|')})\\b(?:,? (?:of )?((?:19|20)\\d{2})\\b)?`,
);

/** The day named `name` in `typedYear`, else the latest one that has begun by `now`. */
function namedDay(name: string, now: Date, typedYear?: string): Date {
  const [, dayIn] = NAMED_DAYS.find(([n]) => new RegExp(`^(?:${n})$`).test(name))!;
  if (typedYear) return dayIn(Number(typedYear));
  const year = now.getUTCFullYear();
  const thisYear = dayIn(year);
  return thisYear.getTime() > now.getTime() ? dayIn(year - 1) : thisYear;
}

const LEAD = '(?:(?:in|over|during|for|from|within) )?(?:the )?';

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const WEEKDAY_RE = '(sunday|monday|tuesday|tues|wednesday|weds|thursday|thurs|friday|saturday)s?';
const weekdayIndex = (s: string) => WEEKDAYS.findIndex((d) => d.startsWith(s.slice(0, 3)));

/** Midnight UTC of the most recent `weekday` before today (a week ago when today is that day). */
function lastWeekday(now: Date, weekday: number): Date {
  const today = bucketStart(now, 'day').getTime();
  const back = (now.getUTCDay() - weekday + 7) % 7 || 7;
  return new Date(today - back * DAY_MS);
}

/** Midnight UTC of today when it is that weekday, else of the most recent one. */
function weekdayOnOrBefore(now: Date, weekday: number): Date {
  const today = bucketStart(now, 'day').getTime();
  return new Date(today - ((now.getUTCDay() - weekday + 7) % 7) * DAY_MS);
}

/** A span's end as the API takes it: none (up to now) when it is not over yet. */
const endOrNow = (end: number, now: Date): string | null => (end >= now.getTime() ? null : formatUtc(new Date(end)));

/** A whole UTC day as a span. */
const daySpan = (d: Date): WindowSpec => ({ kind: 'span', start: formatUtc(d), end: formatUtc(new Date(d.getTime() + DAY_MS)) });

/** A whole calendar month (UTC); one still to come this year is last year's, and the current one ends now. */
function monthSpan(name: string, typedYear: string | undefined, now: Date): WindowSpec {
  const month = monthIndex(name);
  let year = typedYear ? Number(typedYear) : now.getUTCFullYear();
  if (!typedYear && Date.UTC(year, month, 1) > now.getTime()) year -= 1;
  const end = Date.UTC(year, month + 1, 1);
  return { kind: 'span', start: formatUtc(new Date(Date.UTC(year, month, 1))), end: end > now.getTime() ? null : formatUtc(new Date(end)) };
}

/** Month names that are seldom other words; "may" and "march" are read only beside another month. */
const BARE_MONTH_RE = '(january|february|april|june|july|august|september|october|november|december|sept?|oct|nov|dec|aug|feb)';

/** Parts of a day, in UTC hours (as the day-against-night comparison reads them); a night runs into the next day. */
const DAY_PARTS: Record<string, [from: number, to: number]> = {
  'small hours': [0, 6],
  morning: [6, 12],
  afternoon: [12, 18],
  evening: [18, 24],
  night: [18, 30],
};
const DAY_PART_RE = '(morning|afternoon|evening|night)';

/** A part of one UTC day (midnight `day`) as a span, ending now when it is under way. */
function partOfDay(day: Date, part: string, now: Date): WindowSpec | null {
  const [from, to] = DAY_PARTS[part];
  const start = day.getTime() + from * HOUR_MS;
  const end = day.getTime() + to * HOUR_MS;
  if (start > now.getTime()) return null;
  return { kind: 'span', start: formatUtc(new Date(start)), end: endOrNow(end, now) };
}

/** Days `from` to `to` of a month (both whole days), the month read as monthSpan reads it. */
function daysOfMonth(month: string, typedYear: string | undefined, from: number, to: number | 'end', now: Date): WindowSpec | null {
  const whole = monthSpan(month, typedYear, now);
  if (whole.kind !== 'span') return null;
  const first = parseInstant(whole.start);
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const until = to === 'end' ? last : to;
  if (!(from >= 1 && from <= until && until <= last)) return null;
  const start = Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), from);
  const end = Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), until + 1);
  if (start > now.getTime()) return null;
  return { kind: 'span', start: formatUtc(new Date(start)), end: endOrNow(end, now) };
}

const ORDINALS: Record<string, number> = {
  first: 1,
  '1st': 1,
  front: 1,
  second: 2,
  '2nd': 2,
  back: 2,
  latter: 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
  last: -1,
  final: -1,
};
const ORDINAL_RE = '(first|1st|front|second|2nd|back|latter|third|3rd|fourth|4th|last|final)';
const DAY_NUM = '(\\d{1,2})(?:st|nd|rd|th)?';
const TO = '(?:and|to|through|till|until|-)';

/** A quarter of a year as a span; one not begun yet (no year typed) is last year's. */
function quarterSpan(q: number, typedYear: string | undefined, now: Date): WindowSpec | null {
  let year = typedYear ? Number(typedYear) : now.getUTCFullYear();
  if (!typedYear && Date.UTC(year, (q - 1) * 3, 1) > now.getTime()) year -= 1;
  const start = Date.UTC(year, (q - 1) * 3, 1);
  const end = Date.UTC(year, q * 3, 1);
  if (start > now.getTime()) return null;
  return { kind: 'span', start: formatUtc(new Date(start)), end: endOrNow(end, now) };
}

const RULES: Rule[] = [
  {
    // "the fortnight before last": the 14 days before the last 14.
    re: /\b(?:in |during |for |over )?(?:the )?fortnight before last\b/,
    spec: (_m, now) => ({
      kind: 'span',
      start: formatUtc(new Date(now.getTime() - 28 * DAY_MS)),
      end: formatUtc(new Date(now.getTime() - 14 * DAY_MS)),
    }),
  },
  {
    // "all time", "ever", "across the whole dataset", "since we started": the longest window a query may span.
    re: /\b(?:(?:in|over|across|for|from|during|of|throughout) )?(?:all (?:of )?(?:the |our |your |my )?(?:data(?: ?set)?|history|records?|time)|(?:the |our |your )?(?:whole|entire|full|complete) (?:of (?:the |our )?)?(?:data(?: ?set)?|history|record|archive|store)|all[- ]time|since (?:the (?:beginning|start)(?! of)|we (?:started|began)|records began|day one|inception|forever)|ever(?! since)|of all time|to date(?<!(?:week|month|quarter|year) to date))\b/,
    spec: () => ALL_TIME,
  },
  {
    // "the morning of dec 5", "on the evening of the 3rd of january": that part of that day.
    re: new RegExp(`\\b(?:(?:on|in|during) )?(?:the )?${DAY_PART_RE} of ${DATE}`),
    spec: (m, now) => {
      const d = parseDate(m[0].replace(/^.*? of /, ''), now);
      return d ? partOfDay(d, m[1], now) : null;
    },
  },
  {
    // "dec 5 morning", "yesterday afternoon", "on monday evening" ("yesterday evening" is last night, below).
    re: new RegExp(`\\b(?:on )?(?:(yesterday|today)(?= (?:morning|afternoon))|${WEEKDAY_RE}|${DATE}) ${DAY_PART_RE}\\b`),
    spec: (m, now) => {
      const part = /(morning|afternoon|evening|night)$/.exec(m[0])![1];
      const head = m[0].replace(/^on /, '').replace(/ (?:morning|afternoon|evening|night)$/, '');
      const wd = new RegExp(`^${WEEKDAY_RE}$`).exec(head);
      const day =
        head === 'yesterday' || head === 'today'
          ? new Date(bucketStart(now, 'day').getTime() - (head === 'yesterday' ? DAY_MS : 0))
          : wd
            ? lastWeekday(now, weekdayIndex(wd[1]))
            : parseDate(head, now);
      return day ? partOfDay(day, part, now) : null;
    },
  },
  {
    // "memorial day weekend": a Monday holiday's Saturday to Monday; "the 4th of july week": the calendar week holding the day.
    re: new RegExp(
      `\\b(?:over |during |on |in |for )?(?:the )?(?:(week) of (?:the )?(${NAMED_DAYS.map(([n]) => `(?:${n})`).join('|')})|(${NAMED_DAYS.map(([n]) => `(?:${n})`).join('|')}) (?:long )?(weekend|week))\\b`,
    ),
    spec: (m, now) => {
      const day = namedDay(m[2] ?? m[3], now);
      if ((m[1] ?? m[4]) === 'week') {
        const start = bucketStart(day, 'week').getTime();
        return { kind: 'span', start: formatUtc(new Date(start)), end: endOrNow(start + 7 * DAY_MS, now) };
      }
      if (day.getUTCDay() !== 1) return null;
      return { kind: 'span', start: formatUtc(new Date(day.getTime() - 2 * DAY_MS)), end: endOrNow(day.getTime() + DAY_MS, now) };
    },
  },
  {
    // ISO weeks: "2028-w27", "week 27 of 2028", "wk 27" (this year's): Monday 00:00 UTC for seven days.
    re: /\b(?:(\d{4})-?w(\d{1,2})|(?:iso )?(?:week|wk) (\d{1,2})(?: of (\d{4}))?)\b(?! (?:ago|before|earlier|days?|weeks?))/,
    spec: (m, now) => {
      const year = Number(m[1] ?? m[4] ?? now.getUTCFullYear());
      const week = Number(m[2] ?? m[3]);
      if (!(week >= 1 && week <= 53)) return null;
      // Week 1 holds January 4th.
      const start = bucketStart(new Date(Date.UTC(year, 0, 4)), 'week').getTime() + (week - 1) * 7 * DAY_MS;
      if (start > now.getTime()) return null;
      return { kind: 'span', start: formatUtc(new Date(start)), end: endOrNow(start + 7 * DAY_MS, now) };
    },
  },
  {
    // A date written as eight figures after a word of dates (an account number may look the same): "on 20280615".
    re: /\b(?:on|for|dated|date) ((?:19|20)\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\b/,
    spec: (m, now) => {
      const d = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
      if (new Date(d).getUTCDate() !== Number(m[3]) || d > now.getTime()) return null;
      return daySpan(new Date(d));
    },
  },
  {
    // "the first business day of march", "the last working day of last month": that weekday of the month.
    re: new RegExp(
      `\\b(?:on )?(?:the )?(first|last|final) (?:business|working|work|week) ?day of (?:the month of )?(?:(this|last|the previous|previous) month|${MONTH_RE}(?: (\\d{4}))?)\\b`,
    ),
    spec: (m, now) => {
      const month = m[2]
        ? monthSpan(MONTHS[(now.getUTCMonth() + (m[2] === 'this' ? 0 : 11)) % 12], undefined, now)
        : monthSpan(m[3], m[4], now);
      if (month.kind !== 'span') return null;
      const first = parseInstant(month.start);
      const end = Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 1);
      const step = m[1] === 'first' ? DAY_MS : -DAY_MS;
      let d = m[1] === 'first' ? first.getTime() : end - DAY_MS;
      while ([0, 6].includes(new Date(d).getUTCDay())) d += step;
      return d > now.getTime() ? null : daySpan(new Date(d));
    },
  },
  {
    // "the last business day", "the previous working day": the latest weekday before today.
    re: /\b(?:on )?(?:the )?(?:last|previous|prior|latest) (?:business|working|work|week) ?day\b/,
    spec: (_m, now) => {
      let d = bucketStart(now, 'day').getTime() - DAY_MS;
      while ([0, 6].includes(new Date(d).getUTCDay())) d -= DAY_MS;
      return daySpan(new Date(d));
    },
  },
  {
    // "in the small hours today", "the wee hours of yesterday", "yesterday's early hours": 00:00 to 06:00 UTC of that day.
    re: new RegExp(
      `\\b(?:in |during )?the (?:wee|small|early) hours (?:of )?(today|yesterday|${DATE})\\b|\\b(today|yesterday)(?:'s)? (?:wee|small|early) hours\\b`,
    ),
    spec: (m, now) => {
      const which = /\byesterday\b/.test(m[0]) ? 1 : /\btoday\b/.test(m[0]) ? 0 : null;
      const day =
        which !== null
          ? new Date(bucketStart(now, 'day').getTime() - which * DAY_MS)
          : parseDate(m[0].replace(/^.*?hours (?:of )?/, ''), now);
      return day ? partOfDay(day, 'small hours', now) : null;
    },
  },
  {
    // "between the 3rd and the 9th of december", "from 3 to 9 dec 2027": those whole days of that month.
    re: new RegExp(`\\b(?:(?:between|from) )?(?:the )?${DAY_NUM} ${TO} (?:the )?${DAY_NUM} (?:of )?${MONTH_RE}(?:,? (\\d{4}))?\\b`),
    spec: (m, now) => daysOfMonth(m[3], m[4], Number(m[1]), Number(m[2]), now),
  },
  {
    // "between the 3rd and the 9th", "the 15th to the 28th": those days of this month (of last month
    // when they are still to come; of the month named just before, see restated).
    re: new RegExp(
      `\\b(?:(?:between|from) the ${DAY_NUM} ${TO}|the (\\d{1,2})(?:st|nd|rd|th) (?:to|through|till|until|-)) (?:the )?${DAY_NUM}\\b(?! of)(?! ${MONTH_RE}\\b)`,
    ),
    spec: (m, now) => {
      const [from, to] = [Number(m[1] ?? m[2]), Number(m[3])];
      const thisMonth = MONTHS[now.getUTCMonth()];
      const inThis = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), from) <= now.getTime();
      return inThis
        ? daysOfMonth(thisMonth, undefined, from, to, now)
        : daysOfMonth(MONTHS[(now.getUTCMonth() + 11) % 12], undefined, from, to, now);
    },
  },
  {
    // "dec 3-9", "december 3rd to 9th, 2027".
    re: new RegExp(
      `\\b(?:(?:between|from) )?${MONTH_RE} ${DAY_NUM} ?${TO} ?(?:the )?${DAY_NUM}(?!\\d| ?(?:am|pm|:|[a-z]))(?:,? (\\d{4}))?`,
    ),
    spec: (m, now) => daysOfMonth(m[1], m[4], Number(m[2]), Number(m[3]), now),
  },
  {
    // "the second week of december" (days 8-14; the last week: its last seven days), "the first half of jan" (1-15 / 16 on).
    re: new RegExp(`\\b(?:(?:in|during|over|for) )?(?:the )?${ORDINAL_RE} (week|half) of (?:the month of )?${MONTH_RE}(?: (\\d{4}))?\\b`),
    spec: (m, now) => {
      const n = ORDINALS[m[1]];
      const month = monthSpan(m[3], m[4], now);
      if (month.kind !== 'span') return null;
      const first = parseInstant(month.start);
      const days = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
      if (m[2] === 'half')
        return n === 1 ? daysOfMonth(m[3], m[4], 1, 15, now) : n === 2 || n === -1 ? daysOfMonth(m[3], m[4], 16, 'end', now) : null;
      const from = n === -1 ? days - 6 : 7 * (n - 1) + 1;
      return daysOfMonth(m[3], m[4], from, from + 6, now);
    },
  },
  {
    // "early december" (days 1-10), "mid-december" (11-20), "late december" (21 on); "since the start of december": from its 1st on.
    re: new RegExp(
      `\\b(?:(since|from|after|starting(?: from)?) |(?:in|during) )?(early|mid|late|the (?:start|beginning|middle|end) of) ?-?${MONTH_RE}(?: (\\d{4}))?\\b`,
    ),
    spec: (m, now) => {
      const [, since, part, month, year] = m;
      const third = /early|start|beginning/.test(part) ? 0 : /mid|middle/.test(part) ? 1 : 2;
      const days = daysOfMonth(month, year, [1, 11, 21][third], third === 2 ? 'end' : [10, 20][third], now);
      return since && days?.kind === 'span' ? { kind: 'span', start: days.start, end: null } : days;
    },
  },
  {
    // "q4", "the third quarter of 2027", "in q1 2028": a calendar quarter.
    re: /\b(?:(?:in|during|for|over) )?(?:the )?(?:q([1-4])|(first|second|third|fourth|1st|2nd|3rd|4th) quarter)(?: of)?(?: (\d{4}))?\b/,
    spec: (m, now) => quarterSpan(m[1] ? Number(m[1]) : ORDINALS[m[2]], m[3], now),
  },
  {
    // "on christmas eve", "since thanksgiving": a day known by name (NAMED_DAYS), first: "black friday" is no Friday of last week.
    re: NAMED_DAY_RE,
    spec: (m, now) => {
      const day = namedDay(m[2], now, m[3]);
      if (day.getTime() > now.getTime()) return null;
      return m[1] ? { kind: 'span', start: formatUtc(day), end: null } : daySpan(day);
    },
  },
  {
    // "the last three full weeks", "the past 2 complete months", "the two whole weeks before this one": whole calendar units before the current one.
    re: new RegExp(
      `\\b${LEAD}(?:(?:last|past|previous|prior) ${NUM} (?:full|complete|whole|calendar|entire) (week|month)s?|(?:the )?${NUM} (?:(?:full|complete|whole|calendar|entire) )?(week|month)s? (?:before|prior to|preceding) (?:this one|this (?:week|month)|the current (?:one|week|month)))\\b`,
    ),
    spec: (m, now) => {
      const n = numberOf(m[1] ?? m[3]);
      const unit = m[2] ?? m[4];
      if (!(n >= 1 && n <= 104)) return null;
      const end = unit === 'week' ? bucketStart(now, 'week') : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const start =
        unit === 'week' ? new Date(end.getTime() - n * 7 * DAY_MS) : new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - n, 1));
      return { kind: 'span', start: formatUtc(start), end: formatUtc(end) };
    },
  },
  {
    // "the week of oct 5": the calendar week (Monday 00:00 UTC) holding that day; "the week starting oct 5": seven days from it.
    re: new RegExp(`\\b(?:the |that )?week (of|starting(?: on| from)?|beginning|commencing) ${DATE}`),
    spec: (m, now) => {
      const d = parseDate(m[0].replace(/^.*?week (?:of|starting(?: on| from)?|beginning|commencing) /, ''), now);
      if (!d) return null;
      const start = m[1] === 'of' ? bucketStart(d, 'week') : d;
      const end = new Date(start.getTime() + 7 * DAY_MS);
      return { kind: 'span', start: formatUtc(start), end: end.getTime() >= now.getTime() ? null : formatUtc(end) };
    },
  },
  {
    // "between september and november", "from oct to nov": the first month's start to the second's end.
    re: new RegExp(
      `\\b(?:between|from) (?:the month of )?${MONTH_RE}(?: (\\d{4}))?(?! ?\\d) (?:and|to|through|till|until|-) ${MONTH_RE}(?: (\\d{4}))?\\b(?! ?\\d)`,
    ),
    spec: (m, now) => {
      const a = monthSpan(m[1], m[2], now);
      const b = monthSpan(m[3], m[4], now);
      if (a.kind !== 'span' || b.kind !== 'span' || b.start < a.start) return null;
      return { kind: 'span', start: a.start, end: b.end };
    },
  },
  {
    // "between oct 1 and oct 31" holds both days; "from oct 1 to oct 31" ends where the API's end does,
    // at the start of the second day, unless it says "through" or "inclusive".
    re: new RegExp(`\\bbetween ${DATE} and ${DATE}${INCLUSIVE}`),
    spec: (m, now) =>
      span(
        m[0]
          .replace(/^between /, '')
          .replace(INCLUSIVE_RE, '')
          .split(/ and /),
        now,
        true,
      ),
  },
  {
    re: new RegExp(`\\bfrom ${DATE} (?:to|until|till|through) ${DATE}${INCLUSIVE}`),
    spec: (m, now) =>
      span(
        m[0]
          .replace(/^from /, '')
          .replace(INCLUSIVE_RE, '')
          .split(/ (?:to|until|till|through) /),
        now,
        / through /.test(m[0]) || INCLUSIVE_RE.test(m[0]),
      ),
  },
  {
    // "from jan 1 to now", "since dec 3 until today": from that day on.
    re: new RegExp(`\\b(?:from|since|starting) ${DATE} (?:to|until|till|through) (?:now|today|date|the present|present)\\b`),
    spec: (m, now) => {
      const d = parseDate(
        m[0].replace(/^(?:from|since|starting) /, '').replace(/ (?:to|until|till|through) (?:now|today|date|the present|present)$/, ''),
        now,
      );
      return d ? { kind: 'span', start: formatUtc(d), end: null } : null;
    },
  },
  {
    // "oct 1 through oct 31", "thru" (normalised to "through").
    re: new RegExp(`\\b${DATE} through ${DATE}${INCLUSIVE}`),
    spec: (m, now) => span(m[0].replace(INCLUSIVE_RE, '').split(/ through /), now, true),
  },
  {
    re: new RegExp(`\\b(?:since|after|starting(?: from)?) ${DATE}`),
    spec: (m, now) => {
      const d = parseDate(m[0].replace(/^(since|after|starting(?: from)?) /, ''), now);
      return d ? { kind: 'span', start: formatUtc(d), end: null } : null;
    },
  },
  {
    // "between monday and wednesday", "tuesday to thursday": this week's days (last week's for a day
    // still to come), to the end of the second; "monday through wednesday of last week": that week's.
    re: new RegExp(
      `\\b(?:(?:between|from) ${WEEKDAY_RE} (?:and|to|through|till|until|-)|${WEEKDAY_RE} (?:to|through|till|until|-)) ${WEEKDAY_RE}(?:,? (?:of )?(this|last|the previous|previous|the past|past) week)?`,
    ),
    spec: (m, now) => {
      const [a, b] = [weekdayIndex(m[1] ?? m[2]), weekdayIndex(m[3])];
      const lastWeek = m[4] !== undefined && m[4] !== 'this';
      const fromMonday = (d: number) => (d + 6) % 7;
      const monday = bucketStart(now, 'week').getTime() - (lastWeek ? 7 * DAY_MS : 0);
      const start = lastWeek || m[4] === 'this' ? new Date(monday + fromMonday(a) * DAY_MS) : weekdayOnOrBefore(now, a);
      const second = lastWeek || m[4] === 'this' ? new Date(monday + fromMonday(b) * DAY_MS) : weekdayOnOrBefore(now, b);
      const end = new Date(second.getTime() + DAY_MS);
      if (second < start || start.getTime() > now.getTime()) return null;
      return { kind: 'span', start: formatUtc(start), end: endOrNow(end.getTime(), now) };
    },
  },
  {
    re: new RegExp(`\\b(?:since|from|after|starting(?: from)?|as of) (?:last )?${WEEKDAY_RE}\\b`),
    spec: (m, now) => ({ kind: 'span', start: formatUtc(lastWeekday(now, weekdayIndex(m[1]))), end: null }),
  },
  {
    re: /\b(?:since|after|starting) (yesterday|today|this morning)\b/,
    spec: (m, now) => ({
      kind: 'span',
      start: formatUtc(new Date(bucketStart(now, 'day').getTime() - (m[1] === 'yesterday' ? DAY_MS : 0))),
      end: null,
    }),
  },
  {
    re: /\b(?:since|from|after) (?:the )?(?:start|beginning) of (?:the |this )?(week|month|year)\b/,
    spec: (m) => ({ kind: 'calendar', unit: m[1] as CalendarUnit, offset: 0 }),
  },
  {
    // "since 9am", "since 14:00 utc today", "after 9 am yesterday" (UTC).
    re: /\b(?:since|from|after|starting(?: at)?) (\d{1,2})(?::(\d{2}))? ?(am|pm)?(?: utc| gmt| z)?(?: (today|yesterday|this morning))?\b/,
    spec: (m, now) => {
      let h = Number(m[1]);
      const min = m[2] ? Number(m[2]) : 0;
      if (!m[2] && !m[3]) return null; // "since 9" alone is not a time
      if (m[3] === 'pm' && h < 12) h += 12;
      if (m[3] === 'am' && h === 12) h = 0;
      if (h > 23 || min > 59) return null;
      let day = bucketStart(now, 'day').getTime() - (m[4] === 'yesterday' ? DAY_MS : 0);
      let start = day + h * HOUR_MS + min * MINUTE_MS;
      if (start > now.getTime() && !m[4]) start -= DAY_MS;
      day = start;
      return { kind: 'span', start: formatUtc(new Date(day)), end: null };
    },
  },
  {
    re: /\blast night\b|\byesterday evening\b/,
    spec: (_m, now) => ({
      kind: 'span',
      start: formatUtc(new Date(bucketStart(now, 'day').getTime() - 6 * HOUR_MS)),
      end: formatUtc(new Date(bucketStart(now, 'day').getTime() + 6 * HOUR_MS)),
    }),
  },
  {
    // "since the 1st", "since the 15th": that day of this month (of last month when it is still to come).
    re: new RegExp(`\\b(?:since|from|after) the (\\d{1,2})(?:st|nd|rd|th)\\b(?! of)(?! ${MONTH_RE}\\b)`),
    spec: (m, now) => {
      const d = Number(m[1]);
      if (d < 1 || d > 31) return null;
      let start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), d);
      if (start > now.getTime()) start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, d);
      return { kind: 'span', start: formatUtc(new Date(start)), end: null };
    },
  },
  {
    // "on the 10th": that day of this month (of last month when it is still to come).
    re: new RegExp(`\\b(?:on )?the (\\d{1,2})(?:st|nd|rd|th)\\b(?! of)(?! ${MONTH_RE}\\b)(?! (?:and|to|through|till|until|-) )`),
    spec: (m, now) => {
      const d = Number(m[1]);
      if (d < 1 || d > 31) return null;
      let start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), d);
      if (start > now.getTime()) start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, d);
      return daySpan(new Date(start));
    },
  },
  {
    // "the same day last week": that whole day; "the same time last week": that day up to this time of day.
    re: /\b(?:on )?the same (day|time) (?:last|a) week\b|\b(?:on )?this day last week\b/,
    spec: (m, now) => {
      const day = new Date(bucketStart(now, 'day').getTime() - 7 * DAY_MS);
      if (m[1] === 'time') return { kind: 'span', start: formatUtc(day), end: formatUtc(new Date(now.getTime() - 7 * DAY_MS)) };
      return daySpan(day);
    },
  },
  {
    // "a week ago today", "two weeks ago today": that whole day.
    re: new RegExp(`\\b${NUM} weeks? ago(?: today)?\\b`),
    spec: (m, now) => {
      const n = numberOf(m[1]);
      return n && n <= 57 ? daySpan(new Date(bucketStart(now, 'day').getTime() - 7 * n * DAY_MS)) : null;
    },
  },
  {
    // "on monday", "last fridays": that day; "on mondays" is a kind of day, no window (frames.ts reads it).
    re: new RegExp(
      `\\b(?:(?:last|this past|past) ${WEEKDAY_RE}|(?:on )?(sunday|monday|tuesday|tues|wednesday|weds|thursday|thurs|friday|saturday))\\b`,
    ),
    spec: (m, now) => daySpan(lastWeekday(now, weekdayIndex(m[1] ?? m[2]))),
  },
  {
    re: new RegExp(`\\b${NUM} days? ago\\b`),
    spec: (m, now) => {
      const n = numberOf(m[1]);
      return n && n <= 400 ? daySpan(new Date(bucketStart(now, 'day').getTime() - n * DAY_MS)) : null;
    },
  },
  {
    re: /\b(?:since|after) (?:the |last |this past )?weekend\b/,
    spec: (_m, now) => ({ kind: 'span', start: formatUtc(lastWeekday(now, 6)), end: null }),
  },
  {
    re: /\b(?:(?:over|during|on|in) )?(?:the |this |last |this past |past )?weekend\b(?! ?days)/,
    spec: (m, now) => {
      const sat = lastWeekday(now, 6);
      // "this weekend" on a Saturday or Sunday is the one under way.
      const today = now.getUTCDay();
      const start =
        /this/.test(m[0]) && (today === 6 || today === 0) ? new Date(bucketStart(now, 'day').getTime() - (today === 0 ? DAY_MS : 0)) : sat;
      const end = new Date(start.getTime() + 2 * DAY_MS);
      return { kind: 'span', start: formatUtc(start), end: end.getTime() >= now.getTime() ? null : formatUtc(end) };
    },
  },
  {
    re: new RegExp(`\\b${LEAD}(?:(?:last|past|previous|prior) )?(?:(${NUM}) )?fortnights?\\b`),
    spec: (m) => ({ kind: 'range', range: `${14 * (m[1] ? numberOf(m[1]) || 1 : 1)}d` }),
  },
  {
    re: new RegExp(`\\b${LEAD}(?:last|past|previous|prior|recent) (couple|few)(?: of)? (hours?|days?|weeks?)\\b`),
    spec: (m) => ({ kind: 'range', range: `${m[1] === 'couple' ? 2 : 3}${m[2][0]}` }),
  },
  {
    re: new RegExp(`\\b${LEAD}(?:last|past|previous|prior|recent) ${NUM} (minutes?|mins?)\\b`),
    spec: (m, now) => {
      const n = numberOf(m[1]);
      return n ? { kind: 'span', start: formatUtc(new Date(now.getTime() - n * MINUTE_MS)), end: null } : null;
    },
  },
  {
    re: new RegExp(`\\b${LEAD}(?:last|past|previous|prior|recent) ${NUM} (hours?|hrs?|days?|weeks?|wks?|months?)\\b`),
    spec: (m) => {
      const n = numberOf(m[1]);
      if (!n) return null;
      const u = m[2][0];
      if (u === 'm') return { kind: 'range', range: `${n * 30}d` };
      return { kind: 'range', range: `${n}${u === 'h' ? 'h' : u === 'd' ? 'd' : 'w'}` };
    },
  },
  {
    // "and over the last 30?": a number of days when no unit follows and nothing else does.
    re: /\b(?:(?:in|over|for|during) )?(?:the )?(?:last|past|previous|prior) (\d{1,3})$/,
    spec: (m) => (Number(m[1]) >= 1 ? { kind: 'range', range: `${Number(m[1])}d` } : null),
  },
  {
    re: new RegExp(`\\b${LEAD}(?:(?:last|past) )?([1-9]\\d{0,3})(h|d|w)\\b`),
    spec: (m) => ({ kind: 'range', range: `${m[1]}${m[2]}` }),
  },
  { re: new RegExp(`\\b${LEAD}(?:last|past) (?:hour|hr)\\b`), spec: () => ({ kind: 'range', range: '1h' }) },
  { re: new RegExp(`\\b${LEAD}(?:past|last) day\\b`), spec: () => ({ kind: 'range', range: '24h' }) },
  { re: new RegExp(`\\b${LEAD}past week\\b`), spec: () => ({ kind: 'range', range: '7d' }) },
  { re: new RegExp(`\\b${LEAD}past month\\b`), spec: () => ({ kind: 'range', range: '30d' }) },
  { re: new RegExp(`\\b${LEAD}past year\\b`), spec: () => ({ kind: 'range', range: '365d' }) },
  { re: /\bday before yesterday\b|\bereyesterday\b/, spec: () => ({ kind: 'calendar', unit: 'day', offset: -2 }) },
  {
    re: /\b(?:in |during |for )?(?:the )?(week|month|year) before last\b/,
    spec: (m) => ({ kind: 'calendar', unit: m[1] as CalendarUnit, offset: -2 }),
  },
  {
    re: /\b(?:to |for |over |in )?(?:the )?(?:whole|entire|full) (week|month|quarter|year)\b/,
    spec: (m) => ({ kind: 'calendar', unit: m[1] as CalendarUnit, offset: 0 }),
  },
  {
    re: /(?<!\b(?:hour|time|part|end|rest|point) )\bof the day\b|\bof today\b/,
    spec: () => ({ kind: 'calendar', unit: 'day', offset: 0 }),
  },
  {
    re: /\b(?:so far )?today(?: so far)?\b|\bthis (?:morning|afternoon|evening)\b|\btonight\b/,
    spec: () => ({ kind: 'calendar', unit: 'day', offset: 0 }),
  },
  {
    re: /\b(?:(?:this|the) )?(?:week|month|quarter|year) to date\b|\b(?:wtd|mtd|qtd|ytd)\b/,
    spec: (m) => {
      const unit = ({ w: 'week', m: 'month', q: 'quarter', y: 'year' } as const)[
        m[0].replace(/^(?:this|the) /, '')[0] as 'w' | 'm' | 'q' | 'y'
      ];
      return { kind: 'calendar', unit, offset: 0 };
    },
  },
  { re: /\byesterday\b/, spec: () => ({ kind: 'calendar', unit: 'day', offset: -1 }) },
  {
    re: /\b(?:in |during |for )?(?:this|the current) (week|month|quarter|year)(?: so far)?\b/,
    spec: (m) => ({ kind: 'calendar', unit: m[1] as CalendarUnit, offset: 0 }),
  },
  {
    re: /\b(?:in |during |for )?(?:last|the previous|previous|the last|past) (week|month|quarter|year)\b/,
    spec: (m) => ({ kind: 'calendar', unit: m[1] as CalendarUnit, offset: -1 }),
  },
  {
    re: new RegExp(`\\b(?:on )?${DATE}`),
    spec: (m, now) => {
      const d = parseDate(m[0].replace(/^on /, ''), now);
      if (!d) return null;
      // A bare date is that whole day; a timestamp is taken as "since then".
      if (/t\d/.test(m[0])) return { kind: 'span', start: formatUtc(d), end: null };
      return { kind: 'span', start: formatUtc(d), end: formatUtc(new Date(d.getTime() + DAY_MS)) };
    },
  },
  {
    // "in august", "vs august" (the comparison word stays in the text), "august 2026".
    re: new RegExp(
      `(?:\\b(?:in|during|for) (?:the month of )?${MONTH_RE}(?: (\\d{4}))?|(?<=\\b(?:vs|versus|than|against|compared with|compared to|relative to|of) )(?:the month of )?${MONTH_RE}(?: (\\d{4}))?|\\b${MONTH_RE} (\\d{4}))\\b`,
    ),
    spec: (m, now) => monthSpan(m[1] ?? m[3] ?? m[5], m[2] ?? m[4] ?? m[6], now),
  },
  {
    // A month named alone ("compare october and november", "how did september compare to october"), or
    // "may"/"march" beside another month ("march vs april").
    re: new RegExp(
      `\\b${BARE_MONTH_RE}\\b(?! ?\\d)|\\b(may|march)\\b(?= (?:vs|versus|and|or|to|compared (?:to|with)) ${MONTH_RE}\\b)|(?<=\\b(?:compare|and|or|to|with) (?:${MONTH_RE}) (?:vs|versus|and|or|to|with) )(may|march)\\b`,
    ),
    spec: (m, now) => monthSpan(m[1] ?? m[2] ?? m[3], undefined, now),
  },
];

// "in 2027", "since 2027": a calendar year (read after the dates and months that name one).
RULES.push({
  re: /\b(since|in|during|for|throughout|over|of|vs|versus|than|against|and|to) (?:the year )?((?:19|20)\d{2})\b(?![-/]\d)(?! ?(?:calls?|dollars|usd))/,
  spec: (m, now) => {
    const start = Date.UTC(Number(m[2]), 0, 1);
    const end = Date.UTC(Number(m[2]) + 1, 0, 1);
    if (start > now.getTime()) return null;
    if (m[1] === 'since') return { kind: 'span', start: formatUtc(new Date(start)), end: null };
    return { kind: 'span', start: formatUtc(new Date(start)), end: endOrNow(end, now) };
  },
});

/** Words before a number of hours that make it a call's length: "longer than", "lasted", "calls over". */
const LENGTH_BEFORE =
  /\b(?:(?:longer|shorter|more|less|fewer|greater) than|lasted|lasting|lasts|ran|went|at least|at most|exceeding|beyond|above|under|calls? (?:over|of|lasting|running))(?: for)?(?: the)? $/;

// "the 30 day hook rate", "a 7-day window", "3 days": a range ending now (read after every other rule).
RULES.push({
  re: /\b(?:(?:in|over|for|during) )?(?:the |a |an )?(\d{1,3})[ -]?(hour|day|week)s?(?: window| period| span)?\b(?! ago| before| earlier| later)/,
  // "lasted more than 3 hours", "calls over 2 hours": a call's length (thresholds.ts), not a window.
  spec: (m) =>
    m[2] === 'hour' && LENGTH_BEFORE.test(m.input.slice(0, m.index + m[0].indexOf(m[1])))
      ? null
      : { kind: 'range', range: `${m[1]}${m[2][0]}` },
});

/** Two dates as a window; `inclusive` takes in the whole second day (a date with a time ends at that time). */
function span(parts: string[], now: Date, inclusive = false): WindowSpec | null {
  const a = parseDate(parts[0], now);
  const b = parseDate(parts[1], now);
  if (!a || !b) return null;
  const end = inclusive && !/\d{2}:\d{2}/.test(parts[1]) ? new Date(b.getTime() + DAY_MS) : b;
  return { kind: 'span', start: formatUtc(a), end: inclusive && end.getTime() >= now.getTime() ? null : formatUtc(end) };
}

/** Every time phrase of the (lower-cased, normalised) text, in order of appearance. */
export function findWindows(text: string, now: Date): FoundWindow[] {
  const found: FoundWindow[] = [];
  // Clock spans are parts of a day, no window alone: their words are no rule's ("from 2pm" is no "since").
  const clocks = findClockSpans(text);
  const taken: Array<[number, number]> = clocks.map((c) => [c.index, c.index + c.length]);
  for (const rule of RULES) {
    const re = new RegExp(rule.re.source, 'g');
    let m: RegExpExecArray | null;
    while ((m = re.exec(text))) {
      const start = m.index;
      const end = start + m[0].length;
      if (taken.some(([s, e]) => start < e && end > s)) continue;
      const spec = rule.spec(m, now);
      if (!spec) continue;
      taken.push([start, end]);
      found.push({ spec, index: start, length: m[0].length });
    }
  }
  // An edge of a window ("the last 3 days of" september) takes in the phrase it was read as.
  const parts = found.map((w) => partOf(text, w, now));
  const inside = (a: FoundWindow, b: FoundWindow) => a !== b && a.index >= b.index && a.index + a.length <= b.index + b.length;
  const own = parts.filter((a) => !parts.some((b) => inside(a, b))).sort((a, b) => a.index - b.index);
  return clocks.reduce((ws, c) => onItsDay(text, ws, c, now), restated(text, own, now));
}

/** Days of a month with no month named: "the 15th to the 28th". */
const DAYS_ALONE = new RegExp(`^(?:(?:between|from) )?the (\\d{1,2})(?:st|nd|rd|th)? ${TO} (?:the )?(\\d{1,2})(?:st|nd|rd|th)?$`);

/**
 * Days of a month with no month named, right after a window ("the first half of february (the
 * 1st through the 14th)", "february, the 15th to the 28th"): those days of that window's month,
 * which they restate exactly.
 */
function restated(text: string, windows: FoundWindow[], now: Date): FoundWindow[] {
  const out: FoundWindow[] = [];
  for (const w of windows) {
    const prev = out[out.length - 1];
    const days = DAYS_ALONE.exec(text.slice(w.index, w.index + w.length));
    const month =
      prev && days && /^[\s,;:(–—-]*$/.test(text.slice(prev.index + prev.length, w.index)) ? resolve(prev.spec, now).start : null;
    const spec = month && daysOfMonth(MONTHS[month.getUTCMonth()], String(month.getUTCFullYear()), Number(days![1]), Number(days![2]), now);
    if (spec) out[out.length - 1] = { spec, index: prev.index, length: w.index + w.length - prev.index };
    else out.push(w);
  }
  return out;
}

/** A clock span joined to the one-day window beside it ("yesterday between 9 and 5"); the windows as they were when there is none. */
function onItsDay(text: string, windows: FoundWindow[], c: ClockSpan, now: Date): FoundWindow[] {
  const near = (w: FoundWindow) => {
    const gap = w.index >= c.index + c.length ? text.slice(c.index + c.length, w.index) : text.slice(w.index + w.length, c.index);
    return /^[\s,]*(?:(?:on|of|for)\s+)?(?:the\s+)?$/.test(gap);
  };
  const i = windows.findIndex((w) => {
    if (!near(w)) return false;
    const r = resolve(w.spec, now);
    return isOneDay(r.start.getTime(), r.end.getTime(), now);
  });
  if (i < 0) return windows;
  const w = windows[i];
  const spec = clockSpanOn(c, resolve(w.spec, now).start.getTime(), now);
  if (!spec) return windows;
  const index = Math.min(w.index, c.index);
  const length = Math.max(w.index + w.length, c.index + c.length) - index;
  return windows.map((x, k) => (k === i ? { spec, index, length } : x));
}

/** "the last 3 days of", "the first week of": a stretch at one edge of the window named next. */
const EDGE_OF = new RegExp(
  `\\b(?:(?:in|over|during|for|on) )?(?:the )?(first|opening|early|last|final|closing) (?:${NUM} )?(hours?|days?|weeks?|fortnights?) of (?:the )?$`,
);
const EDGE_UNIT_MS: Record<string, number> = { h: HOUR_MS, d: DAY_MS, w: 7 * DAY_MS, f: 14 * DAY_MS };
/** Words naming a part of a period that no rule reads: the question is answered as not understood. */
const PART_OF =
  /\b(?:(?:on|in|over|during|for|at) )?(?:the )?(?:(?:first|second|third|last|final|early|late|middle) )?(?:ides|nones|kalends|calends|dekads?|decades?|tail end|back end|end|start|beginning|middle|run[- ]up|turn|halves|half|thirds?|weeks?|weekends?|fortnights?|days?|hours?) of (?:the )?$/;

/** A window with the edge or part of it the words before it name (partOf: composition, not another rule). */
function partOf(text: string, w: FoundWindow, now: Date): FoundWindow {
  const before = text.slice(0, w.index);
  const edge = EDGE_OF.exec(before);
  if (edge) {
    const r = resolve(w.spec, now);
    const len = (edge[2] ? numberOf(edge[2]) || 1 : 1) * EDGE_UNIT_MS[edge[3][0]];
    const first = /^(?:first|opening|early)$/.test(edge[1]);
    const from = first ? r.start.getTime() : Math.max(r.start.getTime(), r.end.getTime() - len);
    const to = first ? Math.min(r.end.getTime(), r.start.getTime() + len) : r.end.getTime();
    const grown = { index: edge.index, length: w.index + w.length - edge.index };
    if (len <= r.end.getTime() - r.start.getTime())
      return { ...grown, spec: { kind: 'span', start: formatUtc(new Date(from)), end: endOrNow(to, now) } };
  }
  const part = PART_OF.exec(before);
  if (!part) return w;
  return { ...w, partUnread: text.slice(part.index, w.index + w.length).trim() };
}

/** Words that name no window exactly: the planner uses its default window and says which. */
export const VAGUE_TIME_RE = /\b(?:lately|recently|of late|these days|nowadays|in recent (?:days|weeks|times))\b/;

/**
 * Words that only ever say when, by class: a day of a month, a month, a weekday, a part of the
 * day, a clock time, a year, a season or holiday, a quarter or half. Left in the text after
 * every time rule has taken its phrase, one of them means a time phrase was not read.
 * (Bare units, "day", "week", "weekend", stay out: rankings and series read those.)
 */
const TIME_WORD_RE = new RegExp(
  [
    '\\b(?:on|since|from|until|till|between|and|to|through|after|before|by) (?:the )?\\d{1,2}(?:st|nd|rd|th)\\b(?! (?:percentile|most|least|biggest|largest|highest|lowest|busiest|quietest|place|best|worst|one)\\b)',
    '\\b\\d{1,2}(?:st|nd|rd|th) of\\b',
    '\\b(?:january|february|april|june|july|august|september|october|november|december)\\b',
    '\\b(?:jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)(?= \\d)',
    // A weekday in the plural is a kind of day (frames.ts), no unread window.
    '\\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\\b',
    '(?<!\\bgood )\\b(?:mornings?|afternoons?|evenings?|nights?|overnight|midday|noon|midnight|lunch ?time|dawn|dusk)\\b',
    '\\b\\d{1,2}(?::\\d{2})? ?(?:am|pm)\\b|\\b\\d{1,2}:\\d{2}\\b',
    '\\b(?:from|between) \\d{1,2}(?::\\d{2})? ?(?:am|pm)? (?:to|and|-|till|until) \\d{1,2}\\b',
    '(?<![$\\d,.])\\b(?:19|20)\\d{2}\\b(?![-/]\\d)(?! ?(?:calls?|dollars|usd|%))',
    '\\b(?:holidays?|eve|christmas|xmas|thanksgiving|easter|hanukkah|passover|ramadan|spring|summer|autumn|winter)\\b',
    '\\b(?:q[1-4]|h[12])\\b|\\b(?:first|second|third|fourth|1st|2nd|3rd|4th|last) (?:quarter|half)\\b',
  ].join('|'),
  'g',
);

/** Words that may lead into a time phrase, kept in the quote ("on the 9th of"). */
const LEAD_WORD =
  /^(?:on|in|at|over|around|throughout|during|since|from|until|till|between|and|to|through|after|before|by|the|of|early|late|mid|every|each|this|last|next)$/;

/**
 * A time phrase left in the text that no rule read ("since the outage", "in the evenings", "the
 * 9th of" after the month was read): the answer says so rather than answering for another window.
 * `rest` is the text without the phrases the time rules read and the qualifiers; `windowsRead`: some were read.
 */
export function unreadTimePhrase(rest: string, windowsRead: boolean): string | null {
  // A cue word with no window read ("since the outage"); beside a window it may be a comparison's ("before nov 10 and after").
  const cue =
    !windowsRead &&
    /\b(?:since|until|till|during|before|after|ago)\b(?: (?:the|a|an|our|my|last|this)\b)*(?: (?!(?:how|what|many|calls?|hook|rate|tier|and|or|with|from|for|in|of)\b)[a-z0-9']+){0,3}/.exec(
      rest,
    );
  // "before" in "the week before"/"the day before" is a shift, read elsewhere.
  if (cue && !/^before(?: that)?$/.test(cue[0]) && !/^after (?:that|it)$/.test(cue[0])) return cue[0].trim();
  const hits = [...rest.matchAll(TIME_WORD_RE)];
  if (!hits.length) return null;
  const words = rest.split(' ');
  // Word positions of the first and last hit, widened by the words that lead into them.
  const wordAt = (i: number) => rest.slice(0, i).split(' ').length - 1;
  let from = wordAt(hits[0].index);
  const last = hits[hits.length - 1];
  let to = wordAt(last.index + last[0].length - 1);
  while (from > 0 && LEAD_WORD.test(words[from - 1])) from--;
  while (from < to && /^(?:and|to|by)$/.test(words[from])) from++;
  if (to + 1 < words.length && words[to + 1] === 'of') to++;
  return words.slice(from, to + 1).join(' ');
}

/** "the week before", "the previous period", "before that": the prior window of the same length. */
export const SHIFT_BACK_RE =
  /\b(?:the )?(?:(?:week|weekend|day|month|year|period|hour|time|one|window|stretch|fortnight)s? (?:before|prior)(?: (?:that|it|this|then))?|(?:previous|prior|preceding) (?:period|window|one|weekend|stretch)|before that)\b|\bshift (?:that|it|this) back(?: (?:a|one|by a|by one) (?:week|day|month|period))?\b|\b(?:a|one) (?:week|day|month) earlier\b|\bgo back (?:a|one) (?:week|day|month)\b/;

/** "the day after", "the following week", "after that": the next window (of the unit it names, else of the same length). */
export const SHIFT_FORWARD_RE =
  /\b(?:the )?(?:week|weekend|day|month|year|period|hour|one|window|stretch|fortnight)s? (?:after|later|following)(?: (?:that|it|this|then))?\b|\b(?:the )?(?:following|subsequent) (?:day|week|weekend|month|year|period|window|one|stretch|hour|fortnight)\b|\bthe next (?:day|week|weekend|month|year|period|window|one|stretch|hour|fortnight)\b|\bafter that\b|\bshift (?:that|it|this) (?:forward|ahead|on)(?: (?:a|one|by a|by one) (?:week|day|month|period))?\b|\b(?:a|one) (?:week|day|month) later\b/;

/** "a week later", "shift it forward a day": the same window a week (day, month) later. */
export const SHIFT_LATER_BY_RE =
  /\bshift (?:that|it|this) (?:forward|ahead|on) (?:by )?(?:a|one) (week|day|month)\b|\b(?:a|one) (week|day|month) later\b/;

/** "shift that back a week": the same window a week (day, month) earlier. */
export const SHIFT_BY_RE =
  /\bshift (?:that|it|this) back (?:by )?(?:a|one) (week|day|month)\b|\b(week)end(?:s)? (?:before|prior)\b|\b(?:previous|prior|preceding) (week)end\b|\b(?:a|one) (week|day|month) earlier\b|\bgo back (?:by )?(?:a|one) (week|day|month)\b/;

/** Words that start a phrase, never a day's name ("On Tuesday", "Last Friday"). */
const NOT_A_NAME =
  /^(?:on|in|at|last|this|next|since|before|after|every|each|until|till|through|from|the|a|an|of|by|for|and|or|how|what|which|was|were|is|did|do|does|calls?|any|early|late|mid|past|previous|same|that)$/i;

/** A day named with capitals ("Groundhog Day", "Ash Wednesday") that no time rule read: its words, else null. */
export function namedDayUnread(question: string, text: string, windows: FoundWindow[]): string | null {
  const m = /\b([A-Z][\w']*(?: [A-Z][\w']*)?) (Day|Eve|Night|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b/.exec(question);
  if (!m || m[1].split(' ').some((w) => NOT_A_NAME.test(w))) return null;
  const phrase = m[0].toLowerCase();
  const read = windows.some((w) => text.slice(w.index, w.index + w.length).includes(phrase));
  return read ? null : phrase;
}
