// PostgreSQL reads run as named statements kept per connection (src/storage/postgres/engine.ts).
// These check what that must not change: each caller gets the rows of its own parameters, more
// texts than a connection keeps still run, an error PostgreSQL answers leaves the pool usable,
// and a table changed under a kept statement (another instance migrating) is read again.
// Runs in the server-mode pass only (test/server/, see scripts/test.mjs).

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PgDb } from '../../src/storage/postgres/engine.js';
import { createTestDatabase, dropTestDatabase, TEST_ENGINE, testDatabaseName } from '../helpers/serverMode.js';

const PG_ADMIN_URL = process.env.HONEYPOT_TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

describe('PostgreSQL reads with named statements', { skip: TEST_ENGINE === 'postgres' ? false : 'needs PostgreSQL' }, () => {
  const name = testDatabaseName();
  let db: PgDb;

  before(async () => {
    await createTestDatabase(name);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    db = await PgDb.open(url.toString(), { max: 3 });
    await db.run('CREATE TABLE t (id BIGINT, name TEXT)');
    await db.run(`INSERT INTO t SELECT i, CASE WHEN i % 5 = 0 THEN NULL ELSE 'n' || i END FROM generate_series(0, 49) i`);
  });

  after(async () => {
    await db?.close();
    await dropTestDatabase(name);
  });

  const expectedRange = (from: number, to: number) => {
    const rows = [];
    for (let i = from; i < Math.min(to, 50); i++) rows.push({ id: i, name: i % 5 === 0 ? null : `n${i}` });
    return rows;
  };

  test('concurrent reads of one text each get the rows of their own parameters', async () => {
    const sql = 'SELECT id, name FROM t WHERE id >= $1 AND id < $2 ORDER BY id';
    const ranges = Array.from({ length: 40 }, (_, i) => [i, i + 1 + (i % 7)] as const);
    // Over PostgreSQL's five custom plans, so a generic plan is in use too.
    for (let i = 0; i < 12; i++) assert.deepEqual(await db.all(sql, [0, 1]), expectedRange(0, 1));
    const results = await Promise.all(ranges.map(([from, to]) => db.all(sql, [from, to])));
    results.forEach((rows, k) => assert.deepEqual(rows, expectedRange(...ranges[k]), `range ${ranges[k]}`));
  });

  test('more distinct texts than a connection keeps all run', async () => {
    // 600 texts on 3 connections: past 256 per connection they run unnamed.
    for (let i = 0; i < 600; i++) {
      const rows = await db.all<{ id: number; k: number }>(`SELECT id, ${i} AS k FROM t WHERE id = $1`, [i % 50]);
      assert.deepEqual(rows, [{ id: i % 50, k: i }]);
    }
  });

  test('a read PostgreSQL refuses throws its error and leaves the pool usable', async () => {
    await assert.rejects(db.all('SELECT id FROM t WHERE id = $1::int / 0', [1]), /division by zero/);
    await assert.rejects(db.all('SELECT missing FROM t'), /column "missing" does not exist/);
    assert.deepEqual(await db.all('SELECT id, name FROM t WHERE id >= $1 AND id < $2 ORDER BY id', [3, 5]), expectedRange(3, 5));
  });

  test('a table changed under a kept statement is read again with its new columns', async () => {
    const sql = 'SELECT * FROM t WHERE id = $1';
    // Every connection keeps the text.
    for (let i = 0; i < 3; i++) await Promise.all([1, 2, 3].map((id) => db.all(sql, [id])));
    await db.run('ALTER TABLE t ADD COLUMN extra TEXT');
    await db.run(`UPDATE t SET extra = 'x' || id`);
    for (let i = 0; i < 6; i++) {
      const rows = await Promise.all([1, 2, 3].map((id) => db.all(sql, [id])));
      assert.deepEqual(
        rows,
        [1, 2, 3].map((id) => [{ id, name: `n${id}`, extra: `x${id}` }]),
      );
    }
  });
});
