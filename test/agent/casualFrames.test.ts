// Failure classes of a spent held-out set (issue 26), in phrasings written for this file:
// chat shorthand ("rt", "tier1s", "20s", "$$", "30d"), money asked with who asked standing
// between the words, requests to automate or move money (declined with no tool call), a field
// of identifiers named alone with a window, a stretch to date against a whole period, and the
// parts of a week named by their days. Expected figures come from the fixture calls or from
// POST /api/query, never from the agent.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { isHooked, NOW, ORG_A_CALLS, pct, tierOf, usd, type FixtureCall } from './fixture.js';
import { agentWorld, askOk, type AgentAnswer, type AgentWorld } from './setup.js';
import { ingest, newOrg } from '../helpers/app.js';

let w: AgentWorld;
before(async () => {
  w = await agentWorld({ HONEYPOT_RATE_AGENT: '100000/60', HONEYPOT_RATE_GENERAL: '100000/60' });
});
after(async () => {
  await w.t.close();
});

const ask = (question: string) => askOk(w.app, w.keyA, question);
const DAY = 86_400_000;
const at = (c: FixtureCall) => Date.parse(c.started_at);
const between = (s: string | number, e: string | number = NOW.getTime()) =>
  ORG_A_CALLS.filter((c) => at(c) >= Date.parse(String(s)) || (typeof s === 'number' && at(c) >= s)).filter(
    (c) => at(c) < (typeof e === 'number' ? e : Date.parse(e)),
  );
