// The built-in planner's reading of a question: normalise it (typos fixed), read its time
// phrases and qualifiers (questionReading.ts), then pick one intent — or a conversational
// reply — from what is left. Follow-ups start from the previous turn's window and filters.
// Pure: no tool runs here; values are matched against the org's data when the plan runs.

import type { AgentRequest } from '../agent.js';
import { barMetric, type Bar } from './bars.js';
import { SUMMARY_METRICS, type SummaryMetric } from '../say/answer.js';
import { carry } from './filters.js';
import {
  COMPARE_DEFAULT,
  LOOKUP_N,
  OVERVIEW,
  TIER1_LIMIT,
  TIER1_SCAN,
  TOPN_DEFAULT,
  type ChatReply,
  type DataPlan,
  type Filters,
  type Intent,
  type Plan,
  type PlannerState,
  type RankField,
  type Verdict,
} from './intents.js';
import { isEveryday, normalise } from '../read/normalise.js';
import { FIELD_PATTERNS } from '../read/vocabulary.js';
import {
  ACTIVE_RE,
  bucketIn,
  CALLISH_RE,
  COMPARE_RE,
  COUNT_RE,
  DISCONNECT_RE,
  fieldIn,
  rankedFieldIn,
  FUTURE_RE,
  GEO_RE,
  GREETING_RE,
  HELP_RE,
  LIST_VERB_RE,
  listLimit,
  metricsIn,
  MUTATE_RE,
  NOT_HOOKED_RE,
  OTHER_ORGS_RE,
  OVERVIEW_RE,
  PERSONA_RE,
  reasonIn,
  SERIES_RE,
  sidIn,
  stateIn,
  THANKS_RE,
  tier1FilterIn,
  TIER_FOLLOW_RE,
  TIER_LIST_RE,
  topNumber,
  TREND_RE,
  WHICH_CALL_RE,
  YES_NO_RE,
} from '../read/reading.js';
import { ASK_COUNT_RE, MEAN_ASK_RE, PER_CALL_RE } from './quantity.js';
import { readQuestion, type QuestionReading } from './questionReading.js';
import type { Mention } from '../read/readingTypes.js';
import { precedingSpan, resolve, shiftBack, type WindowSpec } from '../read/windowSpec.js';
import { SHIFT_FORWARD_RE } from '../read/timePhrases.js';
import type { TopnField } from '../../storage/queries/topn.js';
import { isValueField, type ValueField } from '../read/values.js';
import { chartIntent, countOf, explained, listingOf, tierFollowUp } from './followUps.js';
import {
  asksSideBySide,
  apartValue,
  asksToExplain,
  busiestIntent,
  CALLER_ID_RE,
  comparedMetrics,
  comparedValues,
  comparedGroups,
  sideBySideAsk,
  comparedWindows,
  complementIntent,
  DISTINCT_RE,
  EITHER_WAY_RE,
  finalFilters,
  LATEST_RE,
  LEAST_RE,
  LISTABLE,
  moversIn,
  OBEY_RE,
  perUnitIn,
  rankable,
  NEW_VALUES_RE,
  RANK_BY_RE,
  RANKABLE_METRIC,
  repeatedField,
  seriesOf,
  SHARE_RE,
  SHARE_WORD_RE,
  subjectOf,
  THOSE_RE,
  TOP_CHECK_RE,
  VALUE_FIELD_RANKABLE,
  verdictOf,
  withoutCommands,
  groupsAsFilters,
} from './planRules.js';

/** Whether the value's field word follows it in the question ("amazon gift cards", "the beatrix persona"). */
function fieldNamedAfter(text: string, m: Mention): boolean {
  const field = m.fields[0];
  const pattern = FIELD_PATTERNS.find(([f]) => f === field)?.[1];
  const at = text.indexOf((m.surface ?? m.typed).toLowerCase());
  if (!pattern || at < 0) return false;
  const after = text.slice(at + (m.surface ?? m.typed).length).trim();
  return new RegExp(`^(?:${pattern.source})`).test(after);
}

