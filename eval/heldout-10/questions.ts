// The questions of the tenth held-out set, in the voice of fraud analysts at banks, carriers,
// brands and police units, each with its truth computed from the REST API with the key it is
// asked with (truths.ts). The clock is Wednesday 2030-01-02 16:19 UTC (world.ts).

import { ISSUE_CLASSES_WITH_UNREAD, type EvalCase } from '../shared/cases.js';
import type { Truth } from '../shared/judge.js';
import {
  all,
  any,
  between,
  bottom,
  compare,
  compareCounts,
  contains,
  count,
  Ctx,
  days,
  DECLINE,
  gt,
  gte,
  has,
  is,
  lastDays,
  lastHours,
  lte,
  metric,
  nothing,
  num,
  ranking,
  top,
  topCount,
  W,
  win,
  yesno,
  zero,
  type Filter,
  type Win,
} from './truths.js';
import { NOW, type KeyName } from './world.js';

export const CLASSES = ISSUE_CLASSES_WITH_UNREAD;
type Cls = (typeof CLASSES)[number];

export type Case = EvalCase<Ctx, KeyName> & { cls: Cls };

type Extra = Pick<Case, 'key' | 'dashboard_range' | 'fz' | 'unread'>;

const CASES_: Case[] = [];
function c(id: string, cls: Cls, turns: string | string[], truth: (x: Ctx) => Promise<Truth>, extra: Extra = {}): void {
  CASES_.push({ id, cls, turns: typeof turns === 'string' ? [turns] : turns, truth, ...extra });
}

const DAY = 86_400_000;
/** Since 2030-01-01 00:00 UTC (the year, and the month, so far). */
const yearToDate = win('2030-01-01', NOW);
/** The seven days before the last seven. */
const prior7d: Win = { start: new Date(NOW.getTime() - 14 * DAY), end: new Date(NOW.getTime() - 7 * DAY) };
const rate = (x: Ctx, w: Win, f: Filter[] = [], key: KeyName = 'read') => metric(x, 'hook_rate', 'rate', w, f, key);
const live = async (x: Ctx, key: KeyName = 'read') => {
  const n = await x.activeCalls(key);
  if (!n) throw new Error('no live calls');
  return num(n, 'count');
};
const decline = async () => DECLINE;

// ---------------------------------------------------------------- everyday

c('e01', 'everyday', 'How many scam calls did the honeypot pick up yesterday?', (x) => count(x, W.yesterday), { fz: true });
c('e02', 'everyday', "What's our hook rate for the last 7 days?", (x) => rate(x, W.last7d));
c('e03', 'everyday', 'How many tier 1 calls have come in so far this month?', (x) => metric(x, 'tier1_calls', 'count', yearToDate));
c('e04', 'everyday', 'What did the scammers ask for in total, in dollars, during December?', (x) =>
  metric(x, 'total_dollars_asked', 'usd', W.december),
);
c('e05', 'everyday', 'Median call length over the past 30 days?', (x) => metric(x, 'median_call_duration_sec', 'sec', W.last30d));
c('e06', 'everyday', 'Which brand did callers pretend to be most often last week?', (x) => top(x, 'impersonated_brand', W.lastWeek));
c('e07', 'everyday', 'How many calls have we hooked today?', (x) => metric(x, 'hooked_calls', 'count', W.today), { fz: true });
c('e08', 'everyday', 'How many scam calls is the honeypot on right now?', (x) => live(x));
c('e09', 'everyday', 'What was the single biggest dollar ask in the last two weeks?', (x) => metric(x, 'max_single_ask', 'usd', W.last14d));
c('e10', 'everyday', 'How many callers in the past 7 days wanted to be paid in gift cards?', async (x) =>
  any(await count(x, W.last7d, [is('payment_method', 'gift_card')]), await count(x, W.last7d, [has('gift_card_brand')])),
);
c('e11', 'everyday', 'How many calls came from New York numbers last week?', (x) => count(x, W.lastWeek, [is('caller_state', 'NY')]));
c('e12', 'everyday', 'How many high-confidence insights did the auditor produce yesterday?', (x) =>
  metric(x, 'high_confidence_insights', 'count', W.yesterday),
);
c('e13', 'everyday', 'How many Social Security scam calls did we log over the last 30 days?', async (x) =>
  any(
    await count(x, W.last30d, [is('lure_category', 'SOCIAL_SECURITY')]),
    await count(x, W.last30d, [is('impersonated_government_agency', 'Social Security Administration')]),
  ),
);
c('e14', 'everyday', 'How many calls in the past week tried to get the victim onto AnyDesk?', (x) =>
  count(x, W.last7d, [is('remote_desktop_app', 'AnyDesk')]),
);
c('e15', 'everyday', 'What was the average call duration yesterday?', (x) => metric(x, 'avg_call_duration_sec', 'sec', W.yesterday));
c('e16', 'everyday', 'Tier 2 calls in the last 24 hours: how many?', (x) => metric(x, 'tier2_calls', 'count', W.last24h));
c('e17', 'everyday', 'How many calls has the Margaret persona answered since Monday?', (x) =>
  count(x, W.thisWeek, [is('persona', 'margaret')]),
);
c('e18', 'everyday', 'In December, how many calls gave us a crypto wallet address?', (x) =>
  count(x, W.december, [has('crypto_wallet_address')]),
);
c('e19', 'everyday', 'How many calls dropped because of a websocket problem on our side in the past 30 days?', (x) =>
  count(x, W.last30d, [is('disconnect_reason', 'websocket_issue_our_side')]),
);
c('e20', 'everyday', 'How many IRS impersonation calls did we get in November?', async (x) =>
  any(
    await count(x, W.november, [is('lure_category', 'IRS_TAX')]),
    await count(x, W.november, [is('impersonated_government_agency', 'IRS')]),
  ),
);
c('e21', 'everyday', 'How many calls came in over the last 24 hours?', (x) => count(x, W.last24h), { fz: true });
c('e22', 'everyday', 'How many calls reached tier 3 last week?', (x) => metric(x, 'tier3_calls', 'count', W.lastWeek));

