// The overview's chart and table panels. Each reads one endpoint through the shared window.

import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Bars } from '../../charts/Bars';
import { HeatStrip } from '../../charts/HeatStrip';
import { Line } from '../../charts/Line';
import { DataTable, Panel } from '../../components/Panel';
import { Loading, QueryBody } from '../../components/states';
import { api, ApiError, downloadFile, errorMessage } from '../../lib/api';
import { fmtAgo, fmtDateTime, fmtDuration, fmtInt, fmtPct, fmtUsdCompact, humanize } from '../../lib/format';
import { autoBucket, kpiQueryOptions, useKpi } from '../../lib/kpi';
import { Link, navigate } from '../../lib/router';
import { stateName } from '../../lib/states';
import { useTier } from '../../lib/tier';
import type { ActiveCalls, Arrivals, AskHistogram, DisconnectBreakdown, DurationHistogram, Geo, Tier1Table, Timeseries, TopN } from '../../lib/types';
import { useWindow, windowDays } from '../../lib/window';

// Fetched as soon as the overview's code runs, not when the geography data arrives.
const usMapModule = import('../../charts/UsMap');
const UsMap = lazy(() => usMapModule);

// ------------------------------------------------------------------ time series

const METRICS: { value: string; label: string; format: (v: number) => string }[] = [
  { value: 'calls', label: 'Calls', format: fmtInt },
  { value: 'hooked_calls', label: 'Hooked calls', format: fmtInt },
  { value: 'hook_rate', label: 'Hook rate', format: fmtPct },
  { value: 'tier1_calls', label: 'Tier-1 calls', format: fmtInt },
  { value: 'total_dollars_asked', label: 'Dollars asked', format: fmtUsdCompact },
  { value: 'avg_duration_sec', label: 'Average duration', format: fmtDuration },
  { value: 'high_confidence_insights', label: 'High-confidence insights', format: fmtInt },
];

const BUCKETS = [
  { value: 'auto', label: 'Auto' },
  { value: '15min', label: '15 minutes' },
  { value: 'hour', label: 'Hour' },
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
];


export function TimeseriesPanel() {
  const { sel } = useWindow();
  const [metric, setMetric] = useState('calls');
  const [bucketChoice, setBucket] = useState('auto');
  const bucket = bucketChoice === 'auto' ? autoBucket(windowDays(sel)) : bucketChoice;
  const m = METRICS.find((x) => x.value === metric)!;
  const q = useKpi<Timeseries>(`/api/kpis/timeseries/${metric}`, { bucket });
  const ids = useId();
  return (
    <Panel
      title="Over time"
      testId="timeseries"
      explain={`timeseries:${metric}`}
      className="w-4"
      subtitle={`${m.label} per ${bucket === '15min' ? '15 minutes' : bucket} (UTC)`}
      actions={
        <>
          <label htmlFor={`${ids}m`} className="sr-only">
            Metric
          </label>
          <select id={`${ids}m`} value={metric} onChange={(e) => setMetric(e.target.value)} data-testid="ts-metric">
            {METRICS.map((x) => (
              <option key={x.value} value={x.value}>
                {x.label}
              </option>
            ))}
          </select>
          <label htmlFor={`${ids}b`} className="sr-only">
            Bucket
          </label>
          <select id={`${ids}b`} value={bucketChoice} onChange={(e) => setBucket(e.target.value)} data-testid="ts-bucket">
            {BUCKETS.map((x) => (
              <option key={x.value} value={x.value}>
                {x.value === 'auto' ? `Auto (${bucket})` : x.label}
              </option>
            ))}
          </select>
        </>
      }
    >
      <QueryBody q={q} feature="Time series" height={260} isEmpty={(d) => d.points.length === 0}>
        {(d) => (
          <>
            <Line points={d.points} format={m.format} height={260} seriesName={m.label.toLowerCase()} label={`${m.label} over time, ${d.points.length} points`} />
            <DataTable
              caption={`${m.label} per ${d.bucket}`}
              columns={['Bucket start (UTC)', m.label]}
              rows={d.points.map((p) => [fmtDateTime(p.timestamp), m.format(p.value)])}
            />
          </>
        )}
      </QueryBody>
    </Panel>
  );
}

