// Question classes answered through the query language (issue 26): one table of rules
// `{id, cue, guard, build, examples}`. A rule's cue is read on the normalised question; its
// guard can look at the rest of the reading (the window, the filters, the values named); its
// build turns them into typed queries (POST /api/query's body) and a composer that writes the
// answer from the query results only. The first rule whose cue and guard hold wins; when none
// does, the built-in planner (plan.ts) answers as before.
//
// Adding a class: add one entry to QUERY_RULES with the phrasings it must answer as examples,
// and a test in test/agent/query.test.ts whose expected figures come from the fixture calls.

import { WEEKDAYS } from '../../domain/query/catalog.js';
import type { QueryBody } from '../../domain/query/parse.js';
import { formatUtc, type RangeObject } from '../../domain/window.js';
import { fmtInt, fmtPct, fmtSec, fmtUsd, nCalls } from '../say/answer.js';
import { windowInline } from '../say/compose.js';
import { fmtDay, fmtSpan } from '../say/when.js';
import type { Filters } from './intents.js';
import { LEXICON_FIELDS, type FoundValue, type LexiconEntry, type LexiconField } from '../read/lexicon.js';
import type { QuestionReading } from '../read/questionReading.js';
import { canon } from '../read/values.js';
import { windowArgs, type WindowSpec } from '../read/windowSpec.js';

/** What a rule reads: the question, its reading by the planner's first step, and the values it names. */
export interface RuleInput {
  /** The normalised question (normalise.ts). */
  text: string;
  reading: QuestionReading;
  now: Date;
  /** Stored values the question names (lexicon.ts), longest first. */
  found: FoundValue[];
}

/** One query result as the `query` tool returns it. */
export interface QueryResult {
  results: Array<{
    dimensions: Array<string | number | boolean | null>;
    metrics: Array<number | null>;
    comparison?: { metrics: Array<number | null>; change: Array<number | null> };
  }>;
  range: RangeObject;
  comparison_range?: RangeObject;
}

export interface QueryPlan {
  queries: QueryBody[];
  /** Writes the answer from the results, one per query, in order. */
  say(results: QueryResult[]): string;
  /** The filters a follow-up keeps (the planner's own filter names). */
  filters: Filters;
}

interface QueryRule {
  id: string;
  cue: RegExp;
  guard?: (input: RuleInput) => boolean;
  build(input: RuleInput, match: RegExpExecArray): QueryPlan | null;
  examples: string[];
}

// ------------------------------------------------------------------ shared readers

type Figure = 'calls_received' | 'hook_rate' | 'total_dollars_asked' | 'avg_call_duration_sec' | 'tier1_calls';

/** The figure a question asks for, by its words; calls when it names none. */
const FIGURE_CUES: Array<[RegExp, Figure]> = [
  [
    /\bhook(?:ed)? rate\b|\b(?:percent|share|proportion|fraction|%) (?:of (?:the |them |those )?(?:calls )?)?(?:were |got |get )?hooked\b/,
    'hook_rate',
  ],
  [
    /\b(?:how much|dollars?|money|amount|\$)\b.*\b(?:ask|asked|requested|demanded|wanted)\b|\btotal (?:dollars )?asked\b/,
    'total_dollars_asked',
  ],
  [/\b(?:average|avg|mean) (?:call )?(?:length|duration)\b|\bhow long\b/, 'avg_call_duration_sec'],
  [/\btier ?(?:1|one)\b/, 'tier1_calls'],
];

function figureIn(text: string): Figure {
  for (const [re, f] of FIGURE_CUES) if (re.test(text)) return f;
  return 'calls_received';
}

/** The query metrics behind a figure (a rate is said with its counts). */
const METRICS_OF: Record<Figure, string[]> = {
  calls_received: ['calls_received'],
  hook_rate: ['hook_rate', 'hooked_calls', 'calls_received'],
  total_dollars_asked: ['total_dollars_asked', 'calls_received'],
  avg_call_duration_sec: ['avg_call_duration_sec', 'calls_received'],
  tier1_calls: ['tier1_calls', 'calls_received'],
};

/** "hook rate 66.7% (2 of 3 calls hooked)", from the metrics of METRICS_OF[f]. */
function sayFigure(f: Figure, m: Array<number | null>): string {
  const n = (i: number) => Number(m[i] ?? 0);
  switch (f) {
    case 'calls_received':
      return nCalls(n(0));
    case 'hook_rate':
      return `hook rate ${fmtPct(n(0))} (${fmtInt(n(1))} of ${nCalls(n(2))} hooked)`;
    case 'total_dollars_asked':
      return `total dollars asked ${fmtUsd(n(0))} (over ${nCalls(n(1))})`;
    case 'avg_call_duration_sec':
      return m[0] === null
        ? `no average call length (${nCalls(n(1))})`
        : `average call length ${fmtSec(Math.round(n(0) * 100) / 100)} (over ${nCalls(n(1))})`;
    case 'tier1_calls':
      return `${fmtInt(n(0))} tier-1 ${n(0) === 1 ? 'call' : 'calls'} (of ${nCalls(n(1))})`;
  }
}

