// One question, start to finish: check the request (window, context call), replay the
// session, let the agent run its tools with the caller's principal, shape the answer object
// (CONTRACT §11), stream its events, and store the turn.

import { performance } from 'node:perf_hooks';
import type { Config } from '../config.js';
import type { Principal } from '../domain/principal.js';
import { parseWindow } from '../domain/window.js';
import { notFound } from '../errors.js';
import type { Storage } from '../storage/index.js';
import { getCall } from '../storage/queries/calls.js';
import { ToolRunner, type Agent, type AgentEvent, type AnswerObject } from './agent.js';
import { answerDeltas } from './say/answer.js';
import { OpenAIAgent } from './run/openaiProvider.js';
import { BuiltinAgent } from './planner.js';
import { appendTurn, loadTurns, REPLAY_TURNS } from './turns.js';

export interface AskBody {
  question: string;
  session_id?: string | null;
  dashboard_range?: string | null;
  context_call_sid?: string | null;
  context_chart_id?: string | null;
}

export function agentFor(config: Config): Agent {
  if (config.agentProvider === 'openai') {
    return new OpenAIAgent({ apiKey: config.openaiApiKey ?? '', baseURL: config.openaiBaseUrl, model: config.agentModel });
  }
  return new BuiltinAgent();
}

export interface AskDeps {
  storage: Storage;
  agent: Agent;
  now: () => Date;
}

/**
 * Checks what must hold before any event is sent: a valid dashboard_range and a
 * context call that exists in the caller's org and slice (else 404, like GET /api/calls/{sid}).
 */
export async function precheck(deps: AskDeps, principal: Principal, body: AskBody): Promise<void> {
  if (body.dashboard_range) parseWindow({ range: body.dashboard_range }, deps.now());
  if (body.context_call_sid) {
    const call = await getCall(deps.storage.db, principal, body.context_call_sid);
    if (!call) throw notFound(`No call ${body.context_call_sid} in the data this key can read.`);
  }
}

/** Runs the question. `emit` receives tool_call, answer_delta and answer events as they happen. */
export async function ask(
  deps: AskDeps,
  principal: Principal,
  body: AskBody,
  emit: (e: AgentEvent) => void = () => {},
): Promise<AnswerObject> {
  const started = performance.now();
  const now = deps.now();
  const { db, sessions } = deps.storage;
  const history = body.session_id ? await loadTurns(db, principal, body.session_id, REPLAY_TURNS) : [];
  const dashboardRange = body.dashboard_range || '7d';
  const tools = new ToolRunner({ db, sessions, principal, now, defaultRange: dashboardRange }, emit);
  const outcome = await deps.agent.ask(tools, {
    question: body.question,
    dashboardRange,
    contextCallSid: body.context_call_sid || null,
    contextChartId: body.context_chart_id || null,
    history,
  });
  for (const text of answerDeltas(outcome.answer)) emit({ type: 'answer_delta', text });
  const answer: AnswerObject = {
    question: body.question,
    answer: outcome.answer,
    tool_calls: tools.calls.map((c) => ({ name: c.name, args: c.args, result_preview: c.result_preview })),
    referenced_call_sids: outcome.referenced_call_sids,
    sources: outcome.sources,
    tokens_used: outcome.tokens_used,
    duration_ms: Math.max(0, Math.round(performance.now() - started)),
  };
  if (body.session_id) {
    await appendTurn(
      db,
      principal,
      body.session_id,
      {
        question: answer.question,
        answer: answer.answer,
        sources: answer.sources,
        referenced_call_sids: answer.referenced_call_sids,
        context: outcome.context,
      },
      deps.now().getTime(),
    );
  }
  emit({ type: 'answer', answer });
  return answer;
}
