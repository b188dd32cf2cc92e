// Server engine: a pg.Pool on DATABASE_URL. Several instances share one database, so
// anything that must happen once is decided by the database (row locks, SKIP LOCKED,
// conditional UPDATEs, unique indexes), never by process memory.

import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { LOCK_KEYS, type Db, type HourFillsHandle, type LockName, type Row } from '../db.js';
import { inTurn } from '../readLanes.js';

// BIGINT and COUNT come back as numbers, as on DuckDB, so query code reads one shape.
// Epoch milliseconds and row counts stay far below 2^53. NUMERIC (sum/avg of integers) is a
// double for the same reason. The parsers live on this pool only, not on the pg module.
const OID_INT8 = 20;
const OID_NUMERIC = 1700;
const OID_INT8_ARRAY = 1016;
const OID_NUMERIC_ARRAY = 1231;

const parseArray = (parse: (s: string) => number) => (text: string) => {
  const inner = text.slice(1, -1);
  if (inner === '') return [];
  return inner.split(',').map((s) => (s === 'NULL' ? null : parse(s)));
};

const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (format !== 'binary') {
      if (oid === OID_INT8) return (s: string) => Number(s);
      if (oid === OID_NUMERIC) return (s: string) => parseFloat(s);
      if (oid === OID_INT8_ARRAY) return parseArray(Number);
      if (oid === OID_NUMERIC_ARRAY) return parseArray(parseFloat);
    }
    return pg.types.getTypeParser(oid, format as 'text');
  }) as pg.CustomTypesConfig['getTypeParser'],
};

type Queryable = pg.Pool | pg.PoolClient;

// JIT compilation costs tens of milliseconds per query and our queries are short scans.
// Parallel workers too cost more than they give here: requests run several queries at
// once (the summary three), and a dashboard several requests (bench: summary over 30 days
// 54 → 33 ms, over 365 days 95 → 69 ms without them, on 2 CPUs).
export const SESSION_OPTIONS = '-c jit=off -c max_parallel_workers_per_gather=0';

async function query(q: Queryable, sql: string, params: unknown[], name?: string): Promise<Row[]> {
  const values = params.map((v) => (v === undefined ? null : v));
  const res = name ? await q.query({ name, text: sql, values }) : await q.query(sql, values);
  return res.rows as Row[];
}

/**
 * Reads run as named statements, so each connection parses (and, once PostgreSQL settles on a
 * generic plan, plans) a text once: 0.15–0.4 ms of a 1–3 ms read over one day of 1M calls.
 * A connection keeps at most this many; texts past that run unnamed. The pool closes idle
 * connections, and their statements with them.
 */
const MAX_NAMED_PER_CONNECTION = 256;
const namedOf = new WeakMap<pg.PoolClient, Set<string>>();

/** The statement name of `sql` on `client`, or undefined when the client keeps enough already. */
function statementName(client: pg.PoolClient, sql: string): string | undefined {
  let names = namedOf.get(client);
  if (!names) namedOf.set(client, (names = new Set()));
  const name = `hp_${createHash('sha1').update(sql).digest('base64url')}`;
  if (names.has(name)) return name;
  if (names.size >= MAX_NAMED_PER_CONNECTION) return undefined;
  names.add(name);
  return name;
}

// COPY's text format: one line per row, tab between values, \N for null; backslash, tab,
// newline and carriage return escaped in text.
const COPY_SPECIAL = /[\\\t\n\r]/g;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const copyText = (s: string) => s.replace(COPY_SPECIAL, (c) => COPY_ESCAPES[c]);
// An array as PostgreSQL's array literal: numbers as they are, text quoted.
const arrayItem = (v: unknown): string =>
  v === null || v === undefined ? 'NULL' : typeof v === 'string' ? `"${v.replace(/["\\]/g, '\\$&')}"` : String(v);

function copyValue(v: unknown): string {
  if (v === null || v === undefined) return '\\N';
  if (typeof v === 'string') return copyText(v);
  if (typeof v === 'boolean') return v ? 't' : 'f';
  if (Array.isArray(v)) return copyText(`{${v.map(arrayItem).join(',')}}`);
  return String(v); // numbers and bigints: their text is PostgreSQL's input
}

