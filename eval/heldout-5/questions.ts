// The fifth held-out set: questions a fraud analyst would ask, written without reading src/agent,
// test/agent or the earlier sets' questions. Every truth is computed at run time from the REST API
// with the case's key (truths.ts), never from the agent. HELD OUT: nobody tunes the agent against
// this file, and commit messages and issues do not quote it.

import type { EvalCase } from '../shared/cases.js';
import type { Truth } from '../shared/judge.js';
import { all, anyOf, cmp, Ctx, decline, dir, label, num, stateSpell, W, win, yesno, type F, type Win } from './truths.js';
import type { KeyName } from './world.js';
import { ISSUE_CLASSES } from '../shared/cases.js';

export const CLASSES = ISSUE_CLASSES;
export type Cls = (typeof CLASSES)[number];

export interface Case extends EvalCase<Ctx, KeyName> {
  cls: Cls;
}

// ---------------------------------------------------------------- filter shorthands

const is = (field: string, ...values: unknown[]): F => ['is', field, values];
const has = (field: string): F => ['has', field];
const not = (f: F): F => ['not', f];
const gt = (field: string, v: number): F => ['gt', field, v];
const gte = (field: string, v: number): F => ['gte', field, v];
const lt = (field: string, v: number): F => ['lt', field, v];
const between = (field: string, a: number, b: number): F => ['between', field, [a, b]];
const contains = (field: string, ...v: string[]): F => ['contains', field, v];
const hooked = is('hooked', true);

// ---------------------------------------------------------------- truth shorthands

const count = async (x: Ctx, w: Win, f: F[] = [], key: KeyName = 'read') => num(await x.count(w, f, key));
const metric = async (x: Ctx, m: string, unit: Parameters<typeof num>[1], w: Win, f: F[] = [], key: KeyName = 'read') =>
  num(await x.value(m, w, f, key), unit);
/** A share of the window's calls (matching `of`) that also match `f`. */
const share = async (x: Ctx, w: Win, f: F[], of: F[] = [], key: KeyName = 'read') => {
  const d = await x.count(w, of, key);
  if (!d) throw new Error('share of no calls');
  return num((await x.count(w, [...of, ...f], key)) / d, 'rate');
};
/** Calls per weekday group (weekend: saturday and sunday) over a window, with one metric summed. */
const byWeekend = async (x: Ctx, w: Win, m: string, f: F[] = []) => {
  const gs = await x.groups('time:weekday', m, w, { filters: f });
  const sum = (pred: (d: string) => boolean) => gs.filter((g) => pred(g.label!)).reduce((a, g) => a + g.value, 0);
  const we = (d: string) => d === 'saturday' || d === 'sunday';
  return { weekend: sum(we), weekdays: sum((d) => !we(d)) };
};
const weekendRate = async (x: Ctx, w: Win, num1: F[]) => {
  const calls = await byWeekend(x, w, 'calls_received');
  const hit = await byWeekend(x, w, 'calls_received', num1);
  return { weekend: hit.weekend / calls.weekend, weekdays: hit.weekdays / calls.weekdays };
};
/** Weekly buckets (Monday start, UTC) of a window: every bucket's value, oldest first. */
const weekly = async (x: Ctx, w: Win, m: string, unit: Parameters<typeof num>[1], f: F[] = []) => {
  const gs = await x.groups('time:week', m, w, { filters: f });
  const sorted = [...gs].sort((a, b) => (a.label! < b.label! ? -1 : 1));
  return all(...sorted.map((g) => num(g.value, unit)));
};
/** The mean call duration of weekend days and of weekdays (each weekday's mean weighted by its calls). */
const weekdayDurations = async (x: Ctx, w: Win) => {
  const r = await x.query({
    metrics: ['calls_received', 'avg_call_duration_sec'],
    dimensions: ['time:weekday'],
    start: w.start.toISOString(),
    end: w.end.toISOString(),
  });
  const side = (we: boolean) => {
    const rows = r.results.filter((g: { dimensions: string[] }) => (g.dimensions[0] === 'saturday' || g.dimensions[0] === 'sunday') === we);
    const n = rows.reduce((a: number, g: { metrics: number[] }) => a + g.metrics[0], 0);
    return rows.reduce((a: number, g: { metrics: number[] }) => a + g.metrics[0] * g.metrics[1], 0) / n;
  };
  return { weekend: side(true), weekdays: side(false) };
};
/** The three whole calendar weeks before this one (Monday 2027-03-29 to Monday 2027-04-19). */
const win3Weeks = win('2027-03-29T00:00:00Z', '2027-04-19T00:00:00Z');

type Opts = Partial<Pick<Case, 'key' | 'dashboard_range' | 'fz'>>;
const q = (id: string, cls: Cls, turns: string | string[], truth: (x: Ctx) => Promise<Truth>, o: Opts = {}): Case => ({
  id,
  cls,
  turns: typeof turns === 'string' ? [turns] : turns,
  truth,
  ...o,
});
/** "last week" reads as the calendar week or the last 7 days. */
const lastWeekAny = async (x: Ctx, f: (w: Win) => Promise<Truth>) => anyOf(await f(W.lastWeek), await f(W.d7));

