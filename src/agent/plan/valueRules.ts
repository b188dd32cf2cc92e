// Query rules of values: a value of any field the lexicon holds (its calls' figure, the other
// fields of its calls, when it last came), and a value named with its field that the data does
// not hold (said not found, with the query that counted 0). Part of the rule table (queryRules.ts).

import { nCalls } from '../say/answer.js';
import { LEXICON_FIELDS, type FoundValue, type LexiconEntry, type LexiconField } from '../read/lexicon.js';
import { fieldIn } from '../read/reading.js';
import { FIELD_PATTERNS } from '../read/vocabulary.js';
import { canon } from '../read/values.js';
import { isEveryday } from '../read/normalise.js';
import { isDimensionField } from '../../domain/query/catalog.js';
import { fmtWhen } from '../say/when.js';
import type { Filters } from './intents.js';
import { numbers, QUANTITIES, quantityIn } from './quantity.js';
import {
  cap,
  identifierWindow,
  queryFilters,
  windowOf,
  windowSaid,
  withoutInside,
  type QueryPlan,
  type QueryRule,
  type RuleInput,
} from './ruleKit.js';
import { ALL_TIME, windowArgs, type WindowSpec } from '../read/windowSpec.js';
// ------------------------------------------------------------------ values of any field

/** Fields only the lexicon reads (the planner's own qualifiers read brands, banks, states…). */
export const LEXICON_ONLY = new Set<LexiconField>([
  'fake_agent_name',
  'synthetic_org',
  'physical_mule_drop_address',
  'crypto_wallet_address',
  'mule_bank_account_number',
  'mule_bank_routing_number',
  'mule_account_holder_name',
  'phishing_url',
  'caller_id',
]);

/** The values named of the lexicon-only fields (an area code only after the words "area code"). */
export function namedValues(input: RuleInput): FoundValue[] {
  return input.found
    .map((v) => ({ ...v, entries: v.entries.filter((e) => LEXICON_ONLY.has(e.field)) }))
    .filter((v) => v.entries.length > 0);
}

/** The field used for a value, and a note when another field holds it too (the field with more calls wins). */
function pickField(v: FoundValue): { entry: LexiconEntry; note: string } {
  const sorted = [...v.entries].sort((a, b) => b.calls - a.calls);
  const entry = sorted[0];
  const others = sorted.slice(1).map((e) => LEXICON_FIELDS[e.field]);
  const parts: string[] = [];
  if (v.fuzzy) parts.push(`I read "${v.typed}" as the ${LEXICON_FIELDS[entry.field]} "${entry.value}"`);
  if (others.length) parts.push(`"${entry.value}" is also a ${others.join(' and a ')}; I counted it as a ${LEXICON_FIELDS[entry.field]}`);
  return { entry, note: parts.length ? ` (${parts.join('; ')}.)` : '' };
}

/** Fields whose values identify a mule or a drop: asked about, their calls' other fields answer. */
const IDENTIFIERS = new Set<LexiconField>([
  'mule_bank_routing_number',
  'mule_bank_account_number',
  'mule_account_holder_name',
  'crypto_wallet_address',
  'physical_mule_drop_address',
  'phishing_url',
  'caller_id',
]);

/** The field a question asks of an identifier's calls, by its word (not the identifier's own field). */
const RELATED_FIELDS: Array<[RegExp, LexiconField]> = [
  [
    /\b(?:account )?holders?\b|\bwhose name\b|\bin whose name\b|\bwho (?:owns|holds)\b|\bname on (?:the |that |this )?account\b/,
    'mule_account_holder_name',
  ],
  [/\b(?:block ?)?chains?\b|\bnetwork\b|\bcoin\b|\bcurrency\b/, 'crypto_chain'],
  [/\bbanks?\b/, 'mule_bank_name'],
  [/\brouting(?: numbers?)?\b/, 'mule_bank_routing_number'],
  [/\baccount numbers?\b/, 'mule_bank_account_number'],
  [/\bbrands?\b|\bimpersonat\w*\b/, 'impersonated_brand'],
];

