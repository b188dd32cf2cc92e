// The agent on the query language: the `query` tool (POST /api/query's typed query,
// with the caller's principal), out-of-scope requests declined without a tool, and the question
// classes answered through a query. Expected figures are computed here from the fixture calls
// (test/agent/fixture.ts), not from src/.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { findValues, type Lexicon, type LexiconEntry } from '../../src/agent/read/lexicon.js';
import { normalise } from '../../src/agent/read/normalise.js';
import { declineOf, DECLINE_RULES } from '../../src/agent/read/outOfScope.js';
import { planByRules } from '../../src/agent/plan/queryRules.js';
import { readQuestion } from '../../src/agent/plan/questionReading.js';
import { canon } from '../../src/agent/read/values.js';
import { runTool, toolParameters, type ToolContext } from '../../src/agent/run/tools.js';
import type { Principal } from '../../src/domain/principal.js';
import { QueryBody } from '../../src/domain/query/schema.js';
import { isHooked, NOW, ORG_A_CALLS, SCOPE, win, type FixtureCall } from './fixture.js';
import { ingest, newOrg } from '../helpers/app.js';
import { agentWorld, askOk, type AgentAnswer, type AgentWorld } from './setup.js';

let w: AgentWorld;
before(async () => {
  w = await agentWorld({ HONEYPOT_RATE_AGENT: '100000/60' });
});
after(async () => {
  await w.t.close();
});

function ctx(scope: Principal['scope'] = null): ToolContext {
  const { db, sessions } = w.app.deps.storage;
  return { db, sessions, now: NOW, defaultRange: '30d', principal: { orgId: w.orgA, tier: 'pro', keyId: 'k', role: 'read', scope } };
}

const ask = (question: string, key = w.keyA, extra: Record<string, unknown> = {}) => askOk(w.app, key, question, extra);

const inWindow = (c: FixtureCall, start: string, end: string | Date = NOW) => {
  const t = new Date(c.started_at).getTime();
  const x = win(start, end);
  return t >= x.start.getTime() && t < x.end.getTime();
};
const d30 = new Date(NOW.getTime() - 30 * 86_400_000).toISOString();

describe('the query tool', () => {
  it('takes POST /api/query’s body schema as its arguments', () => {
    assert.deepEqual(toolParameters('query'), JSON.parse(JSON.stringify(QueryBody)));
  });

  it('answers as POST /api/query does, in the default window, with the principal’s slice', async () => {
    const body = { metrics: ['calls_received'], filters: [['is', 'fake_agent_name', ['kevin']]] };
    const rec = await runTool(ctx(), 'query', body);
    assert.ok(rec.ok, rec.result_preview);
    assert.ok(rec.result_preview.length <= 500);
    const expected = ORG_A_CALLS.filter((c) => inWindow(c, d30) && c.extraction?.fake_agent_name === 'Kevin').length;
    assert.equal(expected, 2);
    const result = rec.result as { results: Array<{ metrics: number[] }>; range: { label: string } };
    assert.equal(result.results[0].metrics[0], expected);
    assert.equal(result.range.label, '30d');
    const http = await w.app.inject({
      method: 'POST',
      url: '/api/query',
      payload: { ...body, range: '30d' },
      headers: { authorization: `Bearer ${w.keyA}` },
    });
    assert.deepEqual(http.json().results, result.results);
    // The slice applies: a key scoped to Amazon and PayPal sees only those calls of the agent.
    const scoped = (await runTool(ctx(SCOPE), 'query', { metrics: ['calls_received'], range: '30d' })).result as {
      results: Array<{ metrics: number[] }>;
    };
    const inSlice = ORG_A_CALLS.filter((c) => inWindow(c, d30) && ['Amazon', 'PayPal'].includes(c.extraction?.impersonated_brand ?? ''));
    assert.equal(scoped.results[0].metrics[0], inSlice.length);
  });

  it('returns a readable error for a query the language refuses', async () => {
    const rec = await runTool(ctx(), 'query', { metrics: ['revenue'] });
    assert.equal(rec.ok, false);
    assert.match((rec.result as { error: string }).error, /metrics\[0\]/);
    assert.equal((await runTool(ctx(), 'query', { metrics: ['calls_received'], org_id: 'x' })).ok, false);
  });
});

