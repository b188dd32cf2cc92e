// Single dollar asks bounded by an amount: "asks between $1,000 and $2,500", "asks of $500 or
// less", "a single ask above $5,000". One model: the bounds are `dollar_ask` filters of the query
// (each ask is compared, not the call's total), and the figure asked of those asks is one of
// four: how many asks (the default), their total, their share of all asks, or the calls that
// made one. The answer leads with the figure asked and gives the other counts beside it.

import { fmtInt, fmtPct, fmtUsd, nCalls } from '../say/answer.js';
import { numbers } from './quantity.js';
import { cap, filtersSaid, ruleFilters, windowOf, windowSaid, type QueryPlan, type RuleInput } from './ruleKit.js';

type Op = 'gt' | 'gte' | 'lt' | 'lte';
type Bound = [Op, number];

/** An amount of dollars: "$1,000", "$2.5k", "5k", "500 dollars". */
const AMOUNT = String.raw`(?:\$\s?([\d,]*\.?\d+)\s?([km]|thousand|million)?|([\d,]*\.?\d+)\s?(k|m|thousand|million)\b|([\d,]*\.?\d+)\s?(?:dollars|usd|bucks))`;

/** The words of each bound, around an amount (the amount's groups are numbered from 1 in AMOUNT). */
const BOUND_WORDS: Array<[RegExp, Op]> = [
  [new RegExp(String.raw`\b(?:at least|no less than|>=|min(?:imum)? of) ${AMOUNT}`), 'gte'],
  [new RegExp(String.raw`${AMOUNT} (?:or (?:more|above|higher|over|greater)|and (?:up|above|over)|plus|\+)`), 'gte'],
  [new RegExp(String.raw`\b(?:at most|no more than|up to|<=|max(?:imum)? of) ${AMOUNT}`), 'lte'],
  [new RegExp(String.raw`${AMOUNT} (?:or (?:less|below|under|lower|smaller)|and (?:under|below|less))`), 'lte'],
  [new RegExp(String.raw`\b(?:more than|over|above|exceeding|greater than|bigger than|larger than|higher than|>) ${AMOUNT}`), 'gt'],
  [new RegExp(String.raw`\b(?:less than|under|below|smaller than|lower than|<) ${AMOUNT}`), 'lt'],
];

/** In a range of asks a bare number is an amount too ("asks from 500 to 1k"). */
const LOOSE = String.raw`\$?\s?([\d,]*\.?\d+)\s?([km]|thousand|million)?`;
const RANGE = new RegExp(String.raw`\b(?:between|from) ${LOOSE} (?:and|to|-) ${LOOSE}\b|${LOOSE} ?(?:-|to) ?${LOOSE}\b`);

function amount(groups: Array<string | undefined>): number {
  const [a, au, b, bu, c] = groups;
  const n = Number((a ?? b ?? c ?? '').replace(/,/g, ''));
  const unit = (au ?? bu ?? '').toLowerCase();
  return n * (unit.startsWith('k') || unit === 'thousand' ? 1_000 : unit.startsWith('m') ? 1_000_000 : 1);
}

/** The bounds a question puts on single asks; empty when it names none. */
export function askBoundsIn(text: string): Bound[] {
  const r = RANGE.exec(text);
  if (r) {
    // "between A and B" fills the first four groups, "A-B" the last four.
    const at = r[1] !== undefined ? 1 : 5;
    const [a, b] = [amount([r[at], r[at + 1]]), amount([r[at + 2], r[at + 3]])];
    return Number.isFinite(a) && Number.isFinite(b) && a <= b
      ? [
          ['gte', a],
          ['lte', b],
        ]
      : [];
  }
  const out: Bound[] = [];
  let rest = text;
  for (const [re, op] of BOUND_WORDS) {
    const m = re.exec(rest);
    if (!m) continue;
    const v = amount(m.slice(1, 6));
    if (Number.isFinite(v)) out.push([op, v]);
    rest = rest.slice(0, m.index) + ' '.repeat(m[0].length) + rest.slice(m.index + m[0].length);
  }
  return out;
}

