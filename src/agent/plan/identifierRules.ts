// Query rules of identifiers (wallets, mule accounts, drop addresses, agent names…): how many
// different ones, and which were named most. Part of the rule table (queryRules.ts).

import { namedValues, unknownNamed } from './valueRules.js';
import { fmtInt, nCalls } from '../say/answer.js';
import { LEXICON_FIELDS, type LexiconField } from '../read/lexicon.js';
import { comparedWindows } from './planRules.js';
import { topNumber } from '../read/reading.js';
import { numbers } from './quantity.js';
import { cap, filtersSaid, ruleFilters, windowOf, windowSaid, type QueryPlan, type QueryRule, type RuleInput } from './ruleKit.js';
import { resolve, windowArgs } from '../read/windowSpec.js';
import { formatUtc } from '../../domain/window.js';
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

// ------------------------------------------------------------------ the rules

export const HOW_MANY_DISTINCT_IDENTIFIERS: QueryRule = {
  id: 'how-many-distinct-identifiers',
  cue: /\b(?:how many|number of|count of|count the) (?:different |distinct |unique |separate |individual )?(?:crypto |bitcoin |btc |eth |caller |calling |scammer |scam |fraud )?(?:wallets?|account numbers|mule accounts|bank accounts|routing numbers|phishing|drop addresses|mule drops|fake agents?|agent names|synthetic orgs?|fake (?:companies|orgs?)|account holders|holder names|area codes)\b/,
  // A value the data does not hold named with them ("wallets on the Cardano chain") is said not found (valueRules.ts).
  guard: (i) =>
    !/\b(?:calls?|times?|more than|at least|twice|reused|repeated|again)\b/.test(i.reading.rest.replace(/^how many /, '')) &&
    unknownNamed(i) === null,
  build: distinctValues,
  examples: ['how many wallets did we see this month', 'how many different mule accounts this week'],
};

export const A_RANKING_OF_IDENTIFIERS: QueryRule = {
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
};

/** A field of identifiers named alone with a window ("wallets this month?", "new mule accounts this week"): how many, in how many calls. */
const BARE_IDENTIFIERS =
  /^(?:(?:any|new|the|our|all|total|count|number of) )*(?:(?:different|distinct|unique|crypto|bitcoin|btc|eth|mule|drop|bank|phishing|fake) )*(?:wallets?(?: addresses)?|accounts|account numbers|routing numbers|addresses|urls|links|agent names|agents|holders|account holders)(?: (?:named|given|seen|collected|shared|used|found|so far|total))*$/;

export const IDENTIFIERS_NAMED_ALONE: QueryRule = {
  id: 'identifiers-named-alone',
  cue: /\b(?:wallets?|accounts|account numbers|routing numbers|addresses|urls|links|agent names|agents|holders)\b/,
  guard: (i) =>
    i.reading.windows.length <= 2 &&
    // "used in more than one call", "seen twice": identifiers reused, the planner's.
    !/\b(?:calls?|times?|more than|at least|or more|twice|reused|repeated|again|once)\b/.test(i.text) &&
    i.found.length === 0 &&
    unknownNamed(i) === null &&
    BARE_IDENTIFIERS.test(
      i.reading.rest
        .replace(/[?.!]+$/, '')
        .replace(/\b(?:vs|versus|compared (?:with|to)|against|and)\b/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    ),
  build: distinctValues,
  examples: ['wallets this month?', 'new mule accounts this week', 'drop addresses yesterday', 'phishing links last 7 days'],
};
