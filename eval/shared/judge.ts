// The judge: does an answer state the truth? Strict (the exact figure, the labels in order,
// both sides of a comparison) but fair about formatting (1,234 / 1234 / 12.5% / 0.125 /
// $1.5M / 2m 6s / 126 s, labels case-insensitive with _ read as a space).
// Shared by the held-out sets (eval/heldout, eval/heldout-2, eval/heldout-3): the first set's
// judge with the second set's three additions (the yes/no truth, the "any of" truth, ties at
// the cut of a ranking) and the third set's one (the "nothing" truth: a value the data does
// not hold). Each set's judge.ts re-exports it with the truths that set uses.

/** How a figure may be written. */
export type Unit = 'count' | 'rate' | 'usd' | 'sec' | 'decimal';

export type Truth =
  | { kind: 'number'; value: number; unit: Unit }
  /** Any one of the labels (spellings of one answer, e.g. "FL" / "Florida"). */
  | { kind: 'label'; any: string[] }
  /** The top items in order; items of equal count may come in either order. */
  | {
      kind: 'ranking';
      items: { labels: string[]; count: number }[];
      /**
       * A tie at the cut: the last `slots` places go to any `slots` of the tied values (each
       * with its spellings), named after the items above.
       */
      tail?: { slots: number; count: number; members: string[][] };
    }
  /** Both figures; or, when `direction` is set (the question asked which way), a clear verdict. */
  | { kind: 'compare'; a: Truth; b: Truth; direction?: 'up' | 'down' }
  /** Every part (a multi-part question). */
  | { kind: 'all'; parts: Truth[] }
  /** The true answer is zero: the answer must say 0 / none / no calls. */
  | { kind: 'zero' }
  /**
   * The question names a value the data does not hold (or that lies outside the key's slice):
   * the answer must say zero, or that the value is not found / not in the data it can see.
   */
  | { kind: 'nothing' }
  /** Any one of the truths (a follow-up whose referent is one of several tied values). */
  | { kind: 'any'; options: Truth[] }
  /** A yes/no question: a clear yes (or no) up front, or the figure behind it (`value`) stated. */
  | { kind: 'yesno'; yes: boolean; value?: Truth }
  /** Out of scope: declined with no tool call and no figure. */
  | { kind: 'decline' };

export interface AgentReply {
  answer: string;
  tool_calls: { name: string }[];
}

export interface Verdict {
  correct: boolean;
  falseZero: boolean;
  /** No tool call, or a refusal phrase: the agent did not try. */
  declined: boolean;
  why: string;
}

const MONTHS =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';

