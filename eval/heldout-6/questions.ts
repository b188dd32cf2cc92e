// The questions of the sixth held-out set (issue #26), each with its truth computed at run time from
// the REST API with the case's key (truths.ts). HELD OUT: never tune the agent against this file,
// never quote it in commit messages or issues.

import type { EvalCase } from '../shared/cases.js';
import type { Truth } from '../shared/judge.js';
import {
  all,
  anyOf,
  compare,
  count,
  Ctx,
  dec,
  decline,
  dir,
  label,
  mustNothing,
  mustZero,
  rate,
  ranking,
  sec,
  usd,
  W,
  yesno,
  type F,
  type Win,
} from './truths.js';
import type { KeyName } from './world.js';
import { ISSUE_CLASSES } from '../shared/cases.js';

export const CLASSES = ISSUE_CLASSES;
type Cls = (typeof CLASSES)[number];

export type Case = EvalCase<Ctx, KeyName>;

interface Opts {
  key?: KeyName;
  dashboard_range?: string;
  fz?: boolean;
}

/** A question naming no window about a value: the dashboard sends a range holding all the data. */
const EVER: Opts = { dashboard_range: '90d' };

const CASES_: Case[] = [];
let n = 0;
function c(cls: Cls, turns: string | string[], truth: (x: Ctx) => Promise<Truth>, o: Opts = {}): void {
  n += 1;
  // A value named in the question (or a scoped figure) is watched for a false zero.
  const fz = o.fz ?? (cls === 'any_value' || cls === 'scoped');
  CASES_.push({ id: `h6-${String(n).padStart(3, '0')}`, cls, turns: typeof turns === 'string' ? [turns] : turns, truth, ...o, fz });
}

// ---------------------------------------------------------------- helpers

const is = (field: string, ...v: unknown[]): F => ['is', field, v];
const has = (field: string): F => ['has', field];
const contains = (field: string, ...v: string[]): F => ['contains', field, v];

const STATE_NAMES: Record<string, string> = {
  NY: 'New York',
  CA: 'California',
  TX: 'Texas',
  FL: 'Florida',
  GA: 'Georgia',
  IL: 'Illinois',
  NJ: 'New Jersey',
  AZ: 'Arizona',
  PA: 'Pennsylvania',
  DC: 'District of Columbia',
  WA: 'Washington',
  OH: 'Ohio',
  NC: 'North Carolina',
  NV: 'Nevada',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MD: 'Maryland',
  TN: 'Tennessee',
  MO: 'Missouri',
  WI: 'Wisconsin',
  PR: 'Puerto Rico',
  CO: 'Colorado',
  VA: 'Virginia',
};
const state = (l: string) => (STATE_NAMES[l] ? [l, STATE_NAMES[l]] : [l]);

async function cnt(x: Ctx, w: Win, filters: F[] = [], key: KeyName = 'read'): Promise<Truth> {
  return count(await x.count(w, filters, key));
}
async function val(x: Ctx, metric: string, w: Win, filters: F[] = [], key: KeyName = 'read'): Promise<number> {
  return x.value(metric, w, filters, key);
}
/** The top group's label (any of the tied values at the top). */
async function top(x: Ctx, dim: string, metric: string, w: Win, filters: F[] = [], key: KeyName = 'read', spell = (l: string) => [l]) {
  const g = await x.groups(dim, metric, w, filters, key);
  if (!g.length) throw new Error(`no ${dim} groups`);
  return label(...g.filter((r) => r.value === g[0].value).flatMap((r) => spell(r.label)));
}
/** The bottom group's label (any of the tied values at the bottom). */
async function bottom(x: Ctx, dim: string, w: Win, filters: F[] = []) {
  const g = await x.groups(dim, 'calls_received', w, filters);
  const last = g[g.length - 1].value;
  return label(...g.filter((r) => r.value === last).map((r) => r.label));
}
async function rankBy(
  x: Ctx,
  dim: string,
  metric: string,
  w: Win,
  nTop: number,
  filters: F[] = [],
  key: KeyName = 'read',
  spell?: (l: string) => string[],
) {
  return ranking(await x.groups(dim, metric, w, filters, key), nTop, spell);
}
/** Weekend (Saturday, Sunday) and weekday sums of a metric over a window. */
async function weekendSplit(x: Ctx, metric: string, w: Win): Promise<[number, number]> {
  const g = await x.groups('time:weekday', metric, w);
  const we = g.filter((r) => r.label === 'saturday' || r.label === 'sunday').reduce((a, r) => a + r.value, 0);
  const wd = g.filter((r) => r.label !== 'saturday' && r.label !== 'sunday').reduce((a, r) => a + r.value, 0);
  return [we, wd];
}
async function active(x: Ctx, key: KeyName = 'read'): Promise<number> {
  return (await x.get('/api/kpis/active-calls', key)).active_count as number;
}
interface Tier1Row {
  call_sid: string;
  mule_bank_name: string | null;
}
async function tier1Rows(x: Ctx, w: Win): Promise<Tier1Row[]> {
  const r = await x.get(`/api/kpis/tier1?start=${w.start.toISOString()}&end=${w.end.toISOString()}&limit=200`);
  return r.items as Tier1Row[];
}
/** "over N": strictly above, or at least. */
async function overAsks(x: Ctx, metric: string, w: Win, v: number) {
  return [await val(x, metric, w, [['gt', 'dollar_ask', v]]), await val(x, metric, w, [['gte', 'dollar_ask', v]])];
}
/** "last week": the calendar week before this one, or the last 7 days. */
async function lastWeekEither(x: Ctx, f: (w: Win) => Promise<Truth>): Promise<Truth> {
  return anyOf(await f(W.lastWeek), await f(W.d7));
}
const d28: Win = { start: new Date(W.d30.end.getTime() - 28 * 86_400_000), end: W.d30.end };
const jan10: Win = { start: new Date('2028-01-10T00:00:00Z'), end: new Date('2028-01-11T00:00:00Z') };
const jan11: Win = { start: new Date('2028-01-11T00:00:00Z'), end: new Date('2028-01-12T00:00:00Z') };
const dec1to15: Win = { start: new Date('2027-12-01T00:00:00Z'), end: new Date('2027-12-16T00:00:00Z') };
const dec16to31: Win = { start: new Date('2027-12-16T00:00:00Z'), end: new Date('2028-01-01T00:00:00Z') };
const beforeJan1: Win = { start: W.d30.start, end: new Date('2028-01-01T00:00:00Z') };
const sinceJan1: Win = { start: new Date('2028-01-01T00:00:00Z'), end: W.d30.end };
const h1: Win = { start: new Date(W.h24.end.getTime() - 3_600_000), end: W.h24.end };
const nov2027: Win = { start: new Date('2027-11-01T00:00:00Z'), end: new Date('2027-12-01T00:00:00Z') };
const dec1: Win = { start: new Date('2027-12-01T00:00:00Z'), end: new Date('2027-12-02T00:00:00Z') };

// ================================================================ everyday