const EVERYDAY: Case[] = [
  q('e01', 'everyday', 'How many calls have come in today?', (x) => count(x, W.today)),
  q('e02', 'everyday', 'Number of calls yesterday?', (x) => count(x, W.yesterday)),
  q('e03', 'everyday', "What's the hook rate looking like this week?", (x) => metric(x, 'hook_rate', 'rate', W.thisWeek)),
  q('e04', 'everyday', 'Tier 1 calls over the last 7 days', (x) => metric(x, 'tier1_calls', 'count', W.d7)),
  q('e05', 'everyday', 'How much money did the scammers ask for in total over the past 30 days?', (x) =>
    metric(x, 'total_dollars_asked', 'usd', W.d30),
  ),
  q('e06', 'everyday', 'What was the median call duration yesterday?', (x) => metric(x, 'median_call_duration_sec', 'sec', W.yesterday)),
  q('e07', 'everyday', 'Largest single dollar ask so far this month?', (x) => metric(x, 'max_single_ask', 'usd', W.thisMonth)),
  q('e08', 'everyday', 'How many scam calls are live on the honeypot at this moment?', async (x) =>
    num((await x.get('/api/kpis/active-calls')).active_count),
  ),
  q('e09', 'everyday', 'How many calls has the Margaret persona picked up today?', (x) => count(x, W.today, [is('persona', 'margaret')])),
  q('e10', 'everyday', 'How many calls dropped because of a voice engine issue this week?', (x) =>
    count(x, W.thisWeek, [is('disconnect_reason', 'voice_engine_issue')]),
  ),
  q('e11', 'everyday', 'Average call length in the last 24 hours?', (x) => metric(x, 'avg_call_duration_sec', 'sec', W.h24)),
  q('e12', 'everyday', 'How many tier-2 calls did we log last week?', (x) => lastWeekAny(x, (w) => metric(x, 'tier2_calls', 'count', w))),
  q('e13', 'everyday', 'Hooked calls since Monday?', (x) => metric(x, 'hooked_calls', 'count', W.thisWeek)),
  q('e14', 'everyday', 'What auditor confidence did the most recent tier 1 call get?', async (x) => {
    const r = await x.get('/api/kpis/tier1?range=7d&limit=1');
    const c = r.items[0]?.auditor_confidence;
    if (typeof c !== 'number') throw new Error('no confidence on the latest tier-1 call');
    return num(c, 'decimal');
  }),
  q('e15', 'everyday', 'How many high-confidence insights did the auditor produce in the past 7 days?', (x) =>
    metric(x, 'high_confidence_insights', 'count', W.d7),
  ),
  q('e16', 'everyday', 'Call count for the last 48 hours please', (x) => count(x, W.h48)),
  q('e17', 'everyday', 'How much money did callers dangle in front of our personas last week?', (x) =>
    lastWeekAny(x, (w) => metric(x, 'total_dollars_dangled', 'usd', w)),
  ),
  q('e18', 'everyday', 'How many separate dollar asks were made in the last 3 days?', (x) => metric(x, 'asks', 'count', W.d3)),
  q('e19', 'everyday', 'What is the mean dollar ask for April so far?', (x) => metric(x, 'mean_dollar_ask', 'usd', W.thisMonth)),
  q('e20', 'everyday', 'How many calls did Walter handle in March?', (x) => count(x, W.march, [is('persona', 'walter')])),
  q('e21', 'everyday', 'How many calls closed cleanly yesterday?', (x) => metric(x, 'cleanly_closed', 'count', W.yesterday)),
  q('e22', 'everyday', 'In the last 14 days, how many calls were cut off by a websocket problem on our side?', (x) =>
    count(x, W.d14, [is('disconnect_reason', 'websocket_issue_our_side')]),
  ),
  q('e23', 'everyday', 'Tier 3 count for this week?', (x) => metric(x, 'tier3_calls', 'count', W.thisWeek)),
  q('e24', 'everyday', 'What was the average auditor confidence over the past 7 days?', (x) =>
    metric(x, 'avg_auditor_confidence', 'decimal', W.d7),
  ),
  q('e25', 'everyday', 'What is the 90th percentile call duration across the last 30 days?', (x) =>
    metric(x, 'p90_call_duration_sec', 'sec', W.d30),
  ),
  q('e26', 'everyday', 'How many calls in the past hour?', (x) => count(x, W.hour)),
  q('e27', 'everyday', 'This month, how many calls ended because the AI session hit its cap?', (x) =>
    count(x, W.thisMonth, [is('disconnect_reason', 'ai_session_capped')]),
  ),
  q('e28', 'everyday', "what's our hook rate", (x) => metric(x, 'hook_rate', 'rate', W.d7), { dashboard_range: '7d' }),
  q('e29', 'everyday', 'Total dollars requested by scammers', (x) => metric(x, 'total_dollars_asked', 'usd', W.d30), {
    dashboard_range: '30d',
  }),
  q('e30', 'everyday', 'How many calls produced an insight on April 14?', (x) => metric(x, 'insights_produced', 'count', W.april14)),
];

const NEARBY: Case[] = [
  q('n01', 'nearby_figure', "What share of yesterday's calls did we manage to hook?", (x) => metric(x, 'hook_rate', 'rate', W.yesterday)),
  q('n02', 'nearby_figure', 'Not calls, asks: how many individual money requests were made last week?', (x) =>
    lastWeekAny(x, (w) => metric(x, 'asks', 'count', w)),
  ),
  q('n03', 'nearby_figure', 'How many calls had at least one dollar ask in the past 7 days?', (x) => count(x, W.d7, [has('dollar_ask')])),
  q('n04', 'nearby_figure', 'How many of the asks this month fell between $500 and $2,000?', (x) =>
    metric(x, 'asks', 'count', W.thisMonth, [between('dollar_ask', 500, 2000)]),
  ),
  q('n05', 'nearby_figure', 'Refund-scam calls this week that we failed to hook: how many?', (x) =>
    count(x, W.thisWeek, [is('lure_category', 'REFUND'), is('hooked', false)]),
  ),
  q('n06', 'nearby_figure', 'How many different crypto wallet addresses did we collect in the last 30 days?', (x) =>
    metric(x, 'distinct:crypto_wallet_address', 'count', W.d30),
  ),
  q('n07', 'nearby_figure', 'Over the last 30 days, what fraction of tech support calls reached tier 1?', (x) =>
    share(x, W.d30, [is('tier', 1)], [is('lure_category', 'TECH_SUPPORT')]),
  ),
  q('n08', 'nearby_figure', 'How many distinct fake agent names showed up this week?', (x) =>
    metric(x, 'distinct:fake_agent_name', 'count', W.thisWeek),
  ),
  q('n09', 'nearby_figure', 'The median ask, not the average, over the past 7 days?', (x) => metric(x, 'median_dollar_ask', 'usd', W.d7)),
  q('n10', 'nearby_figure', 'Dollars asked on calls where the payment was gift cards, past 7 days', (x) =>
    metric(x, 'total_dollars_asked', 'usd', W.d7, [is('payment_method', 'gift_card')]),
  ),
  q('n11', 'nearby_figure', "What percent of yesterday's calls contained a phishing link?", (x) =>
    share(x, W.yesterday, [has('phishing_url')]),
  ),
  q('n12', 'nearby_figure', 'How many calls this week ran longer than 20 minutes?', async (x) =>
    anyOf(await count(x, W.thisWeek, [gt('duration_sec', 1200)]), await count(x, W.thisWeek, [gte('duration_sec', 1200)])),
  ),
  q('n13', 'nearby_figure', "Harold's hook rate over the last week, as a percentage", (x) =>
    lastWeekAny(x, (w) => metric(x, 'hook_rate', 'rate', w, [is('persona', 'harold')])),
  ),
  q('n14', 'nearby_figure', 'How many asks in March were over $5,000?', async (x) =>
    anyOf(
      await metric(x, 'asks', 'count', W.march, [gt('dollar_ask', 5000)]),
      await metric(x, 'asks', 'count', W.march, [gte('dollar_ask', 5000)]),
    ),
  ),
  q('n15', 'nearby_figure', 'Biggest single ask among IRS tax scam calls this month?', (x) =>
    metric(x, 'max_single_ask', 'usd', W.thisMonth, [is('lure_category', 'IRS_TAX')]),
  ),
  q('n16', 'nearby_figure', 'How many distinct area codes called us yesterday?', (x) =>
    metric(x, 'distinct:caller_area_code', 'count', W.yesterday),
  ),
  q('n17', 'nearby_figure', "What proportion of this week's calls ended with a voice engine issue?", (x) =>
    share(x, W.thisWeek, [is('disconnect_reason', 'voice_engine_issue')]),
  ),
  q('n18', 'nearby_figure', 'How much did prize and lottery callers dangle (not ask) over the last 30 days?', (x) =>
    metric(x, 'total_dollars_dangled', 'usd', W.d30, [is('lure_category', 'PRIZE_LOTTERY')]),
  ),
  q('n19', 'nearby_figure', 'How many different mule banks were named in the past 30 days?', (x) =>
    metric(x, 'distinct:mule_bank_name', 'count', W.d30),
  ),
  q('n20', 'nearby_figure', 'Average duration of the calls we hooked yesterday', (x) =>
    metric(x, 'avg_call_duration_sec', 'sec', W.yesterday, [hooked]),
  ),
  q('n21', 'nearby_figure', 'How many Zelle calls made it to tier 1 in the past 7 days?', (x) =>
    count(x, W.d7, [is('payment_method', 'zelle'), is('tier', 1)]),
  ),
  q('n22', 'nearby_figure', 'How many calls today lasted under 15 seconds?', (x) => count(x, W.today, [lt('duration_sec', 15)])),
  q('n23', 'nearby_figure', 'On how many calls this week did the scammer try to get AnyDesk installed?', (x) =>
    count(x, W.thisWeek, [is('remote_desktop_app', 'AnyDesk')]),
  ),
  q('n24', 'nearby_figure', 'What percentage of calls in the last 7 days came from Florida numbers?', (x) =>
    share(x, W.d7, [is('caller_state', 'FL')]),
  ),
  q('n25', 'nearby_figure', 'How many unique mule account numbers did we capture in March?', (x) =>
    metric(x, 'distinct:mule_bank_account_number', 'count', W.march),
  ),
];

