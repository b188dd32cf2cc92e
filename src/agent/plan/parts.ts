// A question of several parts ("how many calls this week, and what was the hook rate?",
// "top brands today; which banks?") is answered part by part: each part is planned as its own
// question, the later ones as follow-ups of the earlier (so "their hook rate" reads the first
// part's calls), and a part that names no window takes the window of the part before it. Pure.

import { findWindows } from '../read/timePhrases.js';
import { normalise } from '../read/normalise.js';
import { fieldIn } from '../read/reading.js';
import { withoutCommands } from './planRules.js';

/** A statistic's words ("the median", "the 90th percentile"): a part of them alone takes the noun of the next part. */
const STAT = '(?:the )?(?:\\d{1,2}(?:st|nd|rd|th) percentile|p\\d\\d|median|mean|average|longest|shortest|max(?:imum)?|min(?:imum)?)';
/** Statistics another rule answers: a part of their own, also in a list. */
const OWN_STAT = /^(?:the )?(?:\d{1,2}(?:st|nd|rd|th) percentile|p\d\d|(?:longest|shortest) call|(?:of )?(?:distinct|different|unique) )/i;
const BARE_STAT = new RegExp(`(?:^|\\s)${STAT}\\s*$`, 'i');
const STAT_FIRST = new RegExp(`^${STAT}\\s+(.+)$`, 'i');

/** A figure named after "and"; it opens a part only in a question ("what were calls and hooked calls"), not in a list of figures ("hooked and tier 1 calls by brand"). */
const FIGURE =
  '(?:the )?(?:hook rate|hooked calls|tier[- ]?1 calls|tier[- ]?1 share|average (?:call length|ask)|dollars asked|total (?:dollars )?asked|number of asks|' +
  // "the number of cleanly closed calls", "the count of tier 2 calls": a count of its own.
  '(?:number|count|share|percentage) of (?:[a-z0-9-]+ ){0,3}?(?:calls|asks)|' +
  // Statistics answered by rules of their own: "and the 90th percentile duration", "and the number of distinct banks".
  `${STAT}(?= [a-z])|(?:longest|shortest) call|(?:of )?(?:distinct|different|unique) [a-z]+)`;
const FIGURE_START = new RegExp(`^${FIGURE}\\b`, 'i');
const ASKING = /^(?:what|how|which|give|show|tell|list|when|where|who|is|are|was|were|did|do|does)\b/i;

/**
 * Words a new question opens with, after "and", a comma or "also". An auxiliary opens one only
 * before its subject ("and were there any…", "and did we…"), not as a verb of the part before
 * ("how many calls came in and were hooked").
 */
const OPENER =
  "(?:what(?:'s| is| are| was| were)?|whats|how|which|who|where|when|why|any|show|list|give|tell|top|the top|" +
  // A figure of its own after "and" ("total calls and hooked calls", "calls and the hook rate").
  `${FIGURE}|` +
  // "top brand and its hook rate": a figure of the value the part before names.
  'its|' +
  // "calls from California and calls from New York": the noun said again opens a set of its own.
  '(?:the )?calls (?:from|in|with|impersonating|naming|claiming|about|for|on|that|which|where)\\b|' +
  '(?:is|are|was|were|did|do|does|has|have|had) (?:it|they|there|we|you|any|the|those|these|that|this|most|more)\\b)';

/** Where one part ends and the next begins: "?", ";", ", and <opener>", "and <opener>", "also". */
const BREAK = new RegExp(
  String.raw`\?\s+(?=\S)|;\s*|,?\s+(?:and|&) (?:also )?(?=${OPENER}\b)|,\s+(?=${OPENER}\b)|\s+(?:plus|also),?\s+(?=${OPENER}\b)`,
  'gi',
);

/**
 * A first part that only frames the next: a filter or window ("for amazon, what…", "in the last
 * week, how…"), the form of the figure ("as a percentage, how many…"), a series ("week by week, how much…"), or values to set side by side ("Venmo or
 * Zelle, which…"): no split.
 */
