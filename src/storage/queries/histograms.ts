// Histograms (CONTRACT §6): call durations and individual dollar asks, summed from value
// counts (the daily rollups on PostgreSQL). Every bucket is present (zeros included); a
// bucket holds `min <= x < max`, the last one is open (max null).

import type { Principal } from '../../domain/principal.js';
import type { Window } from '../../domain/window.js';
import { num, Params, type Db } from '../db.js';
import { askCounts, durationCounts } from './dailyRollups.js';

interface Edge {
  label: string;
  min: number;
  max: number | null;
}

/**
 * Duration buckets. Durations are whole seconds, so each label names the first and last
 * second it holds: "0–14s", "15–29s", "30–59s", "1m–1m59s", …, "20m–29m59s", "30m+".
 */
export const DURATION_BUCKETS: readonly Edge[] = [
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
export const ASK_BUCKETS: readonly Edge[] = [
  { label: '$0–$99', min: 0, max: 100 },
  { label: '$100–$499', min: 100, max: 500 },
  { label: '$500–$999', min: 500, max: 1000 },
  { label: '$1,000–$2,499', min: 1000, max: 2500 },
  { label: '$2,500–$4,999', min: 2500, max: 5000 },
  { label: '$5,000–$9,999', min: 5000, max: 10000 },
  { label: '$10,000+', min: 10000, max: null },
];

/** Per bucket, the sum of the counts `c` of the values `x` it holds in `counts` (see dailyRollups). */
async function bucketCounts(db: Db, buckets: readonly Edge[], counts: (p: Params) => string): Promise<number[]> {
  const p = new Params();
  const sums = buckets
    .map((b, i) => {
      const upper = b.max === null ? '' : ` AND x < ${p.p(b.max)}`;
      return `coalesce(sum(c) FILTER (WHERE x >= ${p.p(b.min)}${upper}), 0) AS b${i}`;
    })
    .join(',\n       ');
  const [row] = await db.all(`SELECT ${sums} FROM (${counts(p)}) v`, p.values);
  return buckets.map((_, i) => num(row[`b${i}`]));
}

export interface DurationBucket {
  label: string;
  min_sec: number;
  max_sec: number | null;
  count: number;
}

export async function durationHistogram(db: Db, principal: Principal, w: Window): Promise<DurationBucket[]> {
  const counts = await bucketCounts(db, DURATION_BUCKETS, (p) => durationCounts(db.dialect, principal, w, p));
  return DURATION_BUCKETS.map((b, i) => ({ label: b.label, min_sec: b.min, max_sec: b.max, count: counts[i] }));
}

export interface AskBucket {
  label: string;
  min: number;
  max: number | null;
  count: number;
}

export async function askHistogram(db: Db, principal: Principal, w: Window): Promise<AskBucket[]> {
  const counts = await bucketCounts(db, ASK_BUCKETS, (p) => askCounts(db.dialect, principal, w, p));
  return ASK_BUCKETS.map((b, i) => ({ label: b.label, min: b.min, max: b.max, count: counts[i] }));
}
