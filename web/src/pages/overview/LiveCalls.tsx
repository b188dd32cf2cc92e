import { useQuery } from '@tanstack/react-query';
import { memo, useEffect, useState } from 'react';
import { ExportRow, Panel } from '../../components/Panel';
import { QueryBody } from '../../components/states';
import { DASH, fmtAgo, fmtCallerId, fmtDateTime, fmtDuration, fmtInt } from '../../lib/format';
import { kpiQueryOptions } from '../../lib/kpi';
import { lureLabel, personaLabel, sessionStateLabel } from '../../lib/labels';
import type { ActiveCalls } from '../../lib/types';
import { ScrollBox } from '../../components/ScrollBox';
import { useFilters } from './filters';

/** The CSV of the calls in progress: the API's fields, unformatted, as last read. */
const LIVE_FIELDS = [
  'call_sid',
  'caller_id',
  'persona',
  'impersonated_brand',
  'lure_category',
  'state',
  'started_at',
  'last_heartbeat',
] as const satisfies readonly (keyof ActiveCalls['calls'][number])[];

export const LiveCallsPanel = memo(function LiveCallsPanel() {
  const q = useQuery({
    ...kpiQueryOptions<ActiveCalls>('/api/kpis/active-calls'),
    refetchInterval: 5000,
    refetchIntervalInBackground: false,
  });
  const { filters } = useFilters();
  const [, tick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => tick((x) => x + 1), 1000);
    return () => clearInterval(t);
  }, []);
  return (
    <Panel
      title="Live calls"
      testId="live"
      className="w-6"
      subtitle={
        <>
          <span className="live-dot" aria-hidden="true" /> Refreshes every 5 seconds
          {q.dataUpdatedAt ? ` · updated ${fmtDateTime(new Date(q.dataUpdatedAt), { seconds: true })}` : ''}
          {/* The filters read finished calls; a call in progress has no intel, duration or reason yet. */}
          {filters.length > 0 && <span data-testid="live-unfiltered"> · not filtered: calls in progress have no intel yet</span>}
        </>
      }
    >
      <QueryBody q={q} feature="Live calls" height={80} isEmpty={(d) => d.calls.length === 0} empty="No calls in progress right now.">
        {(d) => (
          <>
            <p className="live-count" aria-live="polite">
              <strong data-testid="live-count">{fmtInt(d.active_count)}</strong> {d.active_count === 1 ? 'call' : 'calls'} in progress
            </p>
            <ScrollBox label="Calls in progress">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Call</th>
                    <th scope="col">Caller ID</th>
                    <th scope="col">Persona</th>
                    <th scope="col">Impersonating</th>
                    <th scope="col">Lure</th>
                    <th scope="col">Stage</th>
                    <th scope="col" className="num">
                      Running for
                    </th>
                    <th scope="col" className="num">
                      Last heartbeat
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {d.calls.map((c) => (
                    <tr key={c.call_sid}>
                      <td>
                        <code>{c.call_sid}</code>
                      </td>
                      <td className="nowrap">{fmtCallerId(c.caller_id)}</td>
                      <td>{c.persona ? personaLabel(c.persona) : DASH}</td>
                      <td>{c.impersonated_brand ?? DASH}</td>
                      <td>{c.lure_category ? lureLabel(c.lure_category) : DASH}</td>
                      <td>
                        <span className="badge">{c.state ? sessionStateLabel(c.state) : 'Unknown'}</span>
                      </td>
                      <td className="num">{fmtDuration((Date.now() - Date.parse(c.started_at)) / 1000)}</td>
                      <td className="num">{fmtAgo(c.last_heartbeat)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollBox>
            <ExportRow
              caption="Calls in progress"
              csv={{
                file: `honeypot-live-calls-${new Date(q.dataUpdatedAt).toISOString().replace(/[:.]/g, '')}.csv`,
                header: [...LIVE_FIELDS],
                rows: d.calls.map((c) => LIVE_FIELDS.map((f) => c[f])),
              }}
              requests={() => Promise.resolve([{ method: 'GET' as const, path: '/api/kpis/active-calls' }])}
            />
          </>
        )}
      </QueryBody>
    </Panel>
  );
});
