// The built-in agent: a deterministic planner. It reads the question (and the last turn's
// plan, for follow-ups), picks tool calls, runs them with the caller's principal and writes
// the answer from their results only. Nothing here calls a network service.
//
// Pipeline: normalise (typos fixed) → time phrases → qualifiers → one intent or a chat reply
// (plan.ts) → values matched against the org's data, tools run with every filter, answer
// composed (execute.ts). Every number in an answer is printed from a tool result of this request.

import { groundedSids, type Agent, type AgentOutcome, type AgentRequest, type ToolRunner } from './agent.js';
import { CHAT } from './chat.js';
import { runPlan } from './execute.js';
import type { PlannerState } from './intents.js';
import { planQuestion } from './plan.js';
import { lastState } from './reading.js';

export class BuiltinAgent implements Agent {
  async ask(tools: ToolRunner, req: AgentRequest): Promise<AgentOutcome> {
    const now = tools.ctx.now;
    const prev = lastState(req.history);
    const plan = planQuestion(req, prev, now);
    if (plan.kind === 'chat') {
      return {
        answer: CHAT[plan.reply],
        referenced_call_sids: [],
        sources: [{ type: 'none', label: 'Conversational reply; no data was needed', ref: {} }],
        tokens_used: { input: 0, output: 0 },
        // A chat turn keeps the previous plan, so "and last month?" after "thanks" still works.
        context: prev,
      };
    }
    const out = await runPlan(tools, plan, now);
    const state: PlannerState = { planner: 2, intent: out.intent, window: plan.window, filters: out.filters };
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
}