/** "in the last 7 days (Nov 13, 2026 14:00 UTC to Nov 20, 2026 14:00 UTC)", as the planner's answers name a window. */
const windowSaid = (spec: WindowSpec, r: RangeObject) => windowInline(spec, r);

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The planner's filters as query filters; null when one has no query form (then no rule applies). */
function queryFilters(f: Filters): unknown[][] | null {
  const out: unknown[][] = [];
  for (const [k, v] of Object.entries(f) as Array<[string, unknown]>) {
    if (v === undefined) continue;
    if (Array.isArray(v) && ['tier', 'caller_area_code', 'disconnect_reason'].includes(k)) out.push(['is', k, v]);
    else if (k === 'q') for (const s of v as string[]) out.push(['contains', 'transcript', [s]]);
    else if (k === 'has') for (const s of v as string[]) out.push(['has', s]);
    else if (k === 'hooked') out.push(['is', 'hooked', [v]]);
    else if (k === 'min_duration_sec') out.push(['gte', 'duration_sec', v]);
    else if (k === 'max_duration_sec') out.push(['lte', 'duration_sec', v]);
    else if (k === 'min_single_ask') out.push(['gte', 'dollar_ask', v]);
    else if (Array.isArray(v) && k in LEXICON_FIELDS) out.push(['is', k, v]);
    else return null;
  }
  return out;
}

/** The reading's window as query arguments. */
const windowOf = (input: RuleInput) => windowArgs(input.reading.window, input.now);

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

/** Drops the planner's qualifiers read inside a named value ("MI" of a drop address is not Michigan). */
function withoutInside(base: Filters, found: FoundValue[]): Filters {
  const out: Filters = { ...base };
  for (const [k, v] of Object.entries(base) as Array<[keyof Filters, unknown]>) {
    if (!Array.isArray(v)) continue;
    if (v.some((x) => found.some((f) => ` ${f.typed} `.includes(` ${canon(String(x))} `)))) delete out[k];
  }
  return out;
}

function valueFigure(input: RuleInput): QueryPlan | null {
  const named = namedValues(input);
  if (named.length !== 1) return null;
  const { entry, note } = pickField(named[0]);
  const base = withoutInside(input.reading.base, input.found);
  const filters = queryFilters(base);
  if (!filters) return null;
  const spec = input.reading.window;
  const own = ['is', entry.field, [entry.value]];
  const label = `${LEXICON_FIELDS[entry.field]} ${entry.value}`;
  // "which bank is routing number 021000021": the banks of the calls with it.
  const identifies = ['mule_bank_routing_number', 'mule_bank_account_number', 'mule_account_holder_name'].includes(entry.field);
  if (identifies && /\bbanks?\b/.test(input.text) && /\b(?:which|what|whose)\b/.test(input.text)) {
    return {
      queries: [{ metrics: ['calls_received'], dimensions: ['mule_bank_name'], filters: [own, ...filters], ...windowOf(input) }],
      filters: base,
      say: ([r]) => {
        const banks = r.results.filter((x) => x.dimensions[0] !== null);
        const list = banks.map((x) => `${String(x.dimensions[0])} (${nCalls(Number(x.metrics[0]))})`).join(', ');
        return banks.length
          ? `${cap(windowSaid(spec, r.range))}, calls with ${label} named the mule bank ${list}.${note}`
          : `${cap(windowSaid(spec, r.range))}, no call with ${label} named a mule bank.${note}`;
      },
    };
  }
  const figure = figureIn(input.reading.rest);
  return {
    queries: [{ metrics: METRICS_OF[figure], filters: [own, ...filters], ...windowOf(input) }],
    filters: base,
    say: ([r]) => {
      const m = r.results[0]?.metrics ?? [];
      // "any calls with …?", "did Kevin call this week?": Yes or No first, from the count.
      const yesNo =
        figure === 'calls_received' && /^(?:any|are there|were there|was there|is there|did|do|does|has|have)\b/.test(input.text);
      const lead = yesNo ? (Number(m[0] ?? 0) > 0 ? 'Yes. ' : 'No. ') : '';
      return `${lead}${cap(windowSaid(spec, r.range))}, calls with ${label}: ${sayFigure(figure, m)}.${note}`;
    },
  };
}

