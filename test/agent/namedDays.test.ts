// Days known by name (src/agent/read/timePhrases.ts NAMED_DAYS) reach the answer as that whole
// UTC day, for a figure and for a comparison of two of them, never the default window. Expected
// figures come from the fixture calls (test/agent/fixture.ts), never from the agent.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ORG_A_CALLS, type FixtureCall } from './fixture.js';
import { agentWorld, askOk, type AgentWorld } from './setup.js';

let w: AgentWorld;
before(async () => {
  w = await agentWorld({ HONEYPOT_RATE_AGENT: '100000/60' });
});
after(async () => {
  await w.t.close();
});

const at = (c: FixtureCall) => Date.parse(c.started_at);
const on = (day: string) => ORG_A_CALLS.filter((c) => at(c) >= Date.parse(day) && at(c) < Date.parse(day) + 86_400_000).length;

describe('days known by name', () => {
  it('a figure on a named day is that day’s', async () => {
    const a = await askOk(w.app, w.keyA, 'how many calls came in on halloween?');
    assert.match(a.answer, /Oct 31, 2026/);
    assert.match(a.answer, new RegExp(`\\b${on('2026-10-31T00:00:00Z')}\\b`));
    assert.doesNotMatch(a.answer, /last 7 days/);
  });

  it('two named days compared are the two days', async () => {
    const a = await askOk(w.app, w.keyA, 'calls on thanksgiving vs black friday');
    assert.match(a.answer, /Nov 27, 2025/);
    assert.match(a.answer, /Nov 28, 2025/);
    assert.doesNotMatch(a.answer, /last 7 days/);
  });
});
