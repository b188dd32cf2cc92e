// The first step of planning a question: what it says apart from what it asks. Its time
// phrases become a window (a follow-up's starts from the previous turn's), its qualifiers
// become filters, and a follow-up carries the previous turn's filters. Pure, like plan.ts.

import type { AgentRequest } from '../agent.js';
import { carry } from './filters.js';
import type { Filters, PlannerState } from './intents.js';
import { dayZoneIn, findClockSpans, inZone } from '../read/clockSpans.js';
import { capitalisedWords } from '../read/normalise.js';
import { filtersOf, REFERS_RE, SHORT_FOLLOW_UP, subjectOf } from './planRules.js';
import { qualifiersIn, type Mention, type Qualifiers } from '../read/qualifiers.js';
import { FOLLOW_UP_RE } from '../read/reading.js';
import {
  findWindows,
  SHIFT_BACK_RE,
  SHIFT_BY_RE,
  SHIFT_FORWARD_RE,
  SHIFT_LATER_BY_RE,
  unreadTimePhrase,
  VAGUE_TIME_RE,
  namedDayUnread,
  type FoundWindow,
} from '../read/timePhrases.js';
import { resolve, shiftBack, shiftBy, shiftForward, windowPhrase, type WindowSpec } from '../read/windowSpec.js';

export interface QuestionReading {
  /** The time phrases found, in order. */
  windows: FoundWindow[];
  /** The first window the question names, if any. */
  named: WindowSpec | null;
  /** The window to answer for: named, shifted, the previous turn's, or the dashboard's. */
  window: WindowSpec;
  /** The window when no phrase names one: the previous turn's (a follow-up) or the dashboard's. */
  unnamed: WindowSpec;
  /** "the week before", "before that": a shift of the previous window. */
  shift: boolean;
  /** The previous window moved back or forward ("the week before", "the day after"): a window edit. */
  moved: boolean;
  /** What the answer says about how time words were read. */
  notes: string[];
  /** A time phrase no rule read (timePhrases.ts's unreadTimePhrase). */
  unread: string | null;
  quals: Qualifiers;
  /** The question's own filters. */
  own: Filters;
  /** The previous turn's filters kept by this follow-up. */
  carried: Filters;
  /** The carried filters with the question's own on top. */
  base: Filters;
  mentions: Mention[];
  /** The normalised text without time phrases and qualifiers: what is asked. */
  rest: string;
  /** A short question continuing the previous turn ("and last week?"). */
  followUp: boolean;
  /** About the previous answer's calls ("how many of them"). */
  refers: boolean;
  /** Whether the previous turn's filters carry into this one. */
  carries: boolean;
}

