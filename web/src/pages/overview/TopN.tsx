// The most frequent values of an intel field. Selecting a value filters the whole dashboard by
// it; the table also links each value to the call list.

import { memo, useEffect, useId, useState } from 'react';
import { Bars } from '../../charts/Bars';
import { DataTable, Panel } from '../../components/Panel';
import { QueryBody } from '../../components/states';
import { fmtInt, fmtPct } from '../../lib/format';
import { valueLabel } from '../../lib/labels';
import { Link } from '../../lib/router';
import type { TopN } from '../../lib/types';
import { useWindow } from '../../lib/window';
import { explainedPanel } from './explained';
import { useCsvFile, useFigure, useFigureRequests } from './figures';
import { FilterValue } from './FilterBar';
import { useFilters } from './filters';
import { ViewSelect } from './ViewSelect';
import { TOPN_API_MAX, TOPN_FIELDS, TOPN_INPUT_MAX, useView } from './view';

export const TopNPanel = memo(function TopNPanel() {
  const w = useWindow();
  const [view, setView] = useView();
  const [nText, setNText] = useState(String(view.n));
  const ids = useId();
  // Back/forward or a link changed n: the box follows.
  useEffect(() => setNText(String(view.n)), [view.n]);
  // Typing settles before it becomes a request (and a history entry).
  useEffect(() => {
    const v = Number(nText);
    if (!Number.isInteger(v) || v < 1 || v > TOPN_INPUT_MAX || v === view.n) return;
    const t = setTimeout(() => setView({ n: v }), 400);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [nText]);
  const f = TOPN_FIELDS.find((x) => x.value === view.topn)!;
  const n = Math.min(view.n, TOPN_API_MAX);
  const q = useFigure<TopN>(`/api/kpis/topn/${f.value}`, { n });
  const requests = useFigureRequests(`/api/kpis/topn/${f.value}`, { n });
  const { add } = useFilters();
  const file = useCsvFile(`top-${f.value}`);
  const filterBy = (label: string) => ({ kind: 'is' as const, field: f.filter, values: [label] });
  const nInvalid = !(Number.isInteger(Number(nText)) && Number(nText) >= 1 && Number(nText) <= TOPN_INPUT_MAX);
  const hrefOf = (label: string) => w.linkTo('/calls', { [f.filter]: label });
  const what = f.label.toLowerCase();
  return (
    <Panel
      title="Top values"
      {...explainedPanel('topn', f.value)}
      className="w-3"
      subtitle={`${f.label}, by number of calls`}
      actions={
        <>
          <ViewSelect name="topn" label="Field" choices={TOPN_FIELDS} testId="topn-field" />
          <label htmlFor={`${ids}n`} className="inline-label">
            Top
          </label>
          <input
            id={`${ids}n`}
            type="number"
            min={1}
            max={TOPN_INPUT_MAX}
            value={nText}
            onChange={(e) => setNText(e.target.value)}
            className="input-n"
            aria-invalid={nInvalid || undefined}
            aria-describedby={`${ids}note`}
            title={`1 to ${TOPN_API_MAX} values`}
            data-testid="topn-n"
          />
        </>
      }
    >
      <QueryBody
        q={q}
        feature="Top values"
        height={300}
        isEmpty={(d) => d.items.length === 0}
        empty={`No ${what} was extracted in this window.`}
      >
        {(d) => (
          <>
            <Bars
              horizontal
              categories={d.items.map((i) => valueLabel(f.value, i.label))}
              values={d.items.map((i) => i.count)}
              format={fmtInt}
              detail={(i) => `${fmtPct(d.items[i].pct_of_total)} of calls with a ${what} · select to filter by it`}
              height={Math.max(120, d.items.length * 24 + 16)}
              label={`Top ${d.items.length} ${what} values by calls`}
              onClick={(i) => add(filterBy(d.items[i].label))}
            />
            <DataTable
              requests={requests}
              caption={`Top ${f.label}`}
              columns={[f.label, 'Calls', 'Share', 'Call list']}
              csv={{ file, header: [f.value, 'calls', 'pct_of_total'], rows: d.items.map((i) => [i.label, i.count, i.pct_of_total]) }}
              rows={d.items.map((i) => [
                <FilterValue filter={filterBy(i.label)}>{valueLabel(f.value, i.label)}</FilterValue>,
                fmtInt(i.count),
                fmtPct(i.pct_of_total),
                <Link to={hrefOf(i.label)} data-drill={i.label} aria-label={`List the calls with ${what} ${valueLabel(f.value, i.label)}`}>
                  List
                </Link>,
              ])}
            />
            <p className="panel-note" id={`${ids}note`} data-testid="topn-note">
              {view.n > TOPN_API_MAX
                ? `You asked for the top ${fmtInt(view.n)}: the API returns at most ${TOPN_API_MAX} values, so ${d.items.length < TOPN_API_MAX ? `all ${d.items.length} are shown` : `the top ${TOPN_API_MAX} are shown`}. `
                : d.items.length < view.n
                  ? `Only ${d.items.length} ${d.items.length === 1 ? 'value' : 'values'} in this window. `
                  : ''}
              Select a bar (or a name in the table) to filter the dashboard by it.
            </p>
          </>
        )}
      </QueryBody>
    </Panel>
  );
});