const FRAME: Case[] = [
  q('f01', 'frame', 'Over the past two weeks, how do weekend call volumes compare with weekdays?', async (x) => {
    // The last 14 days, or the last two whole calendar weeks.
    const b = await byWeekend(x, W.d14, 'calls_received');
    const c = await byWeekend(x, win('2027-04-05T00:00:00Z', '2027-04-19T00:00:00Z'), 'calls_received');
    return anyOf(cmp(num(b.weekend), num(b.weekdays)), cmp(num(c.weekend), num(c.weekdays)));
  }),
  q('f02', 'frame', 'Do we hook a bigger share of callers on weekends or on weekdays? Look at the last 30 days.', async (x) => {
    const r = await weekendRate(x, W.d30, [hooked]);
    return cmp(num(r.weekend, 'rate'), num(r.weekdays, 'rate'));
  }),
  q('f03', 'frame', 'Calls since Monday compared with the same stretch last week', async (x) =>
    cmp(await count(x, W.thisWeek), await count(x, W.sameStretchLastWeek)),
  ),
  q('f04', 'frame', 'Tier 1 so far this week vs at this point last week?', async (x) =>
    cmp(await metric(x, 'tier1_calls', 'count', W.thisWeek), await metric(x, 'tier1_calls', 'count', W.sameStretchLastWeek)),
  ),
  q('f05', 'frame', 'Give me call counts week by week for the three full weeks before this one', (x) =>
    weekly(x, win3Weeks, 'calls_received', 'count'),
  ),
  q('f06', 'frame', 'Hooked calls per week in April, week by week', async (x) =>
    // The first week cut at April 1, or whole (from Monday March 29).
    anyOf(await weekly(x, W.thisMonth, 'hooked_calls', 'count'), await weekly(x, win('2027-03-29T00:00:00Z'), 'hooked_calls', 'count')),
  ),
  q('f07', 'frame', 'Total dollars asked: March against April so far', async (x) =>
    cmp(await metric(x, 'total_dollars_asked', 'usd', W.march), await metric(x, 'total_dollars_asked', 'usd', W.thisMonth)),
  ),
  q('f08', 'frame', 'Month over month, how many calls did we get in April versus March?', async (x) =>
    cmp(await count(x, W.thisMonth), await count(x, W.march)),
  ),
  q('f09', 'frame', 'Split the last 30 days in half: dollars asked in the first half vs the second half', async (x) =>
    cmp(await metric(x, 'total_dollars_asked', 'usd', W.firstHalf30), await metric(x, 'total_dollars_asked', 'usd', W.secondHalf30)),
  ),
  q('f10', 'frame', 'Hook rate in the first 15 days of the last 30 compared with the most recent 15', async (x) =>
    cmp(await metric(x, 'hook_rate', 'rate', W.firstHalf30), await metric(x, 'hook_rate', 'rate', W.secondHalf30)),
  ),
  q('f11', 'frame', 'Within the last 30 days, tier 1 calls before April 8 versus from April 8 on', async (x) =>
    cmp(await metric(x, 'tier1_calls', 'count', W.beforeApril8), await metric(x, 'tier1_calls', 'count', W.sinceApril8)),
  ),
  q('f12', 'frame', 'Amazon and Microsoft impersonation calls last week, side by side', async (x) =>
    lastWeekAny(x, async (w) =>
      cmp(await count(x, w, [is('impersonated_brand', 'Amazon')]), await count(x, w, [is('impersonated_brand', 'Microsoft')])),
    ),
  ),
  q('f13', 'frame', 'Show me the hook rates of Margaret and Dolores this week next to each other', async (x) =>
    cmp(
      await metric(x, 'hook_rate', 'rate', W.thisWeek, [is('persona', 'margaret')]),
      await metric(x, 'hook_rate', 'rate', W.thisWeek, [is('persona', 'dolores')]),
    ),
  ),
  q('f14', 'frame', 'Did we get more calls yesterday than on Sunday?', async (x) => {
    const a = await x.count(W.yesterday);
    const b = await x.count(W.dayBefore);
    return yesno(a > b, cmp(num(a), num(b)));
  }),
  q('f15', 'frame', 'Dollars asked so far this week compared to the same point last week', async (x) =>
    cmp(await metric(x, 'total_dollars_asked', 'usd', W.thisWeek), await metric(x, 'total_dollars_asked', 'usd', W.sameStretchLastWeek)),
  ),
  q('f16', 'frame', 'Was last weekend busier than the weekend before it?', async (x) => {
    const a = await x.count(W.lastWeekend);
    const b = await x.count(W.weekendBefore);
    return yesno(a > b, cmp(num(a), num(b)));
  }),
  q('f17', 'frame', 'Hook rate for the last 7 days versus the 7 days before that: up or down?', async (x) => {
    const a = await x.value('hook_rate', W.d7);
    const b = await x.value('hook_rate', W.prev7);
    return cmp(num(a, 'rate'), num(b, 'rate'), dir(a, b));
  }),
  q('f18', 'frame', 'Median call length this week compared with last week', async (x) =>
    anyOf(
      cmp(await metric(x, 'median_call_duration_sec', 'sec', W.thisWeek), await metric(x, 'median_call_duration_sec', 'sec', W.lastWeek)),
      cmp(
        await metric(x, 'median_call_duration_sec', 'sec', W.thisWeek),
        await metric(x, 'median_call_duration_sec', 'sec', W.sameStretchLastWeek),
      ),
    ),
  ),
  q('f19', 'frame', 'Gift card vs crypto ATM: total dollars asked over the last 30 days for each', async (x) =>
    cmp(
      await metric(x, 'total_dollars_asked', 'usd', W.d30, [is('payment_method', 'gift_card')]),
      await metric(x, 'total_dollars_asked', 'usd', W.d30, [is('payment_method', 'crypto_atm')]),
    ),
  ),
  q('f20', 'frame', 'Texas callers versus California callers this month', async (x) =>
    cmp(await count(x, W.thisMonth, [is('caller_state', 'TX')]), await count(x, W.thisMonth, [is('caller_state', 'CA')])),
  ),
  q('f21', 'frame', 'Tier 1 on weekends vs weekdays over the past month', async (x) => {
    const b = await byWeekend(x, W.d30, 'tier1_calls');
    return cmp(num(b.weekend), num(b.weekdays));
  }),
  q('f22', 'frame', 'PayPal impersonation: last week compared with the week before', async (x) =>
    cmp(
      await count(x, W.lastWeek, [is('impersonated_brand', 'PayPal')]),
      await count(x, W.weekBefore, [is('impersonated_brand', 'PayPal')]),
    ),
  ),
  q('f23', 'frame', 'Hooked calls in the week starting April 5 against the week starting March 29', async (x) =>
    cmp(await metric(x, 'hooked_calls', 'count', W.weekBefore), await metric(x, 'hooked_calls', 'count', W.weekOf29Mar)),
  ),
  q('f24', 'frame', 'Compare call volume on April 10 with April 14', async (x) =>
    cmp(await count(x, W.april10), await count(x, W.april14)),
  ),
  q('f25', 'frame', "Walter's calls in the last 7 days versus the 7 days prior", async (x) =>
    cmp(await count(x, W.d7, [is('persona', 'walter')]), await count(x, W.prev7, [is('persona', 'walter')])),
  ),
  q('f26', 'frame', 'Average call length before April 8 and after it, within the last 30 days', async (x) =>
    cmp(await metric(x, 'avg_call_duration_sec', 'sec', W.beforeApril8), await metric(x, 'avg_call_duration_sec', 'sec', W.sinceApril8)),
  ),
  q('f27', 'frame', 'Yesterday: tier 1 and tier 2 counts side by side', async (x) =>
    cmp(await metric(x, 'tier1_calls', 'count', W.yesterday), await metric(x, 'tier2_calls', 'count', W.yesterday)),
  ),
  q('f28', 'frame', 'Refund scam calls this month so far versus the whole of March', async (x) =>
    cmp(await count(x, W.thisMonth, [is('lure_category', 'REFUND')]), await count(x, W.march, [is('lure_category', 'REFUND')])),
  ),
  q('f29', 'frame', 'Were there fewer Medicare scam calls in the last 7 days than in the 7 days before?', async (x) => {
    const a = await x.count(W.d7, [is('lure_category', 'MEDICARE')]);
    const b = await x.count(W.prev7, [is('lure_category', 'MEDICARE')]);
    return yesno(a < b, cmp(num(a), num(b)));
  }),
  q('f30', 'frame', 'Weekend vs weekday average call duration, last 14 days', async (x) => {
    const sums = await weekdayDurations(x, W.d14);
    return cmp(num(sums.weekend, 'sec'), num(sums.weekdays, 'sec'));
  }),
];

