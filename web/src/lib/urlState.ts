// View state kept in the address bar: reading it, changing it (a new history entry per user
// change, so back/forward walk through views), and building links that carry it.

/** Query-string parameters: arrays repeat the name; null, undefined and '' are left out. */
export type Query = Record<string, string | number | boolean | readonly (string | number)[] | null | undefined>;

const href = () => window.location.pathname + window.location.search + window.location.hash;

/**
 * Sets (or, with null/undefined/'', removes) search params of the current URL. The router
 * listens to popstate, so one is dispatched; unlike navigate() the page does not scroll.
 */
export function updateSearch(changes: Query, opts: { replace?: boolean } = {}): void {
  const p = new URLSearchParams(window.location.search);
  for (const [k, v] of Object.entries(changes)) {
    p.delete(k);
    if (v === null || v === undefined || v === '') continue;
    if (Array.isArray(v)) v.forEach((x) => p.append(k, String(x)));
    else p.set(k, String(v));
  }
  const qs = p.toString();
  const next = window.location.pathname + (qs ? `?${qs}` : '') + window.location.hash;
  if (next === href()) return;
  if (opts.replace) window.history.replaceState(window.history.state, '', next);
  else window.history.pushState(null, '', next);
  window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
}

/** A path with query params (repeated for arrays, empty values left out). */
export function hrefWith(path: string, params: Query): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === null || v === undefined || v === '') continue;
    if (Array.isArray(v)) v.forEach((x) => p.append(k, String(x)));
    else p.append(k, String(v));
  }
  const qs = p.toString();
  return qs ? `${path}?${qs}` : path;
}

/** One of `allowed`, or the fallback (a hand-edited or stale URL never breaks the page). */
export function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}
