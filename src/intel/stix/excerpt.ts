// The transcript turn that revealed an indicator: the first turn whose text holds the value.
// Numbers are often spoken with spaces or dashes ("0210 0002 1"), so a value of digits only is
// also looked for among the turn's digits; other values match case-insensitively.

import type { TranscriptTurn } from '../../domain/call.js';
import type { TurnExcerptInput } from './types.js';

/** At most this many characters of a turn are quoted (a long monologue is cut around the match). */
export const EXCERPT_MAX_CHARS = 500;

function cut(text: string, at: number): string {
  if (text.length <= EXCERPT_MAX_CHARS) return text;
  const start = Math.max(0, Math.min(at - Math.floor(EXCERPT_MAX_CHARS / 2), text.length - EXCERPT_MAX_CHARS));
  const body = text.slice(start, start + EXCERPT_MAX_CHARS);
  return `${start > 0 ? '…' : ''}${body}${start + EXCERPT_MAX_CHARS < text.length ? '…' : ''}`;
}

export function excerptFor(turns: readonly TranscriptTurn[], value: string | null): TurnExcerptInput | null {
  if (!value) return null;
  const needle = value.toLowerCase();
  const digits = /^[0-9]+$/.test(value) ? value : null;
  for (const t of turns) {
    if (typeof t?.text !== 'string') continue;
    let at = t.text.toLowerCase().indexOf(needle);
    if (at < 0 && digits && t.text.replace(/[^0-9]/g, '').includes(digits)) at = 0;
    if (at >= 0)
      return { speaker: String(t.speaker), offset_sec: typeof t.offset_sec === 'number' ? t.offset_sec : null, text: cut(t.text, at) };
  }
  return null;
}
