// Question classes a spent held-out set found weak, asked here in phrasings written for this
// file (none taken from any held-out set): one decline table for every request out of scope
// (a data noun after a verb of action is no action), follow-ups that edit the previous question
// (its window moved back, its statistic swapped, its value replaced), and values the data does
// not hold answered as none found. Expected figures come from the fixture calls
// (test/agent/fixture.ts), never from the agent.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { randomUUID } from 'node:crypto';
import { isHooked, NOW, ORG_A_CALLS, refGeo, refSummary, refTopn, tierOf, usd, WINDOWS, type FixtureCall } from './fixture.js';
import { agentWorld, askOk, type AgentAnswer, type AgentWorld } from './setup.js';
import { declineOf } from '../../src/agent/read/outOfScope.js';
import { INTEL_FIELDS } from '../../src/domain/call.js';
import { ingest, newOrg } from '../helpers/app.js';

let w: AgentWorld;
before(async () => {
  w = await agentWorld({ HONEYPOT_RATE_AGENT: '100000/60', HONEYPOT_RATE_GENERAL: '100000/60' });
});
after(async () => {
  await w.t.close();
});

const ask = (question: string, extra: Record<string, unknown> = {}) => askOk(w.app, w.keyA, question, extra);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A conversation: each question in the same session, the last answer returned. */
async function talk(...questions: string[]): Promise<AgentAnswer> {
  const session_id = randomUUID();
  let a: AgentAnswer | null = null;
  for (const q of questions) a = await ask(q, { session_id });
  return a!;
}
const at = (c: FixtureCall) => Date.parse(c.started_at);
const between = (a: number, b: number) => ORG_A_CALLS.filter((c) => at(c) >= a && at(c) < b);
const has = (a: AgentAnswer, s: string) => assert.ok(a.answer.includes(s), `expected «${s}» in: ${a.answer}`);
const int = (n: number) => n.toLocaleString('en-US');

describe('out of scope: one decline table', () => {
  const declined = [
    'put that mule account on our watch list',
    'please add these caller numbers to the block list',
    'where does the subscriber of that caller line actually live',
    'forward the list to the fbi',
    'what is the net worth of the ceo of paypal',
    'draft an email to our fraud team summarizing this week',
    'translate the last transcript into spanish',
    'is it legal to record these calls',
    'would it be lawful for our team to call the scammers back',
    'are we allowed to publish these recordings',
    'which bank has the best savings rate right now',
    'mark this call as reviewed',
    'assign these tier 1 calls to the night shift',
    'who is the real person using that fake agent name',
    'get the carrier to shut that number off',
    'claw back the wire they sent to that account',
    'log a servicenow ticket about the missing transcripts',
    'what is the current location of the handset behind that caller id',
    'draft a search warrant for the wallet owner',
    'summarise the fcc latest advisory on robocalls',
    'give me the official support line for amazon',
  ];
  for (const q of declined)
    it(`declined with no tool call: ${q}`, async () => {
      const a = await ask(q);
      assert.equal(a.tool_calls.length, 0, a.answer);
      assert.match(a.answer, /^I can't answer that from this data/);
      assert.doesNotMatch(a.answer, /\d/);
    });

  it('a data noun after a verb of action is a question (negative)', async () => {
    for (const q of [
      'call count over the past 30 hours',
      'call volume today',
      'list the mule banks on the calls this week',
      'how many calls did we mark as tier 1 today',
      'did any caller mention a savings rate',
    ])
      assert.equal(declineOf(q), null, q);
    const n = between(NOW.getTime() - 30 * HOUR, NOW.getTime()).length;
    const a = await ask('call count over the past 30 hours');
    assert.ok(a.tool_calls.length > 0, a.answer);
    has(a, `calls received ${int(n)}`);
  });
});

describe('a follow-up edits the previous question: one part changed, the rest kept', () => {
  it('"one" is the previous figure\'s noun: the biggest one after the median ask is the biggest single ask', async () => {
    const asks = between(NOW.getTime() - 30 * DAY, NOW.getTime()).flatMap((c) => c.extraction?.dollar_asks ?? []);
    const a = await talk('what was the typical ask in the last 30 days?', 'and the biggest one?');
    has(a, usd(Math.max(...asks)));
  });

  it('a value swapped ("switch X to Y", "Y instead of X"): the same question for the new value, its window kept', async () => {
    const month = between(WINDOWS.thisMonth.start.getTime(), NOW.getTime());
    const a = await talk('how many calls impersonated Microsoft this month?', 'switch Microsoft to Apple');
    has(a, int(month.filter((c) => c.extraction?.impersonated_brand === 'Apple').length));
    const b = await talk('how many calls impersonated Microsoft this month?', 'PayPal instead of Microsoft');
    has(b, int(month.filter((c) => c.extraction?.impersonated_brand === 'PayPal').length));
  });

  it('a window given as a bare number of the last days: that many days', async () => {
    const total = (days: number) =>
      between(NOW.getTime() - days * DAY, NOW.getTime())
        .flatMap((c) => c.extraction?.dollar_asks ?? [])
        .reduce((x, y) => x + y, 0);
    const a = await talk('total dollars asked over the last 7 days?', 'and for the past 14?');
    has(a, usd(total(14)));
  });

  it('narrowed to the calls with an ask: the count of those calls, the value kept', async () => {
    const calls = between(NOW.getTime() - 30 * DAY, NOW.getTime()).filter((c) => c.extraction?.impersonated_brand === 'Microsoft');
    const a = await talk('how many Microsoft calls in the last 30 days?', 'only the ones that had a money request?');
    has(a, `calls received ${int(calls.filter((c) => (c.extraction?.dollar_asks ?? []).length > 0).length)}`);
  });

  it('the statistic swapped: the median after the largest ask, same month', async () => {
    const median = refSummary(ORG_A_CALLS, WINDOWS.lastMonth).median_dollar_ask;
    assert.ok(median !== null);
    const a = await talk('largest single ask last month?', 'ok, and the median?');
    has(a, usd(median));
  });

  it('the window moved back: the weekend before the weekend asked', async () => {
    const sat = Date.parse('2026-11-14T00:00:00Z');
    const earlier = between(sat - 7 * DAY, sat - 5 * DAY).length;
    const later = between(sat, sat + 2 * DAY).length;
    assert.notEqual(earlier, later, 'the fixture must tell the two weekends apart');
    const a = await talk('how many calls came in over last weekend', 'and the weekend prior?');
    has(a, `calls received ${int(earlier)}`);
  });

  it('a number of the same shape swapped: another area code, the same window', async () => {
    const d30 = between(NOW.getTime() - 30 * DAY, NOW.getTime());
    const areas = new Map<string, number>();
    for (const c of d30)
      if (c.caller_id?.startsWith('+1')) areas.set(c.caller_id.slice(2, 5), (areas.get(c.caller_id.slice(2, 5)) ?? 0) + 1);
    const [[a1], [a2, n2]] = [...areas].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]));
    const a = await talk(`calls from the ${a1} area code in the last 30 days?`, `and how about ${a2}?`);
    has(a, `area code ${a2}`);
    has(a, ` ${int(n2)} calls`);
  });

  it('a group pointed at in other words is the calls before, narrowed', async () => {
    const amazon = between(NOW.getTime() - 30 * DAY, NOW.getTime()).filter((c) => c.extraction?.impersonated_brand === 'Amazon');
    const a = await talk('how many calls impersonated Amazon in the last 30 days?', 'right, out of that group, how many got hooked?');
    has(a, `hooked calls ${int(amazon.filter(isHooked).length)}`);
  });

  it('"of those" opening a count after a count of tier-1 calls: among the tier-1 calls', async () => {
    const t1 = between(NOW.getTime() - 30 * DAY, NOW.getTime()).filter((c) => tierOf(c) === 1);
    const all = between(NOW.getTime() - 30 * DAY, NOW.getTime()).filter((c) => c.extraction?.impersonated_brand === 'Microsoft').length;
    const some = t1.filter((c) => c.extraction?.impersonated_brand === 'Microsoft').length;
    assert.notEqual(some, all, 'the fixture must tell the two apart');
    const a = await talk('how many tier 1 calls in the last 30 days?', 'of those, how many impersonated Microsoft?');
    has(a, ` ${int(some)}`);
    assert.doesNotMatch(a.answer, new RegExp(`\\b${all}\\b`));
  });

  it('"it" after a ranking is its leading value', async () => {
    const top = refTopn(ORG_A_CALLS, WINDOWS.d30, 'impersonated_brand')[0];
    const month = between(WINDOWS.thisMonth.start.getTime(), NOW.getTime()).filter((c) => c.extraction?.impersonated_brand === top.label);
    const a = await talk('which brand was impersonated most in the last 30 days?', 'how many calls has it had this month?');
    has(a, top.label);
    has(a, int(month.length));
  });
});

