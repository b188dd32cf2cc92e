// Runs a question through the query rules (queryRules.ts): the org's lexicon for the values it
// names, the first rule that applies, its queries through the `query` tool (so they appear in
// tool_calls and every figure is grounded in a result), and the rule's answer. Null when no
// rule applies or a query is refused: the built-in planner then answers.

import type { AgentRequest, ToolRunner } from '../agent.js';
import { metricSource, type Composed } from '../say/compose.js';
import type { Filters, PlannerState } from '../plan/intents.js';
import { followedQuestion, ruleTurn } from '../plan/ruleFollowUp.js';
import {
  brokenDown,
  groupFollowUp,
  pairedQuestion,
  pointedQuestion,
  restFollowUp,
  shareFollowUp,
  editedQuestion,
} from '../plan/restate.js';
import { windowPhrase } from '../read/windowSpec.js';
import { isFilterValueField } from '../read/values.js';
import { findValues, lexiconOf } from '../read/lexicon.js';
import { normalise } from '../read/normalise.js';
import { mayApply, planByRules } from '../plan/queryRules.js';
import type { QueryResult } from '../plan/ruleKit.js';
import { readQuestion, replacingCarried } from '../plan/questionReading.js';

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
  const reading = replacingCarried(
    readQuestion(req, prev, now, text),
    found.flatMap((v) => v.entries.map((e) => e.field)),
  );
  const picked = planByRules({ text, raw: req.question, reading, now, found, lookup: (v) => lexicon.exact.get(v) ?? [] }, timeOnly);
  if (!picked) return null;
  const results: QueryResult[] = [];
  const recs = [];
  for (const body of picked.plan.queries) {
    const rec = await tools.call('query', body as unknown as Record<string, unknown>);
    if (!rec.ok) return null;
    recs.push(rec);
    results.push(rec.result as QueryResult);
  }
  // A follow-up keeps the values named (those the planner's filters can hold) and the question itself.
  const values: Filters = {};
  for (const v of found) {
    const { field, value } = v.entries[0];
    if (isFilterValueField(field) || field === 'caller_state') values[field] = [...(values[field] ?? []), value];
  }
  return {
    rule: picked.rule,
    composed: { answer: picked.plan.say(results), sids: [], sources: recs.map(metricSource) },
    state: {
      planner: 2,
      intent: { kind: 'summary', metrics: ['calls_received'] },
      window: reading.window,
      filters: { ...values, ...picked.plan.filters },
      rule: ruleTurn(req.question, now),
    },
  };
}

/** A follow-up of a rule's answer ("and last month?", "what about amazon?", "and the hook rate?"): the rule's question asked again with the change. */
export async function followRule(tools: ToolRunner, req: AgentRequest, prev: PlannerState): Promise<RuleAnswer | null> {
  if (!prev.rule) return null;
  const lexicon = await lexiconOf(tools.ctx.db, tools.ctx.principal, tools.ctx.now);
  const named = new Set(findValues(req.question, lexicon).map((v) => v.entries[0].field as string));
  const prior = findValues(prev.rule.question, lexicon).map((v) => ({ typed: v.typed, field: v.entries[0].field as string }));
  const question = followedQuestion(prev.rule, req.question, tools.ctx.now, named, prior);
  return question ? answerByRules(tools, { ...req, question }, null) : null;
}

/**
 * A follow-up that points back, restated as a question of its own (restate.ts): "its hook rate"
 * after a ranking, "break that down by lure", or a value in place of the previous question's
 * value of the same field ("same for Apple", written as stored so the reading takes it). Null
 * when the follow-up does none of these: the planner's own follow-ups answer it.
 */
export async function restatedFollowUp(tools: ToolRunner, req: AgentRequest, prev: PlannerState): Promise<string | null> {
  const now = tools.ctx.now;
  // "which of the two …": the values of the answers before, side by side.
  const states = req.history
    .map((h) => h.context as PlannerState | null)
    .filter((c): c is PlannerState => !!c && typeof c === 'object' && c.planner === 2)
    .reverse();
  const paired = pairedQuestion(req.question, states, windowPhrase(prev.window));
  if (paired) return paired;
  const turn = prev.rule ?? prev.asked;
  const grouped = turn ? groupFollowUp(req.question, turn, windowPhrase(prev.window), now) : null;
  if (grouped) return grouped;
  const edited = turn ? editedQuestion(req.question, turn, windowPhrase(prev.window), now) : null;
  if (edited) return edited;
  const rest = restFollowUp(req.question, prev, windowPhrase(prev.window), now);
  if (rest) return rest;
  const share = turn ? shareFollowUp(req.question, turn, windowPhrase(prev.window), now) : null;
  if (share) return share;
  const pointed = prev.subject ? pointedQuestion(req.question, prev.subject, turn, now) : null;
  if (pointed || !turn) return pointed;
  const broken = brokenDown(req.question, turn, windowPhrase(prev.window), now);
  if (broken || prev.rule) return broken;
  const lexicon = await lexiconOf(tools.ctx.db, tools.ctx.principal, now);
  const found = findValues(req.question, lexicon);
  const prior = findValues(turn.question, lexicon);
  const priorFields = new Set(prior.flatMap((v) => v.entries.map((e) => e.field as string)));
  const same = found.filter((v) => v.entries.some((e) => priorFields.has(e.field)));
  if (!same.length) return null;
  let spelled = req.question;
  for (const v of same) spelled = spelled.replace(new RegExp(`\\b${escapeRe(v.typed)}\\b`, 'i'), v.entries[0].value);
  const named = new Set(same.flatMap((v) => v.entries.map((e) => e.field as string)));
  const priorValues = prior.flatMap((v) => v.entries.map((e) => ({ typed: v.typed, field: e.field as string })));
  const followed = followedQuestion(turn, spelled, now, named, priorValues);
  // Each value as stored ("Apple"), which the reading takes as a name wherever it stands.
  return followed && same.reduce((q, v) => q.replace(new RegExp(`\\b${escapeRe(v.typed)}\\b`, 'i'), v.entries[0].value), followed);
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