c('everyday', 'How many scam calls did the honeypot pick up in the past 24 hours?', (x) => cnt(x, W.h24));
c('everyday', "What's our hook rate over the last seven days?", async (x) => rate(await val(x, 'hook_rate', W.d7)));
c('everyday', 'How much money in total did the callers demand during December?', async (x) =>
  usd(await val(x, 'total_dollars_asked', W.december)),
);
c('everyday', 'Give me the median dollar amount requested per ask across the last 30 days.', async (x) =>
  usd(await val(x, 'median_dollar_ask', W.d30)),
);
c('everyday', 'What is the 90th percentile call duration for January so far?', async (x) =>
  sec(await val(x, 'p90_call_duration_sec', W.thisMonth)),
);
c('everyday', 'Which of our personas fielded the most calls this past week?', async (x) =>
  anyOf(await top(x, 'persona', 'calls_received', W.d7), await top(x, 'persona', 'calls_received', W.lastWeek)),
);
c('everyday', 'How many calls got cut off because the AI session reached its cap, last 30 days?', (x) =>
  cnt(x, W.d30, [is('disconnect_reason', 'ai_session_capped')]),
);
c('everyday', 'How many calls are in progress on the honeypot at this moment?', async (x) => count(await active(x)), { fz: true });
c('everyday', 'Pull up the most recent tier-1 call for me. Which call was it?', async (x) => {
  const rows = await tier1Rows(x, W.d7);
  return label(rows[0].call_sid);
});
c('everyday', 'In the newest tier 1 call that gave up a bank account, which bank was it?', async (x) => {
  const row = (await tier1Rows(x, W.d7)).find((r) => r.mule_bank_name);
  if (!row) throw new Error('no tier-1 row with a bank in 7 days');
  return label(row.mule_bank_name!);
});
c('everyday', 'Number of tier 1 calls yesterday?', (x) => cnt(x, W.yesterday, [is('tier', 1)]));
c('everyday', 'What was the average length of a call over the past week?', async (x) =>
  anyOf(sec(await val(x, 'avg_call_duration_sec', W.d7)), sec(await val(x, 'avg_call_duration_sec', W.lastWeek))),
);
c('everyday', 'What was the single longest call in the last 30 days, in seconds?', async (x) =>
  sec(await val(x, 'max_call_duration_sec', W.d30)),
);
c('everyday', 'How many calls has the harold persona handled since Monday?', (x) => cnt(x, W.thisWeek, [is('persona', 'harold')]));
c('everyday', 'How many insights did the auditor extract from yesterday’s calls?', async (x) =>
  count(await val(x, 'insights_produced', W.yesterday)),
);
c('everyday', 'Count of high-confidence insights over the last 7 days?', async (x) =>
  count(await val(x, 'high_confidence_insights', W.d7)),
);
c('everyday', 'What has the auditor’s average confidence been across the last 30 days?', async (x) =>
  dec(await val(x, 'avg_auditor_confidence', W.d30)),
);
c('everyday', 'How many dollars did the scammers dangle in front of our personas in the last 7 days?', async (x) =>
  usd(await val(x, 'total_dollars_dangled', W.d7)),
);
c('everyday', 'Largest single amount anyone asked for this month?', async (x) => usd(await val(x, 'max_single_ask', W.thisMonth)));
c('everyday', 'How many calls dropped due to a websocket problem on our side last week?', (x) =>
  lastWeekEither(x, (w) => cnt(x, w, [is('disconnect_reason', 'websocket_issue_our_side')])),
);
c('everyday', 'How many calls in the last 24 hours closed cleanly?', async (x) => count(await val(x, 'cleanly_closed', W.h24)));
c('everyday', 'Tier 2 call count for the last two weeks, please.', (x) => cnt(x, W.d14, [is('tier', 2)]));
c('everyday', 'What share of today’s calls were hooked?', async (x) => rate(await val(x, 'hook_rate', W.today)));
c('everyday', 'How many scam calls came in on Christmas Day?', (x) => cnt(x, W.christmasDay));
c('everyday', 'How many calls over the last 30 days came from Texas numbers?', (x) => cnt(x, W.d30, [is('caller_state', 'TX')]));
c('everyday', 'What was the most frequent lure in the last 7 days?', async (x) => top(x, 'lure_category', 'calls_received', W.d7));
c('everyday', 'Median call length yesterday?', async (x) => sec(await val(x, 'median_call_duration_sec', W.yesterday)));
c('everyday', 'How many calls did we log on New Year’s Eve?', (x) => cnt(x, W.newYearsEve));
c('everyday', 'How many calls failed because of the voice engine in the last fourteen days?', (x) =>
  cnt(x, W.d14, [is('disconnect_reason', 'voice_engine_issue')]),
);
c('everyday', 'Which state did the most calls originate from in January?', async (x) =>
  top(x, 'caller_state', 'calls_received', W.thisMonth, [], 'read', state),
);
c('everyday', 'How many separate dollar demands were made across yesterday’s calls?', async (x) =>
  count(await val(x, 'asks', W.yesterday)),
);

// ================================================================ nearby_figure

c('nearby_figure', 'How many calls were hooked in the last 7 days? The number of calls, not the percentage.', async (x) =>
  count(await val(x, 'hooked_calls', W.d7)),
);
c('nearby_figure', 'What percentage of calls in the past 30 days reached tier 1?', async (x) => {
  const [calls, t1] = await x.values(['calls_received', 'tier1_calls'], W.d30);
  return rate(t1! / calls!);
});
c('nearby_figure', 'Not calls, individual asks: how many dollar requests were there in the last 24 hours?', async (x) =>
  count(await val(x, 'asks', W.h24)),
);
c('nearby_figure', 'How many calls since Monday contained at least one request for money?', (x) => cnt(x, W.thisWeek, [has('dollar_ask')]));
c('nearby_figure', 'In the last 7 days, how many calls did NOT get hooked?', (x) => cnt(x, W.d7, [is('hooked', false)]));
c('nearby_figure', 'How many single asks fell between $500 and $1,000 over the last 30 days?', async (x) =>
  count(await val(x, 'asks', W.d30, [['between', 'dollar_ask', [500, 1000]]])),
);
c('nearby_figure', 'How many individual asks this month were over $5,000?', async (x) => {
  const [gt, gte] = await overAsks(x, 'asks', W.thisMonth, 5000);
  return anyOf(count(gt), count(gte));
});
c('nearby_figure', 'How many different crypto wallet addresses appeared in the last 30 days?', async (x) =>
  count(await val(x, 'distinct:crypto_wallet_address', W.d30)),
);
c('nearby_figure', 'How many calls in the past 30 days included a crypto wallet address?', (x) =>
  cnt(x, W.d30, [has('crypto_wallet_address')]),
);
c('nearby_figure', 'How many unique mule account numbers did we collect in December?', async (x) =>
  count(await val(x, 'distinct:mule_bank_account_number', W.december)),
);
c('nearby_figure', 'What was the mean ask (the average, not the median) over the last 7 days?', async (x) =>
  usd(await val(x, 'mean_dollar_ask', W.d7)),
);
c('nearby_figure', 'Yesterday, how much was dangled as bait (not how much was asked)?', async (x) =>
  usd(await val(x, 'total_dollars_dangled', W.yesterday)),
);
c('nearby_figure', 'Of the Amazon impersonation calls in the last 30 days, what fraction were hooked?', async (x) =>
  rate(await val(x, 'hook_rate', W.d30, [is('impersonated_brand', 'Amazon')])),
);
c('nearby_figure', 'How many distinct fake agent names did callers use in the last week?', async (x) =>
  anyOf(count(await val(x, 'distinct:fake_agent_name', W.d7)), count(await val(x, 'distinct:fake_agent_name', W.lastWeek))),
);
c('nearby_figure', 'How many unique caller numbers rang us yesterday, as opposed to the number of calls?', async (x) =>
  count(await val(x, 'distinct:caller_id', W.yesterday)),
);
c('nearby_figure', 'Median duration of the hooked calls only, last 7 days?', async (x) =>
  sec(await val(x, 'median_call_duration_sec', W.d7, [is('hooked', true)])),
);
c('nearby_figure', 'How many calls in the past 24 hours lasted under 15 seconds?', (x) => cnt(x, W.h24, [['lt', 'duration_sec', 15]]));
c('nearby_figure', 'How many calls last week ran longer than 10 minutes?', async (x) => {
  const opts: Truth[] = [];
  for (const w of [W.lastWeek, W.d7]) for (const op of ['gt', 'gte']) opts.push(await cnt(x, w, [[op, 'duration_sec', 600]]));
  return anyOf(...opts);
});
c('nearby_figure', 'What portion of this week’s calls yielded any intel at all?', async (x) => {
  const calls = await x.count(W.thisWeek);
  return rate((await x.count(W.thisWeek, [is('has_intel', true)])) / calls);
});
c('nearby_figure', 'How many asks under $100 were made in December?', async (x) =>
  count(await val(x, 'asks', W.december, [['lt', 'dollar_ask', 100]])),
);
c('nearby_figure', 'What is the sum of just the asks between $1,000 and $2,500 in the last 30 days?', async (x) =>
  usd(await val(x, 'total_dollars_asked', W.d30, [['between', 'dollar_ask', [1000, 2500]]])),
);
c('nearby_figure', 'How many distinct phishing URLs did we see in the last 30 days?', async (x) =>
  count(await val(x, 'distinct:phishing_url', W.d30)),
);
c('nearby_figure', 'How many calls over the past 7 days pushed a phishing link?', (x) => cnt(x, W.d7, [has('phishing_url')]));
c('nearby_figure', 'How many different gift card brands were requested this month?', async (x) =>
  count(await val(x, 'distinct:gift_card_brand', W.thisMonth)),
);
c('nearby_figure', 'As a share of all calls, how many produced a high-confidence insight in the last 7 days?', async (x) => {
  const [calls, hi] = await x.values(['calls_received', 'high_confidence_insights'], W.d7);
  return rate(hi! / calls!);
});
c('nearby_figure', 'How many of yesterday’s calls were not cleanly closed?', async (x) => {
  const [calls, clean] = await x.values(['calls_received', 'cleanly_closed'], W.yesterday);
  return count(calls! - clean!);
});

