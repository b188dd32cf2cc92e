// The qualifiers of a question — "from Texas", "the Amazon ones", "paid with Zelle",
// "longer than 10 minutes", "tier 1", "mentioning Zelle and Chase", "from Canadian numbers" —
// read apart from what is asked, so every intent carries them into its tool calls. Values
// are kept as typed with the field they most likely belong to; values.ts matches them
// against the org's data when the plan runs.

import type { IntelField } from '../../domain/call.js';
import { TOLL_FREE_AREA_CODES, type CallerOrigin } from '../../domain/sliceFilter.js';
import { COMPARED_TO, hintsIn } from './hints.js';
import type { ValueField } from './values.js';
import { negationIn } from './negation.js';
import { isEveryday } from './normalise.js';
import { YES_NO_RE } from './reading.js';
import { askPresence, barIn, blank, durations, moneyBounds, repeats, take } from './thresholds.js';
import { transcriptTerms } from './transcriptTerms.js';
import { STATE_CODES, STATE_NAME_RE, STATES } from './vocabulary.js';
import type { Qualifiers } from './readingTypes.js';
export type { Mention, Qualifiers } from './readingTypes.js';

function origins(st: { text: string }, out: Qualifiers): void {
  const add = (o: CallerOrigin) => {
    if (!out.origins.includes(o)) out.origins.push(o);
  };
  take(st, /\b(?:from |in )?canad(?:a|ian)(?: (?:numbers?|phones?|callers?|area codes?|caller ids?))?\b/, () => add('canada'));
  take(st, /\btoll[- ]?free(?: (?:numbers?|callers?|caller ids?|lines?))?\b|\b(?:800|1-800) numbers?\b/, () => add('toll_free'));
  take(
    st,
    /\b(?:foreign|international|overseas|non[- ]?us|outside the us|outside the united states|abroad|from abroad)(?: (?:numbers?|phones?|callers?|calls?|caller ids?))?\b|\bfrom (?:another country|other countries|outside (?:the )?(?:us|u s|usa|united states|country))\b|\b(?:uk|india|indian|british) numbers?\b/,
    () => add('international'),
  );
  take(
    st,
    /\b(?:anonymous|withheld|blocked|hidden|private|restricted|no|unknown|missing|empty)(?: caller[- ]?ids?| numbers?| callers?)\b|\bwithout (?:a )?caller[- ]?id\b/,
    () => add('withheld'),
  );
}

function states(st: { text: string }, question: string, out: Qualifiers): void {
  take(
    st,
    new RegExp(
      `(?:\\b(?:from|in|out of|based in|calling from|callers? from)\\s+)?${STATE_NAME_RE.source}(?:\\s+(?:area codes?|numbers?|callers?))?`,
    ),
    (m) => {
      const code = STATES[m[1]];
      // "washington" alone next to "dc" is DC; handled by the longer name first.
      if (code && !out.states.includes(code)) out.states.push(code);
    },
  );
  // Codes typed in lower case ("tx", "fl") when no everyday word reads the same.
  take(st, /\b(tx|fl|ny|nj|ga|az|nc|sc|va|wa|nv|tn|ky|ct|ut|nm|ks|ia|ar|wv|wi|mn|md|dc|pr|ri|nh|vt|ak|sd|nd|wy|mt|ca|il)\b/, (m) => {
    const code = m[1].toUpperCase();
    if (!STATE_CODES.has(code)) return false;
    if (!out.states.includes(code)) out.states.push(code);
  });
  // Two-letter codes only as typed in capitals ("calls from TX"): "in", "or", "me" are words.
  for (const m of question.matchAll(/\b([A-Z]{2})\b/g)) {
    if (
      !STATE_CODES.has(m[1]) ||
      (['IT', 'OK', 'US', 'AM', 'PM', 'ID', 'IN', 'OR', 'ME', 'HI', 'DE', 'PA', 'MA', 'CO', 'AS'].includes(m[1]) &&
        !/\b(?:from|in|state)\s+$/.test(question.slice(0, m.index)))
    )
      continue;
    const code = m[1];
    take(st, new RegExp(`(?:\\b(?:from|in|state)\\s+)?\\b${code.toLowerCase()}\\b`), () => {
      if (!out.states.includes(code)) out.states.push(code);
    });
  }
}

