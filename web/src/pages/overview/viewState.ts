// The overview's URL as a saved view's state (POST /api/views, README "Saved views and
// annotations") and back. The state speaks the query language: window (range, or start/end),
// IANA time zone, filters, comparison. The overview's own settings (metric, bucket, top-N
// field and size, tier-1 sort) travel as panel ids ("timeseries:hooked_calls:hour"), which the
// state keeps in order. "4 weeks earlier", which the state's `compare` has no word for, is
// stored as the window it compares with and named by a "compare:4w" panel id, so a view of a
// moving window ("the last 7 days") compares with four weeks before it whenever it is opened.
// Filters the overview cannot show as chips (a view written through the
// API may hold `contains` or `or`) are counted, not silently dropped.

import { localZoneName } from '../../lib/format';
import {
  addDays,
  compareFromSearch,
  compareSpan,
  rangeHours,
  resolveWindow,
  selFromSearch,
  tzFromSearch,
  type Span,
} from '../../lib/window';
import { atEnd, filtersFromSearch, filterParam, queryFilters, RANGE_FIELDS, VALUE_FIELDS, type Filter } from './filters';
import { VIEW_DEFAULTS, viewFromSearch } from './view';

export interface ViewStateJson {
  range?: string;
  start?: string;
  end?: string;
  timezone?: string;
  filters?: unknown[];
  compare?: unknown;
  panels?: string[];
}

const DAY = 86_400_000;
const FOUR_WEEKS = 'compare:4w';

/** The state of the overview whose URL search is `search`. */
export function stateOfSearch(search: URLSearchParams): ViewStateJson {
  const sel = selFromSearch(search) ?? { kind: 'named', range: '7d' };
  const filters = filtersFromSearch(search);
  const at = filters.find((f) => f.kind === 'at');
  const v = viewFromSearch(search);
  // A time filter is the view's window; a named window stays named ("the last 7 days" whenever opened).
  const span: Span =
    at && at.kind === 'at'
      ? { start: at.start, end: atEnd(at) }
      : sel.kind === 'span'
        ? { start: sel.start, end: sel.end }
        : sel.kind === 'custom'
          ? { start: sel.from, end: addDays(sel.to, 1) }
          : resolveWindow(sel, Date.now());
  const cmp = compareFromSearch(search);
  const state: ViewStateJson = {
    ...(sel.kind === 'named' && !(at && at.kind === 'at') ? { range: sel.range } : { start: span.start, end: span.end }),
    timezone: tzFromSearch(search) === 'local' ? localZoneName() : 'UTC',
    filters: queryFilters(filters),
    // Four weeks earlier and a custom start are stored as the window they compare with.
    compare:
      cmp.mode === 'previous'
        ? 'previous_period'
        : cmp.mode === 'year'
          ? 'year_earlier'
          : cmp.mode === 'off'
            ? 'off'
            : compareSpan(span, cmp),
    panels: [
      `timeseries:${v.metric}:${v.bucket}`,
      `topn:${v.topn}:${v.n}`,
      `tier1:${v.tier1Sort}`,
      ...(cmp.mode === '4w' ? [FOUR_WEEKS] : []),
    ],
  };
  return state;
}

const isMidnight = (s: string) => Number.isFinite(Date.parse(s)) && Date.parse(s) % DAY === 0;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A query-language condition as an overview filter, or null when the overview has no chip for it. */
function filterOf(c: unknown, pending: Map<string, { min?: number; max?: number }>): Filter | null | 'range-part' {
  if (!Array.isArray(c)) return null;
  const [op, field, value] = c as [unknown, unknown, unknown];
  if ((op === 'is' || op === 'is_not') && typeof field === 'string' && Object.hasOwn(VALUE_FIELDS, field) && Array.isArray(value)) {
    return { kind: op, field, values: value.map(String) };
  }
  if ((op === 'gte' || op === 'lt') && typeof field === 'string' && Object.hasOwn(RANGE_FIELDS, field) && typeof value === 'number') {
    const r = pending.get(field) ?? {};
    if (op === 'gte') r.min = value;
    else r.max = value;
    pending.set(field, r);
    return 'range-part';
  }
  if (op === 'not' && Array.isArray(field)) {
    const inner = field[0] === 'and' && Array.isArray(field[1]) ? (field[1] as unknown[]) : [field];
    const r = new Map<string, { min?: number; max?: number }>();
    if (inner.every((x) => filterOf(x, r) === 'range-part') && r.size === 1) {
      const [[f, { min, max }]] = [...r];
      if (min !== undefined) return { kind: 'not_range', field: f as keyof typeof RANGE_FIELDS, min, max: max ?? null };
    }
  }
  return null;
}

