// Saved views: the overview as it is now (window, zone, filters, metric, top-N…) saved under a
// name with the org's saved views (GET/POST/DELETE /api/views), opened again in one click, and
// shared as a link (/?view=<id>) that opens the same view for a colleague of the org.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { api, errorMessage } from '../../lib/api';
import { Link, useLocation } from '../../lib/router';
import { updateSearch } from '../../lib/urlState';
import { searchOfState, stateOfSearch, type ViewStateJson } from './viewState';

interface SavedView {
  id: string;
  name: string;
  state: ViewStateJson;
}

const VIEWS = ['views'];
const MAX_NAME = 200;

/** The overview link of a view's state (its own URL params). */
function hrefOf(v: SavedView): string {
  return `/?${searchOfState(v.state).params.toString()}`;
}

/** Opens `?view=<id>` (a shared link): the view's state replaces that URL, so back does not return to the id. */
function useOpenSharedView(setNotice: (s: string | null) => void) {
  const { search } = useLocation();
  const id = search.get('view');
  const q = useQuery({
    queryKey: ['views', id],
    queryFn: ({ signal }) => api<SavedView>(`/api/views/${encodeURIComponent(id!)}`, { signal }),
    enabled: !!id && /^[A-Za-z0-9_-]{1,64}$/.test(id),
  });
  useEffect(() => {
    if (!id) return;
    if (q.data) {
      const { params, dropped } = searchOfState(q.data.state);
      const changes: Record<string, string | string[] | null> = {
        view: null,
        range: null,
        from: null,
        to: null,
        f: null,
        cmp: null,
        cmp_from: null,
      };
      for (const k of new Set(params.keys())) changes[k] = params.getAll(k).length > 1 ? params.getAll(k) : params.get(k);
      updateSearch(changes, { replace: true });
      setNotice(
        dropped
          ? `Opened “${q.data.name}”. ${dropped} of its filters cannot be shown on the overview and are left out.`
          : `Opened “${q.data.name}”.`,
      );
    } else if (q.isError) {
      updateSearch({ view: null }, { replace: true });
      setNotice(`The saved view could not be opened: ${errorMessage(q.error)}`);
    }
  }, [id, q.data, q.isError, q.error, setNotice]);
}

export function SavedViews() {
  const qc = useQueryClient();
  const { search } = useLocation();
  const ids = useId();
  const box = useRef<HTMLDetailsElement>(null);
  const [name, setName] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  useOpenSharedView(setNotice);
  const list = useQuery({ queryKey: VIEWS, queryFn: ({ signal }) => api<{ items: SavedView[] }>('/api/views', { signal }) });
  const save = useMutation({
    mutationFn: (n: string) => api<SavedView>('/api/views', { method: 'POST', body: { name: n, state: stateOfSearch(search) } }),
    onSuccess: (v) => {
      setName('');
      setNotice(`Saved “${v.name}”.`);
      void qc.invalidateQueries({ queryKey: VIEWS });
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => api(`/api/views/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: VIEWS }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = name.trim().slice(0, MAX_NAME);
    if (n) save.mutate(n);
  };
  const close = () => {
    if (box.current) box.current.open = false;
  };
  const views = list.data?.items ?? [];
  const failed = list.error ?? save.error ?? remove.error;

  return (
    <>
      <details className="saved-views" data-testid="saved-views" ref={box}>
        <summary className="btn btn-small btn-ghost">Saved views{views.length ? ` (${views.length})` : ''}</summary>
        <div className="popup saved-views-popup">
          {views.length > 0 ? (
            <ul className="saved-views-list">
              {views.map((v) => (
                <li key={v.id}>
                  <Link to={hrefOf(v)} data-view={v.name} onClick={close}>
                    {v.name}
                  </Link>
                  <span>
                    <Link to={`/?view=${encodeURIComponent(v.id)}`} className="small" aria-label={`Link to share the view ${v.name}`}>
                      Link
                    </Link>{' '}
                    <button
                      type="button"
                      className="btn btn-small btn-ghost"
                      onClick={() => remove.mutate(v.id)}
                      aria-label={`Delete the saved view ${v.name}`}
                    >
                      Delete
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted small">
              {list.isPending ? 'Loading the saved views…' : 'No saved views yet: they are shared with your organisation.'}
            </p>
          )}
          <form onSubmit={submit} className="saved-views-form">
            <label htmlFor={`${ids}n`}>Save this view as</label>
            <input id={`${ids}n`} value={name} maxLength={MAX_NAME} onChange={(e) => setName(e.target.value)} data-testid="view-name" />
            <button type="submit" className="btn btn-small" disabled={save.isPending || !name.trim()}>
              Save
            </button>
          </form>
          {failed && (
            <p className="form-error" role="alert">
              {errorMessage(failed)}
            </p>
          )}
        </div>
      </details>
      <p className="sr-only" role="status" data-testid="view-notice">
        {notice}
      </p>
    </>
  );
}
