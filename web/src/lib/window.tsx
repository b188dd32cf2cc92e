// The dashboard window and time zone, shared by every panel and page: a relative window ending
// now (24h, 7d, 30d, or any `<N>h|d|w` such as 6h), whole UTC days, or two instants (a custom
// range with times of day, or a stretch zoomed into on a chart). Both live in the URL (`range`
// or `from`/`to`, and `tz`), so a reload, a shared link or back/forward shows the same view;
// the last one used is remembered for pages whose URL has none (a nav link to /calls keeps
// the window). The comparison (`cmp`: previous period, a year or 4 weeks earlier, a custom
// start, or off) lives beside it.
//
// A named window ends "now": the overview pins that instant (the anchor) so every panel and the
// previous-period comparison read the same [start, end); refreshing moves the anchor.

import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { Query } from './api';
import { setTimeZoneMode, type TimeZoneMode } from './format';
import { useLocation } from './router';
import { hrefWith, updateSearch } from './urlState';

export type { TimeZoneMode } from './format';

/** A window ending now, as the API's `range`: `<N>h`, `<N>d` or `<N>w`. */
export type NamedRange = string;
export const NAMED_RANGES: { value: NamedRange; label: string }[] = [
  { value: '24h', label: '24 hours' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
];
const RANGE = /^([1-9]\d{0,4})([hdw])$/;
const UNIT_HOURS: Record<string, number> = { h: 1, d: 24, w: 168 };
const UNIT_WORDS: Record<string, string> = { h: 'hour', d: 'day', w: 'week' };

/** Hours of a relative window (`6h` → 6), or null when it is not one the API accepts. */
export function rangeHours(range: string): number | null {
  const m = RANGE.exec(range);
  if (!m) return null;
  const h = Number(m[1]) * UNIT_HOURS[m[2]];
  return h <= MAX_WINDOW_DAYS * 24 ? h : null;
}

/** "Last 6 hours", "Last 7 days". */
export function rangeLabel(range: string): string {
  const m = RANGE.exec(range);
  if (!m) return range;
  return `${m[1]} ${UNIT_WORDS[m[2]]}${m[1] === '1' ? '' : 's'}`;
}

export type WindowSel =
  | { kind: 'named'; range: NamedRange }
  /** Dates are YYYY-MM-DD in UTC; `to` is inclusive (the request sends the next day as `end`). */
  | { kind: 'custom'; from: string; to: string }
  /** Two instants (RFC 3339 UTC, `end` exclusive): a range with times of day, or a zoomed stretch. */
  | { kind: 'span'; start: string; end: string };

const STORE = 'hp.window';
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
/** The longest window the API accepts. */
export const MAX_WINDOW_DAYS = 400;

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?Z$/;

function valid(sel: unknown): sel is WindowSel {
  if (!sel || typeof sel !== 'object') return false;
  const s = sel as Record<string, unknown>;
  if (s.kind === 'named') return typeof s.range === 'string' && rangeHours(s.range) !== null;
  if (s.kind === 'span') {
    if (typeof s.start !== 'string' || typeof s.end !== 'string' || !INSTANT.test(s.start) || !INSTANT.test(s.end)) return false;
    const a = Date.parse(s.start);
    const b = Date.parse(s.end);
    return Number.isFinite(a) && Number.isFinite(b) && a < b && b - a <= MAX_WINDOW_DAYS * DAY_MS;
  }
  if (s.kind !== 'custom' || typeof s.from !== 'string' || typeof s.to !== 'string') return false;
  if (!DATE.test(s.from) || !DATE.test(s.to) || s.from > s.to) return false;
  const a = Date.parse(`${s.from}T00:00:00Z`);
  const b = Date.parse(`${s.to}T00:00:00Z`);
  return Number.isFinite(a) && Number.isFinite(b) && b - a < MAX_WINDOW_DAYS * DAY_MS;
}

/** The window a URL names, if any: `range=30d`, `from=YYYY-MM-DD&to=YYYY-MM-DD` or two instants. */
export function selFromSearch(q: URLSearchParams): WindowSel | null {
  const range = q.get('range');
  if (range && rangeHours(range) !== null) return { kind: 'named', range };
  const from = q.get('from');
  const to = q.get('to');
  if (from?.includes('T')) {
    const span = { kind: 'span', start: normInstant(from), end: normInstant(to ?? '') };
    return valid(span) ? span : null;
  }
  const custom = { kind: 'custom', from, to };
  return valid(custom) ? custom : null;
}

/** An instant as the URL and the API write it (seconds only when not zero). */
function normInstant(s: string): string {
  const ms = Date.parse(s);
  return Number.isFinite(ms) ? iso(ms) : s;
}

/** URL params of a window; the other form's params are removed (null). */
export function windowParams(sel: WindowSel): Query {
  if (sel.kind === 'named') return { range: sel.range, from: null, to: null };
  if (sel.kind === 'span') return { range: null, from: sel.start, to: sel.end };
  return { range: null, from: sel.from, to: sel.to };
}

export function tzFromSearch(q: URLSearchParams): TimeZoneMode | null {
  const tz = q.get('tz');
  return tz === 'local' || tz === 'utc' ? tz : null;
}

function readStored(): WindowSel {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(STORE) ?? 'null');
    if (valid(stored)) return stored;
  } catch {
    /* ignore */
  }
  return { kind: 'named', range: '7d' };
}

