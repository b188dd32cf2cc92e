// The agent (CONTRACT §11): ask, ask-stream (JSON list or server-sent events) and
// conversation sessions. Pro tier is enforced by the auth hook; both ask routes share the
// agent rate budget, separate from the general one.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AgentEvent } from '../../agent/agent.js';
import { agentFor, ask, precheck } from '../../agent/service.js';
import { deleteTurns, loadTurns, publicTurn } from '../../agent/turns.js';
import { ApiError, notFound } from '../../errors.js';
import { principalOf } from '../../http/auth.js';
import { agentRateLimit } from '../../http/rateLimit.js';
import { AnswerOut, AskBody, SessionOut, SessionParams, StreamOut } from './schemas.js';
import { READ_PRO } from '../../http/access.js';
import { featureApp } from '../../http/feature.js';

/**
 * Server-sent events when Accept names text/event-stream with a q above 0 and at least the q
 * of JSON (application/json, application/* or *\/*); otherwise the JSON list of events.
 */
function wantsEventStream(req: FastifyRequest): boolean {
  let sse = 0;
  let json = 0;
  for (const range of (req.headers.accept ?? '').slice(0, 1024).split(',')) {
    const [type, ...params] = range.split(';').map((x) => x.trim().toLowerCase());
    const q = params.map((p) => /^q\s*=\s*([01](?:\.\d{0,3})?)$/.exec(p)).find(Boolean);
    const weight = q ? Number(q[1]) : 1;
    if (type === 'text/event-stream') sse = Math.max(sse, weight);
    else if (type === 'application/json' || type === 'application/*' || type === '*/*') json = Math.max(json, weight);
  }
  return sse > 0 && sse >= json;
}

function errorEvent(err: unknown, req: FastifyRequest): AgentEvent {
  if (err instanceof ApiError) return { type: 'error', code: err.code, detail: err.detail };
  req.log.error({ err }, 'agent failed');
  return { type: 'error', code: 'internal', detail: 'Something went wrong on our side; it has been logged.' };
}

export async function agentRoutes(instance: FastifyInstance): Promise<void> {
  const app = featureApp(instance, READ_PRO, { tags: ['agent'] });
  const { config, storage, now } = app.deps;
  const deps = { storage, now, agent: agentFor(config) };
  // One limiter instance on both ask routes: @fastify/rate-limit gives every route that has
  // its own `config.rateLimit` a store of its own (in memory, and per route URL in Redis), so
  // the same groupId on two routes would still count them apart. `rateLimit: false` keeps the
  // agent routes out of the general budget. Both answer 502 agent_provider_error when the model
  // provider fails.
  const { groupId, ...limits } = agentRateLimit(config);
  const agentLimiter = app.rateLimit({
    ...limits,
    keyGenerator: (req) => `${req.principal?.keyId ?? req.ip}${groupId}`,
  });
  const asking = { config: { rateLimit: false, errors: [502], heavy: true } as const, onRequest: agentLimiter };

  app.post(
    '/api/agent/ask',
    {
      ...asking,
      schema: {
        operationId: 'askAgent',
        summary: 'Ask the agent a question (synchronous)',
        description:
          'Answers from the caller’s own data (org and slice) through the agent tools. Every number in `answer` comes from a ' +
          'tool result of this request. 404 when context_call_sid is unknown or outside the slice; 502 agent_provider_error ' +
          'when the model provider fails. Rate limit: the agent budget (default 30 per 300 s per key).',
        body: AskBody,
        response: { 200: AnswerOut },
      },
    },
    async (req) => {
      const principal = principalOf(req);
      const body = req.body;
      await precheck(deps, principal, body);
      return ask(deps, principal, body);
    },
  );

  app.post(
    '/api/agent/ask-stream',
    {
      ...asking,
      schema: {
        operationId: 'askAgentStream',
        summary: 'Ask the agent, with the tool calls and the answer as events',
        description:
          'Returns {events}: tool_call {name, args, result_preview}, answer_delta {text}, answer {answer}, error {code, detail}; ' +
          'the last event is answer or error. With `Accept: text/event-stream` the same events stream as server-sent events ' +
          '(`event: <type>` / `data: <json>`).',
        body: AskBody,
        response: { 200: StreamOut },
      },
    },
    async (req, reply) => {
      const principal = principalOf(req);
      const body = req.body;
      // Problems with the request itself are plain HTTP errors, before any event.
      await precheck(deps, principal, body);
      if (wantsEventStream(req)) return streamEvents(req, reply, (emit) => ask(deps, principal, body, emit));
      const events: AgentEvent[] = [];
      try {
        await ask(deps, principal, body, (e) => events.push(e));
      } catch (err) {
        events.push(errorEvent(err, req));
      }
      return { events };
    },
  );

  app.get(
    '/api/agent/session/:session_id/v2',
    {
      schema: {
        operationId: 'getAgentSession',
        summary: 'The stored turns of a conversation (404 when none in this org and slice)',
        params: SessionParams,
        response: { 200: SessionOut },
      },
    },
    async (req) => {
      const { session_id } = req.params;
      const turns = await loadTurns(storage.db, principalOf(req), session_id);
      if (turns.length === 0) throw notFound(`No conversation ${session_id}.`);
      return { session_id, turns: turns.map(publicTurn) };
    },
  );

  app.delete(
    '/api/agent/session/:session_id/v2',
    {
      schema: {
        operationId: 'deleteAgentSession',
        summary: 'Clear a conversation',
        params: SessionParams,
        response: { 204: { type: 'null', description: 'Cleared (also when there was nothing to clear)' } },
      },
    },
    async (req, reply) => {
      const { session_id } = req.params;
      await deleteTurns(storage.db, principalOf(req), session_id);
      return reply.code(204).send();
    },
  );
}

/** Server-sent events: each event as `event: <type>` and `data: <json>`, written as it happens. */
async function streamEvents(
  req: FastifyRequest,
  reply: FastifyReply,
  run: (emit: (e: AgentEvent) => void) => Promise<unknown>,
): Promise<FastifyReply> {
  reply.hijack();
  const raw = reply.raw;
  const headers: Record<string, string | number | string[]> = {};
  for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined) headers[k] = v as string | number | string[];
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  const write = (e: AgentEvent) => {
    if (!raw.writableEnded) raw.write(`event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`);
  };
  try {
    await run(write);
  } catch (err) {
    write(errorEvent(err, req));
  }
  raw.end();
  return reply;
}
