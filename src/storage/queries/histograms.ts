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

/**
 * Duration buckets. Durations are whole seconds, so each label names the first and last
 * second it holds: "0–14s", "15–29s", "30–59s", "1m–1m59s", …, "20m–29m59s", "30m+".
 */
const DURATION_BUCKETS: readonly Edge[] = [
  { label: '0–14s', min: 0, max: 15 },
  { label: '15–29s', min: 15, max: 30 },
  { label: '30–59s', min: 30, max: 60 },
  { label: '1m–1m59s', min: 60, max: 120 },
  { label: '2m–4m59s', min: 120, max: 300 },
  { label: '5m–9m59s', min: 300, max: 600 },
  { label: '10m–19m59s', min: 600, max: 1200 },
  { label: '20m–29m59s', min: 1200, max: 1800 },
  { label: '30m+', min: 1800, max: null },
];

/**
 * Ask buckets, labelled by whole dollars: "$0–$99" holds every ask below $100 (so $99.50
 * too), …, "$10,000+".
 */
const ASK_BUCKETS: readonly Edge[] = [
  { label: '$0–$99', min: 0, max: 100 },
  { label: '$100–$499', min: 100, max: 500 },
  { label: '$500–$999', min: 500, max: 1000 },
  { label: '$1,000–$2,499', min: 1000, max: 2500 },
  { label: '$2,500–$4,999', min: 2500, max: 5000 },
  { label: '$5,000–$9,999', min: 5000, max: 10000 },
  { label: '$10,000+', min: 10000, max: null },
];

/**
 * Per bucket, how many values it holds. `counts` yields value counts (`x`, `c`; see
 * src/storage/rollups/), summed per bucket; `values` (when the window is read from the calls alone)
 * yields the values themselves (`x`), grouped by bucket number in one pass, as one would by hand.
 * `type` is the SQL type of the values, so the edges compare without casts per row.
 */
async function bucketCounts(
  db: Db,
  buckets: readonly Edge[],
  type: string,
  source: { values: (p: Params) => string } | { counts: (p: Params) => string },
): Promise<number[]> {
  const p = new Params();
  const edge = (v: number) => `CAST(${p.p(v)} AS ${type})`;
  if ('counts' in source) {
    const sums = buckets.map((b, i) => {
      const upper = b.max === null ? '' : ` AND x < ${edge(b.max)}`;
      return `coalesce(sum(c) FILTER (WHERE x >= ${edge(b.min)}${upper}), 0) AS b${i}`;
    });
    const [row] = await db.all(`SELECT ${sums.join(', ')} FROM (${source.counts(p)}) v`, p.values);
    return buckets.map((_, i) => num(row[`b${i}`]));
  }
  // Buckets are contiguous from the first min: a value below it is -1, in none.
  const whens = buckets.map((b, i) => (b.max === null ? `ELSE ${i}` : `WHEN x < ${edge(b.max)} THEN ${i}`)).join(' ');
  const sql = `SELECT CASE WHEN x < ${edge(buckets[0].min)} THEN -1 ${whens} END AS b, count(*) AS c FROM (${source.values(p)}) v GROUP BY 1`;
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
  const counts = await bucketCounts(
    db,
    DURATION_BUCKETS,
    'INTEGER',
    readsCallsOnly(db.dialect, principal, w)
      ? { values: (p) => `SELECT duration_sec AS x FROM calls WHERE ${windowWhere(principal, w, p)}` }
      : { counts: (p) => durationCounts(db.dialect, principal, w, p) },
  );
  return DURATION_BUCKETS.map((b, i) => ({ label: b.label, min_sec: b.min, max_sec: b.max, count: counts[i] }));
}

export interface AskBucket {
  label: string;
  min: number;
  max: number | null;
  count: number;
}

export async function askHistogram(db: Db, principal: Principal, w: Window): Promise<AskBucket[]> {
  const counts = await bucketCounts(
    db,
    ASK_BUCKETS,
    'DOUBLE PRECISION',
    readsCallsOnly(db.dialect, principal, w)
      ? { values: (p) => `SELECT unnest(dollar_asks) AS x FROM calls WHERE ${windowWhere(principal, w, p)} AND asks_count > 0` }
      : { counts: (p) => askCounts(db.dialect, principal, w, p) },
  );
  return ASK_BUCKETS.map((b, i) => ({ label: b.label, min: b.min, max: b.max, count: counts[i] }));
}