// ------------------------------------------------------------------ disconnect reasons

const REASONS: Record<string, string> = {
  caller_hung_up_normal: 'Caller hung up',
  websocket_issue_our_side: 'Media connection (our side)',
  voice_engine_issue: 'Voice engine issue',
  ai_session_capped: 'AI session capped',
};

export function DisconnectPanel() {
  const q = useKpi<DisconnectBreakdown>('/api/kpis/disconnect-breakdown');
  return (
    <Panel title="Why calls ended" testId="disconnect" explain="disconnect" className="w-2" subtitle="Disconnect reasons">
      <QueryBody
        q={q}
        feature="Disconnect reasons"
        height={260}
        isEmpty={(d) => Object.entries(d).every(([k, v]) => k === 'range' || !v)}
      >
        {(d) => {
          const keys = [...Object.keys(REASONS), ...Object.keys(d).filter((k) => k !== 'range' && !(k in REASONS) && typeof d[k] === 'number')];
          const total = keys.reduce((s, k) => s + (Number(d[k]) || 0), 0);
          const labels = keys.map((k) => REASONS[k] ?? humanize(k));
          const values = keys.map((k) => Number(d[k]) || 0);
          return (
            <>
              <Bars horizontal categories={labels} values={values} format={fmtInt} detail={(i) => `${fmtPct(total ? values[i] / total : 0)} of calls with a reason`} height={200} label="Calls per disconnect reason" color="#64748b" />
              <DataTable caption="Disconnect reasons" columns={['Reason', 'Calls', 'Share']} rows={keys.map((_, i) => [labels[i], fmtInt(values[i]), fmtPct(total ? values[i] / total : 0)])} />
            </>
          );
        }}
      </QueryBody>
    </Panel>
  );
}

// ------------------------------------------------------------------ arrivals

export function ArrivalsPanel() {
  const q = useKpi<Arrivals>('/api/kpis/arrivals');
  return (
    <Panel title="Arrivals" testId="arrivals" className="w-6" subtitle="Calls per 15 minutes; one row per UTC day">
      <QueryBody q={q} feature="Arrivals" height={120} isEmpty={(d) => d.buckets.every((b) => b.count === 0)}>
        {(d) => {
          const busiest = d.buckets.reduce((a, b) => (b.count > a.count ? b : a), d.buckets[0]);
          return (
            <>
              <HeatStrip buckets={d.buckets} label={`Arrivals per 15 minutes, ${d.buckets.length} quarter hours`} />
              <p className="panel-note">
                Busiest quarter hour: {fmtDateTime(busiest.bucket_start_utc)} with {fmtInt(busiest.count)} calls.
              </p>
            </>
          );
        }}
      </QueryBody>
    </Panel>
  );
}

// ------------------------------------------------------------------ top-N

const TOPN_FIELDS: { value: string; label: string; filter?: string }[] = [
  { value: 'impersonated_brand', label: 'Impersonated brand', filter: 'impersonated_brand' },
  { value: 'lure_category', label: 'Lure', filter: 'lure_category' },
  { value: 'payment_method', label: 'Payment method', filter: 'payment_method' },
  { value: 'impersonated_government_agency', label: 'Government agency' },
  { value: 'mule_bank_name', label: 'Mule bank' },
  { value: 'mule_bank_routing', label: 'Mule bank routing number' },
  { value: 'crypto_chain', label: 'Crypto chain' },
  { value: 'gift_card_brand', label: 'Gift card brand' },
  { value: 'remote_desktop_app', label: 'Remote desktop app' },
  { value: 'synthetic_org', label: 'Synthetic organisation' },
  { value: 'fake_agent_name', label: 'Fake agent name' },
];

