// Hourly rollups, kept lazily (PostgreSQL). A window's whole hours read the hourly rollups
// (call_hours, and label_counts with period_days HOUR_PERIOD) where hour_fills lists the
// hour, and the calls where not (window.ts); hours read unfilled are filled in the background
// by the storage's HourFills (storage.hourFills, reached from the engine as db.hourFills).
//
// Exact because an hour is listed only while its rows equal its calls: ingest deletes the
// hours it touches from hour_fills in its own transaction, holding the org's ingest lock
// (deltas.ts), and a fill runs only while it holds that lock (and skips its turn when an
// ingest has it), so no ingest commits between the calls it reads and the listing it writes.
// Kept at ingest instead, hourly rows were about five times the daily rows' writes
// (docs/benchmarks.md).
//
// Hours of days past the org's hourly retention (retention_policies.hourly_rollups_days, by
// whole UTC days; at most HOUR_RETENTION_DAYS) are neither filled nor kept: every hour read
// would otherwise add rows for good. Such hours are read from the calls, as before their fill.

import { LOCK_KEYS, type Db, type HourFillsHandle } from '../db.js';
import { deltaStatements, ROLLUP_SOURCE_COLUMNS } from './deltas.js';
import { DAY_MS, HOUR_MS, HOUR_PERIOD, startOfSql } from './layout.js';

/** The rollups with hourly rows (window.ts RollupRead.hours says why not the other two). */
const HOURLY_TABLES = ['call_days', 'label_counts'] as const;

/** How long a filled (or just tried) hour is not asked for again by this process. */
const RECHECK_MS = 60_000;
/** Hours filled per transaction, so a long gap of unfilled hours never holds the lock long. */
const HOURS_PER_FILL = 48;
/**
 * How many whole days back hours are filled and kept, unless an org keeps fewer. The
 * dashboard's longest window is 30 days and it compares with the 30 days before, so its reads
 * of partial days reach 60 days back; older hours (custom windows) are read from the calls.
 */
const HOUR_RETENTION_DAYS = 62;
/** How often (by the app's clock) the rows of hours past retention are deleted. */
const PRUNE_EVERY_MS = HOUR_MS;
/**
 * Memory bounds: hours remembered as asked (about 100 bytes each) and hours waiting for a
 * fill. Past them the oldest are forgotten, or new asks dropped: a fill is only a shortcut.
 */
export const MAX_ASKED = 50_000;
export const MAX_PENDING = 20_000;

/** Told of a fill that failed (the app logs it and counts it in /metrics). */
export type FillFailureReporter = (err: unknown, orgId: string, hours: number) => void;
/** Told how many hourly rows (listings and rollup rows) a prune deleted (/metrics). */
export type PruneReporter = (rows: number) => void;

/** The first hour kept: midnight UTC `days` whole days before the day of `now`. */
const firstHourKept = (now: number, days: number): number => Math.floor(now / DAY_MS) * DAY_MS - days * DAY_MS;

/**
 * The background filler of one storage: created by openStorage, given the app's clock by
 * buildApp (it fills nothing before), closed with the storage (pending fills dropped, the
 * one running awaited).
 */
export class HourFills implements HourFillsHandle {
  /** `org hour` → when (app clock) it may be asked for again; in insertion order, oldest first. */
  private readonly asked = new Map<string, number>();
  /** org → hours to fill. */
  private readonly pending = new Map<string, Set<number>>();
  private pendingHours = 0;
  private running: Promise<void> | null = null;
  private closed = false;
  private now: (() => number) | null = null;
  private report: FillFailureReporter = () => {};
  private pruned: PruneReporter = () => {};
  /** org → days of hourly rows it keeps, when fewer than HOUR_RETENTION_DAYS (set by the retention job). */
  private keepDays: ReadonlyMap<string, number> = new Map();
  /** When (app clock) hours past retention were last deleted; -Infinity: not yet. */
  private prunedAt = -Infinity;

  constructor(private readonly db: Db) {}

