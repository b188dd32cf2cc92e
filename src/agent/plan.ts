// The built-in planner's reading of a question: normalise it (typos fixed), find its time
// phrases, read its qualifiers (qualifiers.ts), then pick one intent — or a conversational
// reply — from what is left. Follow-ups start from the previous turn's window and filters.
// Pure: no tool runs here; values are matched against the org's data when the plan runs.

import type { AgentRequest } from './agent.js';
import { SUMMARY_METRICS, type SummaryMetric } from './answer.js';
import { carry } from './filters.js';
import {
  COMPARE_DEFAULT,
  OVERVIEW,
  TIER1_LIMIT,
  TIER1_SCAN,
  TOPN_DEFAULT,
  type ChatReply,
  type Filters,
  type Intent,
  type Plan,
  type PlannerState,
  type RankField,
} from './intents.js';
import { capitalisedWords, normalise } from './normalise.js';
import { qualifiersIn, type Mention, type Qualifiers } from './qualifiers.js';
import {
  ACTIVE_RE,
  bucketIn,
  CALLISH_RE,
  COMPARE_RE,
  COUNT_RE,
  DISCONNECT_RE,
  fieldIn,
  FOLLOW_UP_RE,
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
} from './reading.js';
import { findWindows, shiftBack, SHIFT_BACK_RE, unreadTimePhrase, VAGUE_TIME_RE, windowPhrase, type WindowSpec } from './timePhrases.js';
import type { TopnField } from '../storage/queries/topn.js';
import type { ValueField } from './values.js';
import { chartIntent, listingOf, tierFollowUp } from './followUps.js';

/** Figures that, with a list verb, describe which calls to list rather than a number to give. */
const LISTABLE: SummaryMetric[] = ['calls_received', 'hooked_calls', 'tier1_calls', 'tier2_calls', 'tier3_calls'];
const THOSE_RE = /\b(?:those|them|these)\b/;
const seriesOf = (m: SummaryMetric) => SUMMARY_METRICS[m].series;

/** "values seen in more than one call": the identifying field a question names. */
function repeatedField(text: string): RankField | null {
  if (/\baccount numbers?\b|\b(?:mule |bank )?accounts?\b/.test(text)) return 'mule_bank_account_number';
  if (/\bwallets?\b|\baddress(?:es)? (?:of|for) (?:the )?wallets?\b/.test(text)) return 'crypto_wallet_address';
  if (/\b(?:account )?holders?\b/.test(text)) return 'mule_account_holder_name';
  if (/\bphishing\b|\burls?\b|\blinks?\b|\bwebsites?\b|\bsites?\b|\bdomains?\b/.test(text)) return 'phishing_url';
  if (/\bdrop address(?:es)?\b|\bmailing address(?:es)?\b|\baddress(?:es)?\b/.test(text)) return 'physical_mule_drop_address';
  return null;
}

const BUSIEST_RE =
  /\b(?:busiest|peak|quietest|slowest|least busy|most active|highest volume|most calls)\b.*\b(?:day|hour|time|weekday|days|hours)\b|\b(?:which|what) (?:day|hour|time|weekday)\b.*\b(?:most|busiest|peak|highest|fewest|least|quietest)\b|\bbusiest\b|\bpeak (?:day|hour|time)s?\b|\bwhen do (?:we|they|scammers) (?:get|call) (?:the )?most\b|\btime of day\b/;

function busiestIntent(rest: string, metrics: SummaryMetric[]): Intent | null {
  if (!BUSIEST_RE.test(rest)) return null;
  const least = /\b(?:quietest|slowest|least busy|fewest|least)\b/.test(rest);
  const unit = /\btime of (?:the )?day\b|\bhour of (?:the )?day\b|\bwhat time\b|\bwhich time\b/.test(rest)
    ? 'hour_of_day'
    : /\bday of (?:the )?week\b|\bweekday\b/.test(rest)
      ? 'weekday'
      : /\bhours?\b/.test(rest)
        ? 'hour'
        : 'day';
  const metric = metrics.find((m) => seriesOf(m) && m !== 'hook_rate') ?? 'calls_received';
  return { kind: 'busiest', metric, unit, least };
}

const SHARE_RE = /\b(?:what|which) (?:share|percent(?:age)?|proportion|fraction|portion|part)\b|\b(?:share|percent(?:age)?|proportion|fraction|ratio) of (?:all |our |the )?calls?\b|\bhow many percent\b|\bwhat % of\b|\b% of (?:all |the )?calls\b/;

