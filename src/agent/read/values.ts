// Values a question names ("Amazon", "the IRS", "chase bank", "zelle") matched against the
// values the org's own calls hold: case, punctuation, plurals, a generic word ("bank",
// "scams") and typos are forgiven. A value found nowhere in the org's data is unknown, and
// the agent says so instead of counting it as 0.

import { IDENTIFIER_COLUMNS } from '../../domain/sliceFilter.js';
import { normaliseBankName } from '../../domain/indicators/bankNames.js';
import type { ToolRunner } from '../agent.js';
import type { ToolCallRecord } from '../run/tools.js';

/** The filterable fields a value can belong to (tool filter names). */
export const VALUE_FIELDS = [
  'impersonated_brand',
  'impersonated_government_agency',
  'lure_category',
  'payment_method',
  'mule_bank_name',
  'gift_card_brand',
  'crypto_chain',
  'remote_desktop_app',
  'persona',
] as const;
export type ValueField = (typeof VALUE_FIELDS)[number];

export const isValueField = (f: string): f is ValueField => (VALUE_FIELDS as readonly string[]).includes(f);

/**
 * Identifiers: values one call line, account, wallet, address, link, agent or fake company
 * holds. Filters like the value fields (a follow-up keeps them), but never ranked by get_topn
 * nor read into the vocabulary (the lexicon finds them).
 */
export const IDENTIFIER_FIELDS = IDENTIFIER_COLUMNS;
export type IdentifierField = (typeof IDENTIFIER_FIELDS)[number];
/** Every field a filter may name one value of. */
export type FilterValueField = ValueField | IdentifierField;
export const isFilterValueField = (f: string): f is FilterValueField =>
  isValueField(f) || (IDENTIFIER_FIELDS as readonly string[]).includes(f);

/** How an answer names an identifier filter: "with caller ID +1…". */
export const IDENTIFIER_NAMES: Record<IdentifierField, string> = {
  caller_id: 'caller ID',
  mule_bank_routing_number: 'routing number',
  mule_bank_account_number: 'mule account number',
  mule_account_holder_name: 'mule account holder',
  crypto_wallet_address: 'crypto wallet',
  physical_mule_drop_address: 'drop address',
  phishing_url: 'phishing URL',
  fake_agent_name: 'fake agent name',
  synthetic_org: 'fake company',
};

export const VALUE_FIELD_NAMES: Record<ValueField, string> = {
  impersonated_brand: 'brand',
  impersonated_government_agency: 'government agency',
  lure_category: 'scam type',
  payment_method: 'payment method',
  mule_bank_name: 'mule bank',
  gift_card_brand: 'gift card brand',
  crypto_chain: 'crypto chain',
  remote_desktop_app: 'remote desktop tool',
  persona: 'persona',
};

/** The window the vocabulary is read over: wide, so a value the org has seen at all is known. */
export const VOCAB_RANGE = '365d';
const VOCAB_N = 50;

/** Lower case, no punctuation, single spaces; "TECH_SUPPORT" → "tech support", "U.S. Bank" → "us bank". */
export function canon(s: string): string {
  return s
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’.]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const GENERIC =
  /\b(?:the|a|an|bank|banks|scams?|scammers?|calls?|ones?|inc|llc|corp|company|brand|payments?|app|apps|cards?|agency|department|dept)\b/g;

function core(s: string): string {
  return s.replace(GENERIC, ' ').replace(/\s+/g, ' ').trim();
}

function singular(s: string): string {
  return s
    .split(' ')
    .map((w) => (w.length > 3 && /[^s]s$/.test(w) ? w.slice(0, -1) : w))
    .join(' ');
}

/** Damerau-Levenshtein (optimal string alignment) distance, capped. */
export function editDistance(a: string, b: string, cap = 3): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    let rowMin = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      rowMin = Math.min(rowMin, d[i][j]);
    }
    if (rowMin > cap) return cap + 1;
  }
  return d[a.length][b.length];
}

/** Typos forgiven for a word of this length. */
export const allowedTypos = (len: number) => (len <= 3 ? 0 : len <= 5 ? 1 : 2);

const initials = (s: string) =>
  s
    .split(' ')
    .filter((w) => !['of', 'and', 'the'].includes(w))
    .map((w) => w[0])
    .join('');

type MatchKind = 'exact' | 'close' | 'fuzzy';
export interface ValueMatch {
  label: string;
  kind: MatchKind;
}

