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
  ping(): Promise<void>;
  close(): Promise<void>;
}

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
