// One test per failure class of the built-in agent, over the hand-made fixture.
// Expected figures come from the fixture (test/agent/fixture.ts), not from the agent's code.
//   1 false zeros · 2 qualifiers · 3 comparisons · 4 time phrases · 5 typos and paraphrase ·
//   6 missing intents · 7 answers

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { hasIntel, isHooked, NOW, ORG_A_CALLS, pct, refGeo, sid, tierOf, win, WINDOWS, type FixtureCall, type W } from './fixture.js';
import { agentWorld, askRaw, type AgentWorld } from './setup.js';

interface Answer {
  answer: string;
  tool_calls: Array<{ name: string; args: Record<string, unknown> }>;
  referenced_call_sids: string[];
  sources: Array<{ type: string; ref: Record<string, unknown> }>;
}

let w: AgentWorld;
before(async () => {
  w = await agentWorld({ HONEYPOT_RATE_AGENT: '10000/300' });
});
after(async () => {
  await w.t.close();
});

async function ask(question: string, body: Record<string, unknown> = {}): Promise<Answer> {
  const res = await askRaw(w.app, w.keyA, { question, ...body });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as Answer;
}

const inWindow = (c: FixtureCall, win: W) =>
  Date.parse(c.started_at) >= win.start.getTime() && Date.parse(c.started_at) < win.end.getTime();
const calls = (win: W, keep: (c: FixtureCall) => boolean = () => true) => ORG_A_CALLS.filter((c) => inWindow(c, win) && keep(c));
const ex = (c: FixtureCall) => (c.extraction ?? {}) as Record<string, unknown>;
/** A whole number as its own token ("3", not the 3 of "2026-11-03" or "tier-3"). */
const hasNumber = (text: string, n: number) => new RegExp(`(?<![\\d.,:/-])${n.toLocaleString('en-US')}(?![\\d]|[.,]\\d)`).test(text);
/** "no calls", "none", "0 calls": an answer that says there is nothing. */
const saysNothing = (text: string) => /\bno calls?\b|\bthere (?:are|were|is|was) no\b|\bnone\b|(?<![\d.,$])0 calls\b/i.test(text);

