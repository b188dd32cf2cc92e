// The planner's smaller readings: which filters an intent keeps, the follow-up cues, the
// phrases of the newer intents (busiest, share, distinct, latest, repeated values) and the
// values named together for a side-by-side comparison. Used by plan.ts.

import type { TopnField } from '../../storage/queries/topn.js';
import { FIELD_LABELS, SUMMARY_METRICS, type SummaryMetric } from '../say/answer.js';
import type { Mention, Negation, Qualifiers } from '../read/readingTypes.js';
import { COMPARE_RE, PERSONA_RE, topNumber, TREND_RE, YES_NO_RE } from '../read/reading.js';
import { TOPN_DEFAULT, type Filters, type Intent, type RankField, type Verdict } from './intents.js';
import { shiftBack, type WindowSpec } from '../read/windowSpec.js';
import { VALUE_FIELDS, type ValueField } from '../read/values.js';

/** Figures that, with a list verb, describe which calls to list rather than a number to give. */
export const LISTABLE: SummaryMetric[] = ['calls_received', 'hooked_calls', 'tier1_calls', 'tier2_calls', 'tier3_calls'];
export const THOSE_RE = /\b(?:those|them|these)\b/;
export const seriesOf = (m: SummaryMetric) => SUMMARY_METRICS[m].series;

/** "values seen in more than one call": the identifying field a question names. */
export function repeatedField(text: string): RankField | null {
  if (/\baccount numbers?\b|\b(?:mule |bank )?accounts?\b/.test(text)) return 'mule_bank_account_number';
  if (/\bwallets?\b|\baddress(?:es)? (?:of|for) (?:the )?wallets?\b/.test(text)) return 'crypto_wallet_address';
  if (/\b(?:account )?holders?\b/.test(text)) return 'mule_account_holder_name';
  if (/\bphishing\b|\burls?\b|\blinks?\b|\bwebsites?\b|\bsites?\b|\bdomains?\b/.test(text)) return 'phishing_url';
  if (/\bdrop address(?:es)?\b|\bmailing address(?:es)?\b|\baddress(?:es)?\b/.test(text)) return 'physical_mule_drop_address';
  return null;
}

const BUSIEST_RE =
  /\b(?:busiest|peak|quietest|slowest|least busy|most active|highest volume|most calls)\b.*\b(?:day|hour|time|weekday|days|hours)\b|\b(?:which|what) (?:(?:single|one|particular|specific|calendar) )?(?:day|hour|time|weekday)\b.*\b(?:most|busiest|peak|highest|fewest|least|quietest)\b|\bbusiest\b(?! (?:states?|brands?|banks?|lures?|personas?|area codes?|agents?|agenc(?:y|ies)|payment|scam|gift|wallets?|organi[sz]ations?|compan(?:y|ies)|callers?|numbers?)\b)|\bpeak (?:day|hour|time)s?\b|\bwhen do (?:we|they|scammers) (?:get|call) (?:the )?most\b|\btime of day\b|\bwhen do(?:es)? (?:the )?most\b/;

export function busiestIntent(rest: string, metrics: SummaryMetric[], prev: Intent | null = null): Intent | null {
  // "and the quietest?" after the busiest day: the same question the other way round.
  if (prev?.kind === 'busiest' && /\b(?:busiest|quietest|slowest|least|most|lowest|highest|peak)\b/.test(rest)) {
    return { ...prev, least: /\b(?:quietest|slowest|least|lowest)\b/.test(rest) };
  }
  if (!BUSIEST_RE.test(rest)) return null;
  const least = /\b(?:quietest|slowest|least busy|fewest|least)\b/.test(rest);
  const unit = /\btime of (?:the )?day\b|\bhour of (?:the )?day\b|\bwhat time\b|\bwhich time\b|\bwhen do(?:es)? (?:the )?most\b/.test(rest)
    ? 'hour_of_day'
    : /\bday of (?:the )?week\b|\bweekday\b/.test(rest)
      ? 'weekday'
      : /\bhours?\b/.test(rest)
        ? 'hour'
        : 'day';
  const metric = metrics.find((m) => seriesOf(m) && m !== 'hook_rate') ?? 'calls_received';
  return { kind: 'busiest', metric, unit, least };
}

export const SHARE_RE =
  /\b(?:what|which) (?:share|percent(?:age)?|proportion|fraction|portion|part)\b|\b(?:share|percent(?:age)?|proportion|fraction|ratio) of (?:all |our |the )?calls?\b|\bhow many percent\b|\bwhat % of\b|\b% of (?:all |the )?calls\b/;

