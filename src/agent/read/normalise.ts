// The question as the planner reads it: lower case, plain quotes and dashes, tier spellings
// unified, punctuation dropped, and typos of the words it knows fixed ("hw many calsl
// today" → "how many calls today"). Words typed with a capital or in quotes are names, and
// are left as typed; values are matched against the org's data later (values.ts).

import { HINTS } from './hints.js';
import * as READING from './reading.js';
import { allowedTypos, canon, editDistance } from './values.js';
import { DISCONNECT_PATTERNS, FIELD_PATTERNS, METRIC_PATTERNS, STATES } from './vocabulary.js';

/** Weekdays by their first three letters. */
const WEEKDAYS: Record<string, string> = {
  mon: 'monday',
  tue: 'tuesday',
  wed: 'wednesday',
  thu: 'thursday',
  fri: 'friday',
  sat: 'saturday',
  sun: 'sunday',
};

/** Shorthand analysts type. */
const SHORTHAND: Record<string, string> = {
  hw: 'how',
  hm: 'how many',
  u: 'you',
  r: 'are',
  ur: 'your',
  pls: 'please',
  plz: 'please',
  thx: 'thanks',
  yday: 'yesterday',
  yest: 'yesterday',
  ystrday: 'yesterday',
  ystrdy: 'yesterday',
  ystday: 'yesterday',
  ystdy: 'yesterday',
  // "the wee hours": not "week".
  wee: 'wee',
  ysterday: 'yesterday',
  dur: 'duration',
  durn: 'duration',
  lng: 'length',
  cnt: 'count',
  tmrw: 'tomorrow',
  arvo: 'afternoon',
  tdy: 'today',
  tday: 'today',
  '2day': 'today',
  wk: 'week',
  wks: 'weeks',
  mo: 'month',
  mos: 'months',
  mth: 'month',
  yr: 'year',
  yrs: 'years',
  hr: 'hour',
  hrs: 'hours',
  avg: 'average',
  mny: 'many',
  hte: 'the',
  teh: 'the',
  cls: 'calls',
  clls: 'calls',
  hwmany: 'how many',
  howmany: 'how many',
  tot: 'total',
  amt: 'amount',
  '#': 'number of',
  num: 'number',
  w: 'with',
  wo: 'without',
  b4: 'before',
  abt: 'about',
  thru: 'through',
  bc: 'because',
  ppl: 'people',
  msgs: 'messages',
  whats: "what's",
  wat: 'what',
  wht: 'what',
  whch: 'which',
  hwo: 'how',
  dont: "don't",
  didnt: "didn't",
  isnt: "isn't",
  info: 'information',
  stats: 'stats',
  vs: 'vs',
  v: 'vs',
  gc: 'gift card',
  gcs: 'gift cards',
  cc: 'credit card',
  teir: 'tier',
  tiar: 'tier',
  lst: 'last',
  amzn: 'amazon',
  msft: 'microsoft',
  aapl: 'apple',
  cali: 'california',
  dollarz: 'dollars',
  bucks: 'dollars',
  rn: 'right now',
  wknd: 'weekend',
  wkend: 'weekend',
  wknds: 'weekends',
  wkends: 'weekends',
  wkday: 'weekday',
  wkdays: 'weekdays',
  pct: 'percent',
  rt: 'rate',
  dys: 'days',
  dy: 'day',
  wats: "what's",
  whts: "what's",
  rte: 'rate',
  btwn: 'between',
  biz: 'business',
  tier1: 'tier 1',
  tier2: 'tier 2',
  tier3: 'tier 3',
  t1: 'tier 1',
  t2: 'tier 2',
  t3: 'tier 3',
  // Period-over-period shorthand: a series of the figure.
  mom: 'month over month',
  yoy: 'year over year',
  wtw: 'week over week',
};

