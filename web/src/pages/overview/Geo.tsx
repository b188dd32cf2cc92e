// Attacker geography: the US map (us-atlas has the 50 states and DC), and the territories it
// lacks (Puerto Rico, the Virgin Islands, Guam, American Samoa, the Northern Marianas) as boxes.
// Selecting a state or territory filters the whole dashboard by it.

import { memo } from 'react';
import { DataTable, Panel } from '../../components/Panel';
import { Loading, QueryBody } from '../../components/states';
import { fmtInt, fmtPct } from '../../lib/format';
import { stateName } from '../../lib/states';
import type { Geo } from '../../lib/types';
import { explainedPanel } from './explained';
import { useCsvFile, useFigure, useFigureRequests } from './figures';
import { FilterValue } from './FilterBar';
import { useFilters } from './filters';
import { preload, useModule } from '../../lib/preload';

// Fetched as soon as the overview's code runs (main.tsx asks for it even sooner), not when the
// geography data arrives; drawn without Suspense (lib/preload.ts).
const usMapModule = preload(() => import('../../charts/UsMap'));
void usMapModule.start().catch(() => {});

function StatesMap(props: Parameters<typeof import('../../charts/UsMap').default>[0]) {
  const m = useModule(usMapModule);
  return m ? <m.default {...props} /> : <Loading label="Loading the map" height={props.height} />;
}

const TERRITORIES = ['PR', 'VI', 'GU', 'AS', 'MP'];

export const GeoPanel = memo(function GeoPanel() {
  const q = useFigure<Geo>('/api/kpis/attacker-geo');
  const { add } = useFilters();
  const file = useCsvFile('attacker-geo');
  const requests = useFigureRequests('/api/kpis/attacker-geo');
  const filterBy = (state: string) => ({ kind: 'is' as const, field: 'caller_state', values: [state] });
  return (
    <Panel
      title="Attacker geography"
      {...explainedPanel('geo')}
      className="w-3"
      subtitle="Calls by caller-ID area code, mapped to US states and territories; select one to filter by it"
    >
      <QueryBody
        q={q}
        feature="Attacker geography"
        height={300}
        isEmpty={(d) => d.items.length === 0}
        empty="No US caller IDs in this window."
      >
        {(d) => {
          const total = d.items.reduce((s, i) => s + i.count, 0);
          const byState = new Map(d.items.map((i) => [i.state, i]));
          return (
            <>
              <StatesMap items={d.items} height={340} onSelect={(st) => add(filterBy(st))} />
              <ul className="territories" aria-label="Territories (not on the map)" data-testid="territories">
                {TERRITORIES.map((t) => {
                  const it = byState.get(t);
                  const n = it?.count ?? 0;
                  return (
                    <li key={t} data-territory={t} data-count={n}>
                      <button
                        type="button"
                        onClick={() => add(filterBy(t))}
                        className={n ? 'has-calls' : undefined}
                        title={it ? `Area codes: ${it.area_codes.join(', ')}` : 'No calls in this window'}
                      >
                        <span className="terr-name">{stateName(t)}</span>
                        <span className="terr-count">{fmtInt(n)}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
              <p className="panel-note">
                Top states:{' '}
                {d.items
                  .slice(0, 3)
                  .map((i) => `${stateName(i.state)} (${fmtPct(total ? i.count / total : 0)})`)
                  .join(', ')}
                .
              </p>
              <DataTable
                requests={requests}
                caption="Calls per state"
                columns={['State', 'Calls', 'Area codes']}
                csv={{
                  file,
                  header: ['state', 'calls', 'area_codes'],
                  rows: d.items.map((i) => [i.state, i.count, i.area_codes.join(' ')]),
                }}
                rows={d.items.map((i) => [
                  <FilterValue filter={filterBy(i.state)}>{`${stateName(i.state)} (${i.state})`}</FilterValue>,
                  fmtInt(i.count),
                  i.area_codes.join(', '),
                ])}
              />
            </>
          );
        }}
      </QueryBody>
    </Panel>
  );
});
