// The built-in planner's plans: what a question asks for (an intent over a window, or a
// conversational reply), and what a turn keeps for follow-ups.

import type { DisconnectReason, IntelField } from '../../domain/call.js';
import type { CallerOrigin } from '../../domain/sliceFilter.js';
import type { TopnField } from '../../storage/queries/topn.js';
import type { Bar, Mention, NegatedFigure, SummaryMetric } from '../read/readingTypes.js';
import type { WindowSpec } from '../read/windowSpec.js';
import { IDENTIFIER_FIELDS, VALUE_FIELDS, type FilterValueField, type ValueField } from '../read/values.js';
import type { Bucket, RankField } from '../read/readingTypes.js';
export type { RankField } from '../read/readingTypes.js';

/** The qualifiers of a question as tool filter arguments (every windowed tool takes them). */
export type Filters = { [F in FilterValueField | 'caller_state']?: string[] } & {
  /** Transcript substrings; every one must appear. */
  q?: string[];
  tier?: number[];
  hooked?: boolean;
  min_duration_sec?: number;
  max_duration_sec?: number;
  caller_origin?: CallerOrigin[];
  caller_area_code?: string[];
  disconnect_reason?: DisconnectReason[];
  /** Intel fields the calls must have ("with a phishing URL"). */
  has?: IntelField[];
  /** Calls with any intel extracted (true) or with none (false). */
  has_intel?: boolean;
  min_dollars_asked?: number;
  max_dollars_asked?: number;
  min_asks?: number;
  min_single_ask?: number;
};

export type Intent =
  | { kind: 'summary'; metrics: SummaryMetric[]; notHooked?: boolean }
  | { kind: 'timeseries'; metric: SummaryMetric; bucket: Bucket | null; explain?: boolean }
  | { kind: 'trend'; metric: SummaryMetric; verdict?: Verdict }
  /** `movers`: the values ranked by their change in calls, those rising (or falling) most first ("which brands are rising fastest"). */
  | {
      kind: 'compare';
      metrics: SummaryMetric[];
      other: WindowSpec;
      field?: TopnField;
      share?: boolean;
      verdict?: Verdict;
      movers?: { falling: boolean; n: number };
    }
  /**
   * `least`: the least frequent values first ("the least common brand"); `check`: "is Amazon the top brand?";
   * `apart`: a value left out of the ranking ("top brands other than Amazon").
   */
  | { kind: 'topn'; field: RankField; n: number; minCount?: number; explain?: boolean; least?: boolean; check?: string; apart?: string }
  | { kind: 'value'; field: TopnField; value: string; strict?: boolean }
  /** The busiest bucket of a window ("busiest day", "which hour"), or the busiest hour of the day / weekday over it. */
  | { kind: 'busiest'; metric: SummaryMetric; unit: 'day' | 'hour' | 'hour_of_day' | 'weekday'; least?: boolean }
  /** What share of the calls (of the filters) a figure is: "what share were high-confidence". */
  | { kind: 'share'; metric: SummaryMetric | null; other?: WindowSpec }
  /** A figure per call of the filters: "average dollars asked per tier 1 call". */
  | { kind: 'perCall'; metric: SummaryMetric }
  /** How many different values a field has: "how many distinct brands", "unique caller numbers". */
  | { kind: 'distinct'; field: RankField; minCount?: number }
  /** Two or more values side by side over one window: "Amazon vs Microsoft", "Texas vs Florida". */
  /** `more`: a yes/no question of whether the first value's figure is above (true) or below (false) the second's. */
  | { kind: 'compareValues'; field: ValueField | 'caller_state'; values: Mention[]; metric: SummaryMetric; more?: boolean }
  /** A field's values ranked by a figure: "which brand has the highest hook rate", "average ask by lure". */
  | { kind: 'rankBy'; field: ValueField; metric: SummaryMetric; n: number; least: boolean }
  /** The values of the window no call had in the lookback before it: "any new mule banks this week?". */
  | { kind: 'newValues'; field: ValueField }
  /** Groups of calls side by side over one window: "hooked vs not hooked", "tier 1 vs tier 2". */
  | { kind: 'compareGroups'; groups: { name: string; filters: Filters }[]; metric: SummaryMetric; more?: boolean }
  /** How many single dollar asks reach an amount: "how many individual asks were over 10k". */
  | { kind: 'askCount'; min: number }
  /** A count or dollar figure averaged per day, week or hour of the window: "average calls per day". */
  | { kind: 'perUnit'; metric: SummaryMetric; unit: 'hour' | 'day' | 'week' }
  /** The single dollar asks themselves: how many, their mean (total ÷ number of asks), median and largest. */
  | { kind: 'askStats'; other?: WindowSpec }
  /** The newest (or oldest) calls of the filters: "when was the last tier 1 call", "first call today". */
  | { kind: 'latest'; limit: number; oldest: boolean }
  | { kind: 'tier1'; limit: number; only?: Tier1Filter }
  /** The call(s) holding a window's extreme: the longest call, or the biggest single ask. */
  | { kind: 'longest'; by?: 'duration' | 'ask'; n?: number; shortest?: boolean }
  /** `least`: "which state had the fewest calls", among the states with a call. */
  | { kind: 'geo'; state: string | null; explain?: boolean; least?: boolean }
  | { kind: 'disconnects'; reason: DisconnectReason | null; explain?: boolean }
  | { kind: 'active' }
  | { kind: 'calls'; count: boolean; limit?: number }
  | { kind: 'call'; sid: string }
  /**
   * Calls lacking a property ("not cleanly closed", "not about Amazon"): all calls of the filters
   * minus those having it. `asked`: what else the question wanted, which no tool gives for them.
   */
  | { kind: 'complement'; said: string; figure?: NegatedFigure; part?: Filters; partMentions?: Mention[]; asked?: string };

