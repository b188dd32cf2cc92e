// The types the reading stages share (what a question names, the figures it asks for, the
// qualifiers read from it), kept apart from the code that reads them so the reading modules
// import downwards only: no import cycle inside src/agent/.

import type { IntelField } from '../../domain/call.js';
import type { CallerOrigin } from '../../domain/sliceFilter.js';
import type { Summary } from '../../storage/queries/summary.js';
import type { TopnField } from '../../storage/queries/topn.js';
import type { CountedColumn } from '../../storage/queries/valueCounts.js';
import type { ValueField } from './values.js';

export type SummaryMetric = Exclude<keyof Summary, never>;

export type Bucket = '15min' | 'hour' | 'day' | 'week';

/** A field get_topn ranks. */
export type RankField = TopnField | CountedColumn;

/** The number a yes/no question holds a figure against; `any` is "any … at all" (more than 0). */
export interface Bar {
  op: 'gt' | 'ge' | 'lt' | 'le';
  value: number;
  percent: boolean;
  any?: boolean;
}

/** A per-call count of get_summary a negation is the complement of; 'tiered' is calls with a tier. (No intel at all is a filter, has_intel false.) */
export type NegatedFigure = 'cleanly_closed' | 'insights_produced' | 'high_confidence_insights' | 'tiered';

export interface Negation {
  /** The words as the question put them: "not cleanly closed". */
  said: string;
  /** The positive as a figure of get_summary, or … */
  figure?: NegatedFigure;
  /** … as the qualifiers of the positive phrase ("about amazon" → the brand Amazon). */
  quals?: Qualifiers;
}

/** A value named in the question. */
export interface Mention {
  /** The value as the hint spells it ("PayPal"), or as typed when no hint knows it. */
  typed: string;
  /** The words in the question ("paypal"), when a hint recognised them. */
  surface?: string;
  /** Fields to look in first (the cue or hint's guess); empty when nothing says. */
  fields: ValueField[];
  /** Named without a cue ("how many Acme calls"): matched in every field. */
  weak?: boolean;
  /** Named as a place ("calls from bavaria"): unknown, it is said to be no US state. */
  place?: boolean;
  /** Its field's word follows it ("amazon gift cards"): a value of that field only, never of another. */
  fieldNamed?: boolean;
}

export interface Qualifiers {
  mentions: Mention[];
  /** Transcript substrings; every one must appear. */
  q: string[];
  states: string[];
  tiers: number[];
  hooked?: boolean;
  minDurationSec?: number;
  maxDurationSec?: number;
  origins: CallerOrigin[];
  /** "seen in 2+ calls", "more than one call": a threshold on values' call counts. */
  minCount?: number;
  areaCodes: string[];
  has: IntelField[];
  /** "calls with any intel" (true), "calls that gave no intel" (false). */
  hasIntel?: boolean;
  minAsked?: number;
  maxAsked?: number;
  minAsks?: number;
  minSingleAsk?: number;
  /** A negated property ("not cleanly closed", "not about Amazon"): counted as a complement. */
  negated?: Negation;
  /** "were there more than 5 calls?", "is the hook rate above 50%?": the number a yes/no question holds a figure against. */
  bar?: Bar;
  /** The text with every qualifier phrase blanked, for reading what is asked. */
  rest: string;
}
