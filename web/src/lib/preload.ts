// A module loaded on demand and rendered without Suspense. A lazy() component shows its
// fallback at least once, even when its code has arrived, and React then holds back the
// content that follows any fallback for up to 300 ms (its fallback throttle): on the
// overview's first load that was a fifth of a second with nothing to do. Started early
// (main.tsx), the module is usually in before it is needed and renders at once.

import { useEffect, useState } from 'react';

export interface Preload<T> {
  /** Starts the load (once); resolves to the module. */
  start(): Promise<T>;
  /** The module, once loaded. */
  get(): T | undefined;
}

export function preload<T>(load: () => Promise<T>): Preload<T> {
  let value: T | undefined;
  let promise: Promise<T> | undefined;
  return {
    start: () =>
      (promise ??= load().then(
        (v) => (value = v),
        (err: unknown) => {
          promise = undefined;
          throw err;
        },
      )),
    get: () => value,
  };
}

/** The module, or undefined while it loads (the caller shows its own placeholder); a failed load throws to the error boundary. */
export function useModule<T>(p: Preload<T>): T | undefined {
  const [, setLoaded] = useState<T | undefined>(undefined);
  const [failed, setFailed] = useState<unknown>(null);
  const value = p.get();
  useEffect(() => {
    if (value === undefined) p.start().then(setLoaded, setFailed);
  }, [p, value]);
  if (failed) throw failed;
  return value;
}
