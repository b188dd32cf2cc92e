// Which lane a read runs in. Heavy work (exports, TAXII pages, agent asks, long reads in small
// buckets) marks its reads heavy, and each engine lets heavy reads hold only part of its
// connections, so a light read of another tenant always finds one (CONTRACT §3's limits are
// per key; this is about sharing the machine). The mark travels with the async context, so
// storage calls keep their signatures.

import { AsyncLocalStorage } from 'node:async_hooks';

const lane = new AsyncLocalStorage<'heavy'>();

/** Runs `fn` (and everything it starts) with its reads in the heavy lane. */
export function inHeavyLane<T>(fn: () => T): T {
  return lane.run('heavy', fn);
}

/** True inside `inHeavyLane`. */
export function isHeavyRead(): boolean {
  return lane.getStore() === 'heavy';
}