/** Everyday words a typo must not be "fixed" into a keyword from. */
const ENGLISH = `a about above across after again against all almost also always am an and another any anyone anything are around as
ask asked at away back bad be because been before being below best better between big both bring but by came can cannot
case come could day days did different do does doing done down during each either else enough even ever every few find
first for found from gave get gets getting give given go goes going gone good got great had has have having he her here him
his how however i if in into is it its itself just keep kind know known last least less let like likely little long look
looking lot made make many may me might more most much must my near need never new next no none nor not nothing now of off
often on once one only or other others our out over own part people per perhaps place put quite rather really right said
same saw say says see seem seen she should show shown side since so some something sometimes still such sure take taken tell
than that the their them then there these they thing things think this those though through time times to today together
too took toward true try trying two under until up upon us use used using very want wanted was way we well went were what
when where whether which while who whole whom whose why will with within without would year years yet you your also
called caller callers calling phone phones line lines number numbers people person someone somebody victim victims told
tell telling go went buy bought send sent money pay paid asked asking ask wants want threatened threat threats arrest
arrested police jail warrant account accounts bank banks card cards gift crypto bitcoin atm wallet wallets code codes
scam scams scammer scammers fraud fraudster fraudsters name names company companies said says saying talked talk mention
mentioned mentioning share shares percent percentage portion fraction ratio busiest busy quietest peak hour hours day days
week weeks month months seen appear appeared appears repeat repeated repeating reused reuse same multiple more once twice
persona personas canadian canada foreign international overseas toll free withheld anonymous blocked private unknown
long longer short shorter minutes minute seconds second explain chart panel those them these ones only just also
usd utc est pst atm ssn sms url urls api eth btc irs fbi dea ftc cms ssa aarp ups usps dhl
date dates data past part stay stayed stays stop stopped start started end ended ending hang hung pick picked run ran hold held wait
waited answer answered play played hand handed pass passed post posted rest test text sent spent lost cost paid pays
even ever over under up down out off on in at by for from into onto than then that this these those there their they
them the other others another such much many more most less least few little lot lots some any all every each both
hits hit miss missed top bottom high low new old big small large long short first second third last next final
spam robo robocall robocalls weird strange odd suspicious real fake legit legitimate bogus incoming inbound outbound
voice quick dropped failed successful engaged local domestic american usa recorded recording actual overall typical
normal usual unusual interesting important serious major minor latest newest oldest earliest biggest smallest total
please thanks hello sorry okay yes yeah nope agent honeypot dashboard bot system data figure figures chart panel
weekday weekdays fewest lowest highest greatest slowest rarest busier quieter least-common
half halves noon midday daytime nighttime overnight night nights mornings afternoons evenings stretch asks
spring summer autumn winter holiday holidays eve christmas thanksgiving easter quarter quarters
one two three four five six seven eight nine ten eleven twelve fifteen twenty fourth fifth sixth seventh eighth ninth tenth
`.split(/\s+/);

/** The words of a pattern's source ("\\bhook(?:ed)?" → "hook", "ed"), escapes removed. */
function wordsOf(source: string): string[] {
  return source.replace(/\\[a-zA-Z]/g, ' ').match(/[a-z]{3,}/g) ?? [];
}

/** Words the planner reads in patterns: left as typed, never "fixed" into something else. */
const PATTERN_WORDS = new Set<string>([
  ...METRIC_PATTERNS.flatMap(([, re]) => wordsOf(re.source)),
  ...FIELD_PATTERNS.flatMap(([, re]) => wordsOf(re.source)),
  ...DISCONNECT_PATTERNS.flatMap(([, re]) => wordsOf(re.source)),
  ...Object.values(READING).flatMap((v) => (v instanceof RegExp ? wordsOf(v.source) : [])),
  ...HINTS.flatMap(([re]) => wordsOf(re.source)),
]);

/**
 * The words a typo may be read as: the words questions turn on, the values the hint list
 * knows and the states. Kept short on purpose: a word one letter away from a rare target
 * ("date" from "data") is more often a real word than a typo.
 */
