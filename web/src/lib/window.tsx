// The dashboard window (24h, 7d, 30d or custom dates) and time zone, shared by every panel and
// page. Both live in the URL (`range` or `from`/`to`, and `tz`), so a reload, a shared link or
// back/forward shows the same view; the last one used is remembered for pages whose URL has
// none (a nav link to /calls keeps the window).
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

export type NamedRange = '24h' | '7d' | '30d';
export const NAMED_RANGES: { value: NamedRange; label: string }[] = [
  { value: '24h', label: '24 hours' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
];
const RANGE_HOURS: Record<NamedRange, number> = { '24h': 24, '7d': 168, '30d': 720 };

export type WindowSel =
  | { kind: 'named'; range: NamedRange }
  /** Dates are YYYY-MM-DD in UTC; `to` is inclusive (the request sends the next day as `end`). */
  | { kind: 'custom'; from: string; to: string };

const STORE = 'hp.window';
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
/** The longest window the API accepts. */
export const MAX_WINDOW_DAYS = 400;

function valid(sel: unknown): sel is WindowSel {
  if (!sel || typeof sel !== 'object') return false;
  const s = sel as Record<string, unknown>;
  if (s.kind === 'named') return NAMED_RANGES.some((r) => r.value === s.range);
  if (s.kind !== 'custom' || typeof s.from !== 'string' || typeof s.to !== 'string') return false;
  if (!DATE.test(s.from) || !DATE.test(s.to) || s.from > s.to) return false;
  const a = Date.parse(`${s.from}T00:00:00Z`);
  const b = Date.parse(`${s.to}T00:00:00Z`);
  return Number.isFinite(a) && Number.isFinite(b) && b - a < MAX_WINDOW_DAYS * DAY_MS;
}

/** The window a URL names, if any: `range=30d`, or `from=YYYY-MM-DD&to=YYYY-MM-DD`. */
export function selFromSearch(q: URLSearchParams): WindowSel | null {
  const range = q.get('range');
  if (range && NAMED_RANGES.some((r) => r.value === range)) return { kind: 'named', range: range as NamedRange };
  const from = q.get('from');
  const to = q.get('to');
  const custom = { kind: 'custom', from, to };
  return valid(custom) ? custom : null;
}

/** URL params of a window; the other form's params are removed (null). */
export function windowParams(sel: WindowSel): Query {
  return sel.kind === 'named' ? { range: sel.range, from: null, to: null } : { range: null, from: sel.from, to: sel.to };
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

export const todayUtc = () => new Date().toISOString().slice(0, 10);

/** Query params for the API: `range`, or `start` and (exclusive) `end`. Ends at the server's now. */
function windowQuery(sel: WindowSel): Query {
  return sel.kind === 'named' ? { range: sel.range } : { start: sel.from, end: addDays(sel.to, 1) };
}

/** A short key for caches and labels. */
const windowKey = (sel: WindowSel) => (sel.kind === 'named' ? sel.range : `${sel.from}..${sel.to}`);

/** Span in days, to choose sensible buckets. */
export function windowDays(sel: WindowSel): number {
  if (sel.kind === 'named') return RANGE_HOURS[sel.range] / 24;
  return (Date.parse(`${addDays(sel.to, 1)}T00:00:00Z`) - Date.parse(`${sel.from}T00:00:00Z`)) / DAY_MS;
}

// ------------------------------------------------------------------ pinned windows

/** A concrete window: RFC 3339 UTC instants, `end` exclusive. */
export interface Span {
  start: string;
  end: string;
}

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/** The window's instants, a named window ending at `anchorMs`. */
export function resolveWindow(sel: WindowSel, anchorMs: number): Span {
  if (sel.kind === 'custom') return { start: `${sel.from}T00:00:00Z`, end: `${addDays(sel.to, 1)}T00:00:00Z` };
  return { start: iso(anchorMs - RANGE_HOURS[sel.range] * 3_600_000), end: iso(anchorMs) };
}

export const spanMs = (s: Span) => Date.parse(s.end) - Date.parse(s.start);

/** The previous period: as long as `s`, ending where it starts. */
function previousSpan(s: Span): Span {
  const start = Date.parse(s.start);
  return { start: iso(start - spanMs(s)), end: s.start };
}

export const spanQuery = (s: Span): Query => ({ start: s.start, end: s.end });

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
  /** Changes the window: a new history entry with the window in the URL. */
  setSel(s: WindowSel): void;
  /** Server-relative window params (named windows end at the server's now). */
  query: Query;
  key: string;
  /** The pinned window the overview reads, and the period before it. */
  span: Span;
  prev: Span;
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

  // eslint-disable-next-line react-hooks/exhaustive-deps
  const sel = useMemo(() => resolved, [key]);

  const setSel = useCallback((s: WindowSel) => {
    remember(s);
    // A window chosen now ends now, not when it was last looked at.
    if (s.kind === 'named') reanchor(s, false);
    updateSearch(windowParams(s));
  }, []);

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
    return { sel, setSel, query: windowQuery(sel), key, span, prev: previousSpan(span), tz, setTz, refresh, linkTo };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sel, key, tz, version, setSel, setTz, refresh]);
  return <WindowContext.Provider value={value}>{children}</WindowContext.Provider>;
}

export function useWindow(): Ctx {
  const c = useContext(WindowContext);
  if (!c) throw new Error('useWindow outside WindowProvider');
  return c;
}
