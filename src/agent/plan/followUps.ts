// Follow-ups about the previous answer's calls ("which of those were tier 1?", "show me
// those calls", "how many were there?") and the chart a question is asked from.

import { SUMMARY_METRICS, type SummaryMetric } from '../say/answer.js';
import {
  LOOKUP_N,
  OVERVIEW,
  TIER1_LIMIT,
  TIER1_SCAN,
  TOPN_DEFAULT,
  VALUE_FILTER_FIELDS,
  type ChatReply,
  type Filters,
  type Intent,
  type PlannerState,
} from './intents.js';
import { FIELD_PATTERNS } from '../read/vocabulary.js';
import type { Bucket } from '../read/readingTypes.js';

/** An intent with the filters it adds to the previous turn's. */
export interface Narrowed {
  intent: Intent;
  filters: Filters;
}

const isValueFilter = (f: string): f is (typeof VALUE_FILTER_FIELDS)[number] => (VALUE_FILTER_FIELDS as readonly string[]).includes(f);

/** "which of those were tier N?" over the previous answer. */
export function tierFollowUp(prev: PlannerState, tier: number): Narrowed | ChatReply {
  const it = prev.intent;
  switch (it.kind) {
    case 'calls':
      return { intent: { kind: 'calls', count: false }, filters: { tier: [tier] } };
    case 'value':
      if (isValueFilter(it.field)) return { intent: { kind: 'calls', count: false }, filters: { [it.field]: [it.value], tier: [tier] } };
      break;
    case 'geo':
      if (it.state) return { intent: { kind: 'calls', count: false }, filters: { caller_state: [it.state], tier: [tier] } };
      break;
    case 'call':
      return { intent: it, filters: {} };
    case 'active':
      return 'live_tier';
    default:
      break;
  }
  return tier === 1
    ? { intent: { kind: 'tier1', limit: TIER1_LIMIT }, filters: {} }
    : { intent: { kind: 'calls', count: false }, filters: { tier: [tier] } };
}

/** The calls behind a previous answer, as a listing. */
export function listingOf(it: Intent): Narrowed | null {
  const calls = (filters: Filters = {}): Narrowed => ({ intent: { kind: 'calls', count: false }, filters });
  switch (it.kind) {
    case 'calls':
      return calls();
    case 'tier1':
    case 'active':
    case 'call':
      return { intent: it, filters: {} };
    case 'value':
      if (isValueFilter(it.field)) return calls({ [it.field]: [it.value] });
      if (it.field === 'mule_bank_name')
        return { intent: { kind: 'tier1', limit: TIER1_SCAN, only: { kind: 'bank', value: it.value } }, filters: {} };
      return null;
    case 'geo':
      return calls(it.state ? { caller_state: [it.state] } : {});
    case 'summary': {
      if (it.metrics.length === 1 && it.metrics[0] === 'tier1_calls') return { intent: { kind: 'tier1', limit: TIER1_LIMIT }, filters: {} };
      const tiers = it.metrics.flatMap((m) => (m === 'tier2_calls' ? [2] : m === 'tier3_calls' ? [3] : []));
      const filters: Filters = {};
      if (tiers.length && tiers.length === it.metrics.length) filters.tier = tiers;
      if (it.metrics.length === 1 && it.metrics[0] === 'hooked_calls') filters.hooked = true;
      if (it.notHooked) filters.hooked = false;
      return calls(filters);
    }
    default:
      return calls();
  }
}

/** "how many were there?" about the previous answer: its calls counted. */
export function countOf(it: Intent): Intent {
  return it.kind === 'calls' || it.kind === 'latest' ? { kind: 'calls', count: true } : { kind: 'summary', metrics: ['calls_received'] };
}

/** A chart's topic explained: a series summarised, a ranking with more values; other topics as they are. */
export function explained(it: Intent): Intent {
  if (it.kind === 'topn') return { ...it, n: LOOKUP_N, explain: true };
  if (it.kind === 'timeseries') return { ...it, explain: true };
  return it;
}

/** A chart id like "timeseries:hook_rate" or "topn-impersonated_brand" as a topic. */
export function chartIntent(chartId: string | null): Intent | null {
  if (!chartId) return null;
  const id = chartId.toLowerCase().replace(/[^a-z0-9]+/g, '_');
  for (const [metric, info] of Object.entries(SUMMARY_METRICS) as Array<[SummaryMetric, (typeof SUMMARY_METRICS)[SummaryMetric]]>) {
    if (info.series && id.includes(info.series) && /timeseries|series|trend|chart/.test(id)) {
      // The dashboard sends the bucket it draws ("timeseries:calls:hour"): the explanation speaks per that bucket.
      const bucket = /(?:^|_)(15min|hour|day|week)$/.exec(id)?.[1] as Bucket | undefined;
      return { kind: 'timeseries', metric, bucket: bucket ?? null };
    }
  }
  for (const [field] of FIELD_PATTERNS) if (id.includes(field)) return { kind: 'topn', field, n: TOPN_DEFAULT };
  if (id.includes('tier1') || id.includes('tier_1')) return { kind: 'tier1', limit: TIER1_LIMIT };
  if (id.includes('geo') || id.includes('map')) return { kind: 'geo', state: null };
  if (id.includes('disconnect')) return { kind: 'disconnects', reason: null };
  if (id.includes('active') || id.includes('live')) return { kind: 'active' };
  if (id.includes('summary') || id.includes('kpi')) return { kind: 'summary', metrics: OVERVIEW };
  return null;
}

/** The noun a figure counts or measures: what "one" stands for after it ("the largest single one" after the median ask). */
const NOUN_OF: Partial<Record<SummaryMetric, string>> = {
  median_dollar_ask: 'ask',
  max_single_ask: 'ask',
  total_dollars_asked: 'ask',
  total_dollars_dangled: 'offer',
  median_call_duration_sec: 'call',
  avg_call_duration_sec: 'call',
  max_call_duration_sec: 'call',
};

/**
 * "one" in a follow-up as the noun of the previous figure: "and the largest single one?" after
 * "median ask this week" asks for the largest single ask. Null when nothing is replaced.
 */
export function withReferent(question: string, prev: PlannerState): string | null {
  if (prev.intent.kind !== 'summary' || prev.intent.metrics.length !== 1) return null;
  const noun = NOUN_OF[prev.intent.metrics[0]];
  const re =
    /\b((?:largest|biggest|highest|smallest|lowest|longest|shortest|median|average|mean|typical|total)(?: single| individual)?) one\b/i;
  return noun && re.test(question) ? question.replace(re, `$1 ${noun}`) : null;
}

/**
 * A follow-up that swaps one value for another ("swap Texas for Illinois", "replace Amazon with
 * PayPal", "PayPal instead of Amazon") as "same for <the new value>", the edit restate.ts reads
 * (the previous question with that value in place of its value of the same field).
 */
export function swappedValue(question: string): string | null {
  const t = question.trim().replace(/[?.!]+$/, '');
  const swap = /^(?:(?:ok(?:ay)?|now|and|then|so),? )*(?:swap|switch|change|replace|substitute) (.+?) (?:for|to|with|by) (.+)$/i.exec(t);
  if (swap) return `same for ${swap[2]}`;
  const instead = /^(?:(?:ok(?:ay)?|now|and|then|so),? )*(?:what about |how about |try )?(.+?) instead of (.+)$/i.exec(t);
  return instead && instead[1].split(/\s+/).length <= 4 ? `same for ${instead[1]}` : null;
}