/** Cue words before a value: which field it is likely to be in. */
const BEFORE_CUES: Array<[RegExp, ValueField[]]> = [
  [
    /\b(?:impersonat(?:ed|ing|e|es|ion of)|pretend(?:ed|ing|s)? to be(?: from)?|claim(?:ed|ing|s)? to be(?: from)?|posing as|posed as|said (?:they|he|she) (?:were|was) (?:from|with)|spoofing|fake)\s+(?:the\s+)?$/,
    ['impersonated_brand', 'impersonated_government_agency'],
  ],
  [
    /\b(?:paid|pay|paying|payment|payments|pay(?:ment)? (?:method|by|via|with|in|using))\s+(?:by|via|with|in|using|through)?\s*(?:a\s+|an\s+)?$/,
    ['payment_method'],
  ],
  [/\b(?:asked for|wanted|demanded|requested|asking for|want)\s+(?:a\s+|an\s+|some\s+)?$/, ['payment_method']],
  [/\b(?:mule|receiving|destination|payout|beneficiary|recipient) banks?\s+(?:was\s+|is\s+|named\s+|called\s+)?$/, ['mule_bank_name']],
  [/\bpersona\s+$/, ['persona']],
];
/** Cues that decide the field on their own ("Apple gift cards" is a gift card brand, whatever else Apple is). */
const STRONG_AFTER =
  /^\s+(?:lures?|lure categor(?:y|ies))\b|^\s+as (?:the |their |a )?(?:receiving|destination|payout|mule|beneficiary|recipient) bank\b|^\s+(?:bank )?(?:accounts?|account numbers?|mule accounts?)\b|^\s+gift ?cards?\b|^\s+persona\b|^\s+(?:wallets?|chain)\b|^\s+(?:payments?|transfers?)\b/;

const AFTER_CUES: Array<[RegExp, ValueField[]]> = [
  [/^\s+(?:bank )?(?:accounts?|account numbers?|mule accounts?)\b/, ['mule_bank_name']],
  [/^\s+as (?:the |their |a )?(?:receiving|destination|payout|mule|beneficiary|recipient) bank\b/, ['mule_bank_name']],
  [/^\s+bank\b/, ['mule_bank_name', 'impersonated_brand']],
  [/^\s+gift ?cards?\b/, ['gift_card_brand']],
  [/^\s+(?:lures?|lure categor(?:y|ies))\b/, ['lure_category']],
  [/^\s+(?:scams?|schemes?)\b/, ['lure_category', 'impersonated_brand', 'impersonated_government_agency']],
  [/^\s+(?:impersonat\w+|imposters?|impostors?|scammers?)\b/, ['impersonated_brand', 'impersonated_government_agency']],
  [/^\s+persona\b/, ['persona']],
  [/^\s+(?:payments?|transfers?)\b/, ['payment_method']],
  [/^\s+(?:wallets?|chain)\b/, ['crypto_chain']],
];