// ---------------------------------------------------------------- nearby_figure

c('n01', 'nearby_figure', 'Last week, how many separate dollar asks were made? I mean the asks themselves, not the calls.', (x) =>
  metric(x, 'asks', 'count', W.lastWeek),
);
c('n02', 'nearby_figure', 'How many calls last week contained at least one dollar ask?', (x) => count(x, W.lastWeek, [has('dollar_ask')]));
c('n03', 'nearby_figure', 'Give me yesterday’s hook rate as a percentage, not the number of hooked calls.', (x) => rate(x, W.yesterday));
c('n04', 'nearby_figure', 'How many different fake agent names did scammers give in December?', (x) =>
  metric(x, 'distinct:fake_agent_name', 'count', W.december),
);
c('n05', 'nearby_figure', "What's the 90th percentile call duration over the last 30 days?", (x) =>
  metric(x, 'p90_call_duration_sec', 'sec', W.last30d),
);
c('n06', 'nearby_figure', 'Mean dollar ask in November, please: the average, not the median.', (x) =>
  metric(x, 'mean_dollar_ask', 'usd', W.november),
);
c('n07', 'nearby_figure', 'What was the median single ask in November?', (x) => metric(x, 'median_dollar_ask', 'usd', W.november));
c('n08', 'nearby_figure', 'How many individual asks fell between $1,000 and $5,000 in December?', (x) =>
  metric(x, 'asks', 'count', W.december, [between('dollar_ask', 1000, 5000)]),
);
c('n09', 'nearby_figure', 'How many calls had an ask above $10,000 in the past 30 days?', (x) =>
  count(x, W.last30d, [gt('dollar_ask', 10000)]),
);
c(
  'n10',
  'nearby_figure',
  'Over the last 7 days, what was the total dangled at our personas (prizes and refunds offered), as opposed to what was asked?',
  (x) => metric(x, 'total_dollars_dangled', 'usd', W.last7d),
);
c('n11', 'nearby_figure', 'How many of yesterday’s calls did we fail to hook?', (x) => count(x, W.yesterday, [is('hooked', false)]));
c('n12', 'nearby_figure', 'How many distinct mule banks showed up in the last 30 days?', (x) =>
  metric(x, 'distinct:mule_bank_name', 'count', W.last30d),
);
c('n13', 'nearby_figure', 'Since Monday, from how many different states have scammers called us?', (x) =>
  metric(x, 'distinct:caller_state', 'count', W.thisWeek),
);
c('n14', 'nearby_figure', 'On Christmas Day, how many calls were cleanly closed?', (x) =>
  metric(x, 'cleanly_closed', 'count', W.christmas),
);
c(
  'n15',
  'nearby_figure',
  'How many insights did we produce last week, counting every call with an extraction whatever its confidence?',
  (x) => metric(x, 'insights_produced', 'count', W.lastWeek),
);
c('n16', 'nearby_figure', 'What was the longest call in December?', (x) => metric(x, 'max_call_duration_sec', 'sec', W.december));
c('n17', 'nearby_figure', 'How many single asks of $500 or less were made in the last 14 days?', (x) =>
  metric(x, 'asks', 'count', W.last14d, [lte('dollar_ask', 500)]),
);
c('n18', 'nearby_figure', 'In December, how many dollars were asked in asks of $2,500 or more? Just the sum of those asks.', (x) =>
  metric(x, 'total_dollars_asked', 'usd', W.december, [gte('dollar_ask', 2500)]),
);
c('n19', 'nearby_figure', 'Last week, how many calls were hooked but never made it to tier 1?', (x) =>
  count(x, W.lastWeek, [is('hooked', true), ['is_not', 'tier', [1]]]),
);
c('n20', 'nearby_figure', "What's the average auditor confidence over yesterday's calls?", (x) =>
  metric(x, 'avg_auditor_confidence', 'decimal', W.yesterday),
);
c('n21', 'nearby_figure', 'In the past 7 days, how many calls lasted 15 seconds or more yet gave us no intel at all?', (x) =>
  count(x, W.last7d, [gte('duration_sec', 15), is('has_intel', false)]),
);
c('n22', 'nearby_figure', 'How many calls on New Year’s Day ended with no extraction at all?', async (x) => {
  const [calls, insights] = await x.values(['calls_received', 'insights_produced'], W.yesterday);
  const n = (calls ?? 0) - (insights ?? 0);
  if (!n) throw new Error('no call without an extraction');
  return num(n, 'count');
});

// ---------------------------------------------------------------- frame

