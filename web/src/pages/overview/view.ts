// The overview's view state, all of it in the URL: ?range=30d&tz=utc&metric=hook_rate&bucket=day
// &topn=mule_bank_name&n=20&tier1_sort=-auditor_confidence&refresh=1m. Anything missing or
// unknown falls back to its default, so an edited or old link still opens.

import { useMemo } from 'react';
import type { Query } from '../../lib/api';
import { fmtDuration, fmtDurationShort, fmtInt, fmtPct, fmtUsdCompact } from '../../lib/format';
import { TIER1_FIELDS } from '../../../../src/domain/call';
import { useLocation } from '../../lib/router';
import { oneOf, updateSearch } from '../../lib/urlState';
import type { Span } from '../../lib/window';

export interface Metric {
  value: string;
  label: string;
  format: (v: number) => string;
  /** Axis ticks (shorter than `format` where that helps). */
  axis: (v: number) => string;
  /** A value in a sentence: "1,234 calls", "$1.6M asked". */
  phrase: (v: number) => string;
  /** Counts and dollars get whole-number ticks. */
  integer: boolean;
}

export const METRICS: Metric[] = [
  {
    value: 'calls',
    label: 'Calls',
    format: fmtInt,
    axis: fmtInt,
    phrase: (v) => `${fmtInt(v)} ${v === 1 ? 'call' : 'calls'}`,
    integer: true,
  },
  { value: 'hooked_calls', label: 'Hooked calls', format: fmtInt, axis: fmtInt, phrase: (v) => `${fmtInt(v)} hooked`, integer: true },
  { value: 'hook_rate', label: 'Hook rate', format: fmtPct, axis: fmtPct, phrase: (v) => `${fmtPct(v)} hook rate`, integer: false },
  { value: 'tier1_calls', label: 'Tier-1 calls', format: fmtInt, axis: fmtInt, phrase: (v) => `${fmtInt(v)} tier-1`, integer: true },
  {
    value: 'total_dollars_asked',
    label: 'Money asked',
    format: fmtUsdCompact,
    axis: fmtUsdCompact,
    phrase: (v) => `${fmtUsdCompact(v)} asked`,
    integer: true,
  },
  {
    value: 'avg_duration_sec',
    label: 'Average duration',
    format: fmtDuration,
    axis: fmtDurationShort,
    phrase: (v) => `${fmtDuration(v)} average`,
    integer: false,
  },
  {
    value: 'high_confidence_insights',
    label: 'High-confidence insights',
    format: fmtInt,
    axis: fmtInt,
    phrase: (v) => `${fmtInt(v)} high-confidence`,
    integer: true,
  },
];

export const BUCKET_WIDTH_MS: Record<string, number> = { '15min': 900_000, hour: 3_600_000, day: 86_400_000, week: 604_800_000 };
export const BUCKETS = [
  { value: 'auto', label: 'Auto' },
  { value: '15min', label: '15 minutes' },
  { value: 'hour', label: 'Hour' },
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
] as const;
type BucketChoice = (typeof BUCKETS)[number]['value'];
/** A chart of more points than this is unreadable and slow: such buckets are not offered. */
export const MAX_POINTS = 1000;

/** Points a bucket gives over a window (partial first and last buckets included). */
export const bucketPoints = (s: Span, bucket: string) => Math.ceil((Date.parse(s.end) - Date.parse(s.start)) / BUCKET_WIDTH_MS[bucket]) + 1;

function autoBucket(days: number): string {
  // A zoomed stretch of a few hours still draws a line: quarter hours up to half a day.
  if (days <= 0.5) return '15min';
  if (days <= 7) return 'hour';
  if (days <= 90) return 'day';
  return 'week';
}

/** The top-N fields, and the /calls filter each drills into (api13: routing → *_number). */
export const TOPN_FIELDS: { value: string; label: string; filter: string }[] = [
  { value: 'impersonated_brand', label: 'Impersonated brand', filter: 'impersonated_brand' },
  { value: 'lure_category', label: 'Lure', filter: 'lure_category' },
  { value: 'payment_method', label: 'Payment method', filter: 'payment_method' },
  { value: 'impersonated_government_agency', label: 'Government agency', filter: 'impersonated_government_agency' },
  { value: 'mule_bank_name', label: 'Mule bank', filter: 'mule_bank_name' },
  { value: 'mule_bank_routing', label: 'Mule bank routing number', filter: 'mule_bank_routing_number' },
  { value: 'crypto_chain', label: 'Crypto chain', filter: 'crypto_chain' },
  { value: 'gift_card_brand', label: 'Gift card brand', filter: 'gift_card_brand' },
  { value: 'remote_desktop_app', label: 'Remote desktop app', filter: 'remote_desktop_app' },
  { value: 'synthetic_org', label: 'Synthetic organisation', filter: 'synthetic_org' },
  { value: 'fake_agent_name', label: 'Fake agent name', filter: 'fake_agent_name' },
];
/** GET /api/kpis/topn answers at most this many items (its `n` is 1–50). */
export const TOPN_API_MAX = 50;
/** What the box accepts; above TOPN_API_MAX the panel says it shows 50. */
export const TOPN_INPUT_MAX = 1000;