/** Out of scope, each phrased differently: declined in one sentence, no tool, no figure. */
const OUT_OF_SCOPE = [
  'freeze these accounts',
  'Freeze the mule accounts from yesterday please',
  'please block the scammer numbers',
  'can you block +12025550143',
  'block all the callers from texas',
  'call the fbi',
  'could you call them back and waste their time',
  'email the team a summary of this',
  'text me when a tier 1 call comes in',
  'can you report them to the FBI',
  'report these wallets to the authorities',
  'take down the phishing site',
  'take down those urls',
  'I need these wallets frozen asap',
  'what is the bitcoin price',
  'btc price right now?',
  "what's the price of ethereum today",
  'how is the stock market doing',
  'what is the usd to eur exchange rate',
  'write me a script that scrapes the dashboard',
  'give me python code to pull every call',
  'can you write a bash script to export the calls',
  'generate a regex for phone numbers',
  'scrape the dashboard for me',
  'what is the real name of the scammer',
  'find the home address of the caller',
  'where does the scammer live',
  "what's the scammer's facebook",
  'what is the weather in paris',
  'will it rain tomorrow in new york',
  'tell me a joke',
  'who won the world cup',
  'what is the capital of australia',
];

/** In scope though they share words with a decline: never declined. */
const IN_SCOPE = [
  'how many calls asked for a wire transfer',
  'which scammers asked the victim to call back',
  'did anyone mention bitcoin price',
  'did callers talk about the stock market',
  'call volume this week',
  'calls from texas this week',
  'report the hook rate for this week',
  'send me the tier 1 calls',
  'how many calls were about blocked accounts',
  'which mule accounts were seen this week',
  'did any caller ask the persona to email them',
  'how many callers pretended to be from the bank',
  'top brands this month',
  'what did the caller say in the last call',
];