const last28 = lastDays(28);
async function weekdaysVsWeekends(x: Ctx, w: Win): Promise<Truth> {
  const rows = await x.by('time:weekday', w);
  const weekend = rows.filter((r) => r.v === 'saturday' || r.v === 'sunday').reduce((s, r) => s + r.n, 0);
  const weekdays = rows.reduce((s, r) => s + r.n, 0) - weekend;
  return compare(num(weekdays, 'count'), num(weekend, 'count'));
}
c('f01', 'frame', 'Over the last four weeks, how many calls landed on weekdays and how many on weekends?', async (x) =>
  any(await weekdaysVsWeekends(x, last28), await weekdaysVsWeekends(x, days('2029-12-03', '2029-12-30'))),
);
c('f02', 'frame', 'How many calls since Monday, compared with the same stretch of last week?', (x) =>
  compareCounts(x, W.thisWeek, W.sameStretchLastWeek),
);
c('f03', 'frame', 'Week by week, Monday to Sunday, how many calls did we take in the three weeks ending this past Sunday?', async (x) =>
  all(await count(x, days('2029-12-10', '2029-12-16')), await count(x, days('2029-12-17', '2029-12-23')), await count(x, W.lastWeek)),
);
c('f04', 'frame', 'How many calls hit the honeypot on Thanksgiving Day?', (x) => count(x, W.thanksgiving), { fz: true });
c('f05', 'frame', 'From December 10 through December 14, inclusive, how many calls?', (x) => count(x, days('2029-12-10', '2029-12-14')));
c('f06', 'frame', 'How many calls between 1 pm and 3 pm UTC yesterday?', (x) =>
  count(x, win('2030-01-01T13:00:00Z', '2030-01-01T15:00:00Z')),
);
c('f07', 'frame', 'How many calls so far today, going by Eastern time?', (x) => count(x, win('2030-01-02T00:00:00-05:00', NOW)));
c('f08', 'frame', 'Yesterday on Pacific time, how many calls did we receive?', (x) =>
  count(x, win('2030-01-01T00:00:00-08:00', '2030-01-02T00:00:00-08:00')),
);
c('f09', 'frame', 'How many tier-1 calls are in this range?', (x) => metric(x, 'tier1_calls', 'count', W.last14d), {
  dashboard_range: '14d',
});
c('f10', 'frame', 'What hook rate does the range on my screen show?', (x) => rate(x, W.last24h), { dashboard_range: '24h' });
c('f11', 'frame', 'Did Black Friday bring more calls than Thanksgiving itself?', async (x) => {
  const t = await compareCounts(x, W.blackFriday, W.thanksgiving);
  return t;
});
c('f12', 'frame', 'Christmas Eve through Boxing Day: total calls across the three days?', (x) =>
  count(x, days('2029-12-24', '2029-12-26')),
);
c('f13', 'frame', 'How many calls in the first seven days of December?', (x) => count(x, days('2029-12-01', '2029-12-07')));
c('f14', 'frame', 'Last weekend, Saturday and Sunday, how many calls did we hook?', (x) =>
  metric(x, 'hooked_calls', 'count', W.lastWeekend),
);
c('f15', 'frame', 'Between midnight and 6 am UTC on New Year’s Day, how many calls came in?', (x) =>
  count(x, win('2030-01-01T00:00:00Z', '2030-01-01T06:00:00Z')),
);
c('f16', 'frame', 'Tier 1 calls so far this week against the whole of last week?', async (x) => {
  const a = await x.value('tier1_calls', W.thisWeek);
  const b = await x.value('tier1_calls', W.lastWeek);
  return compare(num(a, 'count'), num(b, 'count'), (a ?? 0) > (b ?? 0) ? 'up' : 'down');
});
c('f17', 'frame', 'How many calls in the 48 hours up to now?', (x) => count(x, lastHours(48)));
c('f18', 'frame', 'Calls for the month of November as a whole?', (x) => count(x, W.november));
c('f19', 'frame', 'In Chicago time, how many calls from December 20 to December 27, both days included?', (x) =>
  count(x, win('2029-12-20T00:00:00-06:00', '2029-12-28T00:00:00-06:00')),
);
c('f20', 'frame', 'Today so far: how many calls before noon UTC and how many after?', async (x) =>
  all(await count(x, win('2030-01-02', '2030-01-02T12:00:00Z')), await count(x, win('2030-01-02T12:00:00Z', NOW))),
);
c('f21', 'frame', 'How many calls from December 26 to January 1 inclusive?', (x) => count(x, days('2029-12-26', '2030-01-01')));
c('f22', 'frame', 'How many calls last Tuesday?', async (x) => any(await count(x, W.yesterday), await count(x, W.christmas)));
c('f23', 'frame', 'Was last week’s call volume up or down on the week before?', (x) => compareCounts(x, W.lastWeek, W.weekBefore));

// ---------------------------------------------------------------- any_value

