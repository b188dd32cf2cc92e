// What the planner reads in a question besides its qualifiers: figures, fields, list sizes,
// buckets, a call SID, and the phrases that pick an intent. Patterns run on the normalised
// text (normalise.ts) with time phrases and qualifiers removed.

import type { DisconnectReason } from '../../domain/call.js';
import type { TopnField } from '../../storage/queries/topn.js';
import type { PlannerState, Tier1Filter } from '../plan/intents.js';
import type { Bucket, SummaryMetric } from './readingTypes.js';
import type { StoredTurn } from '../turns.js';
import {
  DISCONNECT_PATTERNS,
  FIELD_PATTERNS,
  METRIC_PATTERNS,
  numberOf,
  STATE_CODES,
  STATE_NAME_RE,
  STATES,
  WEAK_CALLS_RE,
} from './vocabulary.js';

export function lastState(history: StoredTurn[]): PlannerState | null {
  for (let i = history.length - 1; i >= 0; i--) {
    const c = history[i].context as PlannerState | null;
    if (c && typeof c === 'object' && c.planner === 2 && c.intent && c.window) return c;
  }
  return null;
}

/** Words of a statistic that may share one noun ("average and median call length"). */
const STAT = '(?:average|avg|mean|median|typical|max(?:imum)?|longest|largest|biggest|highest|total)';
const SHARED_NOUN_RE = new RegExp(
  `\\b(${STAT})((?:,? (?:and |& |plus |or )?(?:the )?${STAT})+) ((?:call |dollar |single )?(?:duration|length|call time|ask|demand|amount)s?)\\b`,
  'g',
);

/** "average and median call length" → "average call length and median call length": each statistic with its noun. */
function eachWithItsNoun(text: string): string {
  return text.replace(SHARED_NOUN_RE, (_m, first: string, more: string, noun: string) =>
    [first, ...more.split(/,? (?:and |& |plus |or )?(?:the )?/)]
      .filter(Boolean)
      .map((w) => `${w} ${noun}`)
      .join(' and '),
  );
}

/**
 * The call count listed among other figures: "calls" joined to a figure by "and" ("the hook rate
 * and calls"), or first in a list of figures ("calls insights produced and average confidence",
 * the commas gone). Not "hooked calls" or "calls hooked", where calls is what is counted.
 */
function callsListed(text: string, taken: Array<[number, number]>): number | null {
  for (const m of text.matchAll(/\bcalls\b/g)) {
    const [s, e] = [m.index, m.index + m[0].length];
    if (taken.some(([a, b]) => s < b && e > a)) continue;
    const joined = (between: string) => /^ (?:and|&|plus) (?:the )?$/.test(between);
    const before = taken.filter(([, b]) => b <= s).sort((x, y) => y[1] - x[1])[0];
    const after = taken.filter(([a]) => a >= e).sort((x, y) => x[0] - y[0])[0];
    if (before && joined(text.slice(before[1], s))) return s;
    if (after && joined(text.slice(e, after[0]))) return s;
    const first = /(?:^|: )$/.test(text.slice(0, s));
    if (first && after && text.slice(e, after[0]) === ' ' && taken.length >= 2) return s;
  }
  return null;
}

export function metricsIn(question: string): SummaryMetric[] {
  const text = eachWithItsNoun(question);
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
  const listed = found.length > 0 && !found.some((f) => f.m === 'calls_received') ? callsListed(text, taken) : null;
  if (listed !== null) found.push({ m: 'calls_received', at: listed });
  const metrics = found.sort((a, b) => a.at - b.at).map((f) => f.m);
  if (metrics.length === 0 && WEAK_CALLS_RE.test(text)) metrics.push('calls_received');
  return metrics;
}

/** The word that asks for a ranking, and the noun after it: what is ranked ("which lures hit our personas most" ranks lures). */
const RANKED_NOUN_RE =
  /\b(?:which|what|top(?: \d+)?|the most common|most common|most frequent|leading|biggest|busiest)\s+((?:[a-z-]+\s+){0,2}[a-z-]+)/;

/** The field named right after the word that asks for a ranking, else null (then `fieldIn` reads the rest). */
export function rankedFieldIn(text: string): TopnField | 'persona' | null {
  const noun = RANKED_NOUN_RE.exec(text)?.[1];
  if (!noun) return null;
  const first = noun.split(/\s+/)[0];
  if (/^personas?$/.test(first)) return 'persona';
  for (const [field, re] of FIELD_PATTERNS) if (re.exec(noun)?.index === 0) return field;
  return null;
}

export function fieldIn(text: string): TopnField | null {
  for (const [field, re] of FIELD_PATTERNS) if (re.test(text)) return field;
  return null;
}