describe('the field ranked is the one named after "which" or "top"', () => {
  it('lures ranked although personas are named after them; "top 2" after a "?" is the ranking\'s length', async () => {
    const top = refTopn(ORG_A_CALLS, WINDOWS.d30, 'lure_category', 2);
    const a = await ask('which lures reached our personas most in the last 30 days? top 2');
    assert.deepEqual(
      a.tool_calls.map((t) => t.args.field),
      ['lure_category'],
    );
    for (const t of top) has(a, `${t.label} ${t.count}`);
  });
});

describe('the figure word decides the measure', () => {
  const d14 = () => between(NOW.getTime() - 14 * DAY, NOW.getTime());
  const pctOf = (a: number, b: number) => `${((100 * a) / b).toFixed(1)}%`;

  it('a share of calls we got to hook is the hook rate', async () => {
    const calls = d14();
    const a = await ask('over the last 14 days, what share of our calls did we get to hook?');
    has(a, pctOf(calls.filter(isHooked).length, calls.length));
  });

  it('a share of calls with a figure that counts calls: that count over all calls', async () => {
    const r = refSummary(ORG_A_CALLS, WINDOWS.d30);
    // Intel extracted: calls with at least one intel field (CONTRACT "has intel"), not every extraction.
    const d30 = between(NOW.getTime() - 30 * DAY, NOW.getTime());
    const withIntel = d30.filter((c) => INTEL_FIELDS.some((f) => (c.extraction as Record<string, unknown> | null)?.[f] != null)).length;
    const a = await ask('over the last 30 days what fraction of our calls ended with intel extracted?');
    has(a, pctOf(withIntel, r.calls_received));
    const b = await ask('tier 3 percentage, last 30 days');
    has(b, pctOf(r.tier3_calls, r.calls_received));
    const c = await ask('in the past 30 days, as a percentage, how many calls had a high confidence insight?');
    has(c, pctOf(r.high_confidence_insights, r.calls_received));
  });

  it('a word between "longest" and "call", and "by callers" after a verb (who asked, not a breakdown)', async () => {
    const r = refSummary(ORG_A_CALLS, WINDOWS.d30);
    const a = await ask('what was the longest scam call over the last 30 days?');
    has(a, `${r.max_call_duration_sec} seconds`);
    const b = await ask('total dollars asked by callers in the last 30 days');
    has(b, usd(r.total_dollars_asked));
  });

  it('the sum of the asks, in chat shorthand, is the total asked', async () => {
    const r = refSummary(ORG_A_CALLS, WINDOWS.d30);
    const a = await ask('sum of all asks lst 30 dys');
    has(a, usd(r.total_dollars_asked));
  });

  it('a rate of one value, as a percentage, is its rate, not its share of all calls', async () => {
    const calls = d14().filter((c) => c.extraction?.impersonated_brand === 'Amazon');
    const a = await ask('Amazon hook rate in the last 14 days, expressed in percent');
    has(a, pctOf(calls.filter(isHooked).length, calls.length));
  });

  it('cash requests counted one by one are the asks, not the calls', async () => {
    const asks = d14().flatMap((c) => c.extraction?.dollar_asks ?? []);
    const a = await ask('how many separate cash requests did callers make in the last 14 days?');
    has(a, `${int(asks.length)} single dollar asks`);
  });

  it('calls that mentioned an extracted field are the calls with it, not a transcript search', async () => {
    const calls = d14();
    const a = await ask('what percent of the last 14 days of calls mentioned a crypto wallet?');
    assert.ok(!a.tool_calls.some((t) => JSON.stringify(t.args ?? {}).includes('"q"')), JSON.stringify(a.tool_calls));
    has(a, pctOf(calls.filter((c) => c.extraction?.crypto_wallet_address).length, calls.length));
  });

  it('calls that contained an extracted field are the calls with it, not a transcript search', async () => {
    const calls = d14();
    const a = await ask('what fraction of calls in the last 14 days contained a crypto wallet?');
    assert.ok(!a.tool_calls.some((t) => JSON.stringify(t.args ?? {}).includes('"q"')), JSON.stringify(a.tool_calls));
    has(a, pctOf(calls.filter((c) => c.extraction?.crypto_wallet_address).length, calls.length));
  });
});

