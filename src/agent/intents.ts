// The built-in planner's plans: what a question asks for (an intent over a window, or a
// conversational reply), and what a turn keeps for follow-ups.

import type { DisconnectReason } from '../domain/call.js';
import type { TopnField } from '../storage/queries/topn.js';
import type { SummaryMetric } from './answer.js';
import type { WindowSpec } from './timePhrases.js';

export type Bucket = '15min' | 'hour' | 'day' | 'week';

export interface SearchFilters {
  q?: string;
  impersonated_brand?: string[];
  lure_category?: string[];
  payment_method?: string[];
  caller_state?: string[];
  tier?: number[];
  hooked?: boolean;
  min_duration_sec?: number;
  max_duration_sec?: number;
}

export type Intent =
  | { kind: 'summary'; metrics: SummaryMetric[]; notHooked?: boolean }
  | { kind: 'timeseries'; metric: SummaryMetric; bucket: Bucket | null }
  | { kind: 'trend'; metric: SummaryMetric }
  | { kind: 'compare'; metrics: SummaryMetric[]; other: WindowSpec; field?: TopnField }
  | { kind: 'topn'; field: TopnField; n: number }
  | { kind: 'value'; field: TopnField; value: string }
  | { kind: 'tier1'; limit: number; only?: Tier1Filter }
  | { kind: 'longest' }
  | { kind: 'geo'; state: string | null }
  | { kind: 'disconnects'; reason: DisconnectReason | null }
  | { kind: 'active' }
  | { kind: 'calls'; filters: SearchFilters; count: boolean }
  | { kind: 'call'; sid: string };

export type ChatReply =
  | 'greeting'
  | 'thanks'
  | 'help'
  | 'decline'
  | 'other_orgs'
  | 'future'
  | 'breakdown'
  | 'live_tier'
  | 'geo_outside'
  | 'which_call';

/** A narrowing of the tier-1 rows to one kind of financial intel (and optionally one value). */
export interface Tier1Filter {
  kind: 'crypto' | 'bank' | 'drop' | 'gift';
  value?: string;
}

export type Plan = { kind: 'data'; intent: Intent; window: WindowSpec } | { kind: 'chat'; reply: ChatReply };

/** What a turn keeps for follow-ups (the turn's context_json). */
export interface PlannerState {
  planner: 1;
  intent: Intent;
  window: WindowSpec;
}

export const OVERVIEW: SummaryMetric[] = [
  'calls_received',
  'hooked_calls',
  'hook_rate',
  'tier1_calls',
  'tier2_calls',
  'tier3_calls',
  'high_confidence_insights',
  'total_dollars_asked',
];
export const COMPARE_DEFAULT: SummaryMetric[] = ['calls_received', 'hooked_calls', 'hook_rate', 'tier1_calls', 'total_dollars_asked'];
export const VALUE_FILTER_FIELDS = ['impersonated_brand', 'lure_category', 'payment_method'] as const;
export const TOPN_DEFAULT = 10;
export const LOOKUP_N = 50;
export const TIER1_LIMIT = 10;
/** Rows read when only some tier-1 calls are wanted (e.g. those with a crypto wallet). */
export const TIER1_SCAN = 100;
export const SEARCH_LIMIT = 20;
export const COUNT_LIMIT = 200;
