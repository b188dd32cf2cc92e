// Calls that gave (or did not give) a piece of intel: "calls with a mule bank account", "how
// many calls gave a crypto wallet", "calls without a phishing link". The counts come from the
// fixture (test/agent/fixture.ts), not from the agent's code.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ORG_A_CALLS, WINDOWS, type FixtureCall, type W } from './fixture.js';
import { agentWorld, askRaw, type AgentWorld } from './setup.js';

interface Answer {
  answer: string;
  tool_calls: Array<{ name: string; args: Record<string, unknown> }>;
}

let w: AgentWorld;
before(async () => {
  w = await agentWorld({ HONEYPOT_RATE_AGENT: '10000/300' });
});
after(async () => {
  await w.t.close();
});

async function ask(question: string): Promise<Answer> {
  const res = await askRaw(w.app, w.keyA, { question });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as Answer;
}

const inWindow = (c: FixtureCall, win: W) =>
  Date.parse(c.started_at) >= win.start.getTime() && Date.parse(c.started_at) < win.end.getTime();
const having = (win: W, field: string) =>
  ORG_A_CALLS.filter((c) => inWindow(c, win) && ((c.extraction ?? {}) as Record<string, unknown>)[field] != null).length;
const all = (win: W) => ORG_A_CALLS.filter((c) => inWindow(c, win)).length;
const hasArgs = (a: Answer) => a.tool_calls.map((t) => t.args.has ?? null);

describe('calls with and without a piece of intel', () => {
  it('"with a mule bank account", "gave a crypto wallet", "had a phishing url" filter on that intel, never answer with every call', async () => {
    const wallets = having(WINDOWS.thisMonth, 'crypto_wallet_address');
    const accounts = having(WINDOWS.thisMonth, 'mule_bank_account_number');
    assert.ok(wallets > 0 && accounts > 0 && wallets !== all(WINDOWS.thisMonth));

    const a = await ask('how many calls gave a crypto wallet this month');
    assert.deepEqual(hasArgs(a)[0], ['crypto_wallet_address']);
    assert.match(a.answer, new RegExp(`\\b${wallets} calls? with a crypto wallet\\b`));

    const b = await ask('how many calls with a mule bank account this month');
    assert.deepEqual(hasArgs(b)[0], ['mule_bank_account_number']);
    assert.match(b.answer, new RegExp(`\\b${accounts} calls? with a mule account number\\b`));

    const c = await ask('how many calls had a phishing url this week');
    assert.deepEqual(hasArgs(c)[0], ['phishing_url']);
  });

  it('"did not give a crypto wallet", "had no mule bank account", "without a phishing link" count all calls minus those with it', async () => {
    const month = all(WINDOWS.thisMonth);
    const a = await ask('how many calls did not give a crypto wallet this month');
    assert.deepEqual(hasArgs(a), [null, ['crypto_wallet_address']]);
    const lacking = month - having(WINDOWS.thisMonth, 'crypto_wallet_address');
    assert.match(a.answer, new RegExp(`\\b${lacking} of the ${month} calls were not calls with a crypto wallet\\b`));

    const b = await ask('how many calls had no mule bank account this month');
    assert.deepEqual(hasArgs(b), [null, ['mule_bank_account_number']]);
    assert.match(b.answer, new RegExp(`\\b${month - having(WINDOWS.thisMonth, 'mule_bank_account_number')} of the ${month} calls\\b`));

    const week = all(WINDOWS.thisWeek);
    const c = await ask('calls without a phishing link this week');
    assert.deepEqual(hasArgs(c), [null, ['phishing_url']]);
    assert.match(c.answer, new RegExp(`\\b${week - having(WINDOWS.thisWeek, 'phishing_url')} of the ${week} calls\\b`));
  });
});
