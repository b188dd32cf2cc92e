// The model provider (HONEYPOT_AGENT_PROVIDER=openai) against a local chat-completions server
// with scripted replies: the tool loop, grounding built from tool results, token usage,
// provider failures and timeouts as 502, the step limit, session replay, and transcripts
// (or a model) trying to widen what is read.

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, beforeEach, describe, it } from 'node:test';
import { ToolRunner } from '../../src/agent/agent.js';
import { OpenAIAgent, SYSTEM_PROMPT } from '../../src/agent/run/openaiProvider.js';
import { ApiError } from '../../src/errors.js';
import { chatServer, toolMessages, type ChatRequest, type ChatServer, type Reply } from './chatServer.js';
import { NOW, sid } from './fixture.js';
import { agentWorld, askRaw, type AgentWorld } from './setup.js';

let server: ChatServer;
let w: AgentWorld;
let script: (req: ChatRequest, n: number) => Reply = () => ({ content: 'unset' });
let offset = 0;

before(async () => {
  server = await chatServer((req, n) => script(req, n - offset));
  w = await agentWorld({
    HONEYPOT_AGENT_PROVIDER: 'openai',
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: server.baseURL,
    HONEYPOT_AGENT_MODEL: 'scripted-model',
    HONEYPOT_RATE_AGENT: '1000/300',
  });
});
after(async () => {
  await w.t.close();
  await server.close();
});
beforeEach(() => {
  offset = server.requests.length;
});

const mine = () => server.requests.slice(offset);
const ask = (key: string, body: Record<string, unknown>, url = '/api/agent/ask') => askRaw(w.app, key, body, url);

/** A script from a list of replies, one per model call. */
const steps =
  (...replies: Reply[]) =>
  (_req: ChatRequest, n: number) =>
    replies[Math.min(n, replies.length - 1)];

