// Hourly rollups, kept lazily (PostgreSQL). A window's whole hours read the hourly rollups
// (call_hours, and label_counts with period_days HOUR_PERIOD) where hour_fills lists the
// hour, and the calls where not (window.ts); hours read unfilled are filled in the background.
//
// Exact because an hour is listed only while its rows equal its calls: ingest deletes the
// hours it touches from hour_fills in its own transaction, holding the org's ingest lock, and
// a fill runs only while it holds that lock (and skips its turn when an ingest has it), so no
// ingest commits between the calls it reads and the listing it writes. Kept at ingest instead,
// hourly rows were about five times the daily rows' writes (docs/benchmarks.md).

import { LOCK_KEYS, type Db } from '../db.js';
import { deltaStatements, ROLLUP_SOURCE_COLUMNS } from './deltas.js';
import { HOUR_MS, HOUR_PERIOD, startOfSql } from './layout.js';

/** The rollups with hourly rows (window.ts RollupRead.hours says why not the other two). */
const HOURLY_TABLES = ['call_days', 'label_counts'] as const;

/** How long a filled (or just tried) hour is not asked for again by this process. */
const RECHECK_MS = 60_000;
/** Hours filled per transaction, so a long gap of unfilled hours never holds the lock long. */
const HOURS_PER_FILL = 48;

/**
 * `org hour` → when this process may ask for it again. Ingest here forgets the hours it
 * unlists; an ingest by another instance leaves them to the calls until the entry expires.
 */
const asked = new Map<string, number>();

/** Told of a fill that failed (the app logs it and counts it in /metrics). */
export type FillFailureReporter = (err: unknown, orgId: string, hours: number) => void;

class HourFiller {
  /** org → hours to fill. */
  private readonly pending = new Map<string, Set<number>>();
  private running: Promise<void> | null = null;
  report: FillFailureReporter = () => {};

  constructor(private readonly db: Db) {}

  want(orgId: string, from: number, to: number): void {
    const now = Date.now();
    // The current hour is left to the calls: it still changes with every call ingested.
    const end = Math.min(to, Math.floor(now / HOUR_MS) * HOUR_MS);
    for (let h = from; h < end; h += HOUR_MS) {
      const key = `${orgId} ${h}`;
      if ((asked.get(key) ?? 0) > now) continue;
      asked.set(key, now + RECHECK_MS);
      let hours = this.pending.get(orgId);
      if (!hours) this.pending.set(orgId, (hours = new Set()));
      hours.add(h);
    }
    if (asked.size > 100_000) for (const [k, t] of asked) if (t <= now) asked.delete(k);
    if (this.pending.size > 0 && !this.running) {
      this.running = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.drain()).finally(() => (this.running = null));
    }
  }

  /** Resolves once no fill is pending or running (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    while (this.pending.size > 0) {
      const [orgId, set] = this.pending.entries().next().value as [string, Set<number>];
      this.pending.delete(orgId);
      const hours = [...set].sort((a, b) => a - b);
      for (let i = 0; i < hours.length; i += HOURS_PER_FILL) {
        // A fill is only a shortcut for later reads: one that fails leaves the hours to the calls.
        const some = hours.slice(i, i + HOURS_PER_FILL);
        await fillHours(this.db, orgId, some).catch((err: unknown) => this.report(err, orgId, some.length));
      }
    }
  }
}

const fillers = new WeakMap<Db, HourFiller>();

const fillerOf = (db: Db): HourFiller => {
  let filler = fillers.get(db);
  if (!filler) fillers.set(db, (filler = new HourFiller(db)));
  return filler;
};

/** Asks for the hours `[from, to)` of an org to be filled, in the background. */
export function wantHours(db: Db, orgId: string, from: number, to: number): void {
  fillerOf(db).want(orgId, from, to);
}

/** Sends the failed background fills on `db` to `report` (they are otherwise silent). */
export function reportHourFillFailures(db: Db, report: FillFailureReporter): void {
  fillerOf(db).report = report;
}

/** Resolves once the background fills asked for on `db` are done. */
export function hourFillsIdle(db: Db): Promise<void> {
  return fillers.get(db)?.idle() ?? Promise.resolve();
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
 * Inside the ingest transaction (holding the org's lock), before replaced calls are deleted:
 * unlists `hours` (those of the batch's calls) and, when some were stored before, the hours of
 * the stored calls they replace (`replacedSids`), so reads take those hours from the calls
 * until they are filled again.
 */
export async function dropHourFills(tx: Db, orgId: string, hours: number[], replacedSids: string[] | null): Promise<void> {
  const replaced = replacedSids
    ? ` OR hour IN (SELECT ${startOfSql('started_at', HOUR_MS)} FROM calls WHERE org_id = $1 AND call_sid = ANY(CAST($3 AS TEXT[])))`
    : '';
  const dropped = await tx.all<{ hour: string | number }>(
    `DELETE FROM hour_fills WHERE org_id = $1 AND (hour = ANY(CAST($2 AS BIGINT[]))${replaced}) RETURNING hour`,
    replacedSids ? [orgId, hours, replacedSids] : [orgId, hours],
  );
  for (const r of dropped) asked.delete(`${orgId} ${Number(r.hour)}`);
}
