import { memo } from 'react';
import { Bars } from '../../charts/Bars';
import { usePalette } from '../../charts/core';
import { DataTable, Panel } from '../../components/Panel';
import { QueryBody } from '../../components/states';
import { fmtInt } from '../../lib/format';
import { useKpi } from '../../lib/kpi';
import type { AskHistogram, DurationHistogram } from '../../lib/types';

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
  const q = useKpi<DurationHistogram>('/api/kpis/duration-histogram');
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
              />
              <DataTable
                caption="Call durations"
                columns={['Duration', 'Calls']}
                rows={d.buckets.map((b, i) => [labels[i], fmtInt(b.count)])}
              />
            </>
          );
        }}
      </QueryBody>
    </Panel>
  );
});

export const AskHistogramPanel = memo(function AskHistogramPanel() {
  const q = useKpi<AskHistogram>('/api/kpis/ask-histogram');
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
            />
            <DataTable caption="Dollar asks" columns={['Amount', 'Asks']} rows={d.buckets.map((b) => [b.label, fmtInt(b.count)])} />
          </>
        )}
      </QueryBody>
    </Panel>
  );
});
