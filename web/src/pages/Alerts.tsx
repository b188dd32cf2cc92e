// Alert rules (threshold on a metric over a sliding window, delivered like webhooks) and
// their firings. Pro plan: a free org sees the pro state without any alerts request.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ChoiceSelect, Field, FormError } from '../components/Field';
import { Panel } from '../components/Panel';
import { ProPage } from '../components/ProPage';
import { QueryTable } from '../components/QueryTable';
import { SecretOnce } from '../components/SecretOnce';
import { ErrorState, Loading } from '../components/states';
import { api } from '../lib/api';
import { fmtDateTime } from '../lib/format';
import type { AlertCatalog, AlertRule, Firing, Items } from '../lib/types';
import { metricLabel, RULES, RuleRow } from './alerts/RuleRow';
import { ConditionFields, NameField, TargetField, WindowField } from './alerts/fields';
import { fmtInUnit, fromInput, metricHelp, opSymbol, unitOf, validWindow } from './alerts/units';
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
        <NameField id={`${ids}n`} value={f.name} onChange={set('name')} placeholder="Tier-1 spike" testId="rule-name" />
        <Field id={`${ids}m`} label="Metric">
          <ChoiceSelect
            id={`${ids}m`}
            value={f.metric}
            choices={catalog.metrics.map((m) => ({ value: m.name, label: metricLabel(m.name) }))}
            onChoose={(metric) => setF({ ...f, metric, threshold: '' })}
            aria-describedby={`${ids}md`}
            data-testid="rule-metric"
          />
        </Field>
        <ConditionFields ids={ids} f={f} setF={setF} metric={f.metric} unit={unit} operators={catalog.operators} describedBy={`${ids}md`} />
        <WindowField id={`${ids}w`} value={f.window_min} onChange={set('window_min')} testId="rule-window" />
        <Field id={`${ids}c`} label="Channel" className="field-narrow">
          <select id={`${ids}c`} value={f.channel} onChange={set('channel')}>
            {catalog.channels.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </Field>
        <TargetField
          id={`${ids}u`}
          value={f.target}
          onChange={set('target')}
          placeholder="https://example.com/hooks/alerts"
          testId="rule-target"
        />
        <button type="submit" className="btn btn-primary" disabled={!ready || create.isPending}>
          {create.isPending ? 'Creating…' : 'Create rule'}
        </button>
      </form>
      <p id={`${ids}md`} className="help">
        {metricHelp(f.metric, unit, metric?.description)}
      </p>
      <FormError problem={problem} error={create.error} />
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
          columns={['Rule', 'Condition', 'Delivers to', 'State', 'Created', { label: 'Actions', srOnly: true }]}
          row={(r) => <RuleRow key={r.id} r={r} catalog={catalog.data} />}
        />
      </Panel>
      <Panel title="Firings" testId="firings" subtitle="Newest first">
        <QueryTable
          query={firings}
          feature="Firings"
          empty="No rule has fired yet."
          tall
          columns={['Fired', 'Rule', 'Condition', { label: 'Value', num: true }, 'Window', 'Resolved']}
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
  return (
    <ProPage
      name="alerts"
      title="Alerts"
      subtitle="Be told when a figure crosses a threshold; firings are delivered to your endpoint, signed like webhooks."
    >
      <AlertsPro />
    </ProPage>
  );
}
