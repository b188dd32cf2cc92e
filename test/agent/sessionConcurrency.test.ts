// Concurrent questions in one agent session (never a 5xx): every answer is stored
// as its own turn, in a strictly increasing order, on both engines.

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { agentWorld, askRaw, type AgentWorld } from './setup.js';

describe('agent sessions under concurrent questions', () => {
  let w: AgentWorld;
  before(async () => {
    w = await agentWorld({ HONEYPOT_RATE_AGENT: '1000/60' });
  });
  after(() => w.t.close());

  it('20 questions at once in one session: all answered, all kept', async () => {
    const session_id = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => askRaw(w.app, w.keyA, { question: `How many calls this week? (${i})`, session_id })),
    );
    assert.deepEqual(
      answers.map((r) => r.statusCode),
      Array(20).fill(200),
      answers.find((r) => r.statusCode !== 200)?.body,
    );
    const res = await w.app.inject({ url: `/api/agent/session/${session_id}/v2`, headers: { authorization: `Bearer ${w.keyA}` } });
    const turns = res.json().turns as { created_at: string }[];
    assert.equal(turns.length, 20);
    const times = turns.map((t) => Date.parse(t.created_at));
    assert.ok(
      times.every((t, i) => i === 0 || t > times[i - 1]),
      'turns strictly ordered',
    );
  });
});
