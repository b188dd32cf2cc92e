// The words the built-in planner understands: figures, top-N fields, states, disconnect
// reasons. Patterns run on the normalised question (lower case, single spaces).

import type { DisconnectReason } from '../../domain/call.js';
import type { TopnField } from '../../storage/queries/topn.js';
import type { SummaryMetric } from './readingTypes.js';

/** Numbers a question may spell out ("the last two weeks", "more than ten minutes", "an hour"). */
export const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fourteen: 14,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  ninety: 90,
};

/** The number a matched numeral or number word stands for. */
export const numberOf = (s: string): number => (s in NUMBER_WORDS ? NUMBER_WORDS[s] : Number(s));

/** Ordered: a later pattern never claims text an earlier one matched ("median call length" is not "call length"). */
export const METRIC_PATTERNS: Array<[SummaryMetric, RegExp]> = [
  [
    'hook_rate',
    /\bhook(?:ed)?[- ]?rates?\b|\bengagement rates?\b|\bhook(?:s|ed|ing)?\b(?: (?!calls?\b)[a-z]+){0,3} (?:at )?(?:a |the )?(?:higher|lower|better|worse|best|worst|greater|bigger|smaller) rate\b|\b(?:percent(?:age)?|share|proportion|fraction|ratio) of (?:the )?(?:calls? )?(?:that )?(?:were |got |was |are )?hooked\b|\b(?:percent(?:age)?|share|proportion) hooked\b|\bhow often (?:are|were|do|did) (?:calls|they|scammers|callers) (?:get )?hooked\b|\bhow often (?:do|did|does|can) (?:we|you|the personas?|our personas?) (?:hook|engage)\b|\b(?:share|percent(?:age)?|proportion|fraction|ratio|part)\b.{0,60}\b(?:did|do|does|we|they|you|to|get|got|were|was|are|is) (?:\w+ )?(?:hook|hooked|engage|engaged)\b(?! calls?\b)|\bhook(?:ed)? (?:a|the) (?:bigger|higher|larger|greater|smaller|lower) (?:share|proportion|percentage|fraction|part)\b/,
  ],
  [
    'hooked_calls',
    /\bhooked\b|\b(?:did|do|does|have|has) (?:we|you|it|(?:the|our) (?:personas?|honeypots?|bots?|system|ai|agents?)) (?:hook|engage)\b|\bwe (?:hook|engage)\b|\bengaged calls\b|\bcalls? (?:that )?engaged\b|\bhow many (?:calls )?engaged\b/,
  ],
  ['cleanly_closed', /\bclean(?:ly)?[- ]?(?:closed|closes?|closures?|endings?|ended|hang ?ups?)\b|\b(?:closed|ended|finished) cleanly\b/],
  ['median_call_duration_sec', /\bmedian (?:call )?(?:length|duration|call time|call)\b|\btypical call (?:length|duration)\b/],
  [
    'max_call_duration_sec',
    /\blongest (?:[a-z-]+ )?calls?\b|\b(?:max(?:imum)?|longest) (?:call )?(?:length|duration)s?\b|\bhow long (?:was|is) the longest\b/,
  ],
  [
    'avg_call_duration_sec',
    /\b(?:average|avg|mean) (?:call )?(?:length|duration|call time|call|time on (?:the )?(?:call|phone|line))\b|\bhow long (?:do|did|are|were|does) (?:the )?(?:calls?|they) (?:last|take|go on)\b|\bcall (?:length|duration)s?\b|\b(?:kept|keeps|keep|keeping|held|holds|hold) (?:\w+ ){0,2}on the (?:line|phone)\b|\bon the (?:line|phone) (?:the )?longest\b|\b(?:last|lasts|lasted|run|runs|ran) (?:longer|shorter)\b/,
  ],
  ['high_confidence_insights', /\bhigh[- ]?confidence\b|\bconfident (?:insights|extractions)\b/],
  [
    'avg_auditor_confidence',
    /\b(?:average|avg|mean) (?:auditor |audit )?confidence\b|\bauditor confidence\b|\bconfidence (?:score|level)s?\b|\bhow confident\b/,
  ],
  ['insights_produced', /\binsights?\b|\bextractions?\b/],
  ['tier1_calls', /\btier 1\b/],
  ['tier2_calls', /\btier 2\b/],
  ['tier3_calls', /\btier 3\b/],
  ['median_dollar_ask', /\bmedian (?:dollar )?(?:ask|demand|request|amount)s?\b|\btypical (?:ask|demand|amount)\b/],
  [
    'max_single_ask',
    /\b(?:biggest|largest|highest|max(?:imum)?|single largest|largest single|top) (?:single )?(?:dollar )?(?:ask|demand|request|sum|amount)s?\b|\bmost (?:money )?(?:asked|demanded|requested) (?:for )?(?:in|on) (?:a|one) (?:single )?call\b/,
  ],
  [
    'total_dollars_dangled',
    /\bdangl(?:ed|ing|e)\b|\bhow much (?:money |cash )?(?:(?:in total|in all|altogether|overall|total) )?(?:did|do|have|has)(?: [a-z.']+){0,4}? (?:offer|offered|promise|promised)\b|\b(?:money|dollars|amounts?) (?:they )?(?:offered|promised)\b|\boffered (?:money|dollars)\b/,
  ],
  [
    'total_dollars_asked',
    // Who asked may stand between the words ("how much did the geek squad guys ask for", "dollars the crooks asked").
    /\bhow many dollars\b|\bhow much (?:money |cash )?(?:(?:in total|in all|altogether|overall|total) )?(?:did|do|have|has|were|was)(?: [a-z.']+){0,4}? (?:ask|asked|demand|demanded|request|requested|want|wanted|try to get|tried to get|go after|went after)\b|\b(?:total )?(?:dollars|money|cash|amounts?)(?: (?:the|they|those|these|our|scammers|crooks|callers|fraudsters|guys|people))* (?:asked|demanded|requested|wanted)\b|\btotal (?:asks?|demands?|asked)\b|\bsum(?: total)? of (?:the |all |their )?(?:asks|demands|requests|dollars? asked|money (?:asked|demanded))\b|\b(?:ask|asked|demand|demanded|request|requested)(?: for)? in (?:total|all)\b|\b(?:dollars|money|cash) total\b|\btotal (?:dollars|money|cash)\b(?! (?:\w+ )?(?:offered|promised|dangled))|\bdollar asks?\b/,
  ],
  [
    'calls_received',
    /\bnumber of calls\b|\bcalls(?= (?:hooked calls|tier [123] calls|hooked and|and hooked)\b)|\bcalls? (?:were |did we |have we |we )?(?:received|gotten|came in|come in)\b|\bhow many calls (?:did we (?:get|receive|have)|(?:were|are|have been) there|came in|come in)\b|\bcall (?:volume|count)\b|\btotal (?:number of )?calls\b|\bhow many (?:total |scam )?calls (?:did|do) (?:we|you) (?:get|have|see|receive)\b/,
  ],
];

/** "how many calls …" alone: the call count unless another figure was named. */
export const WEAK_CALLS_RE =
  /\bhow many (?:[a-z'-]+ ){0,2}calls?\b|\bcount (?:of )?(?:the )?calls\b|\bhow many (?:did we get|came in)\b|^(?:the )?(?:total )?(?:number of )?calls(?: received| in total)?$/;

/** Ordered by priority: the first field whose pattern matches wins. */
export const FIELD_PATTERNS: Array<[TopnField, RegExp]> = [
  [
    'synthetic_org',
    /\bfake (?:company|companies|business(?:es)?|org(?:ani[sz]ation)?s?|firms?)(?: names?)?\b|\bsynthetic org(?:ani[sz]ation)?s?\b|\b(?:made[- ]up|invented|bogus|sham|phony|phoney) (?:compan(?:y|ies)|org(?:ani[sz]ation)?s?|business(?:es)?|firms?)\b|\b(?:company|org(?:ani[sz]ation)?) names\b/,
  ],
  [
    'fake_agent_name',
    /\bfake (?:agent )?names?\b|\bagent names?\b|\bfake agents?\b|\b(?:top|which|most common|most active|busiest) agents\b|\baliases\b|\bnames? (?:did|do) (?:they|the scammers|scammers) (?:use|give)\b|\bwhat names\b/,
  ],
  ['impersonated_government_agency', /\b(?:government )?agenc(?:y|ies)\b|\bgovernment\b/],
  ['mule_bank_routing', /\brouting(?: numbers?)?\b|\baba numbers?\b/],
  ['mule_bank_name', /\b(?:mule )?banks?\b/],
  ['gift_card_brand', /\bgift ?cards?\b/],
  [
    'remote_desktop_app',
    /\bremote[- ]?(?:desktop|access|control|support)(?: tools?| apps?| applications?| software| programs?)?\b|\bremote (?:tools?|apps?|software|programs?)\b|\bscreen[- ]?shar(?:ing|e)\b|\b(?:which|what|top|most common|most used|the) (?:apps?|tools?)\b/,
  ],
  ['crypto_chain', /\bcrypto(?:currency|currencies)?(?: chains?| networks?| coins?)?\b|\bblock ?chains?\b|\bchains?\b|\bcoins?\b/],
  [
    'payment_method',
    /\bpayment(?: methods?| types?| options?| channels?)?\b|\bhow (?:do|did) (?:they|scammers|the scammers) want (?:to be )?paid\b|\bways? (?:to|of) pay(?:ing|ment)?\b|\bpay(?:ing)? methods?\b|\bpaid\b/,
  ],
  [
    'lure_category',
    /\bscam types?\b|\btypes? of scams?\b|\bkinds? of scams?\b|\blures?\b|\blure categor(?:y|ies)\b|\bscam categor(?:y|ies)\b|\bpretexts?\b|\bcategor(?:y|ies)\b|\bscams? (?:are|were|is|was) (?:the )?(?:most )?(?:common|popular|frequent)\b/,
  ],
  [
    'impersonated_brand',
    /\bbrands?\b|\bimpersonat(?:ed|ing|e|ion)s?\b|\bcompanies\b|\bwho (?:do|did) (?:they|scammers|the scammers) (?:pretend|claim) to be\b/,
  ],
];

export const DISCONNECT_PATTERNS: Array<[DisconnectReason, RegExp]> = [
  [
    'caller_hung_up_normal',
    /\bhung? ?up\b|\bhang ?ups?\b|\bhanging up\b|\bcaller ended\b|\b(?:cut off|ended|dropped|cut short) by the (?:scammer|caller)s?\b|\b(?:scammers?|callers?) (?:cut (?:off|short)|ended|dropped)\b/,
  ],
  ['websocket_issue_our_side', /\bwebsockets?\b|\bconnection (?:problems?|issues?|errors?)\b|\bmedia\b|\bour side\b/],
  ['voice_engine_issue', /\bvoice(?: engine)?\b|\bpersona engine\b/],
  ['ai_session_capped', /\bcapped\b|\bcaps?\b|\bsession limits?\b|\btime ?limits?\b|\bhit (?:the|its|their) (?:cap|limit)\b/],
];

/** USPS codes of the states, DC and territories, by lower-case name. */
export const STATES: Record<string, string> = {
  alabama: 'AL',
  alaska: 'AK',
  arizona: 'AZ',
  arkansas: 'AR',
  california: 'CA',
  colorado: 'CO',
  connecticut: 'CT',
  delaware: 'DE',
  'district of columbia': 'DC',
  'washington dc': 'DC',
  'washington d c': 'DC',
  florida: 'FL',
  georgia: 'GA',
  hawaii: 'HI',
  idaho: 'ID',
  illinois: 'IL',
  indiana: 'IN',
  iowa: 'IA',
  kansas: 'KS',
  kentucky: 'KY',
  louisiana: 'LA',
  maine: 'ME',
  maryland: 'MD',
  massachusetts: 'MA',
  michigan: 'MI',
  minnesota: 'MN',
  mississippi: 'MS',
  missouri: 'MO',
  montana: 'MT',
  nebraska: 'NE',
  nevada: 'NV',
  'new hampshire': 'NH',
  'new jersey': 'NJ',
  'new mexico': 'NM',
  'new york': 'NY',
  'north carolina': 'NC',
  'north dakota': 'ND',
  ohio: 'OH',
  oklahoma: 'OK',
  oregon: 'OR',
  pennsylvania: 'PA',
  'rhode island': 'RI',
  'south carolina': 'SC',
  'south dakota': 'SD',
  tennessee: 'TN',
  texas: 'TX',
  utah: 'UT',
  vermont: 'VT',
  virginia: 'VA',
  'washington state': 'WA',
  washington: 'WA',
  'west virginia': 'WV',
  wisconsin: 'WI',
  wyoming: 'WY',
  'puerto rico': 'PR',
  guam: 'GU',
  'us virgin islands': 'VI',
  'virgin islands': 'VI',
  'american samoa': 'AS',
  'northern mariana islands': 'MP',
};
export const STATE_CODES = new Set(Object.values(STATES));
export const STATE_NAMES: Record<string, string> = Object.fromEntries(
  Object.entries(STATES)
    .filter(([name]) => !['washington dc', 'washington d c', 'washington state', 'virgin islands'].includes(name))
    .map(([name, code]) => [code, name.replace(/\b[a-z]/g, (c) => c.toUpperCase()).replace(/\bOf\b/, 'of')]),
);

/** Longest names first, so "west virginia" wins over "virginia". */
export const STATE_NAME_RE = new RegExp(
  `\\b(${Object.keys(STATES)
    .sort((a, b) => b.length - a.length)
    .join('|')})\\b`,
);
