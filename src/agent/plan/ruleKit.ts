// What the query rules share (queryRules.ts, frames.ts): a rule's input and output, the
// planner's filters as query filters, and how an answer names its window. Kept apart so the
// rule tables import it and not each other.

import type { QueryBody } from '../../domain/query/parse.js';
import type { RangeObject } from '../../domain/window.js';
import { windowInline } from '../say/compose.js';
import { filterText } from '../say/filterText.js';
import { LEXICON_FIELDS, type FoundValue, type LexiconEntry } from '../read/lexicon.js';
import { hintsIn } from '../read/hints.js';
import { canon } from '../read/values.js';
import type { QuestionReading } from './questionReading.js';
import { ALL_TIME, windowArgs, type WindowSpec } from '../read/windowSpec.js';
import type { Filters } from './intents.js';

/** What a rule reads: the question, its reading by the planner's first step, and the values it names. */
export interface RuleInput {
  /** The normalised question (normalise.ts). */
  text: string;
  /** The question as typed (names keep their capitals). */
  raw?: string;
  reading: QuestionReading;
  now: Date;
  /** Stored values the question names (lexicon.ts), longest first. */
  found: FoundValue[];
  /** The key's lexicon entries of a value (canon spelling): for a value the reading resolved from other words ("wire" for wire_transfer). */
  lookup?: (value: string) => LexiconEntry[];
}

/** One query result as the `query` tool returns it. */
export interface QueryResult {
  results: Array<{
    dimensions: Array<string | number | boolean | null>;
    metrics: Array<number | null>;
    comparison?: { metrics: Array<number | null>; change: Array<number | null> };
  }>;
  range: RangeObject;
  comparison_range?: RangeObject;
}

export interface QueryPlan {
  queries: QueryBody[];
  /** Writes the answer from the results, one per query, in order. */
  say(results: QueryResult[]): string;
  /** The filters a follow-up keeps (the planner's own filter names). */
  filters: Filters;
}

export interface QueryRule {
  id: string;
  cue: RegExp;
  guard?: (input: RuleInput) => boolean;
  /** Its cue reads time words of its own ("during the day", "the first half"): it applies even when the reading could not place them. */
  readsTime?: boolean;
  build(input: RuleInput, match: RegExpExecArray): QueryPlan | null;
  examples: string[];
}

/** "in the last 7 days (Nov 13, 2026 14:00 UTC to Nov 20, 2026 14:00 UTC)", as the planner's answers name a window. */
export const windowSaid = (spec: WindowSpec, r: RangeObject) => windowInline(spec, r);

export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The planner's filters as query filters; null when one has no query form (then no rule applies). */
export function queryFilters(f: Filters): unknown[][] | null {
  const out: unknown[][] = [];
  for (const [k, v] of Object.entries(f) as Array<[string, unknown]>) {
    if (v === undefined) continue;
    if (Array.isArray(v) && ['tier', 'caller_area_code', 'disconnect_reason'].includes(k)) out.push(['is', k, v]);
    else if (k === 'q') for (const s of v as string[]) out.push(['contains', 'transcript', [s]]);
    else if (k === 'has') for (const s of v as string[]) out.push(['has', s]);
    else if (k === 'hooked') out.push(['is', 'hooked', [v]]);
    else if (k === 'min_duration_sec') out.push(['gte', 'duration_sec', v]);
    else if (k === 'max_duration_sec') out.push(['lte', 'duration_sec', v]);
    else if (k === 'min_single_ask') out.push(['gte', 'dollar_ask', v]);
    else if (Array.isArray(v) && k in LEXICON_FIELDS) out.push(['is', k, v]);
    else return null;
  }
  return out;
}

/** The reading's window as query arguments. */
export const windowOf = (input: RuleInput) => windowArgs(input.reading.window, input.now);

/**
 * The window of a question about one identifier (a wallet, an account, a URL, an address in a
 * place): with no window named, its whole history, not the default week; a follow-up or a
 * moved window keeps its own.
 */
export function identifierWindow(input: RuleInput): WindowSpec {
  const r = input.reading;
  return r.windows.length === 0 && !r.followUp && !r.moved ? ALL_TIME : r.window;
}

