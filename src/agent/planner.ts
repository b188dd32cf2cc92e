// The built-in agent: a deterministic planner. It reads the question (and the last turn's
// plan, for follow-ups), picks tool calls, runs them with the caller's principal and writes
// the answer from their results only. Nothing here calls a network service.
//
// Pipeline: normalise (typos fixed) → time phrases → qualifiers → one intent or a chat reply
// (plan.ts) → values matched against the org's data, tools run with every filter, answer
// composed (execute.ts). Every number in an answer is printed from a tool result of this request.

import { groundedSids, type Agent, type AgentOutcome, type AgentRequest, type ToolRunner } from './agent.js';
import { CHAT } from './plan/chat.js';
import { runPlan } from './run/execute.js';
import { declineOf } from './read/outOfScope.js';
import type { ChatReply, PlannerState } from './plan/intents.js';
import { planQuestion } from './plan/plan.js';
import { questionParts } from './plan/parts.js';
import { REFERS_RE, SHORT_FOLLOW_UP, withoutCommands } from './plan/planRules.js';
import { answerByRules, followRule, restatedFollowUp, type RuleAnswer } from './run/queryRun.js';
import { ruleTurn } from './plan/ruleFollowUp.js';
import { swappedValue, withReferent } from './plan/followUps.js';
import { narrowedQuestion } from './plan/restate.js';
import { normalise } from './read/normalise.js';
import { FOLLOW_UP_RE, lastState } from './read/reading.js';

/** Replies of the planner that a query rule may still answer (a value it did not know, a breakdown it lacks). */
const RULES_FIRST: ReadonlySet<ChatReply> = new Set(['decline', 'breakdown', 'which_call']);

const chatOutcome = (answer: string, prev: PlannerState | null): AgentOutcome => ({
  answer,
  referenced_call_sids: [],
  sources: [{ type: 'none', label: 'Conversational reply; no data was needed', ref: {} }],
  tokens_used: { input: 0, output: 0 },
  // A chat turn keeps the previous plan, so "and last month?" after "thanks" still works.
  context: prev,
});

export class BuiltinAgent implements Agent {
  async ask(tools: ToolRunner, req: AgentRequest): Promise<AgentOutcome> {
    const prev = lastState(req.history);
    // "and the largest single one?": "one" is the previous figure's noun; "swap Texas for Illinois" is "same for Illinois".
    const referred = prev ? (withReferent(req.question, prev) ?? swappedValue(req.question)) : null;
    if (referred) req = { ...req, question: referred };
    // "right, out of that group, how many …": the previous answer's calls, as "how many of them …" (one part).
    const narrowed = prev ? narrowedQuestion(req.question) : null;
    if (narrowed) return answerOne(tools, { ...req, question: narrowed }, withFigureGroup(prev!));
    // A question of several parts: each answered in turn, the later as follow-ups of the earlier.
    const parts = questionParts(req.question, tools.ctx.now);
    // One part, possibly restated ("… and which brand was that caller impersonating" asks for the call).
    if (parts.length === 1) return answerOne(tools, { ...req, question: parts[0] }, prev);
    const outs: AgentOutcome[] = [];
    let state = prev;
    for (const part of parts) {
      const out = await answerOne(tools, { ...req, question: part }, state);
      outs.push(out);
      state = withoutFigureFilters((out.context as PlannerState | null) ?? state);
    }
    return {
      // A decline said for two parts is said once.
      answer: [...new Set(outs.map((o) => o.answer))].join('\n\n'),
      referenced_call_sids: [...new Set(outs.flatMap((o) => o.referenced_call_sids))],
      sources: outs.flatMap((o) => o.sources),
      tokens_used: { input: 0, output: 0 },
      context: state,
    };
  }
}

const ruleOutcome = (r: RuleAnswer): AgentOutcome => ({
  answer: r.composed.answer,
  referenced_call_sids: [],
  sources: r.composed.sources,
  tokens_used: { input: 0, output: 0 },
  context: r.state,
});