const TARGETS = new Set<string>(
  [
    ...HINTS.flatMap(([, typed]) => [...canon(typed).split(' '), canon(typed).replace(/ /g, '')]),
    ...Object.keys(STATES).flatMap((s) => s.split(' ')),
    ...`calls call received hooked hook rate tier tiers brands brand impersonated impersonating impersonate lures lure
  payment payments method methods agency agencies government remote desktop tools chain chains gift cards transcript
  transcripts summary overview compare compared comparison versus trend trends going rising falling increasing decreasing
  yesterday today tonight morning week weeks month months quarter year fortnight monday tuesday wednesday thursday friday
  saturday sunday weekend lately recently since between dollars asked dangled average median longest shortest duration
  length confidence insights extracted extraction mule routing wallets wallet disconnect disconnected active
  where states state geography area codes most least common frequent popular list show many much how
  which what when total count number overall breakdown daily hourly weekly latest newest recent earliest oldest
  first last january february march april june july august september october november december hour hours minute minutes
  busiest quietest distinct unique different share percent percentage maximum minimum highest lowest biggest largest
  million millions thousand thousands billion grand hundred
  impersonation impersonators scams scammer scammers canadian foreign international mentioned mentioning mention mentions
  threatened persona personas accounts account money crypto bitcoin phishing numbers this that with from have were
  bank banks organisation organisations organization organizations addresses percentile`.split(/\s+/),
  ].filter((w) => w.length >= 3),
);

/** Words left as typed: everyday words as well as the targets (a word is never "fixed" into another). */
const LEXICON = new Set<string>([...ENGLISH, ...PATTERN_WORDS, ...TARGETS]);

const KNOWN = [...TARGETS];

const prefixLen = (a: string, b: string) => {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
};

/**
 * The known word a typed word most likely is, or the word itself. Among words at the same
 * distance, a dropped letter ("askd" → "asked") beats a swap ("calsl" → "calls") beats an
 * extra letter, then the longer shared start; a tie leaves the word as typed.
 */
