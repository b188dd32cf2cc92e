// The overview's first reads, started by the shell (App) before the overview's code arrives.
// It lives with the overview because it reads the overview's view of the URL (view.ts).

import type { QueryClient } from '@tanstack/react-query';
import type { Query } from '../../lib/api';
import { annotationsOptions } from '../../lib/annotations';
import { kpiQueryOptions, spanOptions } from '../../lib/kpi';
import { anchorOf, compareFromSearch, compareSpan, resolveWindow, windowDays, type Span, type WindowSel } from '../../lib/window';

import { filtersFromSearch } from './filters';
import { arrivalsSpan, effectiveBucket, TIER1_DEFAULT_SORT, TIER1_PAGE, TOPN_API_MAX, viewFromSearch } from './view';

/**
 * The overview's requests for the view in the URL. Started by the shell as soon as the
 * overview route is known, so the data arrives while the charts' code is still loading. The
 * window compared with and the notes are read at the same time, not after the first figures:
 * read later, each answer drew the cards, the series and the heat map a second time.
 */
export function prefetchOverview(qc: QueryClient, sel: WindowSel): void {
  const search = new URLSearchParams(window.location.search);
  const span = resolveWindow(sel, anchorOf(sel));
  void qc.prefetchQuery(annotationsOptions(span));
  // A filtered view reads the query language (figures.ts): the panels ask for it themselves.
  if (filtersFromSearch(search).length > 0) return;
  const view = viewFromSearch(search);
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
  const compare = compareFromSearch(search);
  if (compare.mode !== 'off') {
    const prev = compareSpan(span, compare);
    reads.push([prev, '/api/kpis/summary', {}], [prev, `/api/kpis/timeseries/${view.metric}`, { bucket }]);
  }
  for (const [s, path, extra] of reads) void qc.prefetchQuery(spanOptions(s, path, extra));
  void qc.prefetchQuery(kpiQueryOptions('/api/kpis/active-calls'));
}
