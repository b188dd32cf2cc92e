// A tiny history router: real paths (/, /calls, /calls/:sid, /campaigns, /campaigns/:id, /agent, /webhooks, /alerts,
// /integrations), which the server answers with index.html. No hash, no dependency.

import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
window.addEventListener('popstate', emit);

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

const snapshot = () => window.location.pathname + window.location.search;

export function navigate(to: string, opts: { replace?: boolean } = {}): void {
  if (to === snapshot()) return;
  if (opts.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  emit();
  if (!opts.replace) window.scrollTo(0, 0);
}

export interface Location {
  pathname: string;
  search: URLSearchParams;
}

export function useLocation(): Location {
  const href = useSyncExternalStore(subscribe, snapshot);
  const q = href.indexOf('?');
  return { pathname: q < 0 ? href : href.slice(0, q), search: new URLSearchParams(q < 0 ? '' : href.slice(q)) };
}

export type Route =
  | { page: 'overview' }
  | { page: 'calls' }
  | { page: 'call'; sid: string }
  | { page: 'campaigns' }
  | { page: 'campaign'; id: string }
  | { page: 'agent' }
  | { page: 'webhooks' }
  | { page: 'alerts' }
  | { page: 'integrations' }
  | { page: 'not_found' };

export function matchRoute(pathname: string): Route {
  const p = pathname.replace(/\/+$/, '') || '/';
  if (p === '/') return { page: 'overview' };
  if (p === '/calls') return { page: 'calls' };
  const call = /^\/calls\/([^/]+)$/.exec(p);
  if (call) return { page: 'call', sid: decodeURIComponent(call[1]) };
  if (p === '/campaigns') return { page: 'campaigns' };
  const campaign = /^\/campaigns\/([^/]+)$/.exec(p);
  if (campaign) return { page: 'campaign', id: decodeURIComponent(campaign[1]) };
  if (p === '/agent') return { page: 'agent' };
  if (p === '/webhooks') return { page: 'webhooks' };
  if (p === '/alerts') return { page: 'alerts' };
  if (p === '/integrations') return { page: 'integrations' };
  return { page: 'not_found' };
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string };

/** An ordinary <a href> (so open-in-new-tab works) that navigates in place on a plain click. */
export function Link({ to, onClick, ...rest }: LinkProps) {
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    if (rest.target && rest.target !== '_self') return;
    e.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={handle} {...rest} />;
}