describe('any verb between the calls and an extracted field makes it a filter', () => {
  const d14 = () => between(NOW.getTime() - 14 * DAY, NOW.getTime());
  it('a verb no list names ("surfaced") before a field: the calls with it, counted', async () => {
    const calls = d14();
    const a = await ask('in the last 14 days how many calls surfaced a crypto wallet?');
    assert.ok(!a.tool_calls.some((t) => JSON.stringify(t.args ?? {}).includes('"q"')), JSON.stringify(a.tool_calls));
    has(a, `${int(calls.filter((c) => c.extraction?.crypto_wallet_address).length)} call`);
  });
  it('the total asked, with words between "how much" and the verb', async () => {
    const calls = d14();
    const total = calls.reduce((n, c) => n + (c.extraction?.dollar_asks ?? []).reduce((x, y) => x + y, 0), 0);
    const a = await ask('how much cash altogether did they request over the last 14 days?');
    has(a, usd(total));
  });
});

describe('true zeros: a value the data does not hold, or a filter that matches nothing, is none found', () => {
  const d30 = () => between(NOW.getTime() - 30 * DAY, NOW.getTime());
  const zero = (a: AgentAnswer) => assert.match(a.answer, /\bNone\b|\bno call\b|\bcounted 0\b|\bI found no\b|\bno calls\b|\b0\b/, a.answer);

  it('a persona named before its word that no call has', async () => {
    const a = await ask('how many calls did the Beatrix persona pick up in the last 30 days?');
    zero(a);
    assert.doesNotMatch(a.answer, /most frequent persona/);
  });

  it("a persona named in lower case, its word and then a verb: that persona's calls counted, no ranking", async () => {
    const month = between(WINDOWS.thisMonth.start.getTime(), NOW.getTime());
    const a = await ask('this month how many calls has the walter persona fielded?');
    has(a, `calls received ${int(month.filter((c) => c.persona === 'walter').length)}`);
    const b = await ask('how many calls did the ingrid persona pick up this month?');
    zero(b);
  });

  it('a scam type as stored, before its word: counted when held, not found when not; a bank named for the mule account', async () => {
    const d30 = between(NOW.getTime() - 30 * DAY, NOW.getTime());
    const a = await ask('how many TECH_SUPPORT lure calls in the last 30 days');
    const n = int(d30.filter((c) => c.extraction?.lure_category === 'TECH_SUPPORT').length);
    assert.match(a.answer, new RegExp(`calls received ${n}\\b|\\bin ${n} calls\\b`));
    zero(await ask('how many GRANDPARENT_BAIL lure calls in the last 30 days?'));
    zero(await ask('did any calls use Citizens Bank for the mule account in the last 30 days?'));
  });

  it('a name a caller gave himself that no call has', async () => {
    const a = await ask('were there any calls where the scammer introduced himself as Ophelia Grantham?');
    zero(a);
    assert.ok(a.tool_calls.length > 0, a.answer);
  });

  it('a brand named as the receiving bank: the mule bank only (the fixture has PayPal as a brand, never as a bank)', async () => {
    const a = await ask('how many calls gave PayPal as the receiving bank in the last 30 days?');
    zero(a);
    assert.doesNotMatch(a.answer, /impersonating/);
  });

  it('a chain named before "wallets" that no call has', async () => {
    const a = await ask('how many Cardano wallets turned up in the last 30 days?');
    assert.ok(a.tool_calls.length > 0, a.answer);
    zero(a);
  });

  it('a name another field holds, typed before "gift cards": no gift card of it, not that brand’s calls', async () => {
    const amazonCards = d30().filter((c) => c.extraction?.gift_card_brand === 'Amazon').length;
    assert.equal(amazonCards, 0, 'the fixture must have no Amazon gift card');
    const a = await ask('how many calls asked for Amazon gift cards in the last 30 days?');
    zero(a);
    assert.doesNotMatch(a.answer, /impersonat\w* (?:brand )?in \d/);
  });

  it('calls of a lure that impersonated any government agency: the calls with one, counted', async () => {
    const n = d30().filter((c) => c.extraction?.lure_category === 'REFUND' && c.extraction?.impersonated_government_agency).length;
    const a = await ask('how many refund calls in the last 30 days posed as a government agency?');
    assert.ok(
      a.tool_calls.some((t) => JSON.stringify(t.args ?? {}).includes('impersonated_government_agency')),
      JSON.stringify(a.tool_calls),
    );
    if (n === 0) zero(a);
    else has(a, int(n));
  });
});

