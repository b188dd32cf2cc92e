// The quantity a question asks for: a rate, a count of calls, of hooked calls or of single
// asks, dollars, a mean ask, a length. One table, read on the question's rest (the text with
// its time phrases and qualifiers blanked), so every rule that answers a frame (two windows,
// weekends against weekdays, week by week, since Monday) answers the figure asked and not a
// nearby one: a rate is never answered with a count, asks never with calls.
//
// Each quantity is computed from query metrics that add up across rows (hooked and all calls
// for a rate, the total and the number of asks for a mean ask), so a partition's parts
// (weekends, business hours) are exact sums of the rows the query returned.

import { fmtInt, fmtPct, fmtSec, fmtUsd, nCalls } from '../say/answer.js';
import { metricsIn } from '../read/reading.js';
import type { SummaryMetric } from '../read/readingTypes.js';

/** "the average dollar ask", "mean ask", "how much did they ask for on average": the mean of the single asks. */
export const MEAN_ASK_RE =
  /\b(?:average|avg|mean)(?: [a-z$'-]+){0,3}? (?:asks?|demands?|requests?|asked|demanded|requested)\b|\b(?:ask|asked|asking|demand|demanded|request|requested|want|wanted)(?: for)?(?: \w+)? on average\b/;
/** "how many asks", "number of dollar asks": the single asks counted, not the calls. */
export const ASK_COUNT_RE =
  /\b(?:how many|number of|count of|count the) (?:(?:single|individual|separate|dollar|money|cash|payment|\$) )*(?:asks|demands|requests|money requests|payment requests)\b/;
/** "the tier 1 rate", "what share of calls were tier 1": a share, read on the whole question (the tier is also a filter). */
export const TIER1_SHARE_RE =
  /(?<!\bhook(?:ed)? )\b(?:share|percent(?:age)?|proportion|fraction|rate|ratio)\b(?: [\w']+){0,5} tier 1\b|\btier 1 (?:rate|share|percent(?:age)?|ratio)\b|(?:^|\s)%(?: [\w']+){0,5} tier 1\b/;
/** A figure per call ("per call", "each call") rather than per ask. */
export const PER_CALL_RE = /\b(?:per|each|every|a) (?:\w+ ){0,3}?calls?\b/;

export type QuantityId =
  | 'calls'
  | 'hooked'
  | 'hook_rate'
  | 'cleanly_closed'
  | 'tier1'
  | 'tier1_share'
  | 'high_confidence'
  | 'asks'
  | 'mean_ask'
  | 'dollars_asked'
  | 'dangled'
  | 'duration';

export interface Quantity {
  id: QuantityId;
  /** What it is a figure of: compared, its parts are said "higher"/"more"/"longer". */
  kind: 'count' | 'rate' | 'usd' | 'seconds';
  /** The query metrics it is computed from. */
  metrics: string[];
  /** The figure from the metrics (summed over rows, or combined by `combine`). */
  value(m: number[]): number | null;
  /** "hook rate 40.0% (2 of 5 calls hooked)". */
  say(m: number[]): string;
  /** Metrics of several rows as one (default: summed). */
  combine?(rows: number[][]): number[];
}

const plural = (n: number, one: string, many: string) => `${fmtInt(n)} ${n === 1 ? one : many}`;
const ratio = (a: number, b: number) => (b ? a / b : 0);

/** The quantities, by id. */
export const QUANTITIES: Record<QuantityId, Quantity> = {
  calls: { id: 'calls', kind: 'count', metrics: ['calls_received'], value: ([c]) => c, say: ([c]) => nCalls(c) },
  hooked: {
    id: 'hooked',
    kind: 'count',
    metrics: ['hooked_calls', 'calls_received'],
    value: ([h]) => h,
    say: ([h, c]) => `${plural(h, 'hooked call', 'hooked calls')} (of ${nCalls(c)})`,
  },
  hook_rate: {
    id: 'hook_rate',
    kind: 'rate',
    metrics: ['hooked_calls', 'calls_received'],
    value: ([h, c]) => ratio(h, c),
    say: ([h, c]) => (c ? `hook rate ${fmtPct(ratio(h, c))} (${fmtInt(h)} of ${nCalls(c)} hooked)` : 'no calls, so no hook rate'),
  },
  cleanly_closed: {
    id: 'cleanly_closed',
    kind: 'count',
    metrics: ['cleanly_closed', 'calls_received'],
    value: ([k]) => k,
    say: ([k, c]) => `${plural(k, 'call', 'calls')} cleanly closed (of ${nCalls(c)})`,
  },
  tier1: {
    id: 'tier1',
    kind: 'count',
    metrics: ['tier1_calls', 'calls_received'],
    value: ([t]) => t,
    say: ([t, c]) => `${plural(t, 'tier-1 call', 'tier-1 calls')} (of ${nCalls(c)})`,
  },
  tier1_share: {
    id: 'tier1_share',
    kind: 'rate',
    metrics: ['tier1_calls', 'calls_received'],
    value: ([t, c]) => ratio(t, c),
    say: ([t, c]) => (c ? `${fmtPct(ratio(t, c))} tier 1 (${fmtInt(t)} of ${nCalls(c)})` : 'no calls, so no tier-1 share'),
  },
  high_confidence: {
    id: 'high_confidence',
    kind: 'count',
    metrics: ['high_confidence_insights', 'calls_received'],
    value: ([h]) => h,
    say: ([h, c]) => `${plural(h, 'high-confidence insight', 'high-confidence insights')} (of ${nCalls(c)})`,
  },
  asks: {
    id: 'asks',
    kind: 'count',
    metrics: ['asks', 'total_dollars_asked', 'calls_received'],
    value: ([a]) => a,
    say: ([a, t]) => `${plural(a, 'single ask', 'single asks')} totalling ${fmtUsd(t)}`,
  },
  mean_ask: {
    id: 'mean_ask',
    kind: 'usd',
    metrics: ['total_dollars_asked', 'asks'],
    value: ([t, a]) => (a ? t / a : null),
    say: ([t, a]) => (a ? `average single ask ${fmtUsd(t / a)} (${fmtUsd(t)} over ${plural(a, 'ask', 'asks')})` : 'no asks'),
  },
  dollars_asked: {
    id: 'dollars_asked',
    kind: 'usd',
    metrics: ['total_dollars_asked', 'calls_received'],
    value: ([t]) => t,
    say: ([t, c]) => `${fmtUsd(t)} asked (over ${nCalls(c)})`,
  },
  dangled: {
    id: 'dangled',
    kind: 'usd',
    metrics: ['total_dollars_dangled', 'calls_received'],
    value: ([t]) => t,
    say: ([t, c]) => `${fmtUsd(t)} dangled (over ${nCalls(c)})`,
  },
  duration: {
    id: 'duration',
    kind: 'seconds',
    metrics: ['avg_call_duration_sec', 'calls_received'],
    value: ([a, c]) => (c ? a : null),
    say: ([a, c]) => (c ? `average call length ${fmtSec(Math.round(a * 100) / 100)} (over ${nCalls(c)})` : 'no calls'),
    // A mean of means, weighted by each row's calls.
    combine: (rows) => {
      const calls = rows.reduce((s, r) => s + r[1], 0);
      return [calls ? rows.reduce((s, r) => s + r[0] * r[1], 0) / calls : 0, calls];
    },
  },
};

/** Cues the planner's metric words do not cover, read first: asks counted, a mean ask, a share of tier 1. */
const OWN_CUES: Array<[RegExp, QuantityId]> = [
  [MEAN_ASK_RE, 'mean_ask'],
  [ASK_COUNT_RE, 'asks'],
  [TIER1_SHARE_RE, 'tier1_share'],
  // "how long are calls on weekends": the mean length (not the longest call, not "how long ago").
  [/\bhow long\b(?! ago)(?!.*\b(?:longest|shortest)\b)/, 'duration'],
  [
    /(?:(?:^|\s)%|\b(?:percent(?:age)?|share|proportion|fraction|ratio)\b)(?: [\w']+){0,5}? (?:were |got |get |was |getting )?hooked\b/,
    'hook_rate',
  ],
  // "which hooks better", "hooks more often", "better at hooking": the rate, not a count.
  [
    /\bhooks? (?:better|worse|more often|less often|best|worst)\b|\b(?:better|worse|best|worst) (?:at )?hook(?:ing)?\b|\bhook(?:s|ed)? (?:more|less) often\b/,
    'hook_rate',
  ],
];

/** The planner's metric words, as quantities. */
const OF_METRIC: Partial<Record<SummaryMetric, QuantityId>> = {
  hook_rate: 'hook_rate',
  hooked_calls: 'hooked',
  cleanly_closed: 'cleanly_closed',
  avg_call_duration_sec: 'duration',
  tier1_calls: 'tier1',
  high_confidence_insights: 'high_confidence',
  total_dollars_asked: 'dollars_asked',
  total_dollars_dangled: 'dangled',
};

/**
 * The quantity `rest` asks for (`rest`: the question without time phrases and qualifiers).
 * Null when it asks for a figure no quantity has (a median, the longest call): a rule then
 * leaves the question to the planner rather than answer a nearby figure.
 */
export function quantityIn(rest: string): Quantity | null {
  // "average ask per call" is a figure per call (the planner's), not the mean of the asks.
  if (MEAN_ASK_RE.test(rest) && PER_CALL_RE.test(rest)) return null;
  for (const [re, id] of OWN_CUES) if (re.test(rest)) return QUANTITIES[id];
  const metrics = metricsIn(rest).filter((m) => m !== 'calls_received');
  if (metrics.length) {
    const id = OF_METRIC[metrics[0]];
    return id ? QUANTITIES[id] : null;
  }
  // "asks this week vs last": the noun, plural (a verb "ask" is not the quantity).
  return /\basks\b/.test(rest) ? QUANTITIES.asks : QUANTITIES.calls;
}

/** The metrics of several rows as one. */
export const combined = (q: Quantity, rows: number[][]): number[] =>
  q.combine ? q.combine(rows) : q.metrics.map((_, i) => rows.reduce((s, r) => s + (r[i] ?? 0), 0));

/** A result row's metrics as numbers (null as 0). */
export const numbers = (m: Array<number | null>): number[] => m.map((x) => Number(x ?? 0));