function fix(word: string): string {
  if (word.length < 3 || LEXICON.has(word) || /\d/.test(word)) return word;
  // Plurals and possessives of known words are not typos.
  if (word.length > 3 && LEXICON.has(word.replace(/(?:'s|s|es)$/, ''))) return word;
  const max = word.length === 3 ? 1 : allowedTypos(word.length);
  const cands: Array<{ k: string; key: number[] }> = [];
  for (const k of KNOWN) {
    if (Math.abs(k.length - word.length) > max) continue;
    // A three-letter typo only ever dropped a letter ("hok" → "hook", "wek" → "week").
    if (word.length === 3 && k.length !== 4) continue;
    const d = editDistance(word, k, max);
    if (d > max) continue;
    // A typo keeps the first letter, or swaps the first two ("hte" → "the").
    if (k[0] !== word[0] && !(k[0] === word[1] && k[1] === word[0])) continue;
    const rank = k.length === word.length + 1 ? 0 : k.length === word.length ? 1 : 2;
    cands.push({ k, key: [d, rank, -prefixLen(k, word)] });
  }
  if (!cands.length) return word;
  const cmp = (a: number[], b: number[]) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
  cands.sort((a, b) => cmp(a.key, b.key));
  if (cands.length > 1 && cmp(cands[0].key, cands[1].key) === 0) return word;
  return cands[0].k;
}

/** The question's words typed with a capital (names: "Chase", "Walter"), lower-cased. */
export function capitalisedWords(question: string): Set<string> {
  // Not a sentence's first word; a word after an abbreviation in capitals ("U.S. Marshals") is no sentence's.
  const words = question.match(/(?<![a-z0-9'")\]][.?!]\s|^)\b[A-Z][A-Za-z0-9&'.-]*/g) ?? [];
  // As the normalised text writes them too: "U.S." is "us".
  return new Set(words.flatMap((w) => [w.toLowerCase(), w.toLowerCase().replace(/\./g, '')]));
}

export function normalise(question: string): string {
  const names = capitalisedWords(question);
  const quoted = new Set((question.match(/["“][^"”]*["”]/g) ?? []).flatMap((q) => q.toLowerCase().match(/[a-z0-9']+/g) ?? []));
  const text = question
    .toLowerCase()
    .replace(/[‘’`]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    // "Morning! …", "Evening, team. …": a greeting before the question, not a part of the day.
    .replace(/^\s*(?:good )?(?:morning|afternoon|evening|day)(?:[ ,]+(?:all|team|folks|everyone|guys|y'all))?\s*[!,.:;-]+\s*(?=\S)/, '')
    .replace(/#/g, ' # ')
    // A weekday named with its date ("since Monday, January 18th", "Tue Feb 2"): the date says it.
    .replace(
      /\b(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\.?,? (?=(?:the )?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d|\d{1,2}(?:st|nd|rd|th)? (?:of )?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|\d{4}-\d\d-\d\d|\d{1,2}\/\d{1,2}\b)/g,
      '',
    )
    // "U.S." and "U.S.A." as one word, so the names holding them read whole ("U.S. Marshals", "U.S. Bank").
    .replace(/\bu\.\s?s\.(?:\s?a\.)?|\bu\.s\b/g, 'us')
    // SQL-ish and shorthand: "count(*)", "tier = 1", "total $ asked", "calls-over-time".
    .replace(/\bcount\s*\(\s*\*?\s*\)/g, 'count')
    // Chat-style comparisons: "> 30 min", ">= 2 asks", "w/ a wallet".
    .replace(/\s*(?:>=|≥)\s*/g, ' at least ')
    .replace(/\s*(?:<=|≤)\s*/g, ' at most ')
    .replace(/\s*>\s*/g, ' over ')
    .replace(/\s*<\s*/g, ' under ')
    .replace(/\bw\/o\b/g, 'without')
    .replace(/\bw\/\s*/g, 'with ')
    .replace(/\s&\s/g, ' and ')
    // A value as stored ("TECH_SUPPORT", "gift_card"): its words.
    .replace(/([a-z])_(?=[a-z])/g, '$1 ')
    // "atm" after a word of the present ("live atm", "on the line atm") is "at the moment", not a crypto ATM.
    .replace(/\b(live|active|ongoing|in progress|going on|happening|on (?:the )?(?:line|phone)|up|open)( calls?)? atm\b/g, '$1$2 right now')
    // Chat shorthand: "busiest state 4 calls" is "for calls" (after a word that takes no count; "top 4 brands" stays).
    .replace(
      /(?<=\b(?:state|states|brand|brands|bank|banks|lure|lures|persona|personas|busiest|most|calls|numbers|stats|figures|rate|same|this|that|it|them|me|us|just|only|ready|data))\s4\s(?=[a-z])/g,
      ' for ',
    )
    // "hook %", "hook pct": the hook rate.
    .replace(/\bhook(?:ed)?\s*(?:%|pct\b|percent(?:age)?\b)/g, 'hook rate')
    .replace(/(\d)\s?mins?\b/g, '$1 minutes')
    .replace(/(\d)\s?secs?\b/g, '$1 seconds')
    // A bare unit after a bound: "under 15s", "over 2m", "longer than 1h" (a length, not a window).
    .replace(/(\b(?:under|over|below|above|than|least|most|exceeding|within)\s+\d+)\s?s\b/g, '$1 seconds')
    .replace(/(\b(?:under|over|below|above|than|least|most|exceeding)\s+\d+)\s?m\b/g, '$1 minutes')
    // "30d", "24h", "2w" after a window word: days, hours, weeks.
    .replace(/(\b(?:last|past|previous|prior|over|in|within|lst)\s+\d+)\s?d\b/g, '$1 days')
    .replace(/(\b(?:last|past|previous|prior|over|in|within|lst)\s+\d+)\s?w\b/g, '$1 weeks')
    // "topped $500k", "exceeded", "went above": over an amount.
    .replace(
      /\b(?:topped|exceeded|exceeds|exceed|surpassed|passed|went (?:over|above|past)|go (?:over|above|past)|broke) (?=\$|half an? (?:million|thousand)|(?:a|an|one|two|three|four|five|ten) (?:million|thousand)|\d[\d,.]*\s?(?:k|m|thousand|million|grand|dollars|usd|bucks)\b)/g,
      'over ',
    )
    // "half a million": 0.5 million.
    .replace(/\bhalf an? (million|thousand)\b/g, '0.5 $1')
    // "one million dollars", "a thousand": the amount in figures, as "$1 million" is read.
    .replace(
      /\b(a|an|one|two|three|four|five|six|seven|eight|nine|ten|twenty|fifty|hundred) (million|thousand|grand)\b/g,
      (_m, n: string, u: string) =>
        `${({ a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twenty: 20, fifty: 50, hundred: 100 } as Record<string, number>)[n]} ${u}`,
    )
    // "leaving Amazon out", "not counting Chase", "setting aside wire": an exclusion, said one way.
    .replace(/\b(?:leaving|leave|taking|take|keeping|keep) ((?:[\w.'&-]+ ){1,3}?)out\b/g, 'excluding $1')
    .replace(
      /\b(?:leaving|leave|taking|take) out\b|\bnot counting\b|\bignoring\b|\bsetting aside\b|\bset aside\b|\bdisregarding\b/g,
      'excluding',
    )
    // "$$", "$$$": money.
    .replace(/\${2,}/g, ' money ')
    .replace(/\s*(?:==|=)\s*/g, ' ')
    // "the biggest $ ask": a dollar ask; "$ asked" alone: dollars.
    .replace(/\$\s+(?=(?:asks?|amounts?|figures?|values?|requests?|demands?)\b)/g, 'dollar ')
    .replace(/\$(?=\s|$)/g, 'dollars')
    // A dash between words is a space, except inside a domain or URL ("secure-refund.com/login" stays whole).
    .replace(/\S+/g, (t) => (/[a-z0-9]\.[a-z]{2,}(?:[/:?#]|[.,;:!?]*$)/.test(t) ? t : t.replace(/([a-z])-(?=[a-z])/g, '$1 ')))
    .replace(/(?<![\d.,$])\b4 (?=yesterday|today|this|last|the|tonight)/g, 'for ')
    // "$5,000" and "1,200 calls": thousands separators go before punctuation is dropped.
    .replace(/(\d),(?=\d{3}\b)/g, '$1');
  const words = text.split(/(\s+)/).map((tok) => {
    const m = /^([("']*)([a-z0-9#'&.-]+?)([)"'.,;:!?]*)$/.exec(tok);
    if (!m) return tok;
    const [, pre, w, post] = m;
    if (SHORTHAND[w] !== undefined) return pre + SHORTHAND[w] + post;
    if (names.has(w) || quoted.has(w) || !/^[a-z]+$/.test(w)) return tok;
    return pre + fix(w) + post;
  });
  return afterWords(words.join(''));
}

/** The word-level forms read once typos are fixed: tiers, weekends, weekdays, words taken back, interjections. */
function afterWords(text: string): string {
  return (
    text
      .replace(/\b(?:teir|tir|tire|tiar|tierr|tear)[\s-]*(?=[123]\b|one\b|two\b|three\b)/g, 'tier ')
      .replace(/\btier[\s-]*(?:1|one|i)\b/g, 'tier 1')
      .replace(/\btier[\s-]*(?:2|two|ii)\b/g, 'tier 2')
      .replace(/\btier[\s-]*(?:3|three|iii)\b/g, 'tier 3')
      .replace(/\bt([123])\b/g, 'tier $1')
      // Days named as the two parts of a week: "saturday and sunday" are the weekend, "mon to fri" the weekdays.
      // ("saturdays and sundays" are weekends in general; one saturday and sunday is the last weekend.)
      .replace(/\bsaturdays(?: and | ?\/ ?| ?\+ ?| )sundays\b/g, 'weekends')
      .replace(/\b(?:saturday|sat)(?: and | ?\/ ?| ?\+ ?| )(?:sunday|sun)\b/g, 'the weekend')
      .replace(/\b(?:mondays?|mon) ?(?:to|through|thru|till|until|-) ?(?:fridays?|fri)\b/g, 'weekdays')
      // "since mon", "on thurs": a weekday's short name after a word of time.
      .replace(
        /\b(since|on|last|this|from|before|after|until|till|through) (mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\b/g,
        (_m, w: string, d: string) => `${w} ${WEEKDAYS[d.slice(0, 3)]}`,
      )
      // "this month... i mean yesterday", "today, sorry, yesterday": a word taken back is replaced by the next.
      .replace(/\S+(?:\s*(?:\.{2,}|…|,|-+))*\s+(?:i mean|i meant|sorry|or rather|no wait|correction)(?:\s*[,:]|\.{2,}|…)?\s+(?=\S)/g, '')
      // "narrow that to tier 1", "restrict it to Texas", "filter those down to PayPal": only those.
      .replace(
        /^(?:(?:ok(?:ay)?|now|and|so|then|pls|please|can you|could you)\s+)*(?:narrow|restrict|limit|filter|cut|trim)(?: (?:that|it|this|those|them|these|the (?:list|results?|numbers?|figures?)))?(?: (?:down|back))? (?:to|by|for)(?: just| only)?\s+/,
        'only ',
      )
      // "tier1s", "tier 1s", "t1s": tier-1 calls.
      .replace(/\b(?:tier\s?|t)([123])s\b/g, 'tier $1 calls')
      // "the tier 1, tier 2 and tier 3 counts": the number of calls of each (one tier's count is read as a figure already).
      .replace(
        /\b((?:tier [123](?:,? (?:and |or |& )?|\/))+tier [123]) (?:counts?|numbers|totals|volumes?|figures)\b/g,
        'number of $1 calls',
      )
      // "repeat callers": caller IDs seen on more than one call.
      .replace(/\b(?:repeat(?:ed)?|returning|recurring|repeat) (?:callers|caller ids|numbers)\b/g, 'numbers that called more than once')
      // "wallet drops", "accounts dropped": identifiers given on calls, not a fall or a disconnect.
      .replace(
        /\b(wallets?|wallet addresses|crypto addresses|accounts?|account numbers?|routing numbers?|urls?|links?|addresses) (?:drops|dropped|dropping|dropped on calls)\b/g,
        '$1 named',
      )
      // "how much $ did they ask": money, as "how much money" reads.
      .replace(/\bhow much (?:dollars|\$+)(?= |$)/g, 'how much money')
      // "wow change", "w/w": week over week ("wow" alone is an exclamation).
      .replace(
        /\b(?:wow|w\/w)\b(?= (?:change|growth|trend|increase|decrease|drop|decline|comparison|numbers|calls|hook))/g,
        'week over week',
      )
      .replace(/\bm\/m\b/g, 'month over month')
      .replace(/[?!,;()[\]{}]/g, ' ')
      // A dash between words ("… last 7 days - how many?") is punctuation, not part of a word.
      .replace(/(^|\s)-+(?=\s|$)/g, ' ')
      .replace(/\.(?=\s|$)/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      // "hmm ok, and for amazon?": the interjection before a follow-up says nothing.
      .replace(
        /^(?:(?:hmm+|um+|uh+|ok(?:ay)?|cool|great|nice|right|alright|yeah|yep|sure|got it|thanks|thank you|perfect|interesting)\s+)+(?=(?:and|so|now|then|what|how|but|also|just|only)\b)/,
        '',
      )
  );
}

/** Whether every word of a phrase is an everyday or planner word (so the phrase is no name: "compare", "different"). */
export function isEveryday(phrase: string): boolean {
  return phrase.split(/\s+/).every((w) => w.length < 3 || LEXICON.has(w) || LEXICON.has(w.replace(/(?:'s|s|es)$/, '')));
}
