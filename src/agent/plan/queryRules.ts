// Question classes answered through the query language: one table of rules
// `{id, cue, guard, build, examples}`. A rule's cue is read on the normalised question; its
// guard can look at the rest of the reading (the window, the filters, the values named); its
// build turns them into typed queries (POST /api/query's body) and a composer that writes the
// answer from the query results only. The first rule whose cue and guard hold wins; when none
// does, the built-in planner (plan.ts) answers as before.
//
// Adding a class: add one entry to QUERY_RULES with the phrasings it must answer as examples,
// and a test in test/agent/query.test.ts whose expected figures come from the fixture calls.

import { fmtInt, fmtPct, fmtSec, nCalls } from '../say/answer.js';
import { LEXICON_FIELDS, type FoundValue, type LexiconEntry, type LexiconField } from '../read/lexicon.js';
import { comparedWindows, SHARE_RE } from './planRules.js';
import { fieldIn, topNumber } from '../read/reading.js';
import { canon } from '../read/values.js';
import { isEveryday } from '../read/normalise.js';
import { isDimensionField } from '../../domain/query/catalog.js';
import { fmtWhen } from '../say/when.js';
import { FRAME_RULES } from './frames.js';
import type { Filters } from './intents.js';
import { numbers, QUANTITIES, quantityIn, TIER1_SHARE_RE } from './quantity.js';
import { ABOUT_ASKS, askBoundsIn, boundedAsks } from './askBounds.js';
import {
  cap,
  filtersSaid,
  queryFilters,
  ruleFilters,
  windowOf,
  windowSaid,
  withoutInside,
  type QueryPlan,
  type QueryRule,
  type RuleInput,
} from './ruleKit.js';
import { resolve, windowArgs, type WindowSpec } from '../read/windowSpec.js';
import { formatUtc } from '../../domain/window.js';

// ------------------------------------------------------------------ values of any field