/** The rows as COPY text, a thousand lines per chunk. */
function* copyChunks(rows: readonly unknown[][]): Generator<string> {
  for (let start = 0; start < rows.length; start += 1000) {
    let chunk = '';
    for (const row of rows.slice(start, start + 1000)) chunk += `${row.map(copyValue).join('\t')}\n`;
    yield chunk;
  }
}

/** One client inside BEGIN … COMMIT. */
class PgTx implements Db {
  readonly dialect = 'postgres' as const;
  constructor(
    private readonly client: pg.PoolClient,
    readonly hourFills: HourFillsHandle | undefined,
  ) {}
  all<T = Row>(sql: string, params: unknown[] = []): Promise<T[]> {
    return query(this.client, sql, params) as Promise<T[]>;
  }
  async run(sql: string, params: unknown[] = []): Promise<void> {
    await query(this.client, sql, params);
  }
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    return fn(this); // already inside a transaction
  }
  async withLock<T>(lock: LockName, id: string, fn: (db: Db) => Promise<T>): Promise<T> {
    // Held until this transaction ends. hashtext: ids are text, the lock takes two int4 keys.
    await this.run('SELECT pg_advisory_xact_lock($1, hashtext($2))', [LOCK_KEYS[lock], id]);
    return fn(this);
  }
  /** COPY … FROM STDIN: a 5,000-call batch staged in 40 ms instead of 100 ms as unnest arrays (bench). */
  async appendRows(tempTable: string, rows: readonly unknown[][]): Promise<void> {
    await pipeline(Readable.from(copyChunks(rows)), this.client.query(copyFrom(`COPY ${tempTable} FROM STDIN`)));
  }
  async ping(): Promise<void> {}
  async close(): Promise<void> {}
}

export class PgDb implements Db {
  readonly dialect = 'postgres' as const;
  hourFills?: HourFillsHandle;
  private constructor(private readonly pool: pg.Pool) {}

  static async open(url: string, opts: { max?: number } = {}): Promise<PgDb> {
    const pool = new pg.Pool({ connectionString: url, types, max: opts.max ?? 10, idleTimeoutMillis: 10_000, options: SESSION_OPTIONS });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = new PgDb(pool);
    await db.ping();
    return db;
  }

  all<T = Row>(sql: string, params: unknown[] = []): Promise<T[]> {
    return inTurn(() => this.read<T>(sql, params));
  }

  private async read<T>(sql: string, params: unknown[]): Promise<T[]> {
    const client = await this.pool.connect();
    try {
      const rows = await query(client, sql, params, statementName(client, sql));
      client.release();
      return rows as T[];
    } catch (err) {
      // An error PostgreSQL answered leaves the connection usable; any other may not. When a
      // table changed under a kept statement (another instance migrated), the connection goes
      // with its statements and the read runs once more, unnamed.
      const answered = err instanceof pg.DatabaseError;
      const stale = answered && err.code === '0A000' && /cached plan/.test(err.message);
      client.release(answered && !stale ? undefined : (err as Error));
      if (stale) return query(this.pool, sql, params) as Promise<T[]>;
      throw err;
    }
  }

  async run(sql: string, params: unknown[] = []): Promise<void> {
    await query(this.pool, sql, params);
  }

  async tx<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken = false;
    try {
      await client.query('BEGIN');
      const out = await fn(new PgTx(client, this.hourFills));
      await client.query('COMMIT');
      return out;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      throw err;
    } finally {
      client.release(broken);
    }
  }

  withLock<T>(lock: LockName, id: string, fn: (db: Db) => Promise<T>): Promise<T> {
    return this.tx((tx) => tx.withLock(lock, id, fn));
  }

  appendRows(tempTable: string, rows: readonly unknown[][]): Promise<void> {
    return this.tx((tx) => tx.appendRows(tempTable, rows));
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
