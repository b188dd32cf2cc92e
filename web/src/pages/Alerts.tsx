// Alert rules (threshold on a metric over a sliding window, delivered like webhooks) and
// their firings. Pro plan.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { PageHeader } from '../components/PageHeader';
import { Panel } from '../components/Panel';
import { QueryTable } from '../components/QueryTable';
import { ConfirmDelete, SecretOnce } from '../components/SecretOnce';
import { ErrorState, Loading, ProNotice } from '../components/states';
import { api, ApiError, errorMessage } from '../lib/api';
import { fmtDateTime, fmtInt, fmtNum, fmtPct, fmtUsd, humanize } from '../lib/format';
import { useTier } from '../lib/tier';
import type { AlertCatalog, AlertRule, Firing, Items } from '../lib/types';

const RULES = ['alerts', 'rules'];
const OPS: Record<string, string> = { gte: '≥', lte: '≤' };
const METRIC_LABELS: Record<string, string> = {
  calls: 'Calls',
  hooked_calls: 'Hooked calls',
  hook_rate: 'Hook rate',
  tier1_calls: 'Tier-1 calls',
  tier2_calls: 'Tier-2 calls',
  tier3_calls: 'Tier-3 calls',
  high_confidence_insights: 'High-confidence insights',
  total_dollars_asked: 'Dollars asked',
};
const metricLabel = (m: string) => METRIC_LABELS[m] ?? humanize(m);

const fmtMetric = (metric: string, v: number) => (metric === 'hook_rate' ? fmtPct(v) : metric.includes('dollars') ? fmtUsd(v) : Number.isInteger(v) ? fmtInt(v) : fmtNum(v));

function fmtWindow(min: number) {
  if (min % 1440 === 0) return `${fmtInt(min / 1440)} ${min === 1440 ? 'day' : 'days'}`;
  if (min % 60 === 0) return `${fmtInt(min / 60)} ${min === 60 ? 'hour' : 'hours'}`;
  return `${fmtInt(min)} min`;
}

function CreateRule({ catalog }: { catalog: AlertCatalog }) {
  const qc = useQueryClient();
  const ids = useId();
  const [f, setF] = useState({ name: '', metric: catalog.metrics[0]?.name ?? '', operator: catalog.operators[0] ?? 'gte', threshold: '', window_min: '60', channel: catalog.channels[0] ?? 'webhook', target: '' });
  const [created, setCreated] = useState<AlertRule | null>(null);
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  const create = useMutation({
    mutationFn: () =>
      api<AlertRule>('/api/alerts/rules', {
        method: 'POST',
        body: { name: f.name.trim(), metric: f.metric, operator: f.operator, threshold: Number(f.threshold), window_min: Number(f.window_min), channel: f.channel, target: f.target.trim() },
      }),
    onSuccess: (r) => {
      setCreated(r);
      setF({ ...f, name: '', threshold: '', target: '' });
      return qc.invalidateQueries({ queryKey: RULES });
    },
  });
  const problem =
    f.threshold !== '' && !Number.isFinite(Number(f.threshold))
      ? 'The threshold must be a number.'
      : f.window_min !== '' && !(Number.isInteger(Number(f.window_min)) && Number(f.window_min) >= 1 && Number(f.window_min) <= 10080)
        ? 'The window is 1 to 10,080 minutes (one week).'
        : f.target && !/^https:\/\//i.test(f.target.trim())
          ? 'The target must be an https:// URL.'
          : null;
  const ready = f.name.trim() && f.metric && f.threshold !== '' && f.window_min && f.target.trim() && !problem;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (ready) create.mutate();
  };
  const metric = catalog.metrics.find((m) => m.name === f.metric);
  return (
    <>
      {created?.secret && <SecretOnce title={`Created the rule “${created.name}”`} secret={created.secret} onDone={() => setCreated(null)} />}
      <form className="rule-form" onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${ids}n`}>Name</label>
          <input id={`${ids}n`} value={f.name} onChange={set('name')} placeholder="Tier-1 spike" maxLength={200} required />
        </div>
        <div className="field">
          <label htmlFor={`${ids}m`}>Metric</label>
          <select id={`${ids}m`} value={f.metric} onChange={set('metric')} aria-describedby={`${ids}md`}>
            {catalog.metrics.map((m) => (
              <option key={m.name} value={m.name}>
                {metricLabel(m.name)}
              </option>
            ))}
          </select>
        </div>
        <div className="field field-narrow">
          <label htmlFor={`${ids}o`}>Condition</label>
          <select id={`${ids}o`} value={f.operator} onChange={set('operator')}>
            {catalog.operators.map((o) => (
              <option key={o} value={o}>
                {OPS[o] ?? o} {o === 'gte' ? '(at least)' : o === 'lte' ? '(at most)' : ''}
              </option>
            ))}
          </select>
        </div>
        <div className="field field-narrow">
          <label htmlFor={`${ids}t`}>Threshold</label>
          <input id={`${ids}t`} type="number" step="any" value={f.threshold} onChange={set('threshold')} required placeholder={f.metric === 'hook_rate' ? '0.5' : '10'} />
        </div>
        <div className="field field-narrow">
          <label htmlFor={`${ids}w`}>Window (min)</label>
          <input id={`${ids}w`} type="number" min={1} max={10080} value={f.window_min} onChange={set('window_min')} required />
        </div>
        <div className="field field-narrow">
          <label htmlFor={`${ids}c`}>Channel</label>
          <select id={`${ids}c`} value={f.channel} onChange={set('channel')}>
            {catalog.channels.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </div>
        <div className="field grow">
          <label htmlFor={`${ids}u`}>Target URL</label>
          <input id={`${ids}u`} type="url" value={f.target} onChange={set('target')} placeholder="https://example.com/hooks/alerts" required maxLength={2048} />
        </div>
        <button type="submit" className="btn btn-primary" disabled={!ready || create.isPending}>
          {create.isPending ? 'Creating…' : 'Create rule'}
        </button>
      </form>
      <p id={`${ids}md`} className="help">
        {metric?.description}
        {f.metric === 'hook_rate' ? ' Hook rate is a fraction from 0 to 1.' : ''}
      </p>
      {(problem || create.isError) && (
        <p className="form-error" role="alert">
          {problem ?? errorMessage(create.error)}
        </p>
      )}
    </>
  );
}

function RuleRow({ r }: { r: AlertRule }) {
  const qc = useQueryClient();
  const del = useMutation({
    mutationFn: () => api(`/api/alerts/rules/${encodeURIComponent(r.id)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: RULES }),
  });
  return (
    <tr>
      <td>
        <strong>{r.name}</strong>
      </td>
      <td>
        {metricLabel(r.metric)} {OPS[r.operator] ?? r.operator} {fmtMetric(r.metric, r.threshold)} <span className="muted">in {fmtWindow(r.window_min)}</span>
      </td>
      <td className="break">
        <span className="muted">{r.channel} →</span> {r.target}
      </td>
      <td>
        <span className={`badge badge-${r.state}`}>{r.state}</span>
      </td>
      <td className="nowrap">{fmtDateTime(r.created_at)}</td>
      <td>
        <ConfirmDelete what={`the rule ${r.name}`} onConfirm={() => del.mutate()} busy={del.isPending} />
        {del.isError && (
          <p className="form-error small" role="alert">
            {errorMessage(del.error)}
          </p>
        )}
      </td>
    </tr>
  );
}