describe('comparison frames keep both sides', () => {
  const weekStart = Date.parse('2026-11-16T00:00:00Z');

  it('two weekends: the earlier one is a week back, and the verdict is said', async () => {
    const sat = Date.parse('2026-11-14T00:00:00Z');
    const later = between(sat, sat + 2 * DAY).length;
    const earlier = between(sat - 7 * DAY, sat - 5 * DAY).length;
    const a = await ask('were there fewer calls last weekend than the previous weekend?');
    has(a, `${int(later)} vs ${int(earlier)}`);
    assert.match(a.answer, later < earlier ? /^Yes/ : /^No/);
  });

  it('whole weeks before this one, week by week', async () => {
    const a = await ask('calls per week for the two whole weeks before this one');
    for (const k of [2, 1]) has(a, `${int(between(weekStart - k * 7 * DAY, weekStart - (k - 1) * 7 * DAY).length)} calls`);
  });

  it('a series over two months named: both months', async () => {
    const oct = between(Date.parse('2026-10-01T00:00:00Z'), Date.parse('2026-11-01T00:00:00Z')).length;
    const nov = between(Date.parse('2026-11-01T00:00:00Z'), NOW.getTime()).length;
    const a = await ask('month by month, calls in November compared with October?');
    has(a, `October 2026: ${int(oct)} calls`);
    has(a, `November 2026: ${int(nov)} calls`);
  });

  it('before a date against from that date on, inside a wider window', async () => {
    const cut = Date.parse('2026-11-10T00:00:00Z');
    const start = NOW.getTime() - 30 * DAY;
    const a = await ask('over the last 30 days, calls before Nov 10 vs from Nov 10 on');
    has(a, int(between(start, cut).length));
    has(a, int(between(cut, NOW.getTime()).length));
    assert.doesNotMatch(a.answer, /Nov 11, 2026 00:00/);
  });
});

describe('stray words and chat style are read, not taken as values or searches', () => {
  const weekStart = Date.parse('2026-11-16T00:00:00Z');

  it('a short weekday after "since" is that day', async () => {
    const wed = weekStart + 2 * DAY;
    const a = await ask('calls since wed');
    has(a, `calls received ${int(between(wed, NOW.getTime()).length)}`);
  });

  it('a word taken back is replaced by the next', async () => {
    const y = refSummary(ORG_A_CALLS, WINDOWS.yesterday).total_dollars_asked;
    const a = await ask('total $ asked this month... i mean yesterday');
    has(a, usd(y));
  });

  it('"the period we are talking about" is the conversation, not a transcript search', async () => {
    const a = await ask("over the window we're talking about, the last 7 days, how many calls were tier 3?");
    assert.ok(!a.tool_calls.some((t) => JSON.stringify(t.args ?? {}).includes('"q"')), JSON.stringify(a.tool_calls));
    has(a, `tier-3 calls ${int(refSummary(ORG_A_CALLS, WINDOWS.d7).tier3_calls)}`);
  });

  it('figures listed side by side: calls and hooked calls are both of all calls', async () => {
    const s = refSummary(ORG_A_CALLS, WINDOWS.d30);
    const a = await ask('last 30 days: calls, hooked calls and the average call length');
    has(a, int(s.calls_received));
    has(a, int(s.hooked_calls));
    assert.doesNotMatch(a.answer, /counting only calls that were hooked/);
  });

  it('a number word before a field is how many to rank, not a value', async () => {
    const top = refTopn(ORG_A_CALLS, WINDOWS.w12, 'gift_card_brand', 2);
    const a = await ask('top two gift card brands they wanted in the last 12 weeks');
    assert.doesNotMatch(a.answer, /no .*value named/);
    for (const t of top) has(a, t.label);
  });
});

describe('a domain or URL typed whole is one value, its words no brand', () => {
  let key: string;
  // A domain holding a brand's name and a hyphen, stored with paths.
  const URLS = ['amazon-refund-desk.com/claim', 'https://amazon-refund-desk.com/start', 'paypal-verify-now.net/login'];
  const made = [0, 1, 2, 0].map((u, i) => ({
    call_sid: `CAunseen${String(i).padStart(26, '0')}`,
    started_at: new Date(NOW.getTime() - (i + 1) * HOUR).toISOString().replace('.000Z', 'Z'),
    duration_sec: 200,
    caller_id: '+13135550161',
    persona: 'edith',
    disconnect_reason: 'caller_hung_up_normal',
    cleanly_closed: true,
    extraction: {
      auditor_confidence: 0.9,
      impersonated_brand: 'Amazon',
      lure_category: 'REFUND',
      phishing_url: URLS[u],
      // Two drops in one town no state table names, one in another.
      ...(i < 3 ? { physical_mule_drop_address: i < 2 ? `${10 + i} Elm St, Charlotte, NC 28202` : '9 Oak Ave, Raleigh, NC 27601' } : {}),
    },
  }));
  before(async () => {
    const org = await newOrg(w.app, 'pro', 'Org Unseen Classes');
    key = org.read;
    const res = await ingest(w.app, org.ingest, made);
    assert.equal(res.json().accepted, made.length, res.body);
  });

  it('a domain before a colon: the calls with a link on it, not every call', async () => {
    const a = await askOk(w.app, key, 'amazon-refund-desk.com links: how many calls over the last 7 days?');
    has(a, 'amazon-refund-desk.com: 3 calls');
  });

  it('a URL with its path: its calls, not a decline', async () => {
    const a = await askOk(w.app, key, 'how often did paypal-verify-now.net/login turn up as a link in the last 7 days?');
    assert.ok(a.tool_calls.length > 0, a.answer);
    has(a, '1 call');
  });

  it('a URL with a path no call holds whole: the links holding it, over its whole history', async () => {
    const a = await askOk(w.app, key, 'how many calls pointed victims at amazon-refund-desk.com/start?');
    assert.deepEqual(a.tool_calls[0]?.args.filters, [['contains', 'phishing_url', ['amazon-refund-desk.com/start']]]);
    has(a, 'all time');
    has(a, ': 1 call');
  });

  it('a top-level domain alone: every link under it; "sent people to a phishing site" is the link field', async () => {
    const a = await askOk(w.app, key, 'how many calls sent people to a phishing site on a .net domain?');
    assert.deepEqual(a.tool_calls[0]?.args.filters, [['contains', 'phishing_url', ['.net']]], a.answer);
    has(a, ': 1 call');
    const b = await askOk(w.app, key, 'how many calls told the victim to open a phishing link in the last 7 days?');
    assert.deepEqual(b.tool_calls[0]?.args.has, ['phishing_url'], b.answer);
  });

  it('a drop address in a town: the addresses naming it', async () => {
    const a = await askOk(w.app, key, 'how many calls gave a drop address in Charlotte?');
    has(a, 'drop address in Charlotte: 2 calls');
  });
});