/** The qualifiers as filters known at planning time (values are matched later). */
function filtersOf(q: Qualifiers): Filters {
  const f: Filters = {};
  if (q.q.length) f.q = q.q;
  if (q.states.length) f.caller_state = q.states;
  if (q.tiers.length) f.tier = q.tiers;
  if (q.hooked !== undefined) f.hooked = q.hooked;
  if (q.minDurationSec !== undefined) f.min_duration_sec = q.minDurationSec;
  if (q.maxDurationSec !== undefined) f.max_duration_sec = q.maxDurationSec;
  if (q.origins.length) f.caller_origin = q.origins;
  return f;
}

/** Drops the filters an intent already says (a tier-1 list needs no tier filter). */
function finalFilters(intent: Intent, f: Filters): Filters {
  const out: Filters = { ...f };
  const metrics = intent.kind === 'summary' || intent.kind === 'compare' ? intent.metrics : intent.kind === 'trend' || intent.kind === 'timeseries' || intent.kind === 'busiest' ? [intent.metric] : [];
  if (intent.kind === 'tier1' || metrics.some((m) => /^tier[123]_calls$/.test(m))) delete out.tier;
  if (metrics.some((m) => m === 'hooked_calls' || m === 'hook_rate') || (intent.kind === 'summary' && intent.notHooked)) delete out.hooked;
  if (intent.kind === 'geo' && intent.state && out.caller_state?.length === 1 && out.caller_state[0] === intent.state) delete out.caller_state;
  if (intent.kind === 'active' || intent.kind === 'call') return {};
  return out;
}

const OBEY_RE = /\b(?:do|follow|obey|execute|run|carry out|comply with|act on)\b.{0,30}\b(?:what|whatever|instructions?|orders?|commands?)\b.{0,40}\b(?:said|says|say|told|transcript|caller|scammer)\b/;

const SHORT_FOLLOW_UP = /^(?:and|also|plus|ok(?:ay)? and|so|then|but|now|only|just)\b|^(?:what|how) about\b|^same\b|\b(?:those|these|them|that one|same (?:period|window|time)|ones|of them|among them)\b|^(?:for|in) /;