// ------------------------------------------------------------------ asks in a dollar range

/** "$1,000", "1000", "1k", "2.5k" → dollars. */
function dollars(s: string): number {
  const m = /^([\d,]*\.?\d+)(k|m)?$/.exec(s.replace(/^\$/, ''));
  if (!m) return NaN;
  return Number(m[1].replace(/,/g, '')) * (m[2] === 'k' ? 1_000 : m[2] === 'm' ? 1_000_000 : 1);
}

const AMOUNT = String.raw`\$?\s?([\d,]*\.?\d+\s?[km]?)`;
const RANGE_CUE = new RegExp(String.raw`\b(?:between|from)\s${AMOUNT}\s(?:and|to|-)\s${AMOUNT}|${AMOUNT}\s?(?:-|to)\s?${AMOUNT}\b`);

function asksBetween(input: RuleInput, m: RegExpExecArray): QueryPlan | null {
  const [lo, hi] = [dollars((m[1] ?? m[3]).replace(/\s/g, '')), dollars((m[2] ?? m[4]).replace(/\s/g, ''))];
  if (!Number.isFinite(lo) || !Number.isFinite(hi) || lo > hi) return null;
  const base = input.reading.base;
  const { min_single_ask: _a, min_dollars_asked: _b, max_dollars_asked: _c, ...rest } = base;
  const filters = queryFilters(rest);
  if (!filters) return null;
  const spec = input.reading.window;
  return {
    queries: [
      {
        metrics: ['asks', 'total_dollars_asked', 'calls_received'],
        filters: [['between', 'dollar_ask', [lo, hi]], ...filters],
        ...windowOf(input),
      },
    ],
    filters: rest,
    say: ([r]) => {
      const [asks, total, calls] = (r.results[0]?.metrics ?? []).map((x) => Number(x ?? 0));
      const range = `between ${fmtUsd(lo)} and ${fmtUsd(hi)}`;
      return `${cap(windowSaid(spec, r.range))}: ${fmtInt(asks)} single ${asks === 1 ? 'ask' : 'asks'} ${range}, totalling ${fmtUsd(total)}, in ${nCalls(calls)}.`;
    },
  };
}

// ------------------------------------------------------------------ weekends against weekdays

const WEEKEND = new Set(['saturday', 'sunday']);

function weekendsWeekdays(input: RuleInput): QueryPlan | null {
  const filters = queryFilters(input.reading.base);
  if (!filters) return null;
  const figure = figureIn(input.reading.rest);
  const metrics =
    figure === 'hook_rate'
      ? ['hooked_calls', 'calls_received']
      : figure === 'total_dollars_asked'
        ? ['total_dollars_asked', 'calls_received']
        : ['calls_received'];
  const spec = input.reading.window;
  return {
    queries: [{ metrics, dimensions: ['time:weekday'], filters, ...windowOf(input) }],
    filters: input.reading.base,
    say: ([r]) => {
      const sum = (weekend: boolean, i: number) =>
        r.results.filter((x) => WEEKEND.has(String(x.dimensions[0])) === weekend).reduce((s, x) => s + Number(x.metrics[i] ?? 0), 0);
      const part = (weekend: boolean) => {
        if (figure === 'hook_rate') {
          const [h, c] = [sum(weekend, 0), sum(weekend, 1)];
          return `hook rate ${c ? fmtPct(h / c) : fmtPct(0)} (${fmtInt(h)} of ${nCalls(c)} hooked)`;
        }
        if (figure === 'total_dollars_asked') return `${fmtUsd(sum(weekend, 0))} asked (over ${nCalls(sum(weekend, 1))})`;
        return nCalls(sum(weekend, 0));
      };
      const byDay = WEEKDAYS.map((d) => {
        const row = r.results.find((x) => x.dimensions[0] === d);
        return `${cap(d)} ${figure === 'total_dollars_asked' ? fmtUsd(Number(row?.metrics[0] ?? 0)) : fmtInt(Number(row?.metrics[figure === 'hook_rate' ? 1 : 0] ?? 0))}`;
      });
      const unit = figure === 'total_dollars_asked' ? 'dollars asked' : 'calls';
      return (
        `${cap(windowSaid(spec, r.range))}: weekends (Saturday and Sunday) ${part(true)}, weekdays (Monday to Friday) ${part(false)}. ` +
        `By day of the week (UTC), ${unit}: ${byDay.join(', ')}.`
      );
    },
  };
}

// ------------------------------------------------------------------ week by week