describe('issue 12 — the agent answers what was asked', () => {
  it("1. false zeros: a value is matched against the org's data (IRS is an agency, typos forgiven), an unknown value is said to be unknown, and several transcript terms all apply", async () => {
    // "the IRS" is an impersonated agency in the data, not a brand.
    const irs = calls(WINDOWS.d30, (c) => ex(c).impersonated_government_agency === 'IRS').length;
    assert.ok(irs > 0);
    const a = await ask('How many calls claimed to be the IRS in the last 30 days?');
    assert.ok(hasNumber(a.answer, irs), a.answer);
    assert.ok(!saysNothing(a.answer), a.answer);

    // A typo of a brand the org has seen.
    const amazon = calls(WINDOWS.thisMonth, (c) => ex(c).impersonated_brand === 'Amazon').length;
    const b = await ask('how many calls impersonated amazn this month');
    assert.ok(hasNumber(b.answer, amazon), b.answer);

    // Netflix exists only in another org: unknown here, never a count of 0 (and nothing of org B shows).
    const c = await ask('How many calls impersonated Netflix this month?');
    assert.match(c.answer, /no brand\b.*\bnamed "netflix"/i);
    assert.ok(!/\b0\b|no call/i.test(c.answer.replace(/"netflix"/i, '')), c.answer);
    assert.ok(!c.answer.includes('777'), c.answer);

    // "mentioning Zelle and Chase": calls whose transcript has both words, not the phrase.
    const d = await ask('Show calls mentioning Zelle and Chase in the last 30 days');
    assert.deepEqual(d.referenced_call_sids, [sid('a03')]);
  });

  it('2. qualifiers: every qualifier reaches the tools, for figures as well as lists, and a follow-up keeps them', async () => {
    const tx = (c: FixtureCall) => /^\+1(214|512)/.test(c.caller_id ?? '');
    const tier1Tx = calls(WINDOWS.d30, (c) => tx(c) && tierOf(c) === 1).length;
    const allTx = calls(WINDOWS.d30, tx).length;
    assert.notEqual(tier1Tx, allTx);
    const a = await ask('How many tier 1 calls from Texas in the last 30 days?');
    assert.ok(
      a.tool_calls.some((t) => JSON.stringify(t.args.caller_state) === '["TX"]'),
      JSON.stringify(a.tool_calls),
    );
    assert.ok(hasNumber(a.answer, tier1Tx), a.answer);

    // A top-N narrowed by a brand: the lures of the Amazon calls only.
    const lures = new Map<string, number>();
    for (const c of calls(WINDOWS.thisMonth, (x) => ex(x).impersonated_brand === 'Amazon'))
      lures.set(String(ex(c).lure_category), (lures.get(String(ex(c).lure_category)) ?? 0) + 1);
    const b = await ask('What lures do Amazon scammers use this month?');
    const topn = b.tool_calls.find((t) => t.name === 'get_topn' && t.args.field === 'lure_category');
    assert.ok(topn && JSON.stringify(topn.args.impersonated_brand).toLowerCase() === '["amazon"]', JSON.stringify(b.tool_calls));
    for (const [label, n] of lures) assert.ok(b.answer.includes(`${label} ${n}`), b.answer);

    // A follow-up narrows the previous answer: "only the Amazon ones" after the lures of the month.
    const session = randomUUID();
    await ask('Which lures did they use this month?', { session_id: session });
    const c = await ask('only the Amazon ones', { session_id: session });
    const call = c.tool_calls.find((t) => t.name === 'get_topn');
    assert.ok(
      call && call.args.field === 'lure_category' && JSON.stringify(call.args.impersonated_brand).toLowerCase() === '["amazon"]',
      JSON.stringify(c.tool_calls),
    );
  });

  it('3. comparisons: "more than 5 minutes" is a threshold, "more … yesterday than the day before" is compared, and windows of different lengths are compared per day', async () => {
    const long = calls(WINDOWS.thisMonth, (c) => c.duration_sec > 300).length;
    const a = await ask('How many calls lasted more than 5 minutes this month?');
    assert.deepEqual(
      a.tool_calls.map((t) => t.name),
      ['get_summary'],
    );
    assert.equal(a.tool_calls[0].args.min_duration_sec, 301);
    assert.ok(hasNumber(a.answer, long), a.answer);

    const y = calls(WINDOWS.yesterday, (c) => tierOf(c) === 1).length;
    const dayBefore = calls(
      { start: new Date('2026-11-18T00:00:00Z'), end: new Date('2026-11-19T00:00:00Z') },
      (c) => tierOf(c) === 1,
    ).length;
    const b = await ask('Did we get more tier 1 calls yesterday than the day before?');
    assert.deepEqual(
      b.tool_calls.map((t) => [t.name, t.args.start, t.args.end]),
      [
        ['get_summary', '2026-11-19T00:00:00Z', '2026-11-20T00:00:00Z'],
        ['get_summary', '2026-11-18T00:00:00Z', '2026-11-19T00:00:00Z'],
      ],
    );
    assert.match(b.answer, new RegExp(`tier-1 calls ${y} vs ${dayBefore}`));

    // One day against seven: said per day, not only as totals.
    const lastWeek = calls(WINDOWS.lastWeek).length;
    const c = await ask('calls yesterday vs last week');
    assert.match(c.answer, /per day/);
    assert.ok(c.answer.includes((lastWeek / 7).toLocaleString('en-US', { maximumFractionDigits: 2 })), c.answer);

    // A month named after "vs" or with its year is the second window, not the period before.
    const d = await ask('calls this month vs. october');
    assert.deepEqual(
      d.tool_calls.map((t) => [t.args.start, t.args.end]),
      [
        ['2026-11-01T00:00:00Z', undefined],
        ['2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z'],
      ],
    );
    assert.match(d.answer, new RegExp(`calls received ${calls(WINDOWS.thisMonth).length} vs ${calls(WINDOWS.lastMonth).length}\\b`));

    // August 2026 has no calls (the fixture starts on Sep 20): its hook rate is none, not 0.0%.
    const e = await ask('hook rate this month compared with August 2026');
    assert.deepEqual(e.tool_calls[1]?.args, { start: '2026-08-01T00:00:00Z', end: '2026-09-01T00:00:00Z' });
    assert.match(e.answer, /hook rate [\d.]+% vs none \(no calls\)/);
    assert.match(e.answer, /no change can be computed/);
    assert.ok(!/vs 0\.0%/.test(e.answer), e.answer);
  });

  it('4. time phrases: weekdays, a fortnight, "lately" said out loud, and an unknown phrase reported instead of a silent 7 days', async () => {
    // NOW is Friday 2026-11-20 14:00 UTC: "since Monday" starts 2026-11-16.
    const a = await ask('How many calls since Monday?');
    assert.equal(a.tool_calls[0]?.args.start, '2026-11-16T00:00:00Z');
    assert.ok(hasNumber(a.answer, calls(WINDOWS.thisWeek).length), a.answer);

    const b = await ask('How many calls in the last fortnight?');
    assert.equal(b.tool_calls[0]?.args.range, '14d');
    assert.ok(hasNumber(b.answer, calls(WINDOWS.d14).length), b.answer);

    const c = await ask('What is the hook rate lately?');
    assert.match(c.answer, /"lately" as the last 7 days/);

    const d = await ask('How many calls since the holidays?');
    assert.match(d.answer, /could not read "since the holidays" as a time window/);
    assert.equal(d.tool_calls.length, 0, 'no figure for another window');
    // A window read beside words no rule read ("this week", not "in the evenings"): still no figure.
    const e = await ask('What was the hook rate in the evenings this week?');
    assert.match(e.answer, /could not read "in the evenings"/);
    assert.equal(e.tool_calls.length, 0);
  });

  it('5. typos and paraphrase: misspelt questions are read, and a content question searches the transcripts', async () => {
    const a = await ask('hw many calsl today');
    assert.equal(a.tool_calls[0]?.name, 'get_summary');
    assert.ok(hasNumber(a.answer, calls(WINDOWS.today).length), a.answer);

    const b = await ask('whats the hok rate this wek');
    assert.equal(b.tool_calls[0]?.name, 'get_summary');
    assert.match(b.answer, /hook rate \d+\.\d%/);

    // "told the victim to buy an Apple gift card": what was said, searched in the transcripts.
    const c = await ask('which calls told the victim to buy an apple gift card this month?');
    const search = c.tool_calls.find((t) => t.name === 'search_calls');
    assert.ok(search && String(search.args.q).includes('gift card'), JSON.stringify(c.tool_calls));
    assert.deepEqual(c.referenced_call_sids, [sid('a01')]);
  });

  it('6. missing intents: busiest day, persona breakdown, share of calls, Canadian / toll-free numbers, values seen in more than one call', async () => {
    const month = calls(WINDOWS.thisMonth);
    const perDay = new Map<string, number>();
    for (const c of month) perDay.set(c.started_at.slice(0, 10), (perDay.get(c.started_at.slice(0, 10)) ?? 0) + 1);
    const most = Math.max(...perDay.values());
    const a = await ask('What was the busiest day this month?');
    assert.equal(a.tool_calls[0]?.name, 'get_timeseries');
    assert.match(a.answer, new RegExp(`busiest day .* with ${most} calls`));

    const personas = new Map<string, number>();
    for (const c of calls(WINDOWS.d7)) personas.set(c.persona, (personas.get(c.persona) ?? 0) + 1);
    const b = await ask('Give me a breakdown of calls by persona');
    for (const [p, n] of personas) assert.ok(b.answer.includes(`${p} ${n}`), b.answer);

    const hc = month.filter((c) => (c.extraction?.auditor_confidence ?? 0) >= 0.7).length;
    const c = await ask('What share of calls were high-confidence this month?');
    assert.ok(c.answer.includes(`${hc} of ${month.length}`) && c.answer.includes(`${((hc / month.length) * 100).toFixed(1)}%`), c.answer);

    // +1 416 is Toronto, +1 800 toll-free: neither has a US state, both are counted by origin.
    const d = await ask('How many calls came from Canadian numbers this month?');
    assert.ok(
      d.tool_calls.some((t) => JSON.stringify(t.args.caller_origin) === '["canada"]'),
      JSON.stringify(d.tool_calls),
    );
    assert.ok(hasNumber(d.answer, month.filter((x) => x.caller_id?.startsWith('+1416')).length), d.answer);
    const e = await ask('any calls from toll-free numbers this week?');
    assert.deepEqual(e.referenced_call_sids, [sid('a05')]);

    // Values seen in two or more calls: Apple gift cards (a01, a10, a17 in the last 30 days).
    const f = await ask('Which gift card brands were seen in 2 or more calls in the last 30 days?');
    const apple = calls(WINDOWS.d30, (x) => ex(x).gift_card_brand === 'Apple').length;
    assert.ok(f.answer.includes(`Apple (${apple} calls)`), f.answer);
    assert.ok(!f.answer.includes('Google Play'), f.answer);
  });

  it('7. answers: listed calls get transcript sources, times are written out, a panel is summarised, and the stream has several deltas', async () => {
    const a = await ask('Show me the tier 1 calls from this week');
    assert.ok(a.referenced_call_sids.length > 0);
    const transcripts = a.sources.filter((s) => s.type === 'transcript').map((s) => s.ref.call_sid);
    assert.deepEqual(transcripts, a.referenced_call_sids);
    assert.ok(!/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z/.test(a.answer), a.answer);
    assert.match(a.answer, /Fri Nov 20, 2026 13:30 UTC/);

    // "Explain" on a 30-day chart: its shape and total, not thirty-one points.
    const b = await ask('Explain this chart', { context_chart_id: 'timeseries:calls', dashboard_range: '30d' });
    assert.ok((b.answer.match(/\d{4}-\d{2}-\d{2}/g) ?? []).length <= 4, b.answer);
    assert.ok(b.answer.includes(`Total: ${calls(WINDOWS.d30).length}`), b.answer);

    const res = await askRaw(w.app, w.keyA, { question: 'How many calls are active right now?' }, '/api/agent/ask-stream');
    const events = res.json().events as Array<{ type: string; text?: string; answer?: { answer: string } }>;
    const deltas = events.filter((e) => e.type === 'answer_delta');
    assert.ok(deltas.length > 1, JSON.stringify(deltas));
    assert.equal(deltas.map((d) => d.text).join(''), events[events.length - 1].answer!.answer);
  });
});

