// Histograms (CONTRACT §6): call durations and individual dollar asks, summed from value
// counts (the daily rollups on PostgreSQL). Every bucket is present (zeros included); a
// bucket holds `min <= x < max`, the last one is open (max null).

import type { Principal } from '../../domain/principal.js';
import type { Window } from '../../domain/window.js';
import { num, Params, type Db } from '../db.js';
import { askCounts, durationCounts } from '../rollups/counts.js';
import { readsCallsOnly } from '../rollups/window.js';
import { windowWhere } from './summary.js';

interface Edge {
  label: string;
  min: number;
  max: number | null;
}

/** Contiguous buckets from the first lower edge: bucket i holds `edges[i] <= x < edges[i + 1]`, the last is open. */
const bucketsOf = (edges: readonly number[], labels: readonly string[]): Edge[] =>
  labels.map((label, i) => ({ label, min: edges[i], max: edges[i + 1] ?? null }));

/** One histogram: its buckets, the SQL type of its values, and where they are read. */
interface Histogram {
  buckets: readonly Edge[];
  /** So the edges compare without casts per row. */
  type: string;
  /** The values themselves (`x`) from the calls matching `where`. */
  values: (where: string) => string;
  /** Value counts (`x`, `c`) over the window (see src/storage/rollups/). */
  counts: typeof durationCounts;
}

/**
 * Call durations. They are whole seconds, so each label names the first and last second it
 * holds: "0–14s", "15–29s", "30–59s", "1m–1m59s", …, "20m–29m59s", "30m+".
 */
const DURATIONS: Histogram = {
  buckets: bucketsOf(
    [0, 15, 30, 60, 120, 300, 600, 1200, 1800],
    ['0–14s', '15–29s', '30–59s', '1m–1m59s', '2m–4m59s', '5m–9m59s', '10m–19m59s', '20m–29m59s', '30m+'],
  ),
  type: 'INTEGER',
  values: (where) => `SELECT duration_sec AS x FROM calls WHERE ${where}`,
  counts: durationCounts,
};

/**
 * Individual dollar asks, labelled by whole dollars: "$0–$99" holds every ask below $100 (so
 * $99.50 too), …, "$10,000+".
 */
const ASKS: Histogram = {
  buckets: bucketsOf(
    [0, 100, 500, 1000, 2500, 5000, 10000],
    ['$0–$99', '$100–$499', '$500–$999', '$1,000–$2,499', '$2,500–$4,999', '$5,000–$9,999', '$10,000+'],
  ),
  type: 'DOUBLE PRECISION',
  values: (where) => `SELECT unnest(dollar_asks) AS x FROM calls WHERE ${where} AND asks_count > 0`,
  counts: askCounts,
};

/**
 * Per bucket, how many values of the window it holds. Read from the calls alone, the values
 * are grouped by bucket number in one pass, as one would by hand; else the value counts are
 * summed per bucket.
 */
async function bucketCounts(db: Db, principal: Principal, w: Window, h: Histogram): Promise<number[]> {
  const { buckets } = h;
  const p = new Params();
  const edge = (v: number) => `CAST(${p.p(v)} AS ${h.type})`;
  if (!readsCallsOnly(db.dialect, principal, w, false)) {
    const sums = buckets.map((b, i) => {
      const upper = b.max === null ? '' : ` AND x < ${edge(b.max)}`;
      return `coalesce(sum(c) FILTER (WHERE x >= ${edge(b.min)}${upper}), 0) AS b${i}`;
    });
    const [row] = await db.all(`SELECT ${sums.join(', ')} FROM (${h.counts(db, principal, w, p)}) v`, p.values);
    return buckets.map((_, i) => num(row[`b${i}`]));
  }
  // Buckets are contiguous from the first min (bucketsOf): a value below it is -1, in none.
  const whens = buckets.map((b, i) => (b.max === null ? `ELSE ${i}` : `WHEN x < ${edge(b.max)} THEN ${i}`)).join(' ');
  const values = h.values(windowWhere(principal, w, p));
  const sql = `SELECT CASE WHEN x < ${edge(buckets[0].min)} THEN -1 ${whens} END AS b, count(*) AS c FROM (${values}) v GROUP BY 1`;
  const out = buckets.map(() => 0);
  for (const r of await db.all(sql, p.values)) if (num(r.b) >= 0) out[num(r.b)] += num(r.c);
  return out;
}

export interface DurationBucket {
  label: string;
  min_sec: number;
  max_sec: number | null;
  count: number;
}

export async function durationHistogram(db: Db, principal: Principal, w: Window): Promise<DurationBucket[]> {
  const counts = await bucketCounts(db, principal, w, DURATIONS);
  return DURATIONS.buckets.map((b, i) => ({ label: b.label, min_sec: b.min, max_sec: b.max, count: counts[i] }));
}

/** An ask bucket as answered: its edges in dollars, as ASKS has them, and how many asks it holds. */
export type AskBucket = Edge & { count: number };

export async function askHistogram(db: Db, principal: Principal, w: Window): Promise<AskBucket[]> {
  const counts = await bucketCounts(db, principal, w, ASKS);
  return ASKS.buckets.map((b, i) => ({ ...b, count: counts[i] }));
}