/** Values named by a hint word or after an impersonation / payment cue. */
function values(st: { text: string }, capitalised: (w: string) => boolean, out: Qualifiers): void {
  let lastEnd = -1;
  for (const h of hintsIn(st.text, capitalised)) {
    if (st.text.slice(h.index, h.index + h.length).trim() === '') continue; // taken with an earlier value
    // "gift card brands", "payment methods": the field itself, not one of its values.
    if (/^\s+(?:brands?|types?|names?|methods?|categor(?:y|ies))\b/.test(st.text.slice(h.index + h.length))) continue;
    const before = st.text.slice(0, h.index);
    const after = st.text.slice(h.index + h.length);
    // A cue right after the value is the more specific one ("asked for Apple gift cards" is a gift card brand).
    const post = AFTER_CUES.map(([re, f]) => [re.exec(after), f] as const).find(([m]) => m);
    const pre = post ? undefined : BEFORE_CUES.map(([re, f]) => [re.exec(before), f] as const).find(([m]) => m);
    let cued = post?.[1] ?? pre?.[1];
    // "Bank of America or Chase" after "impersonated": a value listed with another takes its cue.
    const prevMention = out.mentions[out.mentions.length - 1];
    const gap = lastEnd >= 0 ? before.slice(lastEnd) : '';
    if (
      !cued &&
      prevMention &&
      before.trim().length &&
      lastEnd >= 0 &&
      ((/(?:,|\bor|\band|\bnor|\bvs|\bversus)\s*$/.test(before) &&
        gap.replace(/(?:,|\bor\b|\band\b|\bnor\b|\bvs\b|\bversus\b|\s)+/g, '') === '') ||
        // "amazon more common than microsoft", "zelle calls fewer than venmo calls"
        COMPARED_TO.test(gap.replace(/\s*\bcalls?\b\s*/g, ' ').trim()))
    ) {
      cued = prevMention.fields;
    }
    // "impersonated Venmo": the verb names the field (a brand), even for a value known in another (a payment method).
    const naming = !!pre?.[0] && /impersonat|pretend|claim|posing|posed|spoofing/.test(pre[0][0]);
    const strong = (post && STRONG_AFTER.test(after)) || (naming && !cued?.some((f) => h.fields.includes(f)));
    const fields = cued
      ? strong
        ? [...new Set([...cued, ...h.fields])]
        : [...new Set([...cued.filter((f) => h.fields.includes(f)), ...h.fields, ...cued])]
      : h.fields;
    lastEnd = h.index + h.length;
    out.mentions.push({ typed: h.typed, surface: st.text.slice(h.index, h.index + h.length), fields });
    st.text = blank(st.text, h.index, h.length);
    // The cue goes with the value: "impersonating PayPal" is a filter, not a question about brands.
    if (
      pre?.[0] &&
      /impersonat|pretend|claim|posing|posed|spoofing|said|paid|pay|asked|wanted|demanded|requested|persona/.test(pre[0][0])
    ) {
      st.text = blank(st.text, pre[0].index, pre[0][0].length);
    }
    const imp = /^\s+(?:impersonat\w+|imposters?|impostors?)\b/.exec(after);
    if (imp) st.text = blank(st.text, h.index + h.length, imp[0].length);
    // "Apple gift cards", "the gift card lure": the words that decided the field go with the value.
    // (An account's words stay: "the Chase account" asks for the account.)
    const decided = strong && post?.[0] ? /^\s+(?:gift ?cards?|lures?|lure categor(?:y|ies))\b/.exec(after) : null;
    if (decided) st.text = blank(st.text, h.index + h.length, decided[0].length);
    // "the margaret persona": the persona's word names it, no ranking of personas.
    const own = fields.includes('persona') ? /^\s+persona\b/.exec(after) : null;
    if (own) st.text = blank(st.text, h.index + h.length, own[0].length);
  }
  // Values no hint knows, after a strong cue: "impersonating Globex", "claimed to be from Acme Corp".
  take(
    st,
    /\b(?:impersonat(?:ed|ing|e|es)|pretend(?:ed|ing|s)? to be(?: from)?|claim(?:ed|ing|s)? to be(?: from)?|posing as|posed as)\s+(?:the\s+|an?\s+)?([a-z0-9&'.]+(?: [a-z0-9&'.]+){0,3}?)(?=\s+(?:in|during|over|since|between|from|this|last|today|yesterday|on|so|and|or|with|for|calls?|scams?|who|that|which|how|lately|recently|the most|most)\b|\s*$)/,
    (m) => {
      const v = m[1].trim();
      if (
        /^(?:brands?|compan(?:y|ies)|agenc(?:y|ies)|banks?|someone|somebody|anyone|them|it|who|what|which|a brand|most|the most|government|calls?|scams?)\b/.test(
          v,
        ) ||
        isEveryday(v)
      )
        return false;
      out.mentions.push({ typed: v, fields: ['impersonated_brand', 'impersonated_government_agency'] });
    },
  );
  // "Acme gift cards", "paid with Western Union": an unknown name before/after a field cue.
  take(st, /\b([a-z][a-z0-9&'.]+(?: [a-z][a-z0-9&'.]+)?) gift ?cards?\b/, (m) => {
    const v = m[1].replace(
      /^(?:with|using|for|of|in|the|about|many|any|which|what|how|top|most|some|and|or|via|by|mention(?:ing)?|asked|ask|want(?:ed)?)\s+/,
      '',
    );
    if (isEveryday(v)) return false;
    out.mentions.push({ typed: v, fields: ['gift_card_brand'] });
  });
  take(
    st,
    /\b(?:paid|pay|paying|payment|payments)(?: (?:method|type))? (?:by|via|with|in|using|through) (?:a |an )?([a-z][a-z0-9&'.]+(?: [a-z][a-z0-9&'.]+)?)(?=\s+(?:in|during|over|since|this|last|today|yesterday|and|or|calls?|from)\b|\s*$)/,
    (m) => {
      const v = m[1].trim();
      if (isEveryday(v)) return false;
      out.mentions.push({ typed: v, fields: ['payment_method'] });
    },
  );
}