const relatedField = (text: string, own: LexiconField): LexiconField | null =>
  RELATED_FIELDS.find(([re, f]) => f !== own && re.test(text))?.[1] ?? null;

function valueFigure(input: RuleInput): QueryPlan | null {
  const named = namedValues(input);
  if (named.length !== 1) return null;
  const { entry, note } = pickField(named[0]);
  const inside = withoutInside(input.reading.base, input.found);
  // "calls that used the drop address …": the value says it; no "has" filter of its field beside it.
  const has = inside.has?.filter((f) => f !== entry.field);
  const base: Filters = { ...inside, has: has?.length ? has : undefined };
  const filters = queryFilters(base);
  if (!filters) return null;
  const spec = input.reading.window;
  const own = ['is', entry.field, [entry.value]];
  const label = `${LEXICON_FIELDS[entry.field]} ${entry.value}`;
  // "which bank is routing number 021000021", "who is the holder of account 123456789", "which chain is
  // wallet bc1q… on": another field of the calls with that identifier, as they gave it.
  const asked =
    IDENTIFIERS.has(entry.field) && /\b(?:which|what|whose|who)\b/.test(input.text) ? relatedField(input.text, entry.field) : null;
  if (asked) {
    const what = LEXICON_FIELDS[asked];
    // Who is behind an identifier does not depend on a window: with none named, the lexicon's whole year.
    const named = input.reading.windows.length > 0;
    const spec: WindowSpec = named ? input.reading.window : { kind: 'range', range: '365d' };
    return {
      queries: [{ metrics: ['calls_received'], dimensions: [asked], filters: [own, ...filters], ...windowArgs(spec, input.now) }],
      filters: base,
      say: ([r]) => {
        const rows = r.results.filter((x) => x.dimensions[0] !== null);
        const list = rows.map((x) => `${String(x.dimensions[0])} (${nCalls(Number(x.metrics[0]))})`).join(', ');
        return rows.length
          ? `${cap(windowSaid(spec, r.range))}, calls with ${label} named the ${what} ${list}.${note}`
          : `${cap(windowSaid(spec, r.range))}, no call with ${label} named a ${what}.${note}`;
      },
    };
  }
  // "which gift card brands did Kevin ask for", "top brands for Secure Tech LLC": a field's values over its calls.
  // The field asked is read without the value's own words ("Meridian Crypto Fund" names no chain).
  const typed = named[0].typed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const without = input.reading.rest.replace(new RegExp(`['"‘“]?\\b${typed}\\b['"’”]?`), ' ');
  // The value's own field word ("the fake agent …, which brand") is no field asked: the first other one is.
  const by = FIELD_PATTERNS.find(([f, re]) => f !== entry.field && re.test(without))?.[0] ?? fieldIn(without);
  if (
    by &&
    by !== entry.field &&
    isDimensionField(by) &&
    /\b(?:which|what|top|most|main|list|by|per|across|breakdown|split)\b/.test(input.text)
  ) {
    return {
      queries: [{ metrics: ['calls_received'], dimensions: [by], filters: [own, ['has', by], ...filters], ...windowOf(input), limit: 10 }],
      filters: base,
      say: ([r]) => {
        const rows = r.results.map((x) => `${String(x.dimensions[0])} (${nCalls(Number(x.metrics[0] ?? 0))})`);
        const what = LEXICON_FIELDS[by as LexiconField] ?? by.replace(/_/g, ' ');
        return rows.length
          ? `${cap(windowSaid(spec, r.range))}, calls with ${label} by ${what}: ${rows.join(', ')}.${note}`
          : `${cap(windowSaid(spec, r.range))}, no call with ${label} named a ${what}.${note}`;
      },
    };
  }
  // "when did Kevin last call": the newest quarter hour holding one of its calls.
  const latest = /\bwhen\b.*?\b(last|latest|most recent|first|earliest)\b/.exec(input.reading.rest);
  if (latest) {
    const first = /first|earliest/.test(latest[1]);
    return {
      queries: [
        {
          metrics: ['calls_received'],
          dimensions: ['time:15min'],
          filters: [own, ...filters],
          ...windowOf(input),
          order_by: [['time:15min', first ? 'asc' : 'desc']],
          limit: 1,
        },
      ],
      filters: base,
      say: ([r]) => {
        const row = r.results[0];
        return row
          ? `${cap(windowSaid(spec, r.range))}, the ${first ? 'first' : 'latest'} call with ${label} came in the quarter hour from ${fmtWhen(String(row.dimensions[0]))}.${note}`
          : `${cap(windowSaid(spec, r.range))}, no call with ${label}.${note}`;
      },
    };
  }
  // The quantity asked of its calls: a rate, asks, dollars, a length; calls when none is named.
  const q = quantityIn(input.reading.rest) ?? QUANTITIES.calls;
  // An identifier asked about with no window ("how many calls gave wallet bc1q…"): its whole history, not the default week.
  const over: WindowSpec = IDENTIFIERS.has(entry.field) ? identifierWindow(input) : spec;
  return {
    queries: [{ metrics: q.metrics, filters: [own, ...filters], ...windowArgs(over, input.now) }],
    filters: base,
    say: ([r]) => {
      const m = numbers(r.results[0]?.metrics ?? q.metrics.map(() => 0));
      // "any calls with …?", "did Kevin call this week?": Yes or No first, from the count.
      const yesNo = q.id === 'calls' && /^(?:any|are there|were there|was there|is there|did|do|does|has|have)\b/.test(input.text);
      const lead = yesNo ? (m[0] > 0 ? 'Yes. ' : 'No. ') : '';
      // A true zero says so plainly, with what was counted (the query is in tool_calls).
      if (q.id === 'calls' && m[0] === 0)
        return `${lead}None: ${windowSaid(over, r.range)} no call had ${label} (the query over that window counted 0).${note}`;
      return `${lead}${cap(windowSaid(over, r.range))}, calls with ${label}: ${q.say(m)}.${note}`;
    },
  };
}