export default function Alerts() {
  const tier = useTier();
  const catalog = useQuery({ queryKey: ['alerts', 'catalog'], queryFn: () => api<AlertCatalog>('/api/alerts/catalog') });
  const rules = useQuery({ queryKey: RULES, queryFn: () => api<Items<AlertRule>>('/api/alerts/rules'), refetchInterval: 15_000 });
  const firings = useQuery({ queryKey: ['alerts', 'firings'], queryFn: () => api<Items<Firing>>('/api/alerts/firings', { query: { limit: 100 } }), refetchInterval: 15_000 });
  const pro = tier === 'free' || (catalog.error instanceof ApiError && catalog.error.proRequired);
  return (
    <div className="page page-alerts">
      <PageHeader title="Alerts" subtitle="Be told when a figure crosses a threshold; firings are delivered to your endpoint, signed like webhooks." />
      {pro ? (
        <ProNotice feature="Alerts" height={160} />
      ) : catalog.isError ? (
        <ErrorState error={catalog.error} feature="Alerts" onRetry={() => void catalog.refetch()} />
      ) : (
        <div className="stack">
          <Panel title="Rules" testId="rules">
            {catalog.isPending ? <Loading label="Loading the alert catalog" /> : <CreateRule catalog={catalog.data} />}
            <QueryTable
              query={rules}
              feature="Rules"
              empty="No alert rules yet."
              columns={[
                { label: 'Rule' },
                { label: 'Condition' },
                { label: 'Delivers to' },
                { label: 'State' },
                { label: 'Created' },
                { label: 'Actions', srOnly: true },
              ]}
              row={(r) => <RuleRow key={r.id} r={r} />}
            />
          </Panel>
          <Panel title="Firings" testId="firings" subtitle="Newest first">
            <QueryTable
              query={firings}
              feature="Firings"
              empty="No rule has fired yet."
              tall
              columns={[
                { label: 'Fired' },
                { label: 'Rule' },
                { label: 'Condition' },
                { label: 'Value', num: true },
                { label: 'Window' },
                { label: 'Resolved' },
              ]}
              row={(x) => (
                <tr key={x.id}>
                  <td className="nowrap">{fmtDateTime(x.fired_at, { seconds: true })}</td>
                  <td>{x.rule_name}</td>
                  <td>
                    {metricLabel(x.metric)} {OPS[x.operator] ?? x.operator} {fmtMetric(x.metric, x.threshold)}
                  </td>
                  <td className="num">
                    <strong>{fmtMetric(x.metric, x.value)}</strong>
                  </td>
                  <td className="nowrap small">
                    {fmtDateTime(x.window_start)} – {fmtDateTime(x.window_end)}
                  </td>
                  <td>{x.resolved_at ? fmtDateTime(x.resolved_at) : <span className="badge badge-firing">firing</span>}</td>
                </tr>
              )}
            />
          </Panel>
        </div>
      )}
    </div>
  );
}
