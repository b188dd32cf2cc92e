// Builds the real app on a temporary database and loads the fixture: two pro orgs, a scoped
// key, live sessions, all at the fixed clock NOW.

import assert from 'node:assert/strict';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ingest, newOrg, scopedKey, testApp, type TestApp } from '../helpers/app.js';
import { LIVE, NOW, ORG_A_CALLS, ORG_B_CALLS, SCOPE } from './fixture.js';

export interface AgentWorld {
  t: TestApp;
  app: FastifyInstance;
  keyA: string;
  keyB: string;
  keyScoped: string;
  keyFree: string;
  orgA: string;
}

export async function agentWorld(env: Record<string, string> = {}): Promise<AgentWorld> {
  const t = await testApp(env);
  t.setNow(NOW);
  const a = await newOrg(t.app, 'pro', 'Org A');
  const b = await newOrg(t.app, 'pro', 'Org B');
  const free = await newOrg(t.app, 'free', 'Org Free');
  for (const [key, calls] of [
    [a.ingest, ORG_A_CALLS],
    [b.ingest, ORG_B_CALLS],
  ] as const) {
    const res = await ingest(t.app, key, calls);
    if (res.statusCode !== 200 || res.json().accepted !== calls.length) throw new Error(`ingest failed: ${res.body}`);
  }
  for (const s of LIVE) {
    t.setNow(s.heartbeatAt);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/ingest/sessions/${s.sid}`,
      payload: s.body,
      headers: { authorization: `Bearer ${a.ingest}` },
    });
    if (res.statusCode !== 204) throw new Error(`session failed: ${res.body}`);
  }
  t.setNow(NOW);
  const keyScoped = await scopedKey(t.app, a.orgId, SCOPE);
  return { t, app: t.app, keyA: a.read, keyB: b.read, keyScoped, keyFree: free.read, orgA: a.orgId };
}

export function askRaw(
  app: FastifyInstance,
  key: string,
  body: Record<string, unknown>,
  url = '/api/agent/ask',
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url, payload: body, headers: { authorization: `Bearer ${key}`, ...headers } });
}

/** An answer of POST /api/agent/ask, as the question suites read it. */
export interface AgentAnswer {
  answer: string;
  tool_calls: Array<{ name: string; args: Record<string, unknown>; result_preview: string }>;
  sources: Array<{ type: string }>;
}

/** Asks a question that must be answered (200); `extra` joins the body (a conversation id, filters). */
export async function askOk(
  app: FastifyInstance,
  key: string,
  question: string,
  extra: Record<string, unknown> = {},
): Promise<AgentAnswer> {
  const res = await askRaw(app, key, { question, ...extra });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as AgentAnswer;
}