const ANY_VALUE: Case[] = [
  q('v01', 'any_value', 'How many calls in the last 30 days had an agent calling himself Kevin Adams?', (x) =>
    count(x, W.d30, [is('fake_agent_name', 'Kevin Adams')]),
  ),
  q('v02', 'any_value', 'Jessica Jacobs: how many times has that name come up this month?', (x) =>
    count(x, W.thisMonth, [is('fake_agent_name', 'Jessica Jacobs')]),
  ),
  q('v03', 'any_value', 'Calls from the so-called Federal Reserve Protection Unit over the past 14 days?', (x) =>
    count(x, W.d14, [is('synthetic_org', 'Federal Reserve Protection Unit')]),
  ),
  q('v04', 'any_value', 'How often did "Senior Care Advisory" appear in March?', (x) =>
    count(x, W.march, [is('synthetic_org', 'Senior Care Advisory')]),
  ),
  q('v05', 'any_value', 'How many calls gave 8159 Washington St, Newark, NJ 07108 as the drop address in the last 30 days?', (x) =>
    count(x, W.d30, [is('physical_mule_drop_address', '8159 Washington St, Newark, NJ 07108')]),
  ),
  q(
    'v06',
    'any_value',
    'Cash was supposed to go to 7154 Main Ln, Apt 9, Jersey City, NJ 07306. How many calls mentioned that address?',
    (x) => count(x, W.d30, [is('physical_mule_drop_address', '7154 Main Ln, Apt 9, Jersey City, NJ 07306')]),
    { dashboard_range: '30d' },
  ),
  q('v07', 'any_value', 'How many drop addresses in Baltimore, MD did we see in the last 30 days?', async (x) =>
    anyOf(
      await count(x, W.d30, [contains('physical_mule_drop_address', 'Baltimore, MD')]),
      await metric(x, 'distinct:physical_mule_drop_address', 'count', W.d30, [contains('physical_mule_drop_address', 'Baltimore, MD')]),
    ),
  ),
  q(
    'v08',
    'any_value',
    'Any cash drop addresses in Detroit, MI over the past 30 days?',
    async (x) => {
      const f = [contains('physical_mule_drop_address', 'Detroit, MI')];
      const n = await x.count(W.d30, f);
      return yesno(n > 0, anyOf(num(n), num(await x.value('distinct:physical_mule_drop_address', W.d30, f))));
    },
    { fz: true },
  ),
  q('v09', 'any_value', 'How many calls named the wallet bc1qm39gvskmk60ck32hrpv96lggtqvyas7x74jfgx in the last 30 days?', (x) =>
    count(x, W.d30, [is('crypto_wallet_address', 'bc1qm39gvskmk60ck32hrpv96lggtqvyas7x74jfgx')]),
  ),
  q(
    'v10',
    'any_value',
    'Has 185kxRgiEjrDtU4fmmyL6oy85qftChVdwx come up? How many calls?',
    (x) => count(x, W.d30, [is('crypto_wallet_address', '185kxRgiEjrDtU4fmmyL6oy85qftChVdwx')]),
    { dashboard_range: '30d', fz: true },
  ),
  q('v11', 'any_value', 'Which blockchain is the wallet 0x1f6e45dcfcd742f301a0e3f54b6d0eb0cfc9ae07 on?', async (x) => {
    const gs = await x.groups('crypto_chain', 'calls_received', W.d30, {
      filters: [is('crypto_wallet_address', '0x1f6e45dcfcd742f301a0e3f54b6d0eb0cfc9ae07')],
    });
    if (gs.length !== 1) throw new Error(`chains: ${gs.length}`);
    return label(gs[0].label!, ...(gs[0].label === 'ETH' ? ['Ethereum'] : []));
  }),
  q('v12', 'any_value', 'How many calls in the past 30 days gave account number 858470015372?', (x) =>
    count(x, W.d30, [is('mule_bank_account_number', '858470015372')]),
  ),
  q('v13', 'any_value', 'Account 3996367811: which bank is it at?', async (x) => {
    const gs = await x.groups('mule_bank_name', 'calls_received', W.d30, { filters: [is('mule_bank_account_number', '3996367811')] });
    if (gs.length !== 1) throw new Error(`banks: ${gs.length}`);
    return label(gs[0].label!);
  }),
  q('v14', 'any_value', 'Routing number 011193621 belongs to which bank, going by our calls?', async (x) => {
    const gs = await x.groups('mule_bank_name', 'calls_received', W.d30, { filters: [is('mule_bank_routing_number', '011193621')] });
    if (gs.length !== 1) throw new Error(`banks: ${gs.length}`);
    return label(gs[0].label!);
  }),
  q('v15', 'any_value', 'Count the calls with routing number 247531510 over the last 30 days', (x) =>
    count(x, W.d30, [is('mule_bank_routing_number', '247531510')]),
  ),
  q('v16', 'any_value', 'How many calls named Carlos Coleman as the account holder in the last 30 days?', (x) =>
    count(x, W.d30, [is('mule_account_holder_name', 'Carlos Coleman')]),
  ),
  q('v17', 'any_value', 'Sunrise Enterprises LLC as a payee: how many calls this past month?', (x) =>
    count(x, W.d30, [is('mule_account_holder_name', 'Sunrise Enterprises LLC')]),
  ),
  q('v18', 'any_value', 'Which bank did scammers name when the account holder was Carlos Coleman?', async (x) => {
    const gs = await x.groups('mule_bank_name', 'calls_received', W.d30, { filters: [is('mule_account_holder_name', 'Carlos Coleman')] });
    if (gs.length !== 1) throw new Error(`banks: ${gs.length}`);
    return label(gs[0].label!);
  }),
  q('v19', 'any_value', 'How many calls pushed a link on usbank-account.net in the last 30 days?', (x) =>
    count(x, W.d30, [contains('phishing_url', 'usbank-account.net')]),
  ),
  q('v20', 'any_value', 'ups-desk.com links: how many calls in the past 2 weeks?', (x) =>
    count(x, W.d14, [contains('phishing_url', 'ups-desk.com')]),
  ),
  q('v21', 'any_value', 'How many times did appleid-center.net/login show up as a phishing URL this month?', async (x) =>
    anyOf(
      await count(x, W.thisMonth, [contains('phishing_url', 'appleid-center.net/login')]),
      await count(x, W.thisMonth, [is('phishing_url', 'appleid-center.net/login')]),
    ),
  ),
  q('v22', 'any_value', 'Google Play gift cards requested this week: how many calls?', (x) =>
    count(x, W.thisWeek, [is('gift_card_brand', 'Google Play')]),
  ),
  q('v23', 'any_value', 'How many calls asked for Steam cards over the last 30 days?', (x) =>
    count(x, W.d30, [is('gift_card_brand', 'Steam')]),
  ),
  q('v24', 'any_value', 'Visa Vanilla cards in March: how many calls?', (x) => count(x, W.march, [is('gift_card_brand', 'Visa Vanilla')])),
  q('v25', 'any_value', 'How many times did +12165505249 call us in the last 30 days?', (x) =>
    count(x, W.d30, [is('caller_id', '+12165505249')]),
  ),
  q('v26', 'any_value', 'Calls where someone claimed to be from the U.S. Marshals this month?', (x) =>
    count(x, W.thisMonth, [is('impersonated_government_agency', 'U.S. Marshals')]),
  ),
  q('v27', 'any_value', 'How many ScreenConnect calls did we get yesterday?', (x) =>
    count(x, W.yesterday, [is('remote_desktop_app', 'ScreenConnect')]),
  ),
  q('v28', 'any_value', 'How many calls named Chime as the bank over the past 30 days?', (x) =>
    count(x, W.d30, [is('mule_bank_name', 'Chime')]),
  ),
  q('v29', 'any_value', 'When the fake agent was Nancy Walker, which brand did she claim most often? Last 30 days.', async (x) =>
    x.top('impersonated_brand', W.d30, 1, { filters: [is('fake_agent_name', 'Nancy Walker')] }),
  ),
  q('v30', 'any_value', 'What kind of scam does GoldChain Trading run? Which lure do its calls fall under?', async (x) => {
    const gs = await x.groups('lure_category', 'calls_received', W.d30, { filters: [is('synthetic_org', 'GoldChain Trading')] });
    if (gs.length !== 1) throw new Error(`lures: ${gs.length}`);
    return label(gs[0].label!);
  }),
];