/** The filter each qualifier becomes, when the question gives it (a list with values in it, a number or a flag). */
const FILTER_OF: { [K in keyof Qualifiers]?: keyof Filters } = {
  q: 'q',
  states: 'caller_state',
  tiers: 'tier',
  hooked: 'hooked',
  minDurationSec: 'min_duration_sec',
  maxDurationSec: 'max_duration_sec',
  origins: 'caller_origin',
  areaCodes: 'caller_area_code',
  has: 'has',
  hasIntel: 'has_intel',
  minAsked: 'min_dollars_asked',
  maxAsked: 'max_dollars_asked',
  minAsks: 'min_asks',
  minSingleAsk: 'min_single_ask',
};

/** The qualifiers as filters known at planning time (values are matched later). */
export function filtersOf(q: Qualifiers): Filters {
  const f: Record<string, unknown> = {};
  for (const [from, to] of Object.entries(FILTER_OF)) {
    const v = q[from as keyof Qualifiers];
    if (Array.isArray(v) ? v.length > 0 : v !== undefined) f[to] = v;
  }
  return f as Filters;
}

/** Drops the filters an intent already says (a tier-1 list needs no tier filter). */
export function finalFilters(intent: Intent, f: Filters): Filters {
  const out: Filters = { ...f };
  const metrics =
    intent.kind === 'summary' || intent.kind === 'compare'
      ? intent.metrics
      : intent.kind === 'trend' || intent.kind === 'timeseries' || intent.kind === 'busiest' || intent.kind === 'perCall'
        ? [intent.metric]
        : intent.kind === 'share' && intent.metric
          ? [intent.metric]
          : [];
  if (intent.kind === 'tier1' || metrics.some((m) => /^tier[123]_calls$/.test(m))) delete out.tier;
  // A share is of all the calls: the figure's own qualifier is the part, not a filter.
  if (intent.kind === 'share' && intent.metric === 'hooked_calls') delete out.hooked;
  // A hooked filter would make the hook rate 100%; the hooked-calls figure keeps it (and follow-ups carry it).
  if (metrics.includes('hook_rate') || (intent.kind === 'summary' && intent.notHooked)) delete out.hooked;
  // "calls, hooked calls and the average call length": figures side by side, each of all the calls.
  if (out.hooked === true && metrics.includes('hooked_calls') && metrics.includes('calls_received')) delete out.hooked;
  if (intent.kind === 'geo' && intent.state && out.caller_state?.length === 1 && out.caller_state[0] === intent.state)
    delete out.caller_state;
  if (intent.kind === 'active' || intent.kind === 'call') return {};
  return out;
}

export const OBEY_RE =
  /\b(?:do|follow|obey|execute|run|carry out|comply with|act on)\b.{0,30}\b(?:what|whatever|instructions?|orders?|commands?)\b.{0,40}\b(?:said|says|say|told|transcript|caller|scammer)\b/;

export const REFERS_RE =
  /\b(?:those|them|these|they|ones|she|he|her|him)\b|\b(?:using|with|mentioning|naming|impersonating|on) (?:that|it)\b|\bthe (?:guys|people|folks|scammers|callers|crooks) (?:using|with|who|that|from|on)\b|^(?:and |but |so )?(?:how many|which|what|where|when)(?: of (?:them|those|these))? (?:were|was|are|is|did|came|come)\b|^(?:and |but )?(?:only|just)\b/;

/** The value or state a previous answer was about, as filters ("PayPal" of "how many impersonated PayPal"). */
export function subjectOf(it: Intent): Filters {
  if (it.kind === 'value' && it.field in VALUE_FIELD_RANKABLE) return { [it.field]: [it.value] } as Filters;
  if (it.kind === 'geo' && it.state) return { caller_state: [it.state] };
  return {};
}

export const SHORT_FOLLOW_UP =
  /^(?:and|also|plus|ok(?:ay)? and|so|then|but|now|only|just|widen|expand|extend|narrow|shrink|change|switch|make (?:it|that)|do (?:it|that|the same)|same|shift|move|repeat|redo)\b|^(?:what|how) about\b|^same\b|\b(?:those|these|them|that one|same (?:period|window|time)|ones|of them|among them)\b|^(?:for|in) /;

