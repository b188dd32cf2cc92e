// The delivery worker: leases due deliveries from the queue, sends them, and records each
// attempt. Pending deliveries are rows, so they survive a restart. An ingest (or an alert
// firing) kicks the worker at once; a timer set to the next due time covers retries, and a
// poll covers deliveries queued by other instances. close() lets in-flight attempts finish.

import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../errors.js';
import { CALL_EVENTS, envelope } from '../domain/events.js';
import type { Db } from '../storage/db.js';
import {
  cancelJob,
  claimDue,
  claimOne,
  eventCallRows,
  hasDue,
  loadJobs,
  nextDueAt,
  recordAttempts,
  type AttemptRecord,
  releaseOrphanLeases,
  settlePayloads,
  type Job,
} from '../storage/queries/deliveryQueue.js';
import type { Attempt } from '../storage/queries/webhooks.js';
import { callEventData } from './events.js';
import { postSigned, signDelivery } from './send.js';
import type { TargetPolicy } from './ssrf.js';

export interface WorkerOptions {
  /** Waits before the 2nd, 3rd, … attempt (ms); its length + 1 is the number of attempts. */
  retrySchedule: number[];
  timeoutMs: number;
  policy: TargetPolicy;
  concurrency?: number;
  pollMs?: number;
  /** Called when recording attempts met a deadlock and was run again (a /metrics counter). */
  onDeadlock?: () => void;
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
  private recording = false;
  private toRecord: { r: AttemptRecord; resolve: (a: Attempt) => void; reject: (e: unknown) => void }[] = [];
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
    await releaseOrphanLeases(this.db);
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
    const [ready] = await this.prepare([id]);
    const attempt = ready ? await this.track(this.attempt(ready)) : null;
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
      for (const ready of await this.prepare(ids)) {
        void this.track(
          this.attempt(ready).catch((err) => {
            // The lease runs out and the delivery is tried again.
            this.log.error({ err, delivery: ready.job.id }, 'webhook delivery: attempt failed unexpectedly');
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

  /**
   * Loads a claimed batch and builds the payloads of first sends, with one query for the jobs,
   * one per org for the calls and one transaction to keep the payloads (a query per delivery
   * capped sending at about 100 a second). Deliveries with nothing left to send are cancelled.
   */
  private async prepare(ids: string[]): Promise<{ job: Job; payload: string }[]> {
    const jobs = await loadJobs(this.db, ids);
    const built = await this.callPayloads(jobs.filter((j) => j.secret !== null && j.payload === null));
    await settlePayloads(this.db, built);
    const ready: { job: Job; payload: string }[] = [];
    for (const job of jobs) {
      const payload = job.secret === null ? null : (job.payload ?? built.get(job.id) ?? null);
      if (payload === null) await cancelJob(this.db, job.id, Date.now());
      else ready.push({ job, payload });
    }
    return ready;
  }

  /** One attempt of a leased, prepared delivery. */
  private async attempt({ job, payload }: { job: Job; payload: string }): Promise<Attempt> {
    const headers = signDelivery(job.secret!, job.event_id, new Date(), payload);
    const outcome = await postSigned(job.url, payload, headers, { timeoutMs: this.opts.timeoutMs, policy: this.opts.policy });
    const attemptNo = job.attempts + 1;
    const maxAttempts = job.max_attempts ?? this.opts.retrySchedule.length + 1;
    const done = Date.now();
    const nextAt =
      !outcome.ok && attemptNo < maxAttempts ? done + retryDelay(this.opts.retrySchedule, attemptNo, outcome.retryAfterMs) : null;
    return this.record({ job, result: outcome, retryAt: nextAt, now: done });
  }

  /**
   * Queues a finished attempt for the log. Attempts that finish while one transaction is being
   * written gather and are written together: one commit per attempt capped sending.
   */
  private record(r: AttemptRecord): Promise<Attempt> {
    return new Promise((resolve, reject) => {
      this.toRecord.push({ r, resolve, reject });
      if (!this.recording) {
        this.recording = true;
        setImmediate(() => void this.flushRecords());
      }
    });
  }

  private async flushRecords(): Promise<void> {
    while (this.toRecord.length) {
      const batch = this.toRecord;
      this.toRecord = [];
      try {
        const attempts = await recordAttempts(
          this.db,
          batch.map((b) => b.r),
          { onDeadlock: this.opts.onDeadlock },
        );
        batch.forEach((b, i) => b.resolve(attempts[i]));
      } catch (err) {
        for (const b of batch) b.reject(err);
      }
    }
    this.recording = false;
  }

  /** Payloads of call events, built from the stored calls on their first send (id → body). */
  private async callPayloads(jobs: Job[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    const byOrg = new Map<string, Job[]>();
    for (const j of jobs) if (j.call_sid) byOrg.set(j.org_id, [...(byOrg.get(j.org_id) ?? []), j]);
    for (const [orgId, orgJobs] of byOrg) {
      const calls = await eventCallRows(
        this.db,
        orgId,
        orgJobs.map((j) => j.call_sid!),
      );
      for (const job of orgJobs) {
        const def = CALL_EVENTS.find((d) => d.type === job.event_type);
        const row = calls.get(job.call_sid!);
        if (def && row)
          out.set(job.id, JSON.stringify(envelope(job.event_id, job.event_type, job.event_created_at, callEventData(def, row))));
      }
    }
    return out;
  }
}