const CASUAL: Case[] = [
  q('c01', 'casual', 'how many calls r live rn', async (x) => num((await x.get('/api/kpis/active-calls')).active_count)),
  q('c02', 'casual', 'calls > 30 min this wk', async (x) =>
    anyOf(await count(x, W.thisWeek, [gt('duration_sec', 1800)]), await count(x, W.thisWeek, [gte('duration_sec', 1800)])),
  ),
  q('c03', 'casual', 'hw many tier1 yday', (x) => metric(x, 'tier1_calls', 'count', W.yesterday)),
  q('c04', 'casual', 'wallet drops last 7d?? how many calls gave us a wallet', (x) => count(x, W.d7, [has('crypto_wallet_address')])),
  q('c05', 'casual', 'hook rate 2day', (x) => metric(x, 'hook_rate', 'rate', W.today)),
  q('c06', 'casual', 'tot $ asked ytd... i mean yesterday', (x) => metric(x, 'total_dollars_asked', 'usd', W.yesterday)),
  q('c07', 'casual', 'amazn scam calls past 24h', (x) => count(x, W.h24, [is('impersonated_brand', 'Amazon')])),
  q('c08', 'casual', 'hey quick one - how many calls did dolores get this week', (x) => count(x, W.thisWeek, [is('persona', 'dolores')])),
  q('c09', 'casual', 'medain call lenght last 7 days', (x) => metric(x, 'median_call_duration_sec', 'sec', W.d7)),
  q('c10', 'casual', 'gift crd calls this mnth', async (x) =>
    anyOf(
      await count(x, W.thisMonth, [is('payment_method', 'gift_card')]),
      await count(x, W.thisMonth, [has('gift_card_brand')]),
      await count(x, W.thisMonth, [is('lure_category', 'GIFT_CARD')]),
    ),
  ),
  q('c11', 'casual', '# of calls from TX today', (x) => count(x, W.today, [is('caller_state', 'TX')])),
  q('c12', 'casual', 'ok so whats the biggest ask we saw in the last 30d', (x) => metric(x, 'max_single_ask', 'usd', W.d30)),
  q('c13', 'casual', 'teamveiwer calls this week?', (x) => count(x, W.thisWeek, [is('remote_desktop_app', 'TeamViewer')])),
  q('c14', 'casual', 'hooked yday vs day b4?', async (x) =>
    cmp(await metric(x, 'hooked_calls', 'count', W.yesterday), await metric(x, 'hooked_calls', 'count', W.dayBefore)),
  ),
  q('c15', 'casual', 'avg call len 48h', (x) => metric(x, 'avg_call_duration_sec', 'sec', W.h48)),
  q('c16', 'casual', 'irs scam calls since mon', (x) => count(x, W.thisWeek, [is('lure_category', 'IRS_TAX')])),
  q('c17', 'casual', 'yo how many btc wallets did we pull in the past 30 days', async (x) =>
    anyOf(
      await metric(x, 'distinct:crypto_wallet_address', 'count', W.d30, [is('crypto_chain', 'BTC')]),
      await count(x, W.d30, [is('crypto_chain', 'BTC')]),
    ),
  ),
  q('c18', 'casual', 'tier 1 pct this wk', (x) => share(x, W.thisWeek, [is('tier', 1)])),
  q('c19', 'casual', 'calls frm florida last 48 hrs', (x) => count(x, W.h48, [is('caller_state', 'FL')])),
  q('c20', 'casual', 'grandparent scam cnt for march pls', (x) => count(x, W.march, [is('lure_category', 'GRANDPARENT')])),
  q('c21', 'casual', 'zelle asks $$ total this month', (x) =>
    metric(x, 'total_dollars_asked', 'usd', W.thisMonth, [is('payment_method', 'zelle')]),
  ),
  q('c22', 'casual', 'how many calls did edith take 2day lol', (x) => count(x, W.today, [is('persona', 'edith')])),
  q('c23', 'casual', 'mcafee + norton calls this week combined', (x) =>
    count(x, W.thisWeek, [is('impersonated_brand', 'McAfee', 'Norton')]),
  ),
  q('c24', 'casual', 'ssa impostor calls in the last 7 days', async (x) =>
    anyOf(
      await count(x, W.d7, [is('impersonated_government_agency', 'Social Security Administration')]),
      await count(x, W.d7, [is('lure_category', 'SOCIAL_SECURITY')]),
    ),
  ),
  q('c25', 'casual', 'u got the hook rate for walter over the last 30 days?', (x) =>
    metric(x, 'hook_rate', 'rate', W.d30, [is('persona', 'walter')]),
  ),
];

