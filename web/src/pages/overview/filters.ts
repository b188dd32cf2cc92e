// The overview's filters, Plausible's habit: selecting a figure (a brand, a state, a reason, a
// histogram bar, a heat-map cell) adds a filter that every panel applies. They live in the URL
// as repeated `f` params, so back/forward, a reload and a shared link show the same view:
//   f=is,impersonated_brand,Amazon|Walmart   f=is_not,caller_state,TX
//   f=range,duration_sec,60,120   f=not_range,dollar_ask,500,   f=at,2026-11-20T14:15:00Z
//   f=at,2026-11-20T00:00:00Z,2026-11-21T00:00:00Z (a time-series bucket; without an end, 15 minutes)
// A hand-edited or stale `f` that does not parse is left out (the page never breaks on it).

import { useMemo } from 'react';
import { useLocation } from '../../lib/router';
import { updateSearch } from '../../lib/urlState';
import { spanSel, useWindow, type Span } from '../../lib/window';

/** Fields a value filter may name (dimension fields of the query language, CONTRACT §13). */
export const VALUE_FIELDS: Record<string, string> = {
  impersonated_brand: 'Brand',
  lure_category: 'Lure',
  payment_method: 'Payment method',
  impersonated_government_agency: 'Government agency',
  mule_bank_name: 'Mule bank',
  mule_bank_routing_number: 'Routing number',
  crypto_chain: 'Crypto chain',
  gift_card_brand: 'Gift card brand',
  remote_desktop_app: 'Remote desktop app',
  synthetic_org: 'Synthetic organisation',
  fake_agent_name: 'Fake agent name',
  caller_state: 'State',
  disconnect_reason: 'Disconnect reason',
};
export const RANGE_FIELDS = { duration_sec: 'Duration', dollar_ask: 'Dollar ask' } as const;
type RangeField = keyof typeof RANGE_FIELDS;

type ValueFilter = { kind: 'is' | 'is_not'; field: string; values: string[] };
/** min <= x < max (max null: no upper bound), as a histogram bucket holds; not_range: outside it. */
type RangeFilter = { kind: 'range' | 'not_range'; field: RangeField; min: number; max: number | null };
export type Filter =
  | ValueFilter
  | RangeFilter
  /** A stretch of time, from a heat-map cell (15 minutes) or a time-series bucket: the figures of calls that arrived in it. */
  | { kind: 'at'; start: string; end?: string };

export const isValueFilter = (f: Filter): f is ValueFilter => f.kind === 'is' || f.kind === 'is_not';

/** Bounds: a URL cannot make the page send an unbounded query. */
const MAX_FILTERS = 20;
const MAX_VALUES = 50;
const MAX_VALUE_LENGTH = 200;
const QUARTER_MS = 15 * 60_000;
/** The longest stretch a time filter narrows to (the API's longest window). */
const MAX_AT_MS = 400 * 86_400_000;
const isoOf = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
/** The end of a time filter: its own, or 15 minutes after its start (a heat-map cell). */
export const atEnd = (f: { start: string; end?: string }) => f.end ?? isoOf(Date.parse(f.start) + QUARTER_MS);

// Values may hold commas or bars: those (and %) are escaped inside the param.
const esc = (v: string) => v.replace(/%/g, '%25').replace(/,/g, '%2C').replace(/\|/g, '%7C');
const unesc = (v: string) => {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
};

export function filterParam(f: Filter): string {
  if (f.kind === 'at') return f.end && f.end !== atEnd({ start: f.start }) ? `at,${f.start},${f.end}` : `at,${f.start}`;
  if (isValueFilter(f)) return `${f.kind},${f.field},${f.values.map(esc).join('|')}`;
  return `${f.kind},${f.field},${f.min},${f.max ?? ''}`;
}

function parseOne(s: string): Filter | null {
  const parts = s.split(',');
  const [kind, field] = parts;
  if (kind === 'at') {
    const ms = Date.parse(parts[1] ?? '');
    const end = parts[2] === undefined ? ms + QUARTER_MS : Date.parse(parts[2]);
    if (!Number.isFinite(ms) || !Number.isFinite(end) || end <= ms || end - ms > MAX_AT_MS || parts.length > 3) return null;
    return end === ms + QUARTER_MS ? { kind, start: isoOf(ms) } : { kind, start: isoOf(ms), end: isoOf(end) };
  }
  if ((kind === 'is' || kind === 'is_not') && Object.hasOwn(VALUE_FIELDS, field) && parts.length === 3) {
    const values = [...new Set(parts[2].split('|').map(unesc))]
      .filter((v) => v !== '' && v.length <= MAX_VALUE_LENGTH)
      .slice(0, MAX_VALUES);
    return values.length ? { kind, field, values } : null;
  }
  if ((kind === 'range' || kind === 'not_range') && Object.hasOwn(RANGE_FIELDS, field) && parts.length === 4) {
    const min = Number(parts[2]);
    const max = parts[3] === '' ? null : Number(parts[3]);
    if (!Number.isFinite(min) || min < 0 || (max !== null && !(Number.isFinite(max) && max > min))) return null;
    return { kind, field: field as RangeField, min, max };
  }
  return null;
}

