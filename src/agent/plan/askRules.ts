// Query rules of dollar asks: single asks bounded by an amount, the asks of the calls a value
// names, and the calls with at least one ask. Part of the rule table (queryRules.ts).

import { nCalls } from '../say/answer.js';
import { numbers, QUANTITIES, quantityIn } from './quantity.js';
import { ABOUT_ASKS, askBoundsIn, boundedAsks } from './askBounds.js';
import { cap, filtersSaid, ruleFilters, windowOf, windowSaid, type QueryPlan, type QueryRule, type RuleInput } from './ruleKit.js';
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
  // At least one ask is what this counts ("calls with a dollar ask" is read as that filter too); more is the planner's.
  const { min_single_ask: _m, min_asks: minAsks, ...base } = input.reading.base;
  if (minAsks !== undefined && minAsks > 1) return null;
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

// ------------------------------------------------------------------ the rules

export const ASKS_BOUNDED_BY_AN_AMOUNT: QueryRule = {
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
};

export const ASKS_OF_THE_CALLS_NAMED: QueryRule = {
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
};

export const CALLS_WITH_AN_ASK: QueryRule = {
  id: 'calls-with-an-ask',
  cue: /\bcalls?\b.*\b(?:asked (?:for|about) (?:money|dollars)(?! by)|(?:had|have|has|with|made|making|contained|containing|included|including) (?:at least one|an?|any|one or more) (?:single |dollar |money |cash |payment )?(?:asks?|requests? for (?:money|cash|payment|dollars)|demands? for (?:money|cash|payment|dollars)|money requests?)|with (?:dollar )?asks)\b/,
  // "how many calls asked for money": the calls with at least one dollar ask, not every call.
  guard: (i) =>
    i.reading.windows.length <= 1 && !/\b(?:how much|total|average|mean|median|biggest|largest|show|list|give me|which)\b/.test(i.text),
  build: callsWithAnAsk,
  examples: ['how many calls asked for money this month', 'how many calls had at least one ask this week'],
};