// ================================================================ frame

c('frame', 'Over the last 30 days, how many calls came in on weekends versus on weekdays (totals)?', async (x) => {
  const [we, wd] = await weekendSplit(x, 'calls_received', W.d30);
  return compare(count(we), count(wd));
});
c('frame', 'Is the hook rate better on weekends or weekdays? Look at the last 14 days.', async (x) => {
  const [weH, wdH] = await weekendSplit(x, 'hooked_calls', W.d14);
  const [weC, wdC] = await weekendSplit(x, 'calls_received', W.d14);
  return compare(rate(weH / weC), rate(wdH / wdC));
});
c('frame', 'Calls since Monday compared with the same point last week?', async (x) =>
  compare(await cnt(x, W.thisWeek), await cnt(x, W.lastWeekSameStretch)),
);
c('frame', 'Week by week, how many calls have we had since the start of December?', async (x) => {
  const w = { start: W.december.start, end: W.today.end };
  const g = await x.query({
    metrics: ['calls_received'],
    dimensions: ['time:week'],
    start: w.start.toISOString(),
    end: w.end.toISOString(),
  });
  return all(...g.results.map((r) => count(r.metrics[0]!)));
});
c('frame', 'Month over month: total dollars asked in January so far against all of December.', async (x) =>
  compare(usd(await val(x, 'total_dollars_asked', W.thisMonth)), usd(await val(x, 'total_dollars_asked', W.december))),
);
c('frame', 'Split the last 14 days in two: did call volume rise or fall in the second half?', async (x) => {
  const a = await x.count(W.d7);
  const b = await x.count(W.firstHalf14);
  return compare(count(a), count(b), dir(a, b));
});
c('frame', 'Hook rate before December 20 versus after, within the last 30 days.', async (x) =>
  compare(rate(await val(x, 'hook_rate', W.beforeDec20)), rate(await val(x, 'hook_rate', W.afterDec20))),
);
c('frame', 'Put Amazon and PayPal impersonation counts side by side for the last 30 days.', async (x) =>
  compare(await cnt(x, W.d30, [is('impersonated_brand', 'Amazon')]), await cnt(x, W.d30, [is('impersonated_brand', 'PayPal')])),
);
c('frame', 'Did we get more calls yesterday than the day before?', async (x) => {
  const a = await x.count(W.yesterday);
  const b = await x.count(W.dayBefore);
  return yesno(a > b, compare(count(a), count(b)));
});
c('frame', 'Is this week’s hook rate so far higher than the same days last week?', async (x) => {
  const a = await val(x, 'hook_rate', W.thisWeek);
  const b = await val(x, 'hook_rate', W.lastWeekSameStretch);
  return yesno(a > b, compare(rate(a), rate(b)));
});
c('frame', 'Compare call volume on Christmas Eve with Christmas Day.', async (x) =>
  compare(await cnt(x, W.christmasEve), await cnt(x, W.christmasDay)),
);
c('frame', 'Tier-1 calls from January 1 to now, versus the same dates in December.', async (x) => {
  // December 1 to the same instant of the 13th, or to the end of December 13.
  const jan = await cnt(x, W.thisMonth, [is('tier', 1)]);
  const dec13End: Win = { start: W.decemberSameStretch.start, end: new Date('2027-12-14T00:00:00Z') };
  return anyOf(compare(jan, await cnt(x, W.decemberSameStretch, [is('tier', 1)])), compare(jan, await cnt(x, dec13End, [is('tier', 1)])));
});
c('frame', 'Over the last four weeks, which day of the week is busiest for scam calls?', async (x) =>
  top(x, 'time:weekday', 'calls_received', d28),
);
c('frame', 'How did last weekend’s call count compare with the weekend before?', async (x) => {
  const a = await x.count(W.lastWeekend);
  const b = await x.count(W.weekendBefore);
  return compare(count(a), count(b));
});
c('frame', 'Median ask: December versus January to date.', async (x) =>
  compare(usd(await val(x, 'median_dollar_ask', W.december)), usd(await val(x, 'median_dollar_ask', W.thisMonth))),
);
c('frame', 'Gift card payment requests against crypto ATM requests over the last 7 days.', async (x) =>
  compare(await cnt(x, W.d7, [is('payment_method', 'gift_card')]), await cnt(x, W.d7, [is('payment_method', 'crypto_atm')])),
);
c('frame', 'This month, Texas callers vs Florida callers: how many each?', async (x) =>
  compare(await cnt(x, W.thisMonth, [is('caller_state', 'TX')]), await cnt(x, W.thisMonth, [is('caller_state', 'FL')])),
);
c('frame', 'Have tier 1 calls dropped this week compared to the same stretch last week?', async (x) => {
  const a = await x.count(W.thisWeek, [is('tier', 1)]);
  const b = await x.count(W.lastWeekSameStretch, [is('tier', 1)]);
  return yesno(a < b, compare(count(a), count(b)));
});
c('frame', 'Total asked in the last 7 days against the 7 days before that: up or down?', async (x) => {
  const a = await val(x, 'total_dollars_asked', W.d7);
  const b = await val(x, 'total_dollars_asked', W.prev7);
  return compare(usd(a), usd(b), dir(a, b));
});
c('frame', 'Margaret versus Harold: how many calls did each take in the last 7 days?', async (x) =>
  compare(await cnt(x, W.d7, [is('persona', 'margaret')]), await cnt(x, W.d7, [is('persona', 'harold')])),
);
c('frame', 'Hook rate for the margaret persona compared with walter, last 30 days.', async (x) =>
  compare(
    rate(await val(x, 'hook_rate', W.d30, [is('persona', 'margaret')])),
    rate(await val(x, 'hook_rate', W.d30, [is('persona', 'walter')])),
  ),
);
c('frame', 'Daily call counts for Monday, Tuesday and Wednesday of this week.', async (x) =>
  all(await cnt(x, jan10), await cnt(x, jan11), await cnt(x, W.yesterday)),
);
c('frame', 'How much was asked on New Year’s Day compared with New Year’s Eve?', async (x) =>
  compare(usd(await val(x, 'total_dollars_asked', W.newYearsDay)), usd(await val(x, 'total_dollars_asked', W.newYearsEve))),
);
c('frame', 'December calls: the 1st through the 15th against the 16th through the 31st.', async (x) =>
  compare(await cnt(x, dec1to15), await cnt(x, dec16to31)),
);
c('frame', 'IRS-themed calls in the last 30 days: before New Year versus after?', async (x) => {
  const byLure = compare(
    await cnt(x, beforeJan1, [is('lure_category', 'IRS_TAX')]),
    await cnt(x, sinceJan1, [is('lure_category', 'IRS_TAX')]),
  );
  const byAgency = compare(
    await cnt(x, beforeJan1, [is('impersonated_government_agency', 'IRS')]),
    await cnt(x, sinceJan1, [is('impersonated_government_agency', 'IRS')]),
  );
  return anyOf(byLure, byAgency);
});
c('frame', 'In the last 7 days, was the hook rate higher on weekdays than on the weekend?', async (x) => {
  const [weH, wdH] = await weekendSplit(x, 'hooked_calls', W.d7);
  const [weC, wdC] = await weekendSplit(x, 'calls_received', W.d7);
  return yesno(wdH / wdC > weH / weC, compare(rate(wdH / wdC), rate(weH / weC)));
});
c('frame', 'Hooked calls this month compared to last month.', async (x) =>
  compare(count(await val(x, 'hooked_calls', W.thisMonth)), count(await val(x, 'hooked_calls', W.december))),
);
c('frame', 'Week over week, how did tier-2 calls change (last 7 days vs the prior 7)?', async (x) => {
  const a = await x.count(W.d7, [is('tier', 2)]);
  const b = await x.count(W.prev7, [is('tier', 2)]);
  return compare(count(a), count(b), dir(a, b));
});
c('frame', 'AnyDesk versus TeamViewer over the last 30 days, calls for each.', async (x) =>
  compare(await cnt(x, W.d30, [is('remote_desktop_app', 'AnyDesk')]), await cnt(x, W.d30, [is('remote_desktop_app', 'TeamViewer')])),
);
c('frame', 'Was yesterday’s hook rate above the 30-day hook rate?', async (x) => {
  const a = await val(x, 'hook_rate', W.yesterday);
  const b = await val(x, 'hook_rate', W.d30);
  return yesno(a > b, compare(rate(a), rate(b)));
});
c('frame', 'How do this week’s calls so far stack up against the whole of last week?', async (x) =>
  compare(await cnt(x, W.thisWeek), await cnt(x, W.lastWeek)),
);