/** One question (or one part of one): declined, a chat reply, a query rule's answer, or the planner's. */
async function answerOne(tools: ToolRunner, req: AgentRequest, prev: PlannerState | null): Promise<AgentOutcome> {
  const now = tools.ctx.now;
  // Out of scope (actions, prices, code, personal data, general knowledge): one sentence, no tool.
  const declined = declineOf(req.question);
  if (declined) return chatOutcome(declined, prev);
  // A follow-up of a query rule's answer: the same rule, with what the follow-up changes.
  const followed = prev?.rule ? await followRule(tools, req, prev) : null;
  if (followed) return ruleOutcome(followed);
  // A follow-up pointing back ("its hook rate", "break that down by lure", "same for Apple"): a question of its own.
  const restated = prev ? await restatedFollowUp(tools, req, prev) : null;
  if (restated) return answerOne(tools, { ...req, question: restated }, null);
  const plan = planQuestion(req, prev, now);
  if (plan.kind === 'chat' && !RULES_FIRST.has(plan.reply)) return chatOutcome(CHAT[plan.reply], prev);
  // A question class the query rules answer (queryRules.ts), else the planner's intent. A plan
  // with notes keeps the planner, which says them: a command left out always; a time phrase it
  // could not place unless a rule reads those words itself ("at night vs during the day").
  const noted = plan.kind === 'data' && (plan.notes.length > 0 || !!plan.unread);
  const byRule = noted && withoutCommands(req.question) ? null : await answerByRules(tools, req, prev, noted);
  if (byRule) return ruleOutcome(byRule);
  if (plan.kind === 'chat') return chatOutcome(CHAT[plan.reply], prev);
  // A time phrase nothing read: a figure for another window would answer another question.
  if (plan.unread) return chatOutcome(unreadReply(plan.unread), prev);
  const out = await runPlan(tools, plan, now);
  const state: PlannerState = {
    planner: 2,
    intent: out.intent,
    window: plan.window,
    filters: out.filters,
    // A follow-up the planner read with the previous turn's context is no question alone: not restated later.
    asked: prev && leansOnPrevious(req.question) ? undefined : ruleTurn(req.question, now),
    subject: subjectOf(out.intent, tools),
  };
  const sids = groundedSids(out.composed.sids, tools);
  return {
    answer: out.composed.answer,
    referenced_call_sids: sids,
    // A transcript source only for a call the answer references.
    sources: out.composed.sources.filter((s) => s.type !== 'transcript' || sids.includes(String(s.ref.call_sid))),
    tokens_used: { input: 0, output: 0 },
    context: state,
  };
}

const unreadReply = (phrase: string) =>
  `I could not read "${phrase}" as a time window, so I have not given a figure for some other window. ` +
  'Ask again with dates (a day, a range of days, a month, a quarter or a year), a named day, a weekday, or a period such as "this week", "last month" or "the last two weeks".';

/** A ranking's first value, from its tool result: what a follow-up's "its" or "the top one" names. */
function subjectOf(intent: PlannerState['intent'], tools: ToolRunner): PlannerState['subject'] {
  // A state or a value the answer was about ("calls from Michigan", "how many impersonated PayPal").
  if (intent.kind === 'geo' && intent.state) return { field: 'caller_state', value: intent.state, said: `from ${intent.state}` };
  if (intent.kind === 'value') return { field: intent.field, value: intent.value };
  if (intent.kind !== 'topn') return undefined;
  const rec = [...tools.calls].reverse().find((c) => c.name === 'get_topn' && c.ok);
  const items = ((rec?.result as { items?: Array<{ label: string }> } | undefined)?.items ?? []).map((i) => i.label);
  // Every ranked value, in order: "the second one", "the third brand" name theirs.
  return items.length ? { field: intent.field, value: items[0], items } : undefined;
}

/** Whether a question reads as a follow-up of the previous turn ("just for tech support", "and last month?"). */
function leansOnPrevious(question: string): boolean {
  const text = normalise(question);
  return FOLLOW_UP_RE.test(text) || SHORT_FOLLOW_UP.test(text) || REFERS_RE.test(text);
}

/**
 * A part's state for the next part, without the filters that were its figure: after "how many
 * hooked calls", "and what was the total asked" is about all calls, not the hooked ones.
 */
function withoutFigureFilters(state: PlannerState | null): PlannerState | null {
  if (!state || state.intent.kind !== 'summary') return state;
  const { hooked, tier, ...rest } = state.filters;
  const m = state.intent.metrics;
  const keepHooked = hooked !== undefined && !(hooked === true && m.includes('hooked_calls'));
  const keepTier = tier !== undefined && !(tier.length === 1 && tier[0] === 1 && m.includes('tier1_calls'));
  return { ...state, filters: { ...rest, ...(keepHooked ? { hooked } : {}), ...(keepTier ? { tier } : {}) } };
}

/** The previous answer's calls as filters: a count of tier-N or hooked calls names its group ("of them" are those calls). */
function withFigureGroup(prev: PlannerState): PlannerState {
  if (prev.intent.kind !== 'summary' || prev.intent.metrics.length !== 1) return prev;
  const m = prev.intent.metrics[0];
  const tier = /^tier([123])_calls$/.exec(m);
  if (tier) return { ...prev, filters: { ...prev.filters, tier: [Number(tier[1])] } };
  if (m === 'hooked_calls') return { ...prev, filters: { ...prev.filters, hooked: true } };
  return prev;
}
