// Question classes answered through the query language: one table of rules
// `{id, cue, guard, build, examples}`. A rule's cue is read on the normalised question; its
// guard can look at the rest of the reading (the window, the filters, the values named); its
// build turns them into typed queries (POST /api/query's body) and a composer that writes the
// answer from the query results only. The first rule whose cue and guard hold wins; when none
// does, the built-in planner (plan.ts) answers as before.
//
// The rules live by family (askRules, figureRules, frames, identifierRules, placeRules,
// valueRules); this file only orders them. Adding a class: write its rule, with the phrasings it
// must answer as examples, in its family's module, place it in QUERY_RULES, and add a test in
// test/agent/ whose expected figures come from POST /api/query or the fixture calls.

import type { FoundValue } from '../read/lexicon.js';
import { ASKS_BOUNDED_BY_AN_AMOUNT, ASKS_OF_THE_CALLS_NAMED, CALLS_WITH_AN_ASK } from './askRules.js';
import {
  A_PERCENTILE_OF_CALL_LENGTH,
  A_SHARE_WITHIN_A_GROUP_OF_CALLS,
  CALLS_BY_AUDITOR_CONFIDENCE,
  CALLS_NOT_HOOKED,
  CALLS_OTHER_THAN_A_VALUE,
  SHARE_OF_TIER_1,
  SHARE_OF_CALLS_WITH_A_FIGURE,
} from './figureRules.js';
import { FRAME_RULES } from './frames.js';
import { A_RANKING_OF_IDENTIFIERS, HOW_MANY_DISTINCT_IDENTIFIERS, IDENTIFIERS_NAMED_ALONE } from './identifierRules.js';
import { CALLS_WITH_A_LINK_ON_A_DOMAIN, CALLS_WITH_AN_ADDRESS_IN_A_PLACE } from './placeRules.js';
import type { QueryRule, RuleInput, QueryPlan } from './ruleKit.js';
import { A_VALUE_OF_ANY_FIELD, A_VALUE_THE_DATA_DOES_NOT_HOLD, LEXICON_ONLY } from './valueRules.js';

/** The rules in the order they are tried: the first whose cue and guard hold wins. */
const QUERY_RULES: readonly QueryRule[] = [
  // First: a value named with its field that the data does not hold is said not found, whatever figure is asked of it.
  A_VALUE_THE_DATA_DOES_NOT_HOLD,
  ASKS_BOUNDED_BY_AN_AMOUNT,
  ...FRAME_RULES,
  ASKS_OF_THE_CALLS_NAMED,
  CALLS_WITH_AN_ASK,
  SHARE_OF_TIER_1,
  SHARE_OF_CALLS_WITH_A_FIGURE,
  CALLS_NOT_HOOKED,
  CALLS_OTHER_THAN_A_VALUE,
  CALLS_BY_AUDITOR_CONFIDENCE,
  HOW_MANY_DISTINCT_IDENTIFIERS,
  IDENTIFIERS_NAMED_ALONE,
  A_RANKING_OF_IDENTIFIERS,
  A_SHARE_WITHIN_A_GROUP_OF_CALLS,
  A_PERCENTILE_OF_CALL_LENGTH,
  CALLS_WITH_AN_ADDRESS_IN_A_PLACE,
  CALLS_WITH_A_LINK_ON_A_DOMAIN,
  A_VALUE_OF_ANY_FIELD,
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