describe('issue 12 — classes found later', () => {
  const asksOf = (cs: FixtureCall[]) => cs.flatMap((c) => c.extraction?.dollar_asks ?? []);
  const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

  it('8. dollar asks: "the average ask" is the mean of the single asks, "how many asks" counts asks, "per call" divides by calls, and an amount without $ bounds single asks', async () => {
    const gift = asksOf(calls(WINDOWS.d7, (c) => ex(c).payment_method === 'gift_card'));
    const giftTotal = gift.reduce((a, b) => a + b, 0);
    const a = await ask("What's the average dollar ask for gift card scams?");
    assert.ok(a.answer.includes(money(giftTotal / gift.length)), a.answer);
    assert.match(a.answer, /average \(mean\) ask/);

    const month = asksOf(calls(WINDOWS.thisMonth));
    const b = await ask('how much did they ask for on average this month');
    assert.ok(b.answer.includes(money(month.reduce((x, y) => x + y, 0) / month.length)), b.answer);
    const c = await ask('how many dollar asks this month');
    assert.ok(hasNumber(c.answer, month.length) && /single dollar asks/.test(c.answer), c.answer);

    // Per call: the total over every call of the window, asks or not.
    const d = await ask("what's the average ask per call this month");
    assert.ok(d.answer.includes(money(month.reduce((x, y) => x + y, 0) / calls(WINDOWS.thisMonth).length)), d.answer);

    // "over 1k" after "individual asks" is a dollar amount.
    const e = await ask('how many individual asks were over 1k this month');
    assert.ok(hasNumber(e.answer, month.filter((x) => x > 1000).length), e.answer);
    assert.deepEqual(e.tool_calls[0]?.args.filters, [['gt', 'dollar_ask', 1000]]);
  });

  it('9. comparisons of named periods: two month names are the two windows (the current month up to now), and "the week of Oct 5" is that calendar week', async () => {
    const oct = win('2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z');
    const sep = win('2026-09-01T00:00:00Z', '2026-10-01T00:00:00Z');
    for (const q of ['compare october and november', 'october vs november']) {
      const a = await ask(q);
      assert.deepEqual(
        a.tool_calls.map((t) => [t.args.start, t.args.end]),
        [
          ['2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z'],
          ['2026-11-01T00:00:00Z', undefined],
        ],
        q,
      );
      assert.match(a.answer, new RegExp(`calls received ${calls(oct).length} vs ${calls(WINDOWS.thisMonth).length}\\b`));
    }
    const b = await ask('how did september compare to october');
    assert.match(b.answer, new RegExp(`calls received ${calls(sep).length} vs ${calls(oct).length}\\b`));

    // Oct 5, 2026 is a Monday: its week runs to Oct 12.
    const weekOf = win('2026-10-05T00:00:00Z', '2026-10-12T00:00:00Z');
    const c = await ask('calls this week vs the week of Oct 5');
    assert.deepEqual(c.tool_calls[1]?.args, { start: '2026-10-05T00:00:00Z', end: '2026-10-12T00:00:00Z' });
    assert.match(c.answer, new RegExp(`calls received ${calls(WINDOWS.thisWeek).length} vs ${calls(weekOf).length}\\b`));
  });

  it('10. rankings from the bottom: "least common", "fewest" name the rarest values (ties together), and superlative words are never read as values or typos', async () => {
    const tally = (win: W, field: string) => {
      const m = new Map<string, number>();
      for (const c of calls(win, (x) => typeof ex(x)[field] === 'string'))
        m.set(String(ex(c)[field]), (m.get(String(ex(c)[field])) ?? 0) + 1);
      const low = Math.min(...m.values());
      return { low, rarest: [...m].filter(([, n]) => n === low).map(([v]) => v) };
    };
    const month = tally(WINDOWS.thisMonth, 'impersonated_brand');
    assert.equal(month.rarest.length, 1);
    const a = await ask('what was the least common brand this month');
    assert.match(a.answer, new RegExp(`least frequent impersonated brand .* is ${month.rarest[0]}, with ${month.low} call`));

    const week = tally(WINDOWS.lastWeek, 'impersonated_brand');
    assert.ok(week.rarest.length > 1);
    const b = await ask('which brand had the fewest calls last week');
    assert.match(b.answer, /tied for the least frequent/);
    for (const v of week.rarest) assert.ok(b.answer.split('.')[0].includes(v), b.answer);

    // "fewest" is no brand, and "weekday" is no typo of "weekly".
    const c = await ask('which day had the fewest calls this week');
    assert.equal(c.tool_calls[0]?.name, 'get_timeseries');
    assert.match(c.answer, /quietest day/);
    const d = await ask('which weekday is busiest');
    assert.match(d.answer, /busiest day of the week/);
  });

  it('11. averages per unit of time: "average calls per day" is the total over the days of the window, not the list of days', async () => {
    const avg = (n: number, d: number) => (n / d).toLocaleString('en-US', { maximumFractionDigits: 2 });
    const a = await ask('average calls per day last month');
    assert.equal(a.tool_calls[0]?.name, 'get_summary');
    assert.match(a.answer, new RegExp(`an average of ${avg(calls(WINDOWS.lastMonth).length, 31)} per day`));
    const b = await ask('how many calls on average per day in the last 30 days');
    assert.match(b.answer, new RegExp(`an average of ${avg(calls(WINDOWS.d30).length, 30)} per day`));
    // This week so far: 4 days and 14 hours, and the 5 calendar days it touches.
    const c = await ask("what's the daily average of calls this week");
    const week = calls(WINDOWS.thisWeek).length;
    assert.ok(
      c.answer.includes(`an average of ${avg(week, 4 + 14 / 24)} per day`) && c.answer.includes(`${avg(week, 5)} per calendar day`),
      c.answer,
    );
  });

  it('12. ties: several busiest (or quietest) buckets are said to be tied, each named, not one of them as the busiest', async () => {
    const perDay = new Map<string, number>();
    for (const c of calls(WINDOWS.thisMonth)) perDay.set(c.started_at.slice(0, 10), (perDay.get(c.started_at.slice(0, 10)) ?? 0) + 1);
    const most = Math.max(...perDay.values());
    const top = [...perDay].filter(([, n]) => n === most).map(([d]) => d);
    assert.ok(top.length > 1);
    const a = await ask('What was the busiest day this month?');
    assert.match(a.answer, new RegExp(`busiest day .* is a tie between ${top.length}, with ${most} calls each`));
    for (const d of top) assert.ok(a.answer.includes(`Nov ${Number(d.slice(8))}, 2026`), a.answer);
  });

  it('13. negation: "not cleanly closed", "no extraction", "not tier 1", "not about Amazon", "didn\'t ask for gift cards" count the calls lacking the property (all minus those having it), never those having it', async () => {
    const month = calls(WINDOWS.thisMonth);
    const lacking = (keep: (c: FixtureCall) => boolean) => month.filter((c) => !keep(c)).length;
    const cases: Array<[string, number]> = [
      ['how many calls were not cleanly closed this month', lacking((c) => c.cleanly_closed === true)],
      ['how many calls this month had no extraction', lacking((c) => c.extraction !== null)],
      ['how many calls this month did not have a high confidence insight', lacking((c) => (c.extraction?.auditor_confidence ?? 0) >= 0.7)],
      ['calls this month that had no tier', lacking((c) => tierOf(c) !== null)],
      ['how many calls this month were not tier 2', lacking((c) => tierOf(c) === 2)],
      ['how many calls were not about Amazon this month', lacking((c) => ex(c).impersonated_brand === 'Amazon')],
      ["how many calls didn't ask for gift cards this month", lacking((c) => ex(c).payment_method === 'gift_card')],
      ['number of calls this month that were not from texas', lacking((c) => /^\+1(214|512)/.test(c.caller_id ?? ''))],
    ];
    for (const [q, n] of cases) {
      const having = month.length - n;
      assert.ok(n !== having, q);
      const a = await ask(q);
      assert.ok(a.answer.includes(`${n} of the ${month.length} calls`), `${q}: ${a.answer}`);
      assert.ok(a.answer.includes(`minus the ${having} call`), `${q}: ${a.answer}`);
    }
    // No intel at all is exact as a filter (has_intel false), like "not hooked".
    const noIntel = await ask('calls this month with no intel');
    assert.equal(noIntel.tool_calls[0]?.args.has_intel, false, noIntel.answer);
    assert.ok(hasNumber(noIntel.answer, lacking(hasIntel)), noIntel.answer);
    // "never" is a negation too: the not-hooked filter, not the hooked calls.
    const b = await ask('how many calls never got hooked this month');
    assert.equal(b.tool_calls[0]?.args.hooked, false);
    assert.ok(hasNumber(b.answer, month.filter((c) => !(c.duration_sec >= 15 && tierOf(c) !== null)).length), b.answer);
    // What no tool gives for the calls lacking a value is said to be out of reach, with their count.
    const c = await ask('which brands were impersonated in calls not from texas this month');
    assert.match(c.answer, /^I can't give the impersonated brands for only the calls not from texas/);
  });

  it('14. yes/no questions start with a plain Yes, No or "They were equal", from the figures the answer shows', async () => {
    const [week, last] = [calls(WINDOWS.thisWeek).length, calls(WINDOWS.lastWeek).length];
    assert.notEqual(week, last);
    const a = await ask('were there more calls this week than last week?');
    assert.match(a.answer, week > last ? /^Yes\b/ : /^No\b/);
    const b = await ask('were there fewer calls this week than last week?');
    assert.match(b.answer, week < last ? /^Yes\b/ : /^No\b/);

    // "did the hook rate go up?": this month against last month.
    const rate = (win: W) => calls(win, (c) => c.duration_sec >= 15 && tierOf(c) !== null).length / calls(win).length;
    assert.notEqual(rate(WINDOWS.thisMonth), rate(WINDOWS.lastMonth));
    const c = await ask('did the hook rate go up this month?');
    assert.deepEqual(
      c.tool_calls.map((t) => t.args.start),
      ['2026-11-01T00:00:00Z', '2026-10-01T00:00:00Z'],
    );
    assert.match(c.answer, rate(WINDOWS.thisMonth) > rate(WINDOWS.lastMonth) ? /^Yes\b/ : /^No\b/);

    // "is Amazon the most impersonated brand?": the whole ranking, not the Amazon calls alone.
    const brands = new Map<string, number>();
    for (const x of calls(WINDOWS.thisMonth, (x) => typeof ex(x).impersonated_brand === 'string'))
      brands.set(String(ex(x).impersonated_brand), (brands.get(String(ex(x).impersonated_brand)) ?? 0) + 1);
    const top = Math.max(...brands.values());
    const d = await ask('is Amazon the most impersonated brand this month?');
    assert.equal(d.tool_calls[0]?.args.impersonated_brand, undefined);
    assert.match(d.answer, brands.get('Amazon') === top ? /^Yes\b/ : /^No\b/);
    const e = await ask('is PayPal the top brand this month?');
    assert.match(e.answer, brands.get('PayPal') === top ? /^Yes\b/ : /^No\b/);
  });

  it('15. ties and grammar: a ranking of states says when several share the top count, and one call is "1 call", never "1 calls"', async () => {
    const geo = refGeo(ORG_A_CALLS, WINDOWS.d14);
    const top = geo.filter((g) => g.count === geo[0].count).map((g) => g.state);
    assert.ok(top.length > 1);
    const a = await ask('which state had the most calls in the last 14 days');
    const lead = a.answer.split('. ')[0];
    assert.match(lead, new RegExp(`tied for the most calls .*with ${geo[0].count} calls each`));
    for (const st of top) assert.ok(lead.includes(st), a.answer);

    const perHour = new Map<string, number>();
    for (const c of calls(WINDOWS.today)) perHour.set(c.started_at.slice(0, 13), (perHour.get(c.started_at.slice(0, 13)) ?? 0) + 1);
    assert.equal(Math.max(...perHour.values()), 1);
    const b = await ask('what was the busiest hour today');
    assert.match(b.answer, /with 1 call each/);
    for (const q of ['what was the busiest hour today', 'busiest day last month', 'which state had the most calls today']) {
      const c = await ask(q);
      assert.ok(!/(?<![\d.,])1 (?:calls|hooked calls|tier-1 calls)\b/.test(c.answer), `${q}: ${c.answer}`);
    }
  });

  it("16. the mean ask compared between windows: each window's mean single ask (total asked ÷ number of asks), not the totals", async () => {
    const usd = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    const meanAsk = (win: W) => {
      const asks = calls(win).flatMap((c) => c.extraction?.dollar_asks ?? []);
      return asks.reduce((a, b) => a + b, 0) / asks.length;
    };
    const a = await ask('average ask this month vs last month');
    assert.ok(a.answer.includes(`${usd(meanAsk(WINDOWS.thisMonth))} vs ${usd(meanAsk(WINDOWS.lastMonth))}`), a.answer);
    const b = await ask('compare the mean dollar ask this week with last week');
    assert.ok(b.answer.includes(`${usd(meanAsk(WINDOWS.thisWeek))} vs ${usd(meanAsk(WINDOWS.lastWeek))}`), b.answer);
  });

  it('17. yes/no against a number: "any …?" and "more than / at least / above N" start with Yes or No from the figure given, never a comparison with another window', async () => {
    const hooked = (c: FixtureCall) => c.duration_sec >= 15 && tierOf(c) !== null;
    const tx = (c: FixtureCall) => /^\+1(214|512)/.test(c.caller_id ?? '');
    const yes = (b: boolean) => (b ? /^Yes\b/ : /^No\b/);

    const t1 = calls(WINDOWS.today, (c) => tierOf(c) === 1).length;
    const a = await ask('did we get any tier 1 calls today?');
    assert.match(a.answer, yes(t1 > 0));
    assert.ok(hasNumber(a.answer, t1), a.answer);
    const b = await ask('were there any calls from texas yesterday?');
    assert.match(b.answer, yes(calls(WINDOWS.yesterday, tx).length > 0));
    const c = await ask('were there any calls over 5 minutes today?');
    assert.match(c.answer, yes(calls(WINDOWS.today, (x) => x.duration_sec > 300).length > 0));

    const today = calls(WINDOWS.today).length;
    const d = await ask(`were there more than ${today + 2} calls today?`);
    assert.match(d.answer, /^No\b/);
    assert.ok(hasNumber(d.answer, today), d.answer);
    assert.equal(d.tool_calls.length, 1, JSON.stringify(d.tool_calls));
    const week1 = calls(WINDOWS.thisWeek, (x) => tierOf(x) === 1).length;
    const e = await ask(`did we get at least ${week1} tier 1 calls this week?`);
    assert.match(e.answer, /^Yes\b/);
    const f = await ask(`did we get at least ${week1 + 1} tier 1 calls this week?`);
    assert.match(f.answer, /^No\b/);
    const hookedToday = calls(WINDOWS.today, hooked).length;
    const g = await ask(`were there fewer than ${hookedToday + 1} hooked calls today?`);
    assert.match(g.answer, /^Yes\b/);

    const rate = calls(WINDOWS.d7, hooked).length / calls(WINDOWS.d7).length;
    const h = await ask('is the hook rate above 50%?');
    assert.match(h.answer, yes(rate > 0.5));
    const i = await ask(`is the hook rate below ${Math.round(rate * 100) - 5}%?`);
    assert.match(i.answer, /^No\b/);
  });

  it('18. "did it go up or down?" starts with Up, Down or Unchanged from the two windows shown (the one named against the one before)', async () => {
    const dir = (a: number, b: number) => (a > b ? /^Up\b/ : a < b ? /^Down\b/ : /^Unchanged\b/);
    const week = calls(WINDOWS.thisWeek).length;
    const last = calls(WINDOWS.lastWeek).length;
    const a = await ask('did calls go up or down this week?');
    assert.deepEqual(
      a.tool_calls.map((t) => t.args.start),
      ['2026-11-16T00:00:00Z', '2026-11-09T00:00:00Z'],
    );
    assert.match(a.answer, dir(week, last));
    const rate = (win: W) => calls(win, (c) => c.duration_sec >= 15 && tierOf(c) !== null).length / calls(win).length;
    const b = await ask('did the hook rate go up or down this month?');
    assert.match(b.answer, dir(rate(WINDOWS.thisMonth), rate(WINDOWS.lastMonth)));
    const t1 = (win: W) => calls(win, (c) => tierOf(c) === 1).length;
    const c = await ask('did tier 1 calls rise or fall yesterday?');
    assert.match(c.answer, dir(t1(WINDOWS.yesterday), t1(win('2026-11-18T00:00:00Z', '2026-11-19T00:00:00Z'))));
  });

  it('19. a ranking "other than" a value: "top brands other than Amazon" ranks the rest of the field and leaves that value out, saying so', async () => {
    const brands = new Map<string, number>();
    for (const x of calls(WINDOWS.thisMonth, (x) => typeof ex(x).impersonated_brand === 'string'))
      brands.set(String(ex(x).impersonated_brand), (brands.get(String(ex(x).impersonated_brand)) ?? 0) + 1);
    const rest = [...brands].filter(([b]) => b !== 'Amazon').sort((a, b) => b[1] - a[1]);
    assert.ok(rest.length >= 2 && rest[0][1] > rest[1][1]);
    for (const q of ['top brands other than Amazon this month', 'which brands were impersonated most this month, excluding amazon']) {
      const a = await ask(q);
      assert.equal(a.tool_calls.length, 1, JSON.stringify(a.tool_calls));
      assert.equal(a.tool_calls[0].name, 'get_topn');
      const [lead, ...more] = a.answer.split('. ');
      assert.match(lead, new RegExp(`other than Amazon .* is ${rest[0][0]}$`), a.answer);
      const list = more.join('. ').split(': ')[1] ?? '';
      assert.ok(
        list.startsWith(
          rest
            .map(([b, n]) => `${b} ${n} `)
            .join('')
            .split(' ')
            .slice(0, 2)
            .join(' '),
        ),
        a.answer,
      );
      assert.ok(!/\bAmazon \d/.test(list.split('.')[0]), a.answer);
      assert.match(a.answer, new RegExp(`Amazon \\(${brands.get('Amazon')} calls\\) is left out`));
    }
  });

  it('20. states from the bottom: "which state had the fewest calls" names the state(s) with the fewest among those with a call, and says a state with none is not listed', async () => {
    for (const [q, wnd] of [
      ['which state had the fewest calls this month', WINDOWS.thisMonth],
      ['least common state for callers in the last 30 days', WINDOWS.d30],
    ] as const) {
      const geo = refGeo(ORG_A_CALLS, wnd);
      const low = Math.min(...geo.map((g) => g.count));
      const bottom = geo.filter((g) => g.count === low).map((g) => g.state);
      const a = await ask(q);
      const lead = a.answer.split('. ')[0];
      assert.match(lead, /fewest calls/, a.answer);
      for (const st of bottom) assert.ok(lead.startsWith(st) || lead.includes(` ${st} `), a.answer);
      assert.ok(lead.endsWith(`${low} ${low === 1 ? 'call' : 'calls'}`) || lead.includes(`with ${low} call`), a.answer);
      assert.match(a.answer, /at least one call/);
    }
  });

  it('21. grammar of counts: one call is "was a call", "was tier-1", "only 1 call" in shares and listings, never "1 of N calls were" or "the 1 longest calls"', async () => {
    const tx = (c: FixtureCall) => /^\+1(214|512)/.test(c.caller_id ?? '');
    const txY = calls(WINDOWS.yesterday, tx).length;
    const allY = calls(WINDOWS.yesterday).length;
    assert.equal(txY, 1);
    const a = await ask('what share of calls were from texas yesterday');
    assert.ok(a.answer.includes(`1 of ${allY} calls was a call from TX`), a.answer);
    const t1 = calls(WINDOWS.yesterday, (c) => tierOf(c) === 1).length;
    assert.equal(t1, 1);
    const b = await ask('what share of calls yesterday were tier 1');
    assert.ok(b.answer.includes(`1 of ${allY} calls was tier-1`), b.answer);
    const fl = calls(WINDOWS.thisMonth, (c) => /^\+1305/.test(c.caller_id ?? ''));
    assert.equal(fl.length, 1);
    const c = await ask('show the 3 longest calls from florida this month');
    assert.ok(!/\b1 longest calls\b/.test(c.answer), c.answer);
    assert.match(c.answer, /only 1 call\b/);
    assert.deepEqual(c.referenced_call_sids, [fl[0].call_sid]);
  });

  it('22. date ranges: "between" and "through" hold the end day, "from … to" keeps the API\'s exclusive end, and the answer\'s window gives its end as an instant (00:00 UTC), not a day it might hold', async () => {
    const oct = calls(win('2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z')).length;
    const toOct31 = calls(win('2026-10-01T00:00:00Z', '2026-10-31T00:00:00Z')).length;
    assert.notEqual(oct, toOct31);
    for (const q of ['how many calls between Oct 1 and Oct 31', 'how many calls from Oct 1 through Oct 31', 'calls oct 1 thru oct 31']) {
      const a = await ask(q);
      assert.ok(hasNumber(a.answer, oct), `${q}: ${a.answer}`);
      assert.match(a.answer, /Oct 1, 2026 to Nov 1, 2026 00:00 UTC/);
    }
    const b = await ask('how many calls from Oct 1 to Oct 31');
    assert.ok(hasNumber(b.answer, toOct31), b.answer);
    assert.match(b.answer, /Oct 1, 2026 to Oct 31, 2026 00:00 UTC/);
    const c = await ask('how many calls yesterday');
    assert.match(c.answer, /\(Nov 19, 2026 to Nov 20, 2026 00:00 UTC\)/);
  });

  it('23. single asks of at least an amount: "individual asks were $1k or more", "single asks of 500 dollars or more" count the asks of that much, not the calls asking that much in all', async () => {
    const asks = (wnd: W, min: number) =>
      calls(wnd)
        .flatMap((c) => c.extraction?.dollar_asks ?? [])
        .filter((a) => a >= min).length;
    for (const [q, wnd, min] of [
      ['how many individual dollar asks were $1k or more this month', WINDOWS.thisMonth, 1000],
      ['how many single asks of 500 dollars or more in the last 30 days', WINDOWS.d30, 500],
    ] as const) {
      const n = asks(wnd, min);
      const a = await ask(q);
      // Each single ask is compared (a `dollar_ask` filter), not a call's total asked.
      assert.deepEqual(a.tool_calls[0]?.args.filters, [['gte', 'dollar_ask', min]], JSON.stringify(a.tool_calls));
      assert.ok(!a.tool_calls.some((t) => 'min_dollars_asked' in t.args), JSON.stringify(a.tool_calls));
      assert.ok(hasNumber(a.answer, n), `${q}: ${a.answer}`);
    }
  });

  it('24. database commands inside a question are left out and said to be, and the rest is answered; a command alone is still declined', async () => {
    const today = calls(WINDOWS.today).length;
    for (const q of ["'; drop table calls; -- how many calls today", 'how many calls today; delete from calls']) {
      const a = await ask(q);
      assert.ok(hasNumber(a.answer, today), `${q}: ${a.answer}`);
      assert.match(a.answer, /left out "(?:drop table calls|delete from calls)"/);
    }
    const b = await ask('drop table calls;');
    assert.equal(b.tool_calls.length, 0);
  });

  it('25. "non-hooked" before a value keeps the value: "non-hooked microsoft calls" counts the Microsoft calls that were not hooked, not every call not hooked', async () => {
    const hooked = (c: FixtureCall) => c.duration_sec >= 15 && tierOf(c) !== null;
    for (const [q, brand] of [
      ['how many non-hooked microsoft calls this month', 'Microsoft'],
      ['how many non hooked amazon calls this month', 'Amazon'],
    ] as const) {
      const n = calls(WINDOWS.thisMonth, (c) => ex(c).impersonated_brand === brand && !hooked(c)).length;
      assert.notEqual(n, calls(WINDOWS.thisMonth, (c) => !hooked(c)).length);
      const a = await ask(q);
      assert.ok(hasNumber(a.answer, n), `${q}: ${a.answer}`);
      assert.ok(
        a.tool_calls.some(
          (t) =>
            t.args.hooked === false &&
            JSON.stringify(t.args.impersonated_brand ?? [])
              .toLowerCase()
              .includes(brand.toLowerCase()),
        ),
        JSON.stringify(a.tool_calls),
      );
    }
  });

  it('26. intel a call gave: "with a mule bank account", "gave a crypto wallet", "had a phishing url" filter on that intel; "did not give a crypto wallet", "had no mule bank account", "without a phishing link" count all calls minus those with it, never every call', async () => {
    const having = (win: W, field: string) => calls(win, (c) => ex(c)[field] != null).length;
    const hasArgs = (a: Answer) => a.tool_calls.map((t) => t.args.has ?? null);
    const month = calls(WINDOWS.thisMonth).length;
    const wallets = having(WINDOWS.thisMonth, 'crypto_wallet_address');
    const accounts = having(WINDOWS.thisMonth, 'mule_bank_account_number');
    assert.ok(wallets > 0 && accounts > 0 && wallets !== month);

    const a = await ask('how many calls gave a crypto wallet this month');
    assert.deepEqual(hasArgs(a)[0], ['crypto_wallet_address']);
    assert.match(a.answer, new RegExp(`\\b${wallets} calls? with a crypto wallet\\b`));

    const b = await ask('how many calls with a mule bank account this month');
    assert.deepEqual(hasArgs(b)[0], ['mule_bank_account_number']);
    assert.match(b.answer, new RegExp(`\\b${accounts} calls? with a mule account number\\b`));

    const c = await ask('how many calls had a phishing url this week');
    assert.deepEqual(hasArgs(c)[0], ['phishing_url']);

    const d = await ask('how many calls did not give a crypto wallet this month');
    assert.deepEqual(hasArgs(d), [null, ['crypto_wallet_address']]);
    assert.match(d.answer, new RegExp(`\\b${month - wallets} of the ${month} calls were not calls with a crypto wallet\\b`));

    const e = await ask('how many calls had no mule bank account this month');
    assert.deepEqual(hasArgs(e), [null, ['mule_bank_account_number']]);
    assert.match(e.answer, new RegExp(`\\b${month - accounts} of the ${month} calls\\b`));

    const week = calls(WINDOWS.thisWeek).length;
    const f = await ask('calls without a phishing link this week');
    assert.deepEqual(hasArgs(f), [null, ['phishing_url']]);
    assert.match(f.answer, new RegExp(`\\b${week - having(WINDOWS.thisWeek, 'phishing_url')} of the ${week} calls\\b`));
  });

  it('27. the runners-up of a busiest hour or day have calls: an empty hour is never named "next"', async () => {
    for (const [q, win] of [
      ['what was the busiest hour today', WINDOWS.today],
      ['busiest hour in the last 7 days', WINDOWS.d7],
      ['which day this month was busiest', WINDOWS.thisMonth],
    ] as const) {
      const a = await ask(q);
      assert.match(a.answer, /busiest/, `${q}: ${a.answer}`);
      const next = /; next: (.*)\.$/.exec(a.answer)?.[1] ?? '';
      assert.ok(!/\(0\)/.test(next), `${q}: ${a.answer}`);
      // Each runner-up named has calls in the window (its count is a positive number).
      for (const m of next.matchAll(/\((\d[\d,]*)\)/g)) assert.ok(Number(m[1].replace(/,/g, '')) > 0, `${q}: ${a.answer}`);
      assert.ok(calls(win).length > 0);
    }
  });

  it('28. a value the field before it explains: "payment methods other than gift cards", "excluding gift cards" rank payment methods with gift cards left out, never gift card brands or only gift cards', async () => {
    const byMethod = new Map<string, number>();
    for (const c of calls(WINDOWS.thisMonth)) {
      const m = ex(c).payment_method as string | undefined;
      if (m && m !== 'gift_card') byMethod.set(m, (byMethod.get(m) ?? 0) + 1);
    }
    const top = Math.max(...byMethod.values());
    const leaders = [...byMethod].filter(([, n]) => n === top).map(([m]) => m);
    assert.ok(leaders.length >= 1 && top > 0);
    for (const q of [
      'which payment methods other than gift cards were used this month',
      'top payment methods this month excluding gift cards',
      'payment methods except gift cards this month',
    ]) {
      const a = await ask(q);
      const topn = a.tool_calls.find((t) => t.name === 'get_topn');
      assert.equal(topn?.args.field, 'payment_method', `${q}: ${JSON.stringify(a.tool_calls)}`);
      assert.ok(!a.tool_calls.some((t) => t.args.payment_method), `${q}: ${JSON.stringify(a.tool_calls)}`);
      assert.match(a.answer, /other than gift_card/, `${q}: ${a.answer}`);
      assert.ok(
        leaders.some((m) => a.answer.includes(`${m} ${top} (`)),
        `${q}: ${a.answer}`,
      );
    }
  });

  it('29. a token named with its chain: "usdt on tron", "tether on tron" filter on the TRON chain (they were declined)', async () => {
    const tron = calls(WINDOWS.d30, (c) => String(ex(c).crypto_chain ?? '').toUpperCase() === 'TRON').length;
    assert.ok(tron > 0);
    for (const q of [
      'did any scammer ask for usdt on tron in the last 30 days?',
      'how many calls asked for tether on tron in the last 30 days',
    ]) {
      const a = await ask(q);
      assert.ok(
        a.tool_calls.some((t) => JSON.stringify(t.args.crypto_chain) === '["tron"]' || t.args.field === 'crypto_chain'),
        `${q}: ${JSON.stringify(a.tool_calls)}`,
      );
      assert.ok(hasNumber(a.answer, tron), `${q}: ${a.answer}`);
    }
    assert.match((await ask('did any scammer ask for usdt on tron in the last 30 days?')).answer, /^Yes\b/);
  });

  it('30. movers: "which brands are rising fastest", "which payment methods dropped the most" rank the values by their change in calls (per day when the windows differ in length), biggest first', async () => {
    const countsIn = (x: W, field: string) => {
      const m = new Map<string, number>();
      for (const c of calls(x)) {
        const v = ex(c)[field];
        if (typeof v === 'string') m.set(v, (m.get(v) ?? 0) + 1);
      }
      return m;
    };
    const days = (x: W) => (x.end.getTime() - x.start.getTime()) / 86_400_000;
    /** The values in order of their change from `early` to `late`, rising (or falling) only. */
    const movers = (field: string, late: W, early: W, falling: boolean, perDay: boolean) => {
      const [a, b] = [countsIn(late, field), countsIn(early, field)];
      const [dl, de] = perDay ? [days(late), days(early)] : [1, 1];
      return [...new Set([...a.keys(), ...b.keys()])]
        .map((v) => ({ v, d: (a.get(v) ?? 0) / dl - (b.get(v) ?? 0) / de }))
        .filter((r) => (falling ? r.d < 0 : r.d > 0))
        .sort((x, y) => Math.abs(y.d) - Math.abs(x.d) || x.v.localeCompare(y.v))
        .map((r) => r.v);
    };
    const order = (answer: string, values: string[], all: string[]) => {
      const at = values.map((v) => answer.indexOf(`${v} ${answer.includes(`${v} -`) ? '-' : '+'}`));
      assert.ok(
        at.every((i) => i >= 0),
        `${values.join(', ')}: ${answer}`,
      );
      assert.deepEqual(
        at,
        [...at].sort((x, y) => x - y),
        `biggest change first: ${answer}`,
      );
      for (const v of all.filter((x) => !values.includes(x)))
        assert.ok(!new RegExp(`\\b${v} [+-]`).test(answer), `${v} is not listed: ${answer}`);
    };
    const brands = ['Amazon', 'Microsoft', 'PayPal', 'Apple'];

    // The last 7 days against the 7 days before them.
    const prev7 = win(new Date(WINDOWS.d7.start.getTime() - 7 * 86_400_000).toISOString(), WINDOWS.d7.start);
    const up = movers('impersonated_brand', WINDOWS.d7, prev7, false, false);
    assert.ok(up.length >= 2 && up.length < brands.length, 'some brands rose, one did not');
    const a = await ask('which brands are rising fastest?');
    assert.deepEqual(
      a.tool_calls.map((t) => t.name),
      ['get_topn', 'get_topn'],
    );
    order(a.answer, up, brands);
    assert.equal(movers('impersonated_brand', WINDOWS.d7, prev7, true, false).length, 0);
    assert.match((await ask('which brands dropped the most in the last 7 days')).answer, /^No impersonated brand had fewer calls\b/);

    // This week so far (4.6 days) against all of last week: by calls per day, not by totals.
    const perDay = movers('impersonated_brand', WINDOWS.thisWeek, WINDOWS.lastWeek, false, true);
    assert.notDeepEqual(
      perDay,
      movers('impersonated_brand', WINDOWS.thisWeek, WINDOWS.lastWeek, false, false),
      'per day differs from totals',
    );
    const b = await ask('which brands grew the most from last week to this week');
    order(b.answer, perDay, brands);
    assert.match(b.answer, /per day/);

    // Falling, over two named weeks.
    const down = movers('payment_method', WINDOWS.lastWeek, WINDOWS.weekBeforeLast, true, false);
    assert.ok(down.length > 0);
    const c = await ask('which payment methods dropped the most last week compared with the week before last?');
    order(c.answer, down, ['gift_card', 'zelle', 'wire', 'crypto']);
  });

  it('31. a transcript term compared between two windows: "how many calls mentioned zelle this week vs last week" counts the term in each window (the term was read as "zelle vs", over one window)', async () => {
    const said = (c: FixtureCall) =>
      JSON.stringify(c.transcript ?? [])
        .toLowerCase()
        .includes('zelle');
    const [a, b] = [calls(WINDOWS.thisWeek, said).length, calls(WINDOWS.lastWeek, said).length];
    assert.ok(a + b > 0 && a !== b);
    const r = await ask('how many calls mentioned zelle this week vs last week');
    const qs = r.tool_calls.filter((t) => t.name === 'get_summary').map((t) => t.args.q);
    assert.deepEqual(qs, ['zelle', 'zelle'], JSON.stringify(r.tool_calls));
    assert.ok(hasNumber(r.answer, a) && hasNumber(r.answer, b), r.answer);
  });

  it('32. groups side by side: "average call length of hooked vs not hooked calls", "tier 1 vs tier 2" give each group its figure (it filtered to not hooked and said "hooked calls 0")', async () => {
    const d30 = calls(WINDOWS.d30);
    const mean = (cs: FixtureCall[]) => cs.reduce((t, c) => t + c.duration_sec, 0) / cs.length;
    const two = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });
    const [yes, no] = [d30.filter(isHooked), d30.filter((c) => !isHooked(c))];
    assert.ok(yes.length > 0 && no.length > 0);
    for (const q of [
      'average call length for hooked calls vs not hooked calls in the last 30 days',
      'avg duration not hooked vs hooked, last 30 days',
    ]) {
      const a = await ask(q);
      assert.deepEqual(
        a.tool_calls.map((t) => t.args.hooked),
        q.startsWith('avg') ? [false, true] : [true, false],
        q,
      );
      assert.ok(a.answer.includes(`hooked calls ${two(mean(yes))} seconds (${yes.length} call`), `${q}: ${a.answer}`);
      assert.ok(a.answer.includes(`calls not hooked ${two(mean(no))} seconds (${no.length} call`), `${q}: ${a.answer}`);
      assert.ok(!/hooked calls 0\b/.test(a.answer), a.answer);
    }
    const [t1, t2] = [d30.filter((c) => tierOf(c) === 1).length, d30.filter((c) => tierOf(c) === 2).length];
    assert.notEqual(t1, t2);
    const b = await ask('tier 1 vs tier 2 calls in the last 30 days');
    assert.deepEqual(
      b.tool_calls.map((t) => t.args.tier),
      [[1], [2]],
    );
    assert.ok(b.answer.includes(`tier-1 calls ${t1}`) && b.answer.includes(`tier-2 calls ${t2}`), b.answer);
    // Both together, when nothing compares them: one filter, the sum.
    const c = await ask('how many tier 1 or tier 2 calls in the last 30 days');
    assert.ok(c.tool_calls.length === 1, JSON.stringify(c.tool_calls));
  });

  it('33. a filter\'s share compared between windows: "what share of calls this week vs last week were about Amazon" gives each window\'s share of its calls (it gave the Amazon counts only)', async () => {
    const amazon = (c: FixtureCall) => ex(c).impersonated_brand === 'Amazon';
    const shareIn = (x: W) => calls(x, amazon).length / calls(x).length;
    const [a, b] = [shareIn(WINDOWS.thisWeek), shareIn(WINDOWS.lastWeek)];
    assert.notEqual(pct(a), pct(b));
    const r = await ask('what share of calls this week vs last week were about Amazon?');
    assert.ok(r.answer.includes(`a share of ${pct(a)}`) && r.answer.includes(`a share of ${pct(b)}`), r.answer);
    assert.match(r.answer, new RegExp(`change from last week to this week: [+-]${Math.abs((a - b) * 100).toFixed(1)} percentage points`));
  });

  it('34. "a Chase mule account" names the bank (not an account number too), and a list longer than shown says how many calls match, never "more than 20"', async () => {
    const chase = calls(WINDOWS.w12, (c) => ex(c).mule_bank_name === 'Chase');
    assert.ok(
      chase.some((c) => !ex(c).mule_bank_account_number),
      'a Chase call without an account number',
    );
    const a = await ask('show the tier 1 calls that used a chase mule account in the last 12 weeks');
    assert.ok(
      a.tool_calls.every((t) => t.args.has === undefined),
      JSON.stringify(a.tool_calls),
    );
    assert.deepEqual(new Set(a.referenced_call_sids), new Set(chase.map((c) => c.call_sid)));

    const all = calls(WINDOWS.d30).length;
    assert.ok(all > 20);
    const b = await ask('list the calls from the last 30 days');
    assert.equal(b.referenced_call_sids.length, 20);
    assert.ok(hasNumber(b.answer, all) && !/more than/.test(b.answer), b.answer);
  });

  it('35. a figure per value: "which persona kept scammers on the line longest", "top mule banks by dollars asked" rank every value by that figure, one query by the field (they were declined, or ranked by calls)', async () => {
    const d30 = calls(WINDOWS.d30);
    const by = new Map<string, FixtureCall[]>();
    for (const c of d30) by.set(c.persona, [...(by.get(c.persona) ?? []), c]);
    const mean = (cs: FixtureCall[]) => cs.reduce((t, c) => t + c.duration_sec, 0) / cs.length;
    const two = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });
    const order = [...by.entries()].map(([p, cs]) => ({ p, v: mean(cs), n: cs.length })).sort((a, b) => b.v - a.v || b.n - a.n);
    assert.ok(order.length >= 2 && order[0].v !== order[1].v);
    const a = await ask('which persona kept scammers on the line longest in the last 30 days?');
    assert.ok(a.answer.startsWith(`${order[0].p} has the highest average call length`), a.answer);
    const at = order.map((o) => a.answer.indexOf(`${o.p} ${two(o.v)} seconds (${o.n} call`));
    assert.ok(
      at.every((i) => i >= 0),
      a.answer,
    );
    assert.deepEqual(
      at,
      [...at].sort((x, y) => x - y),
      a.answer,
    );

    const dollars = new Map<string, number>();
    for (const c of calls(WINDOWS.w12)) {
      const bank = ex(c).mule_bank_name;
      const asked = ((ex(c).dollar_asks as number[] | undefined) ?? []).reduce((t, x) => t + x, 0);
      if (typeof bank === 'string') dollars.set(bank, (dollars.get(bank) ?? 0) + asked);
    }
    const banks = [...dollars.entries()].sort((x, y) => y[1] - x[1]);
    const b = await ask('top mule banks by dollars asked in the last 12 weeks');
    assert.ok(b.answer.startsWith(`${banks[0][0]} has the highest total dollars asked`), b.answer);
    // One query by bank, over every bank with a call.
    assert.deepEqual(
      b.tool_calls.map((t) => [t.name, t.args.dimensions]),
      [['query', ['mule_bank_name']]],
    );
    assert.ok(
      banks.every(([bank]) => b.answer.includes(bank)),
      b.answer,
    );
  });

  it('36. new values: "any new mule banks in the last 30 days?" names the banks of the window no call had in the 90 days before (it ranked all of them)', async () => {
    const banksIn = (x: W) =>
      new Set(
        calls(x)
          .map((c) => ex(c).mule_bank_name)
          .filter((b): b is string => typeof b === 'string'),
      );
    const before = win(new Date(WINDOWS.d30.start.getTime() - 90 * 86_400_000).toISOString(), WINDOWS.d30.start);
    const seen = banksIn(before);
    const now30 = [...banksIn(WINDOWS.d30)];
    const fresh = now30.filter((b) => !seen.has(b));
    assert.ok(fresh.length > 0 && fresh.length < now30.length, 'some banks are new, some are not');
    const a = await ask('any new mule banks in the last 30 days?');
    assert.match(a.answer, new RegExp(`${fresh.length} of the ${now30.length} mule banks (?:was|were) new`), a.answer);
    for (const b of fresh) assert.ok(a.answer.includes(`${b} (`), a.answer);
    for (const b of now30.filter((x) => seen.has(x))) assert.ok(!a.answer.includes(`${b} (`), a.answer);
    const b = await ask('any new mule banks this week?');
    assert.match(b.answer, /^No new mule bank this week\b/, b.answer);
  });

  it('37. yes/no between values or groups: "is amazon more common than microsoft?", "do hooked calls last longer than calls not hooked?" start with Yes or No from the two figures shown', async () => {
    const d30 = calls(WINDOWS.d30);
    const brand = (m: string) => d30.filter((c) => ex(c).impersonated_brand === m).length;
    const [amazon, microsoft] = [brand('Amazon'), brand('Microsoft')];
    assert.notEqual(amazon, microsoft);
    const a = await ask('is amazon more common than microsoft in the last 30 days?');
    assert.ok(a.answer.startsWith(amazon > microsoft ? 'Yes.' : 'No.'), a.answer);
    const b = await ask('were there fewer amazon calls than microsoft calls in the last 30 days?');
    assert.ok(b.answer.startsWith(amazon < microsoft ? 'Yes.' : 'No.'), b.answer);
    const b2 = await ask('is amazon less common than microsoft in the last 30 days?');
    assert.ok(b2.answer.startsWith(amazon < microsoft ? 'Yes.' : 'No.'), b2.answer);

    const mean = (cs: FixtureCall[]) => cs.reduce((t, c) => t + c.duration_sec, 0) / cs.length;
    const longer = mean(d30.filter(isHooked)) > mean(d30.filter((c) => !isHooked(c)));
    const c = await ask('do hooked calls last longer than calls not hooked, over the last 30 days?');
    assert.deepEqual(
      c.tool_calls.map((t) => t.args.hooked),
      [true, false],
    );
    assert.ok(c.answer.startsWith(longer ? 'Yes.' : 'No.'), c.answer);
  });

  it('38. "calls cut off by the scammer" counts the caller hang-ups; "when do most tier 1 calls happen?" names the busiest hour of the day for them (both answered the window\'s call count)', async () => {
    const hungUp = calls(WINDOWS.d30, (c) => c.disconnect_reason === 'caller_hung_up_normal').length;
    assert.ok(hungUp > 0);
    const a = await ask('how many calls were cut off by the scammer in the last 30 days?');
    assert.deepEqual(
      a.tool_calls.map((t) => t.name),
      ['get_disconnect_breakdown'],
    );
    assert.ok(a.answer.startsWith(`${hungUp} call`), a.answer);

    const byHour = new Map<number, number>();
    for (const c of calls(WINDOWS.d30, (c) => tierOf(c) === 1)) {
      const h = new Date(c.started_at).getUTCHours();
      byHour.set(h, (byHour.get(h) ?? 0) + 1);
    }
    const top = Math.max(...byHour.values());
    const hours = [...byHour.entries()].filter(([, n]) => n === top).map(([h]) => `${String(h).padStart(2, '0')}:00`);
    const b = await ask('when do most tier 1 calls happen, over the last 30 days?');
    assert.ok(
      b.tool_calls.some((t) => t.name === 'get_timeseries' && t.args.metric === 'tier1_calls' && t.args.bucket === 'hour'),
      JSON.stringify(b.tool_calls),
    );
    assert.ok(
      hours.some((h) => b.answer.includes(h)),
      `${hours.join(', ')}: ${b.answer}`,
    );
  });
});

// NOW is exported for readers of this file: every window above is relative to it.
void NOW;
