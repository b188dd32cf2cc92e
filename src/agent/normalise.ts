// The question as the planner reads it: lower case, plain quotes and dashes, tier spellings
// unified, punctuation dropped, and typos of the words it knows fixed ("hw many calsl
// today" → "how many calls today"). Words typed with a capital or in quotes are names, and
// are left as typed; values are matched against the org's data later (values.ts).

import { HINTS } from './hints.js';
import { allowedTypos, editDistance } from './values.js';
import { DISCONNECT_PATTERNS, FIELD_PATTERNS, METRIC_PATTERNS, STATES } from './vocabulary.js';

/** Shorthand analysts type. */
const SHORTHAND: Record<string, string> = {
  hw: 'how', hm: 'how many', u: 'you', r: 'are', ur: 'your', pls: 'please', plz: 'please', thx: 'thanks', yday: 'yesterday',
  yest: 'yesterday', ystrday: 'yesterday', tdy: 'today', tday: 'today', '2day': 'today', wk: 'week', wks: 'weeks', mo: 'month',
  mos: 'months', mth: 'month', yr: 'year', yrs: 'years', hr: 'hour', hrs: 'hours', avg: 'average', mny: 'many', hte: 'the',
  teh: 'the', cls: 'calls', clls: 'calls', hwmany: 'how many', howmany: 'how many', tot: 'total', amt: 'amount', '#': 'number of', num: 'number',
  w: 'with', wo: 'without', b4: 'before', abt: 'about', thru: 'through', bc: 'because', ppl: 'people', msgs: 'messages',
  whats: "what's", wat: 'what', wht: 'what', whch: 'which', hwo: 'how', dont: "don't", didnt: "didn't", isnt: "isn't",
  info: 'information', stats: 'stats', vs: 'vs', v: 'vs', gc: 'gift card', gcs: 'gift cards', cc: 'credit card',
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
long longer short shorter minutes minute seconds second explain chart panel those them these ones only just also`.split(/\s+/);

function wordsOf(source: string): string[] {
  return source.match(/[a-z]{3,}/g) ?? [];
}

const LEXICON = new Set<string>([
  ...ENGLISH,
  ...METRIC_PATTERNS.flatMap(([, re]) => wordsOf(re.source)),
  ...FIELD_PATTERNS.flatMap(([, re]) => wordsOf(re.source)),
  ...DISCONNECT_PATTERNS.flatMap(([, re]) => wordsOf(re.source)),
  ...HINTS.flatMap(([re]) => wordsOf(re.source)),
  ...Object.keys(STATES).flatMap((s) => s.split(' ')),
  ...`calls call received hooked hook rate tier tiers brands brand impersonated impersonating impersonate lures lure
  payment payments method methods agency agencies government remote desktop tools tool chain chains gift cards transcript
  transcripts summary overview compare compared comparison versus trend trends going rising falling increasing decreasing
  yesterday today tonight morning week weeks month months quarter year fortnight monday tuesday wednesday thursday friday
  saturday sunday weekend lately recently since ago between dollars asked dangled average median longest shortest duration
  length confidence insights extracted extraction mule routing wallets disconnect disconnected hung active live right now
  where states state texas geography area codes top most least common frequent popular list show give tell many much how
  which what who when total count number overall breakdown per daily hourly weekly`.split(/\s+/),
].filter((w) => w.length >= 3));

const KNOWN = [...LEXICON];

/** The known word a typed word most likely is, or the word itself. */
function fix(word: string): string {
  if (word.length < 4 || LEXICON.has(word) || /\d/.test(word)) return word;
  // Plurals and possessives of known words are not typos.
  if (LEXICON.has(word.replace(/(?:'s|s|es)$/, ''))) return word;
  const max = allowedTypos(word.length);
  let best: string | null = null;
  let bestD = max + 1;
  let tie = false;
  for (const k of KNOWN) {
    if (Math.abs(k.length - word.length) > max) continue;
    const d = editDistance(word, k, max);
    if (d < bestD) {
      best = k;
      bestD = d;
      tie = false;
    } else if (d === bestD && best !== null && k !== best) {
      tie = true;
    }
  }
  // A typo needs the same first letter or a swap of the first two ("hte" → "the").
  if (!best || tie || (best[0] !== word[0] && !(best[0] === word[1] && best[1] === word[0]))) return word;
  return best;
}

/** The question's words typed with a capital (names: "Chase", "Walter"), lower-cased. */
export function capitalisedWords(question: string): Set<string> {
  return new Set((question.match(/(?<![.?!]\s|^)\b[A-Z][A-Za-z0-9&'.-]*/g) ?? []).map((w) => w.toLowerCase()));
}

export function normalise(question: string): string {
  const names = capitalisedWords(question);
  const quoted = new Set((question.match(/["“][^"”]*["”]/g) ?? []).flatMap((q) => q.toLowerCase().match(/[a-z0-9']+/g) ?? []));
  const text = question
    .toLowerCase()
    .replace(/[‘’`]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/#/g, ' # ');
  const words = text.split(/(\s+)/).map((tok) => {
    const m = /^([("']*)([a-z0-9#'&.-]+?)([)"'.,;:!?]*)$/.exec(tok);
    if (!m) return tok;
    const [, pre, w, post] = m;
    if (SHORTHAND[w] !== undefined) return pre + SHORTHAND[w] + post;
    if (names.has(w) || quoted.has(w) || !/^[a-z]+$/.test(w)) return tok;
    return pre + fix(w) + post;
  });
  return words
    .join('')
    .replace(/\btier[\s-]*(?:1|one|i)\b/g, 'tier 1')
    .replace(/\btier[\s-]*(?:2|two|ii)\b/g, 'tier 2')
    .replace(/\btier[\s-]*(?:3|three|iii)\b/g, 'tier 3')
    .replace(/\bt([123])\b/g, 'tier $1')
    .replace(/[?!,;()[\]{}]/g, ' ')
    .replace(/\.(?=\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