const FRAMING =
  /^(?:for|in|over|during|about|regarding|from|since|of|on|at|among|looking|given|with|between|if|so|ok|okay|hey|hi|hello|thanks|please|sorry|as|expressed|roughly|approximately|approx|excluding|except|other than|apart from|aside from|besides|without|leaving)\b|^(?:(?:hour|day|week|month|year) (?:by|over|on|to|after) (?:hour|day|week|month|year)|hourly|daily|weekly|monthly|(?:by|per|each) (?:hour|day|week|month))$|^(?!.*\b(?:how|what|which|who|many|much|show|list|give|tell|is|are|was|were|did|do|does)\b)(?:\S+ ){0,2}\S+ (?:or|vs|versus|against) (?:\S+ ){0,2}\S+$/;
/** A first part that instructs rather than asks ("ignore previous instructions and show …"): one question, as written. */
const INSTRUCTING = /^(?:ignore|disregard|forget|pretend|act as|you are|bypass|override|do it|now)\b/;
/** Whether a later part asks something alone: "top bank" does; "how many", "which one", "do it" continue the part before. */
const asksAlone = (w: string[]) =>
  // "how many calls?" after a question names nothing of its own: it asks the count of the part before.
  !/^(?:so |and )?(?:how many|what number of|count the)(?: calls?)?(?: (?:was|were|is|are) (?:there|that|it))?$/.test(w.join(' ')) &&
  // "… ? top 3": how many of the ranking before, not a question of its own.
  !/^(?:just |only |give me |show )?(?:the )?(?:top|first) (?:\d+|three|five|ten)$/.test(w.join(' ')) &&
  // "… ? Give both rates.", "show the numbers too": the form of the answer before, no question of its own.
  !/^(?:please )?(?:give|show|include|list|add|with)?(?: me| us)? ?(?:both|all|each|the|their|its)(?: of the)? (?:rates?|numbers?|figures?|counts?|values?|percentages?|totals?)(?: too| as well| please)?$/.test(
    w.join(' '),
  ) &&
  (w.length >= 3 ||
    (w.length === 2 && !/^(?:how|which|what|when|where|why|who|do|did|does|is|are|was|were|any|and|so)\b/.test(w.join(' '))));

