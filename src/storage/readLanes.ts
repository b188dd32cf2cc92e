// Which lane a read runs in, and whose turn it is. Heavy work (exports, TAXII pages, agent asks,
// long reads in small buckets) marks its reads heavy. The mark travels with the async context,
// so storage calls keep their signatures. Heavy reads take turns: one at a time per instance,
// each after the light reads in flight (at most LIGHT_FIRST_MAX_MS), so on a small machine an
// export's pages do not take the cores from another tenant's overview. Holding heavy reads to
// part of the connections was not enough on PostgreSQL: two exports' page reads (25 ms each)
// still filled both cores, and the overview's p95 went 2-3.5x its idle value; taking turns after
// the light reads kept it at 1-1.5x (test/security/fairness.test.ts). CONTRACT §3's limits are
// per key; this is about sharing the machine.

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

/** The longest a heavy read waits for light reads in flight before it starts anyway (heavy work never starves). */
const LIGHT_FIRST_MAX_MS = 100;

/** Light reads in flight and heavy reads waiting their turn, in arrival order. */
class ReadTurns {
  private light = 0;
  private heavyRunning = false;
  private readonly queue: { since: number; go: () => void }[] = [];
  private timer: NodeJS.Timeout | undefined;

  /** Waits for this read's turn; the function returned ends it (calling it again does nothing). */
  async enter(heavy: boolean): Promise<() => void> {
    if (heavy) await new Promise<void>((go) => (this.queue.push({ since: Date.now(), go }), this.next()));
    else this.light++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      if (heavy) this.heavyRunning = false;
      else this.light--;
      this.next();
    };
  }

  private next(): void {
    const head = this.queue[0];
    if (!head || this.heavyRunning) return;
    const waited = Date.now() - head.since;
    if (this.light > 0 && waited < LIGHT_FIRST_MAX_MS) {
      this.timer ??= setTimeout(() => ((this.timer = undefined), this.next()), LIGHT_FIRST_MAX_MS - waited).unref();
      return;
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    this.queue.shift();
    this.heavyRunning = true;
    head.go();
  }
}

const turns = new ReadTurns();

/** Runs one read in its lane's turn. */
export async function inTurn<T>(read: () => Promise<T>): Promise<T> {
  const leave = await turns.enter(isHeavyRead());
  try {
    return await read();
  } finally {
    leave();
  }
}