describe('a value with its own field word, ranked by another field', () => {
  it("the fake agent's calls by brand, not the agent's count", async () => {
    const kevin = ORG_A_CALLS.filter((c) => at(c) >= NOW.getTime() - 84 * DAY && c.extraction?.fake_agent_name === 'Kevin');
    const brands = new Map<string, number>();
    for (const c of kevin)
      if (c.extraction?.impersonated_brand)
        brands.set(c.extraction.impersonated_brand, (brands.get(c.extraction.impersonated_brand) ?? 0) + 1);
    const [top] = [...brands].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    assert.ok(top, 'the fixture must give Kevin a brand');
    const a = await ask('with the fake agent Kevin, which brand came up most in the last 12 weeks?');
    has(a, `${top[0]} (${top[1]} call`);
  });
});

describe('windows and filters read from words the planner lacked', () => {
  const hasIntel = (c: FixtureCall) => INTEL_FIELDS.some((f) => (c.extraction as Record<string, unknown> | null)?.[f] != null);

  it('"any intel" is a filter on calls with at least one intel field', async () => {
    const n = between(NOW.getTime() - 14 * DAY, NOW.getTime()).filter(hasIntel).length;
    const a = await ask('over the past 14 days, how many calls produced intel?');
    has(a, `calls received ${int(n)}`);
    assert.ok(
      a.tool_calls.some((t) => (t.args as Record<string, unknown>).has_intel === true),
      JSON.stringify(a.tool_calls),
    );
  });

  it('the whole store: the longest window, said as such', async () => {
    const a = await ask('total calls across the entire history');
    has(a, `calls received ${int(ORG_A_CALLS.filter((c) => at(c) >= NOW.getTime() - 400 * DAY && at(c) < NOW.getTime()).length)}`);
    has(a, 'all time');
  });

  it('a follow-up stepping forward: the window after the last one, of the unit it names', async () => {
    const day = (d: string) => Date.parse(`${d}T00:00:00Z`);
    const a = await talk('how many calls on 2026-11-10', 'and what about the next day');
    has(a, `calls received ${int(between(day('2026-11-11'), day('2026-11-12')).length)}`);
    const b = await talk('how many calls on 2026-11-02', 'ok, the week after that?');
    has(b, `calls received ${int(between(day('2026-11-03'), day('2026-11-10')).length)}`);
    // A window that ends now has no next one.
    const c = await talk('calls this week', 'and the following week?');
    assert.equal(c.tool_calls.length, 0, c.answer);
  });

  it('a greeting before the question, and money as "$$"', async () => {
    const r = refSummary(ORG_A_CALLS, WINDOWS.d30);
    const a = await ask('Afternoon, team! total $$ asked over the last 30 days?');
    has(a, usd(r.total_dollars_asked));
  });

  it('a value before the word "lure" is the lure, and that word asks for no ranking', async () => {
    const n = between(NOW.getTime() - 84 * DAY, NOW.getTime()).filter((c) => c.extraction?.lure_category === 'TECH_SUPPORT').length;
    assert.ok(n > 0, 'the fixture has tech support calls');
    const a = await ask('over the last 12 weeks, how many tech support lure calls?');
    assert.match(a.answer, new RegExp(`calls received ${int(n)}\\b|\\bin ${int(n)} calls\\b`));
    assert.doesNotMatch(a.answer, /^The most frequent/);
  });
});