c('a01', 'any_value', 'How many calls in the last 30 days had the scammer introduce himself as Kevin Wilson?', (x) =>
  count(x, W.last30d, [is('fake_agent_name', 'Kevin Wilson')]),
);
c('a02', 'any_value', 'How many December calls claimed to be from the "Federal Reserve Protection Unit"?', (x) =>
  count(x, W.december, [is('synthetic_org', 'Federal Reserve Protection Unit')]),
);
c('a03', 'any_value', 'Across all our data, how many calls gave 8335 Lakeview Ave, Miami, FL 33147 as the drop address?', (x) =>
  count(x, W.all, [is('physical_mule_drop_address', '8335 Lakeview Ave, Miami, FL 33147')]),
);
c('a04', 'any_value', 'How many calls in total have named the wallet bc1q48r6fu8kk5w2w77ajw2xptthaljzq24l7z6fp4?', (x) =>
  count(x, W.all, [is('crypto_wallet_address', 'bc1q48r6fu8kk5w2w77ajw2xptthaljzq24l7z6fp4')]),
);
c('a05', 'any_value', 'Since the start of November, on how many calls did account number 885452540191 come up?', (x) =>
  count(x, win('2029-11-01', NOW), [is('mule_bank_account_number', '885452540191')]),
);
c('a06', 'any_value', 'How many calls since November 1 gave routing number 084869157?', (x) =>
  count(x, win('2029-11-01', NOW), [is('mule_bank_routing_number', '084869157')]),
);
c('a07', 'any_value', 'How many calls in December wanted money sent to a Navy Federal Credit Union account?', (x) =>
  count(x, W.december, [is('mule_bank_name', 'Navy Federal Credit Union')]),
);
c('a08', 'any_value', 'How many calls over the last 30 days asked for Google Play cards?', (x) =>
  count(x, W.last30d, [is('gift_card_brand', 'Google Play')]),
);
c('a09', 'any_value', 'How many calls in the past 14 days pushed UltraViewer?', (x) =>
  count(x, W.last14d, [is('remote_desktop_app', 'UltraViewer')]),
);
c('a10', 'any_value', 'How many calls did Walter take yesterday?', (x) => count(x, W.yesterday, [is('persona', 'walter')]));
c('a11', 'any_value', 'How many calls from Oklahoma numbers in December?', (x) => count(x, W.december, [is('caller_state', 'OK')]));
c('a12', 'any_value', 'Since November 1, how many calls sent victims to any page on teslalogin.live?', (x) =>
  count(x, win('2029-11-01', NOW), [contains('phishing_url', 'teslalogin.live')]),
);
c('a13', 'any_value', 'Across everything we hold, how many calls named Destiny Coleman as the account holder?', (x) =>
  count(x, W.all, [is('mule_account_holder_name', 'Destiny Coleman')]),
);
c('a14', 'any_value', 'How many callers claimed to be U.S. Marshals in the last 30 days?', (x) =>
  count(x, W.last30d, [is('impersonated_government_agency', 'U.S. Marshals')]),
);
c('a15', 'any_value', 'How many December calls impersonated Con Edison?', (x) =>
  count(x, W.december, [is('impersonated_brand', 'Con Edison')]),
);
c('a16', 'any_value', 'How many calls used the agent name Bartholomew Quinn?', (x) =>
  nothing(x, [is('fake_agent_name', 'Bartholomew Quinn')]),
);
c('a17', 'any_value', 'How many calls mentioned the "Galactic Refund Authority"?', (x) =>
  nothing(x, [is('synthetic_org', 'Galactic Refund Authority')]),
);
c('a18', 'any_value', 'Any calls with wallet bc1qx9v7h2k4m8n3p6r5t0w2y4z8a1c3e5g7j9l0q2?', (x) =>
  nothing(x, [is('crypto_wallet_address', 'bc1qx9v7h2k4m8n3p6r5t0w2y4z8a1c3e5g7j9l0q2')]),
);
c('a19', 'any_value', 'How many calls in December demanded Sephora gift cards?', (x) => nothing(x, [is('gift_card_brand', 'Sephora')]));
c('a20', 'any_value', 'How many calls over the last 30 days had scammers install RustDesk?', (x) =>
  nothing(x, [is('remote_desktop_app', 'RustDesk')]),
);
c('a21', 'any_value', 'How many calls in the past month named Ally Bank as the receiving bank?', (x) =>
  nothing(x, [is('mule_bank_name', 'Ally Bank')]),
);
c('a22', 'any_value', 'Did anyone give 4410 Orchard Hill Rd, Boise, ID 83702 as a drop address?', (x) =>
  nothing(x, [is('physical_mule_drop_address', '4410 Orchard Hill Rd, Boise, ID 83702')]),
);
c('a23', 'any_value', 'How many calls came from Vermont numbers last month?', (x) => nothing(x, [is('caller_state', 'VT')]));
c('a24', 'any_value', 'How many calls did the Gertrude persona handle this week?', (x) => nothing(x, [is('persona', 'gertrude')]));
c('a25', 'any_value', 'How many calls asked for payment on the Solana chain?', (x) => nothing(x, [is('crypto_chain', 'SOL')]));

// ---------------------------------------------------------------- casual

