// Transcript searches a question asks for — "mentioning X", "that say X", "talked about X",
// "told the victim to X", quoted text — and the words of such text worth searching one by one.

import { hintsIn } from './hints.js';
import { take } from './thresholds.js';

/** Splits "zelle and chase", "bitcoin, gift cards or zelle" into terms. */
function terms(s: string): string[] {
  return s
    .split(/\s*(?:,|\band\b|\bor\b|&|\bplus\b|\bas well as\b)\s*/)
    .map((t) =>
      t
        .replace(/^(?:both|either|the (?:word|words|phrase|term)s?|a|an|the)\s+/, '')
        .replace(/^["']|["']$/g, '')
        .trim(),
    )
    .filter((t) => t.length >= 2);
}

const CONTENT_END =
  '(?=\\s+(?:in the (?:last|past)|this|last|today|yesterday|since|during|over the|from the|by|per|vs|versus|compared (?:to|with)|against|than|and how|how many|count|number of|total number|please)\\b|$)';

/**
 * Fields extracted from the calls, named after "contained" or "mentioned": "a phishing link", "a
 * crypto wallet", "an account number"; listed ones ("both a wallet and a routing number") too.
 */
const INTEL_WORDS = String.raw`(?:(?:a|an|any|some|the)\s+)?(?:phishing (?:urls?|links?|sites?|websites?|domains?)|(?:crypto )?wallets?(?: address(?:es)?)?|wallet address(?:es)?|routing numbers?|(?:mule |bank |mule bank )?account numbers?|(?:mule )?drop address(?:es)?|remote (?:desktop|access) (?:tools?|apps?)|gift card brands?)`;
/** "go to", "visit", "log in to": the verb before a place they were sent. */
const WENT_TO =
  /^(?:go|going|head|visit|visiting|open|opening|click(?: on)?|use|using|log ?in(?:to| to)?|enter|navigate)(?: to| on| into)? /;
const INTEL_START = new RegExp(`^${INTEL_WORDS}\\b`);
const INTEL_NOUN = new RegExp(`^(?:(?:both|either)\\s+)?${INTEL_WORDS}(?:\\s+(?:and|or)\\s+${INTEL_WORDS})*$`);

/** Transcript searches: "mentioning X", "that say X", "talked about X", "told the victim to X", quoted text. */
export function transcriptTerms(st: { text: string }, question: string, out: string[]): void {
  const quoted = [...question.matchAll(/["“]([^"”]{2,200})["”]/g)].map((m) => m[1].trim().toLowerCase());
  const cues = [
    `\\b(?:mention(?:s|ed|ing)?|say(?:s|ing)?|said|contain(?:s|ed|ing)?|talk(?:s|ed|ing)? about|(?:that |which )?(?:bring|brought) up|referenc(?:e|es|ed|ing)|with the (?:word|words|phrase|term)s?|including the (?:word|phrase)s?|about the (?:word|phrase)s?)\\s+(.+?)${CONTENT_END}`,
    `\\b(?:told|tell|telling|asked|asking|instructed|instructing|directed|pushed|pushing|urged|sent|sending) (?:the |our |a )?(?:victim|persona|honeypot|caller|person|grandma|grandpa|them|her|him|people|victims|target) (?:to )?(.+?)${CONTENT_END}`,
    `\\b(?:threaten(?:ed|ing|s)?)(?: (?:the |our )?(?:victim|persona|them|her|him|people|with))* (.+?)${CONTENT_END}`,
  ];
  // "the window we're talking about": the conversation, not what callers talked about.
  st.text = st.text
    .replace(
      /\b(?:(?:that|which) )?(?:we|i|you)(?:'re| are| were| was|'ve been| have been)? (?:talking|talked|speaking|spoke|chatting) about\b/g,
      ' ',
    )
    .replace(/\s+/g, ' ');
  for (const cue of cues) {
    take(st, new RegExp(cue), (m) => {
      let v = m[1].trim();
      // "what the caller said in that transcript", "said it": no text to search for.
      if (
        /^(?:in|on|to|that|this|it|so|those|them|these|anything|something|what|about|the transcripts?|transcripts?|they|he|she|we|you|i)\b/.test(
          v,
        ) &&
        !quoted.length
      )
        return false;
      // "calls that contained (mentioned) a crypto wallet": an extracted field the calls have (qualifiers.ts), not words said.
      if (!quoted.length && /^(?:contain|mention)/.test(m[0]) && INTEL_NOUN.test(v)) return false;
      // "sent people to a phishing site (on …)": where they were sent is the extracted field, not words said.
      if (
        !quoted.length &&
        /^(?:told|tell|asked|asking|instruct|direct|push|urged|sen[dt])/.test(m[0]) &&
        INTEL_START.test(v.replace(WENT_TO, ''))
      )
        return false;
      const q = quoted.find((x) => v.includes(x.replace(/["']/g, '')));
      if (q) {
        out.push(q);
        return;
      }
      v = v.replace(/\s+(?:in|on) (?:the )?(?:transcripts?|calls?)$/, '').replace(/\s+calls?$/, '');
      const parts = terms(v);
      // A long clause is searched by its key words: the phrase as typed rarely appears verbatim.
      for (const p of parts) out.push(...keyPhrase(p));
    });
  }
  for (const q of quoted) if (!out.includes(q)) out.push(q);
}

const FILLER = new Set([
  'go',
  'to',
  'a',
  'an',
  'the',
  'some',
  'any',
  'their',
  'his',
  'her',
  'them',
  'him',
  'buy',
  'get',
  'got',
  'use',
  'pay',
  'with',
  'in',
  'at',
  'of',
  'for',
  'on',
  'by',
  'that',
  'they',
  'would',
  'will',
  'could',
  'be',
  'been',
  'is',
  'are',
  'was',
  'were',
  'going',
  'coming',
  'come',
  'came',
  'and',
  'or',
  'it',
  'call',
  'calls',
  'nearest',
  'local',
  'up',
  'out',
  'down',
  'you',
  'your',
  'we',
  'our',
]);

/** The words of transcript text worth searching for one by one. */
export function contentWords(q: string): string[] {
  return q
    .split(' ')
    .filter(
      (w) =>
        w.length >= 3 &&
        !FILLER.has(w) &&
        !/^(?:said|told|says|tell|asked|about|there|here|this|these|those|when|what|then|than|just|very|really|from|into|onto|have|has|had|did|does|done)$/.test(
          w,
        ),
    );
}

/** The words of a clause worth searching: "go to a bitcoin atm" → "bitcoin atm", "the police were coming" → "police". */
function keyPhrase(p: string): string[] {
  const words = p.split(' ').filter(Boolean);
  // A name the hint list knows is searched whole ("bank of america").
  const whole = hintsIn(p);
  if (words.length <= 3 && (!words.some((w) => FILLER.has(w)) || (whole.length === 1 && whole[0].length === p.length))) {
    return [words.join(' ').replace(/(?<=[a-z]{3}[^s])s$/, '')];
  }
  const kept = words.filter((w) => !FILLER.has(w));
  if (!kept.length) return [];
  // Adjacent kept words stay one phrase; the longest run wins ("bitcoin atm").
  const runs: string[][] = [];
  let run: string[] = [];
  for (const w of words) {
    if (FILLER.has(w)) {
      if (run.length) runs.push(run);
      run = [];
    } else run.push(w);
  }
  if (run.length) runs.push(run);
  runs.sort((a, b) => b.length - a.length);
  return [runs[0].join(' ').replace(/(?<=[a-z]{3}[^s])s$/, '')];
}
