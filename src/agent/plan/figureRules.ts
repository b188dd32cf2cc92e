// Query rules of a figure near another one: the calls not hooked (not all calls), the tier-1
// share (not the tier-1 count), a share within a group of calls, the 90th percentile of call
// length. Part of the rule table (queryRules.ts).

import type { QueryBody } from '../../domain/query/parse.js';
import { fmtInt, fmtPct, fmtSec, nCalls } from '../say/answer.js';
import { LEXICON_FIELDS, type FoundValue } from '../read/lexicon.js';
import { SHARE_RE } from './planRules.js';
import { canon } from '../read/values.js';
import { numbers, QUANTITIES, quantityIn, TIER1_SHARE_RE } from './quantity.js';
import {
  cap,
  filtersSaid,
  queryFilters,
  ruleFilters,
  windowOf,
  windowSaid,
  withoutInside,
  type QueryPlan,
  type QueryRule,
  type RuleInput,
} from './ruleKit.js';
// ------------------------------------------------------------------ calls not hooked, of a value

/** Every value named, of any field, as `is` filters (the first field holding each). */
const valueFilters = (found: FoundValue[]) => found.map((v) => ['is', v.entries[0].field, [v.entries[0].value]]);

function notHooked(input: RuleInput): QueryPlan | null {
  const { hooked: _h, ...base } = input.reading.base;
  const filters = queryFilters(withoutInside(base, input.found));
  if (!filters) return null;
  const named = valueFilters(input.found);
  const spec = input.reading.window;
  const about = input.found.map((v) => `${LEXICON_FIELDS[v.entries[0].field]} ${v.entries[0].value}`);
  return {
    queries: [{ metrics: ['calls_received'], dimensions: ['hooked'], filters: [...named, ...filters], ...windowOf(input) }],
    filters: base,
    say: ([r]) => {
      const count = (h: boolean) => Number(r.results.find((x) => x.dimensions[0] === h)?.metrics[0] ?? 0);
      const [no, yes] = [count(false), count(true)];
      const of = about.length ? ` with ${about.join(' and ')}` : '';
      const were = (n: number) => (n === 1 ? 'was' : 'were');
      return `${cap(windowSaid(spec, r.range))}: ${nCalls(no)}${of} ${were(no)} not hooked, and ${fmtInt(yes)} ${were(yes)} (${nCalls(no + yes)} in all).`;
    },
  };
}

// ------------------------------------------------------------------ the share of tier 1

/** "the tier 1 rate": tier-1 calls over all calls of the other filters (the tier is the figure, not a filter). */
function tier1Share(input: RuleInput): QueryPlan | null {
  const { tier: _t, ...base } = input.reading.base;
  const filters = ruleFilters(input, base);
  if (!filters) return null;
  const spec = input.reading.window;
  const q = QUANTITIES.tier1_share;
  return {
    queries: [{ metrics: q.metrics, filters, ...windowOf(input) }],
    filters: base,
    say: ([r]) => `${cap(windowSaid(spec, r.range))}${filtersSaid(input, base)}: ${q.say(numbers(r.results[0]?.metrics ?? [0, 0]))}.`,
  };
}

// ------------------------------------------------------------------ the share of calls with a figure

/**
 * Figures that count calls, as a share of all calls ("what portion of calls yielded intel", "the
 * clean-close rate"): the figure over the calls of the other filters. The hook rate and the tier-1
 * share have their own readings; this is every other count of calls.
 */