describe('out-of-scope requests', () => {
  it('are declined by one rule table, each rule with examples it declines', () => {
    for (const r of DECLINE_RULES) for (const e of r.examples) assert.ok(declineOf(e), `${r.topic}: ${e}`);
  });

  it(`decline ${OUT_OF_SCOPE.length} phrasings in one sentence that says what it can answer`, () => {
    assert.ok(OUT_OF_SCOPE.length >= 30);
    for (const q of OUT_OF_SCOPE) {
      const reply = declineOf(q);
      assert.ok(reply, `not declined: ${q}`);
      assert.match(reply, /^I can't answer that from this data: [^.]+, but I can answer [^.]+\.$/, q);
      assert.doesNotMatch(reply, /\d/, q);
    }
  });

  it('never decline questions about the calls that share their words', () => {
    for (const q of IN_SCOPE) assert.equal(declineOf(q), null, q);
  });

  it('over HTTP: no tool call, one none source', async () => {
    for (const q of ['freeze these accounts', 'what is the bitcoin price', 'write me a script that scrapes the dashboard']) {
      const a = await ask(q);
      assert.equal(a.tool_calls.length, 0, q);
      assert.deepEqual(
        a.sources.map((s) => s.type),
        ['none'],
      );
      assert.match(a.answer, /^I can't answer that from this data/);
    }
    const a = await ask('did anyone mention bitcoin price');
    assert.ok(a.tool_calls.length > 0);
  });
});

// ------------------------------------------------------------------ figures from the fixture

const calls = (pred: (c: FixtureCall) => boolean) => ORG_A_CALLS.filter(pred);
const at = (c: FixtureCall) => new Date(c.started_at).getTime();
const THIS_MONTH = '2026-11-01T00:00:00Z';
const D30 = new Date(NOW.getTime() - 30 * 86_400_000).toISOString();
const int = (n: number) => n.toLocaleString('en-US');
const usd = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const queryArgs = (a: AgentAnswer) => a.tool_calls.filter((c) => c.name === 'query').map((c) => c.args);

describe('values of any field, from the org’s lexicon', () => {
  it('a fake agent name: its calls through a query with an `is` filter', async () => {
    const a = await ask('how many calls with the fake agent Kevin this month');
    const n = calls((c) => inWindow(c, THIS_MONTH) && c.extraction?.fake_agent_name === 'Kevin').length;
    assert.equal(n, 2);
    assert.match(a.answer, new RegExp(`fake agent name Kevin: ${n} calls`));
    assert.deepEqual(queryArgs(a)[0].filters, [['is', 'fake_agent_name', ['Kevin']]]);
    assert.deepEqual(
      a.sources.map((s) => s.type),
      ['metric'],
    );
  });

  it('a synthetic organisation, asked yes or no', async () => {
    const a = await ask('any calls from Secure Tech LLC in the last 30 days?');
    const n = calls((c) => inWindow(c, D30) && c.extraction?.synthetic_org === 'Secure Tech LLC').length;
    assert.ok(n > 0);
    assert.match(a.answer, new RegExp(`^Yes\\. .*synthetic organisation Secure Tech LLC: ${n} call`));
  });

  it('an account number and a routing number (asked for its bank)', async () => {
    const acct = await ask('how many calls gave the account number 123456789 in the last 30 days');
    const n = calls((c) => inWindow(c, D30) && c.extraction?.mule_bank_account_number === '123456789').length;
    assert.match(acct.answer, new RegExp(`mule account number 123456789: ${n} call`));
    const bank = await ask('which bank is routing number 021000021 from, last 30 days');
    const banks = new Set(
      calls((c) => inWindow(c, D30) && c.extraction?.mule_bank_routing_number === '021000021').map((c) => c.extraction?.mule_bank_name),
    );
    assert.equal(banks.size, 1);
    // Stored in one spelling: "Chase" is kept as "JPMorgan Chase" (README, Intel out).
    assert.match(bank.answer, /named the mule bank JPMorgan Chase \(1 call\)/);
    assert.deepEqual(queryArgs(bank)[0].dimensions, ['mule_bank_name']);
  });

  it('a typo of a name is matched, and said', async () => {
    const a = await ask('how many calls did Lnda make in the last 30 days');
    const n = calls((c) => inWindow(c, D30) && c.extraction?.fake_agent_name === 'Linda').length;
    assert.match(a.answer, new RegExp(`fake agent name Linda: ${n} calls`));
    assert.match(a.answer, /I read "lnda" as the fake agent name "Linda"/);
  });

  it('a value ingested a moment ago is known at once (the lexicon is dropped at ingest)', async () => {
    const org = await newOrg(w.app, 'pro', 'Org Lexicon');
    const record = (n: number) => ({
      call_sid: `CAlexicon${String(n).padStart(24, '0')}`,
      started_at: new Date(NOW.getTime() - n * 3_600_000).toISOString(),
      duration_sec: 120,
      caller_id: '+12125550199',
      extraction: { impersonated_brand: 'Amazon', fake_agent_name: n === 1 ? 'Bartholomew' : 'Zebediah' },
    });
    assert.equal((await ingest(w.app, org.ingest, [record(1)])).statusCode, 200);
    // Not stored yet: said to be unknown, with the query over all time (the longest window) that counted none.
    const first = await ask('how many calls with the agent Zebediah in the last 7 days', org.read);
    assert.match(first.answer, /^I found no fake agent name "Zebediah"/);
    assert.deepEqual(queryArgs(first), [
      { metrics: ['calls_received'], filters: [['is', 'fake_agent_name', ['Zebediah']]], range: '400d' },
    ]);
    assert.equal((await ingest(w.app, org.ingest, [record(2), record(3)])).statusCode, 200);
    const second = await ask('how many calls with the agent Zebediah in the last 7 days', org.read);
    assert.match(second.answer, /fake agent name Zebediah: 2 calls/);
  });

  /** A lexicon by hand: [field, value] pairs. */
  function lexicon(pairs: Array<[LexiconEntry['field'], string]>): Lexicon {
    const exact = new Map<string, LexiconEntry[]>();
    const names: Lexicon['names'] = [];
    for (const [field, value] of pairs) {
      const e = { field, value, calls: 3 };
      exact.set(canon(value), [...(exact.get(canon(value)) ?? []), e]);
      names.push({ key: canon(value), entry: e });
    }
    return { exact, names };
  }
  const planned = (question: string, lex: Lexicon) => {
    const text = normalise(question);
    const req = { question, dashboardRange: '7d', contextCallSid: null, contextChartId: null, history: [] };
    return planByRules({ text, reading: readQuestion(req, null, NOW, text), now: NOW, found: findValues(question, lex) });
  };

  it('a drop address holding a state code is the address, not the state', () => {
    const address = '42 Elm Street, Detroit, MI 48201';
    const p = planned(
      `how many calls used the drop address 42 Elm Street Detroit MI 48201 this month`,
      lexicon([['physical_mule_drop_address', address]]),
    );
    assert.equal(p?.rule, 'a-value-of-any-field');
    assert.deepEqual(p?.plan.queries[0].filters, [['is', 'physical_mule_drop_address', [address]]]);
  });

  it('a value two fields hold: the answer says which it used', () => {
    const lex = lexicon([
      ['fake_agent_name', 'John Smith'],
      ['mule_account_holder_name', 'John Smith'],
    ]);
    const p = planned('how many calls with John Smith this week', lex);
    const said = p?.plan.say([
      {
        results: [{ dimensions: [], metrics: [2] }],
        range: { start_utc: '2026-11-16T00:00:00Z', end_utc: '2026-11-20T14:00:00Z', label: 'custom' },
      },
    ]);
    assert.match(String(said), /"John Smith" is also a mule account holder; I counted it as a fake agent name/);
  });

  it('stray words are not values', async () => {
    for (const q of ['how many calls went past the 15 minute mark this week', 'how many calls mention those involved', 'calls this week']) {
      const a = await ask(q);
      assert.deepEqual(queryArgs(a), [], q);
    }
  });
});

describe('question classes through the query tool', () => {
  const asksOf = (c: FixtureCall) => c.extraction?.dollar_asks ?? [];

  it('asks in a dollar range: a `between` filter with the asks metric', async () => {
    for (const [q, lo, hi, start] of [
      ['how many asks between $1,000 and $2,500 this month', 1000, 2500, THIS_MONTH],
      ['total of the asks from 500 to 1k in the last 30 days', 500, 1000, D30],
    ] as const) {
      const a = await ask(q);
      const inRange = calls((c) => inWindow(c, start)).flatMap((c) => asksOf(c).filter((x) => x >= lo && x <= hi));
      const withAsk = calls((c) => inWindow(c, start) && asksOf(c).some((x) => x >= lo && x <= hi)).length;
      assert.ok(inRange.length > 1, q);
      const total = inRange.reduce((s, x) => s + x, 0);
      assert.match(a.answer, new RegExp(`single asks between ${usd(lo).replace('$', '\\$')} and ${usd(hi).replace('$', '\\$')}`), q);
      // A count leads with the asks; "total of the asks" with their total.
      if (q.startsWith('total'))
        assert.ok(a.answer.includes(`total ${usd(total)} (${inRange.length} single asks, in ${withAsk} calls)`), a.answer);
      else assert.ok(a.answer.includes(`totalling ${usd(total)}, in ${withAsk} calls`), a.answer);
      assert.deepEqual(queryArgs(a)[0].filters, [['between', 'dollar_ask', [lo, hi]]]);
    }
  });

  it('weekends against weekdays: the time:weekday dimension', async () => {
    const a = await ask('do we get more calls on weekends or weekdays this month?');
    const month = calls((c) => inWindow(c, THIS_MONTH));
    const weekend = month.filter((c) => [0, 6].includes(new Date(c.started_at).getUTCDay())).length;
    assert.match(
      a.answer,
      new RegExp(`weekends \\(Saturday and Sunday\\) ${weekend} calls?, weekdays \\(Monday to Friday\\) ${month.length - weekend} calls`),
    );
    assert.deepEqual(queryArgs(a)[0].dimensions, ['time:weekday']);
  });

  it('week by week: the time:week dimension, weeks from Monday', async () => {
    const a = await ask('calls week by week over the last 30 days');
    const weeks = new Map<string, number>();
    for (const c of calls((x) => inWindow(x, D30))) {
      const d = new Date(c.started_at);
      const monday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - ((d.getUTCDay() + 6) % 7)));
      const key = monday.toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
      weeks.set(key, (weeks.get(key) ?? 0) + 1);
    }
    assert.ok(weeks.size >= 4);
    for (const [week, n] of weeks) assert.ok(a.answer.includes(`week of ${week}: ${n} call`), `${week} ${n}: ${a.answer}`);
    assert.deepEqual(queryArgs(a)[0].dimensions, ['time:week']);
  });

  it('calls we failed to hook, of a value: the hooked dimension, not every call of it', async () => {
    const a = await ask('how many refund calls did we fail to hook this month');
    const refund = calls((c) => inWindow(c, THIS_MONTH) && c.extraction?.lure_category === 'REFUND');
    const missed = refund.filter((c) => !isHooked(c)).length;
    assert.ok(refund.length > missed && missed > 0);
    const were = (n: number) => (n === 1 ? 'was' : 'were');
    assert.ok(
      a.answer.includes(
        `${missed} call${missed === 1 ? '' : 's'} with scam type REFUND ${were(missed)} not hooked, and ${refund.length - missed} ${were(refund.length - missed)}`,
      ),
      a.answer,
    );
    assert.deepEqual(queryArgs(a)[0].dimensions, ['hooked']);
  });

  it('how many wallets: distinct values, not the calls naming a chain', async () => {
    const a = await ask('how many wallets did we see this month');
    const month = calls((c) => inWindow(c, THIS_MONTH) && !!c.extraction?.crypto_wallet_address);
    const wallets = new Set(month.map((c) => c.extraction?.crypto_wallet_address)).size;
    assert.match(a.answer, new RegExp(`: ${wallets} different crypto wallets, named in ${month.length} calls`));
    assert.deepEqual(queryArgs(a)[0].metrics, ['distinct:crypto_wallet_address', 'calls_received']);
  });

  it('since a weekday against the same stretch of last week: a custom comparison window', async () => {
    const a = await ask('calls since wednesday against the same stretch last week');
    const wed = Date.parse('2026-11-18T00:00:00Z');
    const week = 7 * 86_400_000;
    const now = calls((c) => at(c) >= wed && at(c) < NOW.getTime()).length;
    const before = calls((c) => at(c) >= wed - week && at(c) < NOW.getTime() - week).length;
    assert.match(a.answer, new RegExp(`^Since Wednesday \\(Nov 18, 2026 to Nov 20, 2026 14:00 UTC\\): ${int(now)} calls`));
    assert.match(a.answer, new RegExp(`same stretch last week \\(Nov 11, 2026 to Nov 13, 2026 14:00 UTC\\): ${int(before)} calls?`));
    assert.deepEqual(queryArgs(a)[0].compare, { start: '2026-11-11T00:00:00Z', end: '2026-11-13T14:00:00Z' });
  });
});