/** `text` is the normalised question (normalise.ts). */
export function readQuestion(req: AgentRequest, prev: PlannerState | null, now: Date, text: string): QuestionReading {
  const question = req.question;
  // "the weekend before", "the week prior": a shift of the previous window, not this weekend or week.
  // (A window phrase longer than the shift, "the week before last", is a window of its own.)
  // "the day after", "the following week": the next window, only as a follow-up.
  const shifts = prev ? [SHIFT_BACK_RE, SHIFT_FORWARD_RE] : [SHIFT_BACK_RE];
  const shiftSpans = shifts.map((re) => re.exec(text)).filter((m) => m !== null);
  const inShift = (w: FoundWindow) => shiftSpans.some((s) => w.index >= s.index && w.index + w.length <= s.index + s[0].length);
  // "going by Eastern time": the days named are that zone's (the zone's words are no value).
  const dayZone = dayZoneIn(text);
  const windows = zoned(
    findWindows(text, now).filter((w) => !inShift(w)),
    dayZone?.zone,
    now,
  );
  // A clock span's zone ("9 to 5 new york time") is no place of the callers: blanked before the rest is read.
  let rest = blankZones(
    dayZone ? `${text.slice(0, dayZone.index)}${' '.repeat(dayZone.length)}${text.slice(dayZone.index + dayZone.length)}` : text,
  );
  for (const w of [...windows].reverse()) rest = `${rest.slice(0, w.index)} ${rest.slice(w.index + w.length)}`;
  rest = rest.replace(/\s+/g, ' ').trim();
  const shift = SHIFT_BACK_RE.test(rest);
  if (shift) rest = rest.replace(new RegExp(SHIFT_BACK_RE.source, 'g'), ' ').replace(/\s+/g, ' ').trim();
  const forwardBy = prev && !shift ? SHIFT_FORWARD_RE.exec(rest) : null;
  const forward = forwardBy !== null;
  if (forward) rest = rest.replace(new RegExp(SHIFT_FORWARD_RE.source, 'g'), ' ').replace(/\s+/g, ' ').trim();
  const vague = windows.length === 0 && !shift ? (VAGUE_TIME_RE.exec(rest)?.[0] ?? null) : null;
  if (vague) rest = rest.replace(VAGUE_TIME_RE, ' ').replace(/\s+/g, ' ').trim();

  const names = capitalisedWords(question);
  const quals = qualifiersIn(rest, question, (w) => w.split(' ').every((x) => names.has(x)));
  // A part of a window no rule reads ("the ides of march") is unread, whatever else was read; so is a day
  // named with capitals that no rule took ("Pi Day", "Ash Wednesday").
  const partUnread = windows.find((w) => w.partUnread)?.partUnread ?? namedDayUnread(question, text, windows);
  const unread = partUnread ?? (!vague ? unreadTimePhrase(quals.rest, windows.length > 0 || shift || forward) : null);
  rest = (unread ? quals.rest.replace(unread, ' ') : quals.rest).replace(/\s+/g, ' ').trim();

  // A question about the previous answer's calls: "how many of them", "where were they calling from", "how many were amazon".
  const refers = prev !== null && REFERS_RE.test(rest) && rest.split(' ').length <= 10;
  const followUp =
    prev !== null &&
    (FOLLOW_UP_RE.test(text) || SHORT_FOLLOW_UP.test(text) || refers || windows.length > 0 || shift || forward) &&
    rest.split(' ').length <= 8;
  const defaultSpec: WindowSpec = { kind: 'range', range: req.dashboardRange };
  const named = windows[0]?.spec ?? null;
  // In a conversation, a question that names no window keeps the one the conversation is about.
  const unnamed: WindowSpec = prev ? prev.window : defaultSpec;
  let window: WindowSpec = named ?? unnamed;
  if (shift && prev && !named) {
    const by = SHIFT_BY_RE.exec(text);
    window = by ? shiftBy(prev.window, by.slice(1).find(Boolean) as 'week' | 'day' | 'month', now) : shiftBack(prev.window, now);
  }
  if (forwardBy && prev && !named) {
    const by = SHIFT_LATER_BY_RE.exec(text);
    const unit = /\b(hour|day|week|fortnight|month|year)s?\b/.exec(forwardBy[0])?.[1] as Parameters<typeof shiftForward>[2];
    window = by
      ? shiftBy(prev.window, by.slice(1).find(Boolean) as 'week' | 'day' | 'month', now, 1)
      : /\bweekend\b/.test(forwardBy[0])
        ? shiftBy(prev.window, 'week', now, 1)
        : shiftForward(prev.window, now, unit);
  }

  const notes: string[] = [];
  if (vague) notes.push(`I read "${vague}" as ${windowPhrase(window)}.`);

  // A follow-up keeps the previous turn's filters; what the question names replaces them.
  // Filters carry only into an elliptic follow-up ("and last week?", "only the Amazon ones"), not into a new question.
  const own = filtersOf(quals);
  const carries = prev !== null && (refers || ((FOLLOW_UP_RE.test(text) || SHORT_FOLLOW_UP.test(text)) && rest.split(' ').length <= 8));
  let carried: Filters = prev && carries ? { ...(prev.filters ?? {}) } : {};
  // "how many of them were hooked?" after "how many calls impersonated PayPal": the value the answer was about.
  if (prev && refers) carried = carry(subjectOf(prev.intent), carried);
  const mentions: Mention[] = quals.mentions;
  // A value named again replaces the carried value of the same field.
  for (const m of mentions) if (m.fields[0]) delete (carried as Record<string, unknown>)[m.fields[0]];
  const base: Filters = carry(carried, own);
  return {
    windows,
    named,
    window,
    unnamed,
    shift,
    moved: shift || forward,
    notes,
    unread,
    quals,
    own,
    carried,
    base,
    mentions,
    rest,
    followUp,
    refers,
    carries,
  };
}

/**
 * The reading with the carried values of `fields` dropped: a value the lexicon finds in the
 * question ("same for Linda" after Kevin) replaces the carried value of its field, as a value
 * the reading itself names does.
 */
export function replacingCarried(r: QuestionReading, fields: readonly string[]): QuestionReading {
  const held = fields.filter((f) => f in r.carried);
  if (!held.length) return r;
  const carried = { ...r.carried };
  for (const f of held) delete (carried as Record<string, unknown>)[f];
  return { ...r, carried, base: carry(carried, r.own) };
}

/** The text with the zone words of its clock spans blanked (same length: window indices stay). */
function blankZones(text: string): string {
  let out = text;
  for (const c of findClockSpans(text))
    if (c.zoneAt) out = `${out.slice(0, c.zoneAt[0])}${' '.repeat(c.zoneAt[1])}${out.slice(c.zoneAt[0] + c.zoneAt[1])}`;
  return out;
}

/** The windows with their whole days moved to `zone`'s days. */
function zoned(windows: FoundWindow[], zone: string | undefined, now: Date): FoundWindow[] {
  if (!zone) return windows;
  return windows.map((w) => {
    const r = resolve(w.spec, now);
    const spec = inZone(r.start.getTime(), r.end.getTime(), zone, now);
    return spec ? { ...w, spec } : w;
  });
}
