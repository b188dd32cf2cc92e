// The dashboard window (24h, 7d, 30d or custom dates), shared by every panel and page.
// It survives reloads in sessionStorage and can be set by a link: /?range=30d.

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Query } from './api';

export type NamedRange = '24h' | '7d' | '30d';
export const NAMED_RANGES: { value: NamedRange; label: string }[] = [
  { value: '24h', label: '24 hours' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
];

export type WindowSel =
  | { kind: 'named'; range: NamedRange }
  /** Dates are YYYY-MM-DD in UTC; `to` is inclusive (the request sends the next day as `end`). */
  | { kind: 'custom'; from: string; to: string };

const STORE = 'hp.window';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function valid(sel: unknown): sel is WindowSel {
  if (!sel || typeof sel !== 'object') return false;
  const s = sel as Record<string, unknown>;
  if (s.kind === 'named') return NAMED_RANGES.some((r) => r.value === s.range);
  return s.kind === 'custom' && typeof s.from === 'string' && typeof s.to === 'string' && DATE.test(s.from) && DATE.test(s.to) && s.from <= s.to;
}

function initial(): WindowSel {
  const q = new URLSearchParams(window.location.search);
  const range = q.get('range');
  if (range && NAMED_RANGES.some((r) => r.value === range)) return { kind: 'named', range: range as NamedRange };
  const from = q.get('from');
  const to = q.get('to');
  if (from && to && valid({ kind: 'custom', from, to })) return { kind: 'custom', from, to };
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(STORE) ?? 'null');
    if (valid(stored)) return stored;
  } catch {
    /* ignore */
  }
  return { kind: 'named', range: '7d' };
}

export const addDays = (ymd: string, n: number) => {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

export const todayUtc = () => new Date().toISOString().slice(0, 10);

/** Query params for the API: `range`, or `start` and (exclusive) `end`. */
export function windowQuery(sel: WindowSel): Query {
  return sel.kind === 'named' ? { range: sel.range } : { start: sel.from, end: addDays(sel.to, 1) };
}

/** A short key for caches and labels. */
export const windowKey = (sel: WindowSel) => (sel.kind === 'named' ? sel.range : `${sel.from}..${sel.to}`);

/** Span in days, to choose sensible buckets. */
export function windowDays(sel: WindowSel): number {
  if (sel.kind === 'named') return sel.range === '24h' ? 1 : sel.range === '7d' ? 7 : 30;
  return (Date.parse(`${addDays(sel.to, 1)}T00:00:00Z`) - Date.parse(`${sel.from}T00:00:00Z`)) / 86_400_000;
}

interface Ctx {
  sel: WindowSel;
  setSel(s: WindowSel): void;
  query: Query;
  key: string;
}

const WindowContext = createContext<Ctx | null>(null);

export function WindowProvider({ children }: { children: ReactNode }) {
  const [sel, setState] = useState<WindowSel>(initial);
  const setSel = useCallback((s: WindowSel) => {
    setState(s);
    try {
      window.sessionStorage.setItem(STORE, JSON.stringify(s));
    } catch {
      /* ignore */
    }
  }, []);
  const value = useMemo(() => ({ sel, setSel, query: windowQuery(sel), key: windowKey(sel) }), [sel, setSel]);
  return <WindowContext.Provider value={value}>{children}</WindowContext.Provider>;
}

export function useWindow(): Ctx {
  const c = useContext(WindowContext);
  if (!c) throw new Error('useWindow outside WindowProvider');
  return c;
}