const TIER1_SORTS = ['call_started_at', 'auditor_confidence', ...TIER1_FIELDS, 'call_sid'] as const;
export type Tier1SortField = (typeof TIER1_SORTS)[number];
const TIER1_SORT_VALUES = TIER1_SORTS.flatMap((f) => [f, `-${f}`]);
export const TIER1_DEFAULT_SORT = '-call_started_at';
export const TIER1_PAGE = 100;

export const REFRESH = [
  { value: 'off', label: 'Off', ms: 0 },
  { value: '30s', label: '30 s', ms: 30_000 },
  { value: '1m', label: '1 min', ms: 60_000 },
  { value: '5m', label: '5 min', ms: 300_000 },
] as const;
type RefreshChoice = (typeof REFRESH)[number]['value'];

export interface OverviewView {
  metric: string;
  bucket: BucketChoice;
  topn: string;
  /** As asked for (1–1000); the request sends at most TOPN_API_MAX. */
  n: number;
  tier1Sort: string;
  refresh: RefreshChoice;
}

export const VIEW_DEFAULTS: OverviewView = {
  metric: 'calls',
  bucket: 'auto',
  topn: 'impersonated_brand',
  n: 10,
  tier1Sort: TIER1_DEFAULT_SORT,
  refresh: 'off',
};

const PARAM: Record<keyof OverviewView, string> = {
  metric: 'metric',
  bucket: 'bucket',
  topn: 'topn',
  n: 'n',
  tier1Sort: 'tier1_sort',
  refresh: 'refresh',
};

export function viewFromSearch(p: URLSearchParams): OverviewView {
  const n = Number(p.get('n'));
  return {
    metric: oneOf(
      p.get('metric'),
      METRICS.map((m) => m.value),
      VIEW_DEFAULTS.metric,
    ),
    bucket: oneOf(
      p.get('bucket'),
      BUCKETS.map((b) => b.value),
      VIEW_DEFAULTS.bucket,
    ),
    topn: oneOf(
      p.get('topn'),
      TOPN_FIELDS.map((f) => f.value),
      VIEW_DEFAULTS.topn,
    ),
    n: Number.isInteger(n) && n >= 1 && n <= TOPN_INPUT_MAX ? n : VIEW_DEFAULTS.n,
    tier1Sort: oneOf(p.get('tier1_sort'), TIER1_SORT_VALUES, VIEW_DEFAULTS.tier1Sort),
    refresh: oneOf(
      p.get('refresh'),
      REFRESH.map((r) => r.value),
      VIEW_DEFAULTS.refresh,
    ),
  };
}

/** The bucket a view asks the API for: auto resolved, and never one of too many points. */
export function effectiveBucket(view: OverviewView, span: Span, days: number): { bucket: string; refused: string | null } {
  const auto = autoBucket(days);
  if (view.bucket === 'auto') return { bucket: auto, refused: null };
  if (bucketPoints(span, view.bucket) > MAX_POINTS) return { bucket: auto, refused: view.bucket };
  return { bucket: view.bucket, refused: null };
}

/** The view from the URL, and a setter that adds a history entry (defaults leave the URL). */
export function useView(): [OverviewView, (patch: Partial<OverviewView>) => void] {
  const { search } = useLocation();
  const qs = search.toString();
  const view = useMemo(() => viewFromSearch(new URLSearchParams(qs)), [qs]);
  const set = (patch: Partial<OverviewView>) => {
    const changes: Query = {};
    for (const [k, v] of Object.entries(patch) as [keyof OverviewView, string | number][]) {
      changes[PARAM[k]] = v === VIEW_DEFAULTS[k] ? null : String(v);
    }
    updateSearch(changes);
  };
  return [view, set];
}

/** Arrivals (15-minute cells, a row per day) over at most the window's last 31 days. */
export const ARRIVALS_MAX_DAYS = 31;
export function arrivalsSpan(s: Span): Span {
  const max = ARRIVALS_MAX_DAYS * 86_400_000;
  const end = Date.parse(s.end);
  if (end - Date.parse(s.start) <= max) return s;
  return { start: new Date(end - max).toISOString().replace('.000Z', 'Z'), end: s.end };
}