export function TopNPanel() {
  const [field, setField] = useState('impersonated_brand');
  const [nText, setNText] = useState('10');
  const [n, setN] = useState(10);
  const ids = useId();
  useEffect(() => {
    const v = Number(nText);
    if (Number.isInteger(v) && v >= 1 && v <= 50) {
      const t = setTimeout(() => setN(v), 300);
      return () => clearTimeout(t);
    }
  }, [nText]);
  const f = TOPN_FIELDS.find((x) => x.value === field)!;
  const q = useKpi<TopN>(`/api/kpis/topn/${field}`, { n });
  const nInvalid = !(Number.isInteger(Number(nText)) && Number(nText) >= 1 && Number(nText) <= 50);
  return (
    <Panel
      title="Top values"
      testId="topn"
      explain={`topn:${field}`}
      className="w-3"
      subtitle={`${f.label}, by number of calls`}
      actions={
        <>
          <label htmlFor={`${ids}f`} className="sr-only">
            Field
          </label>
          <select id={`${ids}f`} value={field} onChange={(e) => setField(e.target.value)} data-testid="topn-field">
            {TOPN_FIELDS.map((x) => (
              <option key={x.value} value={x.value}>
                {x.label}
              </option>
            ))}
          </select>
          <label htmlFor={`${ids}n`} className="inline-label">
            Top
          </label>
          <input
            id={`${ids}n`}
            type="number"
            min={1}
            max={50}
            value={nText}
            onChange={(e) => setNText(e.target.value)}
            className="input-n"
            aria-invalid={nInvalid || undefined}
            title="1 to 50"
            data-testid="topn-n"
          />
        </>
      }
    >
      <QueryBody q={q} feature="Top values" height={300} isEmpty={(d) => d.items.length === 0} empty={`No ${f.label.toLowerCase()} was extracted in this window.`}>
        {(d) => (
          <>
            <Bars
              horizontal
              categories={d.items.map((i) => i.label)}
              values={d.items.map((i) => i.count)}
              format={fmtInt}
              detail={(i) => `${fmtPct(d.items[i].pct_of_total)} of calls with a ${f.label.toLowerCase()}`}
              height={Math.max(120, d.items.length * 24 + 16)}
              label={`Top ${d.items.length} ${f.label.toLowerCase()} values by calls`}
              onClick={f.filter ? (i) => navigate(`/calls?${f.filter}=${encodeURIComponent(d.items[i].label)}`) : undefined}
            />
            <DataTable
              caption={`Top ${f.label}`}
              columns={[f.label, 'Calls', 'Share']}
              rows={d.items.map((i) => [
                f.filter ? <Link to={`/calls?${f.filter}=${encodeURIComponent(i.label)}`}>{i.label}</Link> : i.label,
                fmtInt(i.count),
                fmtPct(i.pct_of_total),
              ])}
            />
            {f.filter && <p className="panel-note">Select a bar (or a name in the table) to list those calls.</p>}
          </>
        )}
      </QueryBody>
    </Panel>
  );
}

// ------------------------------------------------------------------ geography