/** The label a typed value means, or null. Exact (case and punctuation aside) first, then close forms, then typos. */
export function matchValue(typed: string, labels: readonly string[]): ValueMatch | null {
  const t = canon(typed);
  if (!t) return null;
  const exact = labels.find((l) => canon(l) === t);
  if (exact) return { label: exact, kind: 'exact' };
  // Another spelling of a mule bank ("Chase" for "JPMorgan Chase"), as the query's filters read it.
  const bank = canon(normaliseBankName(typed));
  const spelled = bank !== t ? labels.find((l) => canon(l) === bank) : undefined;
  if (spelled) return { label: spelled, kind: 'exact' };
  const tc = singular(core(t));
  if (tc) {
    const close =
      labels.find((l) => singular(core(canon(l))) === tc) ??
      labels.find((l) => canon(l).replace(/ /g, '') === t.replace(/ /g, '')) ??
      labels.find((l) => tc.length >= 2 && tc.length <= 5 && !tc.includes(' ') && initials(canon(l)) === tc && canon(l).includes(' ')) ??
      // "wells" → "Wells Fargo", "social security" → "Social Security Administration": the typed words start the label.
      labels.find((l) => tc.length >= 4 && (canon(l) + ' ').startsWith(tc + ' '));
    if (close) return { label: close, kind: 'close' };
  }
  let best: { label: string; d: number } | null = null;
  for (const l of labels) {
    const lc = singular(core(canon(l))) || canon(l);
    const cand = tc || t;
    const d = editDistance(cand, lc, 2);
    if (d <= allowedTypos(Math.min(cand.length, lc.length)) && (!best || d < best.d)) best = { label: l, d };
  }
  return best ? { label: best.label, kind: 'fuzzy' } : null;
}

/** Up to `n` labels that look most like the typed value (for "closest: …"). */
export function closest(typed: string, labels: readonly string[], n = 3): string[] {
  const t = canon(typed);
  const score = (l: string) => {
    const c = canon(l);
    const d = editDistance(t, c, 20);
    const shared = t.split(' ').filter((w) => c.includes(w)).length;
    return d - 3 * shared - (c[0] === t[0] ? 1 : 0);
  };
  return [...labels].sort((a, b) => score(a) - score(b)).slice(0, n);
}

/**
 * The org's values per field, read through get_topn (with the caller's principal, so a
 * scoped key's vocabulary is its slice) over a wide window, once per field per request.
 */
export class Vocabulary {
  private readonly cache = new Map<ValueField, Promise<ToolCallRecord>>();
  constructor(private readonly tools: ToolRunner) {}

  record(field: ValueField): Promise<ToolCallRecord> {
    let rec = this.cache.get(field);
    if (!rec) {
      rec = this.tools.call('get_topn', { field, n: VOCAB_N, range: VOCAB_RANGE });
      this.cache.set(field, rec);
    }
    return rec;
  }

  async labels(field: ValueField): Promise<string[]> {
    const rec = await this.record(field);
    if (!rec.ok) return [];
    return (rec.result as { items: Array<{ label: string }> }).items.map((i) => i.label);
  }

  /** Every field read so far (their records, for the answer's sources). */
  async records(): Promise<ToolCallRecord[]> {
    return Promise.all(this.cache.values());
  }
}

export interface Resolved {
  field: ValueField;
  label: string;
  kind: MatchKind;
}

/**
 * Where a typed value belongs: its guessed field first, then the others in order; an exact
 * match anywhere beats a typo match in the guessed field. Null when no field holds it.
 */
export async function resolveValue(
  vocab: Vocabulary,
  typed: string,
  guess: ValueField | null,
  order: readonly ValueField[] = VALUE_FIELDS,
): Promise<Resolved | null> {
  const fields = guess ? [guess, ...order.filter((f) => f !== guess)] : [...order];
  let fallback: Resolved | null = null;
  if (guess) {
    const m = matchValue(typed, await vocab.labels(guess));
    if (m && m.kind !== 'fuzzy') return { field: guess, ...m };
  }
  // Not plainly in the guessed field: read the others side by side.
  await Promise.all(fields.map((f) => vocab.record(f)));
  for (const field of fields) {
    const m = matchValue(typed, await vocab.labels(field));
    if (!m) continue;
    if (m.kind !== 'fuzzy') return { field, ...m };
    fallback ??= { field, ...m };
  }
  return fallback;
}