const SHARE_FIGURES: Array<{ metric: string; said: string; word: string }> = [
  { metric: 'tier2_calls', said: 'tier 2', word: 'tier 2' },
  { metric: 'tier3_calls', said: 'tier 3', word: 'tier 3' },
  {
    metric: 'cleanly_closed',
    said: 'closed cleanly',
    word: 'clean(?:ly)?[- ]?(?:closed|clos(?:es|ures?)|end(?:ed|ings?))|(?:closed|ended|finished) cleanly',
  },
  { metric: 'high_confidence_insights', said: 'with a high-confidence insight', word: 'high[- ]?confidence' },
  { metric: 'insights_produced', said: 'with intel', word: 'insights?|intel(?:ligence)?|extractions?' },
];
const SHARE_WORD = String.raw`(?:share|portion|percent(?:age)?|proportion|fraction|ratio|what %|how many percent)`;
const SHARE_OF_FIGURE_RE = new RegExp(
  `(?<!\\bhook(?:ed)? )\\b${SHARE_WORD}\\b(?: [\\w'-]+){0,12}? (?:${SHARE_FIGURES.map((f) => f.word).join('|')})\\b|\\b(?:${SHARE_FIGURES.map((f) => f.word).join('|')}) (?:rate|share|percent(?:age)?|ratio)\\b`,
);

function shareOfCalls(input: RuleInput, m: RegExpExecArray): QueryPlan | null {
  const figure = SHARE_FIGURES.find((f) => new RegExp(`\\b(?:${f.word})\\b`).test(m[0]));
  if (!figure) return null;
  const base = figure.metric.startsWith('tier') ? (({ tier: _t, ...rest }) => rest)(input.reading.base) : input.reading.base;
  const filters = ruleFilters(input, base);
  if (!filters) return null;
  const spec = input.reading.window;
  return {
    queries: [{ metrics: [figure.metric, 'calls_received'], filters, ...windowOf(input) }],
    filters: base,
    say: ([r]) => {
      const [part, all] = numbers(r.results[0]?.metrics ?? [0, 0]);
      const said = all
        ? `${fmtPct(part / all)} of calls ${figure.said} (${fmtInt(part)} of ${nCalls(all)})`
        : `no calls, so no share ${figure.said}`;
      return `${cap(windowSaid(spec, r.range))}${filtersSaid(input, base)}: ${said}.`;
    },
  };
}

// ------------------------------------------------------------------ a share within a group of calls

/** "what share of tier 1 calls asked for gift cards": the group after "of" is the whole, the rest its part. */
const GROUP_SHARE =
  /\b(?:share|percent(?:age)?|proportion|fraction|ratio|what %|how many percent) of (?:the |all |our |those )?(tier ?([123])|hooked|cleanly closed|high[- ]confidence) calls?\b(?= (?:that|which|who|were|was|with|had|have|asked|asking|wanted|impersonat\w*|from|named|gave|mentioned|came|used|claimed|pretended|paid|in|on)\b)/;

const GROUP_FILTER = (m: RegExpExecArray): { filter: unknown[]; name: string; drop: string } => {
  if (m[2]) return { filter: ['is', 'tier', [Number(m[2])]], name: `tier-${m[2]} calls`, drop: 'tier' };
  if (m[1] === 'hooked') return { filter: ['is', 'hooked', [true]], name: 'hooked calls', drop: 'hooked' };
  if (m[1] === 'cleanly closed') return { filter: ['is', 'cleanly_closed', [true]], name: 'cleanly closed calls', drop: 'cleanly_closed' };
  return { filter: ['gte', 'auditor_confidence', 0.7], name: 'high-confidence calls', drop: '' };
};

function shareOfGroup(input: RuleInput, m: RegExpExecArray): QueryPlan | null {
  const group = GROUP_FILTER(m);
  const { [group.drop as 'tier']: _g, ...base } = input.reading.base;
  const part = ruleFilters(input, base);
  if (!part || !part.length) return null;
  const spec = input.reading.window;
  return {
    queries: [
      { metrics: ['calls_received'], filters: [group.filter, ...part], ...windowOf(input) },
      { metrics: ['calls_received'], filters: [group.filter], ...windowOf(input) },
    ],
    filters: base,
    say: ([p, all]) => {
      const [n] = numbers(p.results[0]?.metrics ?? [0]);
      const [d] = numbers(all.results[0]?.metrics ?? [0]);
      const what = filtersSaid(input, base).replace(/^, counting only calls /, '');
      if (!d) return `${cap(windowSaid(spec, p.range))}: there were no ${group.name}, so there is no share to give.`;
      return `${cap(windowSaid(spec, p.range))}: ${fmtInt(n)} of ${fmtInt(d)} ${group.name} (${fmtPct(n / d)}) were calls ${what}.`;
    },
  };
}