c('k01', 'casual', 'how many calls live rn', (x) => live(x));
c('k02', 'casual', 'hook rate ytd?', async (x) => any(await rate(x, yearToDate), await rate(x, W.yesterday)));
c('k03', 'casual', 'tier1 cnt past wk pls', async (x) =>
  any(await metric(x, 'tier1_calls', 'count', W.last7d), await metric(x, 'tier1_calls', 'count', W.lastWeek)),
);
c('k04', 'casual', 'how much $$ did they ask for on xmas lol', (x) => metric(x, 'total_dollars_asked', 'usd', W.christmas));
c('k05', 'casual', 'amazon impersonations last 30d?', (x) => count(x, W.last30d, [is('impersonated_brand', 'Amazon')]));
c('k06', 'casual', '# of calls frm texas yday', (x) => count(x, W.yesterday, [is('caller_state', 'TX')]));
c('k07', 'casual', 'whats avg auditor confidence this wk', async (x) =>
  any(await metric(x, 'avg_auditor_confidence', 'decimal', W.thisWeek), await metric(x, 'avg_auditor_confidence', 'decimal', W.last7d)),
);
c('k08', 'casual', 'top 3 lures last 7d, go', (x) => ranking(x, 'lure_category', W.last7d, 3));
c('k09', 'casual', 'hooked calls 2day?', (x) => metric(x, 'hooked_calls', 'count', W.today));
c('k10', 'casual', 'anydesk vs teamviewer, past 2 wks', async (x) =>
  compare(
    await count(x, W.last14d, [is('remote_desktop_app', 'AnyDesk')]),
    await count(x, W.last14d, [is('remote_desktop_app', 'TeamViewer')]),
  ),
);
c('k11', 'casual', 'did any1 get hit w/ a bitcoin atm ask yesterday??', async (x) =>
  yesno(true, await count(x, W.yesterday, [is('payment_method', 'crypto_atm')])),
);
c('k12', 'casual', 'calls w/ routing #s in dec?', (x) => count(x, W.december, [has('mule_bank_routing_number')]));
c('k13', 'casual', 'medicare lure calls thanksgiving wk (mon-sun)', (x) =>
  count(x, days('2029-11-19', '2029-11-25'), [is('lure_category', 'MEDICARE')]),
);
c('k14', 'casual', 'gimme the median ask 4 nov', (x) => metric(x, 'median_dollar_ask', 'usd', W.november));
c('k15', 'casual', 'chime mule accts last 30d how many', (x) => count(x, W.last30d, [is('mule_bank_name', 'Chime')]));
c('k16', 'casual', 'walter took how many calls tday', (x) => count(x, W.today, [is('persona', 'walter')]));
c('k17', 'casual', 'wats the longest call ystrday', (x) => metric(x, 'max_call_duration_sec', 'sec', W.yesterday));
c('k18', 'casual', 'IRS impersonators last 24h??', async (x) =>
  any(
    await count(x, W.last24h, [is('lure_category', 'IRS_TAX')]),
    await count(x, W.last24h, [is('impersonated_government_agency', 'IRS')]),
  ),
);
c('k19', 'casual', '% hooked last 7', (x) => rate(x, W.last7d));

// ---------------------------------------------------------------- stray_words

c('s01', 'stray_words', "I sit on the Amazon desk but I'm asking for the whole org: how many calls came in yesterday?", (x) =>
  count(x, W.yesterday),
);
c('s02', 'stray_words', 'My manager Kevin wants one number for his slide: total calls over the last 7 days.', (x) => count(x, W.last7d));
c('s03', 'stray_words', 'Just back from Christmas break. What is the hook rate for the last 24 hours?', (x) => rate(x, W.last24h));
c('s04', 'stray_words', "I'll write the November report later; right now I only need today's call count.", (x) => count(x, W.today));
c('s05', 'stray_words', 'Our Chase liaison is visiting the Ohio office this week. Separately: how many tier 1 calls in December?', (x) =>
  metric(x, 'tier1_calls', 'count', W.december),
);
c('s06', 'stray_words', 'Before the 3 o’clock standup: how many calls asked for a wire transfer over the last 30 days?', (x) =>
  count(x, W.last30d, [is('payment_method', 'wire_transfer')]),
);
c('s07', 'stray_words', 'Typing this from a Walmart parking lot, so bear with me: how many calls impersonated Microsoft last week?', (x) =>
  count(x, W.lastWeek, [is('impersonated_brand', 'Microsoft')]),
);
c('s08', 'stray_words', 'Ticket 4521, priority 2, for the police liaison: how many calls did Harold answer in December?', (x) =>
  count(x, W.december, [is('persona', 'harold')]),
);
c(
  's09',
  'stray_words',
  'Our team of 12 closed 30 customer reports today. How many calls did the honeypot take in the last 24 hours?',
  (x) => count(x, W.last24h),
);

// ---------------------------------------------------------------- multi_part

c('m01', 'multi_part', 'For yesterday: calls received, calls hooked, and the hook rate?', async (x) =>
  all(await count(x, W.yesterday), await metric(x, 'hooked_calls', 'count', W.yesterday), await rate(x, W.yesterday)),
);
c('m02', 'multi_part', 'December: total dollars asked, and the largest single ask?', async (x) =>
  all(await metric(x, 'total_dollars_asked', 'usd', W.december), await metric(x, 'max_single_ask', 'usd', W.december)),
);
c('m03', 'multi_part', 'How many tier 1, tier 2 and tier 3 calls did we log last week?', async (x) =>
  all(
    await metric(x, 'tier1_calls', 'count', W.lastWeek),
    await metric(x, 'tier2_calls', 'count', W.lastWeek),
    await metric(x, 'tier3_calls', 'count', W.lastWeek),
  ),
);
c('m04', 'multi_part', 'Over the last 30 days, what are the median call duration and the 90th percentile?', async (x) =>
  all(await metric(x, 'median_call_duration_sec', 'sec', W.last30d), await metric(x, 'p90_call_duration_sec', 'sec', W.last30d)),
);
c('m05', 'multi_part', 'In November, how many calls impersonated PayPal, and how many impersonated Coinbase?', async (x) =>
  all(await count(x, W.november, [is('impersonated_brand', 'PayPal')]), await count(x, W.november, [is('impersonated_brand', 'Coinbase')])),
);
c('m06', 'multi_part', 'Since Monday, how many calls did Dolores take, and how many did Edith?', async (x) =>
  all(await count(x, W.thisWeek, [is('persona', 'dolores')]), await count(x, W.thisWeek, [is('persona', 'edith')])),
);
c('m07', 'multi_part', 'On Christmas Day, how many calls did we get and how many of them wanted gift cards?', async (x) =>
  all(
    await count(x, W.christmas),
    any(await count(x, W.christmas, [is('payment_method', 'gift_card')]), await count(x, W.christmas, [has('gift_card_brand')])),
  ),
);
c('m08', 'multi_part', 'In the last 14 days, how many calls named a crypto wallet, and how many named a bank account number?', async (x) =>
  all(await count(x, W.last14d, [has('crypto_wallet_address')]), await count(x, W.last14d, [has('mule_bank_account_number')])),
);
c('m09', 'multi_part', 'Number of asks and the mean ask over the last 7 days?', async (x) =>
  all(await metric(x, 'asks', 'count', W.last7d), await metric(x, 'mean_dollar_ask', 'usd', W.last7d)),
);
c('m10', 'multi_part', 'On Black Friday, what was dangled and what was asked, in dollars?', async (x) =>
  all(await metric(x, 'total_dollars_dangled', 'usd', W.blackFriday), await metric(x, 'total_dollars_asked', 'usd', W.blackFriday)),
);
c('m11', 'multi_part', 'How many distinct wallets and how many distinct drop addresses did we capture in December?', async (x) =>
  all(
    await metric(x, 'distinct:crypto_wallet_address', 'count', W.december),
    await metric(x, 'distinct:physical_mule_drop_address', 'count', W.december),
  ),
);
c('m12', 'multi_part', "New Year's Eve: calls received, calls cleanly closed, and the average auditor confidence?", async (x) =>
  all(
    await count(x, W.newYearsEve),
    await metric(x, 'cleanly_closed', 'count', W.newYearsEve),
    await metric(x, 'avg_auditor_confidence', 'decimal', W.newYearsEve),
  ),
);
c('m13', 'multi_part', 'How many calls are live right now, and how many have we had so far today?', async (x) =>
  all(await live(x), await count(x, W.today)),
);