export function filtersFromSearch(p: URLSearchParams): Filter[] {
  const out: Filter[] = [];
  for (const s of p.getAll('f').slice(0, MAX_FILTERS)) {
    const f = parseOne(s);
    if (f && !out.some((o) => filterParam(o) === filterParam(f))) out.push(f);
  }
  return out;
}

/** Whether two filters constrain the same thing (a new one merges into or replaces the old). */
function sameSlot(a: Filter, b: Filter): boolean {
  if (a.kind === 'at' || b.kind === 'at') return a.kind === b.kind;
  if (a.field !== b.field) return false;
  const values = (k: Filter['kind']) => k === 'is' || k === 'is_not';
  // One range per field; value filters of one field and one sense merge ("is Amazon or Walmart").
  return values(a.kind) === values(b.kind) && (!values(a.kind) || a.kind === b.kind);
}

/** The filters with `f` added: values join a filter of the same field and sense; a range or quarter hour replaces its own. */
function withFilter(list: Filter[], f: Filter): Filter[] {
  const i = list.findIndex((o) => sameSlot(o, f));
  if (i < 0) return [...list, f].slice(0, MAX_FILTERS);
  const old = list[i];
  const merged: Filter =
    isValueFilter(old) && isValueFilter(f) && f.kind === old.kind
      ? { ...old, values: [...new Set([...old.values, ...f.values])].slice(0, MAX_VALUES) }
      : f;
  return list.map((o, j) => (j === i ? merged : o));
}

/** The same filter, negated ("is" ⇄ "is not"); a quarter hour has no negation. */
function negated(f: Filter): Filter {
  if (f.kind === 'is') return { ...f, kind: 'is_not' };
  if (f.kind === 'is_not') return { ...f, kind: 'is' };
  if (f.kind === 'range') return { ...f, kind: 'not_range' };
  if (f.kind === 'not_range') return { ...f, kind: 'range' };
  return f;
}

/** The filters of the URL, and setters that add a history entry each. */
export function useFilters() {
  const { search } = useLocation();
  const key = search.getAll('f').join('\n');
  // The same list (and so the same query keys) while other params change.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const filters = useMemo(() => filtersFromSearch(search), [key]);
  const write = (next: Filter[]) => updateSearch({ f: next.map(filterParam) });
  return {
    filters,
    add: (f: Filter) => write(withFilter(filters, f)),
    remove: (i: number) => write(filters.filter((_, j) => j !== i)),
    replace: (i: number, f: Filter) => write(filters.map((o, j) => (j === i ? f : o))),
    toggle: (i: number) => write(filters.map((f, j) => (j === i ? negated(f) : f))),
    clear: () => write([]),
  };
}

/** The query language's conditions (docs/query.md) for the filters; a quarter hour is the window instead. */
export function queryFilters(filters: Filter[]): unknown[] {
  const out: unknown[] = [];
  for (const f of filters) {
    if (isValueFilter(f)) out.push([f.kind, f.field, f.values]);
    else if (f.kind !== 'at') {
      const inside: unknown[] = [['gte', f.field, f.min]];
      if (f.max !== null) inside.push(['lt', f.field, f.max]);
      // Top level, so a dollar_ask range also narrows the ask figures to the asks inside it.
      if (f.kind === 'range') out.push(...inside);
      else out.push(['not', inside.length === 1 ? inside[0] : ['and', inside]]);
    }
  }
  return out;
}

/** A time filter moved by its own length, earlier (-1) or later (+1), as Grafana's time shift. */
export function shifted(f: { start: string; end?: string }, dir: -1 | 1): Filter {
  const start = Date.parse(f.start);
  const len = Date.parse(atEnd(f)) - start;
  const next = { kind: 'at' as const, start: isoOf(start + dir * len) };
  return f.end === undefined ? next : { ...next, end: isoOf(start + (dir + 1) * len) };
}

/** The window the figures cover: the overview's, or the quarter hour a heat-map cell chose. */
export function filteredSpan(span: Span, filters: Filter[]): Span {
  const at = filters.find((f) => f.kind === 'at');
  if (!at || at.kind !== 'at') return span;
  return { start: at.start, end: atEnd(at) };
}

/**
 * Drag-to-zoom: the stretch selected on a time chart becomes the window (one history entry, so
 * back returns to the window before); a time filter inside the old window is dropped with it.
 */
export function useZoom(): (fromMs: number, toMs: number) => void {
  const { setSel } = useWindow();
  const { filters } = useFilters();
  return (a, b) => setSel(spanSel(a, b), { f: filters.filter((f) => f.kind !== 'at').map(filterParam) });
}