/** Dates, clock times, window lengths and ordinals are not figures. */
export function stripNonFigures(text: string): string {
  return text
    .replace(/\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?/gi, ' ')
    .replace(new RegExp(`\\b(?:${MONTHS})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?\\b(?:,?\\s+\\d{4})?`, 'gi'), ' ')
    .replace(new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?(?:${MONTHS})\\b\\.?(?:,?\\s+\\d{4})?`, 'gi'), ' ')
    .replace(/\b\d{1,2}\/\d{1,2}(?:\/\d{2,4})?\b/g, ' ')
    .replace(/\b\d{1,2}:\d{2}(?::\d{2})?\b/g, ' ')
    .replace(/\b\d+\s*(?:-\s*)?(?:h|hours?|hrs?|d|days?|w|wks?|weeks?|months?)\b/gi, ' ')
    .replace(/\b(?:in|of|since|during|year)\s+20\d{2}\b/gi, ' ')
    .replace(/\+\d{10,15}\b|(?<![$\d,.])\b\d{9,}\b(?![.,]\d)/g, ' ')
    .replace(/\btier[\s-]*[123]\b/gi, ' ')
    .replace(/\btop[\s-]*\d+\b/gi, ' ')
    .replace(/\b\d+(?:st|nd|rd|th)\b/gi, ' ')
    .replace(/\b(?:CA|call_sid\s*)[0-9a-f]{16,}\b/gi, ' ');
}

interface Found {
  value: number;
  /** Decimals as written (after scaling: "$1.5M" has 5 decimals of millions → 100,000 precision). */
  precision: number;
  percent: boolean;
  dollars: boolean;
  scaled: boolean;
}

const WORD_NUMBERS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
};

/** Every number written in the text, with how precisely it was written. */
export function numbersIn(text: string): Found[] {
  const out: Found[] = [];
  const re =
    /(?<![\w.,])(\$\s?)?(-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|-?\.\d+)\s*(%|percent\b|per cent\b)?\s*(k\b|thousand\b|m\b|mn\b|million\b|b\b|bn\b|billion\b)?(?![A-Za-z0-9])/gi;
  for (const m of text.matchAll(re)) {
    const raw = m[2].replace(/,/g, '');
    let value = Number(raw);
    if (!Number.isFinite(value)) continue;
    const decimals = raw.includes('.') ? raw.length - raw.indexOf('.') - 1 : 0;
    let precision = Math.pow(10, -decimals);
    const scale = (m[4] ?? '').toLowerCase();
    const factor = scale.startsWith('k') || scale === 'thousand' ? 1e3 : scale.startsWith('m') ? 1e6 : scale.startsWith('b') ? 1e9 : 1;
    value *= factor;
    precision *= factor;
    out.push({
      value,
      precision,
      percent: !!m[3],
      dollars: !!m[1] || /^\s*(?:usd|dollars?)\b/i.test(text.slice(m.index + m[0].length)),
      scaled: factor !== 1,
    });
  }
  for (const m of text.matchAll(
    /\b(zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty)\b/gi,
  )) {
    out.push({ value: WORD_NUMBERS[m[1].toLowerCase()], precision: 1, percent: false, dollars: false, scaled: false });
  }
  return out;
}

/** Is x the truth v rounded to the precision it was written with? */
function roundsTo(x: number, precision: number, v: number): boolean {
  return Math.abs(x - v) <= precision / 2 + 1e-9 * Math.max(1, Math.abs(v));
}

/** Durations written as 2m 6s, 2 min 6 sec, 2:06, 1h 5m, 4.97 minutes, 1.2 hours: in seconds with precision. */
function durationsIn(text: string): { value: number; precision: number }[] {
  const out: { value: number; precision: number }[] = [];
  for (const m of text.matchAll(
    /\b(?:(\d+)\s*(?:h|hr|hrs|hours?)\s*,?\s*(?:and\s+)?)?(\d+)\s*(?:m|min|mins|minutes?)\s*,?\s*(?:and\s+)?(\d+(?:\.\d+)?)\s*(?:s|sec|secs|seconds?)\b/gi,
  )) {
    const s = m[3];
    const dec = s.includes('.') ? s.length - s.indexOf('.') - 1 : 0;
    out.push({ value: Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(s), precision: Math.pow(10, -dec) });
  }
  for (const m of text.matchAll(/\b(\d+)\s*(?:h|hr|hrs|hours?)\s*,?\s*(?:and\s+)?(\d+)\s*(?:m|min|mins|minutes?)\b(?!\s*\d)/gi)) {
    out.push({ value: Number(m[1]) * 3600 + Number(m[2]) * 60, precision: 60 });
  }
  for (const m of text.matchAll(/\b(?:(\d+):)?(\d{1,2}):(\d{2})\b/g)) {
    out.push({ value: Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]), precision: 1 });
  }
  for (const m of text.matchAll(/\b(\d+\.\d+)\s*(min|mins|minutes?|h|hrs?|hours?)\b/gi)) {
    const unit = m[2].toLowerCase().startsWith('m') ? 60 : 3600;
    const dec = m[1].length - m[1].indexOf('.') - 1;
    out.push({ value: Number(m[1]) * unit, precision: Math.pow(10, -dec) * unit });
  }
  for (const m of text.matchAll(/\b(\d+(?:\.\d+)?)\s*(?:s|sec|secs|seconds?)\b/gi)) {
    const dec = m[1].includes('.') ? m[1].length - m[1].indexOf('.') - 1 : 0;
    out.push({ value: Number(m[1]), precision: Math.pow(10, -dec) });
  }
  return out;
}

/** Does the text state the figure? */
export function statesNumber(text: string, value: number, unit: Unit): boolean {
  const clean = stripNonFigures(text);
  const found = numbersIn(clean);
  switch (unit) {
    case 'count':
      return found.some((f) => !f.percent && !f.scaled && f.value === value);
    case 'usd':
      // Exact (cents may be dropped), or abbreviated ($48.2M) with at least three significant digits.
      return found.some((f) => {
        if (f.percent) return false;
        if (!f.scaled) return roundsTo(f.value, Math.max(f.precision, 1), value);
        return roundsTo(f.value, f.precision, value) && f.precision * 100 <= Math.abs(value) * 1.0000001;
      });
    case 'rate':
      // A share 0..1: as a percentage (any usual rounding that keeps a significant digit) or as a fraction
      // with two or more decimals.
      return found.some((f) =>
        f.percent
          ? roundsTo(f.value, f.precision, value * 100) && (value === 0 || f.precision <= Math.abs(value * 100))
          : f.precision <= 0.01 && f.value <= 1 && roundsTo(f.value, f.precision, value) && (value === 0 || f.precision <= Math.abs(value)),
      );
    case 'decimal':
      // A mean like confidence 0.7767: two or more decimals, or as a percentage.
      return found.some(
        (f) =>
          (!f.percent && f.precision <= 0.01 && roundsTo(f.value, f.precision, value)) ||
          (f.percent && roundsTo(f.value, f.precision, value * 100)),
      );
    case 'sec': {
      if (durationsIn(text).some((d) => roundsTo(d.value, Math.max(d.precision, Number.isInteger(value) ? 0 : 1), value))) return true;
      // A bare number followed by nothing unit-like: read as seconds, rounded to a whole second at worst.
      return found.some((f) => !f.percent && !f.scaled && roundsTo(f.value, Math.max(f.precision, 1), value));
    }
  }
}

export function normLabel(s: string): string {
  return s
    .toLowerCase()
    .replace(/[_]+/g, ' ')
    .replace(/[‘’“”"'`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Where a label first appears in the text (-1 when absent); a whole-word match. */
export function labelAt(text: string, label: string): number {
  const t = normLabel(text);
  const l = normLabel(label);
  if (!l) return -1;
  const esc = l.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`(?:^|[^a-z0-9])(${esc})(?:s|es)?(?![a-z0-9])`, 'i').exec(t);
  return m ? m.index + (m[0].length - m[1].length) : -1;
}

const ZERO_CLAIM =
  /\b(?:zero|none|nothing|nobody)\b|(?<![.,\d$])\b0\b(?![.,]\d)(?!\s*%)|\bno\s+(?:calls?|matching|matches|results?|records?|data|such|asks?|wallets?|[a-z-]+\s+calls?)\b|\bdid(?:n['’]t| not) find any (?:calls?|matching|results?)\b|\bthere (?:were|are|was|is) no\b/i;

/** Does the answer claim that there is nothing? */
export function claimsZero(text: string): boolean {
  return ZERO_CLAIM.test(stripNonFigures(text));
}

const NOT_FOUND =
  /\b(?:not|never|nowhere)\s+(?:been\s+)?(?:found|seen|present|recorded|appear\w*|occur\w*|known|stored|available|visible|in\s+(?:the|your|this|our|my)\b)|\b(?:could(?:n['’]t| not)|can(?:no|['’])t|did(?:n['’]t| not)|do(?:n['’]t| not)|does(?:n['’]t| not)|unable to)\s+(?:find|see|match|locate|recogni[sz]e)\b|\bno\s+(?:value|record|entry|entries|trace|sign|mention|hits?|occurrences?|instances?)\b|\bnot\s+(?:a|an|one)\b[^.]{0,40}?\b(?:know|recogni[sz]e|hold|have|store)\b|\b(?:do(?:n['’]t| not)|does(?:n['’]t| not))\s+(?:know|recogni[sz]e|hold|have any)\b|\b(?:unknown|unrecogni[sz]ed)\b|\boutside\s+(?:of\s+)?(?:your|the|this)\s+(?:key['’]?s?\s+)?(?:scope|slice)\b/i;

/** Does the answer say the value is not there (not found, unknown, outside the slice)? */
export function claimsNotFound(text: string): boolean {
  return NOT_FOUND.test(text);
}

const REFUSAL =
  /\b(?:can(?:no|')t|can not|cannot|unable|not able|do(?:n't| not) have|outside (?:of )?(?:my|the|what)|not (?:something|possible|supported|available)|beyond|only (?:answer|help|report)|I (?:only|just) (?:answer|have|read|see))\b/i;

/** A figure left in a text once dates, windows and tiers are set aside. */
export function hasFigure(text: string): boolean {
  return numbersIn(stripNonFigures(text).replace(/\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten)\b/gi, ' ')).length > 0;
}

/**
 * The direction an answer states (up / down), or null. A leading "yes" or "no" is not a direction:
 * it answers the question's own wording ("did it drop?" answered "No" means up), which the judge
 * does not see; the words after it, or the figures, decide.
 */
function directionStated(text: string): 'up' | 'down' | null {
  const t = text.toLowerCase().replace(/^\s*(?:yes|yep|yeah|no|nope)\b[\s,.;:!—–-]*/, '');
  const up = /\b(?:up|increase[ds]?|increasing|rose|risen|higher|more|grew|growth|rising)\b/.test(t);
  const down = /\b(?:down|decrease[ds]?|decreasing|fell|fallen|lower|fewer|less|dropped|declin\w*|shrank)\b/.test(t);
  // Only the first sentence carries the verdict when both kinds of words appear.
  if (up !== down) return up ? 'up' : 'down';
  const first = t.split(/(?<=[.!?])\s/)[0];
  const up1 = /\b(?:up|increase[ds]?|rose|higher|more|grew)\b/.test(first);
  const down1 = /\b(?:down|decrease[ds]?|fell|lower|fewer|less|dropped|declined)\b/.test(first);
  return up1 !== down1 ? (up1 ? 'up' : 'down') : null;
}

function holds(text: string, truth: Truth): { ok: boolean; why: string } {
  switch (truth.kind) {
    case 'number':
      return statesNumber(text, truth.value, truth.unit)
        ? { ok: true, why: '' }
        : { ok: false, why: `figure ${truth.value} (${truth.unit}) not stated` };
    case 'label':
      return truth.any.some((l) => labelAt(text, l) >= 0)
        ? { ok: true, why: '' }
        : { ok: false, why: `label ${truth.any.join(' | ')} not named` };
    case 'ranking': {
      const pos = truth.items.map((it) => Math.min(...it.labels.map((l) => labelAt(text, l)).map((p) => (p < 0 ? Infinity : p))));
      const missing = truth.items.filter((_, i) => pos[i] === Infinity);
      if (missing.length) return { ok: false, why: `ranking: ${missing.map((m) => m.labels[0]).join(', ')} not named` };
      for (let i = 1; i < pos.length; i++) {
        for (let j = 0; j < i; j++) {
          if (pos[j] > pos[i] && truth.items[j].count !== truth.items[i].count) {
            return { ok: false, why: `ranking: ${truth.items[i].labels[0]} named before ${truth.items[j].labels[0]}` };
          }
        }
      }
      if (truth.tail) {
        const { slots, members } = truth.tail;
        const at = members
          .map((m) => Math.min(...m.map((l) => labelAt(text, l)).map((p) => (p < 0 ? Infinity : p))))
          .filter((p) => p !== Infinity)
          .sort((a, b) => a - b);
        if (at.length < slots) {
          return { ok: false, why: `ranking: ${slots} of the tied ${members.map((m) => m[0]).join(', ')} not named` };
        }
        const last = Math.max(-1, ...pos);
        if (at.slice(0, slots).some((p) => p < last))
          return { ok: false, why: 'ranking: a tied value at the cut named before the items above it' };
      }
      return { ok: true, why: '' };
    }
    case 'any': {
      const rs = truth.options.map((o) => holds(text, o));
      return rs.some((r) => r.ok) ? { ok: true, why: '' } : { ok: false, why: `none of: ${rs.map((r) => r.why).join(' | ')}` };
    }
    case 'compare': {
      const a = holds(text, truth.a);
      const b = holds(text, truth.b);
      const stated = truth.direction ? directionStated(text) : null;
      if (stated && stated !== truth.direction)
        return { ok: false, why: `comparison: direction ${stated} stated, truth ${truth.direction}` };
      if (a.ok && b.ok) return { ok: true, why: '' };
      if (stated) return { ok: true, why: '' };
      return {
        ok: false,
        why: `comparison: ${[a.why, b.why].filter(Boolean).join('; ')}${truth.direction ? `; direction ${truth.direction} not stated` : ''}`,
      };
    }
    case 'all': {
      const bad = truth.parts.map((p) => holds(text, p)).filter((r) => !r.ok);
      return bad.length ? { ok: false, why: `part missing: ${bad.map((b) => b.why).join('; ')}` } : { ok: true, why: '' };
    }
    case 'zero':
      // "No." answers a yes/no question ("any calls …?") whose truth is zero.
      return claimsZero(text) || /^\s*no\b(?!\s+(?:more|fewer|less|change)\b)/i.test(text)
        ? { ok: true, why: '' }
        : { ok: false, why: 'zero not stated' };
    case 'nothing':
      return claimsZero(text) || claimsNotFound(text) || /^\s*no\b(?!\s+(?:more|fewer|less|change)\b)/i.test(text)
        ? { ok: true, why: '' }
        : { ok: false, why: 'neither zero nor "not found" stated' };
    case 'yesno': {
      const first = text.trim().toLowerCase();
      const said = /^(?:yes|yep|yeah|indeed)\b/.test(first) ? true : /^(?:no|nope|not)\b/.test(first) ? false : null;
      if (said !== null && said !== truth.yes)
        return { ok: false, why: `yes/no: ${said ? 'yes' : 'no'} stated, truth ${truth.yes ? 'yes' : 'no'}` };
      if (said === truth.yes) return { ok: true, why: '' };
      if (truth.value && holds(text, truth.value).ok) return { ok: true, why: '' };
      if (!truth.yes && claimsZero(text)) return { ok: true, why: '' };
      return { ok: false, why: `yes/no: no clear ${truth.yes ? 'yes' : 'no'}${truth.value ? ' and the figure not stated' : ''}` };
    }
    case 'decline':
      return { ok: false, why: 'decline is judged on the whole reply' };
  }
}

function nonZero(truth: Truth): boolean {
  switch (truth.kind) {
    case 'number':
      return truth.value !== 0;
    case 'compare':
      return nonZero(truth.a) || nonZero(truth.b);
    case 'all':
      return truth.parts.some(nonZero);
    case 'ranking':
    case 'label':
      return true;
    case 'any':
      return truth.options.every(nonZero);
    case 'yesno':
      return truth.yes;
    default:
      return false;
  }
}

export function judge(reply: AgentReply, truth: Truth): Verdict {
  const text = reply.answer ?? '';
  const noTools = (reply.tool_calls ?? []).length === 0;
  const declined = noTools || (REFUSAL.test(text) && !hasFigure(text));
  if (truth.kind === 'decline') {
    const figure = hasFigure(text);
    const correct = noTools && !figure;
    return {
      correct,
      falseZero: false,
      declined: correct,
      why: correct
        ? ''
        : `${noTools ? '' : `tool calls made (${reply.tool_calls.map((t) => t.name).join(', ')})`}${figure ? ' figure given' : ''}`.trim(),
    };
  }
  const r = holds(text, truth);
  const falseZero = !r.ok && nonZero(truth) && claimsZero(text);
  return { correct: r.ok, falseZero, declined: !r.ok && declined, why: r.why };
}
