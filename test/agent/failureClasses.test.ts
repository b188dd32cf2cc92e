// Question classes a spent held-out set found weak, each asked here in phrasings written for
// this file (none taken from any held-out set): requests out of scope (opinions, outside
// statistics, tickets, credit reports), a value outside the key's slice said to be not found,
// a call's length in hours (not a window), single asks bounded by an amount (counted, added up,
// as a share of all asks, or as the calls that made one). Expected figures come from the
// fixture calls (test/agent/fixture.ts), never from the agent.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { randomUUID } from 'node:crypto';
import { isHooked, NOW, ORG_A_CALLS, pct, usd, type FixtureCall } from './fixture.js';
import { agentWorld, askOk, type AgentAnswer, type AgentWorld } from './setup.js';
import { ingest, newOrg } from '../helpers/app.js';

let w: AgentWorld;
before(async () => {
  w = await agentWorld({ HONEYPOT_RATE_AGENT: '100000/60', HONEYPOT_RATE_GENERAL: '100000/60' });
});
after(async () => {
  await w.t.close();
});

const ask = (question: string, key = w.keyA, extra: Record<string, unknown> = {}) => askOk(w.app, key, question, extra);

const DAY = 86_400_000;
const at = (c: FixtureCall) => Date.parse(c.started_at);
const since = (start: number) => ORG_A_CALLS.filter((c) => at(c) >= start && at(c) < NOW.getTime());
const has = (a: AgentAnswer, s: string) => assert.ok(a.answer.includes(s), `expected «${s}» in: ${a.answer}`);
const int = (n: number) => n.toLocaleString('en-US');
const MONTH = Date.parse('2026-11-01T00:00:00Z');
const D30 = NOW.getTime() - 30 * DAY;