// ------------------------------------------------------------------ a percentile of call length

/**
 * "the 90th percentile call duration": a figure only the query computes (the summary has no
 * percentile). The query has the 50th (the median) and the 90th; another percentile is said not
 * to be computed, with those two beside, never a nearby figure in its place.
 */
const PERCENTILE_METRICS: Record<number, QueryBody['metrics']> = {
  90: ['p90_call_duration_sec'],
  50: ['median_call_duration_sec'],
  0: ['median_call_duration_sec', 'p90_call_duration_sec'],
};

function percentileLength(input: RuleInput, match: RegExpExecArray): QueryPlan | null {
  const filters = ruleFilters(input);
  if (!filters) return null;
  const spec = input.reading.window;
  const asked = Number(/\d+/.exec(match[0])?.[0] ?? 90);
  return {
    queries: [
      { metrics: [...PERCENTILE_METRICS[asked === 90 || asked === 50 ? asked : 0], 'calls_received'], filters, ...windowOf(input) },
    ],
    filters: input.reading.base,
    say: ([r]) => {
      const got = numbers(r.results[0]?.metrics ?? []);
      const calls = got[got.length - 1] ?? 0;
      const median = asked === 90 ? 0 : got[0];
      const p90 = asked === 90 ? got[0] : asked === 50 ? 0 : got[1];
      if (!calls)
        return `None: ${windowSaid(spec, r.range)} no call${filtersSaid(input).replace(/^, counting only calls/, '')}, so no percentile.`;
      const at = `${cap(windowSaid(spec, r.range))}${filtersSaid(input)}`;
      const over = `over ${nCalls(calls)}`;
      if (asked === 90)
        return `${at}: 90th percentile call length ${fmtSec(Math.round(p90 * 100) / 100)} (interpolated between ranks, ${over}).`;
      // (Digits in an answer come from tool results: the percentile asked is not repeated.)
      if (asked === 50) return `${at}: median call length ${fmtSec(median)}, the middle of the calls (${over}).`;
      return `I can compute the median and the 90th percentile of call length, not the percentile asked. ${at}: median call length ${fmtSec(median)}; 90th percentile ${fmtSec(Math.round(p90 * 100) / 100)} (${over}).`;
    },
  };
}

// ------------------------------------------------------------------ the rules

export const SHARE_OF_TIER_1: QueryRule = {
  id: 'share-of-tier-1',
  cue: TIER1_SHARE_RE,
  // Two windows or a ranking by value are the planner's comparisons; "what share of calls were tier 1" its share.
  guard: (i) =>
    !SHARE_RE.test(i.text) &&
    i.reading.windows.length <= 1 &&
    !/\b(?:by|per|each|which|what) (?:brand|bank|lure|state|persona|scam type|payment method)s?\b/.test(i.text),
  build: tier1Share,
  examples: ["what's the tier 1 rate this month", 'what share of calls were tier 1 this week'],
};

export const SHARE_OF_CALLS_WITH_A_FIGURE: QueryRule = {
  id: 'share-of-calls-with-a-figure',
  cue: SHARE_OF_FIGURE_RE,
  // One window, no ranking by value, and not a share within a group ("what share of tier 2 calls asked …").
  guard: (i) =>
    i.reading.windows.length <= 1 &&
    !GROUP_SHARE.test(i.text) &&
    !/\b(?:by|per|each|which|what) (?:brand|bank|lure|state|persona|scam type|payment method)s?\b/.test(i.text),
  build: shareOfCalls,
  examples: [
    'what portion of calls this week yielded any intel',
    'the clean close rate over the last 30 days',
    'as a share of all calls how many were tier 3',
  ],
};