export function GeoPanel() {
  const q = useKpi<Geo>('/api/kpis/attacker-geo');
  return (
    <Panel title="Attacker geography" testId="geo" explain="geo" className="w-3" subtitle="Calls by caller-ID area code, mapped to US states; hover for area codes">
      <QueryBody q={q} feature="Attacker geography" height={300} isEmpty={(d) => d.items.length === 0} empty="No US caller IDs in this window.">
        {(d) => {
          const total = d.items.reduce((s, i) => s + i.count, 0);
          return (
            <>
              <Suspense fallback={<Loading label="Loading the map" height={340} />}>
                <UsMap items={d.items} height={340} onSelect={(st) => navigate(`/calls?caller_state=${encodeURIComponent(st)}`)} />
              </Suspense>
              <p className="panel-note">
                Top states: {d.items.slice(0, 3).map((i) => `${stateName(i.state)} (${fmtPct(total ? i.count / total : 0)})`).join(', ')}.
              </p>
              <DataTable
                caption="Calls per state"
                columns={['State', 'Calls', 'Area codes']}
                rows={d.items.map((i) => [
                  <Link to={`/calls?caller_state=${encodeURIComponent(i.state)}`}>{`${stateName(i.state)} (${i.state})`}</Link>,
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
}

// ------------------------------------------------------------------ histograms

export function DurationHistogramPanel() {
  const q = useKpi<DurationHistogram>('/api/kpis/duration-histogram');
  return (
    <Panel title="Call durations" testId="duration-histogram" className="w-3" subtitle="Calls per duration band">
      <QueryBody q={q} feature="Call durations" height={220} isEmpty={(d) => d.buckets.every((b) => b.count === 0)}>
        {(d) => (
          <>
            <Bars categories={d.buckets.map((b) => b.label)} values={d.buckets.map((b) => b.count)} format={fmtInt} height={220} label="Histogram of call durations" />
            <DataTable caption="Call durations" columns={['Duration', 'Calls']} rows={d.buckets.map((b) => [b.label, fmtInt(b.count)])} />
          </>
        )}
      </QueryBody>
    </Panel>
  );
}

export function AskHistogramPanel() {
  const q = useKpi<AskHistogram>('/api/kpis/ask-histogram');
  return (
    <Panel title="Dollar asks" testId="ask-histogram" className="w-3" subtitle="Individual payment demands per amount band">
      <QueryBody q={q} feature="Dollar asks" height={220} isEmpty={(d) => d.buckets.every((b) => b.count === 0)} empty="No dollar asks in this window.">
        {(d) => (
          <>
            <Bars categories={d.buckets.map((b) => b.label)} values={d.buckets.map((b) => b.count)} format={fmtInt} height={220} label="Histogram of dollar asks" color="#b45309" />
            <DataTable caption="Dollar asks" columns={['Amount', 'Asks']} rows={d.buckets.map((b) => [b.label, fmtInt(b.count)])} />
          </>
        )}
      </QueryBody>
    </Panel>
  );
}

// ------------------------------------------------------------------ live calls

export function LiveCallsPanel() {
  const q = useQuery({
    ...kpiQueryOptions<ActiveCalls>('/api/kpis/active-calls'),
    refetchInterval: 5000,
    refetchIntervalInBackground: false,
  });
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
        </>
      }
    >
      <QueryBody q={q} feature="Live calls" height={80} isEmpty={(d) => d.calls.length === 0} empty="No calls in progress right now.">
        {(d) => (
          <>
            <p className="live-count" aria-live="polite">
              <strong data-testid="live-count">{fmtInt(d.active_count)}</strong> {d.active_count === 1 ? 'call' : 'calls'} in progress
            </p>
            <div className="table-scroll">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Call</th>
                    <th scope="col">Caller ID</th>
                    <th scope="col">Persona</th>
                    <th scope="col">Impersonating</th>
                    <th scope="col">Lure</th>
                    <th scope="col">State</th>
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
                      <td>{c.caller_id ?? '—'}</td>
                      <td>{c.persona ?? '—'}</td>
                      <td>{c.impersonated_brand ?? '—'}</td>
                      <td>{c.lure_category ?? '—'}</td>
                      <td>
                        <span className="badge">{c.state ?? 'unknown'}</span>
                      </td>
                      <td className="num">{fmtDuration((Date.now() - Date.parse(c.started_at)) / 1000)}</td>
                      <td className="num">{fmtAgo(c.last_heartbeat)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </QueryBody>
    </Panel>
  );
}

// ------------------------------------------------------------------ tier-1 table

const short = (s: string | null, n = 14) => (s && s.length > n ? `${s.slice(0, n - 4)}…${s.slice(-3)}` : s ?? '');

function ExportButton() {
  const tier = useTier();
  const w = useWindow();
  const [busy, setBusy] = useState(false);
  const [msg, setMsg] = useState<{ kind: 'error' | 'pro'; text: string } | null>(null);
  if (tier === 'free' || msg?.kind === 'pro') {
    return (
      <span className="pro-inline" data-state="pro">
        <button type="button" className="btn btn-small" disabled aria-describedby="export-pro">
          Export CSV
        </button>
        <span id="export-pro" className="badge badge-pro">
          Pro plan
        </span>
      </span>
    );
  }
  const run = async () => {
    setBusy(true);
    setMsg(null);
    try {
      await downloadFile('/api/exports/tier1', w.query, `tier1-${w.key}.csv`);
    } catch (err) {
      if (err instanceof ApiError && err.proRequired) setMsg({ kind: 'pro', text: '' });
      else setMsg({ kind: 'error', text: err instanceof ApiError && err.unavailable ? 'CSV export is not available on this server yet.' : errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="export">
      <button type="button" className="btn btn-small" onClick={run} disabled={busy} data-testid="export-csv">
        {busy ? 'Exporting…' : 'Export CSV'}
      </button>
      {msg && (
        <span className="form-error" role="alert">
          {msg.text}
        </span>
      )}
    </span>
  );
}

export function Tier1Panel() {
  const q = useKpi<Tier1Table>('/api/kpis/tier1', { limit: 100 });
  return (
    <Panel
      title="Tier-1 intel"
      testId="tier1"
      className="w-6"
      subtitle={q.data ? `Mule accounts, crypto wallets, gift cards and drop addresses · showing ${fmtInt(q.data.items.length)} of ${fmtInt(q.data.total)}, newest first` : 'Mule accounts, crypto wallets, gift cards and drop addresses'}
      actions={<ExportButton />}
    >
      <QueryBody q={q} feature="Tier-1 intel" height={120} isEmpty={(d) => d.items.length === 0} empty="No tier-1 calls in this window.">
        {(d) => (
          <div className="table-scroll table-tall">
            <table className="tier1">
              <thead>
                <tr>
                  <th scope="col">Started</th>
                  <th scope="col">Call</th>
                  <th scope="col" className="num">
                    Confidence
                  </th>
                  <th scope="col">Mule bank</th>
                  <th scope="col">Routing</th>
                  <th scope="col">Account</th>
                  <th scope="col">Account holder</th>
                  <th scope="col">Crypto</th>
                  <th scope="col">Gift card</th>
                  <th scope="col">Drop address</th>
                </tr>
              </thead>
              <tbody>
                {d.items.map((r) => (
                  <tr key={r.call_sid}>
                    <td className="nowrap">{fmtDateTime(r.call_started_at)}</td>
                    <td>
                      <Link to={`/calls/${encodeURIComponent(r.call_sid)}`} title={r.call_sid}>
                        <code>{short(r.call_sid)}</code>
                      </Link>
                    </td>
                    <td className="num">{fmtPct(r.auditor_confidence)}</td>
                    <td>{r.mule_bank_name}</td>
                    <td>
                      <code>{r.mule_bank_routing_number}</code>
                    </td>
                    <td>
                      <code>{r.mule_bank_account_number}</code>
                    </td>
                    <td>{r.mule_account_holder_name}</td>
                    <td>
                      {r.crypto_wallet_address && (
                        <span title={r.crypto_wallet_address}>
                          {r.crypto_chain && <span className="badge">{r.crypto_chain}</span>} <code>{short(r.crypto_wallet_address, 16)}</code>
                        </span>
                      )}
                      {!r.crypto_wallet_address && r.crypto_chain}
                    </td>
                    <td>{r.gift_card_brand}</td>
                    <td>{r.physical_mule_drop_address}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryBody>
    </Panel>
  );
}