describe('requests out of scope: opinions, outside statistics, tickets, personal records', () => {
  const declined = [
    'do you think Chase is a trustworthy bank for my business',
    'should our team press charges against the Kevin crew?',
    'your opinion: is it worth prosecuting these guys',
    'how much money do seniors lose to phone fraud nationwide each year',
    'what are the FTC statistics on impersonation scams this year',
    'how many robocalls do americans get a day according to the FCC',
    'open a case with TD Bank about account 123456789',
    'please raise a ticket with the carrier to block these numbers',
    'get me the credit history of John Doe',
    'run a background check on Mary Roe',
  ];
  for (const q of declined)
    it(`declined with no tool call: ${q}`, async () => {
      const a = await ask(q);
      assert.equal(a.tool_calls.length, 0, a.answer);
      assert.match(a.answer, /^I can't answer that from this data: [^.]+, but I can answer [^.]+\.$/);
      assert.doesNotMatch(a.answer, /\d/);
    });

  it('questions about our calls that share those words are answered', async () => {
    const refund = since(MONTH).filter((c) => c.extraction?.lure_category === 'REFUND').length;
    const a = await ask('how many refund calls did we get this month, according to our data');
    assert.ok(a.tool_calls.length > 0);
    has(a, int(refund));
    const b = await ask('how many calls mentioned a credit report this month');
    assert.ok(b.tool_calls.length > 0, b.answer);
  });
});

describe('a value outside the key’s slice', () => {
  it('is said to be not found (no "can\'t"), naming the slice’s values nearest it', async () => {
    // The scoped key reads Amazon and PayPal calls only (fixture SCOPE); Microsoft calls exist outside it.
    assert.ok(ORG_A_CALLS.some((c) => c.extraction?.impersonated_brand === 'Microsoft'));
    const a = await ask('how many Microsoft calls in the last 30 days', w.keyScoped);
    assert.match(a.answer, /"Microsoft"[^.]*: not found/);
    assert.doesNotMatch(a.answer, /can't|cannot/);
  });
});

describe('a call’s length in hours is a bound on the calls, not a window', () => {
  it('"lasted more than N hours", "calls over N hour": counted with a duration filter over the window named', async () => {
    // No fixture call lasts an hour: a true zero, counted this month (not "the last N hours").
    const longest = Math.max(...ORG_A_CALLS.map((c) => c.duration_sec));
    assert.ok(longest < 3600);
    for (const q of ['how many calls this month lasted more than 2 hours', 'calls over 1 hour this month?']) {
      const a = await ask(q);
      const args = a.tool_calls[0].args;
      assert.equal(args.start, '2026-11-01T00:00:00Z', q);
      assert.equal(args.range, undefined, q);
      assert.match(a.answer, /\b0\b|\bnone\b|\bno call/i, q);
    }
    // In minutes the same bound gives the calls longer than it.
    const over5 = since(MONTH).filter((c) => c.duration_sec > 300).length;
    assert.ok(over5 > 0);
    has(await ask('how many calls this month lasted more than 5 minutes'), int(over5));
  });

  it('"the past N hours" is still a window', async () => {
    const a = await ask('hook rate in the past 12 hours');
    assert.equal(a.tool_calls[0].args.range, '12h');
  });
});

describe('single asks bounded by an amount', () => {
  const asksOf = (cs: FixtureCall[], keep: (x: number) => boolean) => cs.flatMap((c) => (c.extraction?.dollar_asks ?? []).filter(keep));
  const callsWith = (cs: FixtureCall[], keep: (x: number) => boolean) =>
    cs.filter((c) => (c.extraction?.dollar_asks ?? []).some(keep)).length;
  const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

  it('added up: "sum of the asks of $X or less" is the total of those asks alone', async () => {
    const keep = (x: number) => x <= 1200;
    const xs = asksOf(since(D30), keep);
    assert.ok(xs.length > 1);
    const a = await ask('sum up every ask of $1,200 or less over the last 30 days');
    has(a, `total ${usd(sum(xs))}`);
    assert.deepEqual(
      a.tool_calls.map((c) => c.name),
      ['query'],
    );
  });

  it('as a share of all asks: bounded asks over every ask of the window', async () => {
    const cs = since(MONTH);
    const above = asksOf(cs, (x) => x > 2000);
    const all = asksOf(cs, () => true);
    const a = await ask('what percentage of the asks this month were above $2,000?');
    has(a, `${pct(above.length / all.length)} of single asks were above $2,000.00 (${above.length} of ${all.length} single asks`);
  });

  it('the calls that made one: "how many calls had a single ask over $X"', async () => {
    const cs = since(D30);
    const keep = (x: number) => x > 1000;
    const n = callsWith(cs, keep);
    const asks = asksOf(cs, keep).length;
    assert.notEqual(n, asks);
    const a = await ask('in the last 30 days how many calls contained a single ask over $1k');
    assert.match(a.answer, new RegExp(`: ${n} calls had a single ask above \\$1,000\\.00 \\(${asks} single asks`));
  });

  it('counted by default, between two amounts', async () => {
    const xs = asksOf(since(D30), (x) => x >= 400 && x <= 1500);
    const a = await ask('asks from $400 to $1,500 in the last 30 days');
    has(a, `${xs.length} single asks between $400.00 and $1,500.00, totalling ${usd(sum(xs))}`);
  });
});

describe('rankings of the thing asked', () => {
  const tally = (cs: FixtureCall[], key: (c: FixtureCall) => string | null | undefined) => {
    const m = new Map<string, FixtureCall[]>();
    for (const c of cs) {
      const k = key(c);
      if (k) m.set(k, [...(m.get(k) ?? []), c]);
    }
    return m;
  };

  it('by a figure, over every value with a call (a rare value with the top figure is not left out)', async () => {
    const by = tally(since(D30), (c) => c.extraction?.lure_category);
    const mean = (cs: FixtureCall[]) => {
      const xs = cs.flatMap((c) => c.extraction?.dollar_asks ?? []);
      return xs.reduce((s, x) => s + x, 0);
    };
    const order = [...by.entries()].map(([k, cs]) => ({ k, v: mean(cs), n: cs.length })).sort((a, b) => b.v - a.v);
    assert.ok(order.length >= 3 && order[0].v !== order[1].v);
    const a = await ask('which scam type brought in the biggest total dollars asked over the last 30 days');
    assert.ok(a.answer.startsWith(`${order[0].k} has the highest total dollars asked`), a.answer);
    for (const o of order) has(a, `${o.k} ${usd(o.v)} (${o.n} call`);
    assert.deepEqual(
      a.tool_calls.map((t) => [t.name, t.args.dimensions]),
      [['query', ['lure_category']]],
    );
  });

  it('area codes are ranked as area codes (not states), with the number asked', async () => {
    const by = tally(since(MONTH), (c) => /^\+1(\d{3})/.exec(c.caller_id ?? '')?.[1]);
    const order = [...by.entries()].map(([k, cs]) => ({ k, n: cs.length })).sort((a, b) => b.n - a.n || a.k.localeCompare(b.k));
    assert.ok(order[0].n > order[1].n && order[1].n > order[2].n, JSON.stringify(order));
    const a = await ask('which 2 area codes are calling us the most this month?');
    has(a, `${order[0].k} (${order[0].n} calls), ${order[1].k} (${order[1].n} calls).`);
    assert.doesNotMatch(a.answer, new RegExp(`\\b${order[2].k}\\b`));
  });

  it('made-up organisations are the synthetic organisation field; a field word typed with a letter missing is read', async () => {
    const orgs = [...tally(since(D30), (c) => c.extraction?.synthetic_org).keys()];
    assert.ok(orgs.length >= 2);
    const a = await ask('top invented organisation names in the last 30 days');
    assert.deepEqual(
      a.tool_calls.map((t) => t.args.field),
      ['synthetic_org'],
    );
    for (const o of orgs) has(a, o);

    const banks = [...tally(since(NOW.getTime() - 90 * DAY), (c) => c.extraction?.mule_bank_name).entries()].sort(
      (x, y) => y[1].length - x[1].length,
    );
    assert.ok(banks[0][1].length > banks[1][1].length);
    const b = await ask('top mule bnks last 90 days');
    // Ingest stores the bank's canonical name ("Chase" as "JPMorgan Chase").
    assert.match(b.answer, new RegExp(`most frequent mule bank in the last 90 days .* is (?:\\w+ )?${banks[0][0]}\\.`));
  });
});

describe('questions of several parts, and one figure per value named', () => {
  const month = () => since(MONTH);
  const longest = (cs: FixtureCall[]) => Math.max(...cs.map((c) => c.duration_sec));

  it('an announced list ("three quick ones: a, b, c"): every item answered with its own window', async () => {
    const thisWeek = since(Date.parse('2026-11-16T00:00:00Z')).length;
    const lastWeek = ORG_A_CALLS.filter((c) => at(c) >= Date.parse('2026-11-09') && at(c) < Date.parse('2026-11-16')).length;
    assert.notEqual(thisWeek, lastWeek);
    const a = await ask('Three quick ones: calls this week, calls last week, the longest call this month');
    assert.equal(a.tool_calls.length, 3, a.answer);
    const [t, y, l] = a.answer.split('\n\n');
    assert.match(t, new RegExp(`^This week .*\\b${thisWeek}\\b`));
    assert.match(y, new RegExp(`^Last week .*\\b${lastWeek}\\b`));
    assert.match(l, new RegExp(`^This month .*longest call ${int(longest(month()))} seconds`));
  });

  it('"the number of X and the number of Y": two counts, the first no filter of the second', async () => {
    const hooked = month().filter(isHooked);
    const clean = month().filter((c) => c.cleanly_closed === true).length;
    const a = await ask('give me the number of hooked calls and the number of cleanly closed calls this month');
    assert.match(a.answer, new RegExp(`hooked calls ${hooked.length}\\b`));
    assert.match(a.answer, new RegExp(`calls closed cleanly ${clean}\\b`));
    assert.equal(a.tool_calls.at(-1)?.args.hooked, undefined, JSON.stringify(a.tool_calls));
  });

  it('"the hook rate for A and for B": one figure per value, not the two together', async () => {
    const cs = since(D30);
    const rate = (p: string) => {
      const mine = cs.filter((c) => c.persona === p);
      const h = mine.filter(isHooked).length;
      return `${p} hook rate ${pct(h / mine.length)} (${h} of ${mine.length} calls hooked)`;
    };
    const a = await ask('hook rate for walter and for margaret over the last 30 days');
    has(a, rate('walter'));
    has(a, rate('margaret'));
  });
});

describe('frames of a comparison', () => {
  const count = (s: string, e: string) => ORG_A_CALLS.filter((c) => at(c) >= Date.parse(s) && at(c) < Date.parse(e)).length;

  it('"the last N full weeks, week by week": whole calendar weeks before this one', async () => {
    const a = await ask('calls per week for the last 2 full weeks, week by week');
    assert.equal(a.tool_calls[0].args.start, '2026-11-02T00:00:00Z');
    assert.equal(a.tool_calls[0].args.end, '2026-11-16T00:00:00Z');
    has(a, `week of Nov 2, 2026: ${count('2026-11-02', '2026-11-09')} calls`);
    has(a, `week of Nov 9, 2026: ${count('2026-11-09', '2026-11-16')} calls`);
  });

  it('"how did X change between last week and the week before": the two weeks compared', async () => {
    const [last, before] = [count('2026-11-09', '2026-11-16'), count('2026-11-02', '2026-11-09')];
    assert.notEqual(last, before);
    const a = await ask('how did the number of calls change between last week and the week before?');
    assert.match(a.answer, new RegExp(`calls received ${last} vs ${before}\\b`));
  });

  it('before and after a date inside a wider window: the window cut in two at the date', async () => {
    const cut = '2026-11-10T00:00:00Z';
    const d30 = new Date(D30).toISOString();
    const [before, after] = [count(d30, cut), count(cut, NOW.toISOString())];
    const a = await ask('over the last 30 days, how many calls came in before Nov 10 and how many on or after it?');
    assert.equal(a.tool_calls.length, 1);
    assert.deepEqual(a.tool_calls[0].args.compare, { start: d30.replace('.000Z', 'Z'), end: cut });
    assert.match(
      a.answer,
      new RegExp(`^Before Nov 10, 2026 \\([^)]*\\): ${before} calls?\\. From Nov 10, 2026 on \\([^)]*\\): ${after} calls?`),
    );
  });
});

describe('follow-ups, and words that are no value', () => {
  const byPersona = (cs: FixtureCall[]) => {
    const m = new Map<string, number>();
    for (const c of cs) m.set(c.persona, (m.get(c.persona) ?? 0) + 1);
    return [...m.entries()].sort((a, b) => b[1] - a[1]);
  };

  it('words after "persona" that are no name ("persona handled the most") are not read as a persona', async () => {
    const order = byPersona(since(MONTH));
    assert.ok(order[0][1] > order[1][1]);
    const a = await ask('which persona handled the most calls this month');
    assert.doesNotMatch(a.answer, /not found|found no/);
    assert.match(a.answer, new RegExp(`\\bis ${order[0][0]}\\.`));
  });

  it('"which persona took the most of them" ranks the calls of the answer before by persona', async () => {
    const refund = since(MONTH).filter((c) => c.extraction?.lure_category === 'REFUND');
    const order = byPersona(refund);
    assert.ok(order[0][1] > order[1][1]);
    const session_id = randomUUID();
    await ask('how many refund calls this month', w.keyA, { session_id });
    const a = await ask('which persona took the most of them?', w.keyA, { session_id });
    assert.deepEqual(
      a.tool_calls.map((t) => [t.name, t.args.field, t.args.lure_category]),
      [['get_topn', 'persona', ['REFUND']]],
    );
    has(a, `${order[0][0]} ${order[0][1]} (`);
  });

  it('"which of the two …" after answers about two values: the two side by side', async () => {
    const cs = since(D30);
    const rate = (p: string) => {
      const mine = cs.filter((c) => c.persona === p);
      return mine.filter(isHooked).length / mine.length;
    };
    const [w1, m1] = [rate('walter'), rate('margaret')];
    assert.notEqual(w1, m1);
    const session_id = randomUUID();
    await ask('how many calls did walter take in the last 30 days', w.keyA, { session_id });
    await ask('and margaret?', w.keyA, { session_id });
    const a = await ask('which of the two had the higher hook rate?', w.keyA, { session_id });
    assert.match(a.answer, new RegExp(`^Higher: ${w1 > m1 ? 'walter' : 'margaret'}\\.`));
    has(a, `walter hook rate ${pct(w1)}`);
    has(a, `margaret hook rate ${pct(m1)}`);
  });
});

describe('figures named in other words', () => {
  it('"how many calls did the honeypot hook": hooked calls, not every call', async () => {
    const cs = since(MONTH);
    const hooked = cs.filter(isHooked).length;
    assert.notEqual(hooked, cs.length);
    const a = await ask('how many calls did the bot hook this month?');
    assert.match(a.answer, new RegExp(`hooked calls ${hooked}\\b`));
  });

  it('the 90th percentile of call length: the query’s p90 metric', async () => {
    const a = await ask('what was the 90th percentile call length this month');
    assert.deepEqual(a.tool_calls[0].args.metrics, ['p90_call_duration_sec', 'calls_received']);
    // percentile_cont(0.9): linear interpolation between the closest ranks (docs/query.md).
    const s = since(MONTH)
      .map((c) => c.duration_sec)
      .sort((x, y) => x - y);
    const pos = 0.9 * (s.length - 1);
    const lo = Math.floor(pos);
    const p90 = s[lo] + (s[Math.min(lo + 1, s.length - 1)] - s[lo]) * (pos - lo);
    has(a, `90th percentile call length ${int(Math.round(p90 * 100) / 100)} seconds (interpolated between ranks, over ${s.length} calls)`);
  });

  it('"which single day had the most calls": the busiest day, not a list of calls', async () => {
    const a = await ask('which single day had the most calls this month?');
    assert.deepEqual(
      a.tool_calls.map((t) => t.name),
      ['get_timeseries'],
    );
    assert.match(a.answer, /^The busiest day this month/);
  });

  it('"impersonated X" of a value held only as a payment method: none impersonated it', async () => {
    assert.ok(ORG_A_CALLS.some((c) => c.extraction?.payment_method === 'zelle'));
    assert.ok(!ORG_A_CALLS.some((c) => /zelle/i.test(c.extraction?.impersonated_brand ?? '')));
    const a = await ask('how many calls impersonated Zelle in the last 30 days?');
    assert.match(a.answer, /^None: .* no call impersonated zelle \(as a brand, the query counted 0\)/i);
  });
});

describe('values of identifiers: a related field, values not held, places and domains of them', () => {
  let key: string;
  const DROPS = ['12 Oak St, Detroit, MI 48201', '900 Pine Ave, Lansing, MI 48933', '77 Bay Rd, Tampa, FL 33602'];
  const URLS = ['refund-help-desk.com/claim', 'https://refund-help-desk.com/start', 'secure-pay-verify.net/login'];
  const made = [0, 1, 2, 0, 2, 0].map((d, i) => ({
    call_sid: `CAfclass${String(i).padStart(26, '0')}`,
    started_at: new Date(NOW.getTime() - (i + 1) * 3_600_000).toISOString().replace('.000Z', 'Z'),
    duration_sec: 240,
    caller_id: '+13135550160',
    persona: 'edith',
    disconnect_reason: 'caller_hung_up_normal',
    cleanly_closed: true,
    extraction: {
      auditor_confidence: 0.9,
      impersonated_brand: 'PayPal',
      lure_category: 'REFUND',
      physical_mule_drop_address: DROPS[d],
      phishing_url: URLS[i % 3],
      mule_bank_name: 'Chime',
      mule_bank_account_number: i < 4 ? '5551234567' : '5559876543',
      mule_account_holder_name: i < 4 ? 'Harbor Point Holdings LLC' : 'Dana Whitfield',
      dollar_asks: [800],
    },
  }));
  before(async () => {
    const org = await newOrg(w.app, 'pro', 'Org Failure Classes');
    key = org.read;
    const res = await ingest(w.app, org.ingest, made);
    assert.equal(res.json().accepted, made.length, res.body);
  });

  it('"who is the account holder on account N": the holder its calls gave, over the year when no window is named', async () => {
    const holders = new Set(
      made.filter((c) => c.extraction.mule_bank_account_number === '5551234567').map((c) => c.extraction.mule_account_holder_name),
    );
    assert.equal(holders.size, 1);
    const a = await ask('Who is the account holder on account 5551234567?', key);
    assert.match(a.answer, /named the mule account holder Harbor Point Holdings LLC \(4 calls\)/);
    assert.equal(a.tool_calls[0].args.range, '365d');
    const b = await ask('which bank is account 5559876543 at', key);
    assert.match(b.answer, /named the mule bank Chime \(2 calls\)/);
  });

  it('a whole address the data does not hold is unknown (not its state’s calls); a city with its state is counted as such', async () => {
    const a = await ask('did anybody give 5 Birch Street, Flint, MI 48502 as a drop address today?', key);
    assert.match(a.answer, /^I found no drop address "5 Birch Street, Flint, MI 48502"/);
    assert.deepEqual(a.tool_calls[0].args.filters, [['is', 'physical_mule_drop_address', ['5 Birch Street, Flint, MI 48502']]]);
    const detroit = made.filter((c) => c.extraction.physical_mule_drop_address.includes('Detroit, MI')).length;
    const mi = made.filter((c) => c.extraction.physical_mule_drop_address.includes(', MI ')).length;
    assert.notEqual(detroit, mi);
    const b = await ask('any parcels being shipped to a drop address in Detroit, MI today? how many calls?', key);
    assert.match(b.answer, new RegExp(`drop address in Detroit, MI: ${detroit} calls\\.$`));
    assert.equal(b.tool_calls.length, 1);
  });

  it('an agent name in quotes the data does not hold is said to be unknown', async () => {
    const a = await ask("any calls from the agent name 'Priya Okafor' this month?", key);
    assert.match(a.answer, /^I found no fake agent name "Priya Okafor" in the calls this key can read/);
  });

  it('a domain: the calls whose phishing URL is on it, whatever the path; a domain none used is a zero', async () => {
    const n = made.filter((c) => c.extraction.phishing_url.includes('refund-help-desk.com')).length;
    const a = await ask('how many calls pushed people to refund-help-desk.com today?', key);
    assert.deepEqual(a.tool_calls[0].args.filters, [['contains', 'phishing_url', ['refund-help-desk.com']]]);
    assert.match(a.answer, new RegExp(`phishing URL on refund-help-desk\\.com: ${n} calls\\.$`));
    const b = await ask('calls with links to paypal-unlock-now.com today', key);
    assert.match(b.answer, /^None: today .* no call gave a phishing URL on paypal-unlock-now\.com \(the query counted 0\)/);
  });
});

describe('a part about the call an extreme was found in, and chat shorthand', () => {
  it('"the biggest single ask …, and which brand was that caller impersonating": the call holding it, with its brand', async () => {
    const cs = ORG_A_CALLS.filter((c) => c.started_at.startsWith('2026-10') && (c.extraction?.dollar_asks ?? []).length);
    const top = Math.max(...cs.flatMap((c) => c.extraction!.dollar_asks!));
    const holders = cs.filter((c) => c.extraction!.dollar_asks!.includes(top));
    assert.equal(holders.length, 1);
    const a = await ask('what was the largest single ask in october, and who was that caller pretending to be?');
    assert.match(a.answer, new RegExp(`was ${usd(top).replace('$', '\\$')}, in ${holders[0].call_sid}`));
    assert.ok(holders[0].extraction?.impersonated_brand);
    has(a, holders[0].extraction.impersonated_brand);
  });

  it('"busiest state 4 calls": a ranking of states ("4" is "for"), not the busiest day', async () => {
    const a = await ask('busiest state 4 calls this month?');
    assert.deepEqual(
      a.tool_calls.map((t) => t.name),
      ['get_attacker_geo'],
    );
    const b = await ask('top 4 brands this month');
    assert.equal(b.tool_calls[0].args.n, 4);
  });
});

describe('a share within a group of calls', () => {
  it('"what share of tier 1 calls asked for X": the tier-1 calls are the whole, not the calls of X', async () => {
    const { tierOf } = await import('./fixture.js');
    const tier1 = since(D30).filter((c) => tierOf(c) === 1);
    const part = tier1.filter((c) => c.extraction?.payment_method === 'wire');
    const wire = since(D30).filter((c) => c.extraction?.payment_method === 'wire');
    assert.ok(part.length > 0 && tier1.length !== wire.length);
    const a = await ask('what share of tier 1 calls wanted a wire in the last 30 days');
    has(a, `${part.length} of ${tier1.length} tier-1 calls (${pct(part.length / tier1.length)})`);
  });
});

describe('two statistics of one window, a figure "right now", advice of others', () => {
  it('"mean vs median ask": both over the window named, not the window against the one before', async () => {
    const xs = since(MONTH)
      .flatMap((c) => c.extraction?.dollar_asks ?? [])
      .sort((a, b) => a - b);
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    const mid = xs.length % 2 ? xs[(xs.length - 1) / 2] : (xs[xs.length / 2 - 1] + xs[xs.length / 2]) / 2;
    const a = await ask('mean vs median ask this month');
    assert.equal(a.tool_calls.length, 1);
    has(a, `the average (mean) ask was ${usd(mean)}`);
    has(a, `the median ask ${usd(mid)}`);
  });

  it('"the hook rate rn" is the hook rate, not the list of live calls; "calls live rn" stays the live calls', async () => {
    const a = await ask('whats the hook rate rn');
    assert.deepEqual(
      a.tool_calls.map((t) => t.name),
      ['get_summary'],
    );
    assert.match(a.answer, /hook rate \d/);
    const b = await ask('how many calls r live rn');
    assert.deepEqual(
      b.tool_calls.map((t) => t.name),
      ['get_active_calls'],
    );
  });

  it('what an agency recommends is declined; calls impersonating it are counted', async () => {
    const a = await ask('what does the FBI advise people to do about these scams');
    assert.equal(a.tool_calls.length, 0);
    const b = await ask('how many calls claimed to be the IRS this month');
    assert.ok(b.tool_calls.length > 0);
  });
});

describe('kinds of day and hours named in a comparison', () => {
  const d30 = () => since(D30);
  const dayOf = (c: FixtureCall) => new Date(c.started_at).getUTCDay();
  const hourOf = (c: FixtureCall) => new Date(c.started_at).getUTCHours();

  it('"tuesdays vs fridays": the calls of each weekday over the window (not one Tuesday against one Friday)', async () => {
    const [tue, fri] = [d30().filter((c) => dayOf(c) === 2).length, d30().filter((c) => dayOf(c) === 5).length];
    assert.notEqual(tue, fri);
    const a = await ask('calls on tuesdays vs fridays over the last 30 days');
    assert.deepEqual(a.tool_calls[0].args.dimensions, ['time:weekday']);
    assert.equal(a.tool_calls[0].args.range, '30d');
    has(a, `Tuesdays ${tue} call`);
    has(a, `Fridays ${fri} call`);
  });

  it('"before 9am vs after 6pm": the hours before one clock time and after the other', async () => {
    const [early, late] = [d30().filter((c) => hourOf(c) < 9).length, d30().filter((c) => hourOf(c) >= 18).length];
    assert.notEqual(early, late);
    const a = await ask('how many calls before 9am vs after 6pm in the last 30 days');
    has(a, `before 09:00 UTC ${early} call`);
    has(a, `after 18:00 UTC ${late} call`);
  });
});

describe('"what is the difference" after two answers of one figure over two windows', () => {
  it('the first question again, its window against the second answer’s', async () => {
    const count = (s: string, e: string) => ORG_A_CALLS.filter((c) => at(c) >= Date.parse(s) && at(c) < Date.parse(e)).length;
    const [last, before] = [count('2026-11-09', '2026-11-16'), count('2026-11-02', '2026-11-09')];
    assert.notEqual(last, before);
    const session_id = randomUUID();
    await ask('how many calls did we get last week', w.keyA, { session_id });
    await ask('and the week before that?', w.keyA, { session_id });
    const a = await ask('how do they compare?', w.keyA, { session_id });
    assert.equal(a.tool_calls.length, 2, a.answer);
    assert.match(a.answer, new RegExp(`calls received ${last} vs ${before}\\b`));
  });
});