/** A follow-up asking for the count of the previous answer's calls instead of its figure. */
const COUNT_INSTEAD_RE =
  /^(?:and |so |ok(?:ay)? |then |but |now )?(?:(?:give|show|tell) (?:me|us) |what(?:'s| is| was| were) |can i (?:have|get) |i (?:want|need) )?(?:just )?(?:the |a )?(?:raw |total |actual |absolute |plain |underlying )?(?:count|number|volume|call count|number of calls|calls? volume)(?: of (?:calls|them|those))?(?: instead| then| please| rather| behind (?:it|that))*$|^(?:and |so )?how many (?:calls )?(?:was|were|is|are) (?:that|it|those|they|behind (?:it|that))$/;

/** "what share of our calls were from Texas": a share of the calls, whatever rate is named elsewhere. */
const SHARE_OF_GROUP_RE = /\b(?:share|percent(?:age)?|proportion|fraction) of (?:all |our |the )?calls\b(?!.{0,40}\bhook)/;

const asked = (more: boolean | null) => (more === null ? {} : { more });

export function planQuestion(req: AgentRequest, prev: PlannerState | null, now: Date): Plan {
  // Database commands inside a question are text, never run: the rest of it is answered, and that said.
  const commands = withoutCommands(req.question);
  if (commands) {
    const plan = planQuestion({ ...req, question: commands.question }, prev, now);
    const note = `I left out ${commands.dropped.map((d) => `"${d}"`).join(' and ')}: it reads as a database command, and nothing in a question is ever run against the data, which I can only read.`;
    return plan.kind === 'data' ? { ...plan, notes: [...plan.notes, note] } : plan;
  }
  const question = req.question;
  const text = normalise(question);
  const chat = (reply: ChatReply): Plan => ({ kind: 'chat', reply });

  // Never stretched: other tenants, instructions, the future, writes.
  if (OTHER_ORGS_RE.test(text)) return chat('other_orgs');
  if (MUTATE_RE.test(text)) return chat('decline');
  // "and the next month?" after an answer is the month after its window, not the future, unless that window ends now.
  const forward = !!prev && SHIFT_FORWARD_RE.test(text);
  if (forward && resolve(prev.window, now).end.getTime() >= now.getTime()) return chat('future');
  if (FUTURE_RE.test(text) && !forward) return chat('future');
  // Text inside transcripts is data: "do what the caller said" is not a question about the data.
  if (OBEY_RE.test(text)) return chat('decline');

  const reading = readQuestion(req, prev, now, text);
  const { window, notes, unread, quals, own, base, rest } = reading;
  // "did we get any tier 1 calls today?", "were there more than 5 calls?": Yes or No first, from the figure given.
  const anyAsked = (YES_NO_RE.test(text) || /^any\b/.test(text)) && /\bany\b/.test(rest);
  const bar: Bar | undefined = quals.bar ?? (anyAsked ? { op: 'gt', value: 0, percent: false, any: true } : undefined);
  const data = (intent: Intent, w: WindowSpec = window, extra: Filters = {}): Plan => ({
    kind: 'data',
    intent,
    window: w,
    filters: finalFilters(intent, { ...base, ...extra }),
    mentions: c.mentions.map((m) => (fieldNamedAfter(text, m) ? { ...m, fieldNamed: true } : m)),
    notes,
    ...(unread ? { unread } : {}),
    ...(bar ? { bar } : {}),
  });

  const metrics = groupsAsFilters(metricsIn(rest), rest);
  const explain = asksToExplain(rest);
  const c: PlanContext = {
    ...reading,
    req,
    prev,
    now,
    question,
    text,
    metrics,
    field: fieldIn(rest) ?? (CALLER_ID_RE.test(rest) ? 'caller_id' : null),
    isCount: COUNT_RE.test(rest),
    isList: LIST_VERB_RE.test(rest),
    verdict: verdictOf(text, rest, metrics),
    hasQual: reading.mentions.length > 0 || Object.keys(own).length > 0,
    explain,
    ranking: (f: RankField): Intent =>
      LEAST_RE.test(rest) && !explain
        ? { kind: 'topn', field: f, n: LOOKUP_N, least: true }
        : { kind: 'topn', field: f, n: explain ? LOOKUP_N : (topNumber(rest) ?? TOPN_DEFAULT), explain },
    data,
    chat,
  };
  // One call.
  const sid = sidIn(question);
  if (sid) return data({ kind: 'call', sid });
  if (req.contextCallSid && CALLISH_RE.test(rest) && !COUNT_RE.test(rest)) return data({ kind: 'call', sid: req.contextCallSid });

  return planEarly(c) ?? planComparisons(c) ?? planRankings(c) ?? planRest(c);
}

/** What the planning stages read: the question, its reading, and the plan builders. */
interface PlanContext extends Omit<QuestionReading, 'mentions' | 'notes' | 'unread'> {
  req: AgentRequest;
  prev: PlannerState | null;
  now: Date;
  question: string;
  text: string;
  /** The values named, as the stages leave them (a value read as the ranking's check is no filter). */
  mentions: Mention[];
  metrics: SummaryMetric[];
  field: RankField | null;
  isCount: boolean;
  isList: boolean;
  verdict: Verdict | null;
  hasQual: boolean;
  explain: boolean;
  /** A field's values by calls; "the least common brand", "which persona had the fewest calls": every value read, the rarest first. */
  ranking: (f: RankField) => Intent;
  data: (intent: Intent, w?: WindowSpec, extra?: Filters) => Plan;
  chat: (reply: ChatReply) => Plan;
}

/** Groups, complements, yes/no checks, follow-ups on tiers, distinct and repeated values, values side by side. */
function planEarly(c: PlanContext): Plan | null {
  const { prev, text, windows, named, quals, own, base, rest, metrics, field, isCount, isList, data, chat } = c;
  // "not cleanly closed", "not about Amazon": the calls lacking a property, counted as a complement.
  // "top brands other than Amazon": the ranking with that value left out, not a count of the calls lacking it.
  const apart = quals.negated ? apartValue(quals.negated, field) : null;
  if (apart && field && !isCount) return data({ kind: 'topn', field, n: Math.min(LOOKUP_N, (topNumber(rest) ?? TOPN_DEFAULT) + 1), apart });
  // "average call length of hooked vs not hooked calls", "tier 1 vs tier 2": one figure per group of calls.
  const grouped = windows.length <= 1 ? comparedGroups(text) : null;
  if (grouped) {
    const metric = metrics.find((m) => m !== 'calls_received' && !grouped.implied.includes(m)) ?? 'calls_received';
    const { hooked: _h, tier: _t, ...others } = base;
    return {
      ...(data({ kind: 'compareGroups', groups: grouped.groups, metric, ...asked(sideBySideAsk(text, rest)) }) as DataPlan),
      filters: finalFilters({ kind: 'summary', metrics: [metric] }, others),
    };
  }
  if (quals.negated) return data(complementIntent(quals.negated, rest, metrics, field, isList, isCount, windows.length));
  const barOn = quals.bar ? barMetric(quals.bar, metrics) : null;
  if (barOn) return data({ kind: 'summary', metrics: [barOn] });

  // "is Amazon the most impersonated brand?": the whole ranking, the value checked in it (not a filter).
  const checked = YES_NO_RE.test(text) && TOP_CHECK_RE.test(rest) && c.mentions.length === 1 && windows.length <= 1 ? c.mentions[0] : null;
  const checkField = checked ? (field ?? rankable(checked.fields[0])) : null;
  if (checked && checkField) {
    c.mentions = [];
    return data({ kind: 'topn', field: checkField, n: LOOKUP_N, check: checked.typed, ...(LEAST_RE.test(rest) ? { least: true } : {}) });
  }

  // "which of those were tier 1?"
  const tf = TIER_FOLLOW_RE.exec(rest);
  if (tf && prev) {
    const tier = Number(tf[1] ?? tf[2] ?? tf[3]);
    const it = tierFollowUp(prev, tier);
    if (typeof it === 'string') return chat(it);
    return data(it.intent, named ?? prev.window, { ...carry(prev.filters ?? {}, it.filters) });
  }

  // "show me those calls": the calls behind the previous answer.
  // ("which persona took the most of them" ranks those calls by persona: a ranking, not a list).
  if (prev && isList && THOSE_RE.test(rest) && metrics.every((m) => LISTABLE.includes(m)) && !field && !PERSONA_RE.test(rest)) {
    const it = listingOf(prev.intent);
    if (it) return data(it.intent, named ?? prev.window, carry(prev.filters ?? {}, it.filters));
  }

  // "the hook rate rn" asks a figure, not the live calls.
  if (ACTIVE_RE.test(rest) && !/\bpersonas?\b/.test(rest) && metrics.every((m) => m === 'calls_received')) return data({ kind: 'active' });

  // How many different values: "how many distinct brands", "unique caller numbers", "numbers that called more than once".
  const distinctField = DISTINCT_RE.test(rest) ? (field ?? repeatedField(rest)) : null;
  if (distinctField)
    return data({ kind: 'distinct', field: distinctField, ...(quals.minCount !== undefined ? { minCount: quals.minCount } : {}) });
  // Values seen in more than one call: "mule accounts seen in 2+ calls", "reused wallets".
  if (quals.minCount !== undefined) {
    const rf = repeatedField(rest) ?? field;
    if (rf && isCount && rf === 'caller_id') return data({ kind: 'distinct', field: rf, minCount: quals.minCount });
    if (rf) return data({ kind: 'topn', field: rf, n: 50, minCount: quals.minCount });
  }

  // Values side by side over one window: "amazon vs microsoft this week", "texas or florida".
  const sameField = comparedValues(quals, own);
  if (sameField && windows.length <= 1 && asksSideBySide(rest)) {
    const metric = metrics.find((m) => m !== 'calls_received') ?? 'calls_received';
    if (sameField.field !== 'caller_state') c.mentions = c.mentions.filter((m) => !sameField.values.includes(m));
    const rest2: Filters = { ...base };
    if (sameField.field === 'caller_state') delete rest2.caller_state;
    return {
      ...(data({
        kind: 'compareValues',
        field: sameField.field,
        values: sameField.values,
        metric,
        ...asked(sideBySideAsk(text, rest)),
      }) as DataPlan),
      filters: finalFilters({ kind: 'summary', metrics: [metric] }, rest2),
    };
  }

  return null;
}

/** Two statistics set against each other ("mean vs median", "the average compared with the largest"). */
const STAT = String.raw`(?:mean|average|avg|median|typical|max(?:imum)?|largest|biggest|longest|min(?:imum)?|smallest|shortest)`;
const FIGURE_VS_FIGURE = new RegExp(
  String.raw`\b${STAT}\b(?: [a-z]+){0,2} (?:vs\.?|versus|compared (?:to|with)|against)(?: the)? ${STAT}\b`,
);

/** Windows compared, new and moving values, trends, series, the busiest and latest. */
function planComparisons(c: PlanContext): Plan | null {
  const { prev, now, text, windows, window, shift, followUp, rest, metrics, field, verdict, hasQual, explain, data, chat } = c;
  // "average vs median ask this month": two figures of one window, not the window against the one before.
  if (windows.length <= 1 && FIGURE_VS_FIGURE.test(rest)) {
    if (/\b(?:asks?|demands?|requests?|amounts?)\b/.test(rest)) return data({ kind: 'askStats' });
    const both = metrics.filter((m) => m !== 'calls_received');
    if (both.length >= 2) return data({ kind: 'summary', metrics: both });
  }
  // Comparisons: two windows, or one against the previous turn's / the one before it.
  if (COMPARE_RE.test(rest) || (windows.length >= 2 && /\band\b|\bwith\b|\bto\b|\bor\b/.test(rest) && !/\bbetween\b/.test(text))) {
    const [a, b] = comparedWindows(
      windows.map((x) => x.spec),
      shift,
      prev?.window ?? null,
      rest,
      now,
    );
    if (a && b) {
      // "average ask this month vs last month": the mean single ask of each window, not the totals.
      if (MEAN_ASK_RE.test(rest) && !PER_CALL_RE.test(rest)) return data({ kind: 'askStats', other: b }, a);
      const prevField = prev && followUp && (prev.intent.kind === 'topn' || prev.intent.kind === 'value') ? prev.intent.field : undefined;
      const cmpField = metrics.length ? undefined : (field ?? prevField);
      if (cmpField && cmpField in VALUE_FIELD_RANKABLE) {
        const movers = moversIn(rest);
        return data({ kind: 'compare', metrics: [], other: b, field: cmpField as never, ...(movers ? { movers } : {}) }, a);
      }
      // "what share of calls today vs this month were about Amazon": the filters' share of each window's calls.
      if (SHARE_WORD_RE.test(rest) && hasQual && metrics.every((m) => m === 'calls_received'))
        return data({ kind: 'share', metric: null, other: b }, a);
      const prevMetrics = prev?.intent.kind === 'summary' ? prev.intent.metrics : null;
      const { basis, share } = comparedMetrics(rest, metrics, followUp ? prevMetrics : null, hasQual, prevMetrics ?? COMPARE_DEFAULT);
      const shown = verdict && !basis.includes(verdict.metric) ? [verdict.metric, ...basis] : basis;
      return data({ kind: 'compare', metrics: shown, other: b, ...(share ? { share: true } : {}), ...(verdict ? { verdict } : {}) }, a);
    }
  }

  // "any new mule banks this week?": the window's values no call had in the lookback before it.
  if (field && isValueField(field) && windows.length <= 1 && NEW_VALUES_RE.test(rest)) return data({ kind: 'newValues', field });
  // "any new ones?" after a ranking: the new values of the field it ranked.
  const ranked = prev && (prev.intent.kind === 'topn' || prev.intent.kind === 'value') ? prev.intent.field : null;
  if (
    !field &&
    ranked &&
    isValueField(ranked) &&
    windows.length <= 1 &&
    NEW_VALUES_RE.test(rest) &&
    /\b(?:ones?|any|them|those)\b/.test(rest)
  )
    return data({ kind: 'newValues', field: ranked }, prev!.window);

  // "which brands are rising fastest": each value's calls against the span just before, of the same length.
  const movers = field && field in VALUE_FIELD_RANKABLE && windows.length <= 1 && !metrics.length ? moversIn(rest) : null;
  if (movers && field)
    return data({
      kind: 'compare',
      metrics: [],
      other: precedingSpan(window, now),
      field: field as TopnField,
      movers,
    });

  // "anything unusual today?": the window against the one before it.
  if (
    /\b(?:unusual|anomal\w*|spikes?|out of the ordinary|odd|strange|weird|different from usual)\b/.test(rest) &&
    !metrics.length &&
    !field
  ) {
    return data({ kind: 'compare', metrics: COMPARE_DEFAULT, other: shiftBack(window, now) });
  }

  // "did the hook rate go up this month?": the window against the one before it, answered yes or no.
  // "did calls go up or down this week?" is the same question either way, not a trend within the week.
  if (
    verdict &&
    !verdict.than &&
    windows.length <= 1 &&
    !field &&
    !TREND_RE.test(verdict.up === null ? rest.replace(EITHER_WAY_RE, ' ') : rest)
  )
    return data({ kind: 'compare', metrics: [verdict.metric], other: shiftBack(window, now), verdict });

  if (TREND_RE.test(rest)) {
    const metric = metrics[0] ?? (prev && followUp && prev.intent.kind === 'trend' ? prev.intent.metric : 'calls_received');
    return data({ kind: 'trend', metric, ...(verdict?.metric === metric ? { verdict } : {}) });
  }

  // "explain the hook rate chart": the figure's series over the window, summarised.
  if (explain && /\b(?:chart|graph|panel|plot|line)\b/.test(rest) && metrics.length && seriesOf(metrics[0])) {
    return data({ kind: 'timeseries', metric: metrics[0], bucket: bucketIn(rest), explain: true });
  }

  const busiest = busiestIntent(rest, metrics, followUp ? (prev?.intent ?? null) : null);
  if (busiest) return data(busiest);

  // "average calls per day": the window's total over its length, not the list of days.
  const unit = perUnitIn(rest);
  const additive = metrics.filter((m) => ['count', 'usd'].includes(SUMMARY_METRICS[m].kind));
  if (unit && !field && !PERSONA_RE.test(rest) && additive.length === metrics.length)
    return data({ kind: 'perUnit', metric: additive[0] ?? 'calls_received', unit });

  if (SERIES_RE.test(rest) && !PERSONA_RE.test(rest) && !field) {
    const metric = metrics.find((m) => seriesOf(m)) ?? (metrics.length ? null : 'calls_received');
    if (metric) return data({ kind: 'timeseries', metric, bucket: bucketIn(rest) });
    return chat('breakdown');
  }

  // The newest or oldest calls: "when was the last tier 1 call", "what time did the first call today come in".
  const latest = LATEST_RE.exec(rest);
  if (latest && !metrics.some((m) => !LISTABLE.includes(m))) {
    const oldest = /\b(?:first|earliest|oldest)\b/.test(latest[0]);
    const n = listLimit(rest, 1, 20);
    return data({ kind: 'latest', limit: n, oldest }, window, metrics.includes('tier1_calls') ? { tier: [1] } : {});
  }

  return null;
}

/** Rankings, figures per value, shares, asks, geography, tier-1 listings, extremes and call lists. */
/**
 * A ranking by calls of the field named after "which" or "top 5" ("which lures hit our personas
 * most" ranks lures), or of personas ("which persona gets the most calls"); "how many calls did
 * the walter persona take" names one persona, and "persona" is its field's word: no ranking.
 */
function rankingByCalls(c: PlanContext): Plan | null {
  const { rest, metrics, isCount, ranking, data } = c;
  if (!PERSONA_RE.test(rest) || metrics.some((m) => m !== 'calls_received')) return null;
  const asked = rankedFieldIn(rest);
  if (asked && asked !== 'persona') return data(ranking(asked));
  const onePersona = isCount && c.mentions.some((m) => m.fields[0] === 'persona') && !RANKING_WORD_RE.test(rest);
  return onePersona ? null : data(ranking('persona'));
}

/** Words that ask for a ranking even in a count ("how many calls did the top persona take"). */
const RANKING_WORD_RE = /\b(?:most|top|which|what|rank|ranking|leading|highest|least)\b/;

function planRankings(c: PlanContext): Plan | null {
  const { text, window, quals, own, base, carries, rest, metrics, field, isCount, isList, hasQual, explain, data, chat } = c;
  // "which persona gets hooked the most", "which brands have the most tier 1 calls": a ranking of the filtered calls.
  if (
    (field || PERSONA_RE.test(rest)) &&
    metrics.length &&
    metrics.every((m) => RANKABLE_METRIC[m]) &&
    (!isCount || RANKING_WORD_RE.test(rest))
  ) {
    const extra = Object.assign({}, ...metrics.map((m) => RANKABLE_METRIC[m]));
    return data({ kind: 'topn', field: field ?? 'persona', n: topNumber(rest) ?? TOPN_DEFAULT }, window, extra);
  }

  // "which brand has the highest hook rate", "average ask by lure", "persona with the longest calls": a figure per value.
  const byField = field ?? (PERSONA_RE.test(rest) ? 'persona' : null);
  const figure = metrics.find((m) => m !== 'calls_received' && !RANKABLE_METRIC[m]);
  if (byField && isValueField(byField) && figure && RANK_BY_RE.test(rest)) {
    const least =
      (LEAST_RE.test(rest) || /\b(?:lowest|shortest|smallest|worst)\b/.test(rest)) && !/\b(?:highest|longest|biggest|largest)\b/.test(rest);
    return data({ kind: 'rankBy', field: byField, metric: figure, n: topNumber(rest) ?? TOPN_DEFAULT, least });
  }

  const byCalls = rankingByCalls(c);
  if (byCalls) return byCalls;

  // A figure broken down by something no tool breaks it down by ("hook rate by brand").
  const breakdown =
    // Not who did it ("dollars requested by callers"): a breakdown is by one of the field's values.
    /(?<!\b[a-z]+ed )\b(?:per|by|for each|broken down by|split by|across) (?:brand|bank|state|persona|lure|scam type|payment method|agency|caller|category|company)s?\b/.test(
      rest,
    );
  if (breakdown && metrics.some((m) => m !== 'calls_received')) return chat('breakdown');

  // Asks counted one by one: "how many individual asks were over 10k".
  if (own.min_single_ask !== undefined && /\b(?:how many|count of|number of|count)\b.*\basks?\b/.test(text)) {
    const min = own.min_single_ask;
    return {
      ...(data({ kind: 'askCount', min }) as DataPlan),
      filters: finalFilters({ kind: 'askCount', min }, { ...base, min_single_ask: undefined }),
    };
  }

  // The single asks: "the average dollar ask" is their mean, "how many asks" their number — not the total asked.
  // An amount left unread ("asks over 1k" that no threshold took) is not answered with every ask.
  const asksOnly =
    metrics.every((m) => m === 'calls_received' || /dollar|ask|tier1/.test(m)) &&
    !/\b(?:over|above|under|below|than|least|most)\b \$?\d/.test(rest);
  const meanAsk = asksOnly && MEAN_ASK_RE.test(rest);
  if ((meanAsk && !PER_CALL_RE.test(rest)) || (asksOnly && ASK_COUNT_RE.test(rest)))
    return data({ kind: 'askStats' }, window, metrics.includes('tier1_calls') ? { tier: [1] } : {});

  // A figure per call: "average dollars asked per tier 1 call", "the average ask per call".
  if (/\b(?:per|each|every|an? average|on average|avg|average)\b.*\bcalls?\b/.test(rest) && /\b(?:per|each|every)\b/.test(rest)) {
    const m = metrics.find((x) => SUMMARY_METRICS[x].kind === 'usd' && /^total_/.test(x)) ?? (meanAsk ? 'total_dollars_asked' : null);
    if (m) return data({ kind: 'perCall', metric: m }, window, metrics.includes('tier1_calls') ? { tier: [1] } : {});
  }

  if (SHARE_RE.test(rest) || (SHARE_WORD_RE.test(rest) && (hasQual || metrics.length))) {
    // A rate asked is the rate, as a percentage or not ("its hook rate, expressed in percent").
    if (metrics.includes('hook_rate') && metrics.every((x) => x === 'hook_rate' || x === 'calls_received') && !SHARE_OF_GROUP_RE.test(rest))
      return data({ kind: 'summary', metrics: ['hook_rate'] });
    // The share of what: a figure ("high-confidence", "tier 1", "hooked") or the filters' calls.
    const m = metrics.find((x) => x !== 'calls_received' && x !== 'hook_rate') ?? (quals.hooked === true ? 'hooked_calls' : null);
    const tierMetric = own.tier?.length === 1 && !m ? (`tier${own.tier[0]}_calls` as SummaryMetric) : null;
    const reason = DISCONNECT_RE.test(rest) ? reasonIn(rest) : null;
    if (reason) return data({ kind: 'share', metric: null }, window, { disconnect_reason: [reason] });
    if (m || tierMetric) return data({ kind: 'share', metric: m ?? tierMetric });
    if (hasQual) return data({ kind: 'share', metric: null });
    if (metrics.includes('hook_rate')) return data({ kind: 'summary', metrics: ['hook_rate'] });
  }

  if (DISCONNECT_RE.test(rest) && !metrics.includes('cleanly_closed'))
    return data({ kind: 'disconnects', reason: reasonIn(rest), ...(explain ? { explain } : {}) });

  // Geography: one state's count, or calls per state (of the other filters).
  const onlyState = own.caller_state?.length === 1 && Object.keys(own).length === 1 && !c.mentions.length && !carries;
  if (onlyState && (isCount || /\b(?:from|calls?)\b/.test(text)) && !isList && !field && metrics.every((m) => m === 'calls_received')) {
    return data({ kind: 'geo', state: own.caller_state![0] });
  }
  if (GEO_RE.test(rest) && !field && !own.caller_origin)
    return data({ kind: 'geo', state: null, ...(explain ? { explain } : LEAST_RE.test(rest) ? { least: true } : {}) });

  // Tier-1 listings (financial intel); a count alone is a summary figure.
  const ranked = field !== null && /\b(?:top|most|common|frequent|rank|ranking|leading|popular)\b/.test(rest);
  if (
    ((/\btier 1\b/.test(rest) && isList && !isCount) || (TIER_LIST_RE.test(rest) && !isCount && !metrics.length && !own.has)) &&
    !ranked
  ) {
    const only = tier1FilterIn(rest);
    return data({ kind: 'tier1', limit: only ? TIER1_SCAN : listLimit(rest, TIER1_LIMIT, 100), ...(only ? { only } : {}) });
  }

  // The call holding an extreme: "show the longest call this week", "which call had the biggest ask", "3 longest calls".
  const extremeN = listLimit(rest, 1, 20);
  if (/\bshortest\b/.test(rest) && /\bcalls?\b/.test(rest)) return data({ kind: 'longest', by: 'duration', n: extremeN, shortest: true });
  // (The biggest ask listed with other figures, "the total asked and the biggest single ask", is a figure among them.)
  const callAsked = WHICH_CALL_RE.test(rest) || isList || /\b(?:when|who|which|details|sid)\b/.test(rest);
  if (metrics.length === 1 && metrics[0] === 'max_single_ask' && callAsked) return data({ kind: 'longest', by: 'ask', n: extremeN });
  if (
    metrics.includes('max_call_duration_sec') &&
    (WHICH_CALL_RE.test(rest) || isList || extremeN > 1 || /\b(?:when|what time|who|show|which|details|sid)\b/.test(rest) || hasQual)
  ) {
    return data({ kind: 'longest', n: extremeN });
  }
  if (/\b(?:which|what) (?:was|is|were) the longest calls?\b/.test(rest) || (WHICH_CALL_RE.test(rest) && /\blongest\b/.test(rest))) {
    return data({ kind: 'longest' });
  }

  // Calls by transcript text, by filters, or just "the latest calls".
  const listing = isList && /\bcalls?\b|\bones\b/.test(rest) && !field && metrics.every((m) => LISTABLE.includes(m));
  if (own.q || listing || (own.has && !field)) {
    if (isCount && !isList) return data({ kind: 'calls', count: true });
    const limit = listLimit(rest, 0, 200);
    return data({ kind: 'calls', count: isCount, ...(limit ? { limit } : {}) });
  }

  return null;
}

/** One value's count: "how many calls impersonated PayPal?", "how many IRS scams?". */
function singleValue(c: PlanContext): Plan | null {
  const { prev, text, own, carried, carries, metrics, field, isCount, data } = c;
  const single = c.mentions.length === 1 && !Object.keys(own).length && !Object.keys(carried).length ? c.mentions[0] : null;
  if (!single || field || !isCount || metrics.some((m) => m !== 'calls_received')) return null;
  // "and apple specifically — how many?" after the gift card brands: the previous answer's field.
  const prevField = prev && carries && (prev.intent.kind === 'topn' || prev.intent.kind === 'value') ? prev.intent.field : null;
  const f = rankable(prevField && single.fields.includes(prevField as ValueField) ? (prevField as ValueField) : single.fields[0]);
  if (!f) return null;
  c.mentions = [];
  // "amazon gift cards": a gift card brand only, never the brand's calls.
  const strict = fieldNamedAfter(text, single) && f === single.fields[0];
  return data({ kind: 'value', field: f, value: single.typed, ...(strict ? { strict: true } : {}) });
}

/** A single value, follow-ups that change the window or the value, the context call or chart, and chat. */
function planRest(c: PlanContext): Plan {
  const {
    req,
    prev,

    question,
    text,
    named,
    window,
    moved,
    own,
    followUp,
    refers,
    rest,
    metrics,
    field,
    isCount,
    hasQual,

    ranking,
    data,
    chat,
  } = c;
  // "and the count?", "give me the raw number instead", "how many calls was that": the previous question's calls counted.
  // After a rate, its raw count is the calls it counts (the hooked ones) beside all of them.
  // After a ranking, "that" is its leading value: that value's calls.
  if (prev && COUNT_INSTEAD_RE.test(text)) {
    const wasRate = prev.intent.kind === 'summary' && prev.intent.metrics.includes('hook_rate');
    const metrics: SummaryMetric[] = wasRate ? ['hooked_calls', 'calls_received'] : ['calls_received'];
    const top = prev.intent.kind === 'topn' && prev.subject ? { [prev.subject.field]: [prev.subject.value] } : {};
    return data({ kind: 'summary', metrics }, c.named ?? prev.window, { ...prev.filters, ...top, ...own });
  }
  const one = singleValue(c);
  if (one) return one;

  if (
    field &&
    !(metrics.length && !/\b(?:top|most|which|what|common|frequent|popular|rank|ranking|list|show|leading|main|by)\b/.test(rest))
  ) {
    return data(ranking(field));
  }

  if (NOT_HOOKED_RE.test(rest)) return data({ kind: 'summary', metrics: ['calls_received', 'hooked_calls'], notHooked: true });
  if (WHICH_CALL_RE.test(rest) && metrics.length) return chat('which_call');
  if (metrics.length) return data({ kind: 'summary', metrics });
  if (OVERVIEW_RE.test(rest) && !(req.contextCallSid && CALLISH_RE.test(rest)))
    return data({
      kind: 'summary',
      metrics: hasQual ? ['calls_received', 'hooked_calls', 'hook_rate', 'tier1_calls', 'total_dollars_asked'] : OVERVIEW,
    });

  // "how many were there?" about the previous answer's calls.
  if (prev && refers && isCount) return data(countOf(prev.intent));

  // Follow-ups that only change the window, the filters or the value: "and last month?", "what about PayPal?".
  if (prev && (followUp || named || moved)) {
    const about =
      /^(?:and |so )?(?:what|how) about(?: (.+))?$/.exec(rest) ??
      /^and(?: (?:for|in|from) )?(?: (.+))?$/.exec(rest) ??
      /^(?:only|just)(?: (.+))?$/.exec(rest);
    const prevField = prev.intent.kind === 'topn' || prev.intent.kind === 'value' ? prev.intent.field : null;
    if (
      about &&
      c.mentions.length === 1 &&
      !named &&
      !moved &&
      prevField &&
      prevField in VALUE_FIELD_RANKABLE &&
      c.mentions[0].fields.includes(prevField as ValueField) &&
      !own.q
    ) {
      const m = c.mentions[0];
      c.mentions = [];
      return data({ kind: 'value', field: prevField as TopnField, value: m.typed });
    }
    // Everyday words after "what about" ("the ones from before", "those") name no value: the previous question again.
    const value = about?.[1]?.trim();
    if (value && !isEveryday(value) && !named && !moved && !hasQual) {
      const st = stateIn(value, question);
      if (prev.intent.kind === 'geo' || st) return data({ kind: 'geo', state: st ?? value.toUpperCase() });
      const reason = reasonIn(value);
      if (prev.intent.kind === 'disconnects' && reason) return data({ kind: 'disconnects', reason });
      // An unknown word after "what about": a value of the field the previous answer was about.
      const guess: ValueField = prevField && prevField in VALUE_FIELD_RANKABLE ? (prevField as ValueField) : 'impersonated_brand';
      c.mentions = [{ typed: value, fields: [guess] }];
      if (prevField && prevField in VALUE_FIELD_RANKABLE) {
        c.mentions = [];
        return data({ kind: 'value', field: guess as TopnField, value });
      }
    }
    if (named || moved || hasQual || refers || /^(?:and|what about|how about|same|only|just)\b/.test(text)) {
      const it = prev.intent;
      if (it.kind === 'compare') {
        return data(it.field ? { kind: 'topn', field: it.field, n: TOPN_DEFAULT } : { kind: 'summary', metrics: it.metrics });
      }
      // "and the florida ones?" after Texas: the state named instead, not both.
      if (it.kind === 'geo' && it.state && own.caller_state?.length === 1)
        return data({ kind: 'geo', state: own.caller_state[0] }, window, { caller_state: undefined });
      // A value named for the previous answer's field is a filter now ("just for tech support scams" after payment methods).
      if (it.kind === 'value') return data({ kind: 'summary', metrics: ['calls_received'] }, window, subjectOf(it));
      return data(it);
    }
  }

  if (req.contextCallSid && !named) return data({ kind: 'call', sid: req.contextCallSid });
  const chartTopic = chartIntent(req.contextChartId);
  if (chartTopic && (CALLISH_RE.test(rest) || /\b(?:chart|this|explain|show|tell|panel|mean)\b/.test(rest)))
    return data(explained(chartTopic));

  // Only qualifiers: "amazon calls from texas?", "anything from canadian numbers": how many, and which.
  if (hasQual) return data({ kind: 'calls', count: true });

  if (GREETING_RE.test(text)) return chat('greeting');
  if (THANKS_RE.test(text)) return chat('thanks');
  if (HELP_RE.test(text)) return chat('help');
  return chat('decline');
}