/**
 * A name no hint knows and no cue announces: "how many Acme calls", "the Globex scammers".
 * Matched against the org's values like any other, and said to be unknown when it is none of
 * them (weak: nothing says which field it belongs to).
 */
function unnamedValues(st: { text: string }, out: Qualifiers, capitalised: (w: string) => boolean): void {
  const name = "([a-z][a-z0-9&'.-]+(?: [a-z][a-z0-9&'.-]+)?)";
  // A verb after "persona" ("the harold persona handled") is what it did, not its name.
  const VERB_FORM = String.raw`[a-z]+(?:ed|ing)\b|(?:take|took|get|got|pick|answer|handle|field|make|made|is|was|were|are|do|did|does|has|had|have)\b`;
  // Stray words are no name: every word of a guessed name is one no everyday text uses ("handled the", "those involved" are not).
  // A name typed with capitals ("Xcel Energy", "Consolidated Edison") may hold an everyday word, not be one.
  const isName = (v: string) =>
    v.length >= 3 && !isEveryday(v) && !/\d/.test(v) && (v.split(' ').every((w) => !isEveryday(w)) || (v.includes(' ') && capitalised(v)));
  // "goldman sachs mule accounts", "at acme bank": a bank.
  take(st, new RegExp(`\\b${name} (?=(?:mule |bank )?accounts?\\b|bank\\b)`), (m) => {
    if (!isName(m[1])) return false;
    out.mentions.push({ typed: m[1], fields: ['mule_bank_name'] });
  });
  // "how many calls did gertrude pick up", "calls handled by gertrude": a persona.
  take(
    st,
    new RegExp(
      `\\b(?:did|does|has|had) ${name} (?=(?:pick up|answer|take|get|handle|field)\\b)|\\b(?:handled|answered|taken|picked up) by ${name}\\b|\\bpersona (?:called |named )?(?!${VERB_FORM})${name}\\b|\\b(?:the |our |a )?([a-z][a-z0-9'-]+) persona\\b`,
    ),
    (m) => {
      const v = m[1] ?? m[2] ?? m[3] ?? m[4];
      if (!isName(v)) return false;
      out.mentions.push({ typed: v, fields: ['persona'] });
    },
  );
  // "comcast impersonators", "the acme scammers": a brand or agency.
  take(st, new RegExp(`\\b${name} (?=(?:impersonators?|imposters?|impostors?|scammers?)\\b)`), (m) => {
    const v = m[1].replace(/^(?:the|any|all|many|how|what|which|of|for|from|by|about|with)\s+/, '').trim();
    if (!isName(v)) return false;
    out.mentions.push({ typed: v, fields: ['impersonated_brand', 'impersonated_government_agency'] });
  });
  // "callers pushed RustDesk", "calls naming Acme Corp": a name typed with capitals after what the calls did.
  take(
    st,
    new RegExp(
      `\\b(?:calls?|callers?|scammers?|they|fraudsters?|crooks?) (?:that |who |which )?[a-z]{3,}(?:ed|ing) (?:the |a |an )?${name}\\b`,
    ),
    (m) => {
      if (!capitalised(m[1]) || !isName(m[1])) return false;
      out.mentions.push({ typed: m[1], fields: [], weak: true });
    },
  );
  // "calls from bavaria": a place that is no US state (or a name that is no value).
  take(st, new RegExp(`\\bfrom ${name}(?=\\s+(?:this|last|today|yesterday|in|during|since|over|how|calls?|so|and)\\b|\\s*$)`), (m) => {
    if (!isName(m[1])) return false;
    out.mentions.push({ typed: m[1], fields: [], weak: true, place: true });
  });
  take(
    st,
    /\b(?:how many|number of|count of|any|all|the|show(?: me)?|list|were there|did we get) ([a-z][a-z0-9&'.-]{2,}(?: [a-z][a-z0-9&'.-]{2,})?) (?=(?:calls?|scams?|scammers?|impersonators?|callers?|ones)\b)/,
    (m) => {
      const v = m[1].replace(/^(?:the|any|all|many|much|how|what|which|did|do|were|are|of|for|from|by|about|with)\s+/, '').trim();
      if (v.length < 3 || isEveryday(v) || /\d/.test(v)) return false;
      // Words the planner reads elsewhere ("tier", "hooked", "today") are never names, unless typed as one.
      if (!isName(v)) return false;
      out.mentions.push({ typed: v, fields: [], weak: true });
    },
  );
}

