import { memo } from 'react';
import { HeatStrip } from '../../charts/HeatStrip';
import { ExportRow, Panel } from '../../components/Panel';
import { QueryBody } from '../../components/states';
import { fmtDateTime, fmtInt, tzLabel } from '../../lib/format';
import type { Arrivals } from '../../lib/types';
import { useWindow } from '../../lib/window';
import { useAnnotations } from './Annotations';
import { useCsvFile, useFigure, useFigureRequests, useFigureSpan } from './figures';
import { FilterValue } from './FilterBar';
import { useFilters, useZoom } from './filters';
import { ARRIVALS_MAX_DAYS, arrivalsSpan } from './view';

export const ArrivalsPanel = memo(function ArrivalsPanel() {
  const w = useWindow();
  const q = useFigure<Arrivals>('/api/kpis/arrivals', {}, { span: arrivalsSpan });
  const { add } = useFilters();
  const zoomTo = useZoom();
  const file = useCsvFile('arrivals');
  const requests = useFigureRequests('/api/kpis/arrivals', {}, { span: arrivalsSpan });
  const cut = arrivalsSpan(w.span) !== w.span;
  // The notes of the window (the series reads the same, so one request serves both).
  const { span } = useFigureSpan();
  const notes = useAnnotations(span);
  // None yet and none at all draw the same chart: no second drawing when an empty list comes.
  const marks = notes.data?.items.length ? notes.data.items : undefined;
  return (
    <Panel
      title="Arrivals"
      testId="arrivals"
      className="w-6"
      subtitle={`Calls per 15 minutes; one row per day (${tzLabel()})${cut ? `; the last ${ARRIVALS_MAX_DAYS} days of the window` : ''}`}
    >
      <QueryBody q={q} feature="Arrivals" height={120} isEmpty={(d) => d.buckets.every((b) => b.count === 0)}>
        {(d) => {
          const busiest = d.buckets.reduce((a, b) => (b.count > a.count ? b : a), d.buckets[0]);
          return (
            <>
              <HeatStrip
                buckets={d.buckets}
                label={`Arrivals per 15 minutes, ${d.buckets.length} quarter hours${marks?.length ? `, ${marks.length} ${marks.length === 1 ? 'note' : 'notes'} marked` : ''}`}
                marks={marks}
                onSelect={(start) => add({ kind: 'at', start })}
                onZoom={zoomTo}
              />
              <p className="panel-note">
                Busiest quarter hour:{' '}
                <FilterValue filter={{ kind: 'at', start: busiest.bucket_start_utc }}>{fmtDateTime(busiest.bucket_start_utc)}</FilterValue>{' '}
                with {fmtInt(busiest.count)} {busiest.count === 1 ? 'call' : 'calls'}. Select a cell to see the figures of its quarter hour;
                drag across cells to zoom to them.
              </p>
              <ExportRow
                caption="Arrivals per 15 minutes"
                csv={{ file, header: ['bucket_start_utc', 'calls'], rows: d.buckets.map((b) => [b.bucket_start_utc, b.count]) }}
                requests={requests}
              />
            </>
          );
        }}
      </QueryBody>
    </Panel>
  );
});
