// A follow-up of an answer a query rule gave ("hook rate on weekends vs weekdays this month" →
// "and last month?", "what about amazon?", "and the hook rate?", "what's their hook rate?"):
// the previous question asked again with what the follow-up changes — its window, a value, or
// the quantity — so the same frame answers, not a plain count. Pure: the question is rebuilt as
// text, and the rules read it as they read any question.

import { normalise } from '../read/normalise.js';
import { findWindows } from '../read/timePhrases.js';
import type { RuleTurn } from './intents.js';

export function ruleTurn(question: string, now: Date): RuleTurn {
  const text = normalise(question);
  const w = findWindows(text, now)[0];
  const phrase = w ? text.slice(w.index, w.index + w.length).trim() : null;
  return { question, window: phrase && question.toLowerCase().includes(phrase) ? phrase : null };
}

/** Openers of a follow-up, and words that only point back ("their", "those"). */
const OPENER = /^(?:(?:and|also|ok(?:ay)?|so|then|now|but)\s+)*(?:(?:what|how) about|same (?:for|but)|for|in|just|only|over)?\s*/i;
const POINTING =
  /\b(?:their|theirs|them|those|these|they|that|the same|same|one|ones|of|for|what's|what is|whats|was|were|is|it|please|instead)\b/gi;

/**
 * The previous rule question with this follow-up's change, or null when the question is no
 * follow-up of it (a new question is read as itself). `valueFields`: the fields of the values the
 * follow-up names, and `priorValues`: the typed words of the values the previous question named
 * with their fields, so a value of the same field replaces the earlier one ("what about paypal?"
 * after Amazon).
 */
export function followedQuestion(
  prev: RuleTurn,
  question: string,
  now: Date,
  valueFields: ReadonlySet<string>,
  priorValues: ReadonlyArray<{ typed: string; field: string }>,
): string | null {
  const text = normalise(question);
  if (text.split(' ').length > 8) return null;
  const opened =
    /^(?:and|also|ok|okay|so|then|now|but|what about|how about|same|for|just|only|what's their|whats their|what is their|their)\b/.test(
      text,
    );
  if (!opened) return null;
  const windows = findWindows(text, now);
  let rest = text;
  for (const w of [...windows].reverse()) rest = `${rest.slice(0, w.index)} ${rest.slice(w.index + w.length)}`;
  const asked = rest.replace(OPENER, ' ').replace(POINTING, ' ').replace(/\s+/g, ' ').trim();
  const newWindow = windows.length ? text.slice(windows[0].index, windows[0].index + windows[0].length).trim() : null;
  if (!asked && !newWindow) return null;
  let base = prev.question;
  // A new window takes the place of the one named before (or comes last).
  if (newWindow) {
    const at = prev.window ? base.toLowerCase().indexOf(prev.window) : -1;
    base = at >= 0 ? `${base.slice(0, at)}${newWindow}${base.slice(at + (prev.window ?? '').length)}` : `${base} ${newWindow}`;
  }
  // A value of a field the previous question named replaces that value.
  for (const v of priorValues) {
    if (!valueFields.has(v.field)) continue;
    const at = base.toLowerCase().indexOf(v.typed);
    if (at >= 0) base = `${base.slice(0, at)} ${base.slice(at + v.typed.length)}`;
  }
  // Values go after the question ("… for paypal"); anything else asks a quantity, read first ("hook rate …").
  const parts = !asked ? [base] : valueFields.size > 0 ? [base, `for ${asked}`] : [asked, base];
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}