const STRAY: Case[] = [
  q('s01', 'stray_words', ['How many Amazon calls this week?', 'and how many of those involved a gift card?'], async (x) =>
    anyOf(
      await count(x, W.thisWeek, [is('impersonated_brand', 'Amazon'), is('payment_method', 'gift_card')]),
      await count(x, W.thisWeek, [is('impersonated_brand', 'Amazon'), has('gift_card_brand')]),
    ),
  ),
  q('s02', 'stray_words', ['Tier 1 calls yesterday?', 'ok and among the ones in question, how many were hooked?'], (x) =>
    count(x, W.yesterday, [is('tier', 1), hooked]),
  ),
  q(
    's03',
    'stray_words',
    ['How many calls came from New York in the last 7 days?', 'Of those particular calls, what was the median duration?'],
    (x) => metric(x, 'median_call_duration_sec', 'sec', W.d7, [is('caller_state', 'NY')]),
  ),
  q('s04', 'stray_words', "For the period we're talking about, the last 24 hours, how many calls were tier 2?", (x) =>
    metric(x, 'tier2_calls', 'count', W.h24),
  ),
  q('s05', 'stray_words', ['How many refund scam calls in March?', 'and the total dollars asked on the lot of them?'], (x) =>
    metric(x, 'total_dollars_asked', 'usd', W.march, [is('lure_category', 'REFUND')]),
  ),
  q('s06', 'stray_words', 'Just to be sure about the numbers here: calls from Georgia this week?', (x) =>
    count(x, W.thisWeek, [is('caller_state', 'GA')]),
  ),
  q('s07', 'stray_words', ['Microsoft impersonation calls, past 30 days?', 'Right, and from that bunch, how many got to tier 1?'], (x) =>
    count(x, W.d30, [is('impersonated_brand', 'Microsoft'), is('tier', 1)]),
  ),
  q('s08', 'stray_words', 'Please check for me, thanks in advance: how many hooked calls did Harold get yesterday?', (x) =>
    count(x, W.yesterday, [is('persona', 'harold'), hooked]),
  ),
  q('s09', 'stray_words', ['How many calls had a phishing link this week?', 'what about the same thing for the week prior'], async (x) =>
    anyOf(await count(x, W.lastWeek, [has('phishing_url')]), await count(x, W.sameStretchLastWeek, [has('phishing_url')])),
  ),
  q('s10', 'stray_words', 'Those involved in crypto ATM payments: how many calls in the past 7 days?', (x) =>
    count(x, W.d7, [is('payment_method', 'crypto_atm')]),
  ),
  q('s11', 'stray_words', ['Top lure last week?', 'how many calls was that, the one at the top'], async (x) =>
    lastWeekAny(x, async (w) => num((await x.groups('lure_category', 'calls_received', w))[0].value)),
  ),
  q('s12', 'stray_words', "Regarding the team's usual weekly report, how many tier 1 calls came in during the last 14 days?", (x) =>
    metric(x, 'tier1_calls', 'count', W.d14),
  ),
];

const MULTI: Case[] = [
  q('m01', 'multi_part', "How many calls today, and what's the hook rate?", async (x) =>
    all(await count(x, W.today), await metric(x, 'hook_rate', 'rate', W.today)),
  ),
  q('m02', 'multi_part', "Yesterday's tier 1 count and the total dollars asked?", async (x) =>
    all(await metric(x, 'tier1_calls', 'count', W.yesterday), await metric(x, 'total_dollars_asked', 'usd', W.yesterday)),
  ),
  q('m03', 'multi_part', 'For the past 7 days give me calls, hooked calls and the median ask.', async (x) =>
    all(await count(x, W.d7), await metric(x, 'hooked_calls', 'count', W.d7), await metric(x, 'median_dollar_ask', 'usd', W.d7)),
  ),
  q('m04', 'multi_part', 'How many calls are live right now, and how many came in over the last hour?', async (x) =>
    all(num((await x.get('/api/kpis/active-calls')).active_count), await count(x, W.hour)),
  ),
  q('m05', 'multi_part', 'Biggest single ask this month, and how many asks were there in total?', async (x) =>
    all(await metric(x, 'max_single_ask', 'usd', W.thisMonth), await metric(x, 'asks', 'count', W.thisMonth)),
  ),
  q('m06', 'multi_part', 'How many Apple calls this week, and how many of them were tier 1?', async (x) =>
    all(
      await count(x, W.thisWeek, [is('impersonated_brand', 'Apple')]),
      await count(x, W.thisWeek, [is('impersonated_brand', 'Apple'), is('tier', 1)]),
    ),
  ),
  q('m07', 'multi_part', 'Last 30 days: how many distinct wallets and how many distinct phishing URLs?', async (x) =>
    all(await metric(x, 'distinct:crypto_wallet_address', 'count', W.d30), await metric(x, 'distinct:phishing_url', 'count', W.d30)),
  ),
  q('m08', 'multi_part', 'What was the average call length yesterday, and how long was the longest call?', async (x) =>
    all(await metric(x, 'avg_call_duration_sec', 'sec', W.yesterday), await metric(x, 'max_call_duration_sec', 'sec', W.yesterday)),
  ),
  q('m09', 'multi_part', 'Calls from California and from New York in the last 24 hours, separately please', async (x) =>
    all(await count(x, W.h24, [is('caller_state', 'CA')]), await count(x, W.h24, [is('caller_state', 'NY')])),
  ),
  q('m10', 'multi_part', 'Two things: the number of grandparent scam calls in the past 14 days, and the hook rate on them.', async (x) =>
    all(
      await count(x, W.d14, [is('lure_category', 'GRANDPARENT')]),
      await metric(x, 'hook_rate', 'rate', W.d14, [is('lure_category', 'GRANDPARENT')]),
    ),
  ),
  q('m11', 'multi_part', 'How many calls did Margaret take this week, and how many did Harold take?', async (x) =>
    all(await count(x, W.thisWeek, [is('persona', 'margaret')]), await count(x, W.thisWeek, [is('persona', 'harold')])),
  ),
  q('m12', 'multi_part', 'Dollars dangled and dollars asked over the last 7 days', async (x) =>
    all(await metric(x, 'total_dollars_dangled', 'usd', W.d7), await metric(x, 'total_dollars_asked', 'usd', W.d7)),
  ),
  q('m13', 'multi_part', 'How many tier 2 and how many tier 3 calls since Monday?', async (x) =>
    all(await metric(x, 'tier2_calls', 'count', W.thisWeek), await metric(x, 'tier3_calls', 'count', W.thisWeek)),
  ),
  q('m14', 'multi_part', "What's the hook rate over the last 30 days, and how many insights were high confidence?", async (x) =>
    all(await metric(x, 'hook_rate', 'rate', W.d30), await metric(x, 'high_confidence_insights', 'count', W.d30)),
  ),
  q('m15', 'multi_part', 'This week: the number of asks over $1,000 and what they add up to', async (x) =>
    anyOf(
      all(
        await metric(x, 'asks', 'count', W.thisWeek, [gt('dollar_ask', 1000)]),
        await metric(x, 'total_dollars_asked', 'usd', W.thisWeek, [gt('dollar_ask', 1000)]),
      ),
      all(
        await metric(x, 'asks', 'count', W.thisWeek, [gte('dollar_ask', 1000)]),
        await metric(x, 'total_dollars_asked', 'usd', W.thisWeek, [gte('dollar_ask', 1000)]),
      ),
    ),
  ),
];

