// Negated properties: "not cleanly closed", "weren't tier 1", "without an extraction", "not
// about Amazon", "didn't ask for gift cards", "other than Texas". The tools select calls by
// what they have, never by what they lack (hooked aside, which has a false filter), so the
// negated phrase is read as its positive and the calls lacking it are counted as all calls
// minus those having it, over the same window and filters.

import type { Qualifiers } from './readingTypes.js';
import { blank } from './thresholds.js';
import type { NegatedFigure, Negation } from './readingTypes.js';
export type { NegatedFigure, Negation } from './readingTypes.js';

const CUE =
  /\b(?:not|never|without|excluding|except(?: for)?|other than|apart from|aside from|besides|non|(?:did|does|do|was|were|is|are|has|have|had|could|would|can)n'?t|(?:with|had|has|have|got|gave|produced|yielded|showed|contained|returned|where) no)\b[- ]?/g;

/** Where the negated phrase ends: a new clause or the calls it is about; "or" stays in ("not tier 1 or 2"). */
const STOP = /\b(?:and|but|so|who|which|that|how|what|when|where|why|calls?|ones?|compared|vs|versus|per)\b|[,;?!.]/;

const FIGURES: Array<[RegExp, NegatedFigure]> = [
  [
    /\bclean(?:ly)?[- ]?(?:closed|close[sd]?|closures?|ended|endings?)\b|\b(?:closed|close|ended|end|finished|finish|hung up|hang up) cleanly\b/,
    'cleanly_closed',
  ],
  [/\bhigh[- ]?confidence\b|\bconfident\b/, 'high_confidence_insights'],
  [/\b(?:extractions?|insights?|extracted)\b/, 'insights_produced'],
  [/^(?:a |any )?tier\b(?! ?[123])|\b(?:a|any) tier\b(?! ?[123])|\btiered\b/, 'tiered'],
];

/** A qualifier the positive phrase gave (a value, a state, a tier, a bound …). */
function qualified(q: Qualifiers): boolean {
  return (
    q.mentions.length > 0 ||
    q.q.length > 0 ||
    q.states.length > 0 ||
    q.tiers.length > 0 ||
    q.origins.length > 0 ||
    q.areaCodes.length > 0 ||
    q.has.length > 0 ||
    [q.minDurationSec, q.maxDurationSec, q.minAsked, q.maxAsked, q.minAsks, q.minSingleAsk].some((v) => v !== undefined)
  );
}

/**
 * The first negated property of the text, blanked out of it; `parse` reads the qualifiers of
 * the positive phrase. "Not hooked" sets the hooked filter to false instead (it is exact).
 * Text that is no property ("not sure", "no calls", "no caller ID") is left as it was.
 */
export function negationIn(
  st: { text: string },
  parse: (phrase: string) => Qualifiers,
  out: { hooked?: boolean; hasIntel?: boolean },
): Negation | null {
  // Quoted text is transcript text, never a negation.
  const searched = st.text.replace(/["“][^"”]*["”]/g, (m) => ' '.repeat(m.length));
  for (const cue of searched.matchAll(CUE)) {
    const from = cue.index + cue[0].length;
    const after = searched.slice(from);
    const stop = STOP.exec(after);
    const words = (stop ? after.slice(0, stop.index) : after).split(' ').filter(Boolean).slice(0, 6);
    const phrase = words.join(' ');
    if (!phrase || /^(?:just|only|even|sure|yet|counting|including|more than once)\b/.test(phrase)) continue;
    const end = from + new RegExp(`^\\s*(?:\\S+\\s+){${words.length - 1}}\\S+`).exec(after)![0].length;
    const said = st.text.slice(cue.index, end).trim();
    const hook = /\bhook(?:ed)?\b/.exec(after);
    if (hook && /\bhook(?:ed)?\b/.test(phrase)) {
      // Only up to "hooked": "non-hooked microsoft calls" keeps its brand.
      out.hooked = false;
      st.text = blank(st.text, cue.index, from + hook.index + hook[0].length - cue.index);
      continue;
    }
    // "no intel at all", "without any intelligence": the has_intel filter, exact like "not hooked".
    const intel = /^(?:(?:any|some|the) )?(?:intel(?:ligence)?|iocs?|indicators)\b/.exec(phrase);
    if (intel) {
      out.hasIntel = false;
      st.text = blank(st.text, cue.index, from + intel.index + intel[0].length - cue.index);
      continue;
    }
    const figure = FIGURES.find(([re]) => re.test(phrase) && !/\btier [123]\b/.test(phrase))?.[1];
    // "without a phishing link", "had no bank account": the intel named alone is had ("with …").
    // "payment methods other than gift cards": the words before the cue tell what a bare value
    // is, so the phrase is read after them too (the cue left out), keeping its own values only.
    const inContext = (own: Qualifiers): Qualifiers => {
      const before = parse(`${st.text.slice(0, cue.index)} ${phrase}`);
      return { ...own, mentions: before.mentions.filter((m) => m.surface !== undefined && phrase.includes(m.surface)) };
    };
    const own = figure ? undefined : parse(phrase);
    const quals = own && ([own, parse(`with ${phrase}`)].find(qualified) ?? [inContext(own)].find(qualified));
    if (!figure && !quals) continue;
    st.text = blank(st.text, cue.index, end - cue.index);
    return figure ? { said, figure } : { said, quals };
  }
  return null;
}
