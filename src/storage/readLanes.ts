// Which lane a read runs in, and whose turn it is. Heavy work (exports, TAXII pages, agent asks,
// long reads in small buckets) marks its reads heavy. The mark travels with the async context,
// so storage calls keep their signatures. Heavy work takes turns: one piece's reads at a time
// per instance (its own reads together), each turn after the light reads in flight (at most
// LIGHT_FIRST_MAX_MS), so on a small machine an export's pages do not take the cores from
// another tenant's overview. Holding heavy reads to
// part of the connections was not enough on PostgreSQL: two exports' page reads (25 ms each)
// still filled both cores, and the overview's p95 went 2-3.5x its idle value; taking turns after
// the light reads kept it at 1-1.5x (test/security/fairness.test.ts). CONTRACT §3's limits are
// per key; this is about sharing the machine.

import { AsyncLocalStorage } from 'node:async_hooks';

/** A heavy request's mark: its reads share one turn. */
type HeavyWork = object;
const lane = new AsyncLocalStorage<HeavyWork>();

/** Runs `fn` (and everything it starts) with its reads in the heavy lane, as one piece of heavy work. */
export function inHeavyLane<T>(fn: () => T): T {
  return lane.getStore() ? fn() : lane.run({}, fn);
}

/**
 * The longest heavy work waits for light work in flight before it goes on anyway, for its reads'
 * turn here and for a streamed body's next chunk (http/heavyWork.ts): heavy work never starves.
 * 25 ms still let PostgreSQL's overview p95 pass 3x in some runs.
 */
export const LIGHT_FIRST_MAX_MS = 100;

/**
 * Light reads in flight, and the heavy work whose turn it is: its reads run together (a
 * request that reads two things at once keeps doing so), other heavy work waits in arrival
 * order until the turn's reads are done and then until no light read is in flight.
 */
class ReadTurns {
  private light = 0;
  private holder: HeavyWork | null = null;
  private holderReads = 0;
  private readonly queue: { work: HeavyWork; since: number; go: () => void }[] = [];
  private timer: NodeJS.Timeout | undefined;

  /** Waits for this read's turn; the function returned ends it (calling it again does nothing). */
  async enter(work: HeavyWork | undefined): Promise<() => void> {
    if (!work) this.light++;
    else if (this.holder === work) this.holderReads++;
    else await new Promise<void>((go) => (this.queue.push({ work, since: Date.now(), go }), this.next()));
    let left = false;
    return () => {
      if (left) return;
      left = true;
      if (!work) this.light--;
      else if (--this.holderReads === 0) this.holder = null;
      this.next();
    };
  }

  private next(): void {
    const head = this.queue[0];
    if (!head || this.holder) return;
    const waited = Date.now() - head.since;
    if (this.light > 0 && waited < LIGHT_FIRST_MAX_MS) {
      this.timer ??= setTimeout(() => ((this.timer = undefined), this.next()), LIGHT_FIRST_MAX_MS - waited).unref();
      return;
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    this.holder = head.work;
    // The holder's reads that queued meanwhile go with it.
    for (const w of this.queue.filter((w) => w.work === head.work)) {
      this.queue.splice(this.queue.indexOf(w), 1);
      this.holderReads++;
      w.go();
    }
  }
}

const turns = new ReadTurns();

/** Runs one read in its lane's turn. */
export async function inTurn<T>(read: () => Promise<T>): Promise<T> {
  const leave = await turns.enter(lane.getStore());
  try {
    return await read();
  } finally {
    leave();
  }
}