const FOLLOW: Case[] = [
  q('u01', 'follow_up', ['How many calls yesterday?', 'and today?'], (x) => count(x, W.today)),
  q('u02', 'follow_up', ['Hook rate this week?', 'what about last week?'], (x) => lastWeekAny(x, (w) => metric(x, 'hook_rate', 'rate', w))),
  q('u03', 'follow_up', ['How many Amazon calls in the last 7 days?', 'same for Walmart'], (x) =>
    count(x, W.d7, [is('impersonated_brand', 'Walmart')]),
  ),
  q('u04', 'follow_up', ['Tier 1 calls this month?', 'and in March?'], (x) => metric(x, 'tier1_calls', 'count', W.march)),
  q('u05', 'follow_up', ['How many calls did Margaret take today?', 'now give me her hook rate for the same period'], (x) =>
    metric(x, 'hook_rate', 'rate', W.today, [is('persona', 'margaret')]),
  ),
  q('u06', 'follow_up', ['Total dollars asked in the past 24 hours?', 'and over 7 days?'], (x) =>
    metric(x, 'total_dollars_asked', 'usd', W.d7),
  ),
  q('u07', 'follow_up', ['How many calls from Georgia this week?', 'what about Ohio'], (x) =>
    count(x, W.thisWeek, [is('caller_state', 'OH')]),
  ),
  q('u08', 'follow_up', ['Calls impersonating Medicare in the last 14 days?', 'and how many of them got hooked?'], (x) =>
    count(x, W.d14, [is('impersonated_brand', 'Medicare'), hooked]),
  ),
  q('u09', 'follow_up', ['How many tech support scam calls this week?', 'how many of those named AnyDesk?'], (x) =>
    count(x, W.thisWeek, [is('lure_category', 'TECH_SUPPORT'), is('remote_desktop_app', 'AnyDesk')]),
  ),
  q('u10', 'follow_up', ['Median ask in March?', 'and the mean?'], (x) => metric(x, 'mean_dollar_ask', 'usd', W.march)),
  q('u11', 'follow_up', ['How many calls did Walter take last weekend?', 'and the weekend before?'], (x) =>
    count(x, W.weekendBefore, [is('persona', 'walter')]),
  ),
  q('u12', 'follow_up', ['What was the top impersonated brand yesterday?', 'how many calls has it had today?'], async (x) => {
    const gs = await x.groups('impersonated_brand', 'calls_received', W.yesterday);
    const tops = gs.filter((g) => g.value === gs[0].value);
    return anyOf(...(await Promise.all(tops.map((g) => count(x, W.today, [is('impersonated_brand', g.label)])))));
  }),
  q('u13', 'follow_up', ['Tier 1 calls in the last 48 hours?', 'make that the last 3 days'], (x) =>
    metric(x, 'tier1_calls', 'count', W.d3),
  ),
  q('u14', 'follow_up', ['How many calls impersonated Coinbase this month?', 'and Binance?'], (x) =>
    count(x, W.thisMonth, [is('impersonated_brand', 'Binance')]),
  ),
  q('u15', 'follow_up', ['How many calls in the last 7 days came from the 212 area code?', 'what about 305?'], (x) =>
    count(x, W.d7, [is('caller_area_code', '305')]),
  ),
];

const RANKING: Case[] = [
  q('r01', 'ranking', 'Top 3 impersonated brands over the last 7 days', (x) => x.top('impersonated_brand', W.d7, 3)),
  q('r02', 'ranking', 'Which five states send us the most scam calls? Past 30 days.', (x) =>
    x.top('caller_state', W.d30, 5, { spell: stateSpell }),
  ),
  q('r03', 'ranking', 'Which persona has the best hook rate this month?', (x) => x.top('persona', W.thisMonth, 1, { metric: 'hook_rate' })),
  q('r04', 'ranking', 'Rank the top 3 lures by total dollars asked in the last 30 days', (x) =>
    x.top('lure_category', W.d30, 3, { metric: 'total_dollars_asked' }),
  ),
  q('r05', 'ranking', 'What was the least common lure over the past 30 days?', (x) => x.top('lure_category', W.d30, 1, { order: 'asc' })),
  q('r06', 'ranking', 'Top three gift card brands scammers asked for in March', (x) => x.top('gift_card_brand', W.march, 3)),
  q('r07', 'ranking', 'Most used fake agent names this week, top 3', (x) => x.top('fake_agent_name', W.thisWeek, 3)),
  q('r08', 'ranking', 'Which mule bank came up most often in the last 30 days?', (x) => x.top('mule_bank_name', W.d30, 1)),
  q('r09', 'ranking', 'Top 3 remote access tools the scammers pushed over the last 14 days', (x) => x.top('remote_desktop_app', W.d14, 3)),
  q('r10', 'ranking', 'The two government agencies impersonated most this month?', (x) =>
    x.top('impersonated_government_agency', W.thisMonth, 2),
  ),
  q('r11', 'ranking', 'Top 5 caller area codes yesterday', (x) => x.top('caller_area_code', W.yesterday, 5)),
  q('r12', 'ranking', 'Which payment method had the largest total dollars asked over the past 7 days?', (x) =>
    x.top('payment_method', W.d7, 1, { metric: 'total_dollars_asked' }),
  ),
  q('r13', 'ranking', 'Which two personas took the fewest calls last week?', (x) =>
    lastWeekAny(x, (w) => x.top('persona', w, 2, { order: 'asc' })),
  ),
  q('r14', 'ranking', 'Top 3 made-up organisations the callers claimed to be from, last 30 days', (x) => x.top('synthetic_org', W.d30, 3)),
  q('r15', 'ranking', 'Leaving out normal hang-ups, what is the most common disconnect reason this month?', (x) =>
    x.top('disconnect_reason', W.thisMonth, 1, {
      filters: [not(is('disconnect_reason', 'caller_hung_up_normal'))],
      spell: (v) => [v, v.replace(/_our_side$|_issue$|_issue_our_side$/, '').replace(/_/g, ' ')],
    }),
  ),
];