describe('parts of windows, lists of windows and framed lists', () => {
  const day = (d: string) => Date.parse(`${d}T00:00:00Z`);
  const calls = (a: string, b: string) => between(day(a), day(b)).length;

  it('an edge of a named window: its first or last days, weeks or fortnight', async () => {
    has(await ask('how many calls over the final 5 days of october?'), `calls received ${int(calls('2026-10-27', '2026-11-01'))}`);
    has(await ask('calls during the opening week of october'), `calls received ${int(calls('2026-10-01', '2026-10-08'))}`);
  });

  it('a part of a window no rule reads is said to be not understood, with no figure', async () => {
    const a = await ask('how many calls around the kalends of november?');
    assert.equal(a.tool_calls.length, 0, a.answer);
    assert.match(a.answer, /could not read "(?:around )?the kalends of november"/);
  });

  it("a holiday's week and its long weekend", async () => {
    has(await ask('calls in the week of veterans day'), `calls received ${int(calls('2026-11-09', '2026-11-16'))}`);
  });

  it('one figure over three windows listed: one answer per window', async () => {
    const a = await ask('how many calls in august, september and october?');
    for (const [s, e] of [
      ['2026-08-01', '2026-09-01'],
      ['2026-09-01', '2026-10-01'],
      ['2026-10-01', '2026-11-01'],
    ] as const)
      has(a, `calls received ${int(calls(s, e))}`);
  });

  it('a frame before a colon, then a list of asks: each ask in the frame', async () => {
    const r = refSummary(ORG_A_CALLS, WINDOWS.d30);
    const a = await ask('Past 30 days: calls received, hooked calls and total asked');
    has(a, `calls received ${int(r.calls_received)}`);
    has(a, `hooked calls ${int(r.hooked_calls)}`);
    has(a, usd(r.total_dollars_asked));
  });

  it('tier counts listed: the number of calls of each tier', async () => {
    const r = refSummary(ORG_A_CALLS, WINDOWS.lastMonth);
    const a = await ask('the tier 2 and tier 3 counts for last month please');
    has(a, `tier-2 calls ${int(r.tier2_calls)}`);
    has(a, `tier-3 calls ${int(r.tier3_calls)}`);
  });

  it('disconnect reasons: the most frequent first, each with its stored code', async () => {
    const a = await ask('why did calls end over the last 30 days?');
    const d30 = between(NOW.getTime() - 30 * DAY, NOW.getTime());
    const counts = new Map<string, number>();
    for (const c of d30) if (c.disconnect_reason) counts.set(c.disconnect_reason, (counts.get(c.disconnect_reason) ?? 0) + 1);
    const top = [...counts].sort((x, y) => y[1] - x[1])[0];
    assert.ok(top, 'the fixture has disconnect reasons');
    const first = /: [^;]*?\(([a-z_]+)\): ([\d,]+)/.exec(a.answer);
    assert.ok(first, a.answer);
    assert.equal(Number(first[2].replace(/,/g, '')), top[1], a.answer);
  });
});

describe('follow-ups that edit the figure or narrow, names the data lacks, fields listed, lists kept elsewhere', () => {
  const d30 = () => between(NOW.getTime() - 30 * DAY, NOW.getTime());

  it('"the number behind it" after a rate: the calls it counts beside all of them, same window', async () => {
    const r = refSummary(ORG_A_CALLS, WINDOWS.lastWeek);
    const a = await talk('hook rate last week?', 'ok can I get the actual number instead');
    has(a, `hooked calls ${int(r.hooked_calls)}`);
    has(a, `calls received ${int(r.calls_received)}`);
  });

  it('"restrict it to" a value: the previous question with that filter', async () => {
    const n = d30().filter((c) => c.extraction?.impersonated_brand === 'Amazon').length;
    const a = await talk('how many calls over the last 30 days?', 'restrict it to amazon');
    assert.match(a.answer, new RegExp(`calls received ${int(n)}\\b|\\b${int(n)} calls\\b`));
  });

  it('a quoted name no call holds is not found, never one of its words', async () => {
    const a = await ask('how many calls referenced the "Apple Refund Bureau" over the last 30 days?');
    assert.match(a.answer, /not found|no calls|none/i);
    assert.doesNotMatch(a.answer, /\bApple was\b/);
  });

  it('a capitalised name after what the callers did, that no call holds: not found', async () => {
    const a = await ask('how many callers recommended SupRemo over the last 30 days?');
    assert.match(a.answer, /not found|no calls|none/i);
    assert.ok(a.tool_calls.length > 0, a.answer);
  });

  it('two intel fields after one verb: calls with both', async () => {
    const n = between(NOW.getTime() - 84 * DAY, NOW.getTime()).filter(
      (c) => c.extraction?.gift_card_brand && c.extraction?.remote_desktop_app,
    ).length;
    assert.ok(n > 0, 'the fixture has such calls');
    const a = await ask('over the last 12 weeks, how many calls contained both a gift card brand and a remote access tool?');
    assert.match(a.answer, new RegExp(`calls received ${int(n)}\\b|\\b${int(n)} calls?\\b`));
  });

  it('lists kept elsewhere, take-downs and a bank’s own numbers are declined', async () => {
    for (const q of [
      'is the wallet from yesterday on a treasury sanctions list?',
      'have that scam domain pulled offline',
      "what's the genuine swift code for citibank",
    ]) {
      const a = await ask(q);
      assert.equal(a.tool_calls.length, 0, `${q}: ${a.answer}`);
      assert.match(a.answer, /^I can't answer that from this data/);
    }
  });

  it('one saturday and sunday is the last weekend; shorthand for yesterday', async () => {
    const sat = Date.parse('2026-11-14T00:00:00Z');
    has(await ask('calls sat & sun'), `calls received ${int(between(sat, sat + 2 * DAY).length)}`);
    has(await ask('how many calls yday'), `calls received ${int(refSummary(ORG_A_CALLS, WINDOWS.yesterday).calls_received)}`);
  });
});

describe('statistics and sets listed together', () => {
  it('a bare statistic takes the noun of the one after it; each answered', async () => {
    const r = refSummary(ORG_A_CALLS, WINDOWS.d30);
    const a = await ask('for the last 30 days give me the average and the 90th percentile call duration');
    has(a, `average call length ${r.avg_call_duration_sec!.toFixed(2)}`);
    assert.match(a.answer, /90th percentile call length/);
  });

  it('a percentile the query does not compute is said so, with the ones it does, never a nearby figure', async () => {
    const r = refSummary(ORG_A_CALLS, WINDOWS.d30);
    const a = await ask('what was the 95th percentile call length over the last 30 days');
    assert.match(a.answer, /not the percentile asked/);
    has(a, `median call length ${r.median_call_duration_sec}`);
    assert.doesNotMatch(a.answer, /average/);
  });

  it('the total asked and the biggest single ask: two figures of one summary, not the call holding one', async () => {
    const r = refSummary(ORG_A_CALLS, WINDOWS.d30);
    const a = await ask('what were the total dollars asked and the biggest single ask over the last 30 days?');
    has(a, usd(r.total_dollars_asked));
    has(a, usd(r.max_single_ask!));
  });

  it('the calls of one value and the calls of another, said twice: two counts', async () => {
    const d30 = between(NOW.getTime() - 30 * DAY, NOW.getTime());
    const a = await ask('calls impersonating amazon and calls impersonating microsoft over the last 30 days?');
    for (const b of ['Amazon', 'Microsoft']) {
      const n = d30.filter((c) => c.extraction?.impersonated_brand === b).length;
      assert.match(a.answer, new RegExp(`calls received ${int(n)}\\b|\\b${int(n)} calls?\\b`), `${b}: ${a.answer}`);
    }
  });
});

describe('an identifier with no window, and "that" after a ranking', () => {
  it('calls naming one account number, no window said: its whole history', async () => {
    const n = ORG_A_CALLS.filter(
      (c) => c.extraction?.mule_bank_account_number === '123456789' && at(c) >= NOW.getTime() - 400 * DAY,
    ).length;
    assert.ok(n > 0, 'the fixture has the account');
    const a = await ask('in how many calls has account number 123456789 turned up?');
    assert.match(a.answer, new RegExp(`\\b${int(n)} calls?\\b`));
    has(a, 'all time');
  });

  it('"how many calls was that" after a ranking: the leading value’s calls', async () => {
    const counts = new Map<string, number>();
    for (const c of between(NOW.getTime() - 30 * DAY, NOW.getTime()))
      if (c.extraction?.impersonated_brand)
        counts.set(c.extraction.impersonated_brand, (counts.get(c.extraction.impersonated_brand) ?? 0) + 1);
    const [top] = [...counts].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]));
    const a = await talk('which brand was impersonated most over the last 30 days?', 'and how many calls was that?');
    has(a, `calls received ${int(top[1])}`);
  });
});

