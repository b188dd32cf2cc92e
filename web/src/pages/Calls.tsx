// The call list: transcript search, filters in the URL, cursor pagination, saved searches.

import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { PageHeader } from '../components/PageHeader';
import { Panel } from '../components/Panel';
import { SavedSearches } from '../components/SavedSearches';
import { Empty, ErrorState, Loading } from '../components/states';
import { WindowPicker } from '../components/WindowPicker';
import { api } from '../lib/api';
import { describeFilters, EMPTY_FILTERS, FILTER_LABELS, filtersFromSearch, filtersToQuery, LIST_FILTERS, type CallFilters, type ListFilter } from '../lib/callFilters';
import { fmtDateTime, fmtDuration, fmtInt, fmtUsd } from '../lib/format';
import { Link, navigate, useLocation } from '../lib/router';
import { STATES, stateName } from '../lib/states';
import type { CallList, TopN } from '../lib/types';
import { useWindow } from '../lib/window';

function urlFor(f: CallFilters): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(filtersToQuery(f))) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) v.forEach((x) => p.append(k, String(x)));
    else p.append(k, String(v));
  }
  const s = p.toString();
  return s ? `/calls?${s}` : '/calls';
}

export function useCallFilters(): [CallFilters, (f: CallFilters) => void] {
  const { search } = useLocation();
  const key = search.toString();
  const filters = useMemo(() => filtersFromSearch(new URLSearchParams(key)), [key]);
  return [filters, (f) => navigate(urlFor(f), { replace: false })];
}

