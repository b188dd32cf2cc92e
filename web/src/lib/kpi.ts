import { keepPreviousData, useQuery, useQueryClient, type Query as CachedQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { arrivalsSpan, effectiveBucket, TIER1_DEFAULT_SORT, TIER1_PAGE, TOPN_API_MAX, viewFromSearch } from '../pages/overview/view';
import { api, type Query } from './api';
import { anchorOf, resolveWindow, spanQuery, useWindow, windowDays, type Span, type WindowSel } from './window';

/** An unwindowed read (e.g. live calls). */
export function kpiQueryOptions<T>(path: string, query: Query = {}) {
  return {
    queryKey: ['kpi', path, query],
    queryFn: ({ signal }: { signal: AbortSignal }) => api<T>(path, { query, signal }),
  };
}

/** A read over a pinned window: the key holds its instants, so both periods are cached apart. */
export function spanOptions<T>(span: Span, path: string, extra: Query) {
  return {
    queryKey: ['kpi', path, span.start, span.end, extra],
    queryFn: ({ signal }: { signal: AbortSignal }) => api<T>(path, { query: { ...spanQuery(span), ...extra }, signal }),
  };
}

/**
 * A windowed KPI endpoint over the overview's pinned window (or the period before it); while a
 * new window loads, the previous figures stay (dimmed).
 */
export function useKpi<T>(
  path: string,
  extra: Query = {},
  opts: { period?: 'current' | 'previous'; enabled?: boolean; span?: (s: Span) => Span } = {},
) {
  const w = useWindow();
  const base = opts.period === 'previous' ? w.prev : w.span;
  const span = opts.span ? opts.span(base) : base;
  return useQuery({ ...spanOptions<T>(span, path, extra), placeholderData: keepPreviousData, enabled: opts.enabled ?? true });
}

/**
 * The overview's requests for the view in the URL. Started by the shell as soon as the
 * overview route is known, so the data arrives while the charts' code is still loading.
 */
export function prefetchOverview(qc: QueryClient, sel: WindowSel): void {
  // The previous period is read by the panels once the current figures are in (it only adds
  // the comparison, and the server has two cores).
  const span = resolveWindow(sel, anchorOf(sel));
  const view = viewFromSearch(new URLSearchParams(window.location.search));
  const { bucket } = effectiveBucket(view, span, windowDays(sel));
  const tier1: Query = { limit: TIER1_PAGE, sort: view.tier1Sort === TIER1_DEFAULT_SORT ? undefined : view.tier1Sort };
  const reads: [Span, string, Query][] = [
    [span, '/api/kpis/summary', {}],
    [span, `/api/kpis/timeseries/${view.metric}`, { bucket }],
    [span, '/api/kpis/disconnect-breakdown', {}],
    [arrivalsSpan(span), '/api/kpis/arrivals', {}],
    [span, `/api/kpis/topn/${view.topn}`, { n: Math.min(view.n, TOPN_API_MAX) }],
    [span, '/api/kpis/attacker-geo', {}],
    [span, '/api/kpis/duration-histogram', {}],
    [span, '/api/kpis/ask-histogram', {}],
    [span, '/api/kpis/tier1', tier1],
  ];
  for (const [s, path, extra] of reads) void qc.prefetchQuery(spanOptions(s, path, extra));
  void qc.prefetchQuery(kpiQueryOptions('/api/kpis/active-calls'));
}

// Reads of the window that a panel is waiting for (not the live calls' polling, not disabled ones).
const windowedRead = (q: CachedQuery) =>
  q.queryKey[0] === 'kpi' && q.queryKey[1] !== '/api/kpis/active-calls' && q.isActive() && !q.isDisabled();

/**
 * True once the overview's first windowed reads have all answered (and from then on). The
 * previous period waits for it: it only adds the comparison, so it never slows the first
 * render (the server has two cores). One re-render, not one per request.
 */
export function useFirstFiguresIn(): boolean {
  const qc = useQueryClient();
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (done) return;
    const cache = qc.getQueryCache();
    const check = () => {
      const reads = cache.findAll({ predicate: windowedRead });
      if (reads.length > 0 && reads.every((q) => q.state.fetchStatus === 'idle' && q.state.status !== 'pending')) setDone(true);
    };
    check();
    return cache.subscribe(check);
  }, [done, qc]);
  return done;
}