const HAS: Array<[RegExp, IntelField]> = [
  [/phishing (?:urls?|links?|sites?|websites?|domains?)|phishing|(?:fake |scam )?(?:urls?|links?|websites?)/, 'phishing_url'],
  [/crypto wallets?|wallet address(?:es)?|(?:crypto )?wallets?/, 'crypto_wallet_address'],
  [/(?:mule )?drop address(?:es)?|mailing address(?:es)?|physical address(?:es)?/, 'physical_mule_drop_address'],
  [/routing numbers?/, 'mule_bank_routing_number'],
  [
    /(?:(?:mule )?bank |mule )?account numbers?|(?:mule )?bank accounts?|mule accounts?|bank (?:account )?details/,
    'mule_bank_account_number',
  ],
  [/account holders?(?: names?)?/, 'mule_account_holder_name'],
  [/remote (?:desktop|access) (?:tools?|apps?)|remote (?:tools?|apps?)|screen ?sharing/, 'remote_desktop_app'],
  [/fake (?:company|companies|org(?:ani[sz]ation)?s?)(?: names?)?/, 'synthetic_org'],
  [/fake (?:agent )?names?|agent names?/, 'fake_agent_name'],
  [/gift card brands?/, 'gift_card_brand'],
  [/(?:government )?agency|agencies/, 'impersonated_government_agency'],
];

/**
 * Any verb in the past or -ing form between the calls and the intel ("calls that pushed a
 * phishing link", "calls revealing a wallet"): the verb list below is the common ones, this the
 * rest; any of them may take a particle ("gave up", "read out"). Not the verbs of posing as someone, read above.
 */
const ANY_VERB = String.raw`(?:that |which )?(?!(?:impersonat|pos|claim|pretend|receiv|hook|target|aim|call|ask)[a-z]*\b)[a-z]{3,}(?:ed|ing)`;

/** "sent people to", "told the victim to go to", "pointed victims at": where the calls sent them (a link, an address). */
const SENT_TO = String.raw`\b(?:sent|sending|told|telling|directed|directing|pushed|pushing|pointed|pointing|steered|steering|urged|urging|asked|asking|instructed|instructing)\s+(?:the\s+|our\s+|a\s+)?(?:victims?|persona|honeypot|people|them|her|him|grandma|grandpa|targets?)\s+(?:to|at|toward|towards)(?:\s+(?:go\s+to|visit|open|use|click(?:\s+on)?|log\s+in(?:to|\s+to)?|enter))?`;

