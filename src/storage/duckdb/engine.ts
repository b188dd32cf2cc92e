// Embedded engine: one DuckDB file in the data directory. Reads share a small pool of
// connections; writes go through one connection, one transaction at a time, because
// DuckDB allows a single writer per process and conflicts are cheaper avoided than retried.

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  DuckDBConnection,
  DuckDBDataChunkWriter,
  DuckDBInstance,
  type DuckDBMaterializedResult,
  JSDuckDBValueConverter,
  JSToDuckDBValueConverter,
  type DuckDBType,
  type DuckDBValue,
} from '@duckdb/node-api';
import type { Db, LockName, Row } from '../db.js';
import { Mutex } from '../mutex.js';
import { inTurn } from '../readLanes.js';

/** Heavy reads take turns, one at a time (storage/readLanes.ts), so the other three are always there for light ones. */
const READ_CONNECTIONS = 4;
const CHECKPOINT_THRESHOLD = '64MB';

// Whole numbers bind as BIGINT so comparisons with BIGINT columns keep zone-map pruning.
export function bindable(params: unknown[]): DuckDBValue[] {
  return params.map((v) => {
    if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
    if (v === undefined) return null;
    return v as DuckDBValue;
  });
}

/** A value as query code reads it: BIGINT as number; lists, decimals, timestamps… as the client's JS values. */
const jsValue = (v: DuckDBValue, type: DuckDBType): unknown =>
  typeof v === 'bigint' ? Number(v) : v !== null && typeof v === 'object' ? JSDuckDBValueConverter(v, type, JSDuckDBValueConverter) : v;

/**
 * The rows of a materialized result, read where they already are and column by column: the
 * reader's fetchChunk awaits a worker-thread hop per chunk and one more for the end (~0.25 ms
 * of a 1.5 ms query over a day of 1M calls), and its row visitor with a converter for every
 * value took twice as long as this for 2,880 arrival buckets.
 */
function rowsOf(result: DuckDBMaterializedResult): Row[] {
  const names = result.deduplicatedColumnNames();
  const types = result.columnTypes();
  const rows: Row[] = [];
  for (let c = 0; c < result.chunkCount; c++) {
    const chunk = result.getChunk(c);
    const first = rows.length;
    for (let r = 0; r < chunk.rowCount; r++) rows.push({});
    chunk.getColumns().forEach((values, k) => {
      for (let r = 0; r < values.length; r++) rows[first + r][names[k]] = jsValue(values[r], types[k]);
    });
  }
  return rows;
}

// One statement, prepared directly: runAndReadAll(sql, params) first splits the text into
// statements (a second parse, ~0.4 ms a query; call detail 3.11 -> 2.68 ms p50 at 1M calls).
async function query(conn: DuckDBConnection, sql: string, params: unknown[]): Promise<Row[]> {
  const statement = await conn.prepare(sql);
  try {
    if (params.length) statement.bind(bindable(params));
    return rowsOf(await statement.run());
  } finally {
    statement.destroySync();
  }
}

/**
 * The read connections, each used by one read at a time. A read is prepared and run inside one
 * transaction of its connection: DuckDB 1.5.5 plans a prepared statement with the table
 * statistics of the moment it is prepared (string lengths, min/max) and does not plan again when
 * rows are added, so a statement kept across writes, or prepared just before a write committed,
 * sorted longer strings into garbage rows or crashed the process, and a filter outside the old
 * min/max read as empty (duckdb/duckdb#23704; reproduced in test/storage/statementReuse.test.ts).
 * Inside one transaction the snapshot is taken before the plan, so every row the statement can
 * see is in the statistics it was planned with. Statements are therefore never kept (that saved
 * ~0.3 ms of a 1.5 ms read). Heavy reads take turns, one at a time (storage/readLanes.ts), so a
 * light read waits for at most other light reads, never behind an export's pages. Waiters are
 * served in arrival order.
 */
class ReadPool {
  private readonly idle: DuckDBConnection[];
  /** Reads waiting for a connection, in arrival order. */
  private readonly waiting: ((conn: DuckDBConnection) => void)[] = [];

  constructor(
    private readonly connections: DuckDBConnection[],
    private readonly connect: () => Promise<DuckDBConnection>,
  ) {
    this.idle = [...connections];
  }

  private acquire(): Promise<DuckDBConnection> {
    const conn = this.idle.pop();
    return conn ? Promise.resolve(conn) : new Promise((take) => this.waiting.push(take));
  }

  private release(conn: DuckDBConnection): void {
    const next = this.waiting.shift();
    if (next) next(conn);
    else this.idle.push(conn);
  }