  /** Starts the filler on the app's clock (epoch ms); failed fills go to `report`, pruned row counts to `pruned`. */
  attach(now: () => number, report: FillFailureReporter, pruned?: PruneReporter): void {
    this.now = now;
    this.report = report;
    if (pruned) this.pruned = pruned;
  }

  /**
   * The orgs that keep hourly rows fewer days than HOUR_RETENTION_DAYS (the retention job
   * sets them from the policies): their older hours are no longer filled, and are pruned at
   * the next prune, which this brings forward.
   */
  keepHours(days: ReadonlyMap<string, number>): void {
    const next = new Map([...days].filter(([, d]) => d < HOUR_RETENTION_DAYS));
    const changed = next.size !== this.keepDays.size || [...next].some(([org, d]) => this.keepDays.get(org) !== d);
    this.keepDays = next;
    if (!changed) return;
    this.prunedAt = -Infinity;
    if (this.now && !this.closed) this.start();
  }

  /** How many hours are remembered as asked and wait for a fill (the memory bounds' tests). */
  get size(): { asked: number; pending: number } {
    return { asked: this.asked.size, pending: this.pendingHours };
  }

  want(orgId: string, from: number, to: number): void {
    if (this.closed || !this.now) return;
    const now = this.now();
    const currentHour = Math.floor(now / HOUR_MS) * HOUR_MS;
    // The current hour is left to the calls: it still changes with every call ingested.
    const end = Math.min(to, currentHour);
    const start = Math.max(from, firstHourKept(now, this.keepDays.get(orgId) ?? HOUR_RETENTION_DAYS));
    for (let h = start; h < end; h += HOUR_MS) {
      const key = `${orgId} ${h}`;
      const again = this.asked.get(key);
      if (again !== undefined && again > now) continue;
      if (this.pendingHours >= MAX_PENDING) break;
      this.remember(key, now + RECHECK_MS, now);
      let hours = this.pending.get(orgId);
      if (!hours) this.pending.set(orgId, (hours = new Set()));
      if (!hours.has(h)) {
        hours.add(h);
        this.pendingHours++;
      }
    }
    if (this.pendingHours > 0 || now - this.prunedAt >= PRUNE_EVERY_MS) this.start();
  }

  forget(orgId: string, hours: readonly number[]): void {
    for (const h of hours) this.asked.delete(`${orgId} ${h}`);
  }

  /** Resolves once no fill is pending or running. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Drops the pending fills and waits for the one running; later asks are ignored. */
  async close(): Promise<void> {
    this.closed = true;
    this.pending.clear();
    this.pendingHours = 0;
    await this.idle();
  }

  private remember(key: string, until: number, now: number): void {
    this.asked.delete(key); // re-inserted at the end: the map stays in order of asking
    this.asked.set(key, until);
    if (this.asked.size <= MAX_ASKED) return;
    for (const [k, t] of this.asked) {
      if (this.asked.size <= MAX_ASKED && t > now) break;
      this.asked.delete(k);
    }
  }

  private start(): void {
    if (this.running) return;
    this.running = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.drain()).finally(() => (this.running = null));
  }

  private async drain(): Promise<void> {
    if (!this.closed && this.now && this.now() - this.prunedAt >= PRUNE_EVERY_MS) {
      const now = this.now();
      this.prunedAt = now;
      // Every org's hours past the longest retention, then each org that keeps fewer days.
      const cuts: [string | null, number][] = [[null, firstHourKept(now, HOUR_RETENTION_DAYS)]];
      for (const [org, days] of this.keepDays) cuts.push([org, firstHourKept(now, days)]);
      for (const [org, before] of cuts) {
        if (this.closed) break;
        await pruneHours(this.db, before, org).then(this.pruned, (err: unknown) => this.report(err, org ?? '', 0));
      }
    }
    while (!this.closed && this.pending.size > 0) {
      const [orgId, set] = this.pending.entries().next().value as [string, Set<number>];
      this.pending.delete(orgId);
      this.pendingHours -= set.size;
      const hours = [...set].sort((a, b) => a - b);
      for (let i = 0; i < hours.length && !this.closed; i += HOURS_PER_FILL) {
        // A fill is only a shortcut for later reads: one that fails leaves the hours to the calls.
        const some = hours.slice(i, i + HOURS_PER_FILL);
        await fillHours(this.db, orgId, some).catch((err: unknown) => this.report(err, orgId, some.length));
      }
    }
  }
}