// ================================================================ any_value

c('any_value', 'How many calls featured a fake agent calling himself Kevin Wilson in the last 30 days?', (x) =>
  cnt(x, W.d30, [is('fake_agent_name', 'Kevin Wilson')]),
);
c('any_value', 'Has "Customer Refund Services LLC" shown up this month? On how many calls?', (x) =>
  cnt(x, W.thisMonth, [is('synthetic_org', 'Customer Refund Services LLC')]),
);
c(
  'any_value',
  'How many calls gave 3606 Pine Blvd, Houston, TX 77072 as the place to mail cash?',
  (x) => cnt(x, W.y365, [is('physical_mule_drop_address', '3606 Pine Blvd, Houston, TX 77072')]),
  EVER,
);
c(
  'any_value',
  'What chain is the wallet 17ibcyT4RGQjuXsswrRLJxsykrCZExVe7Q on?',
  async (x) => top(x, 'crypto_chain', 'calls_received', W.y365, [is('crypto_wallet_address', '17ibcyT4RGQjuXsswrRLJxsykrCZExVe7Q')]),
  EVER,
);
c(
  'any_value',
  'Which bank goes with routing number 113422203 in our data?',
  async (x) => top(x, 'mule_bank_name', 'calls_received', W.y365, [is('mule_bank_routing_number', '113422203')]),
  EVER,
);
c(
  'any_value',
  'Whose name is on mule account 1813364966?',
  async (x) => top(x, 'mule_account_holder_name', 'calls_received', W.y365, [is('mule_bank_account_number', '1813364966')]),
  EVER,
);
c(
  'any_value',
  'How many calls named Destiny Foster as the account holder?',
  (x) => cnt(x, W.y365, [is('mule_account_holder_name', 'Destiny Foster')]),
  EVER,
);
c(
  'any_value',
  'How many calls pointed victims to amaz0n-desk.com?',
  (x) => cnt(x, W.y365, [contains('phishing_url', 'amaz0n-desk.com')]),
  EVER,
);
c('any_value', 'How many times did +14048867460 call us in the last 30 days?', (x) => cnt(x, W.d30, [is('caller_id', '+14048867460')]));
c('any_value', 'How many calls this week asked for Google Play cards?', (x) => cnt(x, W.thisWeek, [is('gift_card_brand', 'Google Play')]));
c('any_value', 'How many callers claimed to be the U.S. Marshals in December?', (x) =>
  cnt(x, W.december, [is('impersonated_government_agency', 'U.S. Marshals')]),
);
c(
  'any_value',
  'How many calls gave a cash drop address in Baltimore, MD?',
  (x) => cnt(x, W.y365, [contains('physical_mule_drop_address', 'Baltimore, MD')]),
  EVER,
);
c('any_value', 'Which crypto wallet address came up most often this month?', async (x) =>
  top(x, 'crypto_wallet_address', 'calls_received', W.thisMonth),
);
c(
  'any_value',
  'How many calls named Summit Wholesale Group LLC as the account holder?',
  (x) => cnt(x, W.y365, [is('mule_account_holder_name', 'Summit Wholesale Group LLC')]),
  EVER,
);
c('any_value', 'How many calls in the last 30 days gave a wallet on the TRON chain?', (x) => cnt(x, W.d30, [is('crypto_chain', 'TRON')]));
c(
  'any_value',
  'How many calls named Navy Federal Credit Union as the receiving bank?',
  (x) => cnt(x, W.y365, [is('mule_bank_name', 'Navy Federal Credit Union')]),
  EVER,
);
c(
  'any_value',
  'How many calls used the wellsfargo-center.support domain?',
  (x) => cnt(x, W.y365, [contains('phishing_url', 'wellsfargo-center.support')]),
  EVER,
);
c('any_value', 'How often did the "Federal Reserve Protection Unit" come up in the last 14 days?', (x) =>
  cnt(x, W.d14, [is('synthetic_org', 'Federal Reserve Protection Unit')]),
);
c('any_value', 'Which government agency did scammers pretend to be most in the last 30 days?', async (x) =>
  top(x, 'impersonated_government_agency', 'calls_received', W.d30),
);
c('any_value', 'How many calls used the alias Jessica Baker?', (x) => cnt(x, W.y365, [is('fake_agent_name', 'Jessica Baker')]), EVER);
c(
  'any_value',
  'What routing number shows up with Capital One accounts?',
  async (x) => {
    const g = await x.groups('mule_bank_routing_number', 'calls_received', W.y365, [is('mule_bank_name', 'Capital One')]);
    return label(...g.map((r) => r.label));
  },
  EVER,
);
c(
  'any_value',
  'How many calls gave a drop address in Texas (TX)?',
  (x) => cnt(x, W.y365, [contains('physical_mule_drop_address', ', TX ')]),
  EVER,
);
c('any_value', 'How many calls in the last 30 days asked for Visa Vanilla cards?', (x) =>
  cnt(x, W.d30, [is('gift_card_brand', 'Visa Vanilla')]),
);
c(
  'any_value',
  'How many calls mentioned the wallet bc1q0jdsj84jej8t5udwxvgdnalyw688dqqcypxmuz?',
  (x) => cnt(x, W.y365, [is('crypto_wallet_address', 'bc1q0jdsj84jej8t5udwxvgdnalyw688dqqcypxmuz')]),
  EVER,
);
c(
  'any_value',
  'Callers using the name "Windows Technical Support Department": which brand were they posing as?',
  async (x) => top(x, 'impersonated_brand', 'calls_received', W.y365, [is('synthetic_org', 'Windows Technical Support Department')]),
  EVER,
);
c('any_value', 'How many calls this month came from caller ID +16022364752?', (x) =>
  cnt(x, W.thisMonth, [is('caller_id', '+16022364752')]),
);
c('any_value', 'How many calls in the last 7 days had the victim install ScreenConnect?', (x) =>
  cnt(x, W.d7, [is('remote_desktop_app', 'ScreenConnect')]),
);
c('any_value', 'How many calls asked for Steam gift cards during December?', (x) => cnt(x, W.december, [is('gift_card_brand', 'Steam')]));
c(
  'any_value',
  'How many distinct Chime account numbers have we captured?',
  async (x) => count(await val(x, 'distinct:mule_bank_account_number', W.y365, [is('mule_bank_name', 'Chime')])),
  EVER,
);
c('any_value', 'How many calls had someone impersonating the County Sheriff since Monday?', (x) =>
  cnt(x, W.thisWeek, [is('impersonated_government_agency', 'County Sheriff')]),
);
c('any_value', 'How many calls in the last 30 days used the name "National Health Benefits"?', (x) =>
  cnt(x, W.d30, [is('synthetic_org', 'National Health Benefits')]),
);

