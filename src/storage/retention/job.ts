// The retention job (docs/retention.md): a member of the storage, like the hourly filler. Every
// run reads each org's policy and deletes what it no longer keeps, in batches (sweep.ts). A
// batch is one short transaction: its size adapts so that it takes about TARGET_BATCH_MS, and
// the job then pauses twice as long as the batch took, so ingest waits behind at most one batch
// (well under 100 ms) and has the engine at least two thirds of the time while the job deletes.

import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../db.js';
import type { HourFills } from '../rollups/hourFills.js';
import { DAY_MS } from '../rollups/layout.js';
import { listRetention, type RetentionKind, type StoredPolicy } from './policy.js';
import { deleteAgentSessionsBatch, deleteCallsBatch, deleteWebhookRowsBatch, removeTranscriptsBatch } from './sweep.js';

/**
 * What a batch should take: past twice this the next batch halves, under half of it the next
 * grows by half. Well under the 100 ms that ingest may wait; a floor of rows keeps a loaded
 * machine, where every batch is slow, from shrinking batches to their fixed cost.
 */
const TARGET_BATCH_MS = 25;
const MIN_BATCH = 50;
const MAX_BATCH = 5_000;
const FIRST_BATCH = 200;
/** After a batch the job waits this many times as long as it took: ingest has the engine two thirds of the time. */
const PAUSE_FACTOR = 2;
/** A full pass over an org's old transcripts at least this often (re-ingested calls bring theirs back). */
const TRANSCRIPT_RESCAN_MS = DAY_MS;

/** The kinds the job deletes (hourly rows are pruned by the filler, hourFills.ts). */
export type SweptKind = Exclude<RetentionKind, 'hourly_rollups_days'>;

export interface RetentionReporter {
  /** Rows deleted (transcripts: calls whose transcript was removed) by one batch. */
  deleted(kind: SweptKind, rows: number, seconds: number): void;
  /** A run or a kind of an org's data that failed (the next run tries again); null: the run itself. */
  failed(err: unknown, orgId: string | null, kind: SweptKind | null): void;
}

/** What one run did: rows per kind, and its longest batch (ms). */
export interface RetentionRun {
  rows: Record<SweptKind, number>;
  batches: number;
  longestBatchMs: number;
}

/** A batch size that follows the time its batches take. */
class BatchSize {
  size = FIRST_BATCH;
  after(ms: number): void {
    if (ms > TARGET_BATCH_MS * 2) this.size = Math.max(MIN_BATCH, Math.floor(this.size / 2));
    else if (ms < TARGET_BATCH_MS / 2) this.size = Math.min(MAX_BATCH, Math.ceil(this.size * 1.5));
  }
}

const NO_REPORT: RetentionReporter = { deleted: () => {}, failed: () => {} };

export class Retention {
  private now: (() => number) | null = null;
  private report: RetentionReporter = NO_REPORT;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<RetentionRun> | null = null;
  private closed = false;
  private readonly sizes = new Map<SweptKind, BatchSize>();
  /** org → every transcript of a call started before `before` was removed; `at`: when that full pass began. */
  private readonly transcriptsSwept = new Map<string, { before: number; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly hourFills: HourFills | null,
  ) {}

  /** Starts the job on the app's clock: a run every `everyMs` (0: only when asked, `run()`). */
  attach(now: () => number, report: RetentionReporter, everyMs: number): void {
    this.now = now;
    this.report = report;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (everyMs > 0) {
      this.timer = setInterval(() => void this.run().catch((err: unknown) => this.report.failed(err, null, null)), everyMs);
      this.timer.unref();
    }
  }

  /** Runs once now (or joins the run under way); `stop` ends it after the batch under way. */
  run(stop?: AbortSignal): Promise<RetentionRun> {
    if (!this.running) this.running = this.runAll(stop).finally(() => (this.running = null));
    return this.running;
  }

  /** Stops the timer and waits for the run under way, which stops after its current batch. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }

  private stopped(stop: AbortSignal | undefined): boolean {
    return this.closed || stop?.aborted === true;
  }

  private async runAll(stop?: AbortSignal): Promise<RetentionRun> {
    const out: RetentionRun = {
      rows: { calls_days: 0, transcripts_days: 0, webhooks_days: 0, agent_sessions_days: 0 },
      batches: 0,
      longestBatchMs: 0,
    };
    if (this.closed || !this.now) return out;
    const now = this.now();
    const policies = await listRetention(this.db);
    this.hourFills?.keepHours(new Map(policies.map((p) => [p.org_id, p.hourly_rollups_days])));
    for (const p of policies) {
      for (const kind of ['calls_days', 'transcripts_days', 'webhooks_days', 'agent_sessions_days'] as const) {
        const days = p[kind];
        if (days === null || this.stopped(stop)) continue;
        await this.sweep(p, kind, now - days * DAY_MS, now, out, stop).catch((err: unknown) => this.report.failed(err, p.org_id, kind));
      }
    }
    return out;
  }

  /** Deletes one kind of an org's data older than `before`, batch after batch. */
  private async sweep(p: StoredPolicy, kind: SweptKind, before: number, now: number, out: RetentionRun, stop?: AbortSignal): Promise<void> {
    const org = p.org_id;
    if (kind === 'transcripts_days') return this.sweepTranscripts(org, before, now, out, stop);
    const batch = {
      calls_days: (n: number) => deleteCallsBatch(this.db, org, before, n),
      webhooks_days: (n: number) => deleteWebhookRowsBatch(this.db, org, before, n),
      agent_sessions_days: (n: number) => deleteAgentSessionsBatch(this.db, org, before, n),
    }[kind];
    while (!this.stopped(stop)) {
      const rows = await this.timed(kind, out, batch);
      if (rows === 0) return;
    }
  }

  /** Transcripts from where the last pass stopped (keyset on started_at), a full pass once a day. */
  private async sweepTranscripts(org: string, before: number, now: number, out: RetentionRun, stop?: AbortSignal): Promise<void> {
    const last = this.transcriptsSwept.get(org);
    const resume = last !== undefined && now - last.at < TRANSCRIPT_RESCAN_MS && last.before <= before;
    let from = resume ? last.before : Number.MIN_SAFE_INTEGER;
    const position = { last: null as number | null };
    for (;;) {
      if (this.stopped(stop)) return; // not swept to the end: the next pass starts from `from` again
      const removed = await this.timed('transcripts_days', out, async (n) => {
        const b = await removeTranscriptsBatch(this.db, org, from, before, now, n);
        position.last = b.last;
        return b.removed;
      });
      if (removed === 0 || position.last === null) break;
      from = position.last;
    }
    this.transcriptsSwept.set(org, { before, at: resume ? last.at : now });
  }

  /** Runs one batch of `kind`, adapts the next one's size, reports it, then pauses as long as it took. */
  private async timed(kind: SweptKind, out: RetentionRun, batch: (n: number) => Promise<number>): Promise<number> {
    let size = this.sizes.get(kind);
    if (!size) this.sizes.set(kind, (size = new BatchSize()));
    const t0 = performance.now();
    const rows = await batch(size.size);
    const ms = performance.now() - t0;
    size.after(ms);
    out.rows[kind] += rows;
    out.batches++;
    out.longestBatchMs = Math.max(out.longestBatchMs, ms);
    this.report.deleted(kind, rows, ms / 1000);
    if (rows > 0) await sleep(Math.max(1, ms * PAUSE_FACTOR));
    return rows;
  }
}