// ------------------------------------------------------------------ a value the data does not hold, named with its field

/** A field's word, then the value as typed: a name after "agent", an identifier after "wallet", "account", "routing". */
const UNKNOWN_CUES: Array<[RegExp, LexiconField]> = [
  // A holder's name after its words: "the account holder 'Jane Roe'", "in the name of Jane Roe".
  [
    /\b(?:account holder|holder|holder name|account name|name on the account|in the name of)(?: named| called| name| of)?:? ['"‘“]?([A-Z][\w'-]+(?: [A-Z][\w'-]+){0,2})/,
    'mule_account_holder_name',
  ],
  // A chain named with its word: "on the Cardano chain", "Tezos network".
  [/\b([A-Za-z][\w-]+) (?:chain|blockchain|network)\b/, 'crypto_chain'],
  [/\b(?:fake agent|agent|rep|representative)(?: names?| named| called)?:? ['"‘“]?([A-Z][\w'-]+(?: [A-Z][\w'-]+)?)/, 'fake_agent_name'],
  // The name a caller gave himself: "called himself Ray Dunn", "went by the name of Ray", "introduced herself as Ann".
  [
    /\b(?:call(?:ed|ing|s)|introduc(?:ed|ing|es)|identif(?:ied|ying|ies)|nam(?:ed|ing|es)|present(?:ed|ing|s)) (?:him|her|them)sel(?:f|ves)(?: as)? ['"‘“]?([A-Z][\w'-]+(?: [A-Z][\w'-]+)?)|\b(?:went|going|goes|go) by(?: the name(?: of)?)? ['"‘“]?([A-Z][\w'-]+(?: [A-Z][\w'-]+)?)|\bgave (?:his|her|their) name as ['"‘“]?([A-Z][\w'-]+(?: [A-Z][\w'-]+)?)/,
    'fake_agent_name',
  ],
  [/\b(?:wallet|wallet address|address) ((?:bc1|0x|[13T])[A-Za-z0-9]{20,})\b/, 'crypto_wallet_address'],
  // A phone number written as one (+1, brackets or separators), wherever it stands: a caller line.
  [/(?<![\d+])(\+1[\s.-]?\d{3}[\s.-]?\d{3}[\s.-]?\d{4}|\(\d{3}\) ?\d{3}[\s.-]\d{4}|\b\d{3}[.-]\d{3}[.-]\d{4})(?!\d)/, 'caller_id'],
  [/\b(?:account|acct)(?: number| no\.?| #)? #?(\d{6,17})\b/i, 'mule_bank_account_number'],
  [/\brouting(?: number| no\.?| #)? #?(\d{9})\b/i, 'mule_bank_routing_number'],
  // A street address typed whole ("42 Elm Street, Springfield, IL 62701"), wherever it stands.
  [
    /\b(\d{1,6} [A-Z][\w.'-]*(?: [A-Z][\w.'-]*){0,3} (?:St|Street|Ave|Avenue|Rd|Road|Blvd|Boulevard|Dr|Drive|Ln|Lane|Way|Ct|Court|Pl|Place|Hwy|Highway|Pkwy|Parkway|Ter|Terrace|Cir|Circle)\.?(?:,? (?:Apt|Suite|Ste|Unit) ?[\w-]+)?,? [A-Z][A-Za-z.' ]+,? [A-Z]{2}(?: \d{5})?)\b/,
    'physical_mule_drop_address',
  ],
  [
    /\b(?:fake company|synthetic org(?:anisation|anization)?|org(?:anisation|anization)?|company)(?: names?| named| called)?:? ['"‘“]?([A-Z][\w&'.-]+(?: [A-Z][\w&'.-]+){0,4})/,
    'synthetic_org',
  ],
];

/**
 * A name typed before its field's word ("the Beatrix persona", "Cardano wallets", "Amazon gift
 * cards"): a value of that field only, so a name another field holds ("Amazon", a brand) is
 * still not found as a gift card brand.
 */
const NAME_BEFORE_FIELD: Array<[RegExp, LexiconField]> = [
  // "named Acme Bank as the receiving bank", "the payout bank was Acme Bank".
  [
    /\b([A-Z][\w&'.-]+(?: [A-Z][\w&'.-]+){0,3}) (?:as|for) (?:the |their |a )?(?:receiving|destination|payout|mule|beneficiary|recipient) (?:bank|account)s?\b(?! (?:holders?|numbers?|names?|owners?))|\b(?:receiving|destination|payout|mule|beneficiary|recipient) bank(?: was| is| named| called|:)? ['"‘“]?([A-Z][\w&'.-]+(?: [A-Z][\w&'.-]+){0,3})/,
    'mule_bank_name',
  ],
  [/\b([A-Z][\w'-]+) (?:persona|personas)\b|\bpersona(?: named| called)? ['"‘“]?([A-Z][\w'-]+)/, 'persona'],
  [/\b([A-Z][\w-]+) (?:wallets?|coins?|tokens?|addresses)\b/, 'crypto_chain'],
  [/\b([A-Z][\w'&.-]+(?: [A-Z][\w'&.-]+){0,2}) gift ?cards?\b/, 'gift_card_brand'],
  // A scam type as stored (capitals, underscores) before its word: "ROMANCE lure calls", "the PET_SCAM scam type".
  [/\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*) (?:lures?|scam types?|lure categor(?:y|ies))\b/, 'lure_category'],
];

/** The field and value a question names that the lexicon does not hold. */
export function unknownNamed(input: RuleInput): { field: LexiconField; value: string; strict?: boolean } | null {
  const raw = input.raw ?? '';
  for (const [re, field] of UNKNOWN_CUES) {
    const m = re.exec(raw);
    const typed = m?.slice(1).find(Boolean);
    if (!typed) continue;
    // "going by Eastern time": a zone, no name.
    if (/^\s+time\b/i.test(raw.slice(m!.index + m![0].length))) continue;
    const trimmed = typed.replace(/[?.!,'"’”]+$/, '');
    // A caller line as stored: +1 and its ten digits.
    const value = field === 'caller_id' ? `+1${trimmed.replace(/\D/g, '').slice(-10)}` : trimmed;
    const key = canon(trimmed);
    // A value the lexicon found in these words is known (a state inside an address is another field's value).
    const known = input.found.some(
      (f) => ` ${f.typed} `.includes(` ${key} `) || (` ${key} `.includes(` ${f.typed} `) && f.entries.some((e) => e.field === field)),
    );
    if (isEveryday(key) || known) continue;
    return { field, value };
  }
  for (const [re, field] of NAME_BEFORE_FIELD) {
    const m = re.exec(raw);
    // A question's first words are no part of the name ("Any Best Buy gift cards?": Best Buy).
    const value = m
      ?.slice(1)
      .find(Boolean)
      ?.replace(/[?.!,'"’”]+$/, '')
      .replace(/^(?:(?:Any|All|The|Our|Their|Which|What|How|Top|Those|These|This|That|Did|Do|Were|Was|Are|Is|Many|Much) )+/, '');
    if (!value || /^(?:The|Our|Their|Which|What|How|Any|All|Top|Those|These|This|That|Crypto|Bitcoin)$/.test(value)) continue;
    const key = canon(value);
    const inField = input.found.some((f) => f.typed === key && f.entries.some((e) => e.field === field));
    const held = input.lookup?.(key) ?? [];
    // A word the reading knows ("paypal") is still a name when the data holds it in another field.
    const everyday = isEveryday(key) && held.length === 0;
    if (!everyday && !inField && !held.some((e) => e.field === field)) return { field, value, strict: true };
  }
  return null;
}

function unknownValue(input: RuleInput): QueryPlan | null {
  const named = unknownNamed(input);
  if (!named) return null;
  const what = LEXICON_FIELDS[named.field];
  return {
    // The proof: the value counted over the lexicon's whole range, with the key's slice.
    queries: [{ metrics: ['calls_received'], filters: [['is', named.field, [named.value]]], ...windowArgs(ALL_TIME, input.now) }],
    filters: input.reading.base,
    say: ([r]) => {
      const n = Number(r.results[0]?.metrics[0] ?? 0);
      if (n > 0) return `${cap(windowSaid(ALL_TIME, r.range))}, calls with ${what} ${named.value}: ${nCalls(n)}.`;
      return `I found no ${what} "${named.value}" in the calls this key can read: ${windowSaid(ALL_TIME, r.range)} no call had it (the query counted 0), so there is nothing to count for it. Check the spelling, or ask which ${what.endsWith('s') ? `${what}es` : `${what}s`} were seen.`;
    },
  };
}

// ------------------------------------------------------------------ the rules

export const A_VALUE_THE_DATA_DOES_NOT_HOLD: QueryRule = {
  // Before a place of an address: a whole address the data does not hold is no state's calls.
  id: 'a-value-the-data-does-not-hold',
  cue: /\b(?:agent|rep|representative|wallets?|address|account|acct|routing|company|org|organisation|organization|holder|name of|chain|blockchain|network|personas?|coins?|tokens?|gift ?cards?|(?:him|her|them)sel(?:f|ves)|went by|go(?:es|ing)? by|name as|bank|lures?|scam types?)\b|\d{3}\D{0,2}\d{4}\b/,
  // A name typed before its field's word is that field's value, even when another field holds it.
  guard: (i) => {
    const named = unknownNamed(i);
    return named !== null && (named.strict === true || namedValues(i).length === 0);
  },
  build: unknownValue,
  examples: ['calls with agent Zorblax this month', 'any calls naming wallet bc1qnotarealwallet000000000000000'],
};

export const A_VALUE_OF_ANY_FIELD: QueryRule = {
  id: 'a-value-of-any-field',
  cue: /./,
  guard: (i) => namedValues(i).length === 1 && !/\b(?:show|list|give me (?:the )?calls|latest|newest|transcript)\b/.test(i.text),
  build: valueFigure,
  examples: ['how many calls with the fake agent Kevin this month', 'calls from Secure Tech LLC', 'which bank is routing number 021000021'],
};