/** Fields only the lexicon reads (the planner's own qualifiers read brands, banks, states…). */
const LEXICON_ONLY = new Set<LexiconField>([
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
function namedValues(input: RuleInput): FoundValue[] {
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
  const by = fieldIn(input.reading.rest);
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
  return {
    queries: [{ metrics: q.metrics, filters: [own, ...filters], ...windowOf(input) }],
    filters: base,
    say: ([r]) => {
      const m = numbers(r.results[0]?.metrics ?? q.metrics.map(() => 0));
      // "any calls with …?", "did Kevin call this week?": Yes or No first, from the count.
      const yesNo = q.id === 'calls' && /^(?:any|are there|were there|was there|is there|did|do|does|has|have)\b/.test(input.text);
      const lead = yesNo ? (m[0] > 0 ? 'Yes. ' : 'No. ') : '';
      // A true zero says so plainly, with what was counted (the query is in tool_calls).
      if (q.id === 'calls' && m[0] === 0)
        return `${lead}None: ${windowSaid(spec, r.range)} no call had ${label} (the query over that window counted 0).${note}`;
      return `${lead}${cap(windowSaid(spec, r.range))}, calls with ${label}: ${q.say(m)}.${note}`;
    },
  };
}

// ------------------------------------------------------------------ calls not hooked, of a value

/** Every value named, of any field, as `is` filters (the first field holding each). */
const valueFilters = (found: FoundValue[]) => found.map((v) => ['is', v.entries[0].field, [v.entries[0].value]]);

function notHooked(input: RuleInput): QueryPlan | null {
  const { hooked: _h, ...base } = input.reading.base;
  const filters = queryFilters(withoutInside(base, input.found));
  if (!filters) return null;
  const named = valueFilters(input.found);
  const spec = input.reading.window;
  const about = input.found.map((v) => `${LEXICON_FIELDS[v.entries[0].field]} ${v.entries[0].value}`);
  return {
    queries: [{ metrics: ['calls_received'], dimensions: ['hooked'], filters: [...named, ...filters], ...windowOf(input) }],
    filters: base,
    say: ([r]) => {
      const count = (h: boolean) => Number(r.results.find((x) => x.dimensions[0] === h)?.metrics[0] ?? 0);
      const [no, yes] = [count(false), count(true)];
      const of = about.length ? ` with ${about.join(' and ')}` : '';
      const were = (n: number) => (n === 1 ? 'was' : 'were');
      return `${cap(windowSaid(spec, r.range))}: ${nCalls(no)}${of} ${were(no)} not hooked, and ${fmtInt(yes)} ${were(yes)} (${nCalls(no + yes)} in all).`;
    },
  };
}

// ------------------------------------------------------------------ the asks of the calls named

function asksOfCalls(input: RuleInput): QueryPlan | null {
  const filters = ruleFilters(input);
  if (!filters) return null;
  const spec = input.reading.window;
  const q = QUANTITIES.asks;
  return {
    queries: [{ metrics: q.metrics, filters, ...windowOf(input) }],
    filters: input.reading.base,
    say: ([r]) => {
      const m = numbers(r.results[0]?.metrics ?? [0, 0, 0]);
      return `${cap(windowSaid(spec, r.range))}${filtersSaid(input)}: ${q.say(m)}, in ${nCalls(m[2])}.`;
    },
  };
}

// ------------------------------------------------------------------ calls with an ask

function callsWithAnAsk(input: RuleInput): QueryPlan | null {
  const { min_single_ask: _m, ...base } = input.reading.base;
  const filters = ruleFilters(input, base);
  if (!filters) return null;
  const spec = input.reading.window;
  return {
    // Every single ask is at least $0: the calls with one or more asks, and those asks.
    queries: [
      { metrics: ['calls_received', 'asks', 'total_dollars_asked'], filters: [['gte', 'dollar_ask', 0], ...filters], ...windowOf(input) },
    ],
    filters: base,
    say: ([r]) => {
      const [calls, asks, total] = numbers(r.results[0]?.metrics ?? [0, 0, 0]);
      return `${cap(windowSaid(spec, r.range))}${filtersSaid(input, base)}: ${nCalls(calls)} had at least one dollar ask (${QUANTITIES.asks.say([asks, total])}).`;
    },
  };
}

// ------------------------------------------------------------------ the share of tier 1

/** "the tier 1 rate": tier-1 calls over all calls of the other filters (the tier is the figure, not a filter). */
function tier1Share(input: RuleInput): QueryPlan | null {
  const { tier: _t, ...base } = input.reading.base;
  const filters = ruleFilters(input, base);
  if (!filters) return null;
  const spec = input.reading.window;
  const q = QUANTITIES.tier1_share;
  return {
    queries: [{ metrics: q.metrics, filters, ...windowOf(input) }],
    filters: base,
    say: ([r]) => `${cap(windowSaid(spec, r.range))}${filtersSaid(input, base)}: ${q.say(numbers(r.results[0]?.metrics ?? [0, 0]))}.`,
  };
}

// ------------------------------------------------------------------ how many distinct identifiers

const DISTINCT_FIELDS: Array<[RegExp, LexiconField]> = [
  [/\bwallets?(?: addresses)?\b/, 'crypto_wallet_address'],
  [/\b(?:mule )?account numbers?\b|\bmule accounts?\b|\bbank accounts?\b/, 'mule_bank_account_number'],
  [/\brouting numbers?\b/, 'mule_bank_routing_number'],
  [/\bphishing (?:urls?|links?|sites?|domains?)\b/, 'phishing_url'],
  [/\bdrop addresses\b|\bmule drop(?: address)?s\b/, 'physical_mule_drop_address'],
  [/\b(?:fake )?agent names?\b|\bfake agents?\b|\bagents\b/, 'fake_agent_name'],
  [/\bsynthetic org(?:anisation|anization)?s?\b|\bfake (?:companies|company names|orgs?|organisations|organizations)\b/, 'synthetic_org'],
  [/\baccount holders?\b|\bholder names?\b/, 'mule_account_holder_name'],
  [/\barea codes?\b/, 'caller_area_code'],
];

function distinctValues(input: RuleInput): QueryPlan | null {
  const hit = DISTINCT_FIELDS.find(([re]) => re.test(input.reading.rest));
  const filters = ruleFilters(input);
  if (!hit || !filters) return null;
  const field = hit[1];
  const r0 = input.reading;
  // Two windows named ("this month vs last month"): the second is the query's comparison window.
  const [a, b] =
    r0.windows.length >= 2
      ? comparedWindows(
          r0.windows.map((w) => w.spec),
          r0.shift,
          null,
          r0.rest,
          input.now,
        )
      : [null, null];
  const spec = a ?? r0.window;
  const compare = b ? resolve(b, input.now) : null;
  const what = (n: number) => `${LEXICON_FIELDS[field]}${n === 1 ? '' : LEXICON_FIELDS[field].endsWith('s') ? 'es' : 's'}`;
  return {
    queries: [
      {
        metrics: [`distinct:${field}`, 'calls_received'],
        filters: [['has', field], ...filters],
        ...windowArgs(spec, input.now),
        ...(compare ? { compare: { start: formatUtc(compare.start), end: formatUtc(compare.end) } } : {}),
      },
    ],
    filters: input.reading.base,
    say: ([r]) => {
      const row = r.results[0];
      const [n, calls] = numbers(row?.metrics ?? [0, 0]);
      const now = `${cap(windowSaid(spec, r.range))}${filtersSaid(input)}: ${fmtInt(n)} different ${what(n)}, named in ${nCalls(calls)}.`;
      if (!b || !r.comparison_range) return now;
      const [n2, calls2] = numbers(row?.comparison?.metrics ?? [0, 0]);
      return `${now} ${cap(windowSaid(b, r.comparison_range))}: ${fmtInt(n2)} different ${what(n2)}, named in ${nCalls(calls2)}.`;
    },
  };
}

// ------------------------------------------------------------------ a ranking of identifiers

/** "top agents", "which drop addresses were used the most": a field of identifiers ranked by calls. */
const RANKED = String.raw`(?:top|most|leading|biggest|main|busiest|hardest|heaviest|highest|largest|which \d+)`;
const IDENTIFIER = String.raw`(?:address|wallet|account|holder|phishing|url|link|domain|area code)`;
const RANKING_CUE = new RegExp(String.raw`\b${RANKED}\b.*\b${IDENTIFIER}|\b${IDENTIFIER}\w*\b.*\b${RANKED}\b`);

/** Identifiers the get_topn tool does not rank (the planner ranks agents, fake companies and routing numbers). */
const RANKED_BY_QUERY = new Set<LexiconField>([
  'physical_mule_drop_address',
  'crypto_wallet_address',
  'mule_bank_account_number',
  'mule_account_holder_name',
  'phishing_url',
  'caller_area_code',
]);
const rankedField = (rest: string) => DISTINCT_FIELDS.find(([re, f]) => RANKED_BY_QUERY.has(f) && re.test(rest));

function identifierRanking(input: RuleInput): QueryPlan | null {
  const hit = rankedField(input.reading.rest);
  const filters = ruleFilters(input);
  if (!hit || !filters) return null;
  const field = hit[1];
  const n = topNumber(input.text) ?? 10;
  const spec = input.reading.window;
  return {
    queries: [{ metrics: ['calls_received'], dimensions: [field], filters: [['has', field], ...filters], ...windowOf(input), limit: n }],
    filters: input.reading.base,
    say: ([r]) => {
      const rows = r.results.map((x) => `${String(x.dimensions[0])} (${nCalls(Number(x.metrics[0] ?? 0))})`);
      const name = LEXICON_FIELDS[field];
      if (!rows.length)
        return `None: ${windowSaid(spec, r.range)} no call${filtersSaid(input).replace(/^, counting only calls/, '')} named a ${name} (the query counted 0).`;
      return `The most frequent ${name}${rows.length === 1 ? '' : name.endsWith('s') ? 'es' : 's'} ${windowSaid(spec, r.range)}${filtersSaid(input)}, by number of calls: ${rows.join(', ')}.`;
    },
  };
}

// ------------------------------------------------------------------ a value the data does not hold, named with its field

/** A field's word, then the value as typed: a name after "agent", an identifier after "wallet", "account", "routing". */
const UNKNOWN_CUES: Array<[RegExp, LexiconField]> = [
  [/\b(?:fake agent|agent|rep|representative)(?: names?| named| called)?:? ['"‘“]?([A-Z][\w'-]+(?: [A-Z][\w'-]+)?)/, 'fake_agent_name'],
  [/\b(?:wallet|wallet address|address) ((?:bc1|0x|[13T])[A-Za-z0-9]{20,})\b/, 'crypto_wallet_address'],
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

/** The field and value a question names that the lexicon does not hold. */
function unknownNamed(input: RuleInput): { field: LexiconField; value: string } | null {
  const raw = input.raw ?? '';
  for (const [re, field] of UNKNOWN_CUES) {
    const m = re.exec(raw);
    if (!m) continue;
    const value = m[1].replace(/[?.!,'"’”]+$/, '');
    const key = canon(value);
    // A value the lexicon found in these words is known (a state inside an address is another field's value).
    const known = input.found.some(
      (f) => ` ${f.typed} `.includes(` ${key} `) || (` ${key} `.includes(` ${f.typed} `) && f.entries.some((e) => e.field === field)),
    );
    if (isEveryday(key) || known) continue;
    return { field, value };
  }
  return null;
}

function unknownValue(input: RuleInput): QueryPlan | null {
  const named = unknownNamed(input);
  if (!named) return null;
  const what = LEXICON_FIELDS[named.field];
  return {
    // The proof: the value counted over the lexicon's whole range, with the key's slice.
    queries: [{ metrics: ['calls_received'], filters: [['is', named.field, [named.value]]], range: '365d' }],
    filters: input.reading.base,
    say: ([r]) => {
      const n = Number(r.results[0]?.metrics[0] ?? 0);
      if (n > 0) return `${cap(windowSaid({ kind: 'range', range: '365d' }, r.range))}, calls with ${what} ${named.value}: ${nCalls(n)}.`;
      return `I found no ${what} "${named.value}" in the calls this key can read: ${windowSaid({ kind: 'range', range: '365d' }, r.range)} no call had it (the query counted 0), so there is nothing to count for it. Check the spelling, or ask which ${what.endsWith('s') ? `${what}es` : `${what}s`} were seen.`;
    },
  };
}

// ------------------------------------------------------------------ calls with an address in a place

function addressInPlace(input: RuleInput): QueryPlan | null {
  const q = quantityIn(input.reading.rest) ?? QUANTITIES.calls;
  const filters = ruleFilters(input);
  if (!filters?.some((f) => f[0] === 'contains')) return null;
  const spec = input.reading.window;
  const distinct = /\bhow many (?:different |distinct |unique )?(?:drop |mule )?addresses\b/.test(input.text);
  const metrics = distinct ? ['distinct:physical_mule_drop_address', 'calls_received'] : q.metrics;
  return {
    queries: [{ metrics, filters, ...windowOf(input) }],
    filters: input.reading.base,
    say: ([r]) => {
      const m = numbers(r.results[0]?.metrics ?? metrics.map(() => 0));
      const figure = distinct
        ? `${fmtInt(m[0])} different drop ${m[0] === 1 ? 'address' : 'addresses'}, named in ${nCalls(m[1])}`
        : q.say(m);
      // None there: said plainly, with what was counted (the query is in tool_calls).
      if ((distinct ? m[1] : m[0]) === 0)
        return `None: ${windowSaid(spec, r.range)} no call${filtersSaid(input).replace(/^, counting only calls/, '')} (the query counted 0).`;
      return `${cap(windowSaid(spec, r.range))}${filtersSaid(input)}: ${figure}.`;
    },
  };
}

// ------------------------------------------------------------------ links on a domain

/** A domain as typed ("cryptocomclaims.com", "bofa-login42.xyz"): phishing URLs are stored whole, with their path. */
const TLD = '(?:com|net|org|info|xyz|live|site|online|top|io|co|us|biz|app|support|help|shop|link|click|vip|cc|me)';
const DOMAIN = new RegExp(String.raw`\b((?:[a-z0-9-]+\.)+${TLD})\b(?![.@])`);
const DOMAIN_RAW = new RegExp(String.raw`\b((?:[A-Za-z0-9-]+\.)+${TLD})\b(?![.@])`, 'i');

function linksOnDomain(typed: RuleInput, m: RegExpExecArray): QueryPlan | null {
  // As typed (hyphens kept); words inside it ("bofa" of bofa-login42.xyz) are no brand, bank or transcript term.
  const domain = (DOMAIN_RAW.exec(typed.raw ?? '')?.[1] ?? m[1]).toLowerCase();
  const letters = (x: string) => x.toLowerCase().replace(/[^a-z0-9]/g, '');
  const inside = (x: string) =>
    ` ${canon(domain)} `.includes(` ${canon(x)} `) || (letters(x).length >= 3 && letters(domain).includes(letters(x)));
  const base = Object.fromEntries(
    Object.entries(typed.reading.base).filter(([, v]) => !(Array.isArray(v) && v.some((x) => typeof x === 'string' && inside(x)))),
  ) as Filters;
  const input: RuleInput = {
    ...typed,
    found: typed.found.filter((f) => !inside(f.typed)),
    reading: { ...typed.reading, base, mentions: typed.reading.mentions.filter((x) => !inside(x.surface ?? x.typed)) },
  };
  const filters = ruleFilters(input, base);
  if (!filters) return null;
  const q = quantityIn(input.reading.rest) ?? QUANTITIES.calls;
  const spec = input.reading.window;
  return {
    queries: [{ metrics: q.metrics, filters: [['contains', 'phishing_url', [domain]], ...filters], ...windowOf(input) }],
    filters: input.reading.base,
    say: ([r]) => {
      const v = numbers(r.results[0]?.metrics ?? q.metrics.map(() => 0));
      if (q.id === 'calls' && v[0] === 0)
        return `None: ${windowSaid(spec, r.range)} no call gave a phishing URL on ${domain} (the query counted 0).`;
      return `${cap(windowSaid(spec, r.range))}${filtersSaid(input)}, calls with a phishing URL on ${domain}: ${q.say(v)}.`;
    },
  };
}

// ------------------------------------------------------------------ a share within a group of calls

/** "what share of tier 1 calls asked for gift cards": the group after "of" is the whole, the rest its part. */
const GROUP_SHARE =
  /\b(?:share|percent(?:age)?|proportion|fraction|ratio|what %|how many percent) of (?:the |all |our |those )?(tier ?([123])|hooked|cleanly closed|high[- ]confidence) calls?\b(?= (?:that|which|who|were|was|with|had|have|asked|asking|wanted|impersonat\w*|from|named|gave|mentioned|came|used|claimed|pretended|paid|in|on)\b)/;

const GROUP_FILTER = (m: RegExpExecArray): { filter: unknown[]; name: string; drop: string } => {
  if (m[2]) return { filter: ['is', 'tier', [Number(m[2])]], name: `tier-${m[2]} calls`, drop: 'tier' };
  if (m[1] === 'hooked') return { filter: ['is', 'hooked', [true]], name: 'hooked calls', drop: 'hooked' };
  if (m[1] === 'cleanly closed') return { filter: ['is', 'cleanly_closed', [true]], name: 'cleanly closed calls', drop: 'cleanly_closed' };
  return { filter: ['gte', 'auditor_confidence', 0.7], name: 'high-confidence calls', drop: '' };
};

function shareOfGroup(input: RuleInput, m: RegExpExecArray): QueryPlan | null {
  const group = GROUP_FILTER(m);
  const { [group.drop as 'tier']: _g, ...base } = input.reading.base;
  const part = ruleFilters(input, base);
  if (!part || !part.length) return null;
  const spec = input.reading.window;
  return {
    queries: [
      { metrics: ['calls_received'], filters: [group.filter, ...part], ...windowOf(input) },
      { metrics: ['calls_received'], filters: [group.filter], ...windowOf(input) },
    ],
    filters: base,
    say: ([p, all]) => {
      const [n] = numbers(p.results[0]?.metrics ?? [0]);
      const [d] = numbers(all.results[0]?.metrics ?? [0]);
      const what = filtersSaid(input, base).replace(/^, counting only calls /, '');
      if (!d) return `${cap(windowSaid(spec, p.range))}: there were no ${group.name}, so there is no share to give.`;
      return `${cap(windowSaid(spec, p.range))}: ${fmtInt(n)} of ${fmtInt(d)} ${group.name} (${fmtPct(n / d)}) were calls ${what}.`;
    },
  };
}

// ------------------------------------------------------------------ a percentile of call length

/** "the 90th percentile call duration": a figure only the query computes (the summary has no percentile). */
function p90Length(input: RuleInput): QueryPlan | null {
  const filters = ruleFilters(input);
  if (!filters) return null;
  const spec = input.reading.window;
  return {
    queries: [{ metrics: ['p90_call_duration_sec', 'calls_received'], filters, ...windowOf(input) }],
    filters: input.reading.base,
    say: ([r]) => {
      const [p90, calls] = numbers(r.results[0]?.metrics ?? [0, 0]);
      if (!calls)
        return `None: ${windowSaid(spec, r.range)} no call${filtersSaid(input).replace(/^, counting only calls/, '')}, so no percentile.`;
      return `${cap(windowSaid(spec, r.range))}${filtersSaid(input)}: 90th percentile call length ${fmtSec(Math.round(p90 * 100) / 100)} (interpolated between ranks, over ${nCalls(calls)}).`;
    },
  };
}

// ------------------------------------------------------------------ the table

const QUERY_RULES: readonly QueryRule[] = [
  {
    id: 'asks-bounded-by-an-amount',
    cue: /\d/,
    // Single asks named with a bound ("asks between …", "a single ask above …"): each ask is compared, not a call's total.
    guard: (i) => ABOUT_ASKS.test(i.text) && askBoundsIn(i.text).length > 0 && i.reading.windows.length <= 1,
    build: boundedAsks,
    examples: [
      'how many asks between $1,000 and $2,500 this month',
      'asks from 500 to 1k in the last 30 days',
      'sum of the asks of $200 or less this week',
      'what percent of asks were over $10k last month',
      'number of calls with a single ask above $3,000 today',
    ],
  },
  ...FRAME_RULES,
  {
    id: 'asks-of-the-calls-named',
    cue: /\basks\b/,
    // "how many gift card asks": the asks of the calls with that value (a field's word read as a ranking before).
    guard: (i) =>
      quantityIn(i.reading.rest)?.id === 'asks' &&
      i.found.length > 0 &&
      i.reading.windows.length <= 1 &&
      i.reading.base.min_single_ask === undefined &&
      !/\b(?:over|above|under|below|more than|less than|at least)\b/.test(i.text),
    build: asksOfCalls,
    examples: ['how many gift card asks this month', 'number of asks on amazon calls this week'],
  },
  {
    id: 'calls-with-an-ask',
    cue: /\bcalls?\b.*\b(?:asked (?:for|about) (?:money|dollars)(?! by)|(?:had|have|has|with|made|making) (?:at least one|an?|any|one or more) (?:single |dollar |money )?asks?|with (?:dollar )?asks)\b/,
    // "how many calls asked for money": the calls with at least one dollar ask, not every call.
    guard: (i) =>
      i.reading.windows.length <= 1 && !/\b(?:how much|total|average|mean|median|biggest|largest|show|list|give me|which)\b/.test(i.text),
    build: callsWithAnAsk,
    examples: ['how many calls asked for money this month', 'how many calls had at least one ask this week'],
  },
  {
    id: 'share-of-tier-1',
    cue: TIER1_SHARE_RE,
    // Two windows or a ranking by value are the planner's comparisons; "what share of calls were tier 1" its share.
    guard: (i) =>
      !SHARE_RE.test(i.text) &&
      i.reading.windows.length <= 1 &&
      !/\b(?:by|per|each|which|what) (?:brand|bank|lure|state|persona|scam type|payment method)s?\b/.test(i.text),
    build: tier1Share,
    examples: ["what's the tier 1 rate this month", 'what share of calls were tier 1 this week'],
  },
  {
    id: 'calls-not-hooked',
    cue: /\b(?:fail(?:ed|s)? to hook|(?:didn'?t|did not|never|couldn'?t|could not|weren'?t|were not|not) (?:get |manage to |able to )?hook(?:ed)?|unhooked|got away)\b/,
    // A count of the calls missed; "hooked vs not hooked", "last longer than calls not hooked" compare groups (plan.ts).
    guard: (i) =>
      quantityIn(i.text)?.id === 'calls' &&
      (i.text.match(/\bhook/g) ?? []).length <= 1 &&
      !/\b(?:vs|versus|than|compared|against|longer|shorter)\b/.test(i.text),
    build: notHooked,
    examples: ['how many refund calls did we fail to hook this month', 'tech support calls we didnt hook last week'],
  },
  {
    id: 'how-many-distinct-identifiers',
    cue: /\b(?:how many|number of|count of|count the) (?:different |distinct |unique |separate |individual )?(?:crypto |bitcoin |btc |eth )?(?:wallets?|account numbers|mule accounts|bank accounts|routing numbers|phishing|drop addresses|mule drops|fake agents?|agent names|synthetic orgs?|fake (?:companies|orgs?)|account holders|holder names|area codes)\b/,
    guard: (i) => !/\b(?:calls?|times?|more than|at least|twice|reused|repeated|again)\b/.test(i.reading.rest.replace(/^how many /, '')),
    build: distinctValues,
    examples: ['how many wallets did we see this month', 'how many different mule accounts this week'],
  },
  {
    id: 'a-ranking-of-identifiers',
    cue: RANKING_CUE,
    // A field of identifiers (agents, drop addresses, wallets…) named, no count of distinct ones, no value named.
    guard: (i) =>
      rankedField(i.reading.rest) !== undefined &&
      !/\bhow many\b|\bnumber of\b/.test(i.text) &&
      namedValues(i).length === 0 &&
      i.reading.windows.length <= 1,
    build: identifierRanking,
    examples: ['which drop addresses were used the most last 30 days', 'top 5 wallets this week'],
  },
  {
    id: 'a-share-within-a-group-of-calls',
    cue: GROUP_SHARE,
    guard: (i) => i.reading.windows.length <= 1,
    build: shareOfGroup,
    examples: ['what share of tier 1 calls asked for gift cards this month', 'what percent of hooked calls impersonated amazon this week'],
  },
  {
    id: 'a-percentile-of-call-length',
    cue: /\bp ?90\b|\b90(?:th)?[- ]?(?:pct|percentile)\b|\bninetieth percentile\b/,
    guard: (i) => i.reading.windows.length <= 1 && !/\b(?:asks?|dollars?|amounts?)\b/.test(i.text),
    build: p90Length,
    examples: ['p90 call length this week', 'what is the 90th percentile call duration for tech support calls this month'],
  },
  {
    // Before a place of an address: a whole address the data does not hold is no state's calls.
    id: 'a-value-the-data-does-not-hold',
    cue: /\b(?:agent|rep|representative|wallet|address|account|acct|routing|company|org|organisation|organization)\b/,
    guard: (i) => namedValues(i).length === 0 && unknownNamed(i) !== null,
    build: unknownValue,
    examples: ['calls with agent Zorblax this month', 'any calls naming wallet bc1qnotarealwallet000000000000000'],
  },
  {
    id: 'calls-with-an-address-in-a-place',
    cue: /\baddress(?:es)? (?:in|from|located in|based in)\b/,
    build: addressInPlace,
    examples: ['how many calls with a drop address in Michigan this month', 'how many drop addresses in FL'],
  },
  {
    id: 'calls-with-a-link-on-a-domain',
    cue: DOMAIN,
    // A URL the lexicon holds whole is a value of its own (the rule below).
    guard: (i) =>
      !namedValues(i).some((v) => v.entries.some((e) => e.field === 'phishing_url')) &&
      i.reading.windows.length <= 1 &&
      !/\b(?:mention\w*|said|say|says|talk\w*|transcripts?)\b/.test(i.text),
    build: linksOnDomain,
    examples: ['how many calls pushed a link on secure-refund.com this month', 'calls sending people to paypal-verify.net'],
  },
  {
    id: 'a-value-of-any-field',
    cue: /./,
    guard: (i) => namedValues(i).length === 1 && !/\b(?:show|list|give me (?:the )?calls|latest|newest|transcript)\b/.test(i.text),
    build: valueFigure,
    examples: [
      'how many calls with the fake agent Kevin this month',
      'calls from Secure Tech LLC',
      'which bank is routing number 021000021',
    ],
  },
];

/** Whether any rule's cue holds (a cheap test before the question is read in full). */
export function mayApply(text: string, found: FoundValue[]): boolean {
  return QUERY_RULES.some(
    (r) => r.cue.test(text) && (r.id !== 'a-value-of-any-field' || found.some((v) => v.entries.some((e) => LEXICON_ONLY.has(e.field)))),
  );
}

/** The first rule whose cue and guard hold, built; null when none applies. `timeOnly`: only rules that read time words themselves. */
export function planByRules(input: RuleInput, timeOnly = false): { rule: string; plan: QueryPlan } | null {
  for (const r of QUERY_RULES) {
    if (timeOnly && !r.readsTime) continue;
    const m = r.cue.exec(input.text);
    if (!m || (r.guard && !r.guard(input))) continue;
    const plan = r.build(input, m);
    if (plan) return { rule: r.id, plan };
  }
  return null;
}