const has = (a: AgentAnswer, s: string) => assert.ok(a.answer.includes(s), `expected «${s}» in: ${a.answer}`);
const calls = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'call' : 'calls'}`;
const hookSaid = (cs: FixtureCall[]) =>
  `hook rate ${pct(cs.filter(isHooked).length / cs.length)} (${cs.filter(isHooked).length} of ${calls(cs.length)} hooked)`;
const asked = (cs: FixtureCall[]) => cs.flatMap((c) => c.extraction?.dollar_asks ?? []).reduce((s, x) => s + x, 0);
const MONDAY = '2026-11-16T00:00:00Z';
const YESTERDAY = ['2026-11-19T00:00:00Z', '2026-11-20T00:00:00Z'] as const;
const MONTH = '2026-11-01T00:00:00Z';

async function query(body: Record<string, unknown>): Promise<number[]> {
  const res = await w.app.inject({ method: 'POST', url: '/api/query', payload: body, headers: { authorization: `Bearer ${w.keyA}` } });
  assert.equal(res.statusCode, 200, res.body);
  return (res.json().results[0]?.metrics ?? []).map(Number);
}

describe('chat shorthand for figures, windows and bounds', () => {
  it('"rt" is a rate, "tier1s" and "t1s" are tier-1 calls, "30d" is 30 days', async () => {
    const week = between(MONDAY);
    assert.ok(week.length > 2);
    for (const q of ['hook rt this wk', 'whats the hook rt since monday', 'hook rte this week?']) has(await ask(q), hookSaid(week));
    const t1 = between(YESTERDAY[0], YESTERDAY[1]).filter((c) => tierOf(c) === 1).length;
    const t1week = week.filter((c) => tierOf(c) === 1).length;
    assert.notEqual(t1, t1week);
    for (const q of ['tier1s yday', 'tier 1s yesterday?']) has(await ask(q), `tier-1 calls ${t1}`);
    has(await ask('t1s this week??'), `tier-1 calls ${t1week}`);
    const d30 = between(NOW.getTime() - 30 * DAY);
    has(await ask('hook rt last 30d'), hookSaid(d30));
    has(await ask('wats the hook rt for the last 30 dys'), hookSaid(d30));
  });

  it('"under 20s", "over 45s": a call length in seconds, not a window', async () => {
    const month = between(MONTH);
    const short = month.filter((c) => c.duration_sec < 20).length;
    const long = month.filter((c) => c.duration_sec > 45).length;
    assert.ok(short > 0 && long > short && long < month.length, `${short} ${long} ${month.length}`);
    has(await ask('calls under 20s this month'), `calls received ${short}`);
    has(await ask('how many calls over 45s this month?'), `calls received ${long}`);
  });

  it('money asked: "$$", and who asked standing between the words', async () => {
    const month = between(MONTH);
    const total = usd(asked(month));
    for (const q of [
      'whats the $$ total they asked for this month',
      'total $$ this month',
      'total dollars the crooks asked for this month',
    ])
      has(await ask(q), `total dollars asked ${total}`);
    const amazon = month.filter((c) => c.extraction?.impersonated_brand === 'Amazon');
    assert.ok(amazon.length > 0 && asked(amazon) !== asked(month));
    has(await ask('how much did those amazon guys ask for this month'), `total dollars asked ${usd(asked(amazon))}`);
  });
});

describe('requests to automate or to move money are declined with no tool call', () => {
  for (const q of [
    'set up an alert when the hook rate falls',
    'ping our team on slack when a tier 1 call lands',
    'schedule a weekly summary of tier 1 calls',
    'remind me tomorrow to look at the mule accounts',
    'create a webhook for new wallets',
    'wire $300 to the first mule account',
    'transfer money to that wallet to test it',
    'can you send cash to the account they gave',
  ])
    it(q, async () => {
      const a = await ask(q);
      assert.equal(a.tool_calls.length, 0, a.answer);
      assert.match(a.answer, /^I can't answer that from this data: [^.]+, but I can answer [^.]+\.$/);
      assert.doesNotMatch(a.answer, /\d/);
    });

  it('questions about calls that use those words are answered', async () => {
    for (const q of ['how many calls mentioned slack this month', 'how many calls asked for a wire transfer this month']) {
      const a = await ask(q);
      assert.ok(a.tool_calls.length > 0, `${q}: ${a.answer}`);
    }
  });
});

describe('a field of identifiers named alone with a window', () => {
  it('"wallets this month?", "mule accounts …": how many different ones, in how many calls', async () => {
    for (const [q, field, start] of [
      ['wallets this month?', 'crypto_wallet_address', MONTH],
      ['wallet drops last 30 days', 'crypto_wallet_address', null],
      ['mule accounts this month', 'mule_bank_account_number', MONTH],
      ['fake agent names this month', 'fake_agent_name', MONTH],
    ] as const) {
      const window = start ? { start } : { range: '30d' };
      const [n, cs] = await query({ metrics: [`distinct:${field}`, 'calls_received'], filters: [['has', field]], ...window });
      assert.ok(cs > 0, q);
      const a = await ask(q);
      assert.match(a.answer, new RegExp(`: ${n} different [a-z ]+, named in ${calls(cs)}\\.`), `${q}: ${a.answer}`);
    }
  });
});

describe('a stretch to date against a whole period', () => {
  it('"so far this month vs all of October": the whole month on the other side, not the same stretch', async () => {
    const now = between(MONTH);
    const october = between('2026-10-01T00:00:00Z', MONTH);
    const sameStretch = between('2026-10-01T00:00:00Z', '2026-10-20T14:00:00Z');
    assert.notEqual(october.length, sameStretch.length);
    for (const q of [
      'calls this month so far vs the whole of October',
      'calls so far this month compared with all of last month',
      'calls month to date vs last month in full',
    ]) {
      const a = await ask(q);
      has(a, `${now.length.toLocaleString('en-US')} vs ${october.length}`);
    }
    // The same stretch is still the default.
    has(await ask('calls this month so far vs the same stretch last month'), `The same stretch last month`);
  });
});

describe('the parts of a week named by their days', () => {
  it('"Sat and Sun vs Mon to Fri": weekends against weekdays over the window named', async () => {
    const cs = between(NOW.getTime() - 30 * DAY);
    const we = cs.filter((c) => [0, 6].includes(new Date(c.started_at).getUTCDay()));
    const wd = cs.filter((c) => ![0, 6].includes(new Date(c.started_at).getUTCDay()));
    assert.ok(we.length > 0 && wd.length > 0);
    for (const q of [
      'Sat and Sun vs Mon to Fri: hook rate over the last 30 days',
      'saturday and sunday against monday through friday, calls, last 30 days',
      'calls mon-fri vs sat/sun in the last 30 days',
    ]) {
      const a = await ask(q);
      assert.match(a.answer, /^In the last 30 days/, `${q}: ${a.answer}`);
      has(a, q.includes('hook') ? `weekends (Saturday and Sunday) ${hookSaid(we)}` : `weekends (Saturday and Sunday) ${calls(we.length)}`);
      has(a, q.includes('hook') ? `weekdays (Monday to Friday) ${hookSaid(wd)}` : `weekdays (Monday to Friday) ${calls(wd.length)}`);
    }
  });
});

describe('one kind of day as a restriction of the window named', () => {
  it('"on weekend days", "on saturdays or sundays", "on fridays": that part first, the rest beside it', async () => {
    const cs = between(MONTH);
    const day = (c: FixtureCall) => new Date(c.started_at).getUTCDay();
    const we = cs.filter((c) => [0, 6].includes(day(c)));
    const fri = cs.filter((c) => day(c) === 5);
    assert.ok(we.length > 0 && fri.length > 0);
    for (const q of ['how many calls this month came in on weekend days', 'calls on saturdays or sundays this month']) {
      const a = await ask(q);
      assert.match(a.answer, /^This month/, `${q}: ${a.answer}`);
      has(a, `: weekends (Saturday and Sunday) ${calls(we.length)} (weekdays (Monday to Friday) ${calls(cs.length - we.length)})`);
    }
    const f = await ask('hooked calls on fridays this month');
    has(f, `Fridays ${fri.filter(isHooked).length.toLocaleString('en-US')} hooked calls (of ${calls(fri.length)}) (the other days`);
  });
});

describe('a clock span over several days: those hours of each day against the rest', () => {
  it('"between 13:00 and 20:00 utc" over the last 30 days, and in a named zone', async () => {
    const cs = between(NOW.getTime() - 30 * DAY);
    const h = (c: FixtureCall) => new Date(c.started_at).getUTCHours();
    const inside = cs.filter((c) => h(c) >= 13 && h(c) < 20).length;
    const a = await ask('calls between 13:00 and 20:00 utc versus the rest of the day over the last 30 days');
    has(a, `13:00–20:00 UTC ${calls(inside)}, the rest of the day (20:00–13:00 UTC) ${calls(cs.length - inside)}`);
    // New York is UTC-5 in November: 8am to 3pm there is 13:00 to 20:00 UTC; "new york" is no caller state here.
    const b = await ask('how many calls from 8am to 3pm new york time over the last 30 days?');
    assert.equal(b.tool_calls[0]?.args.timezone, 'America/New_York', b.answer);
    assert.deepEqual(b.tool_calls[0]?.args.filters, [], b.answer);
  });
});

describe('a place in the ranking before: "the second one", "the 3rd brand", "the last one"', () => {
  it('names the value ranked there, with the figure asked, in the ranking’s window', async () => {
    const d30 = between(NOW.getTime() - 30 * DAY);
    const counts = new Map<string, FixtureCall[]>();
    for (const c of d30) {
      const b = c.extraction?.impersonated_brand;
      if (b) counts.set(b, [...(counts.get(b) ?? []), c]);
    }
    const ranked = [...counts.entries()].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
    assert.ok(ranked.length >= 3 && ranked[1][1].length > ranked[2][1].length, JSON.stringify(ranked.map((r) => [r[0], r[1].length])));
    const second = ranked[1][1];
    assert.notEqual(hookSaid(second), hookSaid(d30));
    for (const follow of ['what is the hook rate of the second one', "and the 2nd brand's hook rate?", 'hook rate for brand number two']) {
      const session_id = crypto.randomUUID();
      await askOk(w.app, w.keyA, 'top 3 brands last 30 days', { session_id });
      const b = await askOk(w.app, w.keyA, follow, { session_id });
      has(b, hookSaid(second));
      assert.ok(
        b.tool_calls.every((c) => c.args.range === '30d'),
        `${follow}: ${JSON.stringify(b.tool_calls.map((c) => c.args))}`,
      );
    }
  });
});

describe('a group of calls in a filter’s place narrows the figure asked', () => {
  const week = () => between(MONDAY);
  const maxAsk = (cs: FixtureCall[]) => Math.max(...cs.flatMap((c) => c.extraction?.dollar_asks ?? []));
  const meanLength = (cs: FixtureCall[]) => cs.reduce((s, c) => s + c.duration_sec, 0) / cs.length;

  it('"the largest single ask for tier N calls", "… among hooked calls": the figure over that group, not the group’s count', async () => {
    const month = between(MONTH);
    // A tier whose largest ask is not the month's largest.
    const t = [1, 2, 3].find((n) => {
      const g = month.filter((c) => tierOf(c) === n);
      return g.some((c) => c.extraction?.dollar_asks?.length) && maxAsk(g) !== maxAsk(month);
    });
    assert.ok(t !== undefined);
    const group = month.filter((c) => tierOf(c) === t);
    for (const q of [`largest single ask this month for tier ${t} calls`, `biggest ask this month, tier ${t} calls only`]) {
      const a = await ask(q);
      has(a, `largest single ask ${usd(maxAsk(group))}`);
      assert.doesNotMatch(a.answer, new RegExp(`tier-${t} calls \\d`), a.answer);
    }
    const hooked = month.filter(isHooked);
    assert.notEqual(Math.round(meanLength(hooked)), Math.round(meanLength(month)));
    const a = await ask('average call length this month among hooked calls');
    assert.match(a.answer, /counting only calls that were hooked: average call length/, a.answer);
    assert.doesNotMatch(a.answer, /hooked calls \d/, a.answer);
  });

  it('a follow-up naming only a group ("and for tier 1 calls only?", "what about hooked ones") keeps the figure asked before', async () => {
    const month = between(MONTH);
    const t1 = month.filter((c) => tierOf(c) === 1);
    assert.ok(t1.length > 0);
    for (const follow of [
      'and for tier 1 calls only?',
      'what about tier 1?',
      'same for tier 1 calls',
      'what about just the tier 1 calls?',
    ]) {
      const session_id = crypto.randomUUID();
      await askOk(w.app, w.keyA, 'hook rate this month', { session_id });
      const b = await askOk(w.app, w.keyA, follow, { session_id });
      has(b, hookSaid(t1));
    }
    const session_id = crypto.randomUUID();
    await askOk(w.app, w.keyA, 'largest single ask since monday', { session_id });
    const hooked = week().filter(isHooked);
    const b = await askOk(w.app, w.keyA, 'and for the hooked ones?', { session_id });
    has(b, `largest single ask ${usd(maxAsk(hooked))}`);
  });
});

describe('values named with their field that the data does not hold', () => {
  it('an account holder named after its words, a chain named with "chain": said not found, with the query that counted 0', async () => {
    for (const [q, what] of [
      ["any calls this month with the account holder 'Ottoline Brisk'?", 'mule account holder "Ottoline Brisk"'],
      ['calls where the account was in the name of Ottoline Brisk', 'mule account holder "Ottoline Brisk"'],
      ['how many wallets on the Cardano chain did we collect', 'crypto chain "Cardano"'],
      ['how many calls asked for payment on the Solana network this month', 'crypto chain "Solana"'],
    ]) {
      const a = await ask(q);
      has(a, `I found no ${what}`);
      assert.ok(
        a.tool_calls.some((c) => c.name === 'query'),
        q,
      );
    }
    // A chain the data holds is counted.
    const btc = ORG_A_CALLS.filter((c) => c.extraction?.crypto_chain === 'BTC' && at(c) >= NOW.getTime() - 30 * DAY).length;
    assert.ok(btc > 0);
    const a = await ask('how many calls on the BTC chain in the last 30 days');
    assert.doesNotMatch(a.answer, /I found no/, a.answer);
  });
});

describe('a rate said with its verb, and dotted abbreviations', () => {
  it('"which persona hooks callers at a higher rate": the hook rate of each, not their calls', async () => {
    const month = between(MONTH);
    const m = month.filter((c) => c.persona === 'margaret');
    const wa = month.filter((c) => c.persona === 'walter');
    assert.ok(m.length > 0 && wa.length > 0);
    const a = await ask('Margaret vs Walter this month: which persona hooks scammers at a higher rate?');
    const rate = (cs: FixtureCall[]) => pct(cs.filter(isHooked).length / cs.length);
    has(a, `margaret ${rate(m)}`);
    has(a, `walter ${rate(wa)}`);
  });

  it('"U.S." is one word, so names holding it read whole', async () => {
    const { normalise } = await import('../../src/agent/read/normalise.js');
    assert.match(normalise('calls impersonating the U.S. Marshals this month'), /\bus marshals\b/);
    assert.match(normalise('how many U.S.A. callers'), /\bus callers\b/);
  });
});

describe('"what share of all calls was that": the count before as a share of all calls', () => {
  it('in a second part, or as a follow-up', async () => {
    const month = between(MONTH);
    const amazon = month.filter((c) => c.extraction?.impersonated_brand === 'Amazon');
    const t1 = month.filter((c) => tierOf(c) === 1);
    assert.ok(amazon.length > 0 && t1.length > 0);
    const share = (n: number) => `${n} of ${month.length} calls`;
    const a = await ask('how many tier 1 calls this month, and what share of all calls was that?');
    has(a, share(t1.length));
    has(a, pct(t1.length / month.length));
    const session_id = crypto.randomUUID();
    await askOk(w.app, w.keyA, 'how many amazon calls this month', { session_id });
    const b = await askOk(w.app, w.keyA, 'and what percent of the total is that?', { session_id });
    has(b, share(amazon.length));
    has(b, pct(amazon.length / month.length));
  });
});

describe('calls other than a value: "excluding X", "other than X", and "the rest" after a value', () => {
  it('the figure over every call without the value (calls with no value of the field included)', async () => {
    const month = between(MONTH);
    const rest = month.filter((c) => c.extraction?.impersonated_brand !== 'Amazon');
    const amazon = month.filter((c) => c.extraction?.impersonated_brand === 'Amazon');
    assert.ok(amazon.length > 0 && rest.length > 0 && hookSaid(rest) !== hookSaid(month));
    for (const q of [
      'hook rate this month excluding amazon calls',
      'hook rate this month for calls other than Amazon',
      'what was the hook rate this month, not counting the amazon ones',
    ]) {
      const a = await ask(q);
      has(a, hookSaid(rest));
      assert.deepEqual(a.tool_calls[0].args.filters, [['is_not', 'impersonated_brand', ['Amazon']]], q);
    }
    has(await ask('how many calls this month besides the ones impersonating Amazon'), calls(rest.length));
  });

  it('a follow-up asking for "the rest", "everything else", "all the other calls" after a value', async () => {
    const month = between(MONTH);
    const rest = month.filter((c) => c.extraction?.impersonated_brand !== 'Amazon');
    for (const follow of ['and for the rest of them?', 'what about everything else', 'and all the other calls?']) {
      const session_id = crypto.randomUUID();
      await askOk(w.app, w.keyA, 'hook rate for amazon calls this month', { session_id });
      const b = await askOk(w.app, w.keyA, follow, { session_id });
      has(b, hookSaid(rest));
    }
  });
});

describe('a first part that only frames the question after the comma', () => {
  it('a series ("week by week, how much did they ask for?") and values side by side ("Amazon or PayPal, which …")', async () => {
    const month = between(MONTH);
    const weeks = new Map<string, FixtureCall[]>();
    for (const c of month) {
      const d = new Date(c.started_at);
      const monday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - ((d.getUTCDay() + 6) % 7)));
      const k = monday.toISOString();
      weeks.set(k, [...(weeks.get(k) ?? []), c]);
    }
    assert.ok(weeks.size >= 2);
    const a = await ask('week by week this month, how much did they ask for?');
    assert.equal(a.answer.split('\n\n').length, 1, a.answer);
    for (const cs of weeks.values()) if (asked(cs) > 0) has(a, `${usd(asked(cs))} asked`);
    const am = month.filter((c) => c.extraction?.impersonated_brand === 'Amazon').length;
    const pp = month.filter((c) => c.extraction?.impersonated_brand === 'PayPal').length;
    assert.notEqual(am, pp);
    const b = await ask('Amazon or PayPal, which one showed up on more calls this month?');
    assert.equal(b.answer.split('\n\n').length, 1, b.answer);
    has(b, `Amazon ${calls(am)}`);
    has(b, `PayPal ${calls(pp)}`);
  });
});

describe('a weekday named with its date, and names typed with capitals that hold everyday words', () => {
  it('"since Monday, November 9th" starts on that date, not on this week’s Monday', async () => {
    const from = between('2026-11-09T00:00:00Z');
    assert.notEqual(from.length, between(MONDAY).length);
    for (const q of ['calls since Monday, November 9th', 'how many calls since Mon Nov 9']) {
      const a = await ask(q);
      has(a, `calls received ${from.length}`);
    }
  });

  it('"any Xcel Energy calls today?": a name the data does not hold is said not found, not every call counted', async () => {
    for (const q of ['Any Northwind Energy calls this week?', 'how many Contoso Power calls this month']) {
      const a = await ask(q);
      assert.match(a.answer, /I found no .*not found/, `${q}: ${a.answer}`);
    }
  });
});

describe('a bound on the auditor’s confidence', () => {
  it('"scored below 0.5 confidence", "confidence above 80%", "at least .75": the calls past the bound, with the figure asked', async () => {
    const d30 = between(NOW.getTime() - 30 * DAY);
    const conf = (c: FixtureCall) => c.extraction?.auditor_confidence;
    const below = d30.filter((c) => conf(c) != null && conf(c)! < 0.5);
    const above = d30.filter((c) => conf(c) != null && conf(c)! > 0.8);
    const atLeast = d30.filter((c) => conf(c) != null && conf(c)! >= 0.75);
    assert.ok(below.length > 0 && above.length > below.length && above.length < d30.length);
    has(await ask('how many calls did the auditor score below 0.5 confidence in the last 30 days?'), calls(below.length));
    has(await ask('calls with confidence above 80% in the last 30 days'), calls(above.length));
    const a = await ask('hook rate for calls with auditor confidence of at least .75 over the last 30 days');
    has(a, hookSaid(atLeast));
    // "0.4 this month" is a number, not "for this month".
    const month = between(MONTH).filter((c) => conf(c) != null && conf(c)! <= 0.4);
    assert.ok(month.length > 0);
    has(await ask('calls with auditor confidence at most 0.4 this month'), calls(month.length));
  });
});

describe('a scam type of a ranking, pointed at', () => {
  it('"the hook rate for the second one" after a ranking of scam types is that scam type’s (a stored name with "_" read as its words)', async () => {
    const d30 = between(NOW.getTime() - 30 * DAY);
    const by = new Map<string, FixtureCall[]>();
    for (const c of d30) {
      const l = c.extraction?.lure_category;
      if (l) by.set(l, [...(by.get(l) ?? []), c]);
    }
    const ranked = [...by.entries()].sort((a, b) => b[1].length - a[1].length);
    assert.ok(ranked.length >= 3 && ranked[1][1].length > ranked[2][1].length && ranked[1][0].includes('_'));
    assert.notEqual(hookSaid(ranked[1][1]), hookSaid(d30));
    const session_id = crypto.randomUUID();
    await askOk(w.app, w.keyA, 'top 3 scam types in the last 30 days', { session_id });
    const b = await askOk(w.app, w.keyA, 'what was the hook rate for the second one', { session_id });
    has(b, hookSaid(ranked[1][1]));
  });
});

describe('a value whose name holds another field’s word', () => {
  let key: string;
  // An organisation named with a chain's word; its calls' scam types and chains differ.
  const made = [0, 1, 2, 3].map((i) => ({
    call_sid: `CAcasualframes${String(i).padStart(20, '0')}`,
    started_at: new Date(NOW.getTime() - (i + 1) * 3_600_000).toISOString().replace('.000Z', 'Z'),
    duration_sec: 200,
    caller_id: '+13135550199',
    persona: 'edith',
    disconnect_reason: 'caller_hung_up_normal',
    cleanly_closed: true,
    extraction: {
      auditor_confidence: 0.9,
      synthetic_org: 'Harbor Crypto Partners',
      lure_category: i < 3 ? 'CRYPTO_INVESTMENT' : 'ROMANCE',
      crypto_chain: 'BTC',
      payment_method: 'crypto',
      dollar_asks: [500],
    },
  }));
  before(async () => {
    const org = await newOrg(w.app, 'pro', 'Org Casual Frames');
    key = org.read;
    const res = await ingest(w.app, org.ingest, made);
    assert.equal(res.json().accepted, made.length, res.body);
  });

  it('"what scam type does \'Harbor Crypto Partners\' go with": the scam types of its calls, not its chains', async () => {
    for (const q of [
      "what scam type does 'Harbor Crypto Partners' usually go with today",
      'which lure goes with Harbor Crypto Partners today',
    ]) {
      const a = await askOk(w.app, key, q);
      assert.match(a.answer, /by scam type: CRYPTO_INVESTMENT \(3 calls\), ROMANCE \(1 call\)/, `${q}: ${a.answer}`);
    }
  });
});

describe('a follow-up pointing at the calls before with "the guys using that", "the callers with that"', () => {
  it('keeps the value of the question before', async () => {
    const month = between(MONTH);
    const ms = month.filter((c) => c.extraction?.impersonated_brand === 'Microsoft');
    assert.ok(ms.length > 0 && asked(ms) !== asked(month));
    for (const follow of ['for the guys using that, what was the total asked', 'total asked for the callers with that?']) {
      const session_id = crypto.randomUUID();
      await askOk(w.app, w.keyA, 'how many calls impersonated Microsoft this month', { session_id });
      const b = await askOk(w.app, w.keyA, follow, { session_id });
      has(b, `total dollars asked ${usd(asked(ms))}`);
    }
  });
});