  async read(sql: string, params: unknown[]): Promise<Row[]> {
    const conn = await this.acquire();
    let usable = true;
    try {
      await conn.run('BEGIN TRANSACTION');
      return await query(conn, sql, params);
    } finally {
      // Read only: nothing to keep. A connection that cannot end its transaction is replaced.
      await conn.run('ROLLBACK').catch(() => (usable = false));
      if (usable) this.release(conn);
      else await this.replace(conn);
    }
  }

  private async replace(conn: DuckDBConnection): Promise<void> {
    const fresh = await this.connect();
    this.connections[this.connections.indexOf(conn)] = fresh;
    conn.closeSync();
    this.release(fresh);
  }

  close(): void {
    for (const conn of this.connections) conn.closeSync();
  }
}

class DuckTx implements Db {
  readonly dialect = 'duckdb' as const;
  constructor(readonly conn: DuckDBConnection) {}
  all<T = Row>(sql: string, params: unknown[] = []): Promise<T[]> {
    return query(this.conn, sql, params) as Promise<T[]>;
  }
  async run(sql: string, params: unknown[] = []): Promise<void> {
    await this.conn.run(sql, params.length ? bindable(params) : undefined);
  }
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    return fn(this); // already inside a transaction
  }
  withLock<T>(_lock: LockName, _id: string, fn: (db: Db) => Promise<T>): Promise<T> {
    return fn(this); // the single writer holds every lock
  }
  async appendRows(tempTable: string, rows: readonly unknown[][]): Promise<void> {
    const appender = await this.conn.createAppender(tempTable, 'main', 'temp');
    try {
      const writer = DuckDBDataChunkWriter.forAppender(appender, { converter: JSToDuckDBValueConverter });
      for (const row of rows) writer.appendRow(row as never[]);
      writer.flush();
    } finally {
      appender.closeSync();
    }
  }
  async ping(): Promise<void> {}
  async close(): Promise<void> {}
}

export class DuckDb implements Db {
  readonly dialect = 'duckdb' as const;
  private readonly writeLock = new Mutex();

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly readers: ReadPool,
    private readonly writer: DuckDBConnection,
  ) {}

  static async open(dataDir: string | null): Promise<DuckDb> {
    let file = ':memory:';
    if (dataDir) {
      mkdirSync(dataDir, { recursive: true });
      file = path.join(dataDir, 'honeypot.duckdb');
    }
    // A checkpoint every 64 MB of write-ahead log instead of every 16 MB: each one rewrites the
    // table's newest row groups, and at 16 MB they took half of ingest's commit time. 256 MB
    // saved a little more but held it all in memory (peak RSS 803 MiB at 1M calls; 650 at 64 MB).
    const instance = await DuckDBInstance.create(file, { checkpoint_threshold: CHECKPOINT_THRESHOLD });
    const readers = await Promise.all(Array.from({ length: READ_CONNECTIONS }, () => instance.connect()));
    const writer = await instance.connect();
    return new DuckDb(instance, new ReadPool(readers, () => instance.connect()), writer);
  }

  all<T = Row>(sql: string, params: unknown[] = []): Promise<T[]> {
    return inTurn(() => this.readers.read(sql, params)) as Promise<T[]>;
  }

  async run(sql: string, params: unknown[] = []): Promise<void> {
    await this.tx((db) => db.run(sql, params));
  }

  /** Every write goes through the one write connection, one transaction at a time. */
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    return this.writeLock.run(async () => {
      const tx = new DuckTx(this.writer);
      await this.writer.run('BEGIN TRANSACTION');
      try {
        const out = await fn(tx);
        await this.writer.run('COMMIT');
        return out;
      } catch (err) {
        await this.writer.run('ROLLBACK').catch(() => {});
        throw err;
      }
    });
  }

  /** One process owns the file and writes one transaction at a time: that is every lock. */
  withLock<T>(_lock: LockName, _id: string, fn: (db: Db) => Promise<T>): Promise<T> {
    return this.tx(fn);
  }

  appendRows(tempTable: string, rows: readonly unknown[][]): Promise<void> {
    return this.tx((db) => db.appendRows(tempTable, rows));
  }

  /** A connection of its own, outside the pool (the benchmarks' floor queries). */
  connect(): Promise<DuckDBConnection> {
    return this.instance.connect();
  }

  async ping(): Promise<void> {
    await this.readers.read('SELECT 1 AS ok', []);
  }

  async close(): Promise<void> {
    await this.writeLock.run(async () => {
      await this.writer.run('CHECKPOINT').catch(() => {});
      this.readers.close();
      this.writer.closeSync();
      this.instance.closeSync();
    });
  }
}