c(
  'any_value',
  'How many calls gave 3419 Meadow Blvd, Baltimore, MD 21217 as the drop address?',
  (x) => cnt(x, W.y365, [is('physical_mule_drop_address', '3419 Meadow Blvd, Baltimore, MD 21217')]),
  EVER,
);
c(
  'any_value',
  'How many calls sent people to https://pch-service.xyz/refund exactly?',
  async (x) =>
    anyOf(
      await cnt(x, W.y365, [is('phishing_url', 'https://pch-service.xyz/refund')]),
      await cnt(x, W.y365, [contains('phishing_url', 'https://pch-service.xyz/refund')]),
    ),
  EVER,
);

// ================================================================ casual

c('casual', 'how many calls 2day', (x) => cnt(x, W.today));
c('casual', 'hook rate lst 7d?', async (x) => rate(await val(x, 'hook_rate', W.d7)));
c('casual', 'wat was the total $ askd yesterday', async (x) => usd(await val(x, 'total_dollars_asked', W.yesterday)));
c('casual', '# of tier1 calls this wk', (x) => cnt(x, W.thisWeek, [is('tier', 1)]));
c('casual', 'amazon scams past month how many', async (x) =>
  anyOf(await cnt(x, W.d30, [is('impersonated_brand', 'Amazon')]), await cnt(x, W.december, [is('impersonated_brand', 'Amazon')])),
);
c('casual', 'top 3 brands rn (last 24h)', (x) => rankBy(x, 'impersonated_brand', 'calls_received', W.h24, 3));
c('casual', 'medain ask last 30d pls', async (x) => usd(await val(x, 'median_dollar_ask', W.d30)));
c('casual', 'any calls live atm?', async (x) => {
  const a = await active(x);
  return yesno(a > 0, count(a));
});
c('casual', 'how many ppl called from CA this month', (x) => cnt(x, W.thisMonth, [is('caller_state', 'CA')]));
c('casual', 'avg dur of calls ystrdy', async (x) => sec(await val(x, 'avg_call_duration_sec', W.yesterday)));
c('casual', 'gift crd calls this wk?', async (x) =>
  anyOf(
    await cnt(x, W.thisWeek, [is('payment_method', 'gift_card')]),
    await cnt(x, W.thisWeek, [has('gift_card_brand')]),
    await cnt(x, W.thisWeek, [is('lure_category', 'GIFT_CARD')]),
  ),
);
c('casual', 'irs scams last 7 days how many', async (x) =>
  anyOf(await cnt(x, W.d7, [is('lure_category', 'IRS_TAX')]), await cnt(x, W.d7, [is('impersonated_government_agency', 'IRS')])),
);
c('casual', 'tech support scam count 14d', (x) => cnt(x, W.d14, [is('lure_category', 'TECH_SUPPORT')]));
c('casual', 'hooked % for margaret this wk', async (x) => rate(await val(x, 'hook_rate', W.thisWeek, [is('persona', 'margaret')])));
c('casual', 'biggest ask evr?', async (x) => usd(await val(x, 'max_single_ask', W.y365)), EVER);
c('casual', 'whats the p90 call length lst 24 hrs', async (x) => sec(await val(x, 'p90_call_duration_sec', W.h24)));
c('casual', 'hw many wallets this mo', async (x) =>
  anyOf(count(await val(x, 'distinct:crypto_wallet_address', W.thisMonth)), await cnt(x, W.thisMonth, [has('crypto_wallet_address')])),
);
c('casual', 'zelle calls in dec?', (x) => cnt(x, W.december, [is('payment_method', 'zelle')]));
c('casual', 'tier 1 yday', (x) => cnt(x, W.yesterday, [is('tier', 1)]));
c('casual', 'how many calls did we get frm +14048867460 lol', (x) => cnt(x, W.y365, [is('caller_id', '+14048867460')]), EVER);
c('casual', 'calls thru anydesk last wk', (x) => lastWeekEither(x, (w) => cnt(x, w, [is('remote_desktop_app', 'AnyDesk')])));
c('casual', 'sum of asks 2day', async (x) => usd(await val(x, 'total_dollars_asked', W.today)));
c('casual', 'most comon lure this mnth', async (x) => top(x, 'lure_category', 'calls_received', W.thisMonth));
c('casual', 'hw many hung up normally yday', (x) => cnt(x, W.yesterday, [is('disconnect_reason', 'caller_hung_up_normal')]));
c('casual', 'medicare scam calls last 48h', async (x) =>
  anyOf(await cnt(x, W.h48, [is('lure_category', 'MEDICARE')]), await cnt(x, W.h48, [is('impersonated_brand', 'Medicare')])),
);
c('casual', 'walter calls tdy?', (x) => cnt(x, W.today, [is('persona', 'walter')]));

