// One alert rule in the list: its condition in the metric's unit, pause/resume, edit in place
// (PATCH with the changed fields only) and delete.

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { FormError, SmallButton } from '../../components/Field';
import { ConfirmDelete } from '../../components/SecretOnce';
import { api } from '../../lib/api';
import { fmtDateTime, humanize } from '../../lib/format';
import type { AlertCatalog, AlertRule } from '../../lib/types';
import { ConditionFields, NameField, TargetField, WindowField } from './fields';
import { fmtInUnit, fmtWindow, fromInput, opSymbol, toInput, unitOf, validWindow } from './units';

export const RULES = ['alerts', 'rules'];
const COLUMNS = 6;

export const metricLabel = (m: string) => METRIC_LABELS[m] ?? humanize(m);
const METRIC_LABELS: Record<string, string> = {
  calls: 'Calls',
  cleanly_closed: 'Cleanly closed calls',
  hooked_calls: 'Hooked calls',
  hook_rate: 'Hook rate',
  insights_produced: 'Insights',
  tier1_calls: 'Tier-1 calls',
  tier2_calls: 'Tier-2 calls',
  tier3_calls: 'Tier-3 calls',
  high_confidence_insights: 'High-confidence insights',
  total_dollars_asked: 'Money asked',
  total_dollars_dangled: 'Money dangled',
};

function EditRule({ r, catalog, onDone }: { r: AlertRule; catalog: AlertCatalog; onDone: () => void }) {
  const qc = useQueryClient();
  const ids = useId();
  const unit = unitOf(catalog, r.metric);
  const [f, setF] = useState({
    name: r.name,
    operator: r.operator,
    threshold: toInput(unit, r.threshold),
    window_min: String(r.window_min),
    target: r.target,
  });
  const parsed = fromInput(unit, f.threshold);
  const problem = !f.name.trim()
    ? 'The rule needs a name.'
    : !parsed.ok
      ? parsed.problem
      : !validWindow(f.window_min)
        ? 'The window is 1 to 10,080 minutes (one week).'
        : !/^https:\/\//i.test(f.target.trim())
          ? 'The target must be an https:// URL.'
          : null;
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      api<AlertRule>(`/api/alerts/rules/${encodeURIComponent(r.id)}`, { method: 'PATCH', body }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: RULES });
      onDone();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (problem || !parsed.ok) return;
    // Only what changed: a PATCH of an unchanged field would still be a write.
    const body: Record<string, unknown> = {};
    if (f.name.trim() !== r.name) body.name = f.name.trim();
    if (f.operator !== r.operator) body.operator = f.operator;
    if (parsed.value !== r.threshold) body.threshold = parsed.value;
    if (Number(f.window_min) !== r.window_min) body.window_min = Number(f.window_min);
    if (f.target.trim() !== r.target) body.target = f.target.trim();
    if (Object.keys(body).length === 0) return onDone();
    save.mutate(body);
  };
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  return (
    <tr className="rule-edit" data-edit-rule={r.id}>
      <td colSpan={COLUMNS}>
        <form className="rule-edit-form" onSubmit={submit} aria-label={`Edit the rule ${r.name}`}>
          <NameField id={`${ids}n`} value={f.name} onChange={set('name')} />
          <ConditionFields ids={ids} f={f} setF={setF} metric={r.metric} unit={unit} operators={catalog.operators} />
          <WindowField id={`${ids}w`} value={f.window_min} onChange={set('window_min')} />
          <TargetField id={`${ids}u`} value={f.target} onChange={set('target')} />
          <div className="row-actions">
            <button type="submit" className="btn btn-primary btn-small" disabled={!!problem || save.isPending}>
              {save.isPending ? 'Saving…' : 'Save'}
            </button>
            <button type="button" className="btn btn-small btn-ghost" onClick={onDone}>
              Cancel
            </button>
          </div>
        </form>
        <FormError problem={problem} error={save.error} />
      </td>
    </tr>
  );
}

export function RuleRow({ r, catalog }: { r: AlertRule; catalog: AlertCatalog | undefined }) {
  const qc = useQueryClient();
  const [editing, setEditing] = useState(false);
  const unit = unitOf(catalog, r.metric);
  const enabled = r.enabled !== false;
  const del = useMutation({
    mutationFn: () => api(`/api/alerts/rules/${encodeURIComponent(r.id)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: RULES }),
  });
  const pause = useMutation({
    mutationFn: (next: boolean) =>
      api<AlertRule>(`/api/alerts/rules/${encodeURIComponent(r.id)}`, { method: 'PATCH', body: { enabled: next } }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: RULES }), qc.invalidateQueries({ queryKey: ['alerts', 'firings'] })]),
  });
  return (
    <>
      <tr data-rule={r.name} data-rule-id={r.id} className={enabled ? undefined : 'rule-paused'}>
        <td>
          <strong>{r.name}</strong>
        </td>
        <td data-testid="rule-condition">
          {metricLabel(r.metric)} {opSymbol(r.operator)} <span data-testid="rule-threshold">{fmtInUnit(r.metric, unit, r.threshold)}</span>{' '}
          <span className="muted">in {fmtWindow(r.window_min)}</span>
        </td>
        <td className="break">
          <span className="muted">{r.channel} →</span> {r.target}
        </td>
        <td>
          {enabled ? <span className={`badge badge-${r.state}`}>{r.state}</span> : <span className="badge badge-paused">paused</span>}
        </td>
        <td className="nowrap">{fmtDateTime(r.created_at)}</td>
        <td>
          <div className="row-actions">
            <SmallButton
              label={`${enabled ? 'Pause' : 'Resume'} ${r.name}`}
              onClick={() => pause.mutate(!enabled)}
              disabled={pause.isPending}
            >
              {enabled ? 'Pause' : 'Resume'}
            </SmallButton>
            <SmallButton label={`Edit ${r.name}`} onClick={() => setEditing((e) => !e)} aria-expanded={editing} disabled={!catalog}>
              Edit
            </SmallButton>
            <ConfirmDelete what={`the rule ${r.name}`} onConfirm={() => del.mutate()} busy={del.isPending} />
          </div>
          <FormError error={del.error ?? pause.error} small />
        </td>
      </tr>
      {editing && catalog && <EditRule r={r} catalog={catalog} onDone={() => setEditing(false)} />}
    </>
  );
}
