// Saved views: the overview as it is now (window, zone, filters, metric, top-N… all in the URL)
// under a name, kept in this browser for this organisation, and opened again in one click.
// Only this browser has them: the server's saved searches hold the call list's filters, which
// cannot say "is not", a band or a time filter.

import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from '../../lib/router';
import { useMe } from '../../lib/session';

interface View {
  name: string;
  /** The overview URL's search, "?range=30d&f=…". */
  search: string;
}

const MAX_VIEWS = 50;
const MAX_NAME = 80;
// One list per organisation: another org's sign-in in this browser never sees them.
const storeKey = (org: string) => `hp.views.${org}`;

function read(org: string): View[] {
  try {
    const v: unknown = JSON.parse(window.localStorage.getItem(storeKey(org)) ?? '[]');
    if (!Array.isArray(v)) return [];
    return v
      .filter((x): x is View => !!x && typeof x.name === 'string' && typeof x.search === 'string' && x.search.startsWith('?'))
      .slice(0, MAX_VIEWS);
  } catch {
    return [];
  }
}

export function SavedViews() {
  const me = useMe();
  const org = me?.org.id ?? '';
  const { search } = useLocation();
  const ids = useId();
  const [views, setViews] = useState<View[]>(() => (org ? read(org) : []));
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLDetailsElement>(null);
  if (!org) return null;

  const write = (next: View[]) => {
    try {
      window.localStorage.setItem(storeKey(org), JSON.stringify(next));
      setViews(next);
      setError(null);
    } catch {
      setError('This browser does not let the page keep views (storage is off or full).');
    }
  };
  const save = (e: FormEvent) => {
    e.preventDefault();
    const n = name.trim().slice(0, MAX_NAME);
    if (!n) return setError('Name the view first.');
    const qs = search.toString();
    // Saving under an existing name replaces that view.
    write([{ name: n, search: qs ? `?${qs}` : '?' }, ...views.filter((v) => v.name !== n)].slice(0, MAX_VIEWS));
    setName('');
  };

  return (
    <details className="saved-views" data-testid="saved-views" ref={box}>
      <summary className="btn btn-small btn-ghost">Saved views{views.length ? ` (${views.length})` : ''}</summary>
      <div className="popup saved-views-popup">
        {views.length > 0 ? (
          <ul className="saved-views-list">
            {views.map((v) => (
              <li key={v.name}>
                <Link
                  to={`/${v.search}`}
                  data-view={v.name}
                  onClick={() => {
                    if (box.current) box.current.open = false;
                  }}
                >
                  {v.name}
                </Link>
                <button
                  type="button"
                  className="btn btn-small btn-ghost"
                  onClick={() => write(views.filter((x) => x.name !== v.name))}
                  aria-label={`Delete the saved view ${v.name}`}
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted small">No saved views yet. They are kept in this browser, for this organisation.</p>
        )}
        <form onSubmit={save} className="saved-views-form">
          <label htmlFor={`${ids}n`}>Save this view as</label>
          <input id={`${ids}n`} value={name} maxLength={MAX_NAME} onChange={(e) => setName(e.target.value)} data-testid="view-name" />
          <button type="submit" className="btn btn-small">
            Save
          </button>
        </form>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </details>
  );
}
