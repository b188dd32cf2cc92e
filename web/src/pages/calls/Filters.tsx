// The call-list filter form (search, multi-selects of the values seen in the window, tier,
// hooked, duration) and the active filters as removable chips.

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ChoiceSelect, Field, FormError, type Choice } from '../../components/Field';
import { MultiSelect, type Option } from '../../components/MultiSelect';
import { api } from '../../lib/api';
import { EMPTY_FILTERS, FILTER_LABELS, VALUE_FILTERS, type CallFilters, type ValueFilter, type PickedFilter } from '../../lib/callFilters';
import { valueLabel } from '../../lib/labels';
import { stateName } from '../../lib/states';
import type { Geo, TopN } from '../../lib/types';
import { useWindow } from '../../lib/window';

/** A filter value in words: state names, lures and payment methods without their codes. */
const filterValueText = (k: ValueFilter, v: string) => (k === 'caller_state' ? stateName(v) : valueLabel(k, v));

/** The values seen in the window, most frequent first (the 50 of top-N; states from the geo panel). */
function useOptions(field: PickedFilter) {
  const w = useWindow();
  return useQuery({
    queryKey: ['options', field, w.key],
    queryFn: async ({ signal }): Promise<Option[]> => {
      if (field === 'caller_state') {
        const geo = await api<Geo>('/api/kpis/attacker-geo', { query: w.query, signal });
        return geo.items.map((i) => ({ value: i.state, text: `${stateName(i.state)} (${i.state})`, count: i.count }));
      }
      const top = await api<TopN>(`/api/kpis/topn/${field}`, { query: { ...w.query, n: 50 }, signal });
      return top.items.map((i) => ({ value: i.label, text: valueLabel(field, i.label), count: i.count }));
    },
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

const HOOKED: Choice[] = [
  { value: '', label: 'Any' },
  { value: 'true', label: 'Hooked (≥ 15 s with intel)' },
  { value: 'false', label: 'Not hooked' },
];

/** A bound of the duration filter, in whole seconds; leaving the box applies the filters. */
function SecondsInput({ bound, value, onChange }: { bound: 'min' | 'max'; value: string; onChange: (v: string) => void }) {
  return (
    <input
      type="number"
      min={0}
      max={86400}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={bound}
      aria-label={`${bound === 'min' ? 'Minimum' : 'Maximum'} duration in seconds`}
      onBlur={(e) => e.currentTarget.form?.requestSubmit()}
    />
  );
}

function Pick({
  field,
  label,
  filters,
  setFilters,
}: {
  field: PickedFilter;
  label: string;
  filters: CallFilters;
  setFilters: (f: CallFilters) => void;
}) {
  const q = useOptions(field);
  return (
    <MultiSelect
      name={field}
      label={label}
      options={q.data ?? []}
      loading={q.isPending}
      selected={filters[field]}
      textOf={(v) => filterValueText(field, v)}
      onChange={(values) => setFilters({ ...filters, [field]: values })}
    />
  );
}

export function FiltersForm({ filters, setFilters }: { filters: CallFilters; setFilters: (f: CallFilters) => void }) {
  const [q, setQ] = useState(filters.q);
  const [minD, setMinD] = useState(filters.min_duration_sec);
  const [maxD, setMaxD] = useState(filters.max_duration_sec);
  useEffect(() => setQ(filters.q), [filters.q]);
  useEffect(() => setMinD(filters.min_duration_sec), [filters.min_duration_sec]);
  useEffect(() => setMaxD(filters.max_duration_sec), [filters.max_duration_sec]);
  const ids = useId();

  const durationError =
    (minD && !/^\d+$/.test(minD)) || (maxD && !/^\d+$/.test(maxD))
      ? 'Durations are whole seconds.'
      : (minD && Number(minD) > 86_400) || (maxD && Number(maxD) > 86_400)
        ? 'Durations are at most 86,400 seconds (one day).'
        : minD && maxD && Number(minD) > Number(maxD)
          ? 'The minimum is above the maximum.'
          : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (durationError) return;
    setFilters({ ...filters, q: q.trim(), min_duration_sec: minD, max_duration_sec: maxD });
  };
  const toggleTier = (t: number) =>
    setFilters({ ...filters, tier: filters.tier.includes(t) ? filters.tier.filter((x) => x !== t) : [...filters.tier, t].sort() });

  return (
    <form className="filters" onSubmit={submit} role="search" aria-label="Search calls">
      <Field id={`${ids}q`} label="Search transcripts">
        <div className="input-row">
          <input
            id={`${ids}q`}
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="e.g. gift card, AnyDesk"
            maxLength={500}
            data-testid="calls-q"
          />
          <button type="submit" className="btn btn-primary">
            Search
          </button>
        </div>
      </Field>
      <Pick field="impersonated_brand" label="Impersonated brand" filters={filters} setFilters={setFilters} />
      <Pick field="lure_category" label="Lure" filters={filters} setFilters={setFilters} />
      <Pick field="payment_method" label="Payment method" filters={filters} setFilters={setFilters} />
      <Pick field="caller_state" label="Caller state" filters={filters} setFilters={setFilters} />
      <fieldset className="field tiers-field">
        <legend>Tier</legend>
        {[1, 2, 3].map((t) => (
          <label key={t} className="check">
            <input type="checkbox" checked={filters.tier.includes(t)} onChange={() => toggleTier(t)} data-testid={`tier-${t}`} /> Tier {t}
          </label>
        ))}
      </fieldset>
      <Field id={`${ids}h`} label="Hooked">
        <ChoiceSelect
          id={`${ids}h`}
          value={filters.hooked}
          choices={HOOKED}
          onChoose={(v) => setFilters({ ...filters, hooked: v as CallFilters['hooked'] })}
          data-testid="calls-hooked"
        />
      </Field>
      <div className="field">
        <span className="label" id={`${ids}d`}>
          Duration (seconds)
        </span>
        <div className="input-row" role="group" aria-labelledby={`${ids}d`}>
          <SecondsInput bound="min" value={minD} onChange={setMinD} />
          <SecondsInput bound="max" value={maxD} onChange={setMaxD} />
        </div>
        <FormError problem={durationError} />
      </div>
    </form>
  );
}

/** Every active filter as a chip with a remove button; drill-down filters show up here too. */
export function ActiveFilters({ filters, setFilters }: { filters: CallFilters; setFilters: (f: CallFilters) => void }) {
  const chips: { key: string; label: string; remove: () => void }[] = [];
  if (filters.q) chips.push({ key: 'q', label: `“${filters.q}”`, remove: () => setFilters({ ...filters, q: '' }) });
  for (const k of VALUE_FILTERS)
    for (const v of filters[k])
      chips.push({
        key: `${k}=${v}`,
        label: `${FILTER_LABELS[k]}: ${filterValueText(k, v)}`,
        remove: () => setFilters({ ...filters, [k]: filters[k].filter((x) => x !== v) }),
      });
  for (const t of filters.tier)
    chips.push({
      key: `tier=${t}`,
      label: `Tier ${t}`,
      remove: () => setFilters({ ...filters, tier: filters.tier.filter((x) => x !== t) }),
    });
  if (filters.hooked)
    chips.push({
      key: 'hooked',
      label: filters.hooked === 'true' ? 'Hooked' : 'Not hooked',
      remove: () => setFilters({ ...filters, hooked: '' }),
    });
  if (filters.min_duration_sec)
    chips.push({ key: 'min', label: `≥ ${filters.min_duration_sec} s`, remove: () => setFilters({ ...filters, min_duration_sec: '' }) });
  if (filters.max_duration_sec)
    chips.push({ key: 'max', label: `≤ ${filters.max_duration_sec} s`, remove: () => setFilters({ ...filters, max_duration_sec: '' }) });
  if (!chips.length) return null;
  return (
    <div className="chips" aria-label="Active filters" data-testid="active-filters">
      {chips.map((c) => (
        <span className="chip" key={c.key} data-chip={c.key}>
          {c.label}
          <button type="button" onClick={c.remove} aria-label={`Remove filter ${c.label}`}>
            ×
          </button>
        </span>
      ))}
      <button type="button" className="btn-link" onClick={() => setFilters(EMPTY_FILTERS)}>
        Clear all
      </button>
    </div>
  );
}
