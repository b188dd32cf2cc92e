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

let state: Session = { status: 'checking' };
const listeners = new Set<() => void>();
const signOutListeners = new Set<() => void>();

function set(next: Session) {
  const wasIn = state.status === 'signed-in';
  state = next;
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
  else if (e.data?.type === 'signed-in' && state.status !== 'signed-in') void checkSession();
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

/** Asks GET /api/me with the cookie: signed in (with the plan) or not. */
export async function checkSession(): Promise<void> {
  try {
    const me = await api<Me>('/api/me');
    set({ status: 'signed-in', me });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      // Not signed in (no cookie, or the session ended): keep a notice already shown.
      set({
        status: 'signed-out',
        notice: state.status === 'signed-out' ? state.notice : state.status === 'signed-in' ? `Signed out: ${err.detail}` : null,
      });
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
  if (state.status === 'signed-in') set({ status: 'signed-out', notice: `Signed out: ${detail}` });
});

// Back in a tab after a while: the plan may have changed or the session ended elsewhere.
if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && state.status === 'signed-in') void checkSession();
  });
}
