// Runs a question through the query rules (queryRules.ts): the org's lexicon for the values it
// names, the first rule that applies, its queries through the `query` tool (so they appear in
// tool_calls and every figure is grounded in a result), and the rule's answer. Null when no
// rule applies or a query is refused: the built-in planner then answers.

import type { AgentRequest, ToolRunner } from '../agent.js';
import { metricSource, type Composed } from '../say/compose.js';
import type { PlannerState } from '../plan/intents.js';
import { findValues, lexiconOf } from '../read/lexicon.js';
import { normalise } from '../read/normalise.js';
import { mayApply, planByRules } from '../plan/queryRules.js';
import type { QueryResult } from '../plan/ruleKit.js';
import { readQuestion } from '../plan/questionReading.js';

export interface RuleAnswer {
  rule: string;
  composed: Composed;
  state: PlannerState;
}

/** `timeOnly`: the planner could not place a time phrase; only rules that read time words themselves may answer. */
export async function answerByRules(
  tools: ToolRunner,
  req: AgentRequest,
  prev: PlannerState | null,
  timeOnly = false,
): Promise<RuleAnswer | null> {
  const now = tools.ctx.now;
  const text = normalise(req.question);
  const lexicon = await lexiconOf(tools.ctx.db, tools.ctx.principal, now);
  const found = findValues(req.question, lexicon);
  if (!mayApply(text, found)) return null;
  const reading = readQuestion(req, prev, now, text);
  const picked = planByRules({ text, reading, now, found }, timeOnly);
  if (!picked) return null;
  const results: QueryResult[] = [];
  const recs = [];
  for (const body of picked.plan.queries) {
    const rec = await tools.call('query', body as unknown as Record<string, unknown>);
    if (!rec.ok) return null;
    recs.push(rec);
    results.push(rec.result as QueryResult);
  }
  return {
    rule: picked.rule,
    composed: { answer: picked.plan.say(results), sids: [], sources: recs.map(metricSource) },
    state: { planner: 2, intent: { kind: 'summary', metrics: ['calls_received'] }, window: reading.window, filters: picked.plan.filters },
  };
}