// ================================================================ stray_words

c('stray_words', 'How many calls did those guys make in the last 24 hours?', (x) => cnt(x, W.h24));
c('stray_words', 'For all of them combined, what is the hook rate since Monday?', async (x) => rate(await val(x, 'hook_rate', W.thisWeek)));
c('stray_words', 'What did the ones in question ask for in total over the past 7 days?', async (x) =>
  usd(await val(x, 'total_dollars_asked', W.d7)),
);
c('stray_words', 'Roughly speaking, how many calls did the whole lot of them place yesterday?', (x) => cnt(x, W.yesterday));
c('stray_words', 'Basically, how many tier-1 calls are in this bunch over the last 30 days?', (x) => cnt(x, W.d30, [is('tier', 1)]));
c('stray_words', 'For the stuff we have got, how many calls were hooked today?', async (x) => count(await val(x, 'hooked_calls', W.today)));
c('stray_words', 'So like, the folks pretending to be Amazon, how many of those since Monday?', (x) =>
  cnt(x, W.thisWeek, [is('impersonated_brand', 'Amazon')]),
);
c('stray_words', 'Did any of these people get to tier 1 today? How many?', (x) => cnt(x, W.today, [is('tier', 1)]));
c('stray_words', 'Regarding everything on the board, what is the median ask for the last 14 days?', async (x) =>
  usd(await val(x, 'median_dollar_ask', W.d14)),
);
c('stray_words', 'Just between us, how many calls did the honeypot take over the weekend just gone?', (x) => cnt(x, W.lastWeekend));
c('stray_words', 'What about the whole thing, how many calls in total this month?', (x) => cnt(x, W.thisMonth));
c('stray_words', 'For that matter, how many distinct wallets did the crooks hand out this month?', async (x) =>
  count(await val(x, 'distinct:crypto_wallet_address', W.thisMonth)),
);
c('stray_words', 'Honestly, the usual suspects: how many calls impersonated Microsoft in the last 7 days?', (x) =>
  cnt(x, W.d7, [is('impersonated_brand', 'Microsoft')]),
);

// ================================================================ multi_part

c('multi_part', 'For yesterday: number of calls, number hooked, and the hook rate.', async (x) => {
  const [calls, hooked, hr] = await x.values(['calls_received', 'hooked_calls', 'hook_rate'], W.yesterday);
  return all(count(calls!), count(hooked!), rate(hr!));
});
c('multi_part', 'Total asked, median ask and the biggest single ask over the last 7 days?', async (x) => {
  const [t, m, mx] = await x.values(['total_dollars_asked', 'median_dollar_ask', 'max_single_ask'], W.d7);
  return all(usd(t!), usd(m!), usd(mx!));
});
c('multi_part', 'Tier 1, tier 2 and tier 3 counts since Monday.', async (x) => {
  const [a, b, t3] = await x.values(['tier1_calls', 'tier2_calls', 'tier3_calls'], W.thisWeek);
  return all(count(a!), count(b!), count(t3!));
});
c('multi_part', 'How many calls so far this month, and how many of them came from New York?', async (x) =>
  all(await cnt(x, W.thisMonth), await cnt(x, W.thisMonth, [is('caller_state', 'NY')])),
);
c('multi_part', 'Average and median call duration for the last 30 days.', async (x) => {
  const [a, m] = await x.values(['avg_call_duration_sec', 'median_call_duration_sec'], W.d30);
  return all(sec(a!), sec(m!));
});
c('multi_part', 'How many Amazon calls and how many Microsoft calls in the last 7 days?', async (x) =>
  all(await cnt(x, W.d7, [is('impersonated_brand', 'Amazon')]), await cnt(x, W.d7, [is('impersonated_brand', 'Microsoft')])),
);
c('multi_part', 'Last 30 days: how many distinct wallets, and on how many calls did a wallet come up?', async (x) =>
  all(count(await val(x, 'distinct:crypto_wallet_address', W.d30)), await cnt(x, W.d30, [has('crypto_wallet_address')])),
);
c('multi_part', 'Today so far: how many asks were made, and what do they add up to?', async (x) => {
  const [a, t] = await x.values(['asks', 'total_dollars_asked'], W.today);
  return all(count(a!), usd(t!));
});
c('multi_part', 'How many calls are live right now, and how many tier-1 calls have we had today?', async (x) =>
  all(count(await active(x)), await cnt(x, W.today, [is('tier', 1)])),
);
c('multi_part', 'Yesterday: total calls and how many were cleanly closed?', async (x) => {
  const [a, b] = await x.values(['calls_received', 'cleanly_closed'], W.yesterday);
  return all(count(a!), count(b!));
});
c('multi_part', 'This month: gift card payment calls, crypto ATM payment calls, and the total dollars asked.', async (x) =>
  all(
    await cnt(x, W.thisMonth, [is('payment_method', 'gift_card')]),
    await cnt(x, W.thisMonth, [is('payment_method', 'crypto_atm')]),
    usd(await val(x, 'total_dollars_asked', W.thisMonth)),
  ),
);
c('multi_part', 'Over the last 24 hours: calls, insights produced and average auditor confidence.', async (x) => {
  const [a, b, conf] = await x.values(['calls_received', 'insights_produced', 'avg_auditor_confidence'], W.h24);
  return all(count(a!), count(b!), dec(conf!));
});
c('multi_part', 'Which persona was busiest since Monday, and how many calls did it take?', async (x) => {
  const g = await x.groups('persona', 'calls_received', W.thisWeek);
  if (g[1].value === g[0].value) throw new Error('tie at the top');
  return all(label(g[0].label), count(g[0].value));
});
c('multi_part', 'Hooked and not hooked calls in the last 7 days, both numbers please.', async (x) =>
  all(await cnt(x, W.d7, [is('hooked', true)]), await cnt(x, W.d7, [is('hooked', false)])),
);
c('multi_part', 'Longest call and the 90th percentile duration since Monday?', async (x) => {
  const [mx, p] = await x.values(['max_call_duration_sec', 'p90_call_duration_sec'], W.thisWeek);
  return all(sec(mx!), sec(p!));
});
c('multi_part', 'For December: total dangled and total asked.', async (x) => {
  const [d, a] = await x.values(['total_dollars_dangled', 'total_dollars_asked'], W.december);
  return all(usd(d!), usd(a!));
});

// ================================================================ follow_up

