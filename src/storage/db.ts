// The engine-neutral database handle. SQL uses `$1`-style parameters, which both DuckDB
// and PostgreSQL accept; values never go into SQL text.

export type Dialect = 'duckdb' | 'postgres';
export type Row = Record<string, unknown>;

export interface Db {
  readonly dialect: Dialect;
  all<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  run(sql: string, params?: unknown[]): Promise<void>;
  /** Runs `fn` in one transaction on one connection; writes are serialised. */
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` in one transaction (the current one, inside `tx`) holding the lock `lock` for
   * `id`: callers with the same lock and id take turns, across every instance sharing the
   * database. PostgreSQL: a transaction-scoped advisory lock; DuckDB: its single writer
   * already serialises every write transaction of the one process that owns the file.
   */
  withLock<T>(lock: LockName, id: string, fn: (db: Db) => Promise<T>): Promise<T>;
  /**
   * Appends `rows` (values in the table's column order) to `tempTable`, a temporary table of
   * this transaction's connection, by the engine's bulk path: DuckDB's appender, PostgreSQL's
   * COPY. Use it inside `tx`: temporary tables belong to one connection.
   */
  appendRows(tempTable: string, rows: readonly unknown[][]): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * The storage's background filler of hourly rollups (rollups/hourFills.ts), set by
   * openStorage on an engine that keeps rollups; a transaction carries its engine's.
   */
  hourFills?: HourFillsHandle;
}

/** What reads and ingest tell the filler of hourly rollups (rollups/hourFills.ts). */
export interface HourFillsHandle {
  /** A read took the whole hours [from, to) of an org: fill those not filled, in the background. */
  want(orgId: string, from: number, to: number): void;
  /** Ingest unlisted these hours of an org: they may be asked for again at once. */
  forget(orgId: string, hours: readonly number[]): void;
}

/**
 * Every lock of the application, and its key: any constant shared by every instance, distinct
 * per lock (PostgreSQL's two-key advisory locks: this key and a hash of the id).
 */
export const LOCK_KEYS = {
  /** Schema migrations at start-up (id ''): instances starting together wait for each other. */
  migrations: 726_517_001,
  /** An org's ingest: the rollup deltas read the stored versions of the calls being replaced. */
  orgCalls: 726_517_002,
  /** The first org of an empty store (id ''): exactly one instance creates the demo org. */
  firstOrg: 726_517_003,
  /** An agent session's turns: created_at stays strictly increasing within a session. */
  agentTurns: 726_517_004,
  /** An org's saved searches, webhooks and alert rules: per-org caps stay exact. */
  orgRecords: 726_517_005,
} as const;
export type LockName = keyof typeof LOCK_KEYS;

/** Collects parameters while a query is built: `sql.p(value)` returns `$n`. */
export class Params {
  readonly values: unknown[] = [];
  p(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
  list(values: readonly unknown[]): string {
    return values.map((v) => this.p(v)).join(', ');
  }
}

export const num = (v: unknown): number => (typeof v === 'bigint' ? Number(v) : (v as number));
export const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : num(v));