/** Drops the planner's qualifiers read inside a named value ("MI" of a drop address is not Michigan). */
export function withoutInside(base: Filters, found: FoundValue[]): Filters {
  const out: Filters = { ...base };
  for (const [k, v] of Object.entries(base) as Array<[keyof Filters, unknown]>) {
    if (!Array.isArray(v)) continue;
    // A qualifier read inside a value ("MI" of an address), or a transcript term holding one ("john doe as").
    const inside = (x: string) => found.some((f) => ` ${f.typed} `.includes(` ${x} `) || (k === 'q' && ` ${x} `.includes(` ${f.typed} `)));
    if (v.some((x) => inside(canon(String(x))))) delete out[k];
  }
  return out;
}

/**
 * The question's filters as query filters: the reading's (none read inside a value) and the
 * stored values it names (lexicon.ts), one `is` filter per field. Null when a filter has no query
 * form, or when a value the question names is unknown to the lexicon: the planner then says so
 * rather than a rule answering for every call.
 */
/**
 * The stored values a question names: those the lexicon found in its words, and those the reading
 * resolved from other words ("wire" read as wire_transfer), looked up in the key's lexicon.
 */
function namedOf(input: RuleInput): FoundValue[] {
  const out = [...input.found];
  for (const m of input.reading.mentions) {
    const typed = canon(m.surface ?? m.typed);
    if (knownIn(out, typed)) continue;
    const all = input.lookup?.(canon(m.typed)) ?? [];
    const entries = all.filter((e) => (m.fields as string[]).includes(e.field));
    if (all.length) out.push({ typed, entries: entries.length ? entries : all, fuzzy: false });
  }
  return out;
}

const knownIn = (found: FoundValue[], typed: string) =>
  found.some((f) => f.typed === typed || ` ${f.typed} `.includes(` ${typed} `) || f.entries.some((e) => canon(e.value) === typed));

export function ruleFilters(input: RuleInput, base: Filters = input.reading.base): unknown[][] | null {
  const named = namedOf(input);
  const known = (typed: string) => knownIn(named, typed);
  if (input.reading.mentions.some((m) => !known(canon(m.surface ?? m.typed)))) return null;
  // A value the hints know ("microsoft", "irs") but the lexicon of this key's calls does not.
  const rest = input.reading.rest;
  if (hintsIn(rest, () => true).some((h) => !known(canon(rest.slice(h.index, h.index + h.length))) && !known(canon(h.typed)))) return null;
  const inside = withoutInside(base, input.found);
  const byField = new Map<string, string[]>();
  for (const v of named) {
    const e = entryOf(v, named, inside, input.text);
    const held = (inside as Record<string, unknown>)[e.field];
    // A value of a field the reading already filters on joins it ("gift card vs wire"), unless it is the same value.
    if (Array.isArray(held)) {
      if (!held.some((x) => canon(String(x)) === canon(e.value))) (inside as Record<string, unknown>)[e.field] = [...held, e.value];
      continue;
    }
    byField.set(e.field, [...(byField.get(e.field) ?? []), e.value]);
  }
  // A state the lexicon found ("FL") joins the reading's, so an address's place takes either.
  const found = byField.get('caller_state');
  if (found && ADDRESS_IN.test(input.text)) {
    inside.caller_state = [...(inside.caller_state ?? []), ...found];
    byField.delete('caller_state');
  }
  const place = addressPlace(input.text, inside);
  const filters = queryFilters(inside);
  if (!filters) return null;
  for (const [field, values] of byField) filters.push(['is', field, values]);
  if (place) filters.push(place);
  return filters;
}

/** "a drop address in Ohio": the state is the address's (", OH 44101"), not the caller's. */
const ADDRESS_IN = /\baddress(?:es)? (?:in|from|located in|based in)\b/;

/** Moves a state read after "address in" from the caller's state to the drop address (mutates `f`); the filter, or null. */
function addressPlace(text: string, f: Filters): unknown[] | null {
  const states = f.caller_state;
  if (!ADDRESS_IN.test(text)) return null;
  if (!states?.length) return townOfAddress(text, f);
  delete f.caller_state;
  const has = f.has?.filter((x) => x !== 'physical_mule_drop_address');
  f.has = has?.length ? has : undefined;
  // "a drop address in Detroit, MI": the city with its state; a state alone is ", MI " in the address.
  const city = new RegExp(
    String.raw`\baddress(?:es)? (?:in|from|located in|based in) ((?:[a-z.'-]+ ){0,2}[a-z.'-]+),? (${states.join('|')})\b`,
    'i',
  ).exec(text);
  if (city)
    return ['contains', 'physical_mule_drop_address', [`${city[1].replace(/\b[a-z]/g, (c) => c.toUpperCase())}, ${city[2].toUpperCase()}`]];
  return ['contains', 'physical_mule_drop_address', states.map((s) => `, ${s} `)];
}

