// The built-in agent: a deterministic planner. It reads the question (and the last turn's
// plan, for follow-ups), picks tool calls, runs them with the caller's principal and writes
// the answer from their results only (compose.ts). Nothing here calls a network service.
//
// Pipeline: normalise → find time phrases → classify into one intent (or a chat reply) →
// run tools → compose. Every number in an answer is printed from a tool result of this request.

import type { DisconnectReason } from '../domain/call.js';
import type { RangeObject } from '../domain/window.js';
import type { CallSummary } from '../storage/queries/calls.js';
import type { Summary } from '../storage/queries/summary.js';
import type { TimeseriesPoint } from '../storage/queries/timeseries.js';
import type { TopnField } from '../storage/queries/topn.js';
import { groundedSids, type Agent, type AgentOutcome, type AgentRequest, type ToolRunner } from './agent.js';
import { changeClause, fmtKind, fmtSec, SERIES_LABELS, SUMMARY_METRICS, type SummaryMetric } from './answer.js';
import {
  agree,
  bucketFor,
  cap,
  composeActive,
  composeCall,
  composeCalls,
  composeCompare,
  composeDisconnects,
  composeGeo,
  composeSeries,
  composeSummary,
  composeTier1,
  composeTopn,
  composeTopnCompare,
  composeValue,
  direction,
  errorAnswer,
  halvesOf,
  metricSource,
  windowInline,
  windowSplit,
  type Composed,
  type Halves,
} from './compose.js';
import {
  COMPARE_DEFAULT,
  COUNT_LIMIT,
  LOOKUP_N,
  OVERVIEW,
  SEARCH_LIMIT,
  TIER1_LIMIT,
  TIER1_SCAN,
  TOPN_DEFAULT,
  VALUE_FILTER_FIELDS,
  type Bucket,
  type ChatReply,
  type Intent,
  type Plan,
  type PlannerState,
  type SearchFilters,
  type Tier1Filter,
} from './intents.js';
import type { StoredTurn } from './turns.js';
import { findWindows, shiftBack, SHIFT_BACK_RE, windowArgs, type WindowSpec } from './timePhrases.js';
import {
  DISCONNECT_PATTERNS,
  FIELD_PATTERNS,
  METRIC_PATTERNS,
  STATE_CODES,
  STATE_NAME_RE,
  STATES,
  WEAK_CALLS_RE,
} from './vocabulary.js';

export type { PlannerState } from './intents.js';

// ---------------------------------------------------------------------------------------------
// reading the question