/** Values seen in the window, to pick from (the 50 most frequent). */
function useOptions(field: string) {
  const w = useWindow();
  return useQuery({
    queryKey: ['options', field, w.key],
    queryFn: () => api<TopN>(`/api/kpis/topn/${field}`, { query: { ...w.query, n: 50 } }),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

function AddValue({ name, label, values, selected, onAdd }: { name: ListFilter; label: string; values: { value: string; text: string }[]; selected: string[]; onAdd: (v: string) => void }) {
  const id = useId();
  const free = values.filter((v) => !selected.some((s) => s.toLowerCase() === v.value.toLowerCase()));
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value=""
        data-filter={name}
        onChange={(e) => {
          if (e.target.value) onAdd(e.target.value);
        }}
      >
        <option value="">{selected.length ? 'Add another…' : 'Any'}</option>
        {free.map((v) => (
          <option key={v.value} value={v.value}>
            {v.text}
          </option>
        ))}
      </select>
    </div>
  );
}

function FiltersForm({ filters, setFilters }: { filters: CallFilters; setFilters: (f: CallFilters) => void }) {
  const [q, setQ] = useState(filters.q);
  const [minD, setMinD] = useState(filters.min_duration_sec);
  const [maxD, setMaxD] = useState(filters.max_duration_sec);
  useEffect(() => setQ(filters.q), [filters.q]);
  useEffect(() => setMinD(filters.min_duration_sec), [filters.min_duration_sec]);
  useEffect(() => setMaxD(filters.max_duration_sec), [filters.max_duration_sec]);
  const brands = useOptions('impersonated_brand');
  const lures = useOptions('lure_category');
  const payments = useOptions('payment_method');
  const ids = useId();

  const opts = (d: TopN | undefined) => (d?.items ?? []).map((i) => ({ value: i.label, text: `${i.label} (${fmtInt(i.count)})` }));
  const durationError =
    (minD && !/^\d+$/.test(minD)) || (maxD && !/^\d+$/.test(maxD))
      ? 'Durations are whole seconds.'
      : minD && maxD && Number(minD) > Number(maxD)
        ? 'The minimum is above the maximum.'
        : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (durationError) return;
    setFilters({ ...filters, q: q.trim(), min_duration_sec: minD, max_duration_sec: maxD });
  };
  const add = (k: ListFilter) => (v: string) => setFilters({ ...filters, [k]: [...filters[k], v] });
  const toggleTier = (t: number) =>
    setFilters({ ...filters, tier: filters.tier.includes(t) ? filters.tier.filter((x) => x !== t) : [...filters.tier, t].sort() });

  return (
    <form className="filters" onSubmit={submit} role="search" aria-label="Search calls">
      <div className="field">
        <label htmlFor={`${ids}q`}>Search transcripts</label>
        <div className="input-row">
          <input id={`${ids}q`} type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="e.g. gift card, AnyDesk" maxLength={500} data-testid="calls-q" />
          <button type="submit" className="btn btn-primary">
            Search
          </button>
        </div>
      </div>
      <AddValue name="impersonated_brand" label="Impersonated brand" values={opts(brands.data)} selected={filters.impersonated_brand} onAdd={add('impersonated_brand')} />
      <AddValue name="lure_category" label="Lure" values={opts(lures.data)} selected={filters.lure_category} onAdd={add('lure_category')} />
      <AddValue name="payment_method" label="Payment method" values={opts(payments.data)} selected={filters.payment_method} onAdd={add('payment_method')} />
      <AddValue name="caller_state" label="Caller state" values={STATES.map((s) => ({ value: s.code, text: `${s.name} (${s.code})` }))} selected={filters.caller_state} onAdd={add('caller_state')} />
      <fieldset className="field tiers-field">
        <legend>Tier</legend>
        {[1, 2, 3].map((t) => (
          <label key={t} className="check">
            <input type="checkbox" checked={filters.tier.includes(t)} onChange={() => toggleTier(t)} data-testid={`tier-${t}`} /> Tier {t}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${ids}h`}>Hooked</label>
        <select id={`${ids}h`} value={filters.hooked} onChange={(e) => setFilters({ ...filters, hooked: e.target.value as CallFilters['hooked'] })} data-testid="calls-hooked">
          <option value="">Any</option>
          <option value="true">Hooked (≥ 15 s with intel)</option>
          <option value="false">Not hooked</option>
        </select>
      </div>
      <div className="field">
        <span className="label" id={`${ids}d`}>
          Duration (seconds)
        </span>
        <div className="input-row" role="group" aria-labelledby={`${ids}d`}>
          <input type="number" min={0} max={86400} value={minD} onChange={(e) => setMinD(e.target.value)} placeholder="min" aria-label="Minimum duration in seconds" onBlur={(e) => e.currentTarget.form?.requestSubmit()} />
          <input type="number" min={0} max={86400} value={maxD} onChange={(e) => setMaxD(e.target.value)} placeholder="max" aria-label="Maximum duration in seconds" onBlur={(e) => e.currentTarget.form?.requestSubmit()} />
        </div>
        {durationError && (
          <p className="form-error" role="alert">
            {durationError}
          </p>
        )}
      </div>
    </form>
  );
}

function ActiveFilters({ filters, setFilters }: { filters: CallFilters; setFilters: (f: CallFilters) => void }) {
  const chips: { label: string; remove: () => void }[] = [];
  if (filters.q) chips.push({ label: `“${filters.q}”`, remove: () => setFilters({ ...filters, q: '' }) });
  for (const k of LIST_FILTERS)
    for (const v of filters[k])
      chips.push({ label: `${FILTER_LABELS[k]}: ${k === 'caller_state' ? stateName(v) : v}`, remove: () => setFilters({ ...filters, [k]: filters[k].filter((x) => x !== v) }) });
  for (const t of filters.tier) chips.push({ label: `Tier ${t}`, remove: () => setFilters({ ...filters, tier: filters.tier.filter((x) => x !== t) }) });
  if (filters.hooked) chips.push({ label: filters.hooked === 'true' ? 'Hooked' : 'Not hooked', remove: () => setFilters({ ...filters, hooked: '' }) });
  if (filters.min_duration_sec) chips.push({ label: `≥ ${filters.min_duration_sec} s`, remove: () => setFilters({ ...filters, min_duration_sec: '' }) });
  if (filters.max_duration_sec) chips.push({ label: `≤ ${filters.max_duration_sec} s`, remove: () => setFilters({ ...filters, max_duration_sec: '' }) });
  if (!chips.length) return null;
  return (
    <div className="chips" aria-label="Active filters">
      {chips.map((c) => (
        <span className="chip" key={c.label}>
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

const TIER_CLASS: Record<number, string> = { 1: 'badge-t1', 2: 'badge-t2', 3: 'badge-t3' };

function Results({ filters }: { filters: CallFilters }) {
  const w = useWindow();
  const q = useInfiniteQuery({
    queryKey: ['calls', w.key, filters],
    queryFn: ({ pageParam, signal }) => api<CallList>('/api/calls', { query: { ...w.query, ...filtersToQuery(filters), limit: 50, cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });
  if (q.isPending) return <Loading label="Loading calls" height={200} />;
  if (q.isError && !q.data) return <ErrorState error={q.error} feature="Calls" onRetry={() => void q.refetch()} />;
  const items = q.data.pages.flatMap((p) => p.items);
  if (items.length === 0) return <Empty height={160}>No calls match these filters in this window.</Empty>;
  return (
    <div className={q.isPlaceholderData ? 'updating' : undefined} aria-busy={q.isFetching || undefined}>
      <p className="result-count" aria-live="polite" data-testid="calls-count">
        Showing {fmtInt(items.length)} {items.length === 1 ? 'call' : 'calls'}
        {q.hasNextPage ? ' (more available)' : ''}, newest first
      </p>
      <div className="table-scroll">
        <table className="calls-table">
          <thead>
            <tr>
              <th scope="col">Started</th>
              <th scope="col">Call</th>
              <th scope="col" className="num">
                Duration
              </th>
              <th scope="col">Caller</th>
              <th scope="col">Brand</th>
              <th scope="col">Lure</th>
              <th scope="col">Payment</th>
              <th scope="col">Intel</th>
              <th scope="col" className="num">
                Asked
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((c) => (
              <tr key={c.call_sid}>
                <td className="nowrap">{fmtDateTime(c.started_at)}</td>
                <td>
                  <Link to={`/calls/${encodeURIComponent(c.call_sid)}`} className="mono" title={c.call_sid}>
                    {c.call_sid.length > 14 ? `${c.call_sid.slice(0, 10)}…` : c.call_sid}
                  </Link>
                </td>
                <td className="num">{fmtDuration(c.duration_sec)}</td>
                <td className="nowrap">
                  {c.caller_id ?? '—'}
                  {c.caller_state && (
                    <span className="muted" title={stateName(c.caller_state)}>
                      {' '}
                      · {c.caller_state}
                    </span>
                  )}
                </td>
                <td>{c.impersonated_brand ?? '—'}</td>
                <td>{c.lure_category ?? '—'}</td>
                <td>{c.payment_method ?? '—'}</td>
                <td className="nowrap">
                  {c.tier ? <span className={`badge ${TIER_CLASS[c.tier]}`}>Tier {c.tier}</span> : <span className="muted">no tier</span>}
                  {c.hooked && <span className="hooked-note">hooked</span>}
                </td>
                <td className="num">{c.total_dollars_asked ? fmtUsd(c.total_dollars_asked) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {q.hasNextPage && (
        <div className="load-more">
          <button type="button" className="btn" onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage} data-testid="calls-more">
            {q.isFetchingNextPage ? 'Loading…' : 'Load 50 more'}
          </button>
        </div>
      )}
      {q.isError && <ErrorState error={q.error} feature="More calls" />}
    </div>
  );
}

export default function Calls() {
  const [filters, setFilters] = useCallFilters();
  return (
    <div className="page page-calls">
      <PageHeader title="Calls" subtitle="Every call the honeypot received, searchable by what was said and what was extracted." actions={<WindowPicker />} />
      <div className="calls-layout">
        <div className="calls-side">
          <Panel title="Filters" testId="filters">
            <FiltersForm filters={filters} setFilters={setFilters} />
          </Panel>
          <SavedSearches filters={filters} onRun={setFilters} />
        </div>
        <Panel title="Results" testId="calls" subtitle={describeFilters(filters)}>
          <ActiveFilters filters={filters} setFilters={setFilters} />
          <Results filters={filters} />
        </Panel>
      </div>
    </div>
  );
}
