// One figure over time, with the previous period dashed beneath it and the window's partial
// first and last buckets dashed (they hold less time than the others). Selecting a point
// narrows every panel to its bucket (a time filter chip), as zooming in does in Grafana.

import { memo } from 'react';
import { Line, type Point } from '../../charts/Line';
import { DataTable, Panel } from '../../components/Panel';
import { QueryBody } from '../../components/states';
import { fmtDateTime, tzLabel } from '../../lib/format';
import type { Timeseries } from '../../lib/types';
import { spanMs, useWindow, windowDays, type Span } from '../../lib/window';
import { AnnotationList, useAnnotations } from './Annotations';
import { explainedPanel } from './explained';
import { useCsvFile, useFigure, useFigureRequests, useFigureSpan } from './figures';
import { useFilters, useZoom } from './filters';
import { ViewSelect } from './ViewSelect';
import { BUCKET_WIDTH_MS, BUCKETS, bucketPoints, effectiveBucket, MAX_POINTS, METRICS, useView } from './view';

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

const BUCKET_WORDS: Record<string, string> = { '15min': '15 minutes', hour: 'hour', day: 'day', week: 'week' };

/** Whether the first/last bucket reaches outside the window (so it holds only part of a bucket). */
function partialEdges(points: Point[], span: Span, bucket: string): { first: boolean; last: boolean } {
  if (!points.length) return { first: false, last: false };
  const width = BUCKET_WIDTH_MS[bucket];
  return {
    first: Date.parse(points[0].timestamp) < Date.parse(span.start),
    last: Date.parse(points[points.length - 1].timestamp) + width > Date.parse(span.end),
  };
}

export const TimeseriesPanel = memo(function TimeseriesPanel() {
  const w = useWindow();
  // The overview's window, or the quarter hour a heat-map filter narrowed it to.
  const { span, prev: prevSpan } = useFigureSpan();
  const days = span === w.span ? windowDays(w.sel) : spanMs(span) / 86_400_000;
  const [view, setView] = useView();
  const { bucket, refused } = effectiveBucket(view, span, days);
  const m = METRICS.find((x) => x.value === view.metric)!;
  const path = `/api/kpis/timeseries/${m.value}`;
  const q = useFigure<Timeseries>(path, { bucket });
  const file = useCsvFile(`${m.value}-per-${bucket}`);
  const requests = useFigureRequests(path, { bucket }, { previous: true });
  const notes = useAnnotations(span);
  // None yet and none at all draw the same chart: no second drawing when an empty list comes.
  const marks = notes.data?.items.length ? notes.data.items : undefined;
  const { add } = useFilters();
  const prev = useFigure<Timeseries>(path, { bucket }, { period: 'previous' });
  const previous = w.compareOn && prev.data && !prev.isPlaceholderData ? prev.data.points : undefined;
  const zoomTo = useZoom();
  return (
    <Panel
      title="Over time"
      // The bucket goes with the figure ("timeseries:calls:hour"), so an explanation can speak per hour.
      {...explainedPanel('timeseries', `${m.value}:${bucket}`)}
      className="w-4"
      subtitle={`${m.label} per ${BUCKET_WORDS[bucket]} (${tzLabel()})${w.compareOn ? ' · dashed grey: the period compared with' : ''} · drag across the chart to zoom`}
      actions={
        <>
          <ViewSelect name="metric" label="Metric" choices={METRICS} testId="ts-metric" />
          <select
            aria-label="Bucket"
            value={refused ? 'auto' : view.bucket}
            onChange={(e) => setView({ bucket: e.target.value as typeof view.bucket })}
            data-testid="ts-bucket"
          >
            {BUCKETS.map((x) => {
              const tooMany = x.value !== 'auto' && bucketPoints(span, x.value) > MAX_POINTS;
              return (
                <option key={x.value} value={x.value} disabled={tooMany}>
                  {x.value === 'auto' ? `Auto (${BUCKET_WORDS[effectiveBucket({ ...view, bucket: 'auto' }, span, days).bucket]})` : x.label}
                  {tooMany ? ' (too fine for this window)' : ''}
                </option>
              );
            })}
          </select>
        </>
      }
    >
      {refused && (
        <p className="notice" role="status" data-testid="bucket-refused">
          {BUCKET_WORDS[refused]} buckets would give over {MAX_POINTS.toLocaleString('en-US')} points over this window: showing one point
          per {BUCKET_WORDS[bucket]}.
        </p>
      )}
      <QueryBody q={q} feature="Time series" height={260} isEmpty={(d) => d.points.length === 0}>
        {(d) => {
          const edges = partialEdges(d.points, span, d.bucket);
          return (
            <>
              <Line
                points={d.points}
                previous={previous}
                shiftMs={Date.parse(span.start) - Date.parse(prevSpan.start)}
                partialFirst={edges.first}
                partialLast={edges.last}
                axis={m.axis}
                phrase={m.phrase}
                integer={m.integer}
                height={260}
                label={`${m.label} over time, ${d.points.length} points${previous ? ', with the period compared with' : ''}${marks?.length ? `, ${marks.length} ${marks.length === 1 ? 'note' : 'notes'} marked` : ''}`}
                marks={marks}
                onSelect={(t) => {
                  // The bucket, within the window (a partial first or last bucket holds less).
                  const start = Math.max(Date.parse(t), Date.parse(span.start));
                  const end = Math.min(Date.parse(t) + BUCKET_WIDTH_MS[d.bucket], Date.parse(span.end));
                  add({ kind: 'at', start: iso(start), end: iso(end) });
                }}
                onZoom={zoomTo}
              />
              <p className="chart-legend" aria-hidden="true">
                <span className="key key-current" /> This period
                {w.compareOn && (
                  <>
                    <span className="key key-previous" /> Compared with
                  </>
                )}
                {(edges.first || edges.last) && (
                  <>
                    <span className="key key-partial" /> Partial bucket
                  </>
                )}
              </p>
              <DataTable
                caption={`${m.label} per ${d.bucket}`}
                requests={requests}
                columns={[`Bucket start (${tzLabel()})`, m.label, 'Compared with']}
                csv={{
                  file,
                  header: ['bucket_start_utc', m.value, 'previous_period'],
                  rows: d.points.map((p, i) => [p.timestamp, p.value, previous?.[i]?.value ?? null]),
                }}
                rows={d.points.map((p, i) => [
                  `${fmtDateTime(p.timestamp, { zone: false })}${(i === 0 && edges.first) || (i === d.points.length - 1 && edges.last) ? ' (partial)' : ''}`,
                  m.format(p.value),
                  previous?.[i] ? m.format(previous[i].value) : '—',
                ])}
              />
              <AnnotationList items={marks ?? []} />
            </>
          );
        }}
      </QueryBody>
    </Panel>
  );
});