function weekByWeek(input: RuleInput): QueryPlan | null {
  const filters = queryFilters(input.reading.base);
  if (!filters) return null;
  const figure = figureIn(input.reading.rest);
  const spec = input.reading.window;
  return {
    queries: [{ metrics: METRICS_OF[figure], dimensions: ['time:week'], filters, ...windowOf(input), limit: 60 }],
    filters: input.reading.base,
    say: ([r]) => {
      if (!r.results.length) return `${cap(windowSaid(spec, r.range))}: no calls, so no weeks to show.`;
      const rows = r.results.map((x) => `week of ${fmtDay(String(x.dimensions[0]))}: ${sayFigure(figure, x.metrics)}`);
      return `Week by week (weeks start Monday, UTC; the first and last may be partial) ${windowSaid(spec, r.range)}: ${rows.join('; ')}.`;
    },
  };
}

// ------------------------------------------------------------------ since a weekday, against the same stretch last week

const DAY_MS = 86_400_000;

function sinceWeekdayAgainstLastWeek(input: RuleInput, m: RegExpExecArray): QueryPlan | null {
  const filters = queryFilters(input.reading.base);
  if (!filters) return null;
  const day = m[1] ? WEEKDAYS.indexOf(m[1] as (typeof WEEKDAYS)[number]) : 0; // "this week so far": since Monday
  const now = input.now;
  const todayIdx = (now.getUTCDay() + 6) % 7; // Monday 0
  const back = (todayIdx - day + 7) % 7;
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - back * DAY_MS);
  const figure = figureIn(input.reading.rest);
  const metrics = figure === 'calls_received' ? ['calls_received', 'hook_rate', 'tier1_calls', 'total_dollars_asked'] : METRICS_OF[figure];
  const earlier = { start: formatUtc(new Date(start.getTime() - 7 * DAY_MS)), end: formatUtc(new Date(now.getTime() - 7 * DAY_MS)) };
  const since = m[1] ? `Since ${cap(m[1])}` : 'This week so far';
  return {
    queries: [{ metrics, filters, start: formatUtc(start), end: formatUtc(now), compare: earlier }],
    filters: input.reading.base,
    say: ([r]) => {
      const row = r.results[0];
      const before = row?.comparison?.metrics ?? [];
      const nowText = figure === 'calls_received' ? sayAll(row?.metrics ?? []) : sayFigure(figure, row?.metrics ?? []);
      const beforeText = figure === 'calls_received' ? sayAll(before) : sayFigure(figure, before);
      const change = row?.comparison?.change[0];
      const delta =
        change === null || change === undefined
          ? ''
          : ` (${change >= 0 ? '+' : '−'}${fmtPct(Math.abs(change))} in ${figure === 'calls_received' ? 'calls' : 'the first figure'})`;
      const cr = r.comparison_range;
      return (
        `${since} (${fmtSpan(r.range.start_utc, r.range.end_utc)}): ${nowText}. ` +
        `The same stretch last week (${cr ? fmtSpan(cr.start_utc, cr.end_utc) : ''}): ${beforeText}${delta}.`
      );
    },
  };
}