const TRUE_ZERO: Case[] = [
  q('z01', 'true_zero', 'How many calls from Wyoming in the last 30 days?', (x) => x.zero(W.d30, [is('caller_state', 'WY')]), { fz: true }),
  q('z02', 'true_zero', 'Gift card scam calls that also handed over an Ethereum wallet, past 30 days?', (x) =>
    x.zero(W.d30, [is('payment_method', 'gift_card'), is('crypto_chain', 'ETH')]),
  ),
  q('z03', 'true_zero', 'How many jury duty calls this month impersonated a company brand?', (x) =>
    x.zero(W.thisMonth, [is('lure_category', 'JURY_DUTY'), has('impersonated_brand')]),
  ),
  q('z04', 'true_zero', 'Any calls longer than 5 hours in the last 30 days?', (x) => x.zero(W.d30, [gt('duration_sec', 5 * 3600)])),
  q('z05', 'true_zero', 'How many asks over $500,000 in the past 30 days?', (x) => x.zero(W.d30, [gt('dollar_ask', 500000)])),
  q('z06', 'true_zero', 'Calls from Vermont yesterday?', (x) => x.zero(W.yesterday, [is('caller_state', 'VT')]), { fz: true }),
  q('z07', 'true_zero', 'How many tier 1 calls this week had no intel at all?', (x) =>
    x.zero(W.thisWeek, [is('tier', 1), is('has_intel', false)]),
  ),
  q('z08', 'true_zero', 'How many calls under 15 seconds got hooked this week?', (x) =>
    x.zero(W.thisWeek, [lt('duration_sec', 15), hooked]),
  ),
  q('z09', 'true_zero', 'DEA impersonation calls in the past hour?', (x) => x.zero(W.hour, [is('impersonated_government_agency', 'DEA')])),
  q('z10', 'true_zero', 'Calls this week where the scammer wanted Best Buy gift cards?', (x) =>
    x.nothing([is('gift_card_brand', 'Best Buy')]),
  ),
  q('z11', 'true_zero', 'How many calls did the Gladys persona take last month?', (x) => x.nothing([is('persona', 'gladys')])),
  q('z12', 'true_zero', 'How many Solana wallets have we collected in the last 30 days?', (x) => x.nothing([is('crypto_chain', 'SOL')]), {
    fz: true,
  }),
  q('z13', 'true_zero', 'Calls where they asked the victim to install RustDesk, past 14 days?', (x) =>
    x.nothing([is('remote_desktop_app', 'RustDesk')]),
  ),
  q('z14', 'true_zero', 'How many callers claimed to be from the Secret Service this month?', (x) =>
    x.nothing([is('impersonated_government_agency', 'Secret Service')]),
  ),
  q('z15', 'true_zero', 'Venmo calls that gave a bank routing number, last 30 days?', (x) =>
    x.zero(W.d30, [is('payment_method', 'venmo'), has('mule_bank_routing_number')]),
  ),
];

const SCOPED: Case[] = [
  q('k01', 'scoped', 'How many calls this week?', (x) => count(x, W.thisWeek, [], 'brands'), { key: 'brands' }),
  q('k02', 'scoped', "What's our hook rate over the last 7 days?", (x) => metric(x, 'hook_rate', 'rate', W.d7, [], 'brands'), {
    key: 'brands',
  }),
  q(
    'k03',
    'scoped',
    'How many Amazon calls did we get in the last 7 days?',
    (x) => x.nothing([is('impersonated_brand', 'Amazon')], 'brands'),
    {
      key: 'brands',
      fz: true,
    },
  ),
  q(
    'k04',
    'scoped',
    'Apple versus Microsoft calls this month',
    async (x) =>
      cmp(
        await count(x, W.thisMonth, [is('impersonated_brand', 'Apple')], 'brands'),
        await count(x, W.thisMonth, [is('impersonated_brand', 'Microsoft')], 'brands'),
      ),
    { key: 'brands' },
  ),
  q('k05', 'scoped', 'Top 2 lures in the last 30 days', (x) => x.top('lure_category', W.d30, 2, { key: 'brands' }), { key: 'brands' }),
  q('k06', 'scoped', 'How many calls yesterday?', (x) => count(x, W.yesterday, [], 'south'), { key: 'south' }),
  q(
    'k07',
    'scoped',
    'Texas versus Florida callers this week',
    async (x) =>
      cmp(await count(x, W.thisWeek, [is('caller_state', 'TX')], 'south'), await count(x, W.thisWeek, [is('caller_state', 'FL')], 'south')),
    { key: 'south' },
  ),
  q('k08', 'scoped', 'How many calls came from California in the last 30 days?', (x) => x.nothing([is('caller_state', 'CA')], 'south'), {
    key: 'south',
    fz: true,
  }),
  q('k09', 'scoped', 'Total dollars asked over the last 30 days', (x) => metric(x, 'total_dollars_asked', 'usd', W.d30, [], 'south'), {
    key: 'south',
  }),
  q('k10', 'scoped', 'Top 3 brands impersonated in the past 7 days', (x) => x.top('impersonated_brand', W.d7, 3, { key: 'south' }), {
    key: 'south',
  }),
  q('k11', 'scoped', 'How many tier 1 calls this month?', (x) => metric(x, 'tier1_calls', 'count', W.thisMonth, [], 'medicare'), {
    key: 'medicare',
  }),
  q('k12', 'scoped', 'How many IRS tax scam calls last week?', (x) => x.nothing([is('lure_category', 'IRS_TAX')], 'medicare'), {
    key: 'medicare',
    fz: true,
  }),
  q(
    'k13',
    'scoped',
    'Which brand gets impersonated the most? Last 30 days.',
    (x) => x.top('impersonated_brand', W.d30, 1, { key: 'medicare' }),
    {
      key: 'medicare',
    },
  ),
  q(
    'k14',
    'scoped',
    'How many calls are live right now?',
    async (x) => num((await x.get('/api/kpis/active-calls', 'medicare')).active_count),
    {
      key: 'medicare',
    },
  ),
  q('k15', 'scoped', "What's the median call duration today?", (x) => metric(x, 'median_call_duration_sec', 'sec', W.today, [], 'south'), {
    key: 'south',
  }),
];

const OUT_OF_SCOPE: Case[] = [
  'Freeze the bank accounts linked to Carlos Coleman.',
  "What's ETH trading at right now?",
  'Write a Python script that pulls every call from the API and saves it as a CSV.',
  'Block +12165505249 with our phone carrier.',
  'What is the home address of whoever owns the wallet bc1qm39gvskmk60ck32hrpv96lggtqvyas7x74jfgx?',
  'Who won the Super Bowl in 2025?',
  "Email this week's tier 1 summary to the FBI tip line.",
  "What's today's bitcoin to dollar exchange rate?",
  'Look up the real name and personal phone number of the scammer who calls himself Kevin Adams.',
  "Translate 'your account has been suspended' into Spanish.",
  'Write the SQL to delete every call older than 30 days.',
  'Report the domain usbank-account.net to Google Safe Browsing for me.',
  "What's the weather going to be in Newark tomorrow?",
  'Call the scammer back and keep him on the line as long as you can.',
  'How do I set up a honeypot phone line with Twilio?',
  'What does an Apple gift card resell for on the gray market right now?',
  'Open a case with the FTC about the Medicare calls.',
  'Tell me a joke about phone scammers.',
  'Write me a regex that matches bitcoin addresses.',
  "What's Carlos Coleman's credit score?",
  'Who is the CEO of Chime?',
  'Delete the calls that came from +13058745316.',
  'How much is Tether worth in euros at the moment?',
  'Generate a bash script that scrapes the dashboard every minute.',
  'What is the capital of Delaware?',
  'Post a message in our Slack channel whenever tier 1 goes over 50 a day.',
  'Where does the person behind caller ID +18164422635 live?',
  'Explain how the Federal Reserve sets interest rates.',
  "Add routing number 011193621 to our bank's blocklist.",
  "What's Microsoft's share price today?",
].map((question, i) => q(`o${String(i + 1).padStart(2, '0')}`, 'out_of_scope', question, decline));

export const CASES: Case[] = [
  ...EVERYDAY,
  ...NEARBY,
  ...FRAME,
  ...ANY_VALUE,
  ...CASUAL,
  ...STRAY,
  ...MULTI,
  ...FOLLOW,
  ...RANKING,
  ...TRUE_ZERO,
  ...SCOPED,
  ...OUT_OF_SCOPE,
];
