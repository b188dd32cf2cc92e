// The verdict of a case with an unread phrase (the class unread_phrase, from the seventh held-out
// set on): the case holds a phrase an honest reader might not know (an unusual date form, a part
// of a day, a named period); its truth is the exact figure, and an answer is also right when it
// says it did not understand the phrase (or asks what it means) instead of answering some other
// window. The shared judge (judge.ts) decides every other case; the verdict records which.

import { judge, type AgentReply, type Truth, type Verdict } from './judge.js';

export interface UnreadVerdict extends Verdict {
  /** Judged right because the answer said it did not understand the case's phrase. */
  notUnderstood: boolean;
}

const NOT_UNDERSTOOD = new RegExp(
  [
    // "I didn't understand / couldn't interpret / can't tell what … means"
    String.raw`\b(?:did(?:n['’]t| not)|do(?:n['’]t| not)|does(?:n['’]t| not)|could(?:n['’]t| not)|can(?:no|['’])t|unable to|wasn['’]t able to|am not able to)\s+(?:fully\s+)?(?:understand|recogni[sz]e|parse|interpret|read|resolve|map|work out|tell what|know what)\b`,
    String.raw`\bnot\s+sure\s+what\b[^.?!]{0,80}\bmean`,
    String.raw`\bnot\s+(?:understood|recogni[sz]ed|a (?:date|period|window|time) I)\b`,
    String.raw`\bunrecogni[sz]ed\b`,
    // "unclear what … means", "the phrase … is ambiguous" (not a bare "unclear" about a value)
    String.raw`\b(?:unclear|ambiguous)\b[^.?!]{0,40}\b(?:what|which|mean\w*|phrase|date|period|window|term|time)\b`,
    String.raw`\b(?:phrase|term|date|period|window|expression|wording)\b[^.?!]{0,40}\b(?:unclear|ambiguous)\b`,
    String.raw`\b(?:could|can|would)\s+you\s+(?:please\s+)?(?:clarify|rephrase|specify|give (?:me )?(?:the )?dates?)\b`,
    String.raw`\bplease\s+(?:clarify|rephrase|specify)\b`,
    String.raw`\bwhat\s+do\s+you\s+mean\s+by\b`,
    String.raw`\bwhich\s+(?:dates?|days?|period|window|hours?|week|weeks|time(?:\s+range)?)\s+(?:do|did|are|is|should)\b`,
  ].join('|'),
  'i',
);

/** Does the answer say it did not understand a phrase of the question (or ask what it means)? */
export function saysNotUnderstood(text: string): boolean {
  return NOT_UNDERSTOOD.test(text);
}

/**
 * The shared judge; for a case with an `unread` phrase, an answer the shared judge finds wrong is
 * right when it says it did not understand (the exact figure stays right as well).
 */
export function judgeUnread(reply: AgentReply, truth: Truth, unread?: string): UnreadVerdict {
  const v = judge(reply, truth);
  if (v.correct || !unread || truth.kind === 'decline') return { ...v, notUnderstood: false };
  if (saysNotUnderstood(reply.answer ?? '')) return { correct: true, falseZero: false, declined: false, why: '', notUnderstood: true };
  return { ...v, notUnderstood: false };
}

/** The problems of the added verdict on one unread case ([] when sound). */
export function unreadProblems(truth: Truth, unread: string): string[] {
  const out: string[] = [];
  const tools = [{ name: 'query' }];
  const said = `I did not understand "${unread}" as a time period; could you give me the dates?`;
  if (!judgeUnread({ answer: said, tool_calls: [] }, truth, unread).correct)
    out.push('an answer saying the phrase was not understood is judged wrong');
  if (!judgeUnread({ answer: `I'm not sure what "${unread}" means.`, tool_calls: tools }, truth, unread).notUnderstood)
    out.push('"not sure what it means" is not read as not understood');
  if (judgeUnread({ answer: 'There were 123456 calls over the last 7 days.', tool_calls: tools }, truth, unread).correct)
    out.push('a figure of another window is judged right');
  return out;
}
