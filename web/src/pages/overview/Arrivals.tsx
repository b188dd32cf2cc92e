import { memo } from 'react';
import { HeatStrip } from '../../charts/HeatStrip';
import { Panel } from '../../components/Panel';
import { QueryBody } from '../../components/states';
import { fmtDateTime, fmtInt, tzLabel } from '../../lib/format';
import { useKpi } from '../../lib/kpi';
import type { Arrivals } from '../../lib/types';
import { useWindow } from '../../lib/window';
import { ARRIVALS_MAX_DAYS, arrivalsSpan } from './view';

export const ArrivalsPanel = memo(function ArrivalsPanel() {
  const w = useWindow();
  const q = useKpi<Arrivals>('/api/kpis/arrivals', {}, { span: arrivalsSpan });
  const cut = arrivalsSpan(w.span) !== w.span;
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
              <HeatStrip buckets={d.buckets} label={`Arrivals per 15 minutes, ${d.buckets.length} quarter hours`} />
              <p className="panel-note">
                Busiest quarter hour: {fmtDateTime(busiest.bucket_start_utc)} with {fmtInt(busiest.count)}{' '}
                {busiest.count === 1 ? 'call' : 'calls'}.
              </p>
            </>
          );
        }}
      </QueryBody>
    </Panel>
  );
});
