import { memo } from 'react';
import { Bars } from '../../charts/Bars';
import { DataTable, Panel } from '../../components/Panel';
import { QueryBody } from '../../components/states';
import { fmtInt, fmtPct } from '../../lib/format';
import { DISCONNECT_REASONS, reasonLabel } from '../../lib/labels';
import type { DisconnectBreakdown } from '../../lib/types';
import { explainedPanel } from './explained';
import { useCsvFile, useFigure, useFigureRequests } from './figures';
import { FilterValue } from './FilterBar';
import { useFilters } from './filters';

const KNOWN = Object.keys(DISCONNECT_REASONS).filter((k) => k !== 'none');

export const DisconnectPanel = memo(function DisconnectPanel() {
  const q = useFigure<DisconnectBreakdown>('/api/kpis/disconnect-breakdown');
  const { add } = useFilters();
  const file = useCsvFile('disconnect-reasons');
  const requests = useFigureRequests('/api/kpis/disconnect-breakdown');
  const filterBy = (reason: string) => ({ kind: 'is' as const, field: 'disconnect_reason', values: [reason] });
  return (
    <Panel title="Why calls ended" {...explainedPanel('disconnect')} className="w-2" subtitle="Disconnect reasons">
      <QueryBody q={q} feature="Disconnect reasons" height={260} isEmpty={(d) => Object.entries(d).every(([k, v]) => k === 'range' || !v)}>
        {(d) => {
          const keys = [...KNOWN, ...Object.keys(d).filter((k) => k !== 'range' && !KNOWN.includes(k) && typeof d[k] === 'number')];
          const total = keys.reduce((s, k) => s + (Number(d[k]) || 0), 0);
          const labels = keys.map(reasonLabel);
          const values = keys.map((k) => Number(d[k]) || 0);
          return (
            <>
              <Bars
                horizontal
                categories={labels}
                values={values}
                format={fmtInt}
                detail={(i) => `${fmtPct(total ? values[i] / total : 0)} of calls with a reason · select to filter by it`}
                height={200}
                label="Calls per disconnect reason"
                onClick={(i) => add(filterBy(keys[i]))}
              />
              <DataTable
                requests={requests}
                caption="Disconnect reasons"
                columns={['Reason', 'Calls', 'Share']}
                csv={{ file, header: ['disconnect_reason', 'calls'], rows: keys.map((k, i) => [k, values[i]]) }}
                rows={keys.map((k, i) => [
                  <FilterValue filter={filterBy(k)}>{labels[i]}</FilterValue>,
                  fmtInt(values[i]),
                  fmtPct(total ? values[i] / total : 0),
                ])}
              />
            </>
          );
        }}
      </QueryBody>
    </Panel>
  );
});