describe("the writer's own context before the question", () => {
  it('a sentence about the writer names no window or value of the question', async () => {
    const r = refSummary(ORG_A_CALLS, WINDOWS.d30);
    const a = await ask("Prepping slides for Thursday's meeting with Wells Fargo, sorry. How many hooked calls in the last 30 days?");
    has(a, `hooked calls ${int(r.hooked_calls)}`);
    assert.doesNotMatch(a.answer, /wells fargo/i);
    const b = await ask('Working late again, lol; anyway: hook rate over the last 30 days?');
    has(b, `hook rate ${(100 * r.hook_rate).toFixed(1)}%`);
  });

  it('a frame naming a value stays the question’s (negative)', async () => {
    const n = between(NOW.getTime() - 30 * DAY, NOW.getTime()).filter((c) => c.extraction?.impersonated_brand === 'Amazon').length;
    const a = await ask('For Amazon: how many calls over the last 30 days?');
    assert.match(a.answer, new RegExp(`calls received ${int(n)}\\b|\\b${int(n)} calls?\\b`));
  });
});

describe('smaller readings: "$" before a noun, a statistic after a window frame, distinct values of a field with its owner word', () => {
  it('"the biggest $ ask" is the largest single ask', async () => {
    const r = refSummary(ORG_A_CALLS, WINDOWS.thisWeek);
    const a = await ask("what's the largest $ ask so far this week?");
    has(a, `largest single ask ${usd(r.max_single_ask ?? 0)}`);
  });

  it('a window before the question, then two statistics: each answered', async () => {
    const d = between(NOW.getTime() - 30 * DAY, NOW.getTime()).map((c) => c.duration_sec);
    const a = await ask('For the last 30 days, what were the median and the longest call durations?');
    has(a, `longest call ${int(Math.max(...d))} seconds`);
    assert.match(a.answer, /median call length/);
  });

  it('"distinct caller area codes": the area codes, counted once each', async () => {
    // Area codes of US states only (the fixture's table): toll-free, Canadian and withheld numbers have none.
    const codes = refGeo(ORG_A_CALLS, WINDOWS.d30).reduce((n, g) => n + g.area_codes.length, 0);
    const a = await ask('how many distinct calling area codes in the last 30 days?');
    has(a, `${int(codes)} different area codes`);
  });
});

describe('an identifier is a filter like any value: a follow-up keeps it', () => {
  it('"how many of them were hooked" after a caller line: that line’s hooked calls', async () => {
    const line = ORG_A_CALLS.filter((c) => c.caller_id === '+12125550101' && at(c) >= NOW.getTime() - 30 * DAY);
    assert.ok(line.some(isHooked));
    const a = await talk('how many calls came from (212) 555-0101 over the past 30 days?', 'how many of them were hooked?');
    assert.deepEqual(a.tool_calls[0]?.args.caller_id, ['+12125550101'], a.answer);
    has(a, `hooked calls ${int(line.filter(isHooked).length)}`);
  });

  it('a phone number no call came from: said not found, with the query that counted none', async () => {
    const a = await ask('any calls from +1 415 555 0000?');
    assert.match(a.answer, /^I found no caller ID "\+14155550000"/);
    assert.deepEqual(a.tool_calls[0]?.args.filters, [['is', 'caller_id', ['+14155550000']]]);
  });
});