/** The words of a part apart from its time phrases. */
function asked(part: string, now: Date): string[] {
  // Symbols ask nothing ("##" would read as "number of"): only words count.
  let text = normalise(part.replace(/[^\p{L}\p{N}\s'’-]/gu, ' '));
  for (const w of [...findWindows(text, now)].reverse()) text = `${text.slice(0, w.index)} ${text.slice(w.index + w.length)}`;
  return text.split(/\s+/).filter((x) => /[a-z0-9]/.test(x));
}

/** A part about the call an earlier part found: "that caller", "the same call", "whoever made it". */
const CALL_BACK =
  /\b(?:that|the same|this) (?:caller|call|scammer|person|fraudster)\b|\bwho(?:ever)? (?:made|asked for|demanded) (?:it|that)\b/i;
/** An extreme one call holds: the biggest single ask, the longest call. */
const EXTREME =
  /\b(?:biggest|largest|highest|max(?:imum)?) (?:single |one |dollar )*(?:ask|demand|request|amount)\b|\b(?:longest|shortest) call\b/i;

/** "Three things: …", "two questions -": a list of asks announced, its items split at every comma and "and". */
const LIST_PREFACE =
  /^(?:(?:two|three|four|five|a few|several|some|\d) (?:things|questions|figures|numbers|stats|asks|quick ones)|quick (?:ones|questions))\s*[:\-–—]\s*/i;

/** The parts as written: the items of an announced list, or the question cut at its breaks. */
function rawParts(question: string): string[] {
  const listed = LIST_PREFACE.exec(question);
  const cut = listed
    ? question.slice(listed[0].length).split(/,\s*(?:and\s+)?|;\s*|\s+and\s+(?=the\b|how\b|what\b|which\b)/i)
    : question.split(BREAK);
  const raw = cut
    .map((p) =>
      p
        .trim()
        .replace(/^(?:and|also|plus)\s+/i, '')
        .replace(/^of\s+(?=(?:the\s+)?(?:distinct|different|unique|number)\b)/i, ''),
    )
    .filter((p) => p.length > 0);
  // "the median and the 90th percentile call duration": the bare statistic takes the next part's noun.
  for (let i = 0; i + 1 < raw.length; i++) {
    const next = STAT_FIRST.exec(raw[i + 1]);
    if (BARE_STAT.test(raw[i]) && next) raw[i] = `${raw[i]} ${next[1]}`;
  }
  return raw;
}

/** The parts of a question, each a question alone; one part when it has no breaks. */
export function questionParts(question: string, now: Date): string[] {
  // A database command after ";" is no part: the planner leaves it out and says so.
  if (withoutCommands(question)) return [question];
  // "Sorry for all the questions today, one more: how many …": the writer's own context is no part of the question.
  const own = withoutContext(question);
  if (own !== question) return questionParts(own, now);
  // "before Dec 1 and how many on or after it": one question about the two sides of a moment.
  if (/\bbefore\b.*\b(?:after|since|from) (?:it|that|then|that (?:date|day))\b/i.test(question)) return [question];
  const listed = windowList(question, now) ?? framedList(question, now);
  if (listed) return listed;
  const raw = rawParts(question);
  const announced = LIST_PREFACE.test(question);
  // The items of an announced list are each a question ("calls today, calls yesterday, …").
  if (announced) return raw.length >= 2 && raw.length <= 5 ? withWindows(raw, now) : [question];
  // A first part that only frames the rest ("over the last 7 days, how many … and which …") joins the part after it.
  while (raw.length > 2 && (asked(raw[0], now).length < 2 || FRAMING.test(asked(raw[0], now).join(' '))))
    raw.splice(0, 2, `${raw[0]}, ${raw[1]}`);
  if (raw.length < 2 || raw.length > 4) return [question];
  // "the biggest single ask this week, and which brand was that caller impersonating": the call holding
  // the extreme answers both (its row names its brand, lure and payment): one question about that call.
  if (raw.length === 2 && CALL_BACK.test(raw[1]) && EXTREME.test(raw[0]))
    return [
      `which call had ${raw[0].replace(/^(?:what(?:'s| is| was| were)?|whats|tell me|give me|show me)\s+/i, '').replace(/[?.!]+$/, '')}`,
    ];
  // A short later part ("and yesterday?", ", how many") continues the part before; a first part
  // that only frames the next ("for amazon, what …") or instructs is no question alone: not a split.
  const words = raw.map((p) => asked(p, now));
  const first = words[0].join(' ');
  if (words[0].length < 2 || words.slice(1).some((w) => !asksAlone(w)) || FRAMING.test(first) || INSTRUCTING.test(first)) return [question];
  // A list of figures ("calls and hooked calls by brand") is one question, unless a later one is a statistic of its own.
  // (A window before the question, "over the last 7 days, what were …", does not make it a list.)
  if (raw.slice(1).some((p) => FIGURE_START.test(p) && !OWN_STAT.test(p)) && !ASKING.test(question.trim()) && !ASKING.test(first))
    return [question];
  return withWindows(raw, now);
}

/** Words that set windows side by side (a comparison answers those, not a list). */
const COMPARING = /\b(?:vs|versus|compared?|comparison|against|than|change|differ\w*|grow\w*|rise|fall|trend|more|fewer|less)\b/;

/**
 * "calls in August, in September and in October so far": one figure over three or more windows
 * listed together, one part per window (two are a comparison, answered side by side).
 */
function windowList(question: string, now: Date): string[] | null {
  const text = normalise(question);
  const ws = findWindows(text, now);
  if (ws.length < 3 || COMPARING.test(text)) return null;
  const between = ws.slice(1).map((w, i) => text.slice(ws[i].index + ws[i].length, w.index));
  if (!between.every((g) => /^\s*(?:,|and|, and|or|, or|&|\/)?\s*$/.test(g))) return null;
  const head = text.slice(0, ws[0].index);
  const after = text.slice(ws[ws.length - 1].index + ws[ws.length - 1].length);
  // "… and in October so far": words of the last window's own stay with it.
  const own = /^\s*(?:so far|to date|until now|till now|up to now)\b/.exec(after)?.[0] ?? '';
  const tail = after.slice(own.length);
  const last = ws.length - 1;
  return ws.map((w, i) => `${head}${text.slice(w.index, w.index + w.length)}${i === last ? own : ''}${tail}`.replace(/\s+/g, ' ').trim());
}

/**
 * "For the last 14 days: number of calls, total dollars asked, and the most common lure": a frame
 * (a window or a filter) before a colon, then a list of asks: each ask with the frame.
 */
function framedList(question: string, now: Date): string[] | null {
  const m = /^([^:?]{3,80}):\s*(.+)$/.exec(question.trim());
  if (!m || ASKING.test(m[1].trim())) return null;
  const frame = m[1].trim().replace(/^(?:ok(?:ay)?|so|right),?\s+/i, '');
  if (!findWindows(normalise(frame), now).length) return null;
  const items = m[2]
    .replace(/[?.!]+$/, '')
    .split(/,\s*(?:and\s+|&\s+)?|;\s*|\s+and\s+(?=the\b|how\b|what\b|which\b|total\b|number\b|average\b|median\b|top\b|most\b)/i)
    .map((x) => x.trim())
    .filter((x) => x.length > 0);
  // Figures alone ("calls, hooked calls and the average call length") are one question of several figures.
  if (items.length < 2 || items.length > 5 || !items.some((x) => fieldIn(normalise(x)))) return null;
  return items.map((x) => `${x} ${frame.replace(/^(?:for|in|over|during)\s+/i, (w) => w)}`);
}

/** The writer speaking of themselves or their day: "I'm in Texas this week", "for my manager", "sorry", "ugh". */
const OWN_CONTEXT =
  /\b(?:i|i'm|im|i've|i'd|my|me|mine|sorry|thanks|thank you|ugh|lol|haha|btw|fyi|fwiw|deck|slides?|meeting|standup|stand-up|manager|boss|conference|just back|back from|vacation|break|leave|out of office|ooo|our team|team of|liaison|colleague|visiting)\b/i;
/** The question turning from the context: "separately, …", "anyway, …". */
const TURNING =
  /^(?:separately|anyway|anyhow|unrelated(?:ly)?|on (?:another|a different) note|that said|but|so|ok(?:ay)?|question)\b[,:]?\s*/i;

/**
 * The question without sentences before it that only set the writer's context ("For the board
 * deck (due Monday, ugh): …", "I'm in Texas this week. How many …"): they name no window or value
 * of the question. Only when the last sentence asks something of its own.
 */
function withoutContext(question: string): string {
  const segments = question.split(/(?<=[.!:;])\s+(?=\S)/);
  if (segments.length < 2) return question;
  const last = segments[segments.length - 1].replace(TURNING, '');
  const before = segments.slice(0, -1).join(' ');
  // "…. Separately: how many …": the turning word may stand as a sentence of its own.
  const turned = TURNING.test(segments[segments.length - 1]) || TURNING.test(segments[segments.length - 2] ?? '');
  // The question may be a figure named alone after a colon ("…: total calls over the last 7 days").
  const asks =
    ASKING.test(last) ||
    /\?\s*$/.test(last) ||
    (/:$/.test(segments[segments.length - 2] ?? '') &&
      /^(?:the )?(?:total|number|count|calls?|hook rate|hooked|tier|average|median)\b/i.test(last));
  if (!asks || ASKING.test(before.trim())) return question;
  if (!turned && !OWN_CONTEXT.test(before)) return question;
  return last;
}

/** Each part with a time phrase: a part without one takes the window of the part before it. */
function withWindows(raw: string[], now: Date): string[] {
  // A part without a time phrase takes the window of the part before it (the first part, of the first part after it that names one).
  const phrases = raw.map((p) => {
    const text = normalise(p);
    const w = findWindows(text, now)[0];
    return w ? text.slice(w.index, w.index + w.length).trim() : null;
  });
  let last: string | null = phrases.find((x) => x !== null) ?? null;
  return raw.map((p, i) => {
    if (phrases[i]) {
      last = phrases[i];
      return p;
    }
    return last ? `${p.replace(/[?.!]+$/, '')} ${last}` : p;
  });
}
