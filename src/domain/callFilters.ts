// The call-list filters (CONTRACT §7): ONE TypeBox definition, shared by the query string of
// GET /api/calls and the `filters` object of a saved search, and its parse into a typed filter.
//
// Repeatable filters are arrays. In the query string the validator turns a single value into
// a one-element array; a JSON body is never coerced, so its schema accepts a single value or
// an array explicitly (CallFilterBodyFields) and canonicalFilters() makes arrays of them.

import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { validationFailed } from '../errors.js';
import type { Tier } from './call.js';
import { bankNameMatches } from './indicators/bankNames.js';
import { VALUE_FILTERS, type ValueFilter } from './valueFilters.js';
import { parseWindow, type Window } from './window.js';

const MAX_VALUES = 100;
const MAX_VALUE_LENGTH = 512;
const MAX_Q_LENGTH = 500;

const valueList = (description: string, item = Type.String({ minLength: 1, maxLength: MAX_VALUE_LENGTH, pattern: '\\S' })) =>
  Type.Optional(Type.Array(item, { minItems: 1, maxItems: MAX_VALUES, description }));

/** The filter names and their schemas, in documentation order. */
export const CallFilterFields = {
  range: Type.Optional(Type.String({ description: 'Named window ending now: <N>h, <N>d or <N>w (e.g. 24h, 7d, 30d, 12w). Default 7d.' })),
  start: Type.Optional(Type.String({ description: 'Window start: RFC 3339 (Z or offset) or YYYY-MM-DD (00:00 UTC)' })),
  end: Type.Optional(Type.String({ description: 'Window end (exclusive), same formats as start' })),
  q: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: MAX_Q_LENGTH,
      description: 'Case-insensitive substring of the transcript text (any turn, either speaker). Not trimmed.',
    }),
  ),
  impersonated_brand: valueList('Any of these brands (case-insensitive, exact value). Repeatable.'),
  lure_category: valueList('Any of these lure categories (case-insensitive). Repeatable.'),
  payment_method: valueList('Any of these payment methods (case-insensitive). Repeatable.'),
  caller_state: valueList(
    "Any of these caller states: the two-letter code mapped from the caller ID's area code (case-insensitive). Repeatable.",
    Type.String({ pattern: '^[A-Za-z]{2}$' }),
  ),
  impersonated_government_agency: valueList('Any of these impersonated government agencies (case-insensitive). Repeatable.'),
  mule_bank_name: valueList('Any of these mule banks (case-insensitive). Repeatable.'),
  mule_bank_routing_number: valueList(
    'Any of these mule bank routing numbers (case-insensitive); the drill-down of top-N field mule_bank_routing. Repeatable.',
  ),
  crypto_chain: valueList('Any of these crypto chains (case-insensitive). Repeatable.'),
  gift_card_brand: valueList('Any of these gift card brands (case-insensitive). Repeatable.'),
  remote_desktop_app: valueList('Any of these remote desktop apps (case-insensitive). Repeatable.'),
  synthetic_org: valueList('Any of these synthetic organisations (case-insensitive). Repeatable.'),
  fake_agent_name: valueList('Any of these fake agent names (case-insensitive). Repeatable.'),
  tier: Type.Optional(
    Type.Array(Type.Integer({ minimum: 1, maximum: 3 }), {
      minItems: 1,
      maxItems: 10,
      description: 'Any of these intel tiers (1, 2, 3). Repeatable.',
    }),
  ),
  hooked: Type.Optional(Type.Boolean({ description: 'true: only hooked calls (≥ 15 s with intel); false: only the others' })),
  min_duration_sec: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 86_400, description: 'Only calls lasting at least this many seconds (inclusive)' }),
  ),
  max_duration_sec: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 86_400, description: 'Only calls lasting at most this many seconds (inclusive)' }),
  ),
};

/** The same filters as a JSON body takes them: a repeatable filter is an array or one value. */
export const CallFilterBodyFields = Object.fromEntries(
  Object.entries(CallFilterFields).map(([name, schema]) => {
    const items = (schema as { items?: TSchema }).items;
    return [name, items ? Type.Optional(Type.Union([schema, items])) : schema];
  }),
) as typeof CallFilterFields;

