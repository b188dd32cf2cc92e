// The call-list filters (GET /api/calls, CONTRACT §7) as the dashboard holds them: in the
// /calls URL (shareable, back-button friendly) and in saved searches' `filters`.

import { VALUE_FILTERS, type ValueFilter } from '../../../src/domain/valueFilters';
import type { Query } from './api';
import type { SavedFilters } from './types';

/** Every repeatable filter: a value filter, matched by case-insensitive exact value on the server. */
export { VALUE_FILTERS, type ValueFilter };
/**
 * Picked from the values seen in the window (multi-select); the others are set by drill-down
 * links from the overview's top-N panels and shown as removable chips.
 */
export type PickedFilter = Extract<ValueFilter, 'impersonated_brand' | 'lure_category' | 'payment_method' | 'caller_state'>;

export type CallFilters = Record<ValueFilter, string[]> & {
  q: string;
  tier: number[];
  hooked: '' | 'true' | 'false';
  min_duration_sec: string;
  max_duration_sec: string;
};

const noValues = () => Object.fromEntries(VALUE_FILTERS.map((k) => [k, [] as string[]])) as Record<ValueFilter, string[]>;

export const EMPTY_FILTERS: CallFilters = {
  q: '',
  ...noValues(),
  tier: [],
  hooked: '',
  min_duration_sec: '',
  max_duration_sec: '',
};

export const FILTER_LABELS: Record<keyof CallFilters, string> = {
  q: 'Transcript contains',
  impersonated_brand: 'Brand',
  lure_category: 'Lure',
  payment_method: 'Payment',
  caller_state: 'Caller state',
  impersonated_government_agency: 'Government agency',
  mule_bank_name: 'Mule bank',
  mule_bank_routing_number: 'Routing number',
  crypto_chain: 'Crypto chain',
  gift_card_brand: 'Gift card',
  remote_desktop_app: 'Remote desktop app',
  synthetic_org: 'Synthetic organisation',
  fake_agent_name: 'Fake agent name',
  tier: 'Tier',
  hooked: 'Hooked',
  min_duration_sec: 'Min duration (s)',
  max_duration_sec: 'Max duration (s)',
};

const isWhole = (s: string) => /^\d+$/.test(s);
// The server's bounds: at most 100 values of up to 512 characters, not blank; q up to 500.
const MAX_VALUES = 100;
const MAX_VALUE = 512;

/** Values of one filter: bounded, blank ones dropped, duplicates (case-insensitive) once. */
function values(raw: string[], filter: ValueFilter): string[] {
  const out: string[] = [];
  for (const r of raw) {
    const v = filter === 'caller_state' ? r.trim().toUpperCase() : r;
    if (!/\S/.test(v) || v.length > MAX_VALUE) continue;
    if (filter === 'caller_state' && !/^[A-Z]{2}$/.test(v)) continue;
    if (out.some((x) => x.toLowerCase() === v.toLowerCase())) continue;
    out.push(v);
    if (out.length === MAX_VALUES) break;
  }
  return out;
}

export function filtersFromSearch(p: URLSearchParams): CallFilters {
  const hooked = p.get('hooked');
  return {
    q: (p.get('q') ?? '').slice(0, 500),
    ...(Object.fromEntries(VALUE_FILTERS.map((k) => [k, values(p.getAll(k), k)])) as Record<ValueFilter, string[]>),
    tier: p
      .getAll('tier')
      .map(Number)
      .filter((t) => t === 1 || t === 2 || t === 3),
    hooked: hooked === 'true' || hooked === 'false' ? hooked : '',
    min_duration_sec: isWhole(p.get('min_duration_sec') ?? '') ? p.get('min_duration_sec')! : '',
    max_duration_sec: isWhole(p.get('max_duration_sec') ?? '') ? p.get('max_duration_sec')! : '',
  };
}

/** Query params for GET /api/calls and for the /calls URL. */
export function filtersToQuery(f: CallFilters): Query {
  return {
    q: f.q || undefined,
    ...Object.fromEntries(VALUE_FILTERS.map((k) => [k, f[k]])),
    tier: f.tier,
    hooked: f.hooked || undefined,
    min_duration_sec: f.min_duration_sec || undefined,
    max_duration_sec: f.max_duration_sec || undefined,
  };
}