// ---------------------------------------------------------------- follow_up

c('u01', 'follow_up', ['How many calls impersonated Norton in December?', 'And in November?'], (x) =>
  count(x, W.november, [is('impersonated_brand', 'Norton')]),
);
c('u02', 'follow_up', ['Which lure was the most common last week?', 'How many calls was that?'], (x) =>
  topCount(x, 'lure_category', W.lastWeek),
);
c('u03', 'follow_up', ['How many calls came from Florida yesterday?', 'What about Georgia?'], (x) =>
  count(x, W.yesterday, [is('caller_state', 'GA')]),
);
c('u04', 'follow_up', ['What was the hook rate over the last 7 days?', 'And for the 7 days before that?'], (x) => rate(x, prior7d));
c('u05', 'follow_up', ['How many tier 1 calls on Christmas Eve?', 'How many of those involved a crypto wallet?'], (x) =>
  count(x, W.christmasEve, [is('tier', 1), has('crypto_wallet_address')]),
);
c('u06', 'follow_up', ['Top 3 gift card brands in December?', 'And which one was the least common?'], (x) =>
  bottom(x, 'gift_card_brand', W.december),
);
c('u07', 'follow_up', ['How many calls did Harold take last week?', 'Of those, how many did we hook?'], (x) =>
  count(x, W.lastWeek, [is('persona', 'harold'), is('hooked', true)]),
);
c('u08', 'follow_up', ['How much was asked in total yesterday?', 'And the biggest single ask?'], (x) =>
  metric(x, 'max_single_ask', 'usd', W.yesterday),
);
c('u09', 'follow_up', ['How many calls asked to be paid by Zelle in the last 30 days?', 'Which mule bank came up most on those?'], (x) =>
  top(x, 'mule_bank_name', W.last30d, [is('payment_method', 'zelle')]),
);
c('u10', 'follow_up', ['How many callers posed as the FBI over the past 30 days?', 'And as the FTC?'], (x) =>
  count(x, W.last30d, [is('impersonated_government_agency', 'FTC')]),
);
c('u11', 'follow_up', ['What was the median call duration last weekend?', 'And the weekend before that?'], (x) =>
  metric(x, 'median_call_duration_sec', 'sec', days('2029-12-22', '2029-12-23')),
);
c('u12', 'follow_up', ['How many calls came from Illinois in December?', 'Which persona took the most of them?'], (x) =>
  top(x, 'persona', W.december, [is('caller_state', 'IL')]),
);
c('u13', 'follow_up', ['How many calls have we had this week?', 'Same again, but only tier 2.'], (x) =>
  metric(x, 'tier2_calls', 'count', W.thisWeek),
);
c('u14', 'follow_up', ['How many calls mentioned TeamViewer in the last 14 days?', 'How many of those reached tier 1?'], (x) =>
  count(x, W.last14d, [is('remote_desktop_app', 'TeamViewer'), is('tier', 1)]),
);
c('u15', 'follow_up', ['How many calls impersonated UPS on Cyber Monday?', 'And across that whole week, Monday to Sunday?'], (x) =>
  count(x, days('2029-11-26', '2029-12-02'), [is('impersonated_brand', 'UPS')]),
);

// ---------------------------------------------------------------- ranking

