// A trend: a series or a window cut in two halves, and which way the figure goes from the
// first half to the second. Used by the trend answer (analyses.ts) and by a long series'
// summary (compose.ts).

import { formatUtc } from '../../domain/window.js';
import type { TimeseriesPoint } from '../../storage/queries/timeseries.js';
import type { Bucket } from '../read/readingTypes.js';
import { resolve, type WindowSpec } from '../read/windowSpec.js';

export interface Halves {
  first: number | null;
  second: number | null;
  firstFrom: string;
  firstTo: string;
  secondFrom: string;
  secondTo: string;
}

export function halvesOf(points: TimeseriesPoint[], weights: TimeseriesPoint[] | null, kind: 'sum' | 'weighted'): Halves | null {
  const n = points.length;
  const h = Math.floor(n / 2);
  if (h === 0) return null;
  const a = points.slice(0, h);
  const b = points.slice(n - h);
  const agg = (pts: TimeseriesPoint[], offset: number): number | null => {
    if (kind === 'sum') return pts.reduce((s, p) => s + p.value, 0);
    const w = weights!.slice(offset, offset + pts.length);
    const total = w.reduce((s, p) => s + p.value, 0);
    if (total === 0) return null;
    return pts.reduce((s, p, i) => s + p.value * w[i].value, 0) / total;
  };
  return {
    first: agg(a, 0),
    second: agg(b, n - h),
    firstFrom: a[0].timestamp,
    firstTo: a[a.length - 1].timestamp,
    secondFrom: b[0].timestamp,
    secondTo: b[b.length - 1].timestamp,
  };
}

/** "the hook rate is", "tier-1 calls are". */
export function agree(label: string): string {
  return /(?:calls|insights|calls received)$/.test(label) ? `${label} are` : `the ${label} is`;
}

export function direction(first: number | null, second: number | null): string {
  if (first === null || second === null) return 'cannot be told (a half has no calls)';
  if (second > first) return 'going up';
  if (second < first) return 'going down';
  return 'flat';
}

/** The bucket a series over the window is read in: hours up to 2 days, days up to 92, weeks beyond. */
export function bucketFor(spec: WindowSpec, now: Date): Bucket {
  const r = resolve(spec, now);
  const span = r.end.getTime() - r.start.getTime();
  if (span <= 2 * 86_400_000) return 'hour';
  if (span <= 92 * 86_400_000) return 'day';
  return 'week';
}

/** The window's two halves, as spans. */
export function windowSplit(spec: WindowSpec, now: Date): [WindowSpec, WindowSpec] {
  const r = resolve(spec, now);
  const mid = new Date(r.start.getTime() + Math.floor((r.end.getTime() - r.start.getTime()) / 2));
  return [
    { kind: 'span', start: formatUtc(r.start), end: formatUtc(mid) },
    { kind: 'span', start: formatUtc(mid), end: formatUtc(r.end) },
  ];
}
