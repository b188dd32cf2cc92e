import { useEffect } from 'react';
import { PageHeader } from '../components/PageHeader';
import { WindowPicker } from '../components/WindowPicker';
import { fmtDateTime } from '../lib/format';
import type { Summary } from '../lib/types';
import { updateSearch } from '../lib/urlState';
import { selFromSearch, tzFromSearch, useWindow, windowParams } from '../lib/window';
import { ArrivalsPanel } from './overview/Arrivals';
import { SummaryCards } from './overview/Cards';
import { DisconnectPanel } from './overview/Disconnect';
import { useFigure } from './overview/figures';
import { FilterBar } from './overview/FilterBar';
import { GeoPanel } from './overview/Geo';
import { AskHistogramPanel, DurationHistogramPanel } from './overview/Histograms';
import { LiveCallsPanel } from './overview/LiveCalls';
import { TimeseriesPanel } from './overview/Timeseries';
import { Tier1Panel } from './overview/Tier1';
import { TopNPanel } from './overview/TopN';
import { ViewControls } from './overview/ViewControls';
import './overview/overview.css';

export default function Overview() {
  const w = useWindow();
  const summary = useFigure<Summary>('/api/kpis/summary');
  const previous = useFigure<Summary>('/api/kpis/summary', {}, { period: 'previous' });

  // The URL always names the window and zone shown (one remembered from another page is
  // written in), so this history entry comes back to the same view.
  // A window pinned long before the page showed (the page waited for a sign-in) ends now.
  useEffect(() => {
    if (w.sel.kind === 'named' && !summary.data && Date.now() - Date.parse(w.span.end) > 60_000) w.refresh();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    if (!selFromSearch(q) || !tzFromSearch(q)) updateSearch({ ...windowParams(w.sel), tz: w.tz }, { replace: true });
  });

  return (
    <div className="page page-overview">
      <PageHeader
        title="Overview"
        actions={
          <WindowPicker
            resolved={w.span}
            note={
              w.compareOn ? `Compared with ${fmtDateTime(w.prev.start, { zone: false })} – ${fmtDateTime(w.prev.end)}` : 'No comparison'
            }
          >
            <ViewControls />
          </WindowPicker>
        }
      />
      <FilterBar />
      <SummaryCards q={summary} prev={previous} />
      <div className="grid">
        <TimeseriesPanel />
        <DisconnectPanel />
        <ArrivalsPanel />
        <TopNPanel />
        <GeoPanel />
        <DurationHistogramPanel />
        <AskHistogramPanel />
        <LiveCallsPanel />
        <Tier1Panel />
      </div>
    </div>
  );
}