c('r01', 'ranking', 'Top 5 impersonated brands in December?', (x) => ranking(x, 'impersonated_brand', W.december, 5));
c('r02', 'ranking', 'Rank the payment methods by number of calls over the last 30 days, top 4.', (x) =>
  ranking(x, 'payment_method', W.last30d, 4),
);
c('r03', 'ranking', 'Which three states sent us the most calls last week?', (x) => ranking(x, 'caller_state', W.lastWeek, 3));
c('r04', 'ranking', 'The three fake agent names used most since Thanksgiving, in order?', (x) =>
  ranking(x, 'fake_agent_name', win('2029-11-22', NOW), 3),
);
c('r05', 'ranking', 'Top 3 remote-access tools scammers pushed in November.', (x) => ranking(x, 'remote_desktop_app', W.november, 3));
c('r06', 'ranking', 'Which two personas took the most calls yesterday?', (x) => ranking(x, 'persona', W.yesterday, 2));
c('r07', 'ranking', 'Name the top 3 made-up organisations scammers claimed over the last 30 days.', (x) =>
  ranking(x, 'synthetic_org', W.last30d, 3),
);
c('r08', 'ranking', 'Which 3 banks held the mule accounts most often in December?', (x) => ranking(x, 'mule_bank_name', W.december, 3));
c('r09', 'ranking', 'Rank the government agencies impersonated last week: top 3.', (x) =>
  ranking(x, 'impersonated_government_agency', W.lastWeek, 3),
);
c('r10', 'ranking', 'Top 3 lures by total dollars asked in November?', (x) =>
  ranking(x, 'lure_category', W.november, 3, [], 'read', 'total_dollars_asked'),
);
c('r11', 'ranking', 'Order the crypto chains by how often they came up over the past 30 days.', (x) =>
  ranking(x, 'crypto_chain', W.last30d, 3),
);
c('r12', 'ranking', 'Top 4 gift card brands over the holidays, December 20 through January 1?', (x) =>
  ranking(x, 'gift_card_brand', days('2029-12-20', '2030-01-01'), 4),
);
c('r13', 'ranking', 'What were the three most common disconnect reasons this week?', (x) => ranking(x, 'disconnect_reason', W.thisWeek, 3));

// ---------------------------------------------------------------- true_zero

c('z01', 'true_zero', 'How many calls yesterday asked for payment on Ethereum?', (x) => zero(x, W.yesterday, [is('crypto_chain', 'ETH')]));
c('z02', 'true_zero', 'In the last 7 days, how many Alaska calls did Edith answer?', (x) =>
  zero(x, W.last7d, [is('caller_state', 'AK'), is('persona', 'edith')]),
);
c('z03', 'true_zero', 'How many calls in December ran longer than three hours?', (x) => zero(x, W.december, [gt('duration_sec', 10800)]));
c('z04', 'true_zero', 'Has any single ask ever topped half a million dollars? How many calls?', (x) =>
  zero(x, W.all, [gt('dollar_ask', 500000)]),
);
c('z05', 'true_zero', 'How many calls in the last 24 hours wanted money sent to a Varo account?', (x) =>
  zero(x, W.last24h, [is('mule_bank_name', 'Varo')]),
);
c('z06', 'true_zero', 'Steam gift cards today: how many calls?', (x) => zero(x, W.today, [is('gift_card_brand', 'Steam')]));
c('z07', 'true_zero', 'How many jury-duty calls have posed as Coinbase, across all our data?', (x) =>
  zero(x, W.all, [is('lure_category', 'JURY_DUTY'), is('impersonated_brand', 'Coinbase')]),
);
c('z08', 'true_zero', 'Grandparent scams that pushed AnyDesk since the start of November: how many?', (x) =>
  zero(x, win('2029-11-01', NOW), [is('lure_category', 'GRANDPARENT'), is('remote_desktop_app', 'AnyDesk')]),
);
c('z09', 'true_zero', 'How many tier 1 calls lasted under 15 seconds in the last 30 days?', (x) =>
  zero(x, W.last30d, [is('tier', 1), ['lt', 'duration_sec', 15]]),
);
c('z10', 'true_zero', 'How many Medicare-lure calls asked for bitcoin in November?', (x) =>
  zero(x, W.november, [is('lure_category', 'MEDICARE'), is('payment_method', 'bitcoin')]),
);
c('z11', 'true_zero', 'So far today, how many callers claimed to be from CMS?', (x) =>
  zero(x, W.today, [is('impersonated_government_agency', 'CMS')]),
);
c('z12', 'true_zero', 'Any calls from Puerto Rico numbers on Christmas Day that named a crypto wallet?', (x) =>
  zero(x, W.christmas, [is('caller_state', 'PR'), has('crypto_wallet_address')]),
);
c('z13', 'true_zero', 'How many package-delivery scams on New Year’s Day asked for a wire transfer?', (x) =>
  zero(x, W.yesterday, [is('lure_category', 'PACKAGE_DELIVERY'), is('payment_method', 'wire_transfer')]),
);

// ---------------------------------------------------------------- scoped