export const CALLER_ID_RE =
  /\bcaller[- ]?ids?\b|\bphone numbers?\b|\b(?:caller|calling|scammer'?s?|their) numbers?\b|\bnumbers? (?:that )?call(?:ed|s|ing)?\b/;
export const DISTINCT_RE =
  /\bhow many (?:different|distinct|unique|separate|individual)\b|\b(?:number|count) of (?:different|distinct|unique|separate)\b|\bhow many (?:\w+ )?(?:numbers?|caller ids?) (?:called|have called|did call)\b/;
export const LATEST_RE =
  /\b(?:when|what time)\b.*\b(?:last|latest|most recent|newest|first|earliest|oldest)\b|\b(?:last|latest|most recent|newest|first|earliest|oldest) (?:\w+ ){0,3}?call\b(?! (?:length|duration|volume|count))/;

/** A ranking read from the bottom: "the least common brand", "rarest lure", "fewest calls". */
export const LEAST_RE =
  /\b(?:least|fewest|rarest|lowest|less) (?:common|frequent|popular|used|seen|often|calls?|times?|impersonated)\b|\brarest\b|\bleast\b/;

/** "average calls per day", "daily average", "how many a week on average": a figure per unit of time. */
export function perUnitIn(rest: string): 'hour' | 'day' | 'week' | null {
  if (!/\b(?:average|avg|mean|on average|typical(?:ly)?)\b/.test(rest)) return null;
  const m = /\b(?:per|a|each|every) (day|week|hour)\b|\b(daily|weekly|hourly)\b/.exec(rest);
  if (!m) return null;
  return m[1] ? (m[1] as 'hour' | 'day' | 'week') : ({ daily: 'day', weekly: 'week', hourly: 'hour' } as const)[m[2] as 'daily'];
}

export const SHARE_WORD_RE = /\b(?:share|percent(?:age)?|proportion|fraction)\b|(?:^|\s)%|%\s*(?:of|hooked|tier|high)/;

/** Figures a ranking can be narrowed to: "which persona gets hooked the most" ranks hooked calls. */
export const RANKABLE_METRIC: Partial<Record<SummaryMetric, Filters>> = {
  calls_received: {},
  hooked_calls: { hooked: true },
  tier1_calls: { tier: [1] },
  tier2_calls: { tier: [2] },
  tier3_calls: { tier: [3] },
};

/** Two or more values of one field named together ("amazon vs microsoft", "texas or florida"). */
export function comparedValues(q: Qualifiers, own: Filters): { field: ValueField | 'caller_state'; values: Mention[] } | null {
  if ((own.caller_state?.length ?? 0) >= 2)
    return { field: 'caller_state', values: own.caller_state!.map((s) => ({ typed: s, fields: [] })) };
  const byField = new Map<ValueField, Mention[]>();
  for (const m of q.mentions) if (m.fields[0]) byField.set(m.fields[0], [...(byField.get(m.fields[0]) ?? []), m]);
  for (const [f, ms] of byField) if (ms.length >= 2) return { field: f, values: ms };
  // "gift card and zelle": two payment-ish values hinted in different fields but both payment methods.
  const pay = q.mentions.filter((m) => m.fields.includes('payment_method'));
  if (pay.length >= 2) return { field: 'payment_method', values: pay };
  return null;
}

/** Fields a value intent can count with get_topn: every value field but persona, which get_topn does not rank. */
export const VALUE_FIELD_RANKABLE: Record<string, true> = Object.fromEntries(
  VALUE_FIELDS.filter((f) => f !== 'persona').map((f) => [f, true]),
);

export function rankable(f: ValueField | undefined): TopnField | null {
  return f && f in VALUE_FIELD_RANKABLE ? (f as TopnField) : null;
}

/** The two windows of a comparison: two named ones, or one against the previous turn's / the one before it. */
export function comparedWindows(
  windows: WindowSpec[],
  shift: boolean,
  prev: WindowSpec | null,
  rest: string,
  now: Date,
): [WindowSpec | null, WindowSpec | null] {
  const one = windows.length === 1 ? windows[0] : null;
  // "last 24h vs the 24h before": the second phrase is the window before the first.
  if (windows.length >= 2 && JSON.stringify(windows[0]) === JSON.stringify(windows[1])) return [windows[0], shiftBack(windows[0], now)];
  if (windows.length >= 2) return [windows[0], windows[1]];
  if (one && shift) return [one, shiftBack(one, now)];
  if (one && prev) return [prev, one];
  // "… vs last week": the current week against the last one.
  if (one && one.kind === 'calendar' && one.offset < 0) return [{ ...one, offset: 0 }, one];
  if (one) return [one, shiftBack(one, now)];
  if (shift && prev) return [prev, shiftBack(prev, now)];
  if (prev && /\b(?:before|previous|prior|earlier)\b/.test(rest)) return [prev, shiftBack(prev, now)];
  return [null, null];
}

/** "explain the hook rate chart", "what is this panel telling me": a figure explained, not just given. */
export function asksToExplain(rest: string): boolean {
  return (
    /\b(?:explain|describe|walk me through|what does (?:this|it|the \w+) (?:show|mean)|tell me about (?:this|the) (?:chart|panel|graph))\b/.test(
      rest,
    ) ||
    (/\b(?:panel|chart|graph|map|widget|tile|card)\b/.test(rest) &&
      /\b(?:break down|breakdown|telling|tell me|summari[sz]e|summary|show(?:ing)?|say(?:ing)?|mean(?:ing)?|read|walk)\b/.test(rest))
  );
}

/** "X vs Y", "more X or Y", "which …" puts values side by side; "how many … X or Y" counts them together. */
export function asksSideBySide(rest: string): boolean {
  return (
    COMPARE_RE.test(rest) ||
    /\bvs\b|\bversus\b|\bcompare\b/.test(rest) ||
    (/\bor\b|\band\b/.test(rest) && /\b(?:which|more|fewer|less|most|bigger|higher|lower|worse|better|busier|larger|smaller)\b/.test(rest))
  );
}

/**
 * The figures two windows are compared by: a share ("the share hooked this week vs last") is
 * calls with the counted figures; else the figures asked, a follow-up's previous figures
 * (`followed`), calls when only qualifiers are given, or `fallback`.
 */
export function comparedMetrics(
  rest: string,
  metrics: SummaryMetric[],
  followed: SummaryMetric[] | null,
  hasQual: boolean,
  fallback: SummaryMetric[],
): { basis: SummaryMetric[]; share: boolean } {
  const shareOf = SHARE_WORD_RE.test(rest) ? metrics.filter((m) => SUMMARY_METRICS[m].kind === 'count' && m !== 'calls_received') : [];
  if (shareOf.length) return { basis: ['calls_received', ...shareOf], share: true };
  const basis = metrics.length ? metrics : (followed ?? (hasQual ? ['calls_received' as SummaryMetric] : fallback));
  return { basis, share: false };
}

/**
 * A negated property as a count of the calls lacking it. What else the question asks (a figure,
 * a ranking, a list, a comparison) no tool gives for only those calls: the answer says so.
 */
export function complementIntent(
  n: Negation,
  rest: string,
  metrics: SummaryMetric[],
  field: RankField | null,
  list: boolean,
  count: boolean,
  windows: number,
): Intent {
  // Counts of calls a qualifier already narrows to ("tier 1 calls", "hooked calls") are the count asked.
  const figures = metrics.filter((m) => !RANKABLE_METRIC[m]).map((m) => SUMMARY_METRICS[m].label);
  const asked = field
    ? `the ${FIELD_LABELS[field].plural}`
    : PERSONA_RE.test(rest)
      ? 'the personas'
      : figures.length
        ? `the ${figures.join(', ')}`
        : windows >= 2 || COMPARE_RE.test(rest) || TREND_RE.test(rest)
          ? 'a comparison over time'
          : list && !count
            ? 'a list'
            : undefined;
  const part = n.quals ? filtersOf(n.quals) : undefined;
  return {
    kind: 'complement',
    said: n.said,
    ...(n.figure ? { figure: n.figure } : {}),
    ...(part ? { part } : {}),
    ...(n.quals?.mentions.length ? { partMentions: n.quals.mentions } : {}),
    ...(asked ? { asked } : {}),
  };
}

/**
 * "top brands other than Amazon", "payment methods excluding gift cards": the one value a negation
 * names in the field being ranked, to leave out of the ranking; null for anything else.
 */
export function apartValue(n: Negation, field: RankField | null): string | null {
  const q = n.quals;
  if (!q || !field || q.mentions.length !== 1 || Object.keys(filtersOf(q)).length) return null;
  const m = q.mentions[0];
  return !m.fields.length || m.fields.includes(field as ValueField) ? m.typed : null;
}

/** A question asking for yes or no: "were there …", "did …", "is …". */
const UP_RE =
  /\b(?:more|higher|up|above|exceed(?:ed|s)?|beat|beats|increased?|increasing|rise|rose|risen|rising|grow|grew|grown|growing|better|improved?|bigger|larger|greater|climb(?:ed)?|jump(?:ed)?|busier|busiest)\b/;
const DOWN_RE =
  /\b(?:fewer|less|lower|down|below|trail(?:ed|s)?|decreased?|decreasing|drop(?:ped)?|fall|fell|fallen|falling|declined?|declining|worse|worsen(?:ed)?|smaller|shr[iau]nk|quieter|slower)\b/;

/** The change a yes/no question asks about, on the figure it names ("more calls": calls received); null when it asks none. */
export function verdictOf(text: string, rest: string, metrics: SummaryMetric[]): Verdict | null {
  if (!YES_NO_RE.test(text)) return null;
  const either = EITHER_WAY_RE.test(rest);
  const up = UP_RE.test(rest);
  if (!either && up === DOWN_RE.test(rest)) return null;
  // "busier", "quieter": more or fewer calls.
  const metric = metrics[0] ?? (/\bcalls?\b|\b(?:busier|quieter|slower)\b/.test(rest) ? 'calls_received' : null);
  return metric
    ? { metric, up: either ? null : up, than: /\bthan\b|\b(?:above|below|exceed(?:ed|s)?|beat|beats|trail(?:ed|s)?)\b/.test(rest) }
    : null;
}

/** "did calls go up or down?", "more or fewer", "rise or fall": either way asked, answered Up, Down or Unchanged. */
export const EITHER_WAY_RE =
  /\b(?:up or down|down or up|increased? or decreased?|decreased? or increased?|rise or fall|rose or fell|more or fewer|fewer or more|higher or lower|lower or higher)\b/;

/** "is Amazon the most impersonated brand?": the value whose place in a ranking is asked. */
export const TOP_CHECK_RE = /\b(?:the )?(?:most|top|leading|biggest|main|number one|commonest|least|rarest)\b/;

/** A statement that reads as a database command ("drop table calls", "delete from calls"), a part of a question split by ';'. */
const COMMAND_RE = /^\s*['"`)]*\s*(?:--\s*)?(?:drop|delete|insert|update|truncate|alter|create|grant|select|union)\b/i;

/**
 * "'; drop table calls; -- how many calls today": the question without its database commands,
 * with what was left out; null when nothing was, or nothing else is asked (that stays a decline).
 */
export function withoutCommands(question: string): { question: string; dropped: string[] } | null {
  if (!question.includes(';')) return null;
  const parts = question.split(';');
  const dropped = parts.filter((p) => COMMAND_RE.test(p)).map((p) => p.replace(/^[\s'"`)-]+/, '').trim());
  if (!dropped.length) return null;
  const kept = parts
    .filter((p) => !COMMAND_RE.test(p))
    .map((p) => p.replace(/^\s*--/, ' ').replace(/['"`]/g, ' '))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  return /[a-z]/i.test(kept) ? { question: kept, dropped } : null;
}

/** "which brands are rising fastest", "biggest drops by payment method": values ranked by their change. */
const RISING_RE =
  /\b(?:ris(?:e|es|ing)|rose|grow(?:s|ing|n)?|grew|growth|increas(?:e|es|ed|ing)|gain(?:s|ed|ing)?|climb(?:s|ed|ing)?|surg(?:e|es|ed|ing)|jump(?:s|ed|ing)?|spik(?:e|es|ed|ing)|trending(?: up)?|on the rise|up the most|movers?|moving up|picking up|heating up)\b/;
const FALLING_RE =
  /\b(?:fall(?:s|ing)?|fell|declin(?:e|es|ed|ing)|decreas(?:e|es|ed|ing)|drop(?:s|ped|ping)?|shr(?:ink|inks|inking|ank|unk)|trending down|down the most|cooling|dying (?:out|down)|los(?:e|es|ing|t) (?:ground|steam))\b/;

/** A "movers" question about a field's values: its direction and how many, or null when it asks none. */
export function moversIn(rest: string): { falling: boolean; n: number } | null {
  const falling = FALLING_RE.test(rest);
  if (!falling && !RISING_RE.test(rest)) return null;
  return { falling, n: topNumber(rest) ?? TOPN_DEFAULT };
}

const VERSUS = String.raw`\b(?:vs\.?|versus|compared (?:to|with)|against|or|and|than)\b`;
const NOT_HOOKED = String.raw`(?:not|un|non)[- ]?hooked`;
const HOOKED_GROUPS: [RegExp, boolean][] = [
  [new RegExp(String.raw`(?<!(?:not|un|non)[- ]?)\bhooked\b.*${VERSUS}.*\b${NOT_HOOKED}\b`), true],
  [new RegExp(String.raw`\b${NOT_HOOKED}\b.*${VERSUS}.*(?<!(?:not|un|non)[- ]?)\bhooked\b`), false],
];

/**
 * Groups of calls a question puts side by side: "hooked vs not hooked", "tier 1 vs tier 2 calls",
 * in the order said, with the figures their own words would otherwise name (hooked calls, tier-1 calls).
 */
export function comparedGroups(rest: string): { groups: { name: string; filters: Filters }[]; implied: SummaryMetric[] } | null {
  for (const [re, hookedFirst] of HOOKED_GROUPS) {
    if (!re.test(rest)) continue;
    const groups = [
      { name: 'hooked calls', filters: { hooked: true } },
      { name: 'calls not hooked', filters: { hooked: false } },
    ];
    return { groups: hookedFirst ? groups : groups.reverse(), implied: ['hooked_calls', 'hook_rate'] };
  }
  if (/\b(?:not|non|other than|except|excluding)[- ]tier\b/.test(rest)) return null;
  const tiers = [...rest.matchAll(/\btier[- ]?([123])\b/g)].map((m) => Number(m[1]));
  const distinct = [...new Set(tiers)];
  // "tier 1 and tier 2 calls" alone is both together; side by side only when compared.
  const compared = String.raw`\b(?:vs\.?|versus|compared (?:to|with)|against)\b|\bor\b.*\b(?:more|fewer|less|longer|shorter|bigger|higher|lower)\b|\b(?:more|fewer|less|longer|shorter|bigger|higher|lower)\b.*\b(?:or|than)\b`;
  if (distinct.length >= 2 && new RegExp(compared).test(rest)) {
    return {
      groups: distinct.map((t) => ({ name: `tier-${t} calls`, filters: { tier: [t] } })),
      implied: ['tier1_calls', 'tier2_calls', 'tier3_calls'],
    };
  }
  return null;
}

/** A ranking asked of a figure per value: "which brand has the highest hook rate", "average ask by lure". */
export const RANK_BY_RE =
  /\b(?:top|most|which|what|rank(?:ed|ing)?|highest|lowest|least|longest|shortest|biggest|largest|smallest|best|worst|by|per|for each|across|each)\b/;

/** Values seen for the first time: "any new mule banks this week", "brands we haven't seen before". */
export const NEW_VALUES_RE =
  /\b(?:new|newly seen|first[- ]time|never (?:been )?seen(?: before)?|not seen before|(?:haven'?t|have not|hadn'?t|had not|never) seen (?:before|until now)?|first seen|emerging)\b/;

/** "is zelle more common than venmo?": true (the first is more), false (less), null when it asks no yes or no. */
export function sideBySideAsk(text: string, rest: string): boolean | null {
  if (!YES_NO_RE.test(text)) return null;
  // "less common" is the word "less", not "common": the bare adjective counts only without it.
  const down = DOWN_RE.test(rest) || /\b(?:rarer|shorter|quieter)\b/.test(rest);
  const up = UP_RE.test(rest) || (!down && /\b(?:common|frequent|popular|often|busier|longer)\b/.test(rest));
  return up === down ? null : up;
}

/** A group of calls in a filter's place: "for tier 3 calls", "among hooked calls", "tier 1 calls only". */
const GROUP_AS_FILTER =
  /\b(?:for|among|of|in|on|from|only|just|across|within)(?: the| our| all| those| these)? (?:tier [123]|hooked)(?: calls?| ones?)?\b|\b(?:tier [123]|hooked)(?: calls?| ones?)? only\b/;
const GROUP_METRICS: ReadonlySet<SummaryMetric> = new Set(['tier1_calls', 'tier2_calls', 'tier3_calls', 'hooked_calls']);

/**
 * The figures asked, without the groups of calls that only narrow another figure: "the largest
 * single ask for tier 3 calls" is the largest ask over tier-3 calls (the tier a filter), not the
 * largest ask and the tier-3 count. A count of calls beside the group ("calls and tier 1 calls")
 * and the hook rate beside "hooked" keep both.
 */
export function groupsAsFilters(metrics: SummaryMetric[], rest: string): SummaryMetric[] {
  const others = metrics.filter((m) => !GROUP_METRICS.has(m) && m !== 'calls_received');
  if (!others.length || others.length === metrics.length || !GROUP_AS_FILTER.test(rest)) return metrics;
  if (others.includes('hook_rate') && metrics.includes('hooked_calls')) return metrics;
  return metrics.filter((m) => !GROUP_METRICS.has(m));
}