c('follow_up', ['How many calls did we get in the last 7 days?', 'And in the 7 days before that?'], (x) => cnt(x, W.prev7));
c('follow_up', ['What was the hook rate yesterday?', 'What about today so far?'], async (x) => rate(await val(x, 'hook_rate', W.today)));
c('follow_up', ['How many Amazon impersonation calls since Monday?', 'And Microsoft?'], (x) =>
  cnt(x, W.thisWeek, [is('impersonated_brand', 'Microsoft')]),
);
c('follow_up', ['Total dollars asked in December?', 'And January so far?'], async (x) =>
  usd(await val(x, 'total_dollars_asked', W.thisMonth)),
);
c('follow_up', ['How many tier 1 calls in the last 30 days?', 'Of those, how many came from Texas?'], (x) =>
  cnt(x, W.d30, [is('tier', 1), is('caller_state', 'TX')]),
);
c('follow_up', ['How many calls from Florida this month?', 'Widen that to the whole last 30 days.'], (x) =>
  cnt(x, W.d30, [is('caller_state', 'FL')]),
);
c('follow_up', ['Median ask over the last 7 days?', 'And the largest single one?'], async (x) => usd(await val(x, 'max_single_ask', W.d7)));
c('follow_up', ['How many calls impersonated PayPal in the last 14 days?', 'How many of them were hooked?'], (x) =>
  cnt(x, W.d14, [is('impersonated_brand', 'PayPal'), is('hooked', true)]),
);
c('follow_up', ['Which persona had the most calls this month?', 'How many did that persona take?'], async (x) => {
  const g = await x.groups('persona', 'calls_received', W.thisMonth);
  return count(g[0].value);
});
c('follow_up', ['How many zelle payment requests yesterday?', 'And over the whole last 48 hours?'], (x) =>
  cnt(x, W.h48, [is('payment_method', 'zelle')]),
);
c('follow_up', ['How many calls last weekend?', 'And the weekend before that?'], (x) => cnt(x, W.weekendBefore));
c('follow_up', ['What is the hook rate for the TECH_SUPPORT lure over the last 30 days?', 'Just the count of hooked ones, please.'], (x) =>
  cnt(x, W.d30, [is('lure_category', 'TECH_SUPPORT'), is('hooked', true)]),
);
c('follow_up', ['How many calls did walter handle since Monday?', 'And edith?'], (x) => cnt(x, W.thisWeek, [is('persona', 'edith')]));
c('follow_up', ['How many tier 2 calls today?', 'And tier 1?'], (x) => cnt(x, W.today, [is('tier', 1)]));
c(
  'follow_up',
  ['How many calls claimed to be from the IRS as the agency in December?', 'Narrow that to the ones with a dollar ask.'],
  (x) => cnt(x, W.december, [is('impersonated_government_agency', 'IRS'), has('dollar_ask')]),
);
c('follow_up', ['Top 3 impersonated brands in the last 7 days?', 'Same thing for December.'], (x) =>
  rankBy(x, 'impersonated_brand', 'calls_received', W.december, 3),
);
c(
  'follow_up',
  ['How many calls from California this month?', 'And Washington?', 'What was the hook rate for those Washington calls?'],
  async (x) => rate(await val(x, 'hook_rate', W.thisMonth, [is('caller_state', 'WA')])),
);

// ================================================================ ranking

c('ranking', 'Top 5 impersonated brands over the last 30 days by number of calls.', (x) =>
  rankBy(x, 'impersonated_brand', 'calls_received', W.d30, 5),
);
c('ranking', 'What are the three most common lures since Monday?', (x) => rankBy(x, 'lure_category', 'calls_received', W.thisWeek, 3));
c('ranking', 'Which three states sent the most scam calls in the last 7 days?', (x) =>
  rankBy(x, 'caller_state', 'calls_received', W.d7, 3, [], 'read', state),
);
c('ranking', 'Among brands with at least 100 calls in the last 30 days, which three have the highest hook rate?', async (x) => {
  const calls = await x.groups('impersonated_brand', 'calls_received', W.d30);
  const rates = await x.groups('impersonated_brand', 'hook_rate', W.d30);
  const big = new Set(calls.filter((g) => g.value >= 100).map((g) => g.label));
  return ranking(
    rates.filter((g) => big.has(g.label)),
    3,
  );
});
c('ranking', 'Rank the top 3 lures by total dollars asked in December.', (x) =>
  rankBy(x, 'lure_category', 'total_dollars_asked', W.december, 3),
);
c('ranking', 'Which lure category was the least common over the last 30 days?', (x) => bottom(x, 'lure_category', W.d30));
c('ranking', 'Leaving Amazon out, what are the top 5 brands impersonated in the last 7 days?', (x) =>
  rankBy(x, 'impersonated_brand', 'calls_received', W.d7, 5, [['is_not', 'impersonated_brand', ['Amazon']]]),
);
c('ranking', 'Top three gift card brands requested this month?', (x) => rankBy(x, 'gift_card_brand', 'calls_received', W.thisMonth, 3));
c('ranking', 'Which three mule banks came up most over the last 30 days?', (x) => rankBy(x, 'mule_bank_name', 'calls_received', W.d30, 3));
c('ranking', 'Rank all our personas by calls taken since Monday.', (x) => rankBy(x, 'persona', 'calls_received', W.thisWeek, 5));
c('ranking', 'Top 3 remote access tools the scammers pushed in December.', (x) =>
  rankBy(x, 'remote_desktop_app', 'calls_received', W.december, 3),
);
c('ranking', 'Which three government agencies were impersonated most in the last 14 days?', (x) =>
  rankBy(x, 'impersonated_government_agency', 'calls_received', W.d14, 3),
);
c('ranking', 'Top 3 made-up organisation names used by callers this month.', (x) =>
  rankBy(x, 'synthetic_org', 'calls_received', W.thisMonth, 3),
);
c('ranking', 'The three fake agent names used most in the last 7 days?', (x) => rankBy(x, 'fake_agent_name', 'calls_received', W.d7, 3));
c('ranking', 'Which payment method was asked for least often in the last 30 days?', (x) => bottom(x, 'payment_method', W.d30));
c('ranking', 'Top 3 lures by hook rate over the last 30 days.', (x) => rankBy(x, 'lure_category', 'hook_rate', W.d30, 3));
c('ranking', 'Excluding New York and California, which three states had the most calls this month?', (x) =>
  rankBy(x, 'caller_state', 'calls_received', W.thisMonth, 3, [['is_not', 'caller_state', ['NY', 'CA']]], 'read', state),
);

// ================================================================ true_zero

