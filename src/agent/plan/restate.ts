// A follow-up that points back at the previous answer is the previous question asked again with
// the change, or the follow-up with what it points at filled in, so the same stages read it as a
// new question: "its hook rate" / "the hook rate for the top one" after a ranking names the
// ranking's leading value; "break that down by lure" asks the previous question by that field;
// "same for Apple" asks the previous question with Apple in place of the value of its field.
// Pure: the question is rebuilt as text.

import { normalise } from '../read/normalise.js';
import { fieldIn, metricsIn } from '../read/reading.js';
import { findWindows } from '../read/timePhrases.js';
import { canon } from '../read/values.js';
import { windowPhrase } from '../read/windowSpec.js';
import type { PlannerState, RuleTurn } from './intents.js';

/** The previous answer's leading value (a ranking's first), which "its" and "the top one" point at. */
export interface Subject {
  field: string;
  value: string;
  /** How a question names it when not "for <value>" ("from MI"). */
  said?: string;
  /** A ranking's values in order, which "the second one", "the 3rd brand" point at. */
  items?: string[];
}

/** "the second one", "the 3rd brand", "number two", "#4": a place in the previous ranking. */
const ORDINAL =
  /\b(?:the )?(second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|2nd|3rd|4th|5th|6th|7th|8th|9th|10th|number (?:two|three|four|five|2|3|4|5)|no\.? ?[2-9]|# ?[2-9]|last|bottom) (?:one|brand|bank|lure|scam type|scam|state|agent|agent name|name|agency|method|payment method|app|tool|value|persona|org|company|place|spot|entry|item)(?:'s|s')?(?=\W|$)/;
/** "brand number two", "lure #3": the place after the noun. */
const NUMBERED =
  /\b(?:the )?(?:brand|bank|lure|scam type|state|agent|agent name|persona|app|tool|payment method|one) ((?:number|no\.?|#) ?(?:two|three|four|five|[2-9]))(?=\W|$)/;
const PLACES: Record<string, number> = {
  second: 1,
  third: 2,
  fourth: 3,
  fifth: 4,
  sixth: 5,
  seventh: 6,
  eighth: 7,
  ninth: 8,
  tenth: 9,
  two: 1,
  three: 2,
  four: 3,
  five: 4,
};

/** The ranking's value at the place a follow-up names, or null. */
function placed(text: string, subject: Subject): { match: string; value: string } | null {
  const m = ORDINAL.exec(text) ?? NUMBERED.exec(text);
  if (!m || !subject.items?.length) return null;
  const w = m[1].replace(/^(?:number|no\.?|#) ?/, '');
  const i = /^(?:last|bottom)$/.test(w) ? subject.items.length - 1 : (PLACES[w] ?? Number(w.replace(/\D/g, '')) - 1);
  const value = subject.items[i];
  return value ? { match: m[0], value } : null;
}

/** Words pointing at the previous answer's leading value. */
const POINTER =
  /\b(?:its|the (?:top|first|leading|biggest|main|most common|number one|#1) (?:one|brand|bank|lure|scam type|scam|state|agent|agency|method|payment method|app|tool|value)|the one (?:at|on) (?:the )?top|the one (?:in|at) (?:first|1st) place|that one|the leader|(?:that|this) (?:brand|bank|lure|scam type|agency|payment method|one))\b|(?<=\b(?:has|had|did|does|was|is|were|about|for) )it\b(?! (?:was|is|were)\b)/;

/** "break that down by lure", "split it by state", "and by brand?", "per payment method". */
const BREAKDOWN =
  /^(?:(?:and|ok|okay|so|now|then|can you|could you|pls|please|also)\s+)*(?:(?:break|broken|split|group|slice)(?: (?:that|it|this|those|them|these))?(?: (?:down|out|up))? |(?:now )?)(?:by|per|across) ((?:[a-z]+ ){0,2}[a-z]+)$/;

/** The question's own time phrase, or null. */
function windowIn(text: string, now: Date): string | null {
  const w = findWindows(text, now)[0];
  return w ? text.slice(w.index, w.index + w.length).trim() : null;
}

/** A ranked value as a question names it: a scam type as its words ("IRS_TAX" → "irs tax scams"), others as stored. */
const asWords = (field: string, value: string) => (field === 'lure_category' ? `${canon(value)} scams` : value);

/** "what's the hook rate for the top one" → "what's the hook rate for Amazon last 30 days". */
export function pointedQuestion(question: string, subject: Subject, prev: RuleTurn | undefined, now: Date): string | null {
  const text = normalise(question).replace(/[?.!]+$/, '');
  if (text.split(' ').length > 12) return null;
  const at = placed(text, subject);
  if (at) {
    // "how many calls did the second one have" → "how many calls did … have impersonating <value>".
    const rest = text.replace(at.match, ' ');
    const named = subject.field === 'impersonated_brand' ? `impersonating ${at.value}` : `for ${asWords(subject.field, at.value)}`;
    const mine = windowIn(rest, now);
    return `${rest} ${named}${mine || !prev?.window ? '' : ` ${prev.window}`}`.replace(/\s+/g, ' ').trim();
  }
  const own = windowIn(text, now);
  if (!POINTER.test(text)) return null;
  const said = subject.said ?? `for ${asWords(subject.field, subject.value)}`;
  const filled =
    POINTER.exec(text)![0] === 'its'
      ? `${text.replace(/\bits\b/, 'the')} ${said}`
      : text.replace(POINTER, subject.said ?? asWords(subject.field, subject.value));
  return `${filled}${own || !prev?.window ? '' : ` ${prev.window}`}`.replace(/\s+/g, ' ').trim();
}

/** "break that down by lure" after "how many calls from texas this week" → "how many calls from texas this week by lure". */
export function brokenDown(question: string, prev: RuleTurn, prevWindow: string, now: Date): string | null {
  const m = BREAKDOWN.exec(normalise(question));
  if (!m || !(fieldIn(m[1]) || /^(?:caller )?(?:states?|regions?|area codes?)$/.test(m[1]))) return null;
  // The previous answer's window goes with it when its question named none (it was a follow-up itself).
  const base = prev.question.replace(/[?.!\s]+$/, '');
  return `${base} by ${m[1]}${windowIn(normalise(base), now) ? '' : ` ${prevWindow}`}`;
}

/** Asking how the two answers before differ: "what's the difference", "how do they compare". */
const DIFFERENCE =
  /\b(?:what(?:'s| is| was)? the (?:difference|change|gap)|how (?:do|does|did) (?:they|those|these|the two|that) compare|compare (?:them|the two|those|these)|(?:is|was) (?:that|it) (?:up|down|more|less|higher|lower)|up or down)\b/;

/**
 * "what's the difference?" after "how many calls last week" and "and the week before that?": the
 * first question again with the second answer's window set against it (the same filters both times).
 */
function windowsCompared(text: string, states: PlannerState[]): string | null {
  const [later, first] = states;
  if (!later || !first?.asked || !(PAIR.test(text) || DIFFERENCE.test(text))) return null;
  if (JSON.stringify(later.filters ?? {}) !== JSON.stringify(first.filters ?? {})) return null;
  if (JSON.stringify(later.window) === JSON.stringify(first.window)) return null;
  const question = first.asked.question.replace(/[?.!]+$/, '');
  return `${question}${first.asked.window ? '' : ` ${windowPhrase(first.window)}`} vs ${windowPhrase(later.window)}`;
}

/** Words pointing at the two values of the answers before: "which of the two", "both of them". */
const PAIR =
  /\b(?:which|who)(?: one)? of (?:the two|them|those two|these two|the pair|both)\b|\b(?:the two of them|both of them|the two|both)\b/;

/** The one value an answer was about: its subject, or the one value of one field its filters held. */
function valueOf(s: PlannerState): { field: string; value: string } | null {
  if (s.subject) return { field: s.subject.field, value: s.subject.value };
  const single = Object.entries(s.filters ?? {}).filter(
    ([k, v]) =>
      Array.isArray(v) && v.length === 1 && typeof v[0] === 'string' && !['q', 'has', 'caller_origin', 'disconnect_reason'].includes(k),
  );
  return single.length === 1 ? { field: single[0][0], value: String((single[0][1] as string[])[0]) } : null;
}

/**
 * "which of the two had the higher hook rate" after two answers about walter and about dolores:
 * the question with the two values side by side ("… walter vs dolores"), in the window of the
 * last answer (`states`: the conversation's states, newest first).
 */
export function pairedQuestion(question: string, states: PlannerState[], windowSaid: string): string | null {
  const text = normalise(question);
  if (!PAIR.test(text)) return windowsCompared(text, states);
  const values: Array<{ field: string; value: string }> = [];
  for (const s of states) {
    const v = valueOf(s);
    if (!v) break;
    if (values.length && v.field !== values[0].field) break;
    if (!values.some((x) => x.value === v.value)) values.push(v);
    if (values.length === 2) break;
  }
  if (values.length < 2) return windowsCompared(text, states);
  const [b, a] = values;
  const own = /\b(?:today|yesterday|this|last|past|since|in the)\b/.test(text.replace(PAIR, ''));
  return `${text
    .replace(PAIR, '')
    .replace(/[?.!]+$/, '')
    .trim()}, ${a.value} vs ${b.value}${own ? '' : ` ${windowSaid}`}`.replace(/\s+/g, ' ');
}

/** A follow-up naming only a group of calls: "and for tier 3 calls only?", "what about hooked ones", "same for tier 1". */
const GROUP_ONLY =
  /^(?:(?:and|but|ok|okay|so|now|then|also)\s+)*(?:(?:what|how) about |(?:the )?same(?: thing)? for |for |among |only |just )?(?:(?:the|our|only|just|those|these)\s+)*(tier [123]|hooked|not hooked|unhooked)(?: calls?| ones?)?(?: only)?$/;

const COUNTS = new Set(['calls_received', 'tier1_calls', 'tier2_calls', 'tier3_calls', 'hooked_calls']);

/** "and for tier 3 calls only?" after "largest single ask last week" → "largest single ask last week, tier 3 calls only". */
export function groupFollowUp(question: string, prev: RuleTurn, prevWindow: string, now: Date): string | null {
  const m = GROUP_ONLY.exec(
    normalise(question)
      .replace(/[?.!]+$/, '')
      .trim(),
  );
  if (!m) return null;
  const base = prev.question.replace(/[?.!\s]+$/, '');
  // Only a figure other than a count of calls is kept ("only the tier 1 ones" after a list of calls is the planner's).
  if (!metricsIn(normalise(base)).some((x) => !COUNTS.has(x))) return null;
  const group = m[1] === 'unhooked' ? 'not hooked' : m[1];
  return `${base}${windowIn(normalise(base), now) ? '' : ` ${prevWindow}`}, ${group} calls only`;
}

/** "what share of all calls was that", "what percent is that of the total": the count before as a share. */
const SHARE_OF_THAT =
  /^(?:(?:and|so|ok|okay|also|then)\s+)*(?:(?:what(?:'s| is| was)?|how much|which) (?:the )?(?:share|percent(?:age)?|proportion|fraction|%|part)|as a (?:share|percent(?:age)?|proportion|fraction))\b(?=.*(?:\b(?:was|is|are|were|of) (?:that|this|it|those|these|they|them)\b(?! (?:week|month|year|morning|afternoon|evening|hour))|\b(?:that|it|those|these|they) (?:was|is|are|were|represents?|makes? up|accounts? for)\b))(?!.*\b(?:hook rate|hooked|tier|asked|dollars|average|median|longest|impersonat\w*|from|longer|shorter|mention\w*|had|have|with|used|using|got|were (?!they\b|those\b|these\b|that\b|it\b)\w+)\b)/;

/** "and what share of all calls was that?" after "how many tier 1 calls last week" → "what share of all calls were tier 1 calls last week". */
export function shareFollowUp(question: string, prev: RuleTurn, prevWindow: string, now: Date): string | null {
  const text = normalise(question).replace(/[?.!]+$/, '');
  if (!SHARE_OF_THAT.test(text) || text.split(' ').length > 14) return null;
  const base = prev.question.replace(/[?.!\s]+$/, '');
  const counted = normalise(base).replace(/^(?:how many|number of|count of|count the|count|total number of)\s+/, '');
  if (counted === normalise(base) || !/\bcalls?\b/.test(counted)) return null;
  // "how many calls did we get from texas": the calls named, without the verb of getting them.
  const said = counted
    .replace(/\b(?:did|do|have|has) (?:we|you|they) (?:get|got|receive|see|have)\b/, '')
    .replace(/\s+/g, ' ')
    .trim();
  return `what share of all calls were ${said}${windowIn(said, now) ? '' : ` ${prevWindow}`}`;
}

/** "and for the rest of them?", "what about everything else", "all the other calls": the calls without the value before. */
const THE_REST =
  /^(?:(?:and|but|ok|okay|so|now|then|also)\s+)*(?:(?:what|how) about |(?:the )?same(?: thing)? for |for )?(?:the rest(?: of (?:them|the calls|calls))?|everything else|every other (?:call|one)|all (?:the )?(?:other|others|remaining)(?: ones| calls)?|the others|the other (?:ones|calls)|the remaining(?: ones| calls)?|(?:all )?the rest of (?:them|the calls))(?: calls?)?$/;

/** "and for the rest?" after "hook rate for crypto investment scams this month" → "… this month excluding crypto investment". */
export function restFollowUp(question: string, prev: PlannerState, prevWindow: string, now: Date): string | null {
  if (
    !THE_REST.test(
      normalise(question)
        .replace(/[?.!]+$/, '')
        .trim(),
    )
  )
    return null;
  const turn = prev.rule ?? prev.asked;
  const v = valueOf(prev);
  if (!turn || !v) return null;
  const base = turn.question.replace(/[?.!\s]+$/, '');
  return `${base}${windowIn(normalise(base), now) ? '' : ` ${prevWindow}`} excluding ${canon(v.value)}`;
}

/** Openers of an edit of the previous question: "and", "ok so", "what about", "same thing for". */
const EDIT_OPENER =
  /^(?:(?:ok(?:ay)?|right|and|so|also|then|now|but|well|same)[, ]+)*(?:(?:what|how) about|(?:the )?same(?: thing)?(?: for| but)?|and (?:for|in))?\s*/;
/** Statistics of one figure: "the mean" after "median ask in march" swaps the statistic, nothing else. */
const STATISTIC = /\b(mean|average|avg|median|typical|total|sum|max(?:imum)?|largest|biggest|min(?:imum)?|smallest)\b/;

/**
 * A follow-up that only swaps a part of the previous question keeps the rest of it: its statistic
 * ("ok, and the median?" after "largest single ask last month") or a number of the same shape
 * ("and how about 917?" after calls from area code 718). Null when the follow-up asks anything else.
 */
export function editedQuestion(question: string, prev: RuleTurn, prevWindow: string, now: Date): string | null {
  const text = normalise(question)
    .replace(/[?.!]+$/, '')
    .trim();
  if (text.split(' ').length > 6) return null;
  const content = text
    .replace(EDIT_OPENER, '')
    .replace(/\b(?:the|one|figure|value|instead|then|please|pls)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const base = prev.question.replace(/[?.!\s]+$/, '');
  const withWindow = (q: string) => `${q}${windowIn(normalise(q), now) ? '' : ` ${prevWindow}`}`;
  const stat = new RegExp(`^${STATISTIC.source}$`).exec(content);
  // "single" goes with the largest and smallest only ("median single ask" is no figure's name).
  const had = new RegExp(`${STATISTIC.source}(?: single\\b)?`).exec(base.toLowerCase());
  if (stat && had && had[1] !== stat[1]) return withWindow(`${base.slice(0, had.index)}${stat[1]}${base.slice(had.index + had[0].length)}`);
  // A number in place of the previous question's one number of as many digits (an area code, an amount).
  if (/^\d{3,}$/.test(content)) {
    const same = [...base.matchAll(/\b\d+\b/g)].filter((m) => m[0].length === content.length);
    if (same.length === 1 && same[0][0] !== content)
      return withWindow(`${base.slice(0, same[0].index)}${content}${base.slice(same[0].index + content.length)}`);
  }
  return null;
}

/** A group of the previous answer pointed at in other words: "out of that group", "within this set". */
const NARROWING =
  /(?:^|\s)(?:(?:of|among|from|out of|within|in|inside) (?:that (?:bunch|group|lot|set|batch|pile|list)|th(?:is|ese|ose) (?:bunch|group|lot|set|batch|calls|ones)|the (?:ones?|calls?) (?:in question|we (?:just )?(?:saw|found|counted|got|talked about)|above|mentioned|you (?:just )?(?:found|counted|gave|listed))|(?:this|that) (?:subset|slice|sample)))\s*,?/;

/** "right, out of that group, how many …" → "how many of them …": the previous answer's calls, as the reading knows them. */
export function narrowedQuestion(question: string): string | null {
  const text = normalise(question)
    .replace(/[?.!]+$/, '')
    .trim();
  const m =
    NARROWING.exec(text) ??
    /^(?:(?:ok(?:ay)?|right|and|so|now)\s+)*(?:of|among|out of|from) (?:those|them|these)\s+(?=how many|what (?:share|percent)|which)/.exec(
      text,
    );
  if (!m) return null;
  const rest = `${text.slice(0, m.index)} ${text.slice(m.index + m[0].length)}`
    .replace(/^(?:(?:ok(?:ay)?|right|and|so|also|then|now|but|well)[, ]+)*/, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!/^(?:how many|what (?:share|percent(?:age)?|fraction|proportion)|which)\b/.test(rest)) return null;
  return rest.replace(/^(how many|what (?:share|percent(?:age)?|fraction|proportion)|which)\b/, '$1 of them');
}
