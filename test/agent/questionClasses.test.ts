// Whole classes of questions (issue 26), each in several phrasings written for this file, with
// negative cases: the quantity asked (a rate is never answered with a count), comparison frames
// (calendar partitions, stretches to date, series), questions of several parts, chat-style
// phrasing, follow-ups with stray words, requests out of scope and a scoped key's slice.
// Expected figures are computed here from the fixture calls (test/agent/fixture.ts), not from src/.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { randomUUID } from 'node:crypto';
import { questionParts } from '../../src/agent/plan/parts.js';
import { quantityIn } from '../../src/agent/plan/quantity.js';
import { declineOf } from '../../src/agent/read/outOfScope.js';
import { normalise } from '../../src/agent/read/normalise.js';
import { metricsIn } from '../../src/agent/read/reading.js';
import { inScope, isHooked, NOW, ORG_A_CALLS, pct, tierOf, usd, type FixtureCall } from './fixture.js';
import { agentWorld, askOk, type AgentAnswer, type AgentWorld } from './setup.js';

let w: AgentWorld;
before(async () => {
  w = await agentWorld({ HONEYPOT_RATE_AGENT: '100000/60' });
});
after(async () => {
  await w.t.close();
});

const ask = (question: string, key = w.keyA, extra: Record<string, unknown> = {}) => askOk(w.app, key, question, extra);

// ------------------------------------------------------------------ reference figures