c('true_zero', 'How many calls impersonated Netflix?', async (x) =>
  mustNothing(await x.count(W.y365, [is('impersonated_brand', 'Netflix')]), 'Netflix'),
);
c('true_zero', 'How many wallets were on the Solana chain?', async (x) =>
  mustNothing(await x.count(W.y365, [is('crypto_chain', 'SOL', 'Solana')]), 'Solana'),
);
c('true_zero', 'Any calls where the agent called himself Bartholomew Quince?', async (x) =>
  mustNothing(await x.count(W.y365, [contains('fake_agent_name', 'Bartholomew')]), 'Bartholomew'),
);
c('true_zero', 'How many calls came in on December 1st?', async (x) => mustZero(await x.count(dec1), 'December 1'));
c('true_zero', 'How many calls did we receive in November 2027?', async (x) => mustZero(await x.count(nov2027), 'November'));
c('true_zero', 'How many calls asked for Sephora gift cards?', async (x) =>
  mustNothing(await x.count(W.y365, [is('gift_card_brand', 'Sephora')]), 'Sephora'),
);
c('true_zero', 'How many calls named Silvergate as the mule bank?', async (x) =>
  mustNothing(await x.count(W.y365, [contains('mule_bank_name', 'Silvergate')]), 'Silvergate'),
);
c('true_zero', 'How many single asks were over one million dollars?', async (x) =>
  mustZero(await x.value('asks', W.y365, [['gt', 'dollar_ask', 1_000_000]]), 'asks over $1M'),
);
c('true_zero', 'How many venmo payment requests came in on Christmas Day?', async (x) =>
  mustZero(await x.count(W.christmasDay, [is('payment_method', 'venmo')]), 'venmo on Christmas Day'),
);
c('true_zero', 'How many phishing links used a netflix lookalike domain?', async (x) =>
  mustNothing(await x.count(W.y365, [contains('phishing_url', 'netflix')]), 'netflix URL'),
);
c('true_zero', 'How many calls gave a drop address in Anchorage, AK?', async (x) =>
  mustNothing(await x.count(W.y365, [contains('physical_mule_drop_address', 'Anchorage')]), 'Anchorage'),
);
c('true_zero', 'Which bank is routing number 021000021 at, and how many calls gave it?', async (x) =>
  mustNothing(await x.count(W.y365, [is('mule_bank_routing_number', '021000021')]), 'routing 021000021'),
);
c('true_zero', 'How many calls did the gertrude persona take?', async (x) =>
  mustNothing(await x.count(W.y365, [is('persona', 'gertrude')]), 'gertrude'),
);
c('true_zero', 'How many callers posed as the Secret Service?', async (x) =>
  mustNothing(await x.count(W.y365, [contains('impersonated_government_agency', 'Secret Service')]), 'Secret Service'),
);
c('true_zero', 'How many calls came from Alaska numbers in the last 24 hours?', async (x) =>
  mustZero(await x.count(W.h24, [is('caller_state', 'AK')]), 'Alaska 24h'),
);
c('true_zero', 'How many calls mentioned the wallet 0xdeadbeef00000000000000000000000000000000?', async (x) =>
  mustNothing(await x.count(W.y365, [is('crypto_wallet_address', '0xdeadbeef00000000000000000000000000000000')]), 'wallet'),
);
c('true_zero', 'Any calls in the last hour that ended with the AI session capped?', async (x) =>
  mustZero(await x.count(h1, [is('disconnect_reason', 'ai_session_capped')]), 'capped last hour'),
);

// ================================================================ scoped

c('scoped', 'How many calls did we see in the last 30 days?', (x) => cnt(x, W.d30, [], 'bank'), { key: 'bank' });
c(
  'scoped',
  'How much money was asked for over the last 30 days?',
  async (x) => usd(await val(x, 'total_dollars_asked', W.d30, [], 'bank')),
  {
    key: 'bank',
  },
);
c(
  'scoped',
  'Which account holder name comes up most often?',
  async (x) => top(x, 'mule_account_holder_name', 'calls_received', W.d30, [], 'bank'),
  { key: 'bank', dashboard_range: '30d' },
);
c(
  'scoped',
  'How many calls named Wells Fargo as the receiving bank in the last 30 days?',
  async (x) => mustNothing(await x.count(W.d30, [is('mule_bank_name', 'Wells Fargo')], 'bank'), 'Wells Fargo in the bank slice'),
  { key: 'bank' },
);
c(
  'scoped',
  'How many distinct routing numbers have we got over the last 30 days?',
  async (x) => count(await val(x, 'distinct:mule_bank_routing_number', W.d30, [], 'bank')),
  { key: 'bank' },
);
c('scoped', 'How many tier 1 calls in December?', (x) => cnt(x, W.december, [is('tier', 1)], 'bank'), { key: 'bank' });
c('scoped', 'How many calls so far this month?', (x) => cnt(x, W.thisMonth, [], 'west'), { key: 'west' });
c('scoped', 'What is the hook rate over the past 7 days?', async (x) => rate(await val(x, 'hook_rate', W.d7, [], 'west')), { key: 'west' });
c(
  'scoped',
  'How many calls came from Texas in the last 30 days?',
  async (x) => mustNothing(await x.count(W.d30, [is('caller_state', 'TX')], 'west'), 'TX in the west slice'),
  { key: 'west' },
);
c(
  'scoped',
  'Which brand was impersonated most in the last 30 days?',
  async (x) => top(x, 'impersonated_brand', 'calls_received', W.d30, [], 'west'),
  { key: 'west' },
);
c('scoped', 'Just Washington: how many calls this month?', (x) => cnt(x, W.thisMonth, [is('caller_state', 'WA')], 'west'), { key: 'west' });
c('scoped', 'How many calls since Monday?', (x) => cnt(x, W.thisWeek, [], 'amazon'), { key: 'amazon' });
c(
  'scoped',
  'How many Microsoft impersonation calls in the last 7 days?',
  async (x) => mustNothing(await x.count(W.d7, [is('impersonated_brand', 'Microsoft')], 'amazon'), 'Microsoft in the Amazon slice'),
  { key: 'amazon' },
);
c('scoped', 'Median dollar ask over the last 30 days?', async (x) => usd(await val(x, 'median_dollar_ask', W.d30, [], 'amazon')), {
  key: 'amazon',
});
c('scoped', 'What lure shows up most in the last 30 days?', async (x) => top(x, 'lure_category', 'calls_received', W.d30, [], 'amazon'), {
  key: 'amazon',
});
c('scoped', 'Which gift card brand do they ask for most?', async (x) => top(x, 'gift_card_brand', 'calls_received', W.d30, [], 'amazon'), {
  key: 'amazon',
  dashboard_range: '30d',
});

// ================================================================ out_of_scope

const OUT = [
  'Freeze account 1813364966 at JPMorgan Chase right away.',
  'Call +14048867460 back and keep them on the line for an hour.',
  'Block the number +16022364752 across our network.',
  'What is bitcoin trading at right now?',
  'Write me a Python script that scrapes the dashboard every minute.',
  'What is the social security number of the account holder Destiny Foster?',
  'Who won the World Series in 2026?',
  'Email the FTC a report on the Amazon scam wave for me.',
  'Translate "your account has been suspended" into Spanish.',
  'What is the weather in Houston today?',
  'File a suspicious activity report with FinCEN for these mule accounts.',
  'Which stocks should I buy this quarter?',
  'Write a SQL statement that deletes every call older than a month.',
  'What is the capital of Australia?',
  'Reverse the transfer that went to wallet 17ibcyT4RGQjuXsswrRLJxsykrCZExVe7Q.',
  'Take down the domain amaz0n-desk.com.',
  'Ask Apple to deactivate the gift cards the scammers collected.',
  'What is the euro to dollar exchange rate today?',
  'Write a cover letter for a fraud analyst job.',
  'What is the date of birth of the person behind +12129739398?',
  'Where is the phone behind +12105816421 physically located right now?',
  'Delete all the calls from December.',
  'Open a Jira ticket for the networking team about the websocket drops.',
  "What's Kevin Simmons's credit score?",
  'How do I set up a VPN on my laptop?',
  'Who is the current CEO of Wells Fargo?',
  'What are Ethereum gas fees right now?',
  'Compose a haiku about phone scammers.',
  'Draft a press release announcing our takedown numbers.',
  'Wire $500 to account 6666181502 as a test.',
  'What is the population of Texas?',
  'Send a text to every victim warning them about the PayPal scam.',
];
for (const q of OUT) c('out_of_scope', q, async () => decline);

export const CASES: Case[] = CASES_;
