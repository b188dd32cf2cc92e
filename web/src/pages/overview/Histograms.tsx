import { memo } from 'react';
import { Bars } from '../../charts/Bars';
import { usePalette } from '../../charts/core';
import { DataTable, Panel } from '../../components/Panel';
import { QueryBody } from '../../components/states';
import { fmtInt } from '../../lib/format';
import type { AskHistogram, DurationHistogram } from '../../lib/types';
import { useCsvFile, useFigure, useFigureRequests } from './figures';
import { FilterValue } from './FilterBar';
import { useFilters, type Filter } from './filters';

/** A bucket as a filter: min <= x < max, as the bucket holds. */
const bandFilter = (field: 'duration_sec' | 'dollar_ask', min: number, max: number | null): Filter => ({ kind: 'range', field, min, max });

/** A duration band in words from its edges: "Under 15 s", "1–2 min", "30 min or more". */
function durationBand(min: number, max: number | null): string {
  const u = (s: number) => (s < 60 ? `${s} s` : `${s / 60} min`);
  if (max === null) return `${u(min)} or more`;
  if (min === 0) return `Under ${u(max)}`;
  if (min < 60 && max <= 60) return `${min}–${max} s`;
  if (min >= 60) return `${min / 60}–${max / 60} min`;
  return `${u(min)} – ${u(max)}`;
}

export const DurationHistogramPanel = memo(function DurationHistogramPanel() {
  const q = useFigure<DurationHistogram>('/api/kpis/duration-histogram');
  const { add } = useFilters();
  const file = useCsvFile('duration-histogram');
  const requests = useFigureRequests('/api/kpis/duration-histogram');
  return (
    <Panel title="Call durations" testId="duration-histogram" className="w-3" subtitle="Calls per duration band">
      <QueryBody q={q} feature="Call durations" height={220} isEmpty={(d) => d.buckets.every((b) => b.count === 0)}>
        {(d) => {
          const labels = d.buckets.map((b) => durationBand(b.min_sec, b.max_sec));
          return (
            <>
              <Bars
                categories={labels}
                values={d.buckets.map((b) => b.count)}
                format={fmtInt}
                height={220}
                label="Histogram of call durations"
                detail={() => 'Select to filter by this duration'}
                onClick={(i) => add(bandFilter('duration_sec', d.buckets[i].min_sec, d.buckets[i].max_sec))}
              />
              <DataTable
                requests={requests}
                caption="Call durations"
                columns={['Duration', 'Calls']}
                csv={{ file, header: ['min_sec', 'max_sec', 'calls'], rows: d.buckets.map((b) => [b.min_sec, b.max_sec, b.count]) }}
                rows={d.buckets.map((b, i) => [
                  <FilterValue filter={bandFilter('duration_sec', b.min_sec, b.max_sec)}>{labels[i]}</FilterValue>,
                  fmtInt(b.count),
                ])}
              />
            </>
          );
        }}
      </QueryBody>
    </Panel>
  );
});

export const AskHistogramPanel = memo(function AskHistogramPanel() {
  const q = useFigure<AskHistogram>('/api/kpis/ask-histogram');
  const { add } = useFilters();
  const file = useCsvFile('ask-histogram');
  const requests = useFigureRequests('/api/kpis/ask-histogram');
  const pal = usePalette();
  return (
    <Panel title="Dollar asks" testId="ask-histogram" className="w-3" subtitle="Individual payment demands per amount band">
      <QueryBody
        q={q}
        feature="Dollar asks"
        height={220}
        isEmpty={(d) => d.buckets.every((b) => b.count === 0)}
        empty="No dollar asks in this window."
      >
        {(d) => (
          <>
            <Bars
              categories={d.buckets.map((b) => b.label)}
              values={d.buckets.map((b) => b.count)}
              format={fmtInt}
              height={220}
              label="Histogram of dollar asks"
              color={pal.accent}
              detail={() => 'Select to filter by asks of this amount'}
              onClick={(i) => add(bandFilter('dollar_ask', d.buckets[i].min, d.buckets[i].max))}
            />
            <DataTable
              requests={requests}
              caption="Dollar asks"
              columns={['Amount', 'Asks']}
              csv={{ file, header: ['min_usd', 'max_usd', 'asks'], rows: d.buckets.map((b) => [b.min, b.max, b.count]) }}
              rows={d.buckets.map((b) => [
                <FilterValue filter={bandFilter('dollar_ask', b.min, b.max)}>{b.label}</FilterValue>,
                fmtInt(b.count),
              ])}
            />
          </>
        )}
      </QueryBody>
    </Panel>
  );
});