/** A saved search's `filters`: typed values, only those that are set. The window is not saved. */
export function filtersToSaved(f: CallFilters): SavedFilters {
  const out: SavedFilters = {};
  if (f.q) out.q = f.q;
  for (const k of VALUE_FILTERS) if (f[k].length) out[k] = f[k];
  if (f.tier.length) out.tier = [...f.tier].sort();
  if (f.hooked) out.hooked = f.hooked === 'true';
  if (f.min_duration_sec) out.min_duration_sec = Number(f.min_duration_sec);
  if (f.max_duration_sec) out.max_duration_sec = Number(f.max_duration_sec);
  return out;
}

const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : v === undefined || v === null || v === '' ? [] : [String(v)]);

export function filtersFromSaved(s: SavedFilters): CallFilters {
  const hooked = s.hooked === true || s.hooked === 'true' ? 'true' : s.hooked === false || s.hooked === 'false' ? 'false' : '';
  return {
    q: typeof s.q === 'string' ? s.q : '',
    ...(Object.fromEntries(VALUE_FILTERS.map((k) => [k, values(list(s[k]), k)])) as Record<ValueFilter, string[]>),
    tier: list(s.tier)
      .map(Number)
      .filter((t) => t >= 1 && t <= 3),
    hooked,
    min_duration_sec: s.min_duration_sec === undefined || s.min_duration_sec === null ? '' : String(s.min_duration_sec),
    max_duration_sec: s.max_duration_sec === undefined || s.max_duration_sec === null ? '' : String(s.max_duration_sec),
  };
}

/** "Brand: Amazon, Apple · Tier: 1 · hooked" — for saved-search lists. */
export function describeFilters(f: CallFilters): string {
  const parts: string[] = [];
  if (f.q) parts.push(`“${f.q}”`);
  for (const k of VALUE_FILTERS) if (f[k].length) parts.push(`${FILTER_LABELS[k]}: ${f[k].join(', ')}`);
  if (f.tier.length) parts.push(`Tier ${f.tier.join(', ')}`);
  if (f.hooked) parts.push(f.hooked === 'true' ? 'hooked' : 'not hooked');
  if (f.min_duration_sec && f.max_duration_sec) parts.push(`${f.min_duration_sec}–${f.max_duration_sec} s`);
  else if (f.min_duration_sec) parts.push(`≥ ${f.min_duration_sec} s`);
  else if (f.max_duration_sec) parts.push(`≤ ${f.max_duration_sec} s`);
  return parts.length ? parts.join(' · ') : 'All calls';
}

export const sameFilters = (a: CallFilters, b: CallFilters) => JSON.stringify(filtersToSaved(a)) === JSON.stringify(filtersToSaved(b));

/** The columns GET /api/calls sorts by, each in words descending and ascending. */
const SORT_WORDS = {
  started_at: ['Newest first', 'Oldest first'],
  duration_sec: ['Longest first', 'Shortest first'],
  auditor_confidence: ['Most confident first', 'Least confident first'],
} as const;
type SortColumn = keyof typeof SORT_WORDS;
export type CallSort = SortColumn | `-${SortColumn}`;
/** Server-side orders of GET /api/calls (nulls last; ties newest first, then call_sid), descending first. */
export const SORTS: { value: CallSort; label: string }[] = (Object.keys(SORT_WORDS) as SortColumn[]).flatMap((column) => [
  { value: `-${column}`, label: SORT_WORDS[column][0] },
  { value: column, label: SORT_WORDS[column][1] },
]);
const DEFAULT_SORT: CallSort = '-started_at';

export const sortFromSearch = (p: URLSearchParams): CallSort => SORTS.find((s) => s.value === p.get('sort'))?.value ?? DEFAULT_SORT;

/** Every query key the /calls URL owns; others (the window) are the window's. */
const OWN_KEYS = ['q', ...VALUE_FILTERS, 'tier', 'hooked', 'min_duration_sec', 'max_duration_sec', 'sort'] as const;

/** The /calls URL params of these filters and this order, as changes: null removes a param. */
export function callsSearch(f: CallFilters, sort: CallSort): Query {
  const q = filtersToQuery(f);
  const out: Query = {};
  for (const k of OWN_KEYS) out[k] = k === 'sort' ? (sort === DEFAULT_SORT ? null : sort) : (q[k] ?? null);
  return out;
}

// The list the user last looked at, so a call page's "All calls" link returns to it (filters,
// order and window) rather than to an empty /calls.
let lastList = '/calls';
export const rememberCallsList = (href: string) => {
  if (href.startsWith('/calls')) lastList = href;
};
export const lastCallsList = () => lastList;
