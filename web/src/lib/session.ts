// The API key lives in sessionStorage only (never in a URL or in localStorage): it is gone
// when the tab closes. A refused key (401) signs the user out with the reason.

import { useSyncExternalStore } from 'react';

const KEY = 'hp.apiKey';
const NOTICE = 'hp.signOutNotice';

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

function read(name: string): string | null {
  try {
    return window.sessionStorage.getItem(name);
  } catch {
    return null;
  }
}

function write(name: string, value: string | null) {
  try {
    if (value === null) window.sessionStorage.removeItem(name);
    else window.sessionStorage.setItem(name, value);
  } catch {
    /* storage disabled: the key lives only as long as this page */
  }
}

let memoryKey: string | null = read(KEY);

export const getApiKey = () => memoryKey;

export function signIn(key: string) {
  memoryKey = key;
  write(KEY, key);
  write(NOTICE, null);
  emit();
}

export function signOut(notice?: string) {
  memoryKey = null;
  write(KEY, null);
  write(NOTICE, notice ?? null);
  emit();
}

export const signOutNotice = () => read(NOTICE);

export function useApiKey(): string | null {
  return useSyncExternalStore(subscribe, getApiKey);
}

/** A short, safe-to-show form of a key: "hpk_DcIV…4v0". */
export const maskKey = (key: string) => (key.length > 14 ? `${key.slice(0, 8)}…${key.slice(-3)}` : 'hpk_…');