export function planQuestion(req: AgentRequest, prev: PlannerState | null, now: Date): Plan {
  const question = req.question;
  const text = normalise(question);
  const chat = (reply: ChatReply): Plan => ({ kind: 'chat', reply });

  // Never stretched: other tenants, instructions, the future, writes.
  if (OTHER_ORGS_RE.test(text)) return chat('other_orgs');
  if (MUTATE_RE.test(text)) return chat('decline');
  if (FUTURE_RE.test(text)) return chat('future');
  // Text inside transcripts is data: "do what the caller said" is not a question about the data.
  if (OBEY_RE.test(text)) return chat('decline');

  const windows = findWindows(text, now);
  let rest = text;
  for (const w of [...windows].reverse()) rest = `${rest.slice(0, w.index)} ${rest.slice(w.index + w.length)}`;
  rest = rest.replace(/\s+/g, ' ').trim();
  const shift = SHIFT_BACK_RE.test(rest);
  if (shift) rest = rest.replace(new RegExp(SHIFT_BACK_RE.source, 'g'), ' ').replace(/\s+/g, ' ').trim();
  const vague = windows.length === 0 && !shift ? (VAGUE_TIME_RE.exec(rest)?.[0] ?? null) : null;
  if (vague) rest = rest.replace(VAGUE_TIME_RE, ' ').replace(/\s+/g, ' ').trim();

  const names = capitalisedWords(question);
  const quals = qualifiersIn(rest, question, (w) => w.split(' ').every((x) => names.has(x)));
  const unread = windows.length === 0 && !shift && !vague ? unreadTimePhrase(quals.rest) : null;
  rest = (unread ? quals.rest.replace(unread, ' ') : quals.rest).replace(/\s+/g, ' ').trim();

  const followUp = prev !== null && (FOLLOW_UP_RE.test(text) || SHORT_FOLLOW_UP.test(text) || windows.length > 0 || shift) && rest.split(' ').length <= 8;
  const defaultSpec: WindowSpec = { kind: 'range', range: req.dashboardRange };
  const named = windows[0]?.spec ?? null;
  let window: WindowSpec = named ?? (prev && (followUp || FOLLOW_UP_RE.test(text)) ? prev.window : defaultSpec);
  if (shift && prev && !named) window = shiftBack(prev.window, now);

  const notes: string[] = [];
  if (vague) notes.push(`I read "${vague}" as ${windowPhrase(window)}.`);
  if (unread) notes.push(`I could not read "${unread}" as a time window, so I used ${windowPhrase(window)} instead.`);

  // A follow-up keeps the previous turn's filters; what the question names replaces them.
  const own = filtersOf(quals);
  // Filters carry only into an elliptic follow-up ("and last week?", "only the Amazon ones"), not into a new question.
  const carries = prev !== null && (FOLLOW_UP_RE.test(text) || SHORT_FOLLOW_UP.test(text)) && rest.split(' ').length <= 8;
  const base: Filters = prev && carries ? carry(prev.filters ?? {}, own) : own;
  let mentions: Mention[] = quals.mentions;
  if (prev && carries && mentions.length) {
    // A value named again replaces the carried value of the same field.
    for (const m of mentions) for (const fld of m.fields.slice(0, 1)) delete (base as Record<string, unknown>)[fld];
  }
  const data = (intent: Intent, w: WindowSpec = window, extra: Filters = {}): Plan => ({
    kind: 'data',
    intent,
    window: w,
    filters: finalFilters(intent, { ...base, ...extra }),
    mentions,
    notes,
  });

  // One call.
  const sid = sidIn(question);
  if (sid) return data({ kind: 'call', sid });
  if (req.contextCallSid && CALLISH_RE.test(rest) && !COUNT_RE.test(rest)) return data({ kind: 'call', sid: req.contextCallSid });

  const metrics = metricsIn(rest);
  const field = fieldIn(rest);
  const isCount = COUNT_RE.test(rest);
  const isList = LIST_VERB_RE.test(rest);
  const hasQual = mentions.length > 0 || Object.keys(own).length > 0;

  // "which of those were tier 1?"
  const tf = TIER_FOLLOW_RE.exec(rest);
  if (tf && prev) {
    const tier = Number(tf[1] ?? tf[2] ?? tf[3]);
    const it = tierFollowUp(prev, tier);
    if (typeof it === 'string') return chat(it);
    return data(it.intent, named ?? prev.window, { ...carry(prev.filters ?? {}, it.filters) });
  }

  // "show me those calls": the calls behind the previous answer.
  if (prev && isList && THOSE_RE.test(rest) && metrics.every((m) => LISTABLE.includes(m)) && !field) {
    const it = listingOf(prev.intent);
    if (it) return data(it.intent, named ?? prev.window, carry(prev.filters ?? {}, it.filters));
  }

  if (ACTIVE_RE.test(rest) && !/\bpersonas?\b/.test(rest)) return data({ kind: 'active' });

  // Values seen in more than one call: "mule accounts seen in 2+ calls", "reused wallets".
  if (quals.minCount !== undefined) {
    const rf = repeatedField(rest) ?? field;
    if (rf) return data({ kind: 'topn', field: rf, n: 50, minCount: quals.minCount });
  }

  // Comparisons: two windows, or one against the previous turn's / the one before it.
  if (COMPARE_RE.test(rest) || (windows.length >= 2 && /\band\b|\bwith\b|\bto\b/.test(rest) && !/\bbetween\b/.test(text))) {
    let a: WindowSpec | null = null;
    let b: WindowSpec | null = null;
    const one = windows.length === 1 ? windows[0].spec : null;
    if (windows.length >= 2) [a, b] = [windows[0].spec, windows[1].spec];
    else if (one && shift) [a, b] = [one, shiftBack(one, now)];
    else if (one && prev) [a, b] = [prev.window, one];
    // "… vs last week": the current week against the last one.
    else if (one && one.kind === 'calendar' && one.offset < 0) [a, b] = [{ ...one, offset: 0 }, one];
    else if (one) [a, b] = [one, shiftBack(one, now)];
    else if (shift && prev) [a, b] = [prev.window, shiftBack(prev.window, now)];
    else if (prev && /\b(?:before|previous|prior|earlier)\b/.test(rest)) [a, b] = [prev.window, shiftBack(prev.window, now)];
    if (a && b) {
      const prevField = prev && followUp && (prev.intent.kind === 'topn' || prev.intent.kind === 'value') ? prev.intent.field : undefined;
      const cmpField = metrics.length ? undefined : (field ?? prevField);
      if (cmpField && cmpField in VALUE_FIELD_RANKABLE) return data({ kind: 'compare', metrics: [], other: b, field: cmpField as never }, a);
      const prevMetrics = prev?.intent.kind === 'summary' ? prev.intent.metrics : null;
      const basis = metrics.length ? metrics : prevMetrics && followUp ? prevMetrics : hasQual ? ['calls_received' as SummaryMetric] : prevMetrics ?? COMPARE_DEFAULT;
      return data({ kind: 'compare', metrics: basis, other: b }, a);
    }
  }

  if (TREND_RE.test(rest)) {
    const metric = metrics[0] ?? (prev && followUp && prev.intent.kind === 'trend' ? prev.intent.metric : 'calls_received');
    return data({ kind: 'trend', metric });
  }

  const busiest = busiestIntent(rest, metrics);
  if (busiest) return data(busiest);

  if (SERIES_RE.test(rest) && !PERSONA_RE.test(rest) && !field) {
    const metric = metrics.find((m) => seriesOf(m)) ?? (metrics.length ? null : 'calls_received');
    if (metric) return data({ kind: 'timeseries', metric, bucket: bucketIn(rest) });
    return chat('breakdown');
  }

  // Personas: calls per persona ("which persona gets the most calls", "persona breakdown").
  if (PERSONA_RE.test(rest) && !metrics.some((m) => m !== 'calls_received')) return data({ kind: 'topn', field: 'persona', n: topNumber(rest) ?? TOPN_DEFAULT });

  // A figure broken down by something no tool breaks it down by ("hook rate by brand").
  const breakdown = /\b(?:per|by|for each|broken down by|split by|across) (?:brand|bank|state|persona|lure|scam type|payment method|agency|caller|category|company)s?\b/.test(rest);
  if (breakdown && metrics.some((m) => m !== 'calls_received')) return chat('breakdown');

  if (SHARE_RE.test(rest) || (/\b(?:share|percent(?:age)?|proportion|fraction|%)\b/.test(rest) && (hasQual || metrics.length))) {
    const m = metrics.find((x) => x !== 'calls_received' && x !== 'hook_rate') ?? null;
    if (m || hasQual) return data({ kind: 'share', metric: m });
    if (metrics.includes('hook_rate')) return data({ kind: 'summary', metrics: ['hook_rate'] });
  }

  if (DISCONNECT_RE.test(rest) && !metrics.includes('cleanly_closed')) return data({ kind: 'disconnects', reason: reasonIn(rest) });

  // Geography: one state's count, or calls per state (of the other filters).
  const onlyState = own.caller_state?.length === 1 && !mentions.length && !own.q && !own.caller_origin && !own.tier && own.hooked === undefined && own.min_duration_sec === undefined && own.max_duration_sec === undefined;
  if (onlyState && (isCount || /\b(?:from|calls?)\b/.test(text)) && !isList && !field && metrics.every((m) => m === 'calls_received')) {
    return data({ kind: 'geo', state: own.caller_state![0] });
  }
  if (GEO_RE.test(rest) && !field && !own.caller_origin) return data({ kind: 'geo', state: null });

  // Tier-1 listings (financial intel); a count alone is a summary figure.
  if ((/\btier 1\b/.test(rest) && isList && !isCount) || (TIER_LIST_RE.test(rest) && !isCount && !metrics.length)) {
    const only = tier1FilterIn(rest);
    return data({ kind: 'tier1', limit: only ? TIER1_SCAN : listLimit(rest, TIER1_LIMIT, 100), ...(only ? { only } : {}) });
  }

  if (WHICH_CALL_RE.test(rest) && metrics.includes('max_call_duration_sec')) return data({ kind: 'longest' });
  if (/\b(?:which|what) (?:was|is|were) the longest calls?\b/.test(rest) || (WHICH_CALL_RE.test(rest) && /\blongest\b/.test(rest))) {
    return data({ kind: 'longest' });
  }

  // Calls by transcript text, by filters, or just "the latest calls".
  const listing = isList && /\bcalls?\b|\bones\b/.test(rest) && !field && metrics.every((m) => LISTABLE.includes(m));
  if (own.q || listing) {
    if (isCount && !isList) return data({ kind: 'calls', count: true });
    return data({ kind: 'calls', count: isCount });
  }

  // One value's count: "how many calls impersonated PayPal?", "how many IRS scams?".
  const single = mentions.length === 1 && !Object.keys(own).length && !(carries && Object.keys(prev?.filters ?? {}).length) ? mentions[0] : null;
  if (single && !field && isCount && !metrics.some((m) => m !== 'calls_received')) {
    const f = rankable(single.fields[0]);
    if (f) {
      mentions = [];
      return data({ kind: 'value', field: f, value: single.typed });
    }
  }

  if (field && !(metrics.length && !/\b(?:top|most|which|what|common|frequent|popular|rank|ranking|list|show|leading|main|by)\b/.test(rest))) {
    return data({ kind: 'topn', field, n: topNumber(rest) ?? TOPN_DEFAULT });
  }

  if (NOT_HOOKED_RE.test(rest)) return data({ kind: 'summary', metrics: ['calls_received', 'hooked_calls'], notHooked: true });
  if (WHICH_CALL_RE.test(rest) && metrics.length) return chat('which_call');
  if (metrics.length) return data({ kind: 'summary', metrics });
  if (OVERVIEW_RE.test(rest) && !(req.contextCallSid && CALLISH_RE.test(rest))) return data({ kind: 'summary', metrics: hasQual ? ['calls_received', 'hooked_calls', 'hook_rate', 'tier1_calls', 'total_dollars_asked'] : OVERVIEW });

  // Follow-ups that only change the window, the filters or the value: "and last month?", "what about PayPal?".
  if (prev && (followUp || named || shift)) {
    const about = /^(?:and |so )?(?:what|how) about(?: (.+))?$/.exec(rest) ?? /^and(?: (.+))?$/.exec(rest) ?? /^(?:only|just)(?: (.+))?$/.exec(rest);
    if (about && mentions.length === 1 && !named && !shift && (prev.intent.kind === 'topn' || prev.intent.kind === 'value') && prev.intent.field in VALUE_FIELD_RANKABLE) {
      const m = mentions[0];
      mentions = [];
      return data({ kind: 'value', field: prev.intent.field as never, value: m.typed }, window, {});
    }
    const value = about?.[1]?.trim();
    if (value && !named && !shift && !hasQual) {
      const st = stateIn(value, question);
      if (prev.intent.kind === 'geo' || st) return data({ kind: 'geo', state: st ?? value.toUpperCase() });
      const reason = reasonIn(value);
      if (prev.intent.kind === 'disconnects' && reason) return data({ kind: 'disconnects', reason });
      // An unknown word after "what about": a value of the field the previous answer was about.
      const guess: ValueField = prev.intent.kind === 'topn' || prev.intent.kind === 'value' ? ((prev.intent.field in VALUE_FIELD_RANKABLE ? prev.intent.field : 'impersonated_brand') as ValueField) : 'impersonated_brand';
      mentions = [{ typed: value, fields: [guess] }];
      if (prev.intent.kind === 'topn' || prev.intent.kind === 'value') {
        mentions = [];
        return data({ kind: 'value', field: guess as never, value });
      }
    }
    if (named || shift || hasQual || /^(?:and|what about|how about|same|only|just)\b/.test(text)) {
      const it = prev.intent;
      if (it.kind === 'compare') {
        return data(it.field ? { kind: 'topn', field: it.field, n: TOPN_DEFAULT } : { kind: 'summary', metrics: it.metrics });
      }
      return data(it);
    }
  }

  if (req.contextCallSid && !named) return data({ kind: 'call', sid: req.contextCallSid });
  const chartTopic = chartIntent(req.contextChartId);
  if (chartTopic && (CALLISH_RE.test(rest) || /\b(?:chart|this|explain|show|tell|panel|mean)\b/.test(rest))) return data(chartTopic);

  // Only qualifiers: "amazon calls from texas?", "anything from canadian numbers": how many, and which.
  if (hasQual) return data({ kind: 'calls', count: true });

  if (GREETING_RE.test(text)) return chat('greeting');
  if (THANKS_RE.test(text)) return chat('thanks');
  if (HELP_RE.test(text)) return chat('help');
  return chat('decline');
}

/** Fields a value intent can count with get_topn. */
const VALUE_FIELD_RANKABLE: Record<string, true> = Object.fromEntries(
  ['impersonated_brand', 'impersonated_government_agency', 'lure_category', 'payment_method', 'mule_bank_name', 'gift_card_brand', 'crypto_chain', 'remote_desktop_app'].map((f) => [f, true]),
);

function rankable(f: ValueField | undefined): TopnField | null {
  return f && f in VALUE_FIELD_RANKABLE ? (f as TopnField) : null;
}