export function normalise(question: string): string {
  return question
    .toLowerCase()
    .replace(/[‘’`]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/\btier[\s-]*(?:1|one|i)\b/g, 'tier 1')
    .replace(/\btier[\s-]*(?:2|two|ii)\b/g, 'tier 2')
    .replace(/\btier[\s-]*(?:3|three|iii)\b/g, 'tier 3')
    .replace(/\bt([123])\b/g, 'tier $1')
    .replace(/[?!,;()[\]{}]/g, ' ')
    .replace(/\.(?=\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function lastState(history: StoredTurn[]): PlannerState | null {
  for (let i = history.length - 1; i >= 0; i--) {
    const c = history[i].context as PlannerState | null;
    if (c && typeof c === 'object' && c.planner === 1 && c.intent && c.window) return c;
  }
  return null;
}

function metricsIn(text: string): SummaryMetric[] {
  const found: Array<{ m: SummaryMetric; at: number }> = [];
  const taken: Array<[number, number]> = [];
  for (const [metric, re] of METRIC_PATTERNS) {
    const g = new RegExp(re.source, 'g');
    let m: RegExpExecArray | null;
    while ((m = g.exec(text))) {
      const s = m.index;
      const e = s + m[0].length;
      if (taken.some(([a, b]) => s < b && e > a)) continue;
      taken.push([s, e]);
      if (!found.some((f) => f.m === metric)) found.push({ m: metric, at: s });
    }
  }
  const metrics = found.sort((a, b) => a.at - b.at).map((f) => f.m);
  if (metrics.length === 0 && WEAK_CALLS_RE.test(text)) metrics.push('calls_received');
  return metrics;
}

function fieldIn(text: string): TopnField | null {
  for (const [field, re] of FIELD_PATTERNS) if (re.test(text)) return field;
  return null;
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, fifteen: 15, twenty: 20,
};

function topNumber(text: string): number | null {
  const m = /\btop (\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty)\b/.exec(text) ??
    /\b(\d{1,2}|three|four|five|six|seven|eight|nine|ten) (?:most|biggest|largest|top|leading|main)\b/.exec(text);
  if (!m) return null;
  const n = /^\d+$/.test(m[1]) ? Number(m[1]) : NUMBER_WORDS[m[1]];
  return n >= 1 && n <= 50 ? n : null;
}

function listLimit(text: string, def: number, max: number): number {
  const m = /\b(?:last|latest|newest|recent|most recent|first|top|show(?: me)?|list) (\d{1,3})\b/.exec(text);
  if (!m) return def;
  const n = Number(m[1]);
  return n >= 1 && n <= max ? n : def;
}

function bucketIn(text: string): Bucket | null {
  if (/\b15 ?min(?:ute)?s?\b|\bquarter[- ]hour/.test(text)) return '15min';
  if (/\b(?:per|by|each|every) hour\b|\bhourly\b|\bhour by hour\b/.test(text)) return 'hour';
  if (/\b(?:per|by|each|every) week\b|\bweekly\b|\bweek by week\b/.test(text)) return 'week';
  if (/\b(?:per|by|each|every) day\b|\bdaily\b|\bday by day\b/.test(text)) return 'day';
  return null;
}

const SID_RE = /\b(CA[0-9a-fA-F]{32})\b/;
const CALL_TOKEN_RE = /\bcall(?: sid| id)?\s*[:#]?\s*([A-Za-z0-9_-]{3,64})\b/i;

function sidIn(question: string): string | null {
  const m = SID_RE.exec(question);
  if (m) return m[1];
  const t = CALL_TOKEN_RE.exec(question);
  if (t && /\d/.test(t[1]) && /[A-Za-z_]/.test(t[1]) && !/^\d{4}-\d{2}-\d{2}/.test(t[1]) && !/^\d+[hdw]$/i.test(t[1])) return t[1];
  return null;
}

// Phrases whose meaning the planner must not stretch.
const OTHER_ORGS_RE =
  /\b(?:every|all|other|another|each|any|someone else's) (?:organi[sz]ation|org|tenant|customer|client|compan(?:y|ie))s?(?:'s?|')? (?:calls|data|numbers|figures|records)\b|\b(?:every|all|other|another) (?:organi[sz]ations?|orgs?|tenants?|customers?)\b|\bcross[- ]tenant\b|\boutside (?:my|our|this|the) (?:slice|scope|org|organi[sz]ation)\b|\b(?:ignore|disregard|forget) (?:all |any |your |the )?(?:previous |prior |above )?(?:instructions|rules|restrictions)\b/;
const FUTURE_RE =
  /\btomorrow\b|\bnext (?:hour|day|week|month|year|quarter)\b|\bforecast(?:s|ing)?\b|\bpredict(?:ion|ions|ed)?\b|\bwill (?:we|there|they|it|scammers|calls) (?:get|be|receive|see|call|go|rise|fall|increase|decrease)\b|\bin the future\b|\bprojected\b/;
const MUTATE_RE =
  /\b(?:delete|remove|erase|wipe|drop|truncate|insert|update|modify|edit|change|reset) (?:the |all |every |this |these |my |our |a )?(?:calls?|data|records?|rows?|tables?|database|sessions?|keys?|transcripts?)\b/;
const GREETING_RE =
  /^(?:hi|hello|hey|hiya|howdy|yo|hallo|greetings|good (?:morning|afternoon|evening|day))(?: there| agent| team| honeypot| bot)?(?: how are you(?: doing)?)?$|^how are you(?: doing| today)?$|^what'?s up$/;
const THANKS_RE = /^(?:thanks?(?: you)?(?: so much| a lot| very much)?|thx|ty|cheers|great|perfect|awesome|nice|cool|ok(?:ay)?|got it|understood|bye|goodbye)(?: thanks?| thank you)?$/;
const HELP_RE =
  /\bwhat (?:can|could|do) (?:you|i) (?:do|ask|help with|answer)\b|^help(?: me)?$|\bhow (?:do|does) (?:this|it|you) work\b|\bwhat do you know\b|\bwho are you\b|\bwhat are you\b|\bwhat kind of questions\b|\bhow can you help\b/;

const FOLLOW_UP_RE =
  /^(?:and|also|plus|ok(?:ay)? and|so|then|but|now)\b|^(?:what|how) about\b|^same\b|\b(?:those|these|them|that one|same (?:period|window|time))\b|^(?:for|in) /;
const COMPARE_RE =
  /\bcompar(?:e|ed|ing|ison)\b|\bvs\b|\bversus\b|\brelative to\b|\bdifference between\b|\b(?:more|fewer|less|higher|lower|better|worse) than\b|\bagainst\b/;
const TREND_RE =
  /\btrend(?:s|ing)?\b|\bgoing (?:up|down)\b|\b(?:getting|receiving|seeing) (?:more|fewer|less)\b|\b(?:increas|decreas|ris|fall|grow|declin|improv|worsen|climb|shrink)ing\b|\bup or down\b|\bgetting (?:better|worse|higher|lower|bigger|smaller)\b|\bon the rise\b|\bdirection\b|\bover the course\b/;
const SERIES_RE =
  /\b(?:per|by|each|every) (?:day|hour|week)\b|\b(?:daily|hourly|weekly)\b|\bday by day\b|\bhour by hour\b|\bweek by week\b|\bover time\b|\btime ?series\b|\bper 15 ?min(?:ute)?s?\b|\bevery 15 ?min(?:ute)?s?\b|\bbucket(?:s|ed)?\b/;
const ACTIVE_RE =
  /\bright now\b|\bcurrently\b|\bat the moment\b|\bat this moment\b|\bas we speak\b|\b(?:active|live|ongoing|in[- ]progress) (?:calls?|sessions?|conversations?)\b|\bon the (?:line|phone) now\b|\bhappening now\b|\bin progress\b|\bongoing\b|\bare active\b|\bis active\b/;
const GEO_RE =
  /\bwhere (?:are|were|do|did|is)\b.*\b(?:from|calling|located|based|coming)\b|\bwhich states?\b|\bwhat states?\b|\bstates?\b|\barea codes?\b|\bgeo(?:graph(?:y|ic|ical|ically))?\b|\blocations?\b|\bregions?\b|\bcalling from\b|\bcome from\b|\bcoming from\b|\bmap\b/;
const DISCONNECT_RE =
  /\bdisconnect(?:s|ed|ion|ions)?\b|\bhung? ?up\b|\bhang ?ups?\b|\bwhy (?:did|do|are|were) (?:the |our )?calls? (?:end|drop|stop|get cut|ending|dropping)\b|\bhow (?:did|do) (?:the )?calls? end\b|\bcalls? (?:ended|dropped|got cut)\b|\bdropped\b|\bwebsocket\b|\bvoice engine\b|\bcapped\b|\bsession caps?\b|\bend(?:ing)? reasons?\b|\breasons? (?:calls|for calls)\b|\bwhy calls end\b/;
const TIER_LIST_RE =
  /\bmule accounts?\b|\baccounts?\b|\bbank accounts?\b|\baccount numbers?\b|\bcrypto wallets?\b|\bwallet addresses\b|\bwallets?\b|\bfinancial (?:extractions?|intel|data|details|rows)\b|\bdrop address(?:es)?\b|\bmule (?:drop )?address(?:es)?\b|\baccount holders?\b/;
const LIST_VERB_RE =
  /\b(?:show|list|which|what are|what were|give me|display|latest|newest|recent|most recent|table|rows|details|see|get me|find|pull up|who are)\b/;
const COUNT_RE = /\bhow many\b|\bnumber of\b|\bcount\b|\bhow often\b/;
const OVERVIEW_RE =
  /\boverview\b|\bsummary\b|\bsummari[sz]e\b|\bstats\b|\bstatistics\b|\bkpis?\b|\bheadline(?: figures| numbers)?\b|\bhow (?:are|were|is|was) (?:we|things|it|the honeypot) (?:doing|going|looking)\b|\bhow did (?:we|it|the honeypot) do\b|\bdashboard\b|\bnumbers\b|\bfigures\b|\bmetrics\b|\bwhat happened\b|\bhow busy\b|\bbreakdown\b|\bwhat'?s (?:going on|happening|new)\b|\bwhat is (?:going on|happening)\b/;
const CALLISH_RE =
  /\bthis call\b|\bthe call\b|\bthat call\b|\bthis one\b|\bwhat happened\b|\bsummar(?:y|ise|ize)\b|\btranscript\b|\bwhat did (?:they|the caller|the scammer|he|she)\b|\bwho (?:was|were|is) (?:they|the caller|calling)\b|\bintel\b|\bextract|\bwhat was (?:said|asked)\b|\bit\b/;
const TIER_FOLLOW_RE = /\b(?:which|how many|what|show|list)\b.*\b(?:of )?(?:those|them|these)\b.*\btier ([123])\b|\btier ([123])\b.*\b(?:of )?(?:those|them|these)\b|^(?:and |what about |how about |only )?(?:the )?tier ([123])(?: ones| calls)?$/;
const PERSONA_RE = /\bpersonas?\b/;
const OUTSIDE_US_RE =
  /\b(?:from|in) (?:canada|mexico|india|nigeria|pakistan|the philippines|philippines|jamaica|the uk|uk|the united kingdom|england|europe|asia|africa|overseas|abroad|another country|other countries|outside the us|outside the united states)\b|\binternational (?:calls|numbers|callers)\b|\bforeign (?:calls|numbers|callers)\b|\btoll[- ]free\b/;
const NOT_HOOKED_RE = /\bnot hooked\b|\bunhooked\b|\bweren'?t hooked\b|\bdidn'?t (?:get )?hook/;
const WHICH_CALL_RE = /\bwhich (?:call|one)\b|\bwhat call\b/;

function stateIn(text: string, question: string): string | null {
  const named = STATE_NAME_RE.exec(text);
  if (named) return STATES[named[1]];
  // Two-letter codes only as typed in capitals ("calls from TX"): "in", "or", "me" are words.
  const code = /\b(?:from|in|state)\s+([A-Z]{2})\b/.exec(question);
  if (code && STATE_CODES.has(code[1])) return code[1];
  return null;
}

const NOT_A_BANK = new Set(['mule', 'bank', 'the', 'any', 'all', 'which', 'what', 'these', 'those', 'their', 'scam', 'scammer', 'scammers', 'new', 'extracted', 'list', 'show', 'me', 'of', 'a', 'an']);

function tier1FilterIn(text: string): Tier1Filter | null {
  if (/\b(?:crypto )?wallets?\b|\bwallet addresses\b/.test(text)) return { kind: 'crypto' };
  if (/\bdrop address(?:es)?\b|\bmule (?:drop )?address(?:es)?\b/.test(text)) return { kind: 'drop' };
  // The word right before "account": "the Chase account", "TD bank accounts", "Wells Fargo account".
  const named = /\b([a-z][a-z.&']*) (?:bank )?accounts?\b/.exec(text);
  if (named && !NOT_A_BANK.has(named[1])) return { kind: 'bank', value: named[1] };
  if (/\bbank accounts?\b|\baccount (?:numbers?|holders?)\b|\bmule accounts?\b/.test(text)) return { kind: 'bank' };
  return null;
}

function reasonIn(text: string): DisconnectReason | null {
  for (const [reason, re] of DISCONNECT_PATTERNS) if (re.test(text)) return reason;
  return null;
}

const STOP_VALUES = new Set([
  'the', 'a', 'an', 'most', 'the most', 'more', 'less', 'least', 'often', 'frequently', 'brands', 'brand', 'companies', 'company',
  'by', 'them', 'us', 'you', 'it', 'that', 'this', 'what', 'which', 'who', 'whom', 'and', 'or', 'calls', 'call', 'any', 'anyone',
  'someone', 'banks', 'agencies', 'the government', 'government', 'most often', 'most frequently', 'is', 'was', 'were',
]);

/** Trims a value typed after a cue: articles, trailing "calls"/"scams", quotes, time words. */
function cleanValue(raw: string): string | null {
  let v = raw
    .replace(/^["']|["']$/g, '')
    .replace(/^(?:the|a|an|from)\s+/, '')
    .replace(/\s+(?:calls?|scams?|ones?|brand|in total|so far|please|now)$/, '')
    .trim();
  v = v.replace(/^["']|["']$/g, '').trim();
  if (v.length < 2 || v.length > 100 || STOP_VALUES.has(v)) return null;
  return v;
}

const VALUE_END = '(?=\\s+(?:in|during|over|since|between|from|this|last|today|yesterday|on|so far|and|or|with|for|calls?|scams?)\\b|$)';

/** A brand named with an impersonation cue: "impersonating PayPal", "pretending to be the IRS". */
function brandValueIn(text: string): string | null {
  const res = [
    new RegExp(`\\bimpersonat(?:ed|ing|e|es)\\s+(?:by\\s+)?(.+?)${VALUE_END}`),
    new RegExp(`\\b(?:pretend(?:ed|ing|s)?|claim(?:ed|ing|s)?|purport(?:ed|ing)?) to be (?:from\\s+)?(.+?)${VALUE_END}`),
    new RegExp(`\\bposing as\\s+(.+?)${VALUE_END}`),
    new RegExp(`\\b(?:was|is|were)\\s+(.+?)\\s+impersonated\\b`),
  ];
  for (const re of res) {
    const m = re.exec(text);
    if (m) {
      const v = cleanValue(m[1]);
      if (v && !/\b(?:brand|compan|agenc|bank)/.test(v)) return v;
    }
  }
  return null;
}

/** "Apple gift cards", "Bitcoin", "Zelle payments": a value of a field named right after it. */
function fieldValueIn(text: string): { field: TopnField; value: string } | null {
  const gift = /\b([a-z0-9&'. -]{2,40}?) gift ?cards?\b/.exec(text);
  if (gift) {
    const v = cleanValue(gift[1].replace(/^.*\b(?:with|using|for|of|used|asked|many|about|mention(?:ing)?|in)\s+/, ''));
    if (v && !/^(?:how|which|what|many|top|most|the|any)$/.test(v)) return { field: 'gift_card_brand', value: v };
  }
  const lure = /\b(?:how many|number of|count of)\s+([a-z_ ]{3,40}?)\s+(?:scams?|lures?)\b/.exec(text);
  if (lure) {
    const v = cleanValue(lure[1]);
    if (v && !/^(?:calls?|the|of|types?|kinds?)$/.test(v)) return { field: 'lure_category', value: v.replace(/\s+/g, '_').toUpperCase() };
  }
  return null;
}

function quotedIn(question: string): string | null {
  const m = /["“'‘]([^"”'’]{2,200})["”'’]/.exec(question);
  return m ? m[1].trim() : null;
}

/** The transcript text a question looks for ("calls mentioning bitcoin"). */
function transcriptQueryIn(text: string, question: string): string | null {
  const cue =
    /\b(?:calls?|transcripts?|conversations?)\s+(?:that\s+|which\s+|where\s+(?:the\s+)?(?:caller|scammer|they|someone|anyone|he|she)\s+)?(?:mention(?:s|ed|ing)?|say(?:s|ing)?|said|contain(?:s|ed|ing)?|talk(?:s|ed|ing)?\s+about|include(?:s|d)?|with the (?:word|phrase)|about|referenc(?:e|es|ed|ing))\s+(.+)$/.exec(
      text,
    ) ??
    /\b(?:search|look|find)\s+(?:for\s+|up\s+)?(?:calls?\s+|transcripts?\s+)?(?:mentioning|containing|with|about|for)?\s*(.+)$/.exec(text) ??
    /\b(?:who|which callers?)\s+(?:mentioned|said|talked about)\s+(.+)$/.exec(text) ??
    /\b(?:what|anything)\s+(?:did|do|have)\s+(?:the\s+)?(?:scammers?|callers?|they|people)\s+(?:say|said|mention(?:ed)?|tell us)\s+about\s+(.+)$/.exec(text);
  if (!cue) return null;
  const quoted = quotedIn(question);
  if (quoted) return quoted.toLowerCase();
  let v = cue[1]
    .replace(/\s+(?:in|during|over|since|from)\s+(?:the\s+)?(?:transcripts?|calls?)$/, '')
    .replace(/\s+(?:in\s+(?:the\s+)?transcripts?)$/, '')
    .replace(/^(?:the\s+(?:word|phrase)\s+)/, '')
    .replace(/^(?:a|an|the)\s+/, '')
    .trim();
  v = v.replace(/^["']|["']$/g, '').trim();
  // "refunds" finds "refund" too: a substring search on the singular.
  if (/^[a-z ]{4,}[^s]s$/.test(v)) v = v.slice(0, -1);
  return v.length >= 2 ? v : null;
}

function durationFilters(text: string): Pick<SearchFilters, 'min_duration_sec' | 'max_duration_sec'> {
  const out: Pick<SearchFilters, 'min_duration_sec' | 'max_duration_sec'> = {};
  const unit = (u: string) => (u.startsWith('m') ? 60 : u.startsWith('h') ? 3600 : 1);
  const longer = /\b(?:longer|more) than (\d{1,5}) (seconds?|secs?|minutes?|mins?|hours?)\b/.exec(text);
  const atLeast = /\bat least (\d{1,5}) (seconds?|secs?|minutes?|mins?|hours?)\b/.exec(text);
  const shorter = /\b(?:shorter|less) than (\d{1,5}) (seconds?|secs?|minutes?|mins?|hours?)\b/.exec(text);
  const atMost = /\b(?:at most|no more than|up to) (\d{1,5}) (seconds?|secs?|minutes?|mins?|hours?)\b/.exec(text);
  if (longer) out.min_duration_sec = Math.min(86_400, Number(longer[1]) * unit(longer[2]) + 1);
  if (atLeast) out.min_duration_sec = Math.min(86_400, Number(atLeast[1]) * unit(atLeast[2]));
  if (shorter) out.max_duration_sec = Math.max(0, Number(shorter[1]) * unit(shorter[2]) - 1);
  if (atMost) out.max_duration_sec = Math.min(86_400, Number(atMost[1]) * unit(atMost[2]));
  return out;
}

/** Figures that, with a list verb, describe which calls to list rather than a number to give. */
const LISTABLE: SummaryMetric[] = ['calls_received', 'hooked_calls', 'tier1_calls', 'tier2_calls', 'tier3_calls'];

/** Intents over a window that a "which of those were tier N?" can narrow. */
function tierFollowUp(prev: PlannerState, tier: number): Intent | ChatReply {
  const it = prev.intent;
  switch (it.kind) {
    case 'calls':
      return { kind: 'calls', filters: { ...it.filters, tier: [tier] }, count: false };
    case 'value':
      if ((VALUE_FILTER_FIELDS as readonly string[]).includes(it.field)) {
        return { kind: 'calls', filters: { [it.field]: [it.value], tier: [tier] }, count: false };
      }
      break;
    case 'geo':
      if (it.state) return { kind: 'calls', filters: { caller_state: [it.state], tier: [tier] }, count: false };
      break;
    case 'call':
      return it;
    case 'active':
      return 'live_tier';
    default:
      break;
  }
  return tier === 1 ? { kind: 'tier1', limit: TIER1_LIMIT } : { kind: 'calls', filters: { tier: [tier] }, count: false };
}

const THOSE_RE = /\b(?:those|them|these)\b/;

/** The calls behind a previous answer, as a listing. */
function listingOf(it: Intent): Intent | null {
  switch (it.kind) {
    case 'calls':
      return { ...it, count: false };
    case 'tier1':
    case 'active':
    case 'call':
      return it;
    case 'value':
      if ((VALUE_FILTER_FIELDS as readonly string[]).includes(it.field)) return { kind: 'calls', filters: { [it.field]: [it.value] }, count: false };
      if (it.field === 'mule_bank_name') return { kind: 'tier1', limit: TIER1_SCAN, only: { kind: 'bank', value: it.value } };
      return null;
    case 'geo':
      return { kind: 'calls', filters: it.state ? { caller_state: [it.state] } : {}, count: false };
    case 'summary': {
      if (it.metrics.length === 1 && it.metrics[0] === 'tier1_calls') return { kind: 'tier1', limit: TIER1_LIMIT };
      const tiers = it.metrics.flatMap((m) => (m === 'tier2_calls' ? [2] : m === 'tier3_calls' ? [3] : []));
      const filters: SearchFilters = {};
      if (tiers.length && tiers.length === it.metrics.length) filters.tier = tiers;
      if (it.metrics.length === 1 && it.metrics[0] === 'hooked_calls') filters.hooked = true;
      if (it.notHooked) filters.hooked = false;
      return { kind: 'calls', filters, count: false };
    }
    default:
      return { kind: 'calls', filters: {}, count: false };
  }
}

/** A chart id like "timeseries:hook_rate" or "topn-impersonated_brand" as a topic. */
function chartIntent(chartId: string | null): Intent | null {
  if (!chartId) return null;
  const id = chartId.toLowerCase().replace(/[^a-z0-9]+/g, '_');
  for (const [metric, info] of Object.entries(SUMMARY_METRICS) as Array<[SummaryMetric, (typeof SUMMARY_METRICS)[SummaryMetric]]>) {
    if (info.series && id.includes(info.series) && /timeseries|series|trend|chart/.test(id)) {
      return { kind: 'timeseries', metric, bucket: null };
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

const seriesOf = (m: SummaryMetric) => SUMMARY_METRICS[m].series;

export function planQuestion(req: AgentRequest, prev: PlannerState | null, now: Date): Plan {
  const question = req.question;
  const text = normalise(question);
  const windows = findWindows(text, now);
  let rest = text;
  for (const w of [...windows].reverse()) rest = `${rest.slice(0, w.index)} ${rest.slice(w.index + w.length)}`;
  rest = rest.replace(/\s+/g, ' ').trim();

  const shift = SHIFT_BACK_RE.test(rest);
  if (shift) rest = rest.replace(new RegExp(SHIFT_BACK_RE.source, 'g'), ' ').replace(/\s+/g, ' ').trim();
  const followUp = prev !== null && (FOLLOW_UP_RE.test(text) || windows.length > 0 || shift) && rest.split(' ').length <= 8;
  const defaultSpec: WindowSpec = { kind: 'range', range: req.dashboardRange };
  const named = windows[0]?.spec ?? null;
  let window: WindowSpec = named ?? (prev && (followUp || FOLLOW_UP_RE.test(text)) ? prev.window : defaultSpec);
  if (shift && prev && !named) window = shiftBack(prev.window, now);
  const data = (intent: Intent, w: WindowSpec = window): Plan => ({ kind: 'data', intent, window: w });
  const chat = (reply: ChatReply): Plan => ({ kind: 'chat', reply });

  // Never stretched: other tenants, instructions, the future, writes.
  if (OTHER_ORGS_RE.test(text)) return chat('other_orgs');
  if (MUTATE_RE.test(text)) return chat('decline');
  if (FUTURE_RE.test(text)) return chat('future');

  // One call.
  const sid = sidIn(question);
  if (sid) return data({ kind: 'call', sid });
  if (req.contextCallSid && CALLISH_RE.test(rest) && !COUNT_RE.test(rest)) return data({ kind: 'call', sid: req.contextCallSid });

  const metrics = metricsIn(rest);
  const field = fieldIn(rest);
  const isCount = COUNT_RE.test(rest);
  const isList = LIST_VERB_RE.test(rest);

  // "which of those were tier 1?"
  const tf = TIER_FOLLOW_RE.exec(rest);
  if (tf && prev) {
    const tier = Number(tf[1] ?? tf[2] ?? tf[3]);
    const it = tierFollowUp(prev, tier);
    return typeof it === 'string' ? chat(it) : data(it, named ?? prev.window);
  }

  // "show me those calls": the calls behind the previous answer.
  if (prev && isList && THOSE_RE.test(rest) && metrics.every((m) => LISTABLE.includes(m)) && !field) {
    const it = listingOf(prev.intent);
    if (it) return data(it, named ?? prev.window);
  }

  if (ACTIVE_RE.test(rest)) return data({ kind: 'active' });

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
      if (cmpField) return data({ kind: 'compare', metrics: [], other: b, field: cmpField }, a);
      const base = metrics.length ? metrics : prev?.intent.kind === 'summary' ? prev.intent.metrics : COMPARE_DEFAULT;
      return data({ kind: 'compare', metrics: base, other: b }, a);
    }
  }

  if (TREND_RE.test(rest)) {
    const metric = metrics[0] ?? (prev && followUp && prev.intent.kind === 'trend' ? prev.intent.metric : 'calls_received');
    return data({ kind: 'trend', metric });
  }

  if (SERIES_RE.test(rest) && !PERSONA_RE.test(rest) && !field) {
    const metric = metrics.find((m) => seriesOf(m)) ?? (metrics.length ? null : 'calls_received');
    if (metric) return data({ kind: 'timeseries', metric, bucket: bucketIn(rest) });
    return chat('breakdown');
  }

  // A figure broken down by something no tool breaks it down by ("hook rate by brand").
  const breakdown = /\b(?:per|by|for each|broken down by|split by|across) (?:brand|bank|state|persona|lure|scam type|payment method|agency|caller|category|company)s?\b/.test(rest);
  if (breakdown && metrics.some((m) => m !== 'calls_received')) return chat('breakdown');
  if (PERSONA_RE.test(rest) && !ACTIVE_RE.test(rest)) return chat('breakdown');

  if (DISCONNECT_RE.test(rest) && !metrics.includes('cleanly_closed')) return data({ kind: 'disconnects', reason: reasonIn(rest) });

  if (OUTSIDE_US_RE.test(rest)) return chat('geo_outside');
  const state = stateIn(rest, question);
  if (state && (isCount || /\bfrom\b/.test(rest)) && !isList) return data({ kind: 'geo', state });
  if (GEO_RE.test(rest) && !field) return data({ kind: 'geo', state });

  // Tier-1 listings (financial intel); a count alone is a summary figure.
  if ((/\btier 1\b/.test(rest) && isList && !isCount) || (TIER_LIST_RE.test(rest) && !isCount)) {
    const only = tier1FilterIn(rest);
    return data({ kind: 'tier1', limit: only ? TIER1_SCAN : listLimit(rest, TIER1_LIMIT, 100), ...(only ? { only } : {}) });
  }

  if (WHICH_CALL_RE.test(rest) && metrics.includes('max_call_duration_sec')) return data({ kind: 'longest' });
  if (/\b(?:which|what) (?:was|is|were) the longest calls?\b/.test(rest) || (WHICH_CALL_RE.test(rest) && /\blongest\b/.test(rest))) {
    return data({ kind: 'longest' });
  }

  // Calls by transcript text, filters or just "the latest calls".
  const q = transcriptQueryIn(rest, question);
  const brandValue = brandValueIn(rest);
  const listing =
    isList &&
    /\bcalls?\b/.test(rest) &&
    (!field || (field === 'impersonated_brand' && brandValue !== null)) &&
    metrics.every((m) => LISTABLE.includes(m));
  if (q || listing) {
    const filters: SearchFilters = { ...durationFilters(rest) };
    if (q) filters.q = q;
    if (brandValue) filters.impersonated_brand = [brandValue];
    if (state) filters.caller_state = [state];
    const tier = /\btier ([123])\b/.exec(rest);
    if (tier) filters.tier = [Number(tier[1])];
    if (/\b(?:not|un)[- ]?hooked\b/.test(rest)) filters.hooked = false;
    else if (/\bhooked\b/.test(rest)) filters.hooked = true;
    return data({ kind: 'calls', filters, count: isCount });
  }

  // One value of a field: "how many calls impersonated PayPal?", "Apple gift cards".
  if (brandValue) {
    if (isList && !isCount) return data({ kind: 'calls', filters: { impersonated_brand: [brandValue] }, count: false });
    return data({ kind: 'value', field: 'impersonated_brand', value: brandValue });
  }
  const fv = fieldValueIn(rest);
  if (fv && isCount) return data({ kind: 'value', field: fv.field, value: fv.value });

  if (field && !(metrics.length && !/\b(?:top|most|which|what|common|frequent|popular|rank|ranking|list|show|leading|main|by)\b/.test(rest))) {
    return data({ kind: 'topn', field, n: topNumber(rest) ?? TOPN_DEFAULT });
  }

  if (NOT_HOOKED_RE.test(rest)) return data({ kind: 'summary', metrics: ['calls_received', 'hooked_calls'], notHooked: true });
  if (WHICH_CALL_RE.test(rest) && metrics.includes('max_call_duration_sec')) return data({ kind: 'longest' });
  if (WHICH_CALL_RE.test(rest) && metrics.length) return chat('which_call');
  if (metrics.length) return data({ kind: 'summary', metrics });
  if (OVERVIEW_RE.test(rest) && !(req.contextCallSid && CALLISH_RE.test(rest))) return data({ kind: 'summary', metrics: OVERVIEW });

  // Follow-ups that only change the window or the value: "and last month?", "what about PayPal?".
  if (prev && (followUp || named || shift)) {
    const about = /^(?:and |so )?(?:what|how) about (.+)$/.exec(rest) ?? /^and (.+)$/.exec(rest);
    const value = about ? cleanValue(about[1]) : null;
    if (value && !named && !shift) {
      const st = stateIn(value, question);
      if (prev.intent.kind === 'geo' || st) return data({ kind: 'geo', state: st ?? value.toUpperCase() });
      const reason = reasonIn(value);
      if (prev.intent.kind === 'disconnects' && reason) return data({ kind: 'disconnects', reason });
      if (prev.intent.kind === 'topn' || prev.intent.kind === 'value') {
        return data({ kind: 'value', field: prev.intent.field, value });
      }
      if (prev.intent.kind === 'calls') {
        const f = prev.intent.filters;
        const key = f.q !== undefined ? 'q' : VALUE_FILTER_FIELDS.find((k) => f[k] !== undefined);
        if (key === 'q') return data({ kind: 'calls', filters: { ...f, q: value }, count: prev.intent.count });
        if (key) return data({ kind: 'calls', filters: { ...f, [key]: [value] }, count: prev.intent.count });
      }
      return data({ kind: 'value', field: 'impersonated_brand', value });
    }
    if (named || shift || /^(?:and|what about|how about|same)\b/.test(text)) {
      const it = prev.intent;
      if (it.kind === 'compare') {
        return data(it.field ? { kind: 'topn', field: it.field, n: TOPN_DEFAULT } : { kind: 'summary', metrics: it.metrics });
      }
      return data(it);
    }
  }

  if (req.contextCallSid && !named) return data({ kind: 'call', sid: req.contextCallSid });
  const chartTopic = chartIntent(req.contextChartId);
  if (chartTopic && (CALLISH_RE.test(rest) || /\b(?:chart|this|explain|show|tell)\b/.test(rest))) return data(chartTopic);

  if (GREETING_RE.test(text)) return chat('greeting');
  if (THANKS_RE.test(text)) return chat('thanks');
  if (HELP_RE.test(text)) return chat('help');
  return chat('decline');
}

// ---------------------------------------------------------------------------------------------
// chat replies (no tool, one `none` source, and no digits: no number without a tool result)

const EXAMPLES =
  '"How many calls did we get this week?", "What is the hook rate over the last month?", "Which brands are impersonated most?", ' +
  '"How much money did they ask for yesterday?", "Where are they calling from?", "Show the latest tier-one calls", ' +
  '"How many calls are active right now?", "Compare this week with last week", "Is the hook rate going up?"';

const CHAT: Record<ChatReply, string> = {
  greeting: `Hello! I answer questions about the calls your honeypot received, from your own data. Try for example: ${EXAMPLES}.`,
  thanks: 'You are welcome. Ask me anything else about your honeypot calls.',
  help:
    'I answer questions about your honeypot calls using the same figures as the dashboard: counts, hook rate, call lengths, ' +
    'dollars asked and dangled, tiers, the most frequent brands, scam types, banks, gift cards, crypto chains and other intel, ' +
    `where callers are calling from, why calls ended, live calls, and single calls by their SID. For example: ${EXAMPLES}.`,
  decline: `I can't answer that from this data. I can answer questions about your honeypot calls, for example: ${EXAMPLES}.`,
  other_orgs:
    "I can't answer that from this data: I only read the calls your key can see (your organisation, and your key's slice of it), " +
    `and nothing in a question or a transcript changes that. For example, ask: ${EXAMPLES}.`,
  future: `I can't answer that from this data: it holds calls that already happened, so I can't predict future calls. For example, ask: ${EXAMPLES}.`,
  breakdown:
    "I can't answer that from this data: the figures I can read are not broken down that way. I can give a figure for a window, " +
    `a figure per day or hour, or the most frequent values of a field. For example: ${EXAMPLES}.`,
  live_tier:
    "I can't answer that from this data: live calls get their intel tier only once they have ended and been analysed. " +
    'Ask me about them again after they finish.',
  geo_outside:
    "I can't answer that from this data: caller geography covers US states and territories only (from the caller ID area code); " +
    'toll-free, Canadian and other non-US numbers are left out. Ask "Where are they calling from?" for the US breakdown.',
  which_call:
    "I can't answer that from this data: the figures are totals over a window and don't say which call a value came from. " +
    'Ask for the figure itself, list calls (for example the tier-one calls, or calls mentioning a word), or ask about one call by its SID.',
};

// ---------------------------------------------------------------------------------------------
// the agent

export class BuiltinAgent implements Agent {
  async ask(tools: ToolRunner, req: AgentRequest): Promise<AgentOutcome> {
    const now = tools.ctx.now;
    const prev = lastState(req.history);
    const plan = planQuestion(req, prev, now);
    if (plan.kind === 'chat') {
      return {
        answer: CHAT[plan.reply],
        referenced_call_sids: [],
        sources: [{ type: 'none', label: 'Conversational reply; no data was needed', ref: {} }],
        tokens_used: { input: 0, output: 0 },
        // A chat turn keeps the previous plan, so "and last month?" after "thanks" still works.
        context: prev,
      };
    }
    const composed = await execute(tools, plan.intent, plan.window, now);
    const state: PlannerState = { planner: 1, intent: plan.intent, window: plan.window };
    return {
      answer: composed.answer,
      referenced_call_sids: groundedSids(composed.sids, tools),
      sources: composed.sources,
      tokens_used: { input: 0, output: 0 },
      context: state,
    };
  }
}

async function execute(tools: ToolRunner, intent: Intent, spec: WindowSpec, now: Date): Promise<Composed> {
  const w = windowArgs(spec, now);
  switch (intent.kind) {
    case 'summary': {
      const rec = await tools.call('get_summary', w);
      return rec.ok ? composeSummary(spec, intent.metrics, rec, intent.notHooked) : errorAnswer(rec);
    }
    case 'compare': {
      if (intent.field) {
        const a = await tools.call('get_topn', { field: intent.field, n: LOOKUP_N, ...w });
        if (!a.ok) return errorAnswer(a);
        const b = await tools.call('get_topn', { field: intent.field, n: LOOKUP_N, ...windowArgs(intent.other, now) });
        if (!b.ok) return errorAnswer(b);
        return composeTopnCompare(spec, intent.other, intent.field, a, b);
      }
      const a = await tools.call('get_summary', w);
      if (!a.ok) return errorAnswer(a);
      const b = await tools.call('get_summary', windowArgs(intent.other, now));
      if (!b.ok) return errorAnswer(b);
      return composeCompare(spec, intent.other, intent.metrics, a, b);
    }
    case 'timeseries': {
      const metric = SUMMARY_METRICS[intent.metric].series ?? 'calls';
      const rec = await tools.call('get_timeseries', { metric, bucket: intent.bucket ?? bucketFor(spec, now), ...w });
      return rec.ok ? composeSeries(spec, metric, rec) : errorAnswer(rec);
    }
    case 'trend':
      return trend(tools, intent.metric, spec, now);
    case 'topn': {
      const rec = await tools.call('get_topn', { field: intent.field, n: intent.n, ...w });
      return rec.ok ? composeTopn(spec, rec) : errorAnswer(rec);
    }
    case 'value': {
      const rec = await tools.call('get_topn', { field: intent.field, n: LOOKUP_N, ...w });
      return rec.ok ? composeValue(spec, intent.field, intent.value, rec, LOOKUP_N) : errorAnswer(rec);
    }
    case 'tier1': {
      const rec = await tools.call('get_tier1', { limit: intent.limit, ...w });
      return rec.ok ? composeTier1(spec, rec, intent.only) : errorAnswer(rec);
    }
    case 'longest': {
      const sum = await tools.call('get_summary', w);
      if (!sum.ok) return errorAnswer(sum);
      const max = (sum.result as Summary).max_call_duration_sec;
      if (max === null) return composeSummary(spec, ['max_call_duration_sec'], sum);
      const rec = await tools.call('search_calls', { ...w, min_duration_sec: max, limit: SEARCH_LIMIT });
      if (!rec.ok) return errorAnswer(rec);
      const r = rec.result as { range: RangeObject; items: CallSummary[] };
      const rows = r.items.map((c) => `${c.call_sid} (started ${c.started_at}${c.impersonated_brand ? `, ${c.impersonated_brand}` : ''}, ${c.tier ? `tier-${c.tier}` : 'no tier'})`);
      return {
        answer: `The longest call ${windowInline(spec, r.range)} lasted ${fmtSec(max)}: ${rows.join('; ')}.`,
        sids: r.items.map((c) => c.call_sid),
        sources: [metricSource(sum), metricSource(rec)],
      };
    }
    case 'geo': {
      const rec = await tools.call('get_attacker_geo', w);
      return rec.ok ? composeGeo(spec, intent.state, rec) : errorAnswer(rec);
    }
    case 'disconnects': {
      const rec = await tools.call('get_disconnect_breakdown', w);
      return rec.ok ? composeDisconnects(spec, intent.reason, rec) : errorAnswer(rec);
    }
    case 'active': {
      const rec = await tools.call('get_active_calls', {});
      return rec.ok ? composeActive(rec) : errorAnswer(rec);
    }
    case 'calls': {
      const rec = await tools.call('search_calls', { ...intent.filters, ...w, limit: intent.count ? COUNT_LIMIT : SEARCH_LIMIT });
      return rec.ok ? composeCalls(spec, intent.filters, intent.count, rec) : errorAnswer(rec);
    }
    case 'call': {
      const rec = await tools.call('get_call', { call_sid: intent.sid });
      return rec.ok ? composeCall(rec) : errorAnswer(rec);
    }
  }
}

async function trend(tools: ToolRunner, metric: SummaryMetric, spec: WindowSpec, now: Date): Promise<Composed> {
  const info = SUMMARY_METRICS[metric];
  const w = windowArgs(spec, now);
  const series = info.series;
  if (!series) {
    // No per-bucket series for this figure: the two halves of the window, one summary each.
    const [a, b] = windowSplit(spec, now);
    const ra = await tools.call('get_summary', windowArgs(a, now));
    if (!ra.ok) return errorAnswer(ra);
    const rb = await tools.call('get_summary', windowArgs(b, now));
    if (!rb.ok) return errorAnswer(rb);
    const sa = ra.result as Summary & { range: RangeObject };
    const sb = rb.result as Summary & { range: RangeObject };
    const va = sa[metric] as number | null;
    const vb = sb[metric] as number | null;
    const f = (v: number | null) => (v === null ? 'none' : fmtKind(info.kind, v));
    const answer =
      `${cap(agree(info.label))} ${direction(va, vb)}: ${f(va)} in the first half (${sa.range.start_utc} to ${sa.range.end_utc}) ` +
      `vs ${f(vb)} in the second half (${sb.range.start_utc} to ${sb.range.end_utc}); change ${changeClause(info.kind, va, vb)}.`;
    return { answer, sids: [], sources: [metricSource(ra), metricSource(rb)] };
  }
  const bucket = bucketFor(spec, now);
  const rec = await tools.call('get_timeseries', { metric: series, bucket, ...w });
  if (!rec.ok) return errorAnswer(rec);
  const r = rec.result as { range: RangeObject; points: TimeseriesPoint[] };
  const sources = [metricSource(rec)];
  let halves: Halves | null;
  // Rates and averages are weighted by each bucket's calls, so a half's value is its true rate.
  if (series === 'hook_rate' || series === 'avg_duration_sec') {
    const calls = await tools.call('get_timeseries', { metric: 'calls', bucket, ...w });
    if (!calls.ok) return errorAnswer(calls);
    sources.push(metricSource(calls));
    halves = halvesOf(r.points, (calls.result as { points: TimeseriesPoint[] }).points, 'weighted');
  } else {
    halves = halvesOf(r.points, null, 'sum');
  }
  const inline = windowInline(spec, r.range);
  if (!halves) {
    return { answer: `The window ${inline} has a single ${bucket} bucket, too short to show a trend.`, sids: [], sources };
  }
  const kind = info.kind;
  const f = (v: number | null) => (v === null ? 'none (no calls)' : fmtKind(kind, v));
  const what = series === 'hook_rate' ? 'hook rate' : series === 'avg_duration_sec' ? 'average call length' : `${SERIES_LABELS[series]} (total)`;
  const pl = (s: string) => (bucket === 'day' || bucket === 'week' ? s.slice(0, 10) : s);
  const answer =
    `${cap(agree(info.label))} ${direction(halves.first, halves.second)} ${inline}, comparing the first half of the ${bucket} buckets with the second half: ` +
    `${what} ${f(halves.first)} for the buckets ${pl(halves.firstFrom)} to ${pl(halves.firstTo)} vs ${f(halves.second)} for ${pl(halves.secondFrom)} to ${pl(halves.secondTo)}` +
    `; change ${changeClause(kind, halves.first, halves.second)}.`;
  return { answer, sids: [], sources };
}