/** Words after "address in" that name no place. */
const NO_PLACE =
  /^(?:the|this|that|these|last|past|previous|our|your|any|all|a|an|each|every|total|calls?|and|or|with|for|since|during|over|on|at|by|from|to|yesterday|today|tonight|recent|recently|general|particular|question|use|it)$/;

/** "a drop address in Charlotte": a town no state table holds, looked for in the address as typed. */
function townOfAddress(text: string, f: Filters): unknown[] | null {
  const m = /\baddress(?:es)? (?:in|located in|based in) ([a-z][a-z.'-]+)(?: ([a-z][a-z.'-]+))?/.exec(text);
  if (!m || NO_PLACE.test(m[1])) return null;
  const town = m[2] && !NO_PLACE.test(m[2]) ? `${m[1]} ${m[2]}` : m[1];
  const has = f.has?.filter((x) => x !== 'physical_mule_drop_address');
  f.has = has?.length ? has : undefined;
  return ['contains', 'physical_mule_drop_address', [town.replace(/\b[a-z]/g, (c) => c.toUpperCase())]];
}

/** A field's word said right after one of its values. */
const FIELD_WORD_AFTER: Partial<Record<string, RegExp>> = {
  gift_card_brand: /^ (?:gift ?cards?|cards?)\b/,
  mule_bank_name: /^ (?:bank )?(?:accounts?|account numbers?|mule accounts?)\b/,
  crypto_chain: /^ (?:wallets?|chain|network|coins?)\b/,
  persona: /^ persona\b/,
  remote_desktop_app: /^ (?:sessions?|remote)\b/,
};

/**
 * The field a named value is read as: one that the question's other values or filters use when
 * it has one ("gift card vs wire": both payment methods, though "gift card" is also a scam type),
 * else the field with the most calls.
 */
function entryOf(v: FoundValue, found: FoundValue[], base: Filters, text = ''): FoundValue['entries'][number] {
  const sorted = [...v.entries].sort((a, b) => b.calls - a.calls);
  if (sorted.length === 1) return sorted[0];
  // The field's own word right after the value ("Best Buy gift cards", "Chase accounts"): that field.
  const after = text.slice(text.indexOf(v.typed) + v.typed.length);
  const said = v.typed && text.includes(v.typed) ? sorted.find((e) => FIELD_WORD_AFTER[e.field]?.test(after)) : undefined;
  if (said) return said;
  const others = new Set<string>(Object.keys(base));
  for (const o of found) if (o !== v && o.entries.length === 1) others.add(o.entries[0].field);
  return sorted.find((e) => others.has(e.field)) ?? sorted[0];
}

/** ", counting only calls impersonating Amazon, from TX": the filters of ruleFilters in words (empty without any). */
export function filtersSaid(input: RuleInput, base: Filters = input.reading.base, except?: string): string {
  const inside = withoutInside(base, input.found);
  // The field whose values are compared is said with each value, not as a filter.
  if (except) delete (inside as Record<string, unknown>)[except];
  const named = namedOf(input);
  if (ADDRESS_IN.test(input.text))
    for (const v of named)
      if (v.entries[0].field === 'caller_state' && !inside.caller_state?.includes(v.entries[0].value))
        inside.caller_state = [...(inside.caller_state ?? []), v.entries[0].value];
  const place = addressPlace(input.text, inside);
  const parts = [filterText(inside)].filter(Boolean);
  if (place) parts.push(`with a drop address in ${(place[2] as string[]).map((s) => s.trim().replace(/^,\s*/, '')).join(' or ')}`);
  const byField = new Map<string, string[]>();
  for (const v of named) {
    const e = entryOf(v, named, inside, input.text);
    if (place && e.field === 'caller_state') continue;
    if (!(e.field in inside) && e.field !== except) byField.set(e.field, [...(byField.get(e.field) ?? []), e.value]);
  }
  for (const [field, values] of byField) parts.push(`with ${LEXICON_FIELDS[field as keyof typeof LEXICON_FIELDS]} ${values.join(' or ')}`);
  return parts.length ? `, counting only calls ${parts.join(', ')}` : '';
}
