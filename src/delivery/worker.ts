// The delivery worker: leases due deliveries from the queue, sends them, and records each
// attempt. Pending deliveries are rows, so they survive a restart. An ingest (or an alert
// firing) kicks the worker at once; a timer set to the next due time covers retries, and a
// poll covers deliveries queued by other instances. close() lets in-flight attempts finish.

import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../errors.js';
import type { Db } from '../storage/db.js';
import { CALL_EVENTS, PAYLOAD_COLUMNS, callEventData, envelope } from './events.js';
import { postSigned, signDelivery } from './send.js';
import type { TargetPolicy } from './ssrf.js';
import {
  cancelJob,
  claimDue,
  claimOne,
  hasDue,
  loadJob,
  nextDueAt,
  recordAttempt,
  releaseLeases,
  settlePayload,
  type Attempt,
  type Job,
} from './store.js';

export interface WorkerOptions {
  /** Waits before the 2nd, 3rd, … attempt (ms); its length + 1 is the number of attempts. */
  retrySchedule: number[];
  timeoutMs: number;
  policy: TargetPolicy;
  concurrency?: number;
  pollMs?: number;
}

/** The wait before the next attempt: the schedule's step with ±20 % jitter, never before Retry-After. */
export function retryDelay(schedule: number[], attemptNo: number, retryAfterMs: number | null, random = Math.random): number {
  const base = schedule[Math.min(attemptNo, schedule.length) - 1];
  return Math.max(Math.round(base * (0.8 + 0.4 * random())), retryAfterMs ?? 0);
}

export class DeliveryWorker {
  private stopped = true;
  private pumping: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly concurrency: number;
  private readonly pollMs: number;
  /** A lease outlives the longest attempt, so only a dead worker's deliveries are taken over. */
  private readonly leaseMs: number;

  constructor(
    private readonly db: Db,
    private readonly opts: WorkerOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.concurrency = opts.concurrency ?? 16;
    this.pollMs = opts.pollMs ?? 1000;
    this.leaseMs = opts.timeoutMs + 60_000;
  }

  async start(): Promise<void> {
    // The embedded engine has one process: any lease still held belongs to one that died.
    if (this.db.dialect === 'duckdb') await releaseLeases(this.db);
    this.stopped = false;
    this.kick();
  }

  /** Look for due deliveries now (coalesces with a look already under way). */
  kick(): void {
    if (this.stopped) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pumping = this.pump()
      .catch((err) => this.log.error({ err }, 'webhook delivery: claiming failed'))
      .finally(() => {
        this.pumping = null;
        if (this.again) {
          this.again = false;
          this.kick();
        } else void this.scheduleNext();
      });
  }

  /** Sends one queued delivery now (test and retry endpoints) and returns the attempt. */
  async deliverNow(id: string): Promise<Attempt> {
    const now = Date.now();
    if (!(await claimOne(this.db, id, now, now + this.leaseMs))) {
      throw new ApiError(409, 'conflict', 'This delivery is being attempted right now; try again in a moment.');
    }
    const attempt = await this.track(this.attempt(id));
    if (!attempt) throw new ApiError(409, 'conflict', 'The subscription or rule of this delivery has been deleted.');
    return attempt;
  }

  /** Stops claiming and waits for the attempts in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.pumping;
    await Promise.allSettled([...this.inFlight]);
  }

  private async pump(): Promise<void> {
    while (!this.stopped && this.inFlight.size < this.concurrency) {
      const now = Date.now();
      // A read first: most kicks find nothing, and then take no write lock.
      if (!(await hasDue(this.db, now))) return;
      const ids = await claimDue(this.db, now, now + this.leaseMs, this.concurrency - this.inFlight.size);
      if (ids.length === 0) return;
      for (const id of ids) {
        void this.track(
          this.attempt(id).catch((err) => {
            // The lease runs out and the delivery is tried again.
            this.log.error({ err, delivery: id }, 'webhook delivery: attempt failed unexpectedly');
          }),
        );
      }
    }
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.inFlight.add(p);
    void p.finally(() => {
      this.inFlight.delete(p);
      this.kick();
    });
    return p;
  }

  private async scheduleNext(): Promise<void> {
    if (this.stopped) return;
    let delay = this.pollMs;
    try {
      const due = await nextDueAt(this.db);
      if (due !== null) delay = Math.min(this.pollMs, Math.max(5, due - Date.now()));
    } catch (err) {
      this.log.error({ err }, 'webhook delivery: reading the queue failed');
    }
    if (this.stopped || this.pumping) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.kick();
    }, delay);
    this.timer.unref();
  }

  /** One attempt of a leased delivery; null when there is nothing left to send. */
  private async attempt(id: string): Promise<Attempt | null> {
    const job = await loadJob(this.db, id);
    if (!job) return null;
    const payload = job.secret === null ? null : (job.payload ?? (await this.callPayload(job)));
    if (job.secret === null || payload === null) {
      await cancelJob(this.db, id, Date.now());
      return null;
    }
    const headers = signDelivery(job.secret, job.event_id, new Date(), payload);
    const outcome = await postSigned(job.url, payload, headers, { timeoutMs: this.opts.timeoutMs, policy: this.opts.policy });
    const attemptNo = job.attempts + 1;
    const maxAttempts = job.max_attempts ?? this.opts.retrySchedule.length + 1;
    const done = Date.now();
    const nextAt =
      !outcome.ok && attemptNo < maxAttempts ? done + retryDelay(this.opts.retrySchedule, attemptNo, outcome.retryAfterMs) : null;
    return recordAttempt(this.db, job, outcome, nextAt, done);
  }

  /** The payload of a call event, built from the stored call on its first send. */
  private async callPayload(job: Job): Promise<string | null> {
    const def = CALL_EVENTS.find((d) => d.type === job.event_type);
    if (!def || !job.call_sid) return null;
    const rows = await this.db.all(`SELECT ${PAYLOAD_COLUMNS.join(', ')} FROM calls WHERE org_id = $1 AND call_sid = $2`, [
      job.org_id,
      job.call_sid,
    ]);
    if (!rows[0]) return null;
    const body = JSON.stringify(envelope(job.event_id, job.event_type, job.event_created_at, callEventData(def, rows[0])));
    await settlePayload(this.db, job.id, body);
    return body;
  }
}