describe('bounds and frames said other ways', () => {
  it('"tier 2 or better" is tiers 1 and 2; "tier 2 or lower" tiers 2 and 3', async () => {
    const a = await ask('how many calls this month were tier 2 or better?');
    assert.deepEqual(a.tool_calls[0]?.args.tier, [1, 2], a.answer);
    const b = await ask('hook rate of calls at tier 2 or lower this month');
    assert.deepEqual(b.tool_calls[0]?.args.tier, [2, 3], b.answer);
  });

  it('an amount in words ("two million dollars") is the amount', async () => {
    const a = await ask('any single asks above two million dollars in the last 30 days?');
    assert.deepEqual(a.tool_calls[0]?.args.filters, [['gt', 'dollar_ask', 2_000_000]], a.answer);
  });

  it('"not counting X", "leaving X out": X left out of the ranking', async () => {
    for (const q of [
      'not counting Amazon, which 3 brands were impersonated most over the last 30 days?',
      'top 3 brands over the last 30 days, leaving Amazon out',
    ]) {
      const a = await ask(q);
      // The ranking itself names no Amazon; the answer says it was left out.
      assert.doesNotMatch(/by number of calls[^.]*\./.exec(a.answer)?.[0] ?? '', /Amazon/, `${q}: ${a.answer}`);
      assert.match(a.answer, /Amazon \(\d+ calls?\) is left out, as asked/, q);
    }
  });

  it('a chain named with its wallets is the chain: calls naming it, address given or not', async () => {
    const n = between(NOW.getTime() - 30 * DAY, NOW.getTime()).filter((c) => c.extraction?.crypto_chain === 'ETH').length;
    const a = await ask('how many calls involved ETH wallets in the last 30 days?');
    assert.match(a.answer, new RegExp(`\\b${int(n)} calls?\\b`), a.answer);
    assert.equal(JSON.stringify(a.tool_calls).includes('crypto_wallet_address'), false, a.answer);
  });

  it('"above"/"below" another window: the two windows compared, with a Yes or No', async () => {
    const a = await ask("was today's hook rate below the 30-day hook rate?");
    assert.equal(a.tool_calls.length, 2, a.answer);
    assert.match(a.answer, /^(?:Yes|No)\b/);
  });

  it('"which hooks better" asks the rate; "give both rates" is the form of the answer, no question of its own', async () => {
    const a = await ask('over the last 30 days, which hooks better, weekends or weekdays? give both rates.');
    assert.equal(a.tool_calls.length, 1, a.answer);
    assert.match(a.answer, /weekends \(Saturday and Sunday\) hook rate [\d.]+%/);
  });

  it('a name before "gift cards" that no gift card holds is said not found, even after "any"', async () => {
    const a = await ask('Any Microsoft gift card asks this month?');
    assert.match(a.answer, /^I found no gift card brand "Microsoft"/);
  });

  it('a named day with its year is that year’s', async () => {
    const a = await ask('how many calls came in on Halloween 2026?');
    assert.deepEqual(a.tool_calls[0]?.args.start, '2026-10-31T00:00:00Z', a.answer);
  });
});

describe('a conversation keeps its window and reads its field words', () => {
  it('a later question naming no window keeps the conversation’s; "which app" after remote tools ranks them', async () => {
    const a = await talk('how many calls involved a remote desktop tool over the last 30 days?', 'which app came up most?');
    assert.equal(a.tool_calls[0]?.args.range, '30d', a.answer);
    assert.equal(a.tool_calls[0]?.args.field, 'remote_desktop_app', a.answer);
  });

  it('"the margaret persona" is a filter on the figure asked before, not a ranking of personas', async () => {
    const r = refSummary(
      ORG_A_CALLS.filter((c) => c.persona === 'margaret'),
      WINDOWS.d30,
    );
    const a = await talk('hook rate over the last 30 days?', 'and for the margaret persona only?');
    assert.deepEqual(a.tool_calls[0]?.args.persona, ['margaret'], a.answer);
    has(a, `hook rate ${(100 * r.hook_rate).toFixed(1)}%`);
  });

  it('personal data asked in the plural is declined once, however many sentences ask it', async () => {
    const a = await ask('Who is the real owner behind +1 212 555 0143? Send me their billing addresses and social security numbers.');
    assert.equal(a.tool_calls.length, 0, a.answer);
    assert.equal(a.answer.match(/I can't answer that/g)?.length, 1, a.answer);
  });
});

describe('days in a named zone, amounts by verb, and the writer’s own day', () => {
  it('"going by Eastern time": today from New York’s midnight (UTC-5 in November), the zone no name', async () => {
    const a = await ask('how many calls so far today, going by eastern time?');
    assert.equal(a.tool_calls[0]?.args.start, '2026-11-20T05:00:00Z', a.answer);
    assert.doesNotMatch(a.answer, /agent name/);
  });

  it('"topped half a million dollars": over $500,000', async () => {
    const a = await ask('has any single ask ever topped half a million dollars?');
    assert.deepEqual(a.tool_calls[0]?.args.filters, [['gt', 'dollar_ask', 500_000]], a.answer);
  });

  it('a sentence about the writer’s team or holiday, then the question: only the question is read', async () => {
    const r = refSummary(ORG_A_CALLS, WINDOWS.d30);
    const a = await ask('Back from vacation, our team of 4 cleared 20 tickets today. Hook rate over the last 30 days?');
    has(a, `hook rate ${(100 * r.hook_rate).toFixed(1)}%`);
    const b = await ask('My boss Linda wants a single figure for the deck: total calls over the last 30 days.');
    has(b, `calls received ${int(r.calls_received)}`);
  });
});

describe('a day named with capitals that no rule reads', () => {
  it('is said not understood, with no figure for another window', async () => {
    for (const q of ['How many calls came in on Bonfire Night?', 'tier 1 calls on Maundy Thursday']) {
      const a = await ask(q);
      assert.equal(a.tool_calls.length, 0, `${q}: ${a.answer}`);
      assert.match(a.answer, /^I could not read "/, q);
    }
  });
});