// The last window and zone used, for URLs without them.
let lastSel: WindowSel = readStored();
let lastTz: TimeZoneMode = 'utc';

function remember(sel: WindowSel): void {
  if (windowKey(sel) === windowKey(lastSel)) return;
  lastSel = sel;
  try {
    window.sessionStorage.setItem(STORE, JSON.stringify(sel));
  } catch {
    /* storage disabled: the URL still holds it */
  }
}

export const addDays = (ymd: string, n: number) => {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** Query params for the API: `range`, or `start` and (exclusive) `end`. Ends at the server's now. */
function windowQuery(sel: WindowSel): Query {
  if (sel.kind === 'named') return { range: sel.range };
  if (sel.kind === 'span') return { start: sel.start, end: sel.end };
  return { start: sel.from, end: addDays(sel.to, 1) };
}

/** A short key for caches and labels. */
const windowKey = (sel: WindowSel) =>
  sel.kind === 'named' ? sel.range : sel.kind === 'span' ? `${sel.start}..${sel.end}` : `${sel.from}..${sel.to}`;

/** Span in days, to choose sensible buckets. */
export function windowDays(sel: WindowSel): number {
  if (sel.kind === 'named') return rangeHours(sel.range)! / 24;
  if (sel.kind === 'span') return (Date.parse(sel.end) - Date.parse(sel.start)) / DAY_MS;
  return (Date.parse(`${addDays(sel.to, 1)}T00:00:00Z`) - Date.parse(`${sel.from}T00:00:00Z`)) / DAY_MS;
}

// ------------------------------------------------------------------ pinned windows

/** A concrete window: RFC 3339 UTC instants, `end` exclusive. */
export interface Span {
  start: string;
  end: string;
}

/** The window's instants, a named window ending at `anchorMs`. */
export function resolveWindow(sel: WindowSel, anchorMs: number): Span {
  if (sel.kind === 'custom') return { start: `${sel.from}T00:00:00Z`, end: `${addDays(sel.to, 1)}T00:00:00Z` };
  if (sel.kind === 'span') return { start: sel.start, end: sel.end };
  return { start: iso(anchorMs - rangeHours(sel.range)! * 3_600_000), end: iso(anchorMs) };
}

export const spanMs = (s: Span) => Date.parse(s.end) - Date.parse(s.start);

/** A stretch of time as the window: whole minutes, at least one, never past now. */
export function spanSel(startMs: number, endMs: number): WindowSel {
  const MIN = 60_000;
  const end = Math.min(Math.ceil(endMs / MIN) * MIN, Math.ceil(Date.now() / MIN) * MIN);
  const start = Math.min(Math.floor(startMs / MIN) * MIN, end - MIN);
  const len = Math.min(end - start, MAX_WINDOW_DAYS * DAY_MS);
  return { kind: 'span', start: iso(end - len), end: iso(end) };
}

const MINUTE = 60_000;
const nowCeil = () => Math.ceil(Date.now() / MINUTE) * MINUTE;

/** `len` ms ending at `end` (whole minutes), moved back so that it never ends after now. */
function lengthEnding(end: number, len: number): WindowSel {
  const e = Math.min(Math.ceil(end / MINUTE) * MINUTE, nowCeil());
  return { kind: 'span', start: iso(e - len), end: iso(e) };
}

/** Grafana's zoom out: twice as long around the same middle (within a minute; never past now). */
export function zoomedOut(s: Span): WindowSel {
  const len = Math.min(spanMs(s) * 2, MAX_WINDOW_DAYS * DAY_MS);
  const start = Math.floor((Date.parse(s.start) - (len - spanMs(s)) / 2) / MINUTE) * MINUTE;
  return lengthEnding(start + len, len);
}

/** The window moved by its own length, earlier (-1) or later (+1, at most up to now). */
export function shiftedWindow(s: Span, dir: -1 | 1): WindowSel {
  return lengthEnding(Date.parse(s.end) + dir * spanMs(s), spanMs(s));
}

export const spanQuery = (s: Span): Query => ({ start: s.start, end: s.end });

// ------------------------------------------------------------------ comparison

/** What the figures are compared with: the period just before, the same window a year or 4 weeks earlier, a window of the same length from a chosen start, or nothing. */
export type CompareMode = 'previous' | 'year' | '4w' | 'custom' | 'off';
export interface Compare {
  mode: CompareMode;
  /** custom: the comparison window's start (RFC 3339 UTC). */
  start?: string;
}
export const COMPARE_MODES: { value: CompareMode; label: string }[] = [
  { value: 'previous', label: 'Previous period' },
  { value: '4w', label: '4 weeks earlier' },
  { value: 'year', label: 'A year earlier' },
  { value: 'custom', label: 'Custom' },
  { value: 'off', label: 'Off' },
];

/** `cmp=year`, `cmp=custom&cmp_from=<instant>`; absent or unknown: the previous period. */
export function compareFromSearch(q: URLSearchParams): Compare {
  const mode = q.get('cmp');
  if (mode === 'custom') {
    const at = Date.parse(q.get('cmp_from') ?? '');
    return Number.isFinite(at) ? { mode, start: iso(at) } : { mode: 'previous' };
  }
  return COMPARE_MODES.some((m) => m.value === mode) ? { mode: mode as CompareMode } : { mode: 'previous' };
}

const compareParams = (c: Compare): Query => ({
  cmp: c.mode === 'previous' ? null : c.mode,
  cmp_from: c.mode === 'custom' && c.start ? iso(Date.parse(c.start)) : null,
});

function yearEarlier(ms: number): number {
  const d = new Date(ms);
  d.setUTCFullYear(d.getUTCFullYear() - 1);
  return d.getTime();
}

/**
 * The window `s` is compared with. `base` is the overview's window: a custom comparison moves
 * any stretch inside it (a time filter) by as much as it moves the window.
 */
export function compareSpan(s: Span, c: Compare, base: Span = s): Span {
  const a = Date.parse(s.start);
  const b = Date.parse(s.end);
  switch (c.mode) {
    case 'year':
      return { start: iso(yearEarlier(a)), end: iso(yearEarlier(b)) };
    case '4w':
      return { start: iso(a - 28 * DAY_MS), end: iso(b - 28 * DAY_MS) };
    case 'custom': {
      const by = Date.parse(c.start ?? s.start) - Date.parse(base.start);
      return { start: iso(a + by), end: iso(b + by) };
    }
    default:
      return { start: iso(a - (b - a)), end: s.start };
  }
}

// Anchors per named window, whole seconds; kept so back/forward to a window reuses its data.
const anchors = new Map<string, number>();
let anchorVersion = 0;
const anchorListeners = new Set<() => void>();
const nowSec = () => Math.floor(Date.now() / 1000) * 1000;

export function anchorOf(sel: WindowSel): number {
  const k = windowKey(sel);
  let a = anchors.get(k);
  if (a === undefined) {
    a = nowSec();
    anchors.set(k, a);
  }
  return a;
}

function reanchor(sel: WindowSel, notify = true): void {
  anchors.set(windowKey(sel), nowSec());
  anchorVersion++;
  if (notify) anchorListeners.forEach((l) => l());
}

function subscribeAnchors(l: () => void) {
  anchorListeners.add(l);
  return () => anchorListeners.delete(l);
}

// ------------------------------------------------------------------ context

interface Ctx {
  sel: WindowSel;
  /** Changes the window: a new history entry with the window in the URL (and `extra` params changed in the same entry). */
  setSel(s: WindowSel, extra?: Query): void;
  /** Server-relative window params (named windows end at the server's now). */
  query: Query;
  key: string;
  /** The pinned window the overview reads, and the window it is compared with. */
  span: Span;
  prev: Span;
  compare: Compare;
  /** False when the comparison is off: nothing reads `prev`. */
  compareOn: boolean;
  setCompare(c: Compare): void;
  tz: TimeZoneMode;
  setTz(tz: TimeZoneMode): void;
  /** Reads newer data: a named window moves to end now; a custom one is fetched again. */
  refresh(): void;
  /** A link that keeps the window and time zone: linkTo('/calls', { lure_category: 'REFUND' }). */
  linkTo(path: string, params?: Query): string;
}

const WindowContext = createContext<Ctx | null>(null);

export function WindowProvider({ children }: { children: ReactNode }) {
  const qc = useQueryClient();
  const { search } = useLocation();
  const urlSel = selFromSearch(search);
  const urlTz = tzFromSearch(search);
  if (urlSel) remember(urlSel);
  if (urlTz) lastTz = urlTz;
  const resolved = urlSel ?? lastSel;
  const key = windowKey(resolved);
  const tz = urlTz ?? lastTz;
  // Set before the children render: every formatted time reads it.
  setTimeZoneMode(tz);
  const version = useSyncExternalStore(subscribeAnchors, () => anchorVersion);
  const cmpKey = compareParams(compareFromSearch(search));
  const cmpId = `${cmpKey.cmp ?? ''} ${cmpKey.cmp_from ?? ''}`;

  // eslint-disable-next-line react-hooks/exhaustive-deps
  const sel = useMemo(() => resolved, [key]);

  const setSel = useCallback((s: WindowSel, extra: Query = {}) => {
    remember(s);
    // A window chosen now ends now, not when it was last looked at.
    if (s.kind === 'named') reanchor(s, false);
    updateSearch({ ...windowParams(s), ...extra });
  }, []);

  const setCompare = useCallback((c: Compare) => updateSearch(compareParams(c)), []);

  const setTz = useCallback((t: TimeZoneMode) => {
    lastTz = t;
    updateSearch({ tz: t });
  }, []);

  const refresh = useCallback(() => {
    if (sel.kind === 'named') reanchor(sel);
    else void qc.invalidateQueries({ queryKey: ['kpi'] });
  }, [sel, qc]);

  const value = useMemo(() => {
    const span = resolveWindow(sel, anchorOf(sel));
    const linkTo = (path: string, params: Query = {}) =>
      hrefWith(path, { ...params, ...windowParams(sel), tz: tz === 'local' ? 'local' : null });
    const compare = compareFromSearch(new URLSearchParams(window.location.search));
    const prev = compareSpan(span, compare);
    return {
      sel,
      setSel,
      query: windowQuery(sel),
      key,
      span,
      prev,
      compare,
      compareOn: compare.mode !== 'off',
      setCompare,
      tz,
      setTz,
      refresh,
      linkTo,
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sel, key, tz, version, cmpId, setSel, setTz, setCompare, refresh]);
  return <WindowContext.Provider value={value}>{children}</WindowContext.Provider>;
}

export function useWindow(): Ctx {
  const c = useContext(WindowContext);
  if (!c) throw new Error('useWindow outside WindowProvider');
  return c;
}