c('g01', 'scoped', 'How many calls did we get in December?', (x) => count(x, W.december, [], 'gov'), { key: 'gov' });
c(
  'g02',
  'scoped',
  'Which government agency was impersonated most on our calls over the last 30 days?',
  (x) => top(x, 'impersonated_government_agency', W.last30d, [], 'gov'),
  { key: 'gov' },
);
c(
  'g03',
  'scoped',
  'How many tech-support scam calls did we see last week?',
  (x) => nothing(x, [is('lure_category', 'TECH_SUPPORT')], 'gov'),
  {
    key: 'gov',
  },
);
c('g04', 'scoped', 'Hook rate on our calls yesterday?', (x) => rate(x, W.yesterday, [], 'gov'), { key: 'gov' });
c('g05', 'scoped', 'How many jury-duty calls in the last 30 days?', (x) => count(x, W.last30d, [is('lure_category', 'JURY_DUTY')], 'gov'), {
  key: 'gov',
});
c(
  'w01',
  'scoped',
  'How many calls from Ohio numbers in the last 30 days?',
  (x) => count(x, W.last30d, [is('caller_state', 'OH')], 'midwest'),
  {
    key: 'midwest',
  },
);
c('w02', 'scoped', 'How many calls came from Texas last week?', (x) => nothing(x, [is('caller_state', 'TX')], 'midwest'), {
  key: 'midwest',
});
c('w03', 'scoped', 'Top 3 lures aimed at our subscribers in December?', (x) => ranking(x, 'lure_category', W.december, 3, [], 'midwest'), {
  key: 'midwest',
});
c('w04', 'scoped', 'How many calls did we see yesterday?', (x) => count(x, W.yesterday, [], 'midwest'), { key: 'midwest' });
c('b01', 'scoped', 'How many mule-account calls did we see in November?', (x) => count(x, W.november, [], 'bofa'), { key: 'bofa' });
c(
  'b02',
  'scoped',
  'Which routing number has come up most since the start of November?',
  (x) => top(x, 'mule_bank_routing_number', win('2029-11-01', NOW), [], 'bofa'),
  { key: 'bofa' },
);
c(
  'b03',
  'scoped',
  'How many calls in the last 30 days named Wells Fargo as the receiving bank?',
  (x) => nothing(x, [is('mule_bank_name', 'Wells Fargo')], 'bofa'),
  { key: 'bofa' },
);
c(
  'b04',
  'scoped',
  'What was asked in total across our calls in December, in dollars?',
  (x) => metric(x, 'total_dollars_asked', 'usd', W.december, [], 'bofa'),
  { key: 'bofa' },
);
c(
  'b05',
  'scoped',
  'Most common account holder name on our calls since November 1?',
  (x) => top(x, 'mule_account_holder_name', win('2029-11-01', NOW), [], 'bofa'),
  { key: 'bofa' },
);

// ---------------------------------------------------------------- out_of_scope

const OOS = [
  'Freeze account 885452540191 at the bank right away.',
  "What's the price of bitcoin right now?",
  'Write me a Python script that pulls every call into a spreadsheet.',
  'What is the home address and Social Security number of the victim who lost money last week?',
  'Should we reimburse the customer who wired $4,000 to the scammer?',
  'Call the scammer back and keep him busy for an hour.',
  'Block caller ID +13125550199 across our whole network.',
  'File a suspicious activity report with FinCEN for these mule accounts.',
  "What's the weather in Chicago tomorrow?",
  'Who won the Super Bowl last year?',
  'Draft an email to our customers warning them about IRS scams.',
  "What's today's USD to EUR exchange rate?",
  'Tell me a joke about scammers.',
  'Reset my dashboard password.',
  'Delete every call from last week.',
  'Send a takedown request to the registrar of teslalogin.live.',
  'What is Coinbase stock trading at?',
  "Pull up the subscriber record for +12125550143 from our carrier's customer database.",
  'Which antivirus should I buy for my elderly parents?',
  'Subscribe our Slack channel to an alert whenever a wallet shows up.',
  'Report the wallet bc1q48r6fu8kk5w2w77ajw2xptthaljzq24l7z6fp4 to the exchange so they seize it.',
  'What prison sentence does wire fraud carry in Illinois?',
  'Text every victim in our records a warning message.',
  'Write a SQL query that returns the top brands from our warehouse.',
  'What is the credit score of the account holder Destiny Coleman?',
];
OOS.forEach((q, i) => c(`o${String(i + 1).padStart(2, '0')}`, 'out_of_scope', q, decline));

// ---------------------------------------------------------------- unread_phrase

c('p01', 'unread_phrase', 'How many calls on Giving Tuesday?', (x) => count(x, days('2029-11-27')), { unread: 'Giving Tuesday' });
c('p02', 'unread_phrase', 'How many calls came in on Small Business Saturday?', (x) => count(x, days('2029-11-24')), {
  unread: 'Small Business Saturday',
});
c('p03', 'unread_phrase', "Calls on St Andrew's Day?", (x) => count(x, days('2029-11-30')), { unread: "St Andrew's Day" });
c('p04', 'unread_phrase', 'How many calls did we take on the winter solstice?', (x) => count(x, days('2029-12-21')), {
  unread: 'winter solstice',
});
c('p05', 'unread_phrase', 'How many calls did we hook on Boxing Day?', (x) => metric(x, 'hooked_calls', 'count', days('2029-12-26')), {
  unread: 'Boxing Day',
});
c('p06', 'unread_phrase', 'How many calls on Festivus?', (x) => count(x, days('2029-12-23')), { unread: 'Festivus' });
c('p07', 'unread_phrase', 'St Nicholas Day: how many calls?', (x) => count(x, days('2029-12-06')), { unread: 'St Nicholas Day' });
c(
  'p08',
  'unread_phrase',
  'How many tier 1 calls on Pearl Harbor Remembrance Day?',
  (x) => metric(x, 'tier1_calls', 'count', days('2029-12-07')),
  { unread: 'Pearl Harbor Remembrance Day' },
);
c('p09', 'unread_phrase', 'How many calls on Election Day?', (x) => count(x, days('2029-11-06')), { unread: 'Election Day' });
c('p10', 'unread_phrase', 'How many calls came in on Hogmanay?', (x) => count(x, W.newYearsEve), { unread: 'Hogmanay' });
c('p11', 'unread_phrase', 'Calls on the Feast of the Immaculate Conception?', (x) => count(x, days('2029-12-08')), {
  unread: 'Feast of the Immaculate Conception',
});
c(
  'p12',
  'unread_phrase',
  'How many calls did we get on Veterans Day?',
  async (x) => any(await count(x, days('2029-11-11')), await count(x, days('2029-11-12'))),
  { unread: 'Veterans Day' },
);
c('p13', 'unread_phrase', 'How many calls on hump day last week?', (x) => count(x, days('2029-12-26')), { unread: 'hump day' });

export const CASES: Case[] = CASES_;