/** Asks for the hours `[from, to)` of an org to be filled, in the background (when `db` has a filler). */
export function wantHours(db: Db, orgId: string, from: number, to: number): void {
  db.hourFills?.want(orgId, from, to);
}

/** Resolves once the background fills asked for on `db` are done. */
export function hourFillsIdle(db: Db): Promise<void> {
  return db.hourFills instanceof HourFills ? db.hourFills.idle() : Promise.resolve();
}

/**
 * Fills those of `hours` (hour starts) not listed yet: their old rows deleted, rows computed
 * from the calls, the hours listed. Skipped while the org's ingest holds its lock. Returns
 * how many hours were filled.
 */
async function fillHours(db: Db, orgId: string, hours: number[]): Promise<number> {
  return db.tx(async (tx) => {
    const [{ locked }] = await tx.all<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1, hashtext($2)) AS locked', [
      LOCK_KEYS.orgCalls,
      orgId,
    ]);
    if (!locked) return 0;
    // Before the calls are read: a rebuild of the rollups (SHARE) waits for this fill, or this
    // fill for the rebuild, so no fill lists an hour from calls a rebuild has since changed.
    await tx.run('LOCK TABLE hour_fills IN ROW EXCLUSIVE MODE');
    const missing = (
      await tx.all<{ h: string | number }>(
        `SELECT h FROM unnest(CAST($2 AS BIGINT[])) h WHERE NOT EXISTS (SELECT 1 FROM hour_fills f WHERE f.org_id = $1 AND f.hour = h)`,
        [orgId, hours],
      )
    ).map((r) => Number(r.h));
    if (missing.length === 0) return 0;
    const params = [orgId, missing];
    await tx.run('DELETE FROM call_hours WHERE org_id = $1 AND hour = ANY(CAST($2 AS BIGINT[]))', params);
    await tx.run(
      `DELETE FROM label_counts WHERE org_id = $1 AND period_days = ${HOUR_PERIOD} AND period_start = ANY(CAST($2 AS BIGINT[]))`,
      params,
    );
    const source = `SELECT 1 AS sign, ${ROLLUP_SOURCE_COLUMNS} FROM calls WHERE org_id = $1
      AND ${startOfSql('started_at', HOUR_MS)} = ANY(CAST($2 AS BIGINT[])) AND started_at >= $3 AND started_at < $4`;
    const range = [orgId, missing, missing[0], missing[missing.length - 1] + HOUR_MS];
    for (const sql of deltaStatements(source, HOURLY_TABLES, 'hours')) await tx.run(sql, range);
    await tx.run('INSERT INTO hour_fills (org_id, hour) SELECT $1, unnest(CAST($2 AS BIGINT[]))', params);
    return missing.length;
  });
}

/**
 * Deletes the listing and the hourly rows of every hour before `before`, of one org or (null)
 * of every org; returns how many rows. SHARE on hour_fills waits for the fills and ingests in
 * flight and holds back new ones until the commit, and a read takes listing and rows from one
 * snapshot, so no read sees an hour listed without its rows.
 */
async function pruneHours(db: Db, before: number, orgId: string | null): Promise<number> {
  return db.tx(async (tx) => {
    await tx.run('LOCK TABLE hour_fills IN SHARE MODE');
    const org = orgId === null ? '' : ' AND org_id = $2';
    const params = orgId === null ? [before] : [before, orgId];
    let rows = 0;
    for (const sql of [
      `DELETE FROM hour_fills WHERE hour < $1${org} RETURNING 1 AS x`,
      `DELETE FROM call_hours WHERE hour < $1${org} RETURNING 1 AS x`,
      `DELETE FROM label_counts WHERE period_days = ${HOUR_PERIOD} AND period_start < $1${org} RETURNING 1 AS x`,
    ]) {
      rows += (await tx.all(sql, params)).length;
    }
    return rows;
  });
}