/** The overview URL params of a saved view's state, and how many of its filters have no chip here. */
export function searchOfState(state: ViewStateJson): { params: URLSearchParams; dropped: number } {
  const p = new URLSearchParams();
  const filters: Filter[] = [];
  const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
  if (state.range && rangeHours(state.range) !== null) p.set('range', state.range);
  else if (state.start && state.end && isMidnight(state.start) && isMidnight(state.end)) {
    p.set('from', dateOf(Date.parse(state.start)));
    p.set('to', dateOf(Date.parse(state.end) - DAY));
  } else if (state.start && state.end && Number.isFinite(Date.parse(state.start)) && Number.isFinite(Date.parse(state.end))) {
    // Two instants: the window from one to the other.
    p.set('from', iso(Date.parse(state.start)));
    p.set('to', iso(Date.parse(state.end)));
  } else p.set('range', '7d');
  const c = state.compare;
  if (c === 'year_earlier') p.set('cmp', 'year');
  else if (c === 'off') p.set('cmp', 'off');
  else if (c && typeof c === 'object' && 'start' in c && Number.isFinite(Date.parse(String(c.start)))) {
    const sel = selFromSearch(p);
    const from = Date.parse(String(c.start));
    const base = sel ? Date.parse(resolveWindow(sel, Date.now()).start) : NaN;
    if ((state.panels ?? []).includes(FOUR_WEEKS) || (sel && sel.kind !== 'named' && base - from === 28 * DAY)) p.set('cmp', '4w');
    else {
      p.set('cmp', 'custom');
      p.set('cmp_from', iso(from));
    }
  }
  p.set('tz', state.timezone && state.timezone !== 'UTC' ? 'local' : 'utc');
  let dropped = 0;
  const ranges = new Map<string, { min?: number; max?: number }>();
  for (const c of state.filters ?? []) {
    const f = filterOf(c, ranges);
    if (f === null) dropped++;
    else if (f !== 'range-part') filters.push(f);
  }
  for (const [field, { min, max }] of ranges) {
    if (min === undefined) dropped++;
    else filters.push({ kind: 'range', field: field as keyof typeof RANGE_FIELDS, min, max: max ?? null });
  }
  for (const f of filters) p.append('f', filterParam(f));
  for (const id of state.panels ?? []) {
    const [panel, a, b] = id.split(':');
    if (panel === 'timeseries' && a) {
      p.set('metric', a);
      if (b) p.set('bucket', b);
    } else if (panel === 'topn' && a) {
      p.set('topn', a);
      if (b) p.set('n', b);
    } else if (panel === 'tier1' && a) p.set('tier1_sort', a);
  }
  // Values the overview does not know fall back to its defaults (viewFromSearch); leave them
  // out, and the defaults too, as the overview's own URLs do (the same view, the same link).
  const v = viewFromSearch(p);
  for (const [k, val, def] of [
    ['metric', v.metric, VIEW_DEFAULTS.metric],
    ['bucket', v.bucket, VIEW_DEFAULTS.bucket],
    ['topn', v.topn, VIEW_DEFAULTS.topn],
    ['n', String(v.n), String(VIEW_DEFAULTS.n)],
    ['tier1_sort', v.tier1Sort, VIEW_DEFAULTS.tier1Sort],
  ] as const)
    if (p.get(k) !== val || val === def) p.delete(k);
  return { params: p, dropped };
}