/** The question is about asks (the noun, or "a single ask"): the bound applies to each ask. */
export const ABOUT_ASKS =
  /\basks\b|\b(?:single|individual|one|an?|each|any) (?:dollar |money )?(?:ask|demand|request)\b|\b(?:asks?|demands?|requests?) (?:of|for|worth|were|was|that were|between|above|over|under|below)\b/;

type Figure = 'asks' | 'total' | 'share' | 'calls';

function figureOf(text: string): Figure {
  if (/\b(?:share|percent(?:age)?|proportion|fraction|ratio|what %)\b|(?:^|\s)%/.test(text)) return 'share';
  if (
    /\b(?:add(?:ed|ing)? (?:up|together)|sum(?:med)?|(?:what|the) total\b|total (?:dollars|amount|value|of)|how much|worth in all|in dollars)\b/.test(
      text,
    )
  )
    return 'total';
  if (/\b(?:how many|number of|count(?: of)?) (?:\w+ ){0,2}calls?\b/.test(text)) return 'calls';
  return 'asks';
}

const said = ([op, v]: Bound): string =>
  ({ gt: `above ${fmtUsd(v)}`, gte: `of ${fmtUsd(v)} or more`, lt: `below ${fmtUsd(v)}`, lte: `of ${fmtUsd(v)} or less` })[op];

const boundsSaid = (b: Bound[]): string =>
  b.length === 2 && b[0][0] === 'gte' && b[1][0] === 'lte'
    ? `between ${fmtUsd(b[0][1])} and ${fmtUsd(b[1][1])}`
    : b.map(said).join(' and ');

/** The plan: the bounded asks (and all asks, for a share), with the figure asked first. */
export function boundedAsks(input: RuleInput): QueryPlan | null {
  const bounds = askBoundsIn(input.text);
  if (!bounds.length) return null;
  const { min_single_ask: _a, min_dollars_asked: _b, max_dollars_asked: _c, q, ...others } = input.reading.base;
  // "calls that contained a single ask over $1k": the words of the bound are no transcript search.
  const words = q?.filter((t) => !ABOUT_ASKS.test(t) && !askBoundsIn(t).length);
  const rest = { ...others, ...(words?.length ? { q: words } : {}) };
  const filters = ruleFilters(input, rest);
  if (!filters) return null;
  const figure = figureOf(input.text);
  const metrics = ['asks', 'total_dollars_asked', 'calls_received'];
  const range = bounds.length === 2 && bounds[0][0] === 'gte' && bounds[1][0] === 'lte';
  const own = range ? [['between', 'dollar_ask', [bounds[0][1], bounds[1][1]]]] : bounds.map(([op, v]) => [op, 'dollar_ask', v]);
  const spec = input.reading.window;
  return {
    queries: [
      { metrics, filters: [...own, ...filters], ...windowOf(input) },
      ...(figure === 'share' ? [{ metrics, filters: [['gte', 'dollar_ask', 0], ...filters], ...windowOf(input) }] : []),
    ],
    filters: rest,
    say: ([r, all]) => {
      const [asks, total, calls] = numbers(r.results[0]?.metrics ?? [0, 0, 0]);
      const range = boundsSaid(bounds);
      const head = `${cap(windowSaid(spec, r.range))}${filtersSaid(input, rest)}`;
      const nAsks = (n: number) => `${fmtInt(n)} single ${n === 1 ? 'ask' : 'asks'}`;
      if (figure === 'share') {
        const [every] = numbers(all?.results[0]?.metrics ?? [0]);
        return every
          ? `${head}: ${fmtPct(asks / every)} of single asks were ${range} (${fmtInt(asks)} of ${nAsks(every)}, totalling ${fmtUsd(total)}).`
          : `${head}: no single asks, so no share.`;
      }
      if (figure === 'total') return `${head}: the single asks ${range} total ${fmtUsd(total)} (${nAsks(asks)}, in ${nCalls(calls)}).`;
      if (figure === 'calls') return `${head}: ${nCalls(calls)} had a single ask ${range} (${nAsks(asks)}, totalling ${fmtUsd(total)}).`;
      return `${head}: ${nAsks(asks)} ${range}, totalling ${fmtUsd(total)}, in ${nCalls(calls)}.`;
    },
  };
}
