// DuckDB reads run on a pool of read connections, one read (one transaction) per connection at
// a time, and read results in place (src/storage/duckdb/engine.ts). These check what that must
// not change: every caller gets the rows of its own parameters, values keep their JS types, a
// failed statement leaves nothing behind, and results of many chunks or many distinct texts come
// back whole. statementReuse.test.ts checks reads across writes.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { DuckDb } from '../../src/storage/duckdb/engine.js';

let dir: string;
let db: DuckDb;

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'honeypot-duckreads-'));
  db = await DuckDb.open(dir);
  await db.run('CREATE TABLE t (id BIGINT, name TEXT, ok BOOLEAN, score DOUBLE, asks DOUBLE[])');
  // Row i: name null when i % 5 = 0, ok when i is even, score i / 4, asks [] when i % 3 = 0.
  await db.run(`INSERT INTO t SELECT i, CASE WHEN i % 5 = 0 THEN NULL ELSE 'n' || i END, i % 2 = 0, i / 4,
    CASE WHEN i % 3 = 0 THEN CAST([] AS DOUBLE[]) ELSE [i, i + 0.5] END FROM range(50) r(i)`);
});

after(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

test('concurrent reads of one text each get the rows of their own parameters', async () => {
  const sql = 'SELECT id, name FROM t WHERE id >= $1 AND id < $2 ORDER BY id';
  const ranges = Array.from({ length: 40 }, (_, i) => [i, i + 1 + (i % 7)] as const);
  for (let i = 0; i < 8; i++) await db.all(sql, [0, 1]); // every read connection holds the text now
  const results = await Promise.all(ranges.map(([from, to]) => db.all<{ id: number; name: string | null }>(sql, [from, to])));
  results.forEach((rows, k) => {
    const [from, to] = ranges[k];
    const expected = [];
    for (let i = from; i < Math.min(to, 50); i++) expected.push({ id: i, name: i % 5 === 0 ? null : `n${i}` });
    assert.deepEqual(rows, expected, `range [${from}, ${to})`);
  });
});

test('values keep their types: BIGINT as number, booleans, doubles, lists, nulls', async () => {
  for (let round = 0; round < 3; round++) {
    const [row] = await db.all('SELECT id, name, ok, score, asks FROM t WHERE id = $1', [9]);
    assert.deepEqual(row, { id: 9, name: 'n9', ok: false, score: 2.25, asks: [] });
    const [row10] = await db.all('SELECT id, name, ok, score, asks FROM t WHERE id = $1', [10]);
    assert.deepEqual(row10, { id: 10, name: null, ok: true, score: 2.5, asks: [10, 10.5] });
  }
});

test('a statement that fails leaves the next run of its text unharmed', async () => {
  const sql = 'SELECT CAST($1 AS INTEGER) AS v';
  await assert.rejects(db.all(sql, ['not a number']));
  assert.deepEqual(await db.all(sql, ['41']), [{ v: 41 }]);
  await assert.rejects(db.all(sql, ['x']));
  assert.deepEqual(await db.all(sql, ['7']), [{ v: 7 }]);
});

test('results of several chunks come back whole and in order', async () => {
  const rows = await db.all<{ i: number }>('SELECT range AS i FROM range(CAST($1 AS BIGINT)) ORDER BY i', [5000]);
  assert.equal(rows.length, 5000);
  assert.ok(rows.every((r, k) => r.i === k));
  assert.deepEqual(await db.all('SELECT range AS i FROM range(CAST($1 AS BIGINT))', [0]), []);
});

test('more distinct texts than a connection keeps are all answered, again and again', async () => {
  for (let round = 0; round < 2; round++) {
    for (let i = 0; i < 600; i++) {
      const [row] = await db.all(`SELECT ${i} + $1 AS v`, [round]);
      assert.equal(row.v, i + round);
    }
  }
});
