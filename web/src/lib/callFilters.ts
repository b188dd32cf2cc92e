// The call-list filters (GET /api/calls, CONTRACT §7) as the dashboard holds them: in the
// /calls URL (shareable, back-button friendly) and in saved searches' `filters`.

import type { Query } from './api';
import type { SavedFilters } from './types';

export const LIST_FILTERS = ['impersonated_brand', 'lure_category', 'payment_method', 'caller_state'] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];

export interface CallFilters {
  q: string;
  impersonated_brand: string[];
  lure_category: string[];
  payment_method: string[];
  caller_state: string[];
  tier: number[];
  hooked: '' | 'true' | 'false';
  min_duration_sec: string;
  max_duration_sec: string;
}

export const EMPTY_FILTERS: CallFilters = {
  q: '',
  impersonated_brand: [],
  lure_category: [],
  payment_method: [],
  caller_state: [],
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
  tier: 'Tier',
  hooked: 'Hooked',
  min_duration_sec: 'Min duration (s)',
  max_duration_sec: 'Max duration (s)',
};

const isWhole = (s: string) => /^\d+$/.test(s);

export function filtersFromSearch(p: URLSearchParams): CallFilters {
  const hooked = p.get('hooked');
  return {
    q: p.get('q') ?? '',
    impersonated_brand: p.getAll('impersonated_brand'),
    lure_category: p.getAll('lure_category'),
    payment_method: p.getAll('payment_method'),
    caller_state: p.getAll('caller_state').map((s) => s.toUpperCase()),
    tier: p.getAll('tier').map(Number).filter((t) => t === 1 || t === 2 || t === 3),
    hooked: hooked === 'true' || hooked === 'false' ? hooked : '',
    min_duration_sec: isWhole(p.get('min_duration_sec') ?? '') ? p.get('min_duration_sec')! : '',
    max_duration_sec: isWhole(p.get('max_duration_sec') ?? '') ? p.get('max_duration_sec')! : '',
  };
}

/** Query params for GET /api/calls and for the /calls URL. */
export function filtersToQuery(f: CallFilters): Query {
  return {
    q: f.q || undefined,
    impersonated_brand: f.impersonated_brand,
    lure_category: f.lure_category,
    payment_method: f.payment_method,
    caller_state: f.caller_state,
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
  for (const k of LIST_FILTERS) if (f[k].length) out[k] = f[k];
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
    impersonated_brand: list(s.impersonated_brand),
    lure_category: list(s.lure_category),
    payment_method: list(s.payment_method),
    caller_state: list(s.caller_state).map((x) => x.toUpperCase()),
    tier: list(s.tier).map(Number).filter((t) => t >= 1 && t <= 3),
    hooked,
    min_duration_sec: s.min_duration_sec === undefined || s.min_duration_sec === null ? '' : String(s.min_duration_sec),
    max_duration_sec: s.max_duration_sec === undefined || s.max_duration_sec === null ? '' : String(s.max_duration_sec),
  };
}

/** "Brand: Amazon, Apple · Tier: 1 · hooked" — for saved-search lists. */
export function describeFilters(f: CallFilters): string {
  const parts: string[] = [];
  if (f.q) parts.push(`“${f.q}”`);
  for (const k of LIST_FILTERS) if (f[k].length) parts.push(`${FILTER_LABELS[k]}: ${f[k].join(', ')}`);
  if (f.tier.length) parts.push(`Tier ${f.tier.join(', ')}`);
  if (f.hooked) parts.push(f.hooked === 'true' ? 'hooked' : 'not hooked');
  if (f.min_duration_sec && f.max_duration_sec) parts.push(`${f.min_duration_sec}–${f.max_duration_sec} s`);
  else if (f.min_duration_sec) parts.push(`≥ ${f.min_duration_sec} s`);
  else if (f.max_duration_sec) parts.push(`≤ ${f.max_duration_sec} s`);
  return parts.length ? parts.join(' · ') : 'All calls';
}

export const sameFilters = (a: CallFilters, b: CallFilters) => JSON.stringify(filtersToSaved(a)) === JSON.stringify(filtersToSaved(b));