export function topNumber(text: string): number | null {
  const m =
    /\btop (\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty)\b/.exec(text) ??
    /\b(\d{1,2}|three|four|five|six|seven|eight|nine|ten) (?:most|biggest|largest|top|leading|main)\b/.exec(text) ??
    // "which 5 area codes …", "what three brands …": a number of values asked for.
    /\b(?:which|what) (\d{1,2}|two|three|four|five|six|seven|eight|nine|ten) (?!calls?\b|days?\b|weeks?\b|months?\b|hours?\b)[a-z]/.exec(
      text,
    );
  if (!m) return null;
  const n = numberOf(m[1]);
  return n >= 1 && n <= 50 ? n : null;
}

export function listLimit(text: string, def: number, max: number): number {
  const m =
    /\b(?:last|latest|newest|recent|most recent|first|top|show(?: me)?|list|give me) (?:the )?(\d{1,3})\b/.exec(text) ??
    /\b(\d{1,3}) (?:newest|latest|most recent|recent|last|first|earliest|oldest|longest|shortest|biggest|largest)\b/.exec(text);
  if (!m) return def;
  const n = Number(m[1]);
  return n >= 1 && n <= max ? n : def;
}

export function bucketIn(text: string): Bucket | null {
  if (/\b15 ?min(?:ute)?s?\b|\bquarter[- ]hour/.test(text)) return '15min';
  if (/\b(?:per|by|each|every) hour\b|\bhourly\b|\bhour by hour\b/.test(text)) return 'hour';
  if (/\b(?:per|by|each|every) week\b|\bweekly\b|\bweek by week\b/.test(text)) return 'week';
  if (/\b(?:per|by|each|every) day\b|\bdaily\b|\bday by day\b/.test(text)) return 'day';
  return null;
}

