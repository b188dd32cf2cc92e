// Saved searches (GET/POST/DELETE /api/saved-searches): save the current filters, rename,
// delete (with an inline confirmation), run.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { api } from '../lib/api';
import { describeFilters, filtersFromSaved, filtersToSaved, sameFilters, type CallFilters } from '../lib/callFilters';
import { fmtDateTime } from '../lib/format';
import type { Items, SavedSearch } from '../lib/types';
import { NAMED_RANGES, useWindow, type NamedRange } from '../lib/window';
import { FormError } from './Field';
import { Panel } from './Panel';
import { ErrorState, Loading } from './states';

const KEY = ['saved-searches'];

function Row({ s, current, onRun }: { s: SavedSearch; current: boolean; onRun: () => void }) {
  const qc = useQueryClient();
  const [mode, setMode] = useState<'view' | 'rename' | 'confirm'>('view');
  const [name, setName] = useState(s.name);
  const id = useId();
  const rename = useMutation({
    mutationFn: (n: string) => api<SavedSearch>('/api/saved-searches', { method: 'POST', body: { id: s.id, name: n, filters: s.filters } }),
    onSuccess: () => {
      setMode('view');
      return qc.invalidateQueries({ queryKey: KEY });
    },
  });
  const del = useMutation({
    mutationFn: () => api(`/api/saved-searches/${encodeURIComponent(s.id)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) rename.mutate(name.trim());
  };
  return (
    <li className={`saved ${current ? 'saved-current' : ''}`} data-saved-search={s.name} aria-current={current || undefined}>
      {mode === 'rename' ? (
        <form onSubmit={submit} className="saved-rename">
          <label htmlFor={id} className="sr-only">
            New name for {s.name}
          </label>
          <input id={id} value={name} onChange={(e) => setName(e.target.value)} maxLength={200} autoFocus data-testid="rename-input" />
          <button type="submit" className="btn btn-small btn-primary" disabled={rename.isPending}>
            Save
          </button>
          <button
            type="button"
            className="btn btn-small btn-ghost"
            onClick={() => {
              setMode('view');
              setName(s.name);
            }}
          >
            Cancel
          </button>
        </form>
      ) : (
        <>
          <button type="button" className="saved-name btn-link" onClick={onRun} title="Run this search">
            {s.name}
          </button>
          <p className="saved-desc">{describeFilters(filtersFromSaved(s.filters))}</p>
          <p className="saved-meta">Updated {fmtDateTime(s.updated_at)}</p>
        </>
      )}
      {mode === 'view' && (
        <div className="saved-actions">
          <button type="button" className="btn btn-small" onClick={onRun} aria-label={`Run ${s.name}`}>
            Run
          </button>
          <button type="button" className="btn btn-small" onClick={() => setMode('rename')} aria-label={`Rename ${s.name}`}>
            Rename
          </button>
          <button type="button" className="btn btn-small btn-danger" onClick={() => setMode('confirm')} aria-label={`Delete ${s.name}`}>
            Delete
          </button>
        </div>
      )}
      {mode === 'confirm' && (
        <div className="saved-actions" role="group" aria-label={`Confirm deleting ${s.name}`}>
          <span>Delete “{s.name}”?</span>
          <button type="button" className="btn btn-small btn-danger" onClick={() => del.mutate()} disabled={del.isPending} autoFocus>
            Yes, delete
          </button>
          <button type="button" className="btn btn-small btn-ghost" onClick={() => setMode('view')}>
            Keep
          </button>
        </div>
      )}
      <FormError error={rename.error ?? del.error} />
    </li>
  );
}

export function SavedSearches({ filters, onRun }: { filters: CallFilters; onRun: (f: CallFilters) => void }) {
  const qc = useQueryClient();
  const w = useWindow();
  const q = useQuery({ queryKey: KEY, queryFn: () => api<Items<SavedSearch>>('/api/saved-searches') });
  const [name, setName] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const id = useId();
  const save = useMutation({
    mutationFn: (n: string) =>
      api<SavedSearch>('/api/saved-searches', { method: 'POST', body: { name: n, filters: filtersToSaved(filters) } }),
    onSuccess: (rec) => {
      setName('');
      setSaved(`Saved “${rec.name}”.`);
      return qc.invalidateQueries({ queryKey: KEY });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(null);
    if (name.trim()) save.mutate(name.trim());
  };
  const run = (s: SavedSearch) => {
    // A search saved with a window by another client runs in that window when we have it.
    const range = s.filters.range;
    if (typeof range === 'string' && NAMED_RANGES.some((r) => r.value === range)) w.setSel({ kind: 'named', range: range as NamedRange });
    onRun(filtersFromSaved(s.filters));
  };

  return (
    <Panel title="Saved searches" testId="saved-searches">
      <form onSubmit={submit} className="save-form">
        <label htmlFor={id}>Save the current filters as</label>
        <div className="input-row">
          <input
            id={id}
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="Name, e.g. Gift-card scams"
            maxLength={200}
            data-testid="save-name"
          />
          <button type="submit" className="btn btn-primary" disabled={save.isPending || !name.trim()}>
            Save
          </button>
        </div>
        <FormError error={save.error} />
        {saved && (
          <p className="help" role="status">
            {saved}
          </p>
        )}
      </form>
      {q.isPending ? (
        <Loading label="Loading saved searches" />
      ) : q.isError ? (
        <ErrorState error={q.error} feature="Saved searches" onRetry={() => void q.refetch()} />
      ) : q.data.items.length === 0 ? (
        <p className="muted small">No saved searches yet.</p>
      ) : (
        <ul className="saved-list">
          {q.data.items.map((s) => (
            <Row key={s.id} s={s} current={sameFilters(filtersFromSaved(s.filters), filters)} onRun={() => run(s)} />
          ))}
        </ul>
      )}
    </Panel>
  );
}