function sayAll(m: Array<number | null>): string {
  const n = (i: number) => Number(m[i] ?? 0);
  return `${nCalls(n(0))}, hook rate ${fmtPct(n(1))}, ${fmtInt(n(2))} tier-1, ${fmtUsd(n(3))} asked`;
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

// ------------------------------------------------------------------ how many distinct identifiers

const DISTINCT_FIELDS: Array<[RegExp, LexiconField]> = [
  [/\bwallets?(?: addresses)?\b/, 'crypto_wallet_address'],
  [/\b(?:mule )?account numbers?\b|\bmule accounts?\b|\bbank accounts?\b/, 'mule_bank_account_number'],
  [/\brouting numbers?\b/, 'mule_bank_routing_number'],
  [/\bphishing (?:urls?|links?|sites?|domains?)\b/, 'phishing_url'],
  [/\bdrop addresses\b|\bmule drop(?: address)?s\b/, 'physical_mule_drop_address'],
  [/\b(?:fake )?agent names?\b|\bfake agents?\b/, 'fake_agent_name'],
  [/\bsynthetic org(?:anisation|anization)?s?\b|\bfake (?:companies|company names|orgs?|organisations|organizations)\b/, 'synthetic_org'],
  [/\baccount holders?\b|\bholder names?\b/, 'mule_account_holder_name'],
];

function distinctValues(input: RuleInput): QueryPlan | null {
  const hit = DISTINCT_FIELDS.find(([re]) => re.test(input.reading.rest));
  const filters = queryFilters(input.reading.base);
  if (!hit || !filters) return null;
  const field = hit[1];
  const spec = input.reading.window;
  return {
    queries: [{ metrics: [`distinct:${field}`, 'calls_received'], filters: [['has', field], ...filters], ...windowOf(input) }],
    filters: input.reading.base,
    say: ([r]) => {
      const [n, calls] = (r.results[0]?.metrics ?? []).map((x) => Number(x ?? 0));
      const what = `${LEXICON_FIELDS[field]}${n === 1 ? '' : 's'}`;
      return `${cap(windowSaid(spec, r.range))}: ${fmtInt(n)} different ${what}, named in ${nCalls(calls)}.`;
    },
  };
}

// ------------------------------------------------------------------ the table

const WEEKDAY = '(monday|tuesday|wednesday|thursday|friday|saturday|sunday)';

const QUERY_RULES: readonly QueryRule[] = [
  {
    id: 'asks-in-a-dollar-range',
    cue: RANGE_CUE,
    guard: (i) => /\b(?:asks?|asked|asking|requests?|requested|demand\w*|wanted)\b/.test(i.text),
    build: asksBetween,
    examples: ['how many asks between $1,000 and $2,500 this month', 'asks from 500 to 1k in the last 30 days'],
  },
  {
    id: 'since-a-weekday-against-the-same-stretch-last-week',
    cue: new RegExp(
      String.raw`\b(?:since ${WEEKDAY}|(this week) so far|so far this week|week to date)\b.*\b(?:vs|versus|against|compared? (?:to|with)|than|same (?:stretch|period|time|days|point)|this time)\b.*\blast week\b`,
    ),
    build: sinceWeekdayAgainstLastWeek,
    examples: ['calls since monday against the same stretch last week', 'hook rate this week so far vs the same days last week'],
  },
  {
    id: 'weekends-against-weekdays',
    cue: /\bweekends?\b.*\bweekdays?\b|\bweekdays?\b.*\bweekends?\b/,
    build: weekendsWeekdays,
    examples: ['weekends vs weekdays this month', 'do we get more calls on weekdays or weekends'],
  },
  {
    id: 'week-by-week',
    cue: /\bweek(?: |-)by(?: |-)week\b|\b(?:each|every|per|by) week\b|\bweekly (?:breakdown|counts?|numbers|totals?|figures|series|trend)\b|\bon a weekly basis\b/,
    guard: (i) =>
      !/\b(?:average|avg|mean|typical)\b/.test(i.text) &&
      !/\b(?:last|this|previous|past) week\b/.test(i.text.replace(/\bweek by week\b/, '')),
    build: weekByWeek,
    examples: ['calls week by week this month', 'hook rate each week over the last 30 days'],
  },
  {
    id: 'calls-not-hooked',
    cue: /\b(?:fail(?:ed|s)? to hook|(?:didn'?t|did not|never|couldn'?t|could not|weren'?t|were not|not) (?:get |manage to |able to )?hook(?:ed)?|unhooked|got away)\b/,
    // A count of the calls missed; "hooked vs not hooked", "last longer than calls not hooked" compare groups (plan.ts).
    guard: (i) =>
      figureIn(i.text) === 'calls_received' &&
      (i.text.match(/\bhook/g) ?? []).length === 1 &&
      !/\b(?:vs|versus|than|compared|against|longer|shorter)\b/.test(i.text),
    build: notHooked,
    examples: ['how many refund calls did we fail to hook this month', 'tech support calls we didnt hook last week'],
  },
  {
    id: 'how-many-distinct-identifiers',
    cue: /\bhow many (?:different |distinct |unique |separate |individual )?(?:crypto |bitcoin |btc |eth )?(?:wallets?|account numbers|mule accounts|bank accounts|routing numbers|phishing|drop addresses|mule drops|fake agents?|agent names|synthetic orgs?|fake (?:companies|orgs?)|account holders|holder names)\b/,
    guard: (i) => !/\b(?:calls?|times?|more than|at least|twice|reused|repeated|again)\b/.test(i.reading.rest.replace(/^how many /, '')),
    build: distinctValues,
    examples: ['how many wallets did we see this month', 'how many different mule accounts this week'],
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

/** The first rule whose cue and guard hold, built; null when none applies. */
export function planByRules(input: RuleInput): { rule: string; plan: QueryPlan } | null {
  for (const r of QUERY_RULES) {
    const m = r.cue.exec(input.text);
    if (!m || (r.guard && !r.guard(input))) continue;
    const plan = r.build(input, m);
    if (plan) return { rule: r.id, plan };
  }
  return null;
}