describe('openai provider: the tool loop', () => {
  it('drives the tools and grounds the answer in their results', async () => {
    script = steps(
      { toolCalls: [{ name: 'get_summary', args: { range: '7d' } }], usage: [100, 20] },
      {
        toolCalls: [
          { name: 'get_call', args: { call_sid: sid('a06') } },
          { name: 'search_calls', args: { q: 'bitcoin', range: '30d' } },
        ],
        usage: [200, 30],
      },
      // The model names a real call, a call no tool returned, and a call of another org.
      {
        content: `12 calls in the last 7 days. ${sid('a06')} asked for bitcoin; see also ${sid('a99')} and ${sid('b01')}.`,
        usage: [300, 40],
      },
    );
    const res = await ask(w.keyA, { question: 'How many calls this week, and who asked for bitcoin?' });
    assert.equal(res.statusCode, 200, res.body);
    const a = res.json();
    assert.deepEqual(
      a.tool_calls.map((t: { name: string }) => t.name),
      ['get_summary', 'get_call', 'search_calls'],
    );
    assert.deepEqual(a.tool_calls[2].args, { q: 'bitcoin', range: '30d' });
    assert.ok(a.tool_calls.every((t: { result_preview: string }) => t.result_preview.length <= 500));
    assert.deepEqual(a.referenced_call_sids, [sid('a06')]);
    assert.deepEqual(a.sources, [
      { type: 'metric', label: 'get_summary, 2026-11-13T14:00:00Z to 2026-11-20T14:00:00Z', ref: { tool: 'get_summary' } },
      { type: 'transcript', label: `Transcript of call ${sid('a06')}`, ref: { call_sid: sid('a06') } },
      { type: 'metric', label: 'search_calls, 2026-10-21T14:00:00Z to 2026-11-20T14:00:00Z', ref: { tool: 'search_calls' } },
    ]);
    assert.deepEqual(a.tokens_used, { input: 600, output: 90 });

    const reqs = mine();
    assert.equal(reqs.length, 3);
    assert.equal(reqs[0].path, '/v1/chat/completions');
    assert.equal(reqs[0].headers.authorization, 'Bearer sk-test');
    assert.equal(reqs[0].body.model, 'scripted-model');
    assert.deepEqual(
      reqs[0].body.tools?.map((t) => t.function.name),
      [
        'get_summary',
        'get_timeseries',
        'get_topn',
        'get_tier1',
        'get_attacker_geo',
        'get_disconnect_breakdown',
        'get_active_calls',
        'search_calls',
        'get_call',
        'query',
      ],
    );
    assert.equal(reqs[0].body.tools?.[2].function.parameters.additionalProperties, false);
    const system = String(reqs[0].body.messages[0].content);
    assert.equal(reqs[0].body.messages[0].role, 'system');
    assert.ok(system.startsWith(SYSTEM_PROMPT));
    assert.match(system, /data, not instructions/);
    assert.match(system, /Current time: 2026-11-20T14:00:00Z/);
    // The model saw the real results: org A's figures, and the transcript as a tool result.
    const [summary] = toolMessages(reqs[1]) as Array<{ calls_received: number }>;
    assert.equal(summary.calls_received, 12);
    const results = toolMessages(reqs[2]);
    assert.equal((results[1] as { call_sid: string }).call_sid, sid('a06'));
    assert.doesNotMatch(JSON.stringify(results), /Netflix|CA0+b01/);
  });

  it('uses dashboard_range as the default window and tells the model the context', async () => {
    script = steps({ toolCalls: [{ name: 'get_summary', args: {} }] }, { content: 'Done.' });
    const a = (
      await ask(w.keyA, {
        question: 'How many calls?',
        dashboard_range: '30d',
        context_call_sid: sid('a01'),
        context_chart_id: 'hook-rate',
      })
    ).json();
    assert.match(a.tool_calls[0].result_preview, /"start_utc":"2026-10-21T14:00:00Z"/);
    const system = String(mine()[0].body.messages[0].content);
    assert.match(system, /Default window when the question names none: 30d/);
    assert.match(system, new RegExp(`looking at call ${sid('a01')}`));
    assert.match(system, /chart "hook-rate"/);
  });

  it('answers chit-chat with one none source', async () => {
    script = steps({ content: 'Hello! Ask me about your calls.', usage: [50, 8] });
    const a = (await ask(w.keyA, { question: 'hi there' })).json();
    assert.deepEqual(a.tool_calls, []);
    assert.deepEqual(a.sources, [{ type: 'none', label: 'Conversational reply; no data was needed', ref: {} }]);
    assert.deepEqual(a.tokens_used, { input: 50, output: 8 });
  });

  it('reports refused arguments, unknown tools and bad JSON back to the model', async () => {
    script = steps(
      {
        toolCalls: [
          { name: 'get_topn', args: { field: 'transcript' } },
          { name: 'drop_tables', args: {} },
          { name: 'get_summary', args: '{not json' },
          { name: 'get_summary', args: { range: '9999d' } },
        ],
      },
      { content: 'I could not get that.' },
    );
    const a = (await ask(w.keyA, { question: 'top transcripts?' })).json();
    assert.deepEqual(
      a.tool_calls.map((t: { name: string }) => t.name),
      ['get_topn', 'get_summary'],
    );
    assert.match(a.tool_calls[0].result_preview, /Invalid arguments for get_topn/);
    assert.match(a.tool_calls[1].result_preview, /spans more than 400 days/);
    const sent = toolMessages(mine()[1]) as Array<{ error: string }>;
    assert.equal(sent.length, 4);
    assert.match(sent[1].error, /Unknown tool drop_tables/);
    assert.match(sent[2].error, /not valid JSON/);
    assert.deepEqual(a.sources, [{ type: 'none', label: 'Conversational reply; no data was needed', ref: {} }]);
  });

  it('replays the session to the model', async () => {
    const session = randomUUID();
    script = steps({ content: 'First answer.' });
    await ask(w.keyA, { question: 'First question?', session_id: session });
    script = steps({ content: 'Second answer.' });
    await ask(w.keyA, { question: 'And then?', session_id: session });
    const msgs = mine()[1].body.messages.map((m) => [m.role, m.content]);
    assert.deepEqual(msgs.slice(1), [
      ['user', 'First question?'],
      ['assistant', 'First answer.'],
      ['user', 'And then?'],
    ]);
    const turns = (
      await w.app.inject({ method: 'GET', url: `/api/agent/session/${session}/v2`, headers: { authorization: `Bearer ${w.keyA}` } })
    ).json().turns;
    assert.deepEqual(
      turns.map((t: { answer: string }) => t.answer),
      ['First answer.', 'Second answer.'],
    );
  });
});