export const CALLS_NOT_HOOKED: QueryRule = {
  id: 'calls-not-hooked',
  cue: /\b(?:fail(?:ed|s)? to hook|(?:didn'?t|did not|never|couldn'?t|could not|weren'?t|were not|not) (?:get |manage to |able to )?hook(?:ed)?|unhooked|got away)\b/,
  // A count of the calls missed; "hooked vs not hooked", "last longer than calls not hooked" compare groups (plan.ts).
  guard: (i) =>
    quantityIn(i.text)?.id === 'calls' &&
    (i.text.match(/\bhook/g) ?? []).length <= 1 &&
    !/\b(?:vs|versus|than|compared|against|longer|shorter)\b/.test(i.text),
  build: notHooked,
  examples: ['how many refund calls did we fail to hook this month', 'tech support calls we didnt hook last week'],
};

export const A_SHARE_WITHIN_A_GROUP_OF_CALLS: QueryRule = {
  id: 'a-share-within-a-group-of-calls',
  cue: GROUP_SHARE,
  guard: (i) => i.reading.windows.length <= 1,
  build: shareOfGroup,
  examples: ['what share of tier 1 calls asked for gift cards this month', 'what percent of hooked calls impersonated amazon this week'],
};

export const A_PERCENTILE_OF_CALL_LENGTH: QueryRule = {
  id: 'a-percentile-of-call-length',
  cue: /\bp ?(?:[1-9]\d)\b|\b(?:[1-9]\d?)(?:st|nd|rd|th)?[- ]?(?:pct|percentile)\b|\bninetieth percentile\b/,
  guard: (i) => i.reading.windows.length <= 1 && !/\b(?:asks?|dollars?|amounts?)\b/.test(i.text),
  build: percentileLength,
  examples: ['p90 call length this week', 'what is the 90th percentile call duration for tech support calls this month'],
};

// ------------------------------------------------------------------ calls other than a value

/** "excluding tech support", "other than Amazon", "everything except IRS calls": a value left out. */
const LEFT_OUT =
  /\b(?:excluding|exclude|except(?: for)?|other than|besides|apart from|aside from|not counting|leaving out|outside of|but not|everything but|all but|minus)\s+(?:the\s+|any\s+|those\s+|all\s+)?/;

/** The `is` filter holding the value said after the cue, as an `is_not` filter, and the value. */
function leftOut(filters: unknown[][], after: string): { index: number; field: string; value: string; rest: unknown[] | null } | null {
  const words = ` ${canon(after)} `;
  for (const [index, f] of filters.entries()) {
    if (f[0] !== 'is' || !Array.isArray(f[2])) continue;
    const value = (f[2] as unknown[]).map(String).find((v) => words.startsWith(` ${canon(v)} `) || words.includes(` ${canon(v)} `));
    if (!value) continue;
    const others = (f[2] as unknown[]).filter((v) => String(v) !== value);
    return { index, field: String(f[1]), value, rest: others.length ? ['is', f[1], others] : null };
  }
  return null;
}

function callsOtherThan(input: RuleInput, m: RegExpExecArray): QueryPlan | null {
  const filters = ruleFilters(input);
  if (!filters) return null;
  const out = leftOut(filters, input.text.slice(m.index + m[0].length));
  if (!out) return null;
  const kept = filters.filter((_, i) => i !== out.index);
  if (out.rest) kept.push(out.rest);
  const q = quantityIn(input.reading.rest) ?? QUANTITIES.calls;
  const spec = input.reading.window;
  const what = LEXICON_FIELDS[out.field as keyof typeof LEXICON_FIELDS] ?? out.field.replace(/_/g, ' ');
  const query = (f: unknown[][]) => ({ metrics: q.metrics, filters: f, ...windowOf(input) });
  return {
    // Every call but those with the value (a call with no value of the field is one of them), and all calls beside.
    queries: [query([['is_not', out.field, [out.value]], ...kept]), query(kept)],
    filters: input.reading.base,
    say: ([r, all]) => {
      const v = numbers(r.results[0]?.metrics ?? q.metrics.map(() => 0));
      const a = numbers(all.results[0]?.metrics ?? q.metrics.map(() => 0));
      return `${cap(windowSaid(spec, r.range))}, calls other than those with ${what} ${out.value}: ${q.say(v)} (all calls: ${q.say(a)}).`;
    },
  };
}

export const CALLS_OTHER_THAN_A_VALUE: QueryRule = {
  id: 'calls-other-than-a-value',
  cue: LEFT_OUT,
  // A ranking or a list "other than" a value is the planner's (it leaves the value out of the ranking).
  guard: (i) => i.reading.windows.length <= 1 && !/\b(?:top|most|least|rank\w*|which|list|show|breakdown|by|per|each)\b/.test(i.text),
  build: callsOtherThan,
  examples: [
    'hook rate this month excluding tech support calls',
    'how many calls other than amazon this week',
    'average ask for everything except IRS calls last 30 days',
  ],
};

// ------------------------------------------------------------------ calls by the auditor's confidence

/** "scored below 0.5 confidence", "confidence above 90%", "auditor confidence of at least .8": a bound on it. */
const CONFIDENCE_BOUND =
  /\b(?:confidence|scored?|scoring|rated)\b(?: (?:of|was|is|were|at|score|scored|the auditor|by the auditor|auditor))* (below|under|less than|lower than|above|over|more than|greater than|higher than|at least|at most|no more than) (0?\.\d+|1(?:\.0+)?|\d{1,3} ?%)(?! ?(?:dollars|minutes|seconds|calls))/;
const BOUND_OP: Array<[RegExp, string, string]> = [
  [/^(?:below|under|less than|lower than)$/, 'lt', 'below'],
  [/^(?:above|over|more than|greater than|higher than)$/, 'gt', 'above'],
  [/^at least$/, 'gte', 'at least'],
  [/^(?:at most|no more than)$/, 'lte', 'at most'],
];

function byConfidence(input: RuleInput, m: RegExpExecArray): QueryPlan | null {
  const filters = ruleFilters(input);
  const op = BOUND_OP.find(([re]) => re.test(m[1]));
  if (!filters || !op) return null;
  const value = m[2].includes('%') ? Number(m[2].replace(/\s?%/, '')) / 100 : Number(m[2]);
  if (!(value >= 0 && value <= 1)) return null;
  const q = quantityIn(input.reading.rest.replace(/\bconfidence\b/g, ' ')) ?? QUANTITIES.calls;
  const spec = input.reading.window;
  return {
    queries: [{ metrics: q.metrics, filters: [[op[1], 'auditor_confidence', value], ...filters], ...windowOf(input) }],
    filters: input.reading.base,
    say: ([r]) => {
      const v = numbers(r.results[0]?.metrics ?? q.metrics.map(() => 0));
      const what = `calls the auditor scored ${op[2]} ${value} confidence${filtersSaid(input).replace(/^, counting only calls/, ',')}`;
      if (q.id === 'calls' && v[0] === 0)
        return `None: ${windowSaid(spec, r.range)} no call the auditor scored ${op[2]} ${value} (the query counted 0).`;
      return `${cap(windowSaid(spec, r.range))}, ${what}: ${q.say(v)}.`;
    },
  };
}

export const CALLS_BY_AUDITOR_CONFIDENCE: QueryRule = {
  id: 'calls-by-auditor-confidence',
  cue: CONFIDENCE_BOUND,
  guard: (i) => i.reading.windows.length <= 1 && !/\b(?:top|rank\w*|which|by|per|each|list|show)\b/.test(i.text),
  build: byConfidence,
  examples: [
    'how many calls did the auditor score below 0.5 confidence this week',
    'calls with confidence above 90% this month',
    'hook rate for calls with auditor confidence of at least 0.8',
  ],
};