/**
 * A yes/no question about a change ("were there more calls this week than last?", "did the hook
 * rate go up?"): whether `metric` rose (`up`) or fell, from the second window to the first
 * (`than`) or from the earlier window to the later.
 */
export interface Verdict {
  metric: SummaryMetric;
  /** Null for "did it go up or down?": answered Up, Down or Unchanged. */
  up: boolean | null;
  than: boolean;
}

export type ChatReply =
  'greeting' | 'thanks' | 'help' | 'decline' | 'other_orgs' | 'future' | 'breakdown' | 'live_tier' | 'geo_outside' | 'which_call';

/** A narrowing of the tier-1 rows to one kind of financial intel (and optionally one value). */
export interface Tier1Filter {
  kind: 'crypto' | 'bank' | 'drop' | 'gift';
  value?: string;
}

export interface DataPlan {
  kind: 'data';
  intent: Intent;
  window: WindowSpec;
  /** Filters known when planning (states, tiers, durations, transcript text, carried values). */
  filters: Filters;
  /** Values named in the question, matched against the org's data when the plan runs. */
  mentions: Mention[];
  /** Said with the answer: how a vague time phrase was taken, a command left out. */
  notes: string[];
  /** A time phrase no rule read: the answer says so instead of a figure for another window. */
  unread?: string;
  /** A yes/no question against a number ("any tier 1 calls today?", "more than 5 calls?"): answered Yes or No first. */
  bar?: Bar;
}
export type Plan = DataPlan | { kind: 'chat'; reply: ChatReply };

/** What a query rule's answer keeps for a follow-up (ruleFollowUp.ts): its question as typed, and the time phrase it named. */
export interface RuleTurn {
  question: string;
  /** The first time phrase (normalised) when the typed question holds it as read, else null. */
  window: string | null;
}

/** What a turn keeps for follow-ups (the turn's context_json). */
export interface PlannerState {
  planner: 2;
  intent: Intent;
  window: WindowSpec;
  /** The filters the answer used (values as matched), carried into follow-ups. */
  filters: Filters;
  /** A query rule's answer: its question, asked again with what a follow-up changes (ruleFollowUp.ts). */
  rule?: RuleTurn;
  /** The planner's answer: its question, restated by a follow-up that points back (restate.ts). */
  asked?: RuleTurn;
  /** The leading value of the answer (a ranking's first): what "its" and "the top one" name. */
  subject?: { field: string; value: string; said?: string; items?: string[] };
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
/** Filters that name values (lists of strings). */
export const LIST_FILTERS = [...VALUE_FIELDS, ...IDENTIFIER_FIELDS, 'caller_state'] as const;
export const TOPN_DEFAULT = 10;
export const LOOKUP_N = 50;
/** Values a ranking by a figure reads (one summary each): the most frequent ones. */
export const RANK_BY_VALUES = 12;
export const TIER1_LIMIT = 10;
/** Rows read when only some tier-1 calls are wanted (e.g. those with a crypto wallet). */
export const TIER1_SCAN = 100;
export const SEARCH_LIMIT = 20;
export const COUNT_LIMIT = 200;