/** "with a phishing URL", "that had a crypto wallet": intel the calls must have. */
function hasFields(st: { text: string }, out: Qualifiers): void {
  const ends: number[] = [];
  // "calls that posed as a retail company", "posing as any government agency": calls naming one, whichever.
  const POSED = String.raw`\b(?:that |which |who |where they )?(?:impersonat(?:ed|ing|es?)|pos(?:ed|ing|es?) as|claim(?:ed|ing|s)? to be|pretend(?:ed|ing|s)? to be) (?:a|an|any|some)`;
  const POSES: Array<[RegExp, IntelField]> = [
    [
      new RegExp(
        `${POSED} (?:real |named |company |corporate |commercial |retail |business |private )?(?:brands?|compan(?:y|ies)|business(?:es)?|firms?)\\b`,
      ),
      'impersonated_brand',
    ],
    [new RegExp(`${POSED} (?:government |federal |state )?(?:agenc(?:y|ies)|department|office)\\b`), 'impersonated_government_agency'],
  ];
  for (const [re, field] of POSES)
    take(st, re, () => {
      if (!out.has.includes(field)) out.has.push(field);
    });
  for (const [re, field] of HAS) {
    take(
      st,
      new RegExp(
        `(?:\\b(?:with|having|that (?:had|has|have|contained|contains?|included?|gave|gave us|handed over|handed us|shared|provided|sent|used|named|mentioned)|which (?:had|has|have)|containing|including|where (?:they|the scammer|the caller) (?:gave|sent|shared|used|handed over|provided))|(?<=^|\\b(?:calls?|scammers?|callers?|they|ones) )(?:had|have|gave|give|giving|gave us|shared|share|sharing|provided|provide|providing|sent|send|sending|contained|contain|contains|included|include|including|mentioned|mention|mentioning|named|name|naming|used|use|using|quoted|quoting|dropped|dropping|handed over|hand over|${ANY_VERB})|${SENT_TO})(?:\\s+(?:up|out|over|off|across))?\\s+(?:(?:both|either)\\s+)?(?:(?:a|an|any|some|the|their|his|her)\\s+)?(?:${re.source.replace(/ /g, '\\s+')})\\b`,
      ),
      (m) => {
        // "a Chase mule account" (the bank already read as a value) names the bank, not an account number.
        const banked = field === 'mule_bank_account_number' && !/number|details/.test(m[0]);
        if (banked && out.mentions.some((x) => x.fields.includes('mule_bank_name'))) return;
        if (!out.has.includes(field)) out.has.push(field);
        ends.push(m.index + m[0].length);
      },
    );
  }
  // "had both a gift card brand and a crypto wallet": the fields listed after the first take its verb.
  for (let i = 0; i < ends.length; i++) {
    for (const [re, field] of HAS) {
      const next = new RegExp(`^\\s*(?:,|and|&|plus|as well as)\\s+(?:also\\s+)?(?:(?:a|an|any|some|the)\\s+)?(?:${re.source})\\b`).exec(
        st.text.slice(ends[i]),
      );
      if (!next) continue;
      if (!out.has.includes(field)) out.has.push(field);
      st.text = blank(st.text, ends[i], next[0].length);
      ends.push(ends[i] + next[0].length);
      break;
    }
  }
}

/** "had any intel extracted", "with intel", "that yielded no intel": calls with (or without) any intel field. */
function anyIntel(st: { text: string }, out: Qualifiers): void {
  const INTEL = String.raw`(?:intel(?:ligence)?|extracted (?:intel|data|details|indicators)|indicators|iocs?)(?: (?:extracted|pulled|captured|at all))?`;
  const DID = '(?:had|has|have|gave(?: us| up)?|yielded|produced|returned|carried|carry|carries|came with|come with|contained|held)';
  const VERB = String.raw`(?:with(?:out)?|having|that ${DID}|which ${DID}|${DID})`;
  take(st, new RegExp(String.raw`\b${VERB}(?: (?:any|some|no|zero))? ${INTEL}\b`), (m) => {
    out.hasIntel = !/\b(?:without|no|zero)\b/.test(m[0]);
  });
}

