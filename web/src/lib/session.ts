// The sign-in session. The key is sent once, to POST /api/session, which answers with an
// HttpOnly, SameSite=Strict cookie: the key itself is never kept by the page (no storage, no
// URL), and every tab of the browser shares the cookie. GET /api/me says whether this tab is
// signed in and on which plan. Sign-out ends the session on the server and tells the other
// tabs over a BroadcastChannel, so they drop to the sign-in screen at once.

import { useSyncExternalStore } from 'react';
import { api, ApiError, errorMessage, onSessionRefused } from './api';
import type { Me } from './types';

export type Session = { status: 'checking' } | { status: 'signed-in'; me: Me } | { status: 'signed-out'; notice: string | null };

type Message = { type: 'signed-in' } | { type: 'signed-out' };

/**
 * What the sign-in screen says when a request was refused with 401. A cookie past its 12 hours
 * is no longer sent, and the API then asks for a bearer key: words for scripts, not for a person
 * who signed in. The server's own words about a session (revoked key, signed out) stay.
 */
function endedNotice(detail: string): string {
  return /Authorization|Bearer/i.test(detail) ? 'Your session expired — sign in again.' : `Signed out: ${detail}`;
}

// Whether this browser holds a session, as far as the page knows: set on sign-in, cleared on
// sign-out. The cookie is HttpOnly, so without this a first visit would ask the server (and,
// for the overview, ten reads) only to be refused with 401s.
const HINT = 'hp.signedIn';
function remember(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(HINT, '1');
    else window.localStorage.removeItem(HINT);
  } catch {
    /* storage disabled */
  }
}
/** False when this browser has not signed in (or signed out since): no request can succeed. */
function mayBeSignedIn(): boolean {
  try {
    return window.localStorage.getItem(HINT) === '1';
  } catch {
    return true;
  }
}

let state: Session = mayBeSignedIn() ? { status: 'checking' } : { status: 'signed-out', notice: null };
const listeners = new Set<() => void>();
const signOutListeners = new Set<() => void>();

function set(next: Session) {
  const wasIn = state.status === 'signed-in';
  state = next;
  if (next.status !== 'checking') remember(next.status === 'signed-in');
  if (wasIn && next.status !== 'signed-in') {
    // The agent's conversation of this tab belongs to the session that ended.
    try {
      window.sessionStorage.removeItem('hp.agent');
    } catch {
      /* storage disabled */
    }
    signOutListeners.forEach((l) => l());
  }
  listeners.forEach((l) => l());
}

const channel: BroadcastChannel | null = typeof BroadcastChannel === 'function' ? new BroadcastChannel('hp-session') : null;
const tell = (m: Message) => channel?.postMessage(m);

channel?.addEventListener('message', (e: MessageEvent<Message>) => {
  if (e.data?.type === 'signed-out') set({ status: 'signed-out', notice: 'You signed out in another tab.' });
  // Another tab signed in: ask the server even if this tab does not see the sign-in's hint yet
  // (storage reaches other tabs on its own schedule, which the message may overtake).
  else if (e.data?.type === 'signed-in' && state.status !== 'signed-in') void checkSession(true);
});

const getSession = () => state;

export function useSession(): Session {
  return useSyncExternalStore((l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  }, getSession);
}

/** The signed-in identity and plan, or null. */
export function useMe(): Me | null {
  const s = useSession();
  return s.status === 'signed-in' ? s.me : null;
}

export function onSignOut(l: () => void): () => void {
  signOutListeners.add(l);
  return () => signOutListeners.delete(l);
}

/** Asks GET /api/me with the cookie: signed in (with the plan) or not. Unless `force`d, not when this browser never signed in. */
export async function checkSession(force = false): Promise<void> {
  if (!force && !mayBeSignedIn()) {
    if (state.status !== 'signed-out') set({ status: 'signed-out', notice: null });
    return;
  }
  try {
    const me = await api<Me>('/api/me');
    set({ status: 'signed-in', me });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      // This browser had signed in, and the server no longer knows the session: it ended (the
      // API's own words speak of bearer keys, which a person signing in never sees).
      set({ status: 'signed-out', notice: state.status === 'signed-out' ? state.notice : endedNotice(err.detail) });
    } else if (state.status !== 'signed-in') {
      set({ status: 'signed-out', notice: `Could not check whether you are signed in: ${errorMessage(err)}` });
    }
  }
}

/** Exchanges the key for a session cookie. Throws the API's error (401 unknown key, 403 ingest key). */
export async function signIn(key: string): Promise<void> {
  const me = await api<Me>('/api/session', { method: 'POST', body: { key } });
  set({ status: 'signed-in', me });
  tell({ type: 'signed-in' });
}

/** Ends the session on the server and in every tab of this browser. */
export async function signOut(): Promise<void> {
  let notice: string | null = null;
  try {
    await api('/api/session', { method: 'DELETE' });
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 401)) notice = `The server could not be told that you signed out: ${errorMessage(err)}`;
  }
  set({ status: 'signed-out', notice });
  tell({ type: 'signed-out' });
}

// A request was refused with 401: the session ended (expired, revoked key, signed out elsewhere).
onSessionRefused((detail) => {
  if (state.status === 'signed-in') set({ status: 'signed-out', notice: endedNotice(detail) });
});

// Back in a tab after a while: the plan may have changed or the session ended elsewhere.
if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && state.status === 'signed-in') void checkSession();
  });
}
