// Question classes as analysts at a bank, a telco or in law enforcement type them, written for
// this file across the classes a held-out set found weak (issue 26): comparison frames, questions
// of several parts, follow-ups, values of any field, zero answers and requests out of scope, plus
// the dashboard's Explain on an hourly chart. Expected figures come from the REST API and
// POST /api/query on the fixture data (test/agent/fixture.ts), or from the fixture calls, never
// from the agent.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { randomUUID } from 'node:crypto';
import { isHooked, NOW, ORG_A_CALLS, pct, tierOf, usd, type FixtureCall } from './fixture.js';
import { agentWorld, askRaw, type AgentWorld } from './setup.js';
import { ingest, newOrg } from '../helpers/app.js';

let w: AgentWorld;
before(async () => {
  w = await agentWorld({ HONEYPOT_RATE_AGENT: '100000/60', HONEYPOT_RATE_GENERAL: '100000/60' });
});
after(async () => {
  await w.t.close();
});

interface Answer {
  answer: string;
  tool_calls: Array<{ name: string; args: Record<string, unknown> }>;
}

async function ask(question: string, extra: Record<string, unknown> = {}, key = w.keyA): Promise<Answer> {
  const res = await askRaw(w.app, key, { question, ...extra });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as Answer;
}

async function get(path: string, key = w.keyA): Promise<any> {
  const res = await w.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${key}` } });
  assert.equal(res.statusCode, 200, res.body);
  return res.json();
}

const DAY = 86_400_000;
const at = (c: FixtureCall) => Date.parse(c.started_at);
const between = (start: string | number, end: string | number = NOW.getTime()) => {
  const [s, e] = [typeof start === 'string' ? Date.parse(start) : start, typeof end === 'string' ? Date.parse(end) : end];
  return ORG_A_CALLS.filter((c) => at(c) >= s && at(c) < e);
};
const x = (c: FixtureCall) => c.extraction ?? {};
const calls = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'call' : 'calls'}`;
const hookSaid = (cs: FixtureCall[]) => {
  const h = cs.filter(isHooked).length;
  return cs.length ? `hook rate ${pct(h / cs.length)} (${h} of ${calls(cs.length)} hooked)` : 'no calls, so no hook rate';
};
const asksSaid = (cs: FixtureCall[]) => {
  const xs = cs.flatMap((c) => c.extraction?.dollar_asks ?? []);
  return `${xs.length} single ${xs.length === 1 ? 'ask' : 'asks'} totalling ${usd(xs.reduce((t, v) => t + v, 0))}`;
};
const weekend = (c: FixtureCall) => [0, 6].includes(new Date(c.started_at).getUTCDay());
const queries = (a: Answer) => a.tool_calls.filter((c) => c.name === 'query').map((c) => c.args);
const THIS_MONTH = '2026-11-01T00:00:00Z';
const MONDAY = Date.parse('2026-11-16T00:00:00Z');
const D30 = NOW.getTime() - 30 * DAY;

const has = (a: Answer, s: string) => assert.ok(a.answer.includes(s), `expected «${s}» in: ${a.answer}`);
const int = (n: number) => n.toLocaleString('en-US');

// ------------------------------------------------------------------ Explain on a chart

describe('Explain on a time chart', () => {
  it('speaks per the bucket the chart draws, and names each half with its figure in time order', async () => {
    const ts = await get('/api/kpis/timeseries/calls?bucket=hour&range=7d');
    const pts = ts.points as Array<{ timestamp: string; value: number }>;
    const h = Math.floor(pts.length / 2);
    const [first, second] = [pts.slice(0, h), pts.slice(pts.length - h)].map((p) => p.reduce((s, x) => s + x.value, 0));
    assert.notEqual(first, second);
    const a = await ask('Explain this chart', { context_chart_id: 'timeseries:calls:hour', dashboard_range: '7d' });
    assert.deepEqual(
      a.tool_calls.map((c) => c.args.bucket),
      ['hour'],
    );
    assert.match(a.answer, /^Calls per hour in the last 7 days/);
    has(
      a,
      `First half of the buckets: ${int(first)}; second half: ${int(second)}, so the second half is ${second > first ? 'up on' : 'down on'} the first.`,
    );
  });
});

// ------------------------------------------------------------------ comparison frames

describe('comparison frames, as analysts type them', () => {
  it('two values of one field side by side, with the quantity asked (brands, lures, payment methods, fake agents)', async () => {
    const d30 = between(D30);
    const brand = (b: string) => d30.filter((c) => x(c).impersonated_brand === b);
    for (const q of ['amazon vs microsoft hook rate last 30 days', 'hook rate: amazon compared to microsoft, last 30d']) {
      const a = await ask(q);
      has(a, `Amazon ${hookSaid(brand('Amazon'))}; Microsoft ${hookSaid(brand('Microsoft'))}`);
      assert.deepEqual(queries(a)[0].dimensions, ['impersonated_brand'], q);
    }
    const month = between(THIS_MONTH);
    const lure = (l: string) => month.filter((c) => x(c).lure_category === l);
    has(
      await ask('refund vs tech support scams this month, hook rate'),
      `REFUND ${hookSaid(lure('REFUND'))}; TECH_SUPPORT ${hookSaid(lure('TECH_SUPPORT'))}`,
    );
    // "gift card" is also a gift card brand's field word: read as the payment method, as "wire" beside it is.
    const pay = (p: string) => d30.filter((c) => x(c).payment_method === p);
    has(await ask('gift card vs wire asks last 30 days'), `gift_card ${asksSaid(pay('gift_card'))}; wire ${asksSaid(pay('wire'))}`);
    const agent = (n: string) => ORG_A_CALLS.filter((c) => at(c) >= NOW.getTime() - 90 * DAY && x(c).fake_agent_name === n).length;
    const [k, l] = [agent('Kevin'), agent('Linda')];
    const b = await ask('calls from agent Kevin vs agent Linda last 90 days');
    has(b, `Kevin ${calls(k)}; Linda ${calls(l)}.`);
    has(b, k === l ? 'are level' : `${k > l ? 'Kevin' : 'Linda'} is ahead of ${k > l ? 'Linda' : 'Kevin'}: +${Math.abs(k - l)}`);
  });

  it('weekend days and weekdays typed as ranges ("sat/sun vs mon-fri")', async () => {
    const month = between(THIS_MONTH);
    const a = await ask('hook rate sat/sun vs mon-fri this month');
    has(
      a,
      `weekends (Saturday and Sunday) ${hookSaid(month.filter(weekend))}, weekdays (Monday to Friday) ${hookSaid(month.filter((c) => !weekend(c)))}`,
    );
  });

  it('this week against last week "at this point": the same stretch, not the whole week', async () => {
    const same = between(MONDAY - 7 * DAY, NOW.getTime() - 7 * DAY);
    for (const q of ['how are we tracking this wk vs last wk at this point', 'calls this week vs last week by the same point']) {
      const a = await ask(q);
      has(a, `The same stretch last week (Nov 9, 2026 to Nov 13, 2026 14:00 UTC): ${calls(same.length)}`);
    }
  });

  it('month over month ("mom"), with no window named, is a series of months wide enough to compare', async () => {
    const a = await ask('mom change in calls');
    assert.deepEqual(queries(a)[0].dimensions, ['time:month']);
    for (const [name, start, end] of [
      ['September 2026', '2026-09-01T00:00:00Z', '2026-10-01T00:00:00Z'],
      ['October 2026', '2026-10-01T00:00:00Z', THIS_MONTH],
      ['November 2026', THIS_MONTH, NOW.getTime()],
    ] as const)
      has(a, `${name}: ${calls(between(start, end).length)}`);
  });

  it('hooked calls week by week count the hooked among all calls (no hooked filter beside the figure)', async () => {
    const a = await ask('hooked calls week by week over the last 30 days');
    const week = between(MONDAY);
    has(a, `week of Nov 16, 2026: ${week.filter(isHooked).length} hooked calls (of ${calls(week.length)})`);
    assert.deepEqual(queries(a)[0].filters, []);
  });

  it('before and after a date: from the date to now, against as long a stretch before it', async () => {
    const moment = Date.parse('2026-11-12T00:00:00Z');
    const span = NOW.getTime() - moment;
    for (const q of ['hook rate before and after Nov 12', 'hook rate before nov 12 vs after nov 12']) {
      const a = await ask(q);
      has(
        a,
        `Before Nov 12, 2026 (Nov 3, 2026 10:00 UTC to Nov 12, 2026 00:00 UTC, as long as the stretch after): ${hookSaid(between(moment - span, moment))}`,
      );
      has(a, `From Nov 12, 2026 on (Nov 12, 2026 to Nov 20, 2026 14:00 UTC): ${hookSaid(between(moment))}`);
    }
  });
});

// ------------------------------------------------------------------ follow-ups and questions of several parts

describe('follow-ups that point back, and parts that name the part before', () => {
  const turns = async (questions: string[]) => {
    const session_id = randomUUID();
    const out: Answer[] = [];
    for (const q of questions) out.push(await ask(q, { session_id }));
    return out;
  };
  const month = () => between(THIS_MONTH);
  const brand = (cs: FixtureCall[], b: string) => cs.filter((c) => x(c).impersonated_brand === b);

  it('"same for X", "and for X": the previous question with X in place of its value of that field', async () => {
    for (const follow of ['same for microsoft', 'and for Microsoft?']) {
      const [, b] = await turns(['hook rate for amazon this month', follow]);
      has(b, hookSaid(brand(month(), 'Microsoft')));
      assert.doesNotMatch(b.answer, /amazon/i, follow);
    }
    const [, d] = await turns(['how many calls with agent Kevin this month', 'same for Linda']);
    has(d, `calls with fake agent name Linda: ${calls(month().filter((c) => x(c).fake_agent_name === 'Linda').length)}`);
  });

  it('"break that down by X": the previous question, its window and values kept, by that field', async () => {
    const amazon = brand(month(), 'Amazon');
    const lures = new Map<string, number>();
    for (const c of amazon) if (x(c).lure_category) lures.set(x(c).lure_category!, (lures.get(x(c).lure_category!) ?? 0) + 1);
    assert.ok(lures.size >= 2);
    for (const follow of ['break that down by lure', 'ok split it by scam type']) {
      const [, b] = await turns(['how many amazon calls this month', follow]);
      const topn = b.tool_calls.find((c) => c.name === 'get_topn');
      assert.ok(topn, `${follow}: ${JSON.stringify(b.tool_calls)}`);
      assert.equal(topn.args.field, 'lure_category');
      assert.equal(topn.args.start, THIS_MONTH);
      for (const [l, n] of lures) assert.match(b.answer, new RegExp(`${l} ${n}\\b`), b.answer);
    }
  });

  it('"the top one", "its": the leading value of the ranking before, in its window', async () => {
    const d30 = between(D30);
    const [, b] = await turns(['top brands last 30 days', "what's the hook rate for the top one"]);
    has(b, hookSaid(brand(d30, 'Amazon')));
    assert.ok(
      b.tool_calls.every((c) => c.args.range === '30d'),
      JSON.stringify(b.tool_calls),
    );
    // In one question: the second part names the first part's answer.
    const c = await ask('top brand this month and its hook rate');
    const [first, second] = c.answer.split('\n\n');
    assert.match(first, /is Amazon\b/);
    has({ ...c, answer: second }, hookSaid(brand(month(), 'Amazon')));
  });

  it('"its" after a state or a value named: that state’s or value’s figure; a part after a figure is about all calls', async () => {
    const week = between(MONDAY);
    const [, b] = await turns(['how many calls impersonated amazon this week', 'whats its hook rate']);
    has(b, hookSaid(brand(week, 'Amazon')));
    const m = month();
    const t1 = m.filter((c) => tierOf(c) === 1);
    assert.notEqual(hookSaid(m), hookSaid(t1));
    const c = await ask('how many tier 1 calls and what was the hook rate this month');
    const [, second] = c.answer.split('\n\n');
    assert.ok(second.includes(hookSaid(m)), c.answer);
  });

  it('lists of asks in one sentence: every part answered', async () => {
    const week = between(MONDAY);
    const a = await ask('how many calls this week and what share were hooked');
    has(a, `${week.length}`);
    has(a, pct(week.filter(isHooked).length / week.length));
    const yday = between('2026-11-19T00:00:00Z', '2026-11-20T00:00:00Z');
    const b = await ask('how many tier 1 calls yesterday, what was the total asked, and which lure was most common');
    const parts = b.answer.split('\n\n');
    assert.equal(parts.length, 3, b.answer);
    const asked = yday.flatMap((c) => c.extraction?.dollar_asks ?? []).reduce((t, v) => t + v, 0);
    has(b, usd(asked));
  });
});

// ------------------------------------------------------------------ values of any field, and zero answers

describe('values of any field, and answers of none', () => {
  // An org of its own whose calls give drop addresses: the state in an address is no caller's state.
  const DROPS = ['623 Main Ln, Detroit, MI 48204', '1430 Hillcrest St, Orlando, FL 32811', '77 Mission St, Miami, FL 33101'];
  let key = '';
  before(async () => {
    const org = await newOrg(w.app, 'pro', 'Org Drops');
    key = org.read;
    const calls = [0, 1, 2, 0, 1].map((d, i) => ({
      call_sid: `CAdrop${String(i).padStart(28, '0')}`,
      started_at: new Date(NOW.getTime() - (i + 1) * 3_600_000).toISOString().replace('.000Z', 'Z'),
      duration_sec: 200,
      // Caller IDs from Michigan (313) on the Florida drops: a caller-state reading would count those.
      caller_id: i % 2 ? '+13135550140' : '+13055550140',
      persona: 'edith',
      disconnect_reason: 'caller_hung_up_normal',
      cleanly_closed: true,
      extraction: { auditor_confidence: 0.9, impersonated_brand: 'Amazon', physical_mule_drop_address: DROPS[d], dollar_asks: [500] },
    }));
    const res = await ingest(w.app, org.ingest, calls);
    assert.equal(res.json().accepted, calls.length, res.body);
  });

  it('a state named of a drop address is the address’s, counted with contains on the address', async () => {
    const inState = (code: string) => [0, 1, 2, 0, 1].filter((d) => DROPS[d].includes(`, ${code} `)).length;
    const a = await ask('how many calls with a drop address in Michigan today', {}, key);
    has(a, `counting only calls with a drop address in MI: ${calls(inState('MI'))}`);
    const b = await ask('how many drop addresses in FL today', {}, key);
    has(b, `2 different drop addresses, named in ${calls(inState('FL'))}`);
    const c = await ask('any calls with a drop address in Ohio today', {}, key);
    assert.match(c.answer, /^None: today .* no call with a drop address in OH \(the query counted 0\)/, c.answer);
    assert.deepEqual(queries(c)[0].filters, [['contains', 'physical_mule_drop_address', [', OH ']]]);
  });

  it('a value the data does not hold, named after its field, is said to be unknown, with the query that shows it', async () => {
    for (const [q, what, value] of [
      ['calls with agent Zorblax this month', 'fake agent name', 'Zorblax'],
      ['any calls naming wallet bc1qzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz', 'crypto wallet', 'bc1qzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz'],
      ['how many calls gave routing number 999999999', 'routing number', '999999999'],
    ] as const) {
      const a = await ask(q);
      has(a, `I found no ${what} "${value}" in the calls this key can read`);
      const [f] = queries(a)[0].filters as unknown[][];
      assert.deepEqual(f[2], [value], q);
    }
    // A value the data holds is counted, never said to be unknown (negative).
    const month = between(THIS_MONTH).filter((c) => x(c).fake_agent_name === 'Kevin').length;
    const k = await ask('how many calls did agent Kevin make this month');
    has(k, `calls with fake agent name Kevin: ${calls(month)}`);
  });

  it('identifiers ranked by calls ("top agents", "which wallets came up most"), not a list of calls', async () => {
    const d30 = between(D30);
    const tally = (f: (c: FixtureCall) => string | null | undefined) => {
      const m = new Map<string, number>();
      for (const c of d30) if (f(c)) m.set(f(c)!, (m.get(f(c)!) ?? 0) + 1);
      return m;
    };
    const agents = tally((c) => x(c).fake_agent_name);
    assert.ok(agents.size >= 2);
    const a = await ask('top agents last 30 days');
    for (const [n, k] of agents) assert.match(a.answer, new RegExp(`\\b${n} ${k}\\b`), a.answer);
    const wallets = tally((c) => x(c).crypto_wallet_address);
    assert.ok(wallets.size >= 2);
    const b = await ask('which wallets came up the most in the last 30 days');
    for (const [v, k] of wallets) has(b, `${v} (${calls(k)})`);
    assert.deepEqual(queries(b)[0].dimensions, ['crypto_wallet_address']);
  });

  it('a true zero of a known value says None, for the window asked', async () => {
    const windows = [
      ['last month', '2026-10-01T00:00:00Z', THIS_MONTH],
      ['yesterday', '2026-11-19T00:00:00Z', '2026-11-20T00:00:00Z'],
    ] as const;
    const names = [...new Set(ORG_A_CALLS.map((c) => x(c).fake_agent_name).filter((n): n is string => !!n))];
    const pairs = windows.flatMap(([w, s0, e]) =>
      names.filter((n) => !between(s0, e).some((c) => x(c).fake_agent_name === n)).map((n) => [w, n]),
    );
    assert.ok(pairs.length > 0);
    for (const [win, name] of pairs) {
      const a = await ask(`how many calls did agent ${name} make ${win}`);
      assert.match(
        a.answer,
        new RegExp(`^None: ${win} \\(.*\\) no call had fake agent name ${name} \\(the query over that window counted 0\\)`),
        a.answer,
      );
    }
  });

  it('out of scope, phrased as analysts ask: declined with no tool call', async () => {
    for (const q of [
      'who is the real person behind Kevin',
      'who is agent Kevin really',
      'pls block 212-555-0101',
      'whats ETH trading at rn',
    ]) {
      const a = await ask(q);
      assert.equal(a.tool_calls.length, 0, `${q}: ${a.answer}`);
      assert.match(a.answer, /^I can't answer that from this data/, q);
    }
  });
});
