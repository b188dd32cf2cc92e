// Heavy work shares the machine fairly. A route that can keep the database and the event loop
// busy for seconds (exports, TAXII object pages, agent asks) declares `config: { heavy: true }`,
// and this one hook:
// - lets an org run at most HONEYPOT_HEAVY_CONCURRENCY such requests at once (per instance);
//   more wait their turn, up to HEAVY_QUEUE_PER_ORG, and one more is 429 rate_limited with
//   Retry-After, as the per-key limits answer (CONTRACT §3);
// - runs the request's reads in the heavy lane (storage/readLanes.ts), where they take turns,
//   one at a time, after the light reads in flight, so other tenants' light reads always find a
//   connection and the cores;
// - sends a streamed body chunk by chunk, and between chunks lets the light requests in flight
//   (an overview, a call page) go first, for up to LIGHT_FIRST_MAX_MS: on 2 cores an export
//   that only took turns with them still doubled their latency, since each of their several
//   steps waited behind an export chunk (and its database work). Heavy work never starves: it
//   runs a chunk at least every LIGHT_FIRST_MAX_MS.
// The slot is held until the response is finished or the client has gone.

import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.js';
import { inHeavyLane, LIGHT_FIRST_MAX_MS } from '../storage/readLanes.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Seconds of database and CPU work per request: limited per org, read in the heavy lane. */
    heavy?: boolean;
  }
}

/** Seconds a refused client is told to wait: heavy requests take about that long to finish. */
const HEAVY_RETRY_AFTER_SEC = 2;

/** A heavy request's place: running once `ready` resolves; `leave` frees it (or its place in the queue). */
interface HeavyTicket {
  ready: Promise<void>;
  leave(): void;
}

/**
 * Heavy requests per org: at most `max` run, up to `queueMax` more wait in arrival order, and
 * past that a request is refused. Waiting rather than refusing at once keeps a client that asks
 * four at once (a dashboard, a TAXII poller, a script) working, only slower.
 */
export class HeavySlots {
  private readonly orgs = new Map<string, { running: number; waiting: { start: () => void }[] }>();
  constructor(
    readonly max: number,
    readonly queueMax: number,
  ) {}

  /** A ticket, or null when the org already has `max` running and `queueMax` waiting. */
  enter(orgId: string): HeavyTicket | null {
    let org = this.orgs.get(orgId);
    if (!org) this.orgs.set(orgId, (org = { running: 0, waiting: [] }));
    const state = org;
    if (state.running >= this.max && state.waiting.length >= this.queueMax) return null;
    let phase: 'waiting' | 'running' | 'left' = 'waiting';
    let start = () => {};
    const ready = new Promise<void>((resolve) => (start = resolve));
    const waiter = {
      start: () => {
        phase = 'running';
        state.running++;
        start();
      },
    };
    if (state.running < this.max) waiter.start();
    else state.waiting.push(waiter);
    return {
      ready,
      leave: () => {
        if (phase === 'waiting') state.waiting.splice(state.waiting.indexOf(waiter), 1);
        else if (phase === 'running') {
          state.running--;
          state.waiting.shift()?.start();
        }
        phase = 'left';
        if (state.running === 0 && state.waiting.length === 0) this.orgs.delete(orgId);
      },
    };
  }
}

/** Light (not heavy) requests in flight on one app, and the heavy streams waiting for none. */
class LightRequests {
  private inFlight = 0;
  private waiting: (() => void)[] = [];

  enter(): () => void {
    this.inFlight++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      if (--this.inFlight === 0) for (const go of this.waiting.splice(0)) go();
    };
  }

  /** A turn of the event loop, then until no light request is in flight (at most LIGHT_FIRST_MAX_MS). */
  async quiet(): Promise<void> {
    await nextTurn();
    if (this.inFlight === 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        const i = this.waiting.indexOf(go);
        if (i >= 0) this.waiting.splice(i, 1);
        resolve();
      }, LIGHT_FIRST_MAX_MS);
      const go = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiting.push(go);
    });
  }
}

/**
 * `source` re-sent chunk by chunk, light requests first between chunks (`pause`). The pump
 * starts here, in the request's heavy lane, so the source's later page reads stay in it (a
 * stream read on demand would run them in whatever context asked for more). A client that goes
 * stops the source.
 */
function yieldingStream(source: Readable, pause: () => Promise<void>): Readable {
  const out = new PassThrough();
  const passOn = async function* (chunks: AsyncIterable<unknown>) {
    for await (const chunk of chunks) {
      yield chunk;
      await pause();
    }
  };
  pipeline(source, passOn, out).catch(() => {}); // errors reach the client as a cut-off body
  return out;
}

/** Heavy requests an org may have waiting, beyond those running, before one more is refused. */
export const HEAVY_QUEUE_PER_ORG = 32;

export function registerHeavyWork(app: FastifyInstance, maxPerOrg: number): void {
  const slots = new HeavySlots(maxPerOrg, HEAVY_QUEUE_PER_ORG);
  const light = new LightRequests();

  app.addHook('onRequest', (req, reply, done) => {
    if (!req.routeOptions.config?.heavy) reply.raw.once('close', light.enter());
    done();
  });

  app.addHook('preHandler', (req, reply, done) => {
    const orgId = req.routeOptions.config?.heavy ? req.principal?.orgId : undefined;
    if (!orgId) return done();
    const ticket = slots.enter(orgId);
    if (!ticket) {
      return done(
        new ApiError(
          429,
          'rate_limited',
          `This organisation already runs ${maxPerOrg} exports, TAXII pages or agent questions and has ` +
            `${HEAVY_QUEUE_PER_ORG} more waiting; retry when they have finished.`,
          undefined,
          undefined,
          { 'retry-after': String(HEAVY_RETRY_AFTER_SEC) },
        ),
      );
    }
    // Held until the response is finished or the client has gone (a waiting client too).
    reply.raw.once('close', ticket.leave);
    // The handler, and every read it starts (a streamed body's included), runs in the heavy lane.
    void ticket.ready.then(() => inHeavyLane(() => done()));
  });

  app.addHook('onSend', async (req, _reply, payload) => {
    if (!req.routeOptions.config?.heavy || !(payload instanceof Readable)) return payload;
    return yieldingStream(payload, () => light.quiet());
  });
}
