// The match excerpt of a call-list row searched with `q`: the first turn whose text contains
// q (case-insensitive, as the search itself: JavaScript lower-casing, see upsertCalls), cut to
// at most SNIPPET_MAX UTF-16 units around the match, with the match's offset and length in
// the excerpt so a client can highlight it.

import type { Speaker, TranscriptTurn } from './call.js';

export const SNIPPET_MAX = 160;
const ELLIPSIS = '…';

export interface Snippet {
  speaker: Speaker;
  text: string;
  match_start: number;
  match_length: number;
}

/**
 * Where `qLower` (already lower-cased) matches inside `text`, in units of `text`. Lower-casing
 * can lengthen a character (İ → i̇), so offsets found in the lower-cased text are mapped back
 * character by character; a match starting or ending inside one character covers all of it.
 */
export function matchIn(text: string, qLower: string): { start: number; end: number } | null {
  const lower = text.toLowerCase();
  const at = lower.indexOf(qLower);
  if (at < 0 || qLower.length === 0) return null;
  const stop = at + qLower.length;
  let lo = 0; // offset in `lower` of the current character
  let start = -1;
  let i = 0;
  for (const ch of text) {
    const hi = lo + ch.toLowerCase().length;
    if (start < 0 && at < hi) start = i;
    i += ch.length;
    if (stop <= hi) return { start, end: i };
    lo = hi;
  }
  return { start: Math.max(start, 0), end: text.length };
}

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/** `text` cut around [start, end) to at most `max` units, with an ellipsis on each cut side. */
export function excerpt(
  text: string,
  start: number,
  end: number,
  max = SNIPPET_MAX,
): { text: string; match_start: number; match_length: number } {
  if (text.length <= max) return { text, match_start: start, match_length: end - start };
  const room = max - 2 * ELLIPSIS.length;
  const shown = Math.min(end - start, room);
  // A third of the spare room before the match, the rest after; slid back from the end.
  let from = Math.max(0, start - Math.floor((room - shown) / 3));
  let to = Math.min(text.length, from + room);
  from = Math.max(0, Math.min(from, to - room));
  // Never split a surrogate pair at a cut.
  if (from > 0 && from < start && isLow(text.charCodeAt(from))) from++;
  if (to < text.length && isHigh(text.charCodeAt(to - 1))) to--;
  const before = from > 0 ? ELLIPSIS : '';
  const after = to < text.length ? ELLIPSIS : '';
  const matchEnd = Math.min(end, to);
  return {
    text: before + text.slice(from, to) + after,
    match_start: before.length + start - from,
    match_length: Math.max(0, matchEnd - start),
  };
}

/** The snippet of the first turn matching `qLower`, or null when no single turn holds it. */
export function snippetOf(turns: readonly TranscriptTurn[], qLower: string): Snippet | null {
  for (const turn of turns) {
    const m = matchIn(turn.text, qLower);
    if (m) return { speaker: turn.speaker, ...excerpt(turn.text, m.start, m.end) };
  }
  return null;
}
