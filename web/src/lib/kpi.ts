import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, type Query } from './api';
import { useWindow, windowDays, windowKey, windowQuery, type WindowSel } from './window';

/** An unwindowed read (e.g. live calls). */
export function kpiQueryOptions<T>(path: string, query: Query = {}) {
  return {
    queryKey: ['kpi', path, query],
    queryFn: ({ signal }: { signal: AbortSignal }) => api<T>(path, { query, signal }),
  };
}

function windowedOptions<T>(sel: WindowSel, path: string, extra: Query) {
  return {
    queryKey: ['kpi', path, windowKey(sel), extra],
    queryFn: ({ signal }: { signal: AbortSignal }) => api<T>(path, { query: { ...windowQuery(sel), ...extra }, signal }),
  };
}

/** A windowed KPI endpoint; while a new window loads, the previous figures stay (dimmed). */
export function useKpi<T>(path: string, extra: Query = {}) {
  const w = useWindow();
  return useQuery({ ...windowedOptions<T>(w.sel, path, extra), placeholderData: keepPreviousData });
}

export function autoBucket(days: number): string {
  if (days <= 7) return 'hour';
  if (days <= 90) return 'day';
  return 'week';
}

/**
 * The overview's requests with their default choices. Started by the shell as soon as the
 * overview route is known, so the data arrives while the charts' code is still loading.
 */
export function prefetchOverview(qc: QueryClient, sel: WindowSel): void {
  const reads: [string, Query][] = [
    ['/api/kpis/summary', {}],
    ['/api/kpis/timeseries/calls', { bucket: autoBucket(windowDays(sel)) }],
    ['/api/kpis/disconnect-breakdown', {}],
    ['/api/kpis/arrivals', {}],
    ['/api/kpis/topn/impersonated_brand', { n: 10 }],
    ['/api/kpis/attacker-geo', {}],
    ['/api/kpis/duration-histogram', {}],
    ['/api/kpis/ask-histogram', {}],
    ['/api/kpis/tier1', { limit: 100 }],
  ];
  for (const [path, extra] of reads) void qc.prefetchQuery(windowedOptions(sel, path, extra));
  void qc.prefetchQuery(kpiQueryOptions('/api/kpis/active-calls'));
}
