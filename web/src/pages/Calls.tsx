// The call list: transcript search, filters and order in the URL (shareable, back-button
// friendly, and the target of the overview's drill-down links), saved searches.

import { useEffect, useMemo, useState } from 'react';
import { PageHeader } from '../components/PageHeader';
import { Panel } from '../components/Panel';
import { SavedSearches } from '../components/SavedSearches';
import { WindowPicker } from '../components/WindowPicker';
import {
  callsSearch,
  describeFilters,
  filtersFromSearch,
  rememberCallsList,
  sortFromSearch,
  type CallFilters,
  type CallSort,
} from '../lib/callFilters';
import { useLocation } from '../lib/router';
import { updateSearch } from '../lib/urlState';
import { useWindow, windowParams } from '../lib/window';
import { ActiveFilters, FiltersForm } from './calls/Filters';
import { CallColumns, Results, SortPicker } from './calls/Results';
import './pages.css';

function useCallFilters(): [CallFilters, (f: CallFilters) => void, CallSort, (s: CallSort) => void] {
  const { search } = useLocation();
  const key = search.toString();
  const filters = useMemo(() => filtersFromSearch(new URLSearchParams(key)), [key]);
  const sort = useMemo(() => sortFromSearch(new URLSearchParams(key)), [key]);
  const w = useWindow();
  // A history entry per change (back undoes it), without scrolling; the window goes into the
  // URL too, so a copied link shows the same list.
  const go = (f: CallFilters, s: CallSort) =>
    updateSearch({ ...callsSearch(f, s), ...windowParams(w.sel), tz: w.tz === 'local' ? 'local' : null });
  const setFilters = (f: CallFilters) => go(f, sort);
  const setSort = (s: CallSort) => go(filters, s);
  return [filters, setFilters, sort, setSort];
}

const activeCount = (f: CallFilters) =>
  (f.q ? 1 : 0) +
  Object.values(f).reduce((n, v) => n + (Array.isArray(v) ? v.length : 0), 0) +
  (f.hooked ? 1 : 0) +
  (f.min_duration_sec ? 1 : 0) +
  (f.max_duration_sec ? 1 : 0);

export default function Calls() {
  const [filters, setFilters, sort, setSort] = useCallFilters();
  // On phone widths the filters fold away behind a button (CSS shows them always above 600 px).
  const [open, setOpen] = useState(false);
  const n = activeCount(filters);
  const { pathname, search } = useLocation();
  const qs = search.toString();
  const href = qs ? `${pathname}?${qs}` : pathname;
  useEffect(() => rememberCallsList(href), [href]);
  return (
    <div className="page page-calls">
      <PageHeader
        title="Calls"
        subtitle="Every call the honeypot received, searchable by what was said and what was extracted."
        actions={<WindowPicker />}
      />
      <div className="calls-layout">
        <div className="calls-side" data-open={open}>
          <button
            type="button"
            className="btn filters-toggle"
            aria-expanded={open}
            aria-controls="calls-filters"
            onClick={() => setOpen((o) => !o)}
            data-testid="filters-toggle"
          >
            {open ? 'Hide filters' : 'Show filters'}
            {n > 0 && <span className="filters-count"> ({n} active)</span>}
          </button>
          <div id="calls-filters" className="calls-side-body">
            <Panel title="Filters" testId="filters">
              <FiltersForm filters={filters} setFilters={setFilters} />
            </Panel>
            <SavedSearches filters={filters} onRun={setFilters} />
          </div>
        </div>
        <Panel
          title="Results"
          testId="calls"
          subtitle={describeFilters(filters)}
          actions={
            <>
              <SortPicker sort={sort} onSort={setSort} />
              <CallColumns />
            </>
          }
        >
          <ActiveFilters filters={filters} setFilters={setFilters} />
          <Results filters={filters} sort={sort} onSort={setSort} />
        </Panel>
      </div>
    </div>
  );
}
