import { keepPreviousData, useQuery, useQueryClient, type Query as CachedQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, type Query } from './api';
import { spanQuery, useWindow, type Span } from './window';

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
