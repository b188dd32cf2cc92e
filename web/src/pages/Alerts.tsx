// Alert rules (threshold on a metric over a sliding window, delivered like webhooks) and
// their firings. Pro plan: a free org sees the pro state without any alerts request.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { PageHeader } from '../components/PageHeader';
import { Panel } from '../components/Panel';
import { QueryTable } from '../components/QueryTable';
import { SecretOnce } from '../components/SecretOnce';
import { ErrorState, Loading, ProNotice } from '../components/states';
import { api, errorMessage } from '../lib/api';
import { fmtDateTime } from '../lib/format';
import { useTier } from '../lib/tier';
import type { AlertCatalog, AlertRule, Firing, Items } from '../lib/types';
import { metricLabel, RULES, RuleRow } from './alerts/RuleRow';
import { ThresholdField } from './alerts/ThresholdField';
import { OperatorField } from './alerts/OperatorField';
import { fmtInUnit, fromInput, opSymbol, unitAffix, unitOf, validWindow } from './alerts/units';
import './pages.css';

function CreateRule({ catalog }: { catalog: AlertCatalog }) {
  const qc = useQueryClient();
  const ids = useId();
  const [f, setF] = useState({
    name: '',
    metric: catalog.metrics[0]?.name ?? '',
    operator: catalog.operators[0] ?? 'gte',
    threshold: '',
    window_min: '60',
    channel: catalog.channels[0] ?? 'webhook',
    target: '',
  });
  const [created, setCreated] = useState<AlertRule | null>(null);
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  const unit = unitOf(catalog, f.metric);
  const parsed = fromInput(unit, f.threshold);
  const create = useMutation({
    mutationFn: (threshold: number) =>
      api<AlertRule>('/api/alerts/rules', {
        method: 'POST',
        body: {
          name: f.name.trim(),
          metric: f.metric,
          operator: f.operator,
          threshold,
          window_min: Number(f.window_min),
          channel: f.channel,
          target: f.target.trim(),
        },
      }),
    onSuccess: (r) => {
      setCreated(r);
      setF({ ...f, name: '', threshold: '', target: '' });
      return qc.invalidateQueries({ queryKey: RULES });
    },
  });
  const problem =
    f.threshold !== '' && !parsed.ok
      ? parsed.problem
      : f.window_min !== '' && !validWindow(f.window_min)
        ? 'The window is 1 to 10,080 minutes (one week).'
        : f.target && !/^https:\/\//i.test(f.target.trim())
          ? 'The target must be an https:// URL.'
          : null;
  const ready = f.name.trim() && f.metric && parsed.ok && f.window_min && f.target.trim() && !problem;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (ready && parsed.ok) create.mutate(parsed.value);
  };
  const metric = catalog.metrics.find((m) => m.name === f.metric);
  return (
    <>
      {created?.secret && (
        <SecretOnce title={`Created the rule “${created.name}”`} secret={created.secret} onDone={() => setCreated(null)} />
      )}
      <form className="rule-form" onSubmit={submit} aria-label="New alert rule">
        <div className="field">
          <label htmlFor={`${ids}n`}>Name</label>
          <input
            id={`${ids}n`}
            value={f.name}
            onChange={set('name')}
            placeholder="Tier-1 spike"
            maxLength={200}
            required
            data-testid="rule-name"
          />
        </div>
        <div className="field">
          <label htmlFor={`${ids}m`}>Metric</label>
          <select
            id={`${ids}m`}
            value={f.metric}
            onChange={(e) => setF({ ...f, metric: e.target.value, threshold: '' })}
            aria-describedby={`${ids}md`}
            data-testid="rule-metric"
          >
            {catalog.metrics.map((m) => (
              <option key={m.name} value={m.name}>
                {metricLabel(m.name)}
              </option>
            ))}
          </select>
        </div>
        <OperatorField id={`${ids}o`} value={f.operator} operators={catalog.operators} onChange={set('operator')} />
        <ThresholdField
          id={`${ids}t`}
          metric={f.metric}
          unit={unit}
          value={f.threshold}
          onChange={(v) => setF({ ...f, threshold: v })}
          windowMin={f.window_min}
          invalid={f.threshold !== '' && !parsed.ok}
          describedBy={`${ids}md`}
        />
        <div className="field field-narrow">
          <label htmlFor={`${ids}w`}>Window (min)</label>
          <input
            id={`${ids}w`}
            type="number"
            min={1}
            max={10080}
            value={f.window_min}
            onChange={set('window_min')}
            required
            data-testid="rule-window"
          />
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
          <input
            id={`${ids}u`}
            type="url"
            value={f.target}
            onChange={set('target')}
            placeholder="https://example.com/hooks/alerts"
            required
            maxLength={2048}
            data-testid="rule-target"
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={!ready || create.isPending}>
          {create.isPending ? 'Creating…' : 'Create rule'}
        </button>
      </form>
      <p id={`${ids}md`} className="help">
        {metric?.description} {unitAffix(f.metric, unit).hint}
      </p>
      {(problem || create.isError) && (
        <p className="form-error" role="alert">
          {problem ?? errorMessage(create.error)}
        </p>
      )}
    </>
  );
}

function AlertsPro() {
  const catalog = useQuery({
    queryKey: ['alerts', 'catalog'],
    queryFn: () => api<AlertCatalog>('/api/alerts/catalog'),
    staleTime: 10 * 60_000,
  });
  const rules = useQuery({ queryKey: RULES, queryFn: () => api<Items<AlertRule>>('/api/alerts/rules'), refetchInterval: 15_000 });
  const firings = useQuery({
    queryKey: ['alerts', 'firings'],
    queryFn: () => api<Items<Firing>>('/api/alerts/firings', { query: { limit: 100 } }),
    refetchInterval: 15_000,
  });
  if (catalog.isError) return <ErrorState error={catalog.error} feature="Alerts" onRetry={() => void catalog.refetch()} />;
  const fmt = (metric: string, v: number) => fmtInUnit(metric, unitOf(catalog.data, metric), v);
  return (
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
          row={(r) => <RuleRow key={r.id} r={r} catalog={catalog.data} />}
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
                {metricLabel(x.metric)} {opSymbol(x.operator)} {fmt(x.metric, x.threshold)}
              </td>
              <td className="num">
                <strong>{fmt(x.metric, x.value)}</strong>
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
  );
}

export default function Alerts() {
  const tier = useTier();
  return (
    <div className="page page-alerts">
      <PageHeader
        title="Alerts"
        subtitle="Be told when a figure crosses a threshold; firings are delivered to your endpoint, signed like webhooks."
      />
      {tier === 'pro' ? <AlertsPro /> : <ProNotice feature="Alerts" height={160} />}
    </div>
  );
}