/**
 * A name in quotes that no transcript phrase took ("cited the 'Global Refund Alliance'"): one value
 * as typed, of whichever field holds it (none: not found), never its words read one by one.
 */
function quotedNames(st: { text: string }, out: Qualifiers): void {
  take(st, /(?:^|(?<=\s))(["'])([^"']{2,80}?)\1(?=[\s?.!,;:]|$)/, (m) => {
    const v = m[2].trim();
    if (!/[a-z]/.test(v) || isEveryday(v)) return false;
    out.mentions.push({ typed: v, fields: [], weak: true });
  });
}

/** Reads every qualifier of the (normalised, time-phrase-free) text. */
export function qualifiersIn(text: string, question: string, capitalised: (w: string) => boolean): Qualifiers {
  const out: Qualifiers = { mentions: [], q: [], states: [], tiers: [], origins: [], areaCodes: [], has: [], rest: text };
  const st = { text };
  const negated = negationIn(st, (phrase) => qualifiersIn(phrase, question, capitalised), out);
  if (negated) out.negated = negated;
  const bar = YES_NO_RE.test(text) ? barIn(st) : null;
  if (bar) out.bar = bar;
  askPresence(st, out);
  transcriptTerms(st, question, out.q);
  quotedNames(st, out);
  moneyBounds(st, out);
  durations(st, out);
  take(st, /\barea codes? ((?:\d{3})(?:(?:,| or| and|\/) ?\d{3})*)\b|\b([2-9]\d\d) (?:area code|numbers?|callers?|phones?)\b/, (m) => {
    // "800 numbers" are toll-free: a caller origin, not a geographic area code.
    if (!m[1] && TOLL_FREE_AREA_CODES.includes(m[2])) return false;
    for (const c of (m[1] ?? m[2]).match(/\d{3}/g) ?? []) if (!out.areaCodes.includes(c)) out.areaCodes.push(c);
  });
  repeats(st, out);
  origins(st, out);
  states(st, question, out);
  values(st, capitalised, out);
  hasFields(st, out);
  anyIntel(st, out);
  unnamedValues(st, out, capitalised);
  // "tier 2 or better" (tier 1 is the best): tiers 1 and 2; "tier 2 or lower": tiers 2 and 3.
  take(
    st,
    /\btier ([123]) (?:or|and) (better|higher|above|up|worse|lower|below|down)\b|\btier ([123]) (?:or|and) (?:better|higher)\b/,
    (m) => {
      const n = Number(m[1]);
      const up = /better|higher|above|up/.test(m[2]);
      for (const t of [1, 2, 3].filter((x) => (up ? x <= n : x >= n))) if (!out.tiers.includes(t)) out.tiers.push(t);
    },
  );
  for (const m of st.text.matchAll(/\btier ([123])\b/g)) if (!out.tiers.includes(Number(m[1]))) out.tiers.push(Number(m[1]));
  // "not hooked" is a filter (its words are not the hooked-calls figure); "hooked" may be either.
  take(st, /\b(?:not|un|non)[- ]?hooked\b|\bweren'?t hooked\b|\bwasn'?t hooked\b|\bdidn'?t (?:get )?hook(?:ed)?\b/, () => {
    out.hooked = false;
  });
  if (out.hooked === undefined && /\bhooked\b/.test(st.text)) out.hooked = true;
  // "TRON wallets", "a wallet on the ETH chain": the chain is the wallet's; calls naming the chain, address given or not.
  if (out.mentions.some((m) => m.fields[0] === 'crypto_chain')) out.has = out.has.filter((f) => f !== 'crypto_wallet_address');
  out.rest = st.text.replace(/\s+/g, ' ').trim();
  return out;
}