export const CallFilters = Type.Object(CallFilterFields, {
  additionalProperties: false,
  description:
    'Call-list filters; every one is optional and they combine with AND (values within one filter with OR). ' +
    'Repeatable filters are arrays; a single string is accepted too.',
});
export type CallFilterInput = Static<typeof CallFilters>;
type CallFilterName = keyof typeof CallFilterFields;

const CALL_FILTER_NAMES = Object.keys(CallFilterFields) as CallFilterName[];
const WINDOW_NAMES = ['range', 'start', 'end'] as const satisfies readonly CallFilterName[];

/** A parsed filter: the window is resolved, values are trimmed, lower-cased and de-duplicated. */
export interface CallFilter {
  window: Window;
  /** Lower-cased substring, or null for no text filter. */
  q: string | null;
  /** Only the filters that were given; each list is non-empty. */
  values: Partial<Record<ValueFilter, string[]>>;
  tiers: Tier[] | null;
  hooked: boolean | null;
  minDurationSec: number | null;
  maxDurationSec: number | null;
}

/** The filter names present in `source` (e.g. a validated query string with other params). */
export function pickFilters(source: Record<string, unknown>): CallFilterInput {
  const out: Record<string, unknown> = {};
  for (const name of CALL_FILTER_NAMES) if (source[name] !== undefined) out[name] = source[name];
  return out as CallFilterInput;
}

const isRepeatable = (name: CallFilterName) => 'items' in (CallFilterFields[name] as object);

const unique = <T>(xs: readonly T[]): T[] => [...new Set(xs)];

/**
 * The stored form of validated filters: filter-name order, repeatable values trimmed and
 * de-duplicated (case kept for display), tiers ascending.
 */
export function canonicalFilters(input: CallFilterInput): CallFilterInput {
  const src = pickFilters(input as Record<string, unknown>);
  const out: Record<string, unknown> = {};
  for (const name of CALL_FILTER_NAMES) {
    const given = src[name];
    if (given === undefined) continue;
    const v = Array.isArray(given) || !isRepeatable(name) ? given : [given];
    if ((VALUE_FILTERS as readonly string[]).includes(name)) out[name] = unique((v as string[]).map((s) => s.trim()));
    else if (name === 'tier') out[name] = unique(v as number[]).sort((a, b) => a - b);
    else out[name] = v;
  }
  return out as CallFilterInput;
}

/**
 * A saved search's filters overridden by filters given explicitly alongside it: an explicit
 * filter replaces the saved one of the same name; the window params (range, start, end) are
 * replaced as a group when any of them is given.
 */
export function mergeFilters(saved: CallFilterInput, explicit: CallFilterInput): CallFilterInput {
  const out: Record<string, unknown> = { ...pickFilters(saved as Record<string, unknown>) };
  const given = pickFilters(explicit as Record<string, unknown>) as Record<string, unknown>;
  if (WINDOW_NAMES.some((n) => given[n] !== undefined)) for (const n of WINDOW_NAMES) delete out[n];
  Object.assign(out, given);
  return out as CallFilterInput;
}

/**
 * Validated filters → typed filter. `at` prefixes error paths ("querystring", "body.filters").
 * Throws `invalid_range` for a bad window and `validation_failed` for min > max duration.
 */
export function parseCallFilters(input: CallFilterInput, now: Date, at = 'querystring'): CallFilter {
  const window = parseWindow({ range: input.range, start: input.start, end: input.end }, now);
  const min = input.min_duration_sec ?? null;
  const max = input.max_duration_sec ?? null;
  if (min !== null && max !== null && min > max) {
    throw validationFailed(`min_duration_sec (${min}) must not exceed max_duration_sec (${max}).`, [
      { path: `${at}.min_duration_sec`, message: 'must not exceed max_duration_sec' },
    ]);
  }
  const values: CallFilter['values'] = {};
  for (const name of VALUE_FILTERS) {
    const list = input[name];
    if (!list || !list.length) continue;
    values[name] = name === 'mule_bank_name' ? bankNameMatches(list) : unique(list.map((s) => s.trim().toLowerCase()));
  }
  return {
    window,
    q: input.q ? input.q.toLowerCase() : null,
    values,
    tiers: input.tier && input.tier.length ? (unique(input.tier).sort() as Tier[]) : null,
    hooked: input.hooked ?? null,
    minDurationSec: min,
    maxDurationSec: max,
  };
}