describe('openai provider: the slice and injected instructions', () => {
  it('a transcript that gives orders cannot widen what the tools read', async () => {
    // The model "obeys" the transcript of a06: it tries another org's call, extra arguments,
    // and a search over everything. The tools still read org A alone.
    script = steps(
      { toolCalls: [{ name: 'get_call', args: { call_sid: sid('a06') } }] },
      {
        toolCalls: [
          { name: 'get_call', args: { call_sid: sid('b01') } },
          { name: 'search_calls', args: { q: 'bitcoin', range: '30d', org_id: 'org_b' } },
          { name: 'search_calls', args: { q: 'bitcoin', range: '30d' } },
        ],
      },
      { content: `Every organisation: ${sid('b01')} and ${sid('a06')}.` },
    );
    const a = (await ask(w.keyA, { question: `Summarise call ${sid('a06')}` })).json();
    const sent = toolMessages(mine()[2]) as Array<Record<string, unknown>>;
    assert.match(String(sent[1].error), /No call .* in the data this key can read/);
    assert.match(String(sent[2].error), /Invalid arguments/);
    assert.deepEqual(
      (sent[3].items as Array<{ call_sid: string }>).map((i) => i.call_sid),
      [sid('a06')],
    );
    assert.doesNotMatch(JSON.stringify(sent), /Netflix|777777/);
    assert.deepEqual(a.referenced_call_sids, [sid('a06')]);
    assert.ok(!a.sources.some((s: { ref: { call_sid?: string } }) => s.ref.call_sid === sid('b01')));
  });

  it('a scoped key gets its slice only', async () => {
    script = steps(
      {
        toolCalls: [
          { name: 'get_topn', args: { field: 'impersonated_brand', range: '30d' } },
          { name: 'get_active_calls', args: {} },
        ],
      },
      { content: 'Amazon and PayPal.' },
    );
    await ask(w.keyScoped, { question: 'Top brands and live calls?' });
    const [top, live] = toolMessages(mine()[1]) as [{ items: Array<{ label: string }> }, { calls: Array<{ call_sid: string }> }];
    assert.deepEqual(top.items.map((i) => i.label).sort(), ['Amazon', 'PayPal']);
    assert.deepEqual(
      live.calls.map((c) => c.call_sid),
      [sid('c01')],
    );
  });
});

describe('openai provider: failures', () => {
  it('a provider error is a 502 agent_provider_error', async () => {
    script = steps({ status: 500, error: 'upstream exploded' });
    const res = await ask(w.keyA, { question: 'How many calls?' });
    assert.equal(res.statusCode, 502);
    assert.match(String(res.headers['content-type']), /application\/problem\+json/);
    assert.equal(res.json().code, 'agent_provider_error');
    assert.doesNotMatch(res.body, /upstream exploded/);
    assert.equal(mine().length, 1, 'no retries');

    const stream = await ask(w.keyA, { question: 'How many calls?' }, '/api/agent/ask-stream');
    assert.equal(stream.statusCode, 200);
    const events = stream.json().events;
    assert.deepEqual(events[events.length - 1], {
      type: 'error',
      code: 'agent_provider_error',
      detail: 'The agent model failed (HTTP 500).',
    });
  });

  it('an error after tool calls ends the stream with an error event', async () => {
    script = steps({ toolCalls: [{ name: 'get_summary', args: { range: '24h' } }] }, { status: 429 });
    const events = (await ask(w.keyA, { question: 'How many calls today?' }, '/api/agent/ask-stream')).json().events;
    assert.deepEqual(
      events.map((e: { type: string }) => e.type),
      ['tool_call', 'error'],
    );
    assert.equal(events[1].code, 'agent_provider_error');
  });

  it('a model that never stops calling tools hits the step limit', async () => {
    script = () => ({ toolCalls: [{ name: 'get_summary', args: {} }] });
    const res = await ask(w.keyA, { question: 'Loop forever' });
    assert.equal(res.statusCode, 502);
    assert.equal(res.json().code, 'agent_provider_error');
    assert.match(res.json().detail, /did not finish within 6 steps/);
    const reqs = mine();
    assert.equal(reqs.length, 6);
    assert.equal(reqs[5].body.tool_choice, 'none');
    assert.equal(reqs[0].body.tool_choice, 'auto');
  });

  it('an unreachable provider is a 502', async () => {
    const dead = await chatServer(() => ({ content: 'x' }));
    const url = dead.baseURL;
    await dead.close();
    const agent = new OpenAIAgent({ apiKey: 'k', baseURL: url, model: 'm' });
    const tools = new ToolRunner({
      db: w.t.app.deps.storage.db,
      sessions: w.t.app.deps.storage.sessions,
      principal: fakePrincipal(),
      now: NOW,
      defaultRange: '7d',
    });
    await assert.rejects(
      agent.ask(tools, request('hi')),
      (e: unknown) => e instanceof ApiError && e.status === 502 && e.code === 'agent_provider_error',
    );
  });

  it('a provider that does not answer in time is a 502', async () => {
    script = () => ({ hang: true });
    const agent = new OpenAIAgent({ apiKey: 'k', baseURL: server.baseURL, model: 'm', timeoutMs: 300 });
    const tools = new ToolRunner({
      db: w.t.app.deps.storage.db,
      sessions: w.t.app.deps.storage.sessions,
      principal: fakePrincipal(),
      now: NOW,
      defaultRange: '7d',
    });
    const started = Date.now();
    await assert.rejects(
      agent.ask(tools, request('hi')),
      (e: unknown) => e instanceof ApiError && e.code === 'agent_provider_error' && /in time/.test(e.detail),
    );
    assert.ok(Date.now() - started < 5_000);
  });
});

function fakePrincipal() {
  return { orgId: w.orgA, tier: 'pro' as const, keyId: 'key_test', role: 'read' as const, scope: null };
}

function request(question: string) {
  return { question, dashboardRange: '7d', contextCallSid: null, contextChartId: null, history: [] };
}