const DAY = 86_400_000;
const at = (c: FixtureCall) => Date.parse(c.started_at);
const between = (calls: FixtureCall[], start: string | number, end: string | number = NOW.getTime()) => {
  const [s, e] = [typeof start === 'string' ? Date.parse(start) : start, typeof end === 'string' ? Date.parse(end) : end];
  return calls.filter((c) => at(c) >= s && at(c) < e);
};
const THIS_MONTH = '2026-11-01T00:00:00Z';
const MONDAY = Date.parse('2026-11-16T00:00:00Z');
const D30 = NOW.getTime() - 30 * DAY;
const calls = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'call' : 'calls'}`;
const hookSaid = (cs: FixtureCall[]) => {
  const h = cs.filter(isHooked).length;
  return cs.length ? `hook rate ${pct(h / cs.length)} (${h} of ${calls(cs.length)} hooked)` : 'no calls, so no hook rate';
};
const asksOf = (cs: FixtureCall[]) => cs.flatMap((c) => c.extraction?.dollar_asks ?? []);
const hour = (c: FixtureCall) => new Date(c.started_at).getUTCHours();
const weekend = (c: FixtureCall) => [0, 6].includes(new Date(c.started_at).getUTCDay());
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const has = (a: AgentAnswer, s: string) => assert.ok(a.answer.includes(s), `expected «${s}» in: ${a.answer}`);
const queries = (a: AgentAnswer) => a.tool_calls.filter((c) => c.name === 'query').map((c) => c.args);

// ------------------------------------------------------------------ the quantity asked

describe('figures listed together', () => {
  it('statistics sharing one noun are each that statistic of it; the calls listed among figures are counted', () => {
    assert.deepEqual(metricsIn(normalise('the mean and the longest call duration')), ['avg_call_duration_sec', 'max_call_duration_sec']);
    assert.deepEqual(metricsIn(normalise('typical, biggest and total ask')), [
      'median_dollar_ask',
      'max_single_ask',
      'total_dollars_asked',
    ]);
    assert.deepEqual(metricsIn(normalise('calls, tier 2 calls and the median call length')), [
      'calls_received',
      'tier2_calls',
      'median_call_duration_sec',
    ]);
    assert.deepEqual(metricsIn(normalise('the hook rate and calls this week')), ['hook_rate', 'calls_received']);
    // Calls named as what is counted stay the one figure.
    assert.deepEqual(metricsIn(normalise('how many hooked calls')), ['hooked_calls']);
    assert.deepEqual(metricsIn(normalise('calls hooked this week')), ['hooked_calls']);
    assert.deepEqual(metricsIn(normalise('the hook rate of calls this week')), ['hook_rate']);
  });
});

describe('the quantity asked', () => {
  it('is read as a rate, a count, asks, a mean ask or a length, never a nearby figure', () => {
    const cases: Array<[string, string]> = [
      ['hook rate', 'hook_rate'],
      ['what percent got hooked', 'hook_rate'],
      ['% hooked', 'hook_rate'],
      ['how many were hooked', 'hooked'],
      ['share of tier 1', 'tier1_share'],
      ['tier 1 rate', 'tier1_share'],
      ['how many tier 1 calls', 'tier1'],
      ['how many asks', 'asks'],
      ['number of dollar asks', 'asks'],
      ['asks', 'asks'],
      ['average ask', 'mean_ask'],
      ['how much did they ask for on average', 'mean_ask'],
      ['how much money was asked', 'dollars_asked'],
      ['average call length', 'duration'],
      ['how long do the calls last', 'duration'],
      ['calls', 'calls'],
      ['how many calls', 'calls'],
    ];
    for (const [text, id] of cases) assert.equal(quantityIn(normalise(text))?.id, id, text);
    // A figure no frame computes per part is left to the planner, not answered with calls.
    assert.equal(quantityIn(normalise('median ask')), null);
    assert.equal(quantityIn(normalise('average ask per call')), null);
  });

  it('a rate of a value’s calls is a rate; its count a count (negative)', async () => {
    const kevin = between(ORG_A_CALLS, THIS_MONTH).filter((c) => c.extraction?.fake_agent_name === 'Kevin');
    for (const q of ['hook rate of calls with the fake agent Kevin this month', 'what % of Kevin’s calls got hooked this month']) {
      const a = await ask(q);
      has(a, `calls with fake agent name Kevin: ${hookSaid(kevin)}`);
    }
    const count = await ask('how many calls with the fake agent Kevin this month');
    has(count, `fake agent name Kevin: ${calls(kevin.length)}`);
    assert.doesNotMatch(count.answer, /hook rate/);
  });

  it('hooked calls are counted as hooked, calls naming a wallet as those calls (not every call)', async () => {
    const week = between(ORG_A_CALLS, MONDAY);
    // "how often do we hook …" is the rate, "how many did we hook" the count.
    const d7 = between(ORG_A_CALLS, NOW.getTime() - 7 * DAY).filter((c) => c.extraction?.lure_category === 'TECH_SUPPORT');
    has(await ask('how often do we hook tech support scammers'), hookSaid(d7));
    for (const q of ['how many calls did we hook this week', 'how many calls were hooked this week']) {
      const a = await ask(q);
      assert.match(a.answer, new RegExp(`hooked calls ${week.filter(isHooked).length}\\b`), `${q}: ${a.answer}`);
    }
    const month = between(ORG_A_CALLS, THIS_MONTH);
    const withWallet = month.filter((c) => c.extraction?.crypto_wallet_address).length;
    assert.ok(withWallet > 0 && withWallet < month.length);
    for (const q of ['how many calls named a crypto wallet this month', 'how many calls gave a wallet this month']) {
      const a = await ask(q);
      assert.match(a.answer, new RegExp(`\\b${withWallet} calls? with a crypto wallet`), `${q}: ${a.answer}`);
    }
  });

  it('asks of the calls with a value are asks, not a ranking of the value’s field', async () => {
    const month = between(ORG_A_CALLS, THIS_MONTH).filter((c) => c.extraction?.payment_method === 'gift_card');
    const xs = asksOf(month);
    const a = await ask('how many gift card asks this month');
    has(a, `${xs.length} single asks totalling ${usd(xs.reduce((s, x) => s + x, 0))}, in ${calls(month.length)}`);
  });

  it('calls that asked for money are the calls with an ask, not every call', async () => {
    const month = between(ORG_A_CALLS, THIS_MONTH);
    const withAsk = month.filter((c) => asksOf([c]).length > 0);
    assert.ok(withAsk.length > 0 && withAsk.length < month.length);
    for (const q of ['how many calls asked for money this month', 'how many calls had at least one ask this month']) {
      const a = await ask(q);
      has(a, `${calls(withAsk.length)} had at least one dollar ask (${asksOf(month).length} single asks`);
    }
  });

  it('the share of tier 1 is a share, of the value named; a count stays a count (negative)', async () => {
    const month = between(ORG_A_CALLS, THIS_MONTH);
    const amazon = month.filter((c) => c.extraction?.impersonated_brand === 'Amazon');
    const share = (cs: FixtureCall[]) => {
      const t = cs.filter((c) => tierOf(c) === 1).length;
      return `${pct(t / cs.length)} tier 1 (${t} of ${calls(cs.length)})`;
    };
    // Said either way, the share and its counts (never the count alone).
    const t1m = month.filter((c) => tierOf(c) === 1).length;
    for (const q of ["what's the tier 1 rate this month", 'tier 1 share of calls this month', 'tier 1 % this month']) {
      const a = await ask(q);
      assert.ok(a.answer.includes(pct(t1m / month.length)) && a.answer.includes(`${t1m} of ${calls(month.length)}`), `${q}: ${a.answer}`);
    }
    const t1 = amazon.filter((c) => tierOf(c) === 1).length;
    assert.match(
      (await ask('what % of amazon calls were tier 1 this month')).answer,
      new RegExp(`${t1} of ${amazon.length} calls were tier-1, a share of ${esc(pct(t1 / amazon.length))}`),
    );
    has(await ask('tier 1 rate of amazon calls this month'), `counting only calls with brand Amazon: ${share(amazon)}`);
    const count = await ask('how many tier 1 calls this month');
    assert.match(count.answer, new RegExp(`tier-1 calls ${month.filter((c) => tierOf(c) === 1).length}\\b`));
    assert.doesNotMatch(count.answer, /%/);
  });

  it('calls that got away, of a value: those not hooked, not every call of it', async () => {
    const amazon = between(ORG_A_CALLS, THIS_MONTH).filter((c) => c.extraction?.impersonated_brand === 'Amazon');
    const missed = amazon.filter((c) => !isHooked(c)).length;
    assert.ok(missed > 0 && missed < amazon.length);
    const a = await ask('how many amazon calls got away this month');
    has(a, `${calls(missed)} with brand Amazon ${missed === 1 ? 'was' : 'were'} not hooked`);
  });

  it('a value only the lexicon knows, ranked by another field or asked when: not its count', async () => {
    const kevin = between(ORG_A_CALLS, THIS_MONTH).filter((c) => c.extraction?.fake_agent_name === 'Kevin');
    const brands = new Map<string, number>();
    for (const c of kevin)
      if (c.extraction?.gift_card_brand) brands.set(c.extraction.gift_card_brand, (brands.get(c.extraction.gift_card_brand) ?? 0) + 1);
    assert.ok(brands.size > 0);
    const a = await ask('which gift card brands did Kevin ask for this month');
    for (const [b, n] of brands) has(a, `${b} (${calls(n)})`);
    assert.deepEqual(queries(a)[0].dimensions, ['gift_card_brand']);
    const newest = kevin
      .map((c) => c.started_at)
      .sort()
      .at(-1)!;
    const b = await ask('when did Kevin last call this month');
    const d = new Date(newest);
    const quarter = new Date(Math.floor(d.getTime() / 900_000) * 900_000);
    const hhmm = quarter.toISOString().slice(11, 16);
    has(b, `the latest call with fake agent name Kevin came in the quarter hour from`);
    assert.ok(b.answer.includes(`${hhmm} UTC`), b.answer);
  });

  it('another spelling of a mule bank is the bank as stored ("Chase" for "JPMorgan Chase"), in a count and in a frame', async () => {
    const month = between(ORG_A_CALLS, THIS_MONTH).filter((c) => ['Chase', 'JPMorgan Chase'].includes(c.extraction?.mule_bank_name ?? ''));
    assert.ok(month.length > 0);
    has(await ask('how many chase calls this month'), `JPMorgan Chase was the mule bank in ${calls(month.length)} this month`);
    const a = await ask('chase calls on weekends vs weekdays this month');
    has(a, `counting only calls with mule bank JPMorgan Chase: weekends (Saturday and Sunday) ${calls(month.filter(weekend).length)}`);
  });

  it('a caller ID typed with separators is the stored caller ID', async () => {
    const month = between(ORG_A_CALLS, THIS_MONTH).filter((c) => c.caller_id === '+12125550101').length;
    assert.ok(month > 0);
    for (const q of ['calls from (212) 555-0101 this month', 'how many times did 212-555-0101 call us this month']) {
      const a = await ask(q);
      has(a, `caller ID +12125550101: ${calls(month)}`);
    }
  });

  it('a value named in a transcript phrase is the value, not a transcript search (no false zero)', async () => {
    const d7 = between(ORG_A_CALLS, NOW.getTime() - 7 * DAY).filter((c) => c.extraction?.mule_account_holder_name === 'John Doe');
    assert.ok(d7.length > 0);
    const a = await ask('how many calls mentioned John Doe as the account holder');
    has(a, `mule account holder John Doe: ${calls(d7.length)}`);
    assert.ok(!queries(a).some((q) => JSON.stringify(q.filters).includes('transcript')));
  });

  it('wallets are counted as wallets in each of two windows, not as calls naming a chain', async () => {
    const wallets = (cs: FixtureCall[]) => new Set(cs.map((c) => c.extraction?.crypto_wallet_address).filter(Boolean)).size;
    const now = between(ORG_A_CALLS, THIS_MONTH);
    const before = between(ORG_A_CALLS, '2026-10-01T00:00:00Z', THIS_MONTH);
    for (const q of ['how many wallets this month vs last month', 'number of crypto wallets this month compared to last month']) {
      const a = await ask(q);
      assert.match(a.answer, new RegExp(`: ${wallets(now)} different crypto wallets?, named in`), a.answer);
      assert.match(a.answer, new RegExp(`: ${wallets(before)} different crypto wallets?, named in`), a.answer);
      assert.deepEqual(queries(a)[0].metrics, ['distinct:crypto_wallet_address', 'calls_received']);
    }
  });
});

// ------------------------------------------------------------------ comparison frames

describe('comparison frames', () => {
  it('weekends against weekdays: a rate when a rate is asked, in any phrasing', async () => {
    const month = between(ORG_A_CALLS, THIS_MONTH);
    const [we, wd] = [month.filter(weekend), month.filter((c) => !weekend(c))];
    for (const q of [
      'hook rate on weekends vs weekdays this month',
      'is the hook rate higher at the weekend or during the week this month?',
      'wknd vs wkdays hook rate this month',
    ]) {
      const a = await ask(q);
      has(a, `weekends (Saturday and Sunday) ${hookSaid(we)}`);
      has(a, `weekdays (Monday to Friday) ${hookSaid(wd)}`);
      assert.deepEqual(queries(a)[0].dimensions, ['time:weekday'], q);
    }
  });

  it('business hours against the rest, and day against night: time:hour_of_day', async () => {
    const d30 = between(ORG_A_CALLS, D30);
    const biz = d30.filter((c) => hour(c) >= 9 && hour(c) < 17);
    const a = await ask('calls during business hours vs after hours in the last 30 days');
    has(a, `business hours (09:00–17:00 UTC) ${calls(biz.length)}`);
    has(a, `outside business hours (17:00–09:00 UTC) ${calls(d30.length - biz.length)}`);
    assert.deepEqual(queries(a)[0].dimensions, ['time:hour_of_day']);

    const month = between(ORG_A_CALLS, THIS_MONTH);
    const day = month.filter((c) => hour(c) >= 6 && hour(c) < 18);
    const night = month.filter((c) => hour(c) < 6 || hour(c) >= 18);
    const mean = (cs: FixtureCall[]) => Math.round((cs.reduce((s, c) => s + c.duration_sec, 0) / cs.length) * 100) / 100;
    const b = await ask('average call length at night vs during the day this month');
    has(b, `daytime (06:00–18:00 UTC) average call length ${mean(day).toLocaleString('en-US')} seconds (over ${calls(day.length)})`);
    has(b, `night (18:00–06:00 UTC) average call length ${mean(night).toLocaleString('en-US')} seconds (over ${calls(night.length)})`);
  });

  it('keep the values the question names: a brand’s hook rate on weekends, a lure week by week', async () => {
    const amazon = between(ORG_A_CALLS, THIS_MONTH).filter((c) => c.extraction?.impersonated_brand === 'Amazon');
    const a = await ask('amazon hook rate on weekends vs weekdays this month');
    has(a, `counting only calls with brand Amazon: weekends (Saturday and Sunday) ${hookSaid(amazon.filter(weekend))}`);
    has(a, `weekdays (Monday to Friday) ${hookSaid(amazon.filter((c) => !weekend(c)))}`);
    assert.deepEqual(queries(a)[0].filters, [['is', 'impersonated_brand', ['Amazon']]]);
  });

  it('more partitions: Saturdays and Sundays, before and after noon, at night against during the day', async () => {
    const month = between(ORG_A_CALLS, THIS_MONTH);
    const a = await ask('calls on saturdays and sundays vs the rest of the week this month');
    has(
      a,
      `weekends (Saturday and Sunday) ${calls(month.filter(weekend).length)}, weekdays (Monday to Friday) ${calls(month.filter((c) => !weekend(c)).length)}`,
    );
    const am = month.filter((c) => hour(c) < 12).length;
    const b = await ask('calls before noon vs after noon this month');
    has(b, `before noon (00:00–12:00 UTC) ${calls(am)}, after noon (12:00–24:00 UTC) ${calls(month.length - am)}`);
    // "during the day" is no window the reading knows; the frame reads it (the dashboard's 7 days apply).
    const d7 = between(ORG_A_CALLS, NOW.getTime() - 7 * DAY);
    const night = d7.filter((c) => hour(c) < 6 || hour(c) >= 18).length;
    const c = await ask('are we getting more calls at night than during the day');
    has(c, `daytime (06:00–18:00 UTC) ${calls(d7.length - night)}, night (18:00–06:00 UTC) ${calls(night)}`);
    assert.deepEqual(queries(c)[0].dimensions, ['time:hour_of_day']);
  });

  it('one part named with a comparative is against the rest; "same time yesterday", "same days last week" are stretches', async () => {
    const d7 = between(ORG_A_CALLS, NOW.getTime() - 7 * DAY);
    const a = await ask('is the hook rate better on weekends?');
    has(
      a,
      `weekends (Saturday and Sunday) ${hookSaid(d7.filter(weekend))}, weekdays (Monday to Friday) ${hookSaid(d7.filter((c) => !weekend(c)))}`,
    );
    const night = d7.filter((c) => hour(c) < 6 || hour(c) >= 18).length;
    const b = await ask('do we get more calls at night?');
    has(b, `daytime (06:00–18:00 UTC) ${calls(d7.length - night)}, night (18:00–06:00 UTC) ${calls(night)}`);
    const today = between(ORG_A_CALLS, '2026-11-20T00:00:00Z');
    const yday = between(ORG_A_CALLS, '2026-11-19T00:00:00Z', '2026-11-19T14:00:00Z');
    const c = await ask('hook rate today vs same time yesterday');
    has(c, `Today so far (Nov 20, 2026 to Nov 20, 2026 14:00 UTC): ${hookSaid(today)}`);
    has(c, `The same stretch yesterday (Nov 19, 2026 to Nov 19, 2026 14:00 UTC): ${hookSaid(yday)}`);
    const d = await ask('calls this week vs the same days last week');
    has(d, `This week so far (Nov 16, 2026 to Nov 20, 2026 14:00 UTC): ${calls(between(ORG_A_CALLS, MONDAY).length)}`);
    has(
      d,
      `The same stretch last week (Nov 9, 2026 to Nov 13, 2026 14:00 UTC): ${calls(between(ORG_A_CALLS, MONDAY - 7 * DAY, NOW.getTime() - 7 * DAY).length)}`,
    );
  });

  it('a kind of day or hour named alone ("on weekends", "at night"), each weekday, and "how long" as the mean length', async () => {
    const month = between(ORG_A_CALLS, THIS_MONTH);
    const hooked = month.filter(isHooked);
    const a = await ask('how many hooked calls on weekends this month');
    has(a, `weekends (Saturday and Sunday) ${hooked.filter(weekend).length} hooked calls`);
    const b = await ask('calls per weekday this month');
    const on = (d: number) => month.filter((c) => new Date(c.started_at).getUTCDay() === d).length;
    has(
      b,
      `Monday ${calls(on(1))}, Tuesday ${calls(on(2))}, Wednesday ${calls(on(3))}, Thursday ${calls(on(4))}, Friday ${calls(on(5))}, Saturday ${calls(on(6))}, Sunday ${calls(on(0))}`,
    );
    const d7 = between(ORG_A_CALLS, NOW.getTime() - 7 * DAY);
    const mean = (cs: FixtureCall[]) => Math.round((cs.reduce((s, c) => s + c.duration_sec, 0) / cs.length) * 100) / 100;
    const c = await ask('how long are calls on weekends vs weekdays');
    has(c, `weekends (Saturday and Sunday) average call length ${mean(d7.filter(weekend)).toLocaleString('en-US')} seconds`);
    // "over the weekend" is one weekend (a window), not weekends as a kind of day (negative).
    const e = await ask('calls over the weekend');
    assert.ok(!queries(e).some((q) => (q.dimensions as string[] | undefined)?.includes('time:weekday')), e.answer);
  });

  it('two halves of a window, and two named windows of asks', async () => {
    const first = between(ORG_A_CALLS, THIS_MONTH, '2026-11-16T00:00:00Z');
    const second = between(ORG_A_CALLS, '2026-11-16T00:00:00Z');
    const a = await ask('compare the first half of the month with the second half');
    has(a, `First half (Nov 1, 2026 to Nov 16, 2026 00:00 UTC): ${calls(first.length)}`);
    has(a, `Second half (Nov 16, 2026 to Nov 20, 2026 14:00 UTC): ${calls(second.length)}`);
    const b = await ask('hook rate in the first and second halves of this month');
    has(b, `First half (Nov 1, 2026 to Nov 16, 2026 00:00 UTC): ${hookSaid(first)}`);
    has(b, `Second half (Nov 16, 2026 to Nov 20, 2026 14:00 UTC): ${hookSaid(second)}`);

    const asksSaid = (cs: FixtureCall[]) => {
      const xs = asksOf(cs);
      return `${xs.length} single ${xs.length === 1 ? 'ask' : 'asks'} totalling ${usd(xs.reduce((s, x) => s + x, 0))}`;
    };
    const week = between(ORG_A_CALLS, MONDAY);
    const lastWeek = between(ORG_A_CALLS, MONDAY - 7 * DAY, MONDAY);
    for (const q of ['how many asks this week compared to last week', 'number of dollar asks this week vs last week']) {
      const c = await ask(q);
      has(c, `This week (Nov 16, 2026 to Nov 20, 2026 14:00 UTC): ${asksSaid(week)}`);
      has(c, `Last week (Nov 9, 2026 to Nov 16, 2026 00:00 UTC): ${asksSaid(lastWeek)}`);
      assert.doesNotMatch(c.answer, /calls received/, q);
    }
  });

  it('a stretch to date against the same stretch before, not the whole period before', async () => {
    const since = between(ORG_A_CALLS, MONDAY);
    const same = between(ORG_A_CALLS, MONDAY - 7 * DAY, NOW.getTime() - 7 * DAY);
    for (const q of ['hook rate since monday vs the same stretch last week', 'hook rate this week so far against last week']) {
      const a = await ask(q);
      has(a, `(Nov 16, 2026 to Nov 20, 2026 14:00 UTC): ${hookSaid(since)}`);
      has(a, `The same stretch last week (Nov 9, 2026 to Nov 13, 2026 14:00 UTC): ${hookSaid(same)}`);
      assert.deepEqual(queries(a)[0].compare, { start: '2026-11-09T00:00:00Z', end: '2026-11-13T14:00:00Z' });
    }
    // Today so far against yesterday up to the same hour; the month so far against as much of last month.
    const today = between(ORG_A_CALLS, '2026-11-20T00:00:00Z');
    const yday = between(ORG_A_CALLS, '2026-11-19T00:00:00Z', '2026-11-19T14:00:00Z');
    const t = await ask('calls today so far vs yesterday');
    assert.match(t.answer, new RegExp(`^Today so far \\(Nov 20, 2026 to Nov 20, 2026 14:00 UTC\\): ${calls(today.length)}`));
    has(t, `The same stretch yesterday (Nov 19, 2026 to Nov 19, 2026 14:00 UTC): ${calls(yday.length)}`);
    const mtd = between(ORG_A_CALLS, THIS_MONTH);
    const lastMtd = between(ORG_A_CALLS, '2026-10-01T00:00:00Z', '2026-10-20T14:00:00Z');
    const m = await ask('month to date vs last month: how many calls');
    has(m, `This month so far (Nov 1, 2026 to Nov 20, 2026 14:00 UTC): ${calls(mtd.length)}`);
    has(m, `The same stretch last month (Oct 1, 2026 to Oct 20, 2026 14:00 UTC): ${calls(lastMtd.length)}`);
    // The mean ask of each stretch: total ÷ number of asks.
    const [an, ab] = [asksOf(since), asksOf(same)];
    const meanSaid = (xs: number[]) => `average single ask ${usd(xs.reduce((s, x) => s + x, 0) / xs.length)}`;
    const ask2 = await ask('average ask since monday compared to the same days last week');
    has(ask2, meanSaid(an));
    has(ask2, meanSaid(ab));
  });

  it('week by week and month by month: a series of the quantity asked', async () => {
    const d30 = between(ORG_A_CALLS, D30);
    const weeks = new Map<string, FixtureCall[]>();
    for (const c of d30) {
      const d = new Date(c.started_at);
      const monday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - ((d.getUTCDay() + 6) % 7)));
      const key = monday.toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
      weeks.set(key, [...(weeks.get(key) ?? []), c]);
    }
    assert.ok(weeks.size >= 4);
    const a = await ask('asks week by week over the last 30 days');
    for (const [week, cs] of weeks) {
      const xs = asksOf(cs);
      has(a, `week of ${week}: ${xs.length} single ${xs.length === 1 ? 'ask' : 'asks'} totalling ${usd(xs.reduce((s, x) => s + x, 0))}`);
    }
    const b = await ask('hook rate each week over the last 30 days');
    for (const [week, cs] of weeks) has(b, `week of ${week}: ${hookSaid(cs)}`);

    const year = between(ORG_A_CALLS, '2026-01-01T00:00:00Z');
    const months = new Map<string, number>();
    for (const c of year) {
      const key = new Date(c.started_at).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
      months.set(key, (months.get(key) ?? 0) + 1);
    }
    const m = await ask('calls month by month this year');
    for (const [month, n] of months) has(m, `${month}: ${calls(n)}`);
    assert.deepEqual(queries(m)[0].dimensions, ['time:month']);
  });

  it('an average is the quantity of a series when it is a length ("average call length week over week")', async () => {
    const a = await ask('average call length week over week this month');
    assert.deepEqual(queries(a)[0].dimensions, ['time:week']);
    const week = between(ORG_A_CALLS, MONDAY);
    const mean = Math.round((week.reduce((s, c) => s + c.duration_sec, 0) / week.length) * 100) / 100;
    has(a, `week of Nov 16, 2026: average call length ${mean.toLocaleString('en-US')} seconds (over ${calls(week.length)})`);
  });

  it('an average per week is one figure, not a series (negative)', async () => {
    const a = await ask('average calls per week over the last 30 days');
    assert.ok(!queries(a).some((q) => (q.dimensions as string[] | undefined)?.includes('time:week')), a.answer);
  });
});

// ------------------------------------------------------------------ questions of several parts

describe('questions of several parts', () => {
  it('are split where a new question begins, and only there', () => {
    assert.deepEqual(questionParts('how many calls this week, and what was the hook rate?', NOW), [
      'how many calls this week',
      'what was the hook rate this week',
    ]);
    assert.deepEqual(questionParts('top brands today; which banks were named?', NOW), ['top brands today', 'which banks were named today']);
    assert.deepEqual(questionParts('How many tier 1 calls yesterday? And which brands were impersonated most?', NOW), [
      'How many tier 1 calls yesterday',
      'which brands were impersonated most yesterday',
    ]);
    assert.deepEqual(questionParts('top brand and top bank this month', NOW), ['top brand this month', 'top bank this month']);
    assert.deepEqual(questionParts('what were total calls and hooked calls yesterday', NOW), [
      'what were total calls yesterday',
      'hooked calls yesterday',
    ]);
    // Figures listed for one breakdown stay one question.
    assert.deepEqual(questionParts('hooked calls and tier 1 calls by brand', NOW), ['hooked calls and tier 1 calls by brand']);
    assert.deepEqual(questionParts('how many calls this week & what is the hook rate', NOW), [
      'how many calls this week',
      'what is the hook rate this week',
    ]);
    for (const one of [
      'how many calls came in and were hooked this week',
      'for amazon, what was the hook rate this week',
      'in the last week, how many calls were hooked',
      'asks between $1,000 and $2,500 this month',
      'how many calls from texas and florida',
      'calls today? and yesterday?',
      'hello, how many calls today',
    ])
      assert.deepEqual(questionParts(one, NOW), [one], one);
  });

  it('answer every part, each from its own tool calls', async () => {
    const week = between(ORG_A_CALLS, MONDAY);
    const a = await ask('how many calls this week, and what was the hook rate?');
    assert.match(a.answer, new RegExp(`\\b${week.length} calls\\b`), a.answer);
    assert.match(a.answer, new RegExp(esc(pct(week.filter(isHooked).length / week.length))), a.answer);
    assert.ok(a.tool_calls.length >= 2);

    const yday = between(ORG_A_CALLS, '2026-11-19T00:00:00Z', '2026-11-20T00:00:00Z');
    const t1 = yday.filter((c) => tierOf(c) === 1).length;
    const b = await ask('How many tier 1 calls yesterday? And how many calls were hooked yesterday?');
    assert.match(b.answer, new RegExp(`\\b${t1}\\b`), b.answer);
    assert.match(b.answer, new RegExp(`\\b${yday.filter(isHooked).length}\\b`), b.answer);
    assert.equal(b.answer.split('\n\n').length, 2);
  });
});

// ------------------------------------------------------------------ chat-style phrasing

describe('chat-style phrasing', () => {
  it('reads symbols, shorthand and "wallet drops"', async () => {
    assert.equal(normalise('calls > 5 min this wk'), 'calls over 5 minutes this week');
    assert.equal(normalise('r there any tier 1 calls rn'), 'are there any tier 1 calls right now');
    assert.equal(normalise('how many wallet drops this month'), 'how many wallet named this month');
    assert.equal(normalise('asks >= 1k w/ a wallet'), 'asks at least 1k with a wallet');
    assert.equal(normalise('hook % this wk'), 'hook rate this week');
    assert.equal(normalise('how many repeat callers this month'), 'how many numbers that called more than once this month');
    const week = between(ORG_A_CALLS, MONDAY);
    has(await ask('hook % this wk'), hookSaid(week));

    const month = between(ORG_A_CALLS, THIS_MONTH);
    const wallets = new Set(month.map((c) => c.extraction?.crypto_wallet_address).filter(Boolean)).size;
    for (const q of ['how many wallet drops this month', 'how many wallets got dropped this month']) {
      const a = await ask(q);
      assert.match(a.answer, new RegExp(`: ${wallets} different crypto wallets?`), `${q}: ${a.answer}`);
    }
    // No call of the week lasts exactly 6 minutes, so "over" reads the same strict or not.
    const long = between(ORG_A_CALLS, MONDAY).filter((c) => c.duration_sec > 360);
    assert.equal(long.length, between(ORG_A_CALLS, MONDAY).filter((c) => c.duration_sec >= 360).length);
    const b = await ask('how many calls > 6 min this wk');
    assert.match(b.answer, new RegExp(`longer than 6 minutes: calls received ${long.length}\\.`), b.answer);
  });
});

// ------------------------------------------------------------------ follow-ups

describe('follow-ups of a frame or a value', () => {
  const turns = async (questions: string[]) => {
    const session_id = randomUUID();
    const out: AgentAnswer[] = [];
    for (const q of questions) out.push(await ask(q, w.keyA, { session_id }));
    return out;
  };
  const LAST_MONTH = ['2026-10-01T00:00:00Z', THIS_MONTH] as const;

  it('keep the frame: a new window, a value, or another quantity', async () => {
    const [, b, c] = await turns(['hook rate on weekends vs weekdays this month', 'and last month?', 'what about for amazon?']);
    const last = between(ORG_A_CALLS, ...LAST_MONTH);
    has(b, `Last month (Oct 1, 2026 to Nov 1, 2026 00:00 UTC): weekends (Saturday and Sunday) ${hookSaid(last.filter(weekend))}`);
    const amazon = last.filter((x) => x.extraction?.impersonated_brand === 'Amazon');
    has(c, `counting only calls with brand Amazon: weekends (Saturday and Sunday) ${hookSaid(amazon.filter(weekend))}`);
    has(c, `weekdays (Monday to Friday) ${hookSaid(amazon.filter((x) => !weekend(x)))}`);

    const [, e] = await turns(['asks week by week over the last 30 days', 'and the hook rate?']);
    assert.deepEqual(queries(e)[0].dimensions, ['time:week']);
    assert.match(e.answer, /week of Nov 16, 2026: hook rate/);
  });

  it('keep a value only the lexicon knows, and its window', async () => {
    const [, b, c] = await turns(['how many calls with the fake agent Kevin this month', 'and last month?', "what's their hook rate?"]);
    const kevin = (cs: FixtureCall[]) => cs.filter((x) => x.extraction?.fake_agent_name === 'Kevin');
    const last = kevin(between(ORG_A_CALLS, ...LAST_MONTH));
    // None last month: said plainly (a count above zero would read "calls with fake agent name Kevin: N calls").
    assert.equal(last.length, 0);
    has(
      b,
      `None: last month (Oct 1, 2026 to Nov 1, 2026 00:00 UTC) no call had fake agent name Kevin (the query over that window counted 0).`,
    );
    has(c, `Last month (Oct 1, 2026 to Nov 1, 2026 00:00 UTC), calls with fake agent name Kevin: ${hookSaid(last)}`);
    const [, d] = await turns(['how many calls with the fake agent Kevin this month', "what's their hook rate?"]);
    has(
      d,
      `This month (Nov 1, 2026 to Nov 20, 2026 14:00 UTC), calls with fake agent name Kevin: ${hookSaid(kevin(between(ORG_A_CALLS, THIS_MONTH)))}`,
    );
  });

  it('the planner’s follow-ups: another state instead of the first, an interjection before "and", new values of the field ranked', async () => {
    const [, b] = await turns(['how many calls came from texas this week', 'and the florida ones?']);
    assert.doesNotMatch(b.answer, /Texas/, b.answer);
    assert.match(b.answer, /Florida \(FL\)/);
    const month = between(ORG_A_CALLS, THIS_MONTH);
    const amazon = month.filter((c) => c.extraction?.impersonated_brand === 'Amazon');
    const [, d] = await turns(['hook rate this month', 'hmm ok, and for amazon specifically?']);
    has(d, hookSaid(amazon));
    const [, f] = await turns(['which mule banks did we see this month', 'any new ones?']);
    assert.ok(f.tool_calls.length >= 2 && /\bnew\b/.test(f.answer), f.answer);
  });

  it('a new question after a frame is read as itself (negative)', async () => {
    const [, b] = await turns(['hook rate on weekends vs weekdays this month', 'how many calls came from texas this week']);
    assert.ok(!queries(b).some((q) => (q.dimensions as string[] | undefined)?.includes('time:weekday')), b.answer);
  });
});

describe('follow-ups with stray words', () => {
  it('"what about those?" repeats the question, never a value named "those"', async () => {
    const session_id = randomUUID();
    const paypal = between(ORG_A_CALLS, MONDAY).filter((c) => c.extraction?.impersonated_brand === 'PayPal').length;
    assert.ok(paypal > 0);
    await ask('how many calls impersonated paypal this week', w.keyA, { session_id });
    for (const q of ['and what about those?', 'what about the ones from before?']) {
      const a = await ask(q, w.keyA, { session_id });
      assert.doesNotMatch(a.answer, /"?(?:those|the ones from before)"?: 0|no calls/i, a.answer);
      assert.match(a.answer, new RegExp(`\\b${paypal}\\b`), `${q}: ${a.answer}`);
    }
  });
});

// ------------------------------------------------------------------ out of scope

describe('out of scope, phrased anew', () => {
  it('is declined with no tool call', async () => {
    for (const q of [
      'freeze the wallets from this week',
      'please suspend these mule accounts',
      'how much is bitcoin worth today',
      'can you code me a python scraper for the calls',
      'where does the caller live',
      'write me a SQL query for the top brands',
      'lock those bank accounts',
      'how much is 1 btc in usd',
      'usd to eur rate now',
      "what's the scammer's email address",
      'who owns the wallet bc1q',
      'recommend a good antivirus',
    ]) {
      assert.ok(declineOf(q), q);
      const a = await ask(q);
      assert.equal(a.tool_calls.length, 0, q);
    }
  });

  it('never declines a question about the calls that shares their words (negative)', () => {
    for (const q of [
      'did the caller ask to lock the account',
      'how many calls asked for btc in usd',
      "which caller's phone number called most",
      'which drop address did the scammer give',
      'which calls asked for an email address',
    ])
      assert.equal(declineOf(q), null, q);
  });
});

// ------------------------------------------------------------------ a scoped key

describe('a scoped key', () => {
  it('answers a frame inside its slice', async () => {
    const month = inScope(between(ORG_A_CALLS, THIS_MONTH));
    const a = await ask('hook rate on weekends vs weekdays this month', w.keyScoped);
    has(a, `weekends (Saturday and Sunday) ${hookSaid(month.filter(weekend))}`);
    has(a, `weekdays (Monday to Friday) ${hookSaid(month.filter((c) => !weekend(c)))}`);
  });
});