export const SID_RE = /\b(CA[0-9a-fA-F]{32})\b/;
export const CALL_TOKEN_RE = /\bcall(?: sid| id)?\s*[:#]?\s*([A-Za-z0-9_-]{3,64})\b/i;

export function sidIn(question: string): string | null {
  const m = SID_RE.exec(question) ?? /\b(CA[0-9A-Za-z]{16,62})\b/.exec(question);
  if (m) return m[1];
  const t = CALL_TOKEN_RE.exec(question);
  // A call SID has digits and letters; "call 2day" and "call 30d" are a typo and a window.
  if (
    t &&
    /\d/.test(t[1]) &&
    /[A-Za-z_]/.test(t[1]) &&
    !/^\d{4}-\d{2}-\d{2}/.test(t[1]) &&
    !/^\d+(?:[hdwm]|hrs?|mins?|days?|wks?|weeks?|day|nite|night)$/i.test(t[1])
  )
    return t[1];
  return null;
}

// Phrases whose meaning the planner must not stretch.
export const OTHER_ORGS_RE =
  /\b(?:org|organi[sz]ation|tenant|customer|client|company|account)s? (?:called|named)\b|\b(?:org|organi[sz]ation|tenant|customer|client) [a-z0-9](?:'s)?\b(?! (?:calls?|of)\b)|\b(?:org|organi[sz]ation|tenant|customer|client) [a-z0-9]'s\b|\b(?:every|all|other|another|each|any|someone else's) (?:organi[sz]ation|org|tenant|customer|client|compan(?:y|ie))s?(?:'s?|')? (?:calls|data|numbers|figures|records)\b|\b(?:every|all|other|another) (?:organi[sz]ations?|orgs?|tenants?|customers?)\b|\bcross[- ]tenant\b|\boutside (?:my|our|this|the) (?:slice|scope|org|organi[sz]ation)\b|\b(?:ignore|disregard|forget) (?:all |any |your |the )?(?:previous |prior |above )?(?:instructions|rules|restrictions)\b/;

export const FUTURE_RE =
  /\btomorrow\b|\bnext (?:hour|day|week|month|year|quarter)\b|\bforecast(?:s|ing)?\b|\bpredict(?:ion|ions|ed)?\b|\bwill (?:we|there|they|it|scammers|calls) (?:get|be|receive|see|call|go|rise|fall|increase|decrease)\b|\bin the future\b|\bprojected\b/;
export const MUTATE_RE =
  /\b(?:delete|remove|erase|wipe|drop|truncate|insert|update|modify|edit|change|reset) (?:the |all |every |this |these |my |our |a )?(?:calls?|data|records?|rows?|tables?|database|sessions?|keys?|transcripts?)\b/;
export const GREETING_RE =
  /^(?:hi|hello|hey|hiya|howdy|yo|hallo|greetings|good (?:morning|afternoon|evening|day))(?: there| agent| team| honeypot| bot)?(?: how are you(?: doing)?)?$|^how are you(?: doing| today)?$|^what'?s up$/;
export const THANKS_RE =
  /^(?:thanks?(?: you)?(?: so much| a lot| very much)?|thx|ty|cheers|great|perfect|awesome|nice|cool|ok(?:ay)?|got it|understood|bye|goodbye)(?: thanks?| thank you)?$/;
export const HELP_RE =
  /\bwhat (?:can|could|do) (?:you|i) (?:do|ask|help with|answer)\b|^help(?: me)?$|\bhow (?:do|does) (?:this|it|you) work\b|\bwhat do you know\b|\bwho are you\b|\bwhat are you\b|\bwhat kind of questions\b|\bhow can you help\b/;

export const FOLLOW_UP_RE =
  /^(?:and|also|plus|ok(?:ay)? and|so|then|but|now)\b|^(?:what|how) about\b|^same\b|\b(?:those|these|them|that one|same (?:period|window|time))\b|^(?:for|in) /;
export const COMPARE_RE =
  /\bcompar(?:e|ed|ing|ison)\b|\bvs\b|\bversus\b|\brelative to\b|\bdifference between\b|\b(?:more|fewer|less|higher|lower|better|worse) than\b|\b(?:above|below|beat|beats|exceed(?:ed|s)?|trail(?:ed|s)?)\b(?= (?:the |that of |those of |its )?(?:[\w']+ ){0,2}?(?:hook|calls?|rates?|volumes?|average|usual|normal|figures?|numbers?|counts?|ones?|levels?|totals?|'?s)\b| ?$)|\b(?:more|fewer|less|higher|lower|bigger|smaller|busier|quieter|slower|larger|greater)\b.{1,60}\bthan\b|\bagainst\b|\bdiff(?:erence)?\b|\bchange(?:d)? (?:from|since)\b|\bchange(?:d)? between\b|\b(?:go|went|move|moved|shift|shifted|change|changed) (?:\w+ ){0,2}(?:from|between) (?:\w+ ){0,3}(?:to|and)\b/;
export const TREND_RE =
  /\btrend(?:s|ing)?\b|\bgoing (?:up|down)\b|\b(?:getting|receiving|seeing) (?:more|fewer|less)\b|\b(?:increas|decreas|ris|fall|grow|declin|improv|worsen|climb|shrink)ing\b|\bup or down\b|\bgetting (?:better|worse|higher|lower|bigger|smaller)\b|\bon the rise\b|\bdirection\b|\bover the course\b/;
export const SERIES_RE =
  /\b(?:per|by|each|every) (?:day|hour|week)\b|\b(?:daily|hourly|weekly)\b(?! (?:standup|stand up|meeting|sync|review|catch ?up|call with|report to))|\bday by day\b|\bhour by hour\b|\bweek by week\b|\bover time\b|\btime ?series\b|\bper 15 ?min(?:ute)?s?\b|\bevery 15 ?min(?:ute)?s?\b|\bbucket(?:s|ed)?\b/;
export const ACTIVE_RE =
  /\bright now\b|\bcurrently\b|\bat the moment\b|\bat this moment\b|\bas we speak\b|\b(?:active|live|ongoing|in[- ]progress) (?:calls?|sessions?|conversations?)\b|\bon the (?:line|phone) now\b|\bhappening now\b|\bin progress\b|\bongoing\b|\bare active\b|\bis active\b/;
export const GEO_RE =
  /\bwhere (?:are|were|do|did|is)\b.*\b(?:from|calling|located|based|coming)\b|\bwhich states?\b|\bwhat states?\b|\bstates?\b|\barea codes?\b|\bgeo(?:graph(?:y|ic|ical|ically))?\b|\blocations?\b|\bregions?\b|\bcalling from\b|\bcome from\b|\bcoming from\b|\bmap\b/;
export const DISCONNECT_RE =
  /\bdisconnect(?:s|ed|ion|ions)?\b|\bhung? ?up\b|\bhang ?ups?\b|\bwhy (?:did|do|are|were) (?:the |our )?calls? (?:end|drop|stop|get cut|ending|dropping)\b|\bhow (?:did|do) (?:the )?calls? end\b|\bcalls? (?:ended|dropped|got cut)\b|\bdropped\b|\bwebsocket\b|\bvoice engine\b|\bcapped\b|\bsession caps?\b|\bend(?:ing)? reasons?\b|\breasons? (?:calls|for calls)\b|\bwhy calls end\b|\b(?:cut off|ended|dropped|cut short) by the (?:scammer|caller)s?\b|\b(?:scammers?|callers?) (?:cut (?:off|short)|ended|dropped)\b/;
export const TIER_LIST_RE =
  /\bmule accounts?\b|\baccounts?\b|\bbank accounts?\b|\baccount numbers?\b|\bcrypto wallets?\b|\bwallet addresses\b|\bwallets?\b|\bfinancial (?:extractions?|intel|data|details|rows)\b|\bdrop address(?:es)?\b|\bmule (?:drop )?address(?:es)?\b|\baccount holders?\b/;
export const LIST_VERB_RE =
  // "give me the number of …", "show me the count of …" ask for a figure, not a list.
  /\b(?:show|list|which|what are|what were|give me|display|latest|newest|recent|most recent|table|rows|details|see|get me|find|pull up|who are)\b(?! (?:me |us )?(?:the |a )?(?:number|count|total|share|percentage|figure|amount|tally) of\b)/;
/** A question answered Yes or No: "were there…", "is the hook rate…". */
export const YES_NO_RE = /^(?:(?:and|so|but|ok|okay|also|then) )?(?:were|was|is|are|did|do|does|has|have|had)\b/;
export const COUNT_RE = /\bhow many\b|\bnumber of\b|\bcount\b|\bhow often\b/;
export const OVERVIEW_RE =
  /\boverview\b|\bsummary\b|\bsummari[sz]e\b|\bstats\b|\bstatistics\b|\bkpis?\b|\bheadline(?: figures| numbers)?\b|\bhow (?:are|were|is|was) (?:we|things|it|the honeypot) (?:doing|going|looking)\b|\bhow did (?:we|it|the honeypot) do\b|\bdashboard\b|\bnumbers\b|\bfigures\b|\bmetrics\b|\bwhat happened\b|\bhow busy\b|\bbreakdown\b|\bwhat'?s (?:going on|happening|new)\b|\bwhat is (?:going on|happening)\b/;
export const CALLISH_RE =
  /\bthis call\b|\bthe call\b|\bthat call\b|\bthis one\b|\bwhat happened\b|\bsummar(?:y|ise|ize)\b|\btranscript\b|\bwhat did (?:they|the caller|the scammer|he|she)\b|\bwho (?:was|were|is) (?:they|the caller|calling)\b|\bintel\b|\bextract|\bwhat was (?:said|asked)\b|\bit\b/;
export const TIER_FOLLOW_RE =
  /\b(?:which|how many|what|show|list)\b.*\b(?:of )?(?:those|them|these)\b.*\btier ([123])\b|\btier ([123])\b.*\b(?:of )?(?:those|them|these)\b|^(?:and |what about |how about |only )?(?:the )?tier ([123])(?: ones| calls)?$/;
export const PERSONA_RE = /\bpersonas?\b/;
export const OUTSIDE_US_RE =
  /\b(?:from|in) (?:canada|mexico|india|nigeria|pakistan|the philippines|philippines|jamaica|the uk|uk|the united kingdom|england|europe|asia|africa|overseas|abroad|another country|other countries|outside the us|outside the united states)\b|\binternational (?:calls|numbers|callers)\b|\bforeign (?:calls|numbers|callers)\b|\btoll[- ]free\b/;
export const NOT_HOOKED_RE = /\bnot hooked\b|\bunhooked\b|\bweren'?t hooked\b|\bdidn'?t (?:get )?hook/;
export const WHICH_CALL_RE = /\bwhich (?:call|one)\b|\bwhat call\b/;

export function stateIn(text: string, question: string): string | null {
  const named = STATE_NAME_RE.exec(text);
  if (named) return STATES[named[1]];
  // Two-letter codes only as typed in capitals ("calls from TX"): "in", "or", "me" are words.
  const code = /\b(?:from|in|state)\s+([A-Z]{2})\b/.exec(question);
  if (code && STATE_CODES.has(code[1])) return code[1];
  return null;
}

const NOT_A_BANK = new Set([
  'mule',
  'bank',
  'the',
  'any',
  'all',
  'which',
  'what',
  'these',
  'those',
  'their',
  'scam',
  'scammer',
  'scammers',
  'new',
  'extracted',
  'list',
  'show',
  'me',
  'of',
  'a',
  'an',
]);

export function tier1FilterIn(text: string): Tier1Filter | null {
  if (/\b(?:crypto )?wallets?\b|\bwallet addresses\b/.test(text)) return { kind: 'crypto' };
  if (/\bdrop address(?:es)?\b|\bmule (?:drop )?address(?:es)?\b/.test(text)) return { kind: 'drop' };
  // The word right before "account": "the Chase account", "TD bank accounts", "Wells Fargo account".
  const named = /\b([a-z][a-z.&']*) (?:bank )?accounts?\b/.exec(text);
  if (named && !NOT_A_BANK.has(named[1])) return { kind: 'bank', value: named[1] };
  if (/\bbank accounts?\b|\baccount (?:numbers?|holders?)\b|\bmule accounts?\b/.test(text)) return { kind: 'bank' };
  return null;
}

export function reasonIn(text: string): DisconnectReason | null {
  for (const [reason, re] of DISCONNECT_PATTERNS) if (re.test(text)) return reason;
  return null;
}
