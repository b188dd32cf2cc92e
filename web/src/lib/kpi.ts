import { keepPreviousData, useQuery } from '@tanstack/react-query';
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
