// The questions of the ninth held-out eval, in the voice of fraud analysts at banks, carriers,
// brands and police units, each with its truth computed at run time from the REST API (truths.ts)
// with the key it is asked with. Written without reading the agent or any earlier set's questions.

import type { EvalCase } from '../shared/cases.js';
import type { Truth } from '../shared/judge.js';
import {
  allOf,
  anyOf,
  compare,
  count,
  type Ctx,
  day,
  days,
  DECLINE,
  fig,
  LAST_MONTH,
  LAST_WEEK,
  lastDays,
  lastHours,
  live,
  nothing,
  num,
  overAny,
  ranking,
  type Filter,
  type Reader,
  share,
  since,
  span,
  spellings,
  THIS_WEEK,
  top,
  W,
  weekdaySplit,
  type Win,
  zero,
} from './truths.js';
import type { KeyName } from './world.js';
import { ISSUE_CLASSES_WITH_UNREAD } from '../shared/cases.js';

export const CLASSES = ISSUE_CLASSES_WITH_UNREAD;
type Cls = (typeof CLASSES)[number];

export type Case = EvalCase<Ctx, KeyName> & { cls: Cls };

interface Opts {
  key?: KeyName;
  dashboard_range?: string;
  fz?: boolean;
  unread?: string;
}

function c(id: string, cls: Cls, turns: string | string[], truth: (r: Reader) => Promise<Truth>, opts: Opts = {}): Case {
  return {
    id,
    cls,
    turns: Array.isArray(turns) ? turns : [turns],
    ...opts,
    truth: (x: Ctx) => truth(x.as(opts.key ?? 'read')),
  };
}

const decline = (id: string, q: string): Case => c(id, 'out_of_scope', q, async () => DECLINE);

// Filters.
const T1: Filter = ['is', 'tier', [1]];
const T2: Filter = ['is', 'tier', [2]];
const T3: Filter = ['is', 'tier', [3]];
const HOOKED: Filter = ['is', 'hooked', [true]];
const is = (field: string, ...values: (string | number | boolean)[]): Filter => ['is', field, values];
const has = (field: string): Filter => ['has', field];
const lure = (v: string) => is('lure_category', v);
const brand = (v: string) => is('impersonated_brand', v);
const pay = (...v: string[]) => is('payment_method', ...v);
const agency = (v: string) => is('impersonated_government_agency', v);
const state = (...v: string[]) => is('caller_state', ...v);

/**
 * Calls "impersonating the IRS" (or Social Security): the agency named in the call, or the lure;
 * both readings are honest.
 */
async function irsOrSsa(r: Reader, w: Win, who: 'IRS' | 'SSA', f: Filter[] = []): Promise<Truth> {
  const [ag, lu] = who === 'IRS' ? ['IRS', 'IRS_TAX'] : ['Social Security Administration', 'SOCIAL_SECURITY'];
  const a = await count(r, w, [agency(ag), ...f]);
  const b = await count(r, w, [lure(lu), ...f]);
  return a.kind === 'number' && b.kind === 'number' && a.value === b.value ? a : anyOf(a, b);
}

/** Calls that asked for gift cards: the payment method, or (also) a gift-card brand named. */
const GIFT: Filter = ['or', [pay('gift_card'), has('gift_card_brand')]];
const giftCalls = (w: Win) => async (r: Reader) => anyOf(await count(r, w, [pay('gift_card')]), await count(r, w, [GIFT]));

const calls =
  (w: Win, f: Filter[] = []) =>
  (r: Reader) =>
    count(r, w, f);
const callsAny =
  (ws: Win[], f: Filter[] = []) =>
  (r: Reader) =>
    overAny(ws, (w) => count(r, w, f));
const metric =
  (m: string, w: Win, unit: Parameters<typeof fig>[4], f: Filter[] = []) =>
  (r: Reader) =>
    fig(r, m, w, f, unit);
const metricAny =
  (m: string, ws: Win[], unit: Parameters<typeof fig>[4], f: Filter[] = []) =>
  (r: Reader) =>
    overAny(ws, (w) => fig(r, m, w, f, unit));

// ---------------------------------------------------------------- everyday

const EVERYDAY: Case[] = [
  c('e01', 'everyday', 'How many calls came in yesterday?', calls(W.yesterday)),
  c('e02', 'everyday', 'How many tier 1 calls have we had this week?', callsAny(THIS_WEEK, [T1])),
  c('e03', 'everyday', "What's our hook rate over the last 7 days?", metric('hook_rate', W.last7d, 'rate')),
  c(
    'e04',
    'everyday',
    'What is the total dollar amount scammers asked for in the last 30 days?',
    metric('total_dollars_asked', W.last30d, 'usd'),
  ),
  c('e05', 'everyday', 'How many calls has the honeypot taken today?', calls(W.today)),
  c('e06', 'everyday', 'How many calls were hooked in the last 24 hours?', metric('hooked_calls', W.last24h, 'count')),
  c('e07', 'everyday', 'What was the median call duration last week?', metricAny('median_call_duration_sec', LAST_WEEK, 'sec')),
  c('e08', 'everyday', 'How many tier 2 calls did we record in February?', calls(W.february, [T2])),
  c('e09', 'everyday', 'Number of calls impersonating Amazon so far this month?', calls(W.thisMonth, [brand('Amazon')])),
  c('e10', 'everyday', 'How many calls are in progress right now?', async (r) => num(await live(r), 'count')),
  c('e11', 'everyday', 'What was the largest single dollar ask in the last 14 days?', metric('max_single_ask', W.last14d, 'usd')),
  c('e12', 'everyday', 'How many calls impersonated the IRS last month?', (r) => overAny(LAST_MONTH, (w) => irsOrSsa(r, w, 'IRS'))),
  c('e13', 'everyday', 'How many calls were classed tier 3 in the last 7 days?', calls(W.last7d, [T3])),
  c('e14', 'everyday', 'In the last 7 days, how many callers demanded payment in gift cards?', giftCalls(W.last7d)),
  c('e15', 'everyday', "What's the average call length over the past 30 days?", metric('avg_call_duration_sec', W.last30d, 'sec')),
  c('e16', 'everyday', 'How many calls this month gave us a crypto wallet address?', calls(W.thisMonth, [has('crypto_wallet_address')])),
  c('e17', 'everyday', 'How many calls did the honeypot receive in January?', calls(W.january)),
  c('e18', 'everyday', 'How many tech support scam calls came in yesterday?', calls(W.yesterday, [lure('TECH_SUPPORT')])),
  c('e19', 'everyday', 'How many calls came from Florida numbers in the last 30 days?', calls(W.last30d, [state('FL')])),
  c(
    'e20',
    'everyday',
    'Over the last 7 days, how many calls ended with the caller hanging up normally?',
    calls(W.last7d, [is('disconnect_reason', 'caller_hung_up_normal')]),
  ),
  c(
    'e21',
    'everyday',
    'How many calls last week revealed a mule bank account number?',
    callsAny(LAST_WEEK, [has('mule_bank_account_number')]),
  ),
];

// ---------------------------------------------------------------- nearby figures

const NEARBY: Case[] = [
  c(
    'n01',
    'nearby_figure',
    'How many separate dollar asks were made yesterday? Count each ask, not each call.',
    metric('asks', W.yesterday, 'count'),
  ),
  c(
    'n02',
    'nearby_figure',
    'How many calls in the last 7 days had at least one ask above $1,000?',
    calls(W.last7d, [['gt', 'dollar_ask', 1000]]),
  ),
  c(
    'n03',
    'nearby_figure',
    'In the last 7 days, how many individual asks were above $1,000? I mean the asks themselves, not the calls.',
    metric('asks', W.last7d, 'count', [['gt', 'dollar_ask', 1000]]),
  ),
  c('n04', 'nearby_figure', "What percentage of this week's calls were tier 1?", (r) => overAny(THIS_WEEK, (w) => share(r, w, [T1]))),
  c(
    'n05',
    'nearby_figure',
    'How many distinct crypto wallet addresses turned up in the last 30 days?',
    metric('distinct:crypto_wallet_address', W.last30d, 'count'),
  ),
  c(
    'n06',
    'nearby_figure',
    "What's the 90th percentile of call duration over the last 14 days?",
    metric('p90_call_duration_sec', W.last14d, 'sec'),
  ),
  c(
    'n07',
    'nearby_figure',
    'What was the mean dollar ask in February? The mean, please, not the median.',
    metric('mean_dollar_ask', W.february, 'usd'),
  ),
  c('n08', 'nearby_figure', 'What was the median dollar ask across February?', metric('median_dollar_ask', W.february, 'usd')),
  c(
    'n09',
    'nearby_figure',
    'How many asks this month were from $500 to $1,000, both ends included?',
    metric('asks', W.thisMonth, 'count', [['between', 'dollar_ask', [500, 1000]]]),
  ),
  c(
    'n10',
    'nearby_figure',
    'What was the hook rate yesterday, as a percentage rather than a count?',
    metric('hook_rate', W.yesterday, 'rate'),
  ),
  c(
    'n11',
    'nearby_figure',
    'How many different fake agent names did callers use last week?',
    metricAny('distinct:fake_agent_name', LAST_WEEK, 'count'),
  ),
  c('n12', 'nearby_figure', 'What fraction of calls over the last 30 days were closed cleanly?', (r) =>
    overAny([W.last30d], async (w) =>
      anyOf(await share(r, w, [is('cleanly_closed', true)]), await share(r, w, [is('cleanly_closed', true)], [has('cleanly_closed')])),
    ),
  ),
  c(
    'n13',
    'nearby_figure',
    'Over the last 30 days, what is the total of the dollars dangled at our personas (fake refunds and prizes), not the dollars asked?',
    metric('total_dollars_dangled', W.last30d, 'usd'),
  ),
  c(
    'n14',
    'nearby_figure',
    'How many distinct mule banks have appeared this month?',
    metric('distinct:mule_bank_name', W.thisMonth, 'count'),
  ),
  c(
    'n15',
    'nearby_figure',
    'What was the average auditor confidence over the last 7 days?',
    metric('avg_auditor_confidence', W.last7d, 'decimal'),
  ),
  c(
    'n16',
    'nearby_figure',
    'How many high-confidence insights did we produce yesterday?',
    metric('high_confidence_insights', W.yesterday, 'count'),
  ),
  c(
    'n17',
    'nearby_figure',
    'How many distinct caller area codes have rung us today?',
    metric('distinct:caller_area_code', W.today, 'count'),
  ),
  c('n18', 'nearby_figure', 'Longest call of this week, in seconds?', metricAny('max_call_duration_sec', THIS_WEEK, 'sec')),
  c(
    'n19',
    'nearby_figure',
    'Over the last 14 days, how many of the individual asks were under $200?',
    metric('asks', W.last14d, 'count', [['lt', 'dollar_ask', 200]]),
  ),
];

// ---------------------------------------------------------------- frames

/** This week so far against the same stretch of last week (from Monday, or from Sunday). */
async function sameStretch(r: Reader): Promise<Truth> {
  const weekMs = 7 * 86_400_000;
  const opts = await Promise.all(
    THIS_WEEK.map(async (w) =>
      compare(await count(r, w), await count(r, { start: new Date(w.start.getTime() - weekMs), end: new Date(w.end.getTime() - weekMs) })),
    ),
  );
  return anyOf(...opts);
}

const FRAME: Case[] = [
  c('f01', 'frame', 'How many calls did we get on Tuesday?', calls(day('2029-03-13'))),
  c('f02', 'frame', 'Calls received on March 2nd?', calls(day('2029-03-02'))),
  c('f03', 'frame', 'How many tier 1 calls between Feb 20 and Feb 26, inclusive?', calls(days('2029-02-20', '2029-02-26'), [T1])),
  c('f04', 'frame', 'How many calls in the first half of February (the 1st through the 14th)?', calls(days('2029-02-01', '2029-02-14'))),
  c(
    'f05',
    'frame',
    'Hooked calls in the second half of February, the 15th to the 28th?',
    metric('hooked_calls', days('2029-02-15', '2029-02-28'), 'count'),
  ),
  c('f06', 'frame', 'How many calls since the 1st of March?', calls(since('2029-03-01'))),
  c('f07', 'frame', 'How many calls have come in since Monday?', calls(since('2029-03-12'))),
  c('f08', 'frame', 'How many calls came in over the weekend?', calls(W.lastWeekend)),
  c('f09', 'frame', 'Over the last 14 days, how many calls landed on weekdays and how many on weekend days?', async (r) => {
    const s = await weekdaySplit(r, W.last14d);
    return compare(num(s.weekdays, 'count'), num(s.weekend, 'count'));
  }),
  c('f10', 'frame', 'This week so far against the same stretch of last week: how many calls in each?', sameStretch),
  c('f11', 'frame', 'How many tier 1 calls?', calls(W.last30d, [T1]), { dashboard_range: '30d' }),
  c('f12', 'frame', "What's the hook rate?", metric('hook_rate', W.last7d, 'rate'), { dashboard_range: '7d' }),
  c('f13', 'frame', 'Total dollars asked?', metric('total_dollars_asked', W.last24h, 'usd'), { dashboard_range: '24h' }),
  c('f14', 'frame', 'How many calls in the last 3 hours?', calls(lastHours(3))),
  c('f15', 'frame', 'How many calls in the past 48 hours?', calls(lastHours(48))),
  c('f16', 'frame', 'How many calls in the week of Monday February 19 (through that Sunday)?', calls(days('2029-02-19', '2029-02-25'))),
  c('f17', 'frame', 'How many calls on Sunday March 11, the day the clocks went forward?', calls(day('2029-03-11'))),
  c(
    'f18',
    'frame',
    'How many calls between 9am and 5pm New York time yesterday?',
    calls(span('2029-03-15T13:00:00Z', '2029-03-15T21:00:00Z')),
  ),
  c('f19', 'frame', 'Compare the first 15 days of March with the first 15 days of February: calls in each?', async (r) =>
    compare(await count(r, days('2029-03-01', '2029-03-15')), await count(r, days('2029-02-01', '2029-02-15'))),
  ),
  c('f20', 'frame', 'How many tier 2 calls in the last two weeks?', callsAny([W.last14d, days('2029-02-26', '2029-03-11')], [T2])),
  c('f21', 'frame', 'How many calls fell on Saturdays or Sundays in February?', async (r) =>
    num((await weekdaySplit(r, W.february)).weekend, 'count'),
  ),
  c('f22', 'frame', 'How many calls between March 5 and March 9?', calls(days('2029-03-05', '2029-03-09'))),
  c('f23', 'frame', 'How many calls from Monday through Wednesday of this week?', calls(days('2029-03-12', '2029-03-14'))),
];

// ---------------------------------------------------------------- values of extracted fields

const ANY_VALUE: Case[] = [
  c(
    'a01',
    'any_value',
    'In the last 30 days, how many calls had a fake agent going by Jennifer Brooks?',
    calls(W.last30d, [is('fake_agent_name', 'Jennifer Brooks')]),
    { fz: true },
  ),
  c(
    'a02',
    'any_value',
    'How many callers in February claimed to be from the "US Consumer Refund Center"?',
    calls(W.february, [is('synthetic_org', 'US Consumer Refund Center')]),
    { fz: true },
  ),
  c(
    'a03',
    'any_value',
    'How many calls have given the drop address 3884 Franklin St, Las Vegas, NV 89101?',
    calls(W.all, [is('physical_mule_drop_address', '3884 Franklin St, Las Vegas, NV 89101')]),
    { fz: true },
  ),
  c(
    'a04',
    'any_value',
    'How many calls have handed out the wallet bc1qn2vwsqzjfetfkjtkh5tz3f55e9h2ylf7rxvdcv?',
    calls(W.all, [is('crypto_wallet_address', 'bc1qn2vwsqzjfetfkjtkh5tz3f55e9h2ylf7rxvdcv')]),
    { fz: true },
  ),
  c(
    'a05',
    'any_value',
    'Account number 9808001787370 - how many calls has it come up in?',
    calls(W.all, [is('mule_bank_account_number', '9808001787370')]),
    { fz: true },
  ),
  c(
    'a06',
    'any_value',
    'How many calls since the start of February gave routing number 243027756?',
    calls(since('2029-02-01'), [is('mule_bank_routing_number', '243027756')]),
    { fz: true },
  ),
  c(
    'a07',
    'any_value',
    'How many calls in the last 30 days had a Bank of America mule account?',
    calls(W.last30d, [is('mule_bank_name', 'Bank of America')]),
    { fz: true },
  ),
  c(
    'a08',
    'any_value',
    'How many calls this month asked for Google Play cards?',
    calls(W.thisMonth, [is('gift_card_brand', 'Google Play')]),
    { fz: true },
  ),
  c(
    'a09',
    'any_value',
    'How many calls over the last 14 days had the scammer install UltraViewer?',
    calls(W.last14d, [is('remote_desktop_app', 'UltraViewer')]),
    { fz: true },
  ),
  c('a10', 'any_value', 'How many calls did the Dolores persona handle in the last 7 days?', calls(W.last7d, [is('persona', 'dolores')])),
  c('a11', 'any_value', 'How many calls came from Ohio numbers in February?', calls(W.february, [state('OH')]), { fz: true }),
  c(
    'a12',
    'any_value',
    'How many calls have named Jose Ramirez as the account holder?',
    calls(W.all, [is('mule_account_holder_name', 'Jose Ramirez')]),
    { fz: true },
  ),
  c(
    'a13',
    'any_value',
    'How many calls sent people to dhl-service.support/refund?',
    (r) =>
      overAny([W.all], async (w) =>
        anyOf(
          await count(r, w, [is('phishing_url', 'dhl-service.support/refund')]),
          await count(r, w, [['contains', 'phishing_url', ['dhl-service.support/refund']]]),
        ),
      ),
    { fz: true },
  ),
  c(
    'a14',
    'any_value',
    'How many calls this month had someone posing as the County Sheriff?',
    calls(W.thisMonth, [agency('County Sheriff')]),
    { fz: true },
  ),
  c('a15', 'any_value', 'How many calls in the last 30 days involved a TRON wallet?', calls(W.last30d, [is('crypto_chain', 'TRON')]), {
    fz: true,
  }),
  c(
    'a16',
    'any_value',
    'How many calls in the last 30 days mentioned the "Federal Reserve Protection Unit"?',
    calls(W.last30d, [is('synthetic_org', 'Federal Reserve Protection Unit')]),
    { fz: true },
  ),
  c('a17', 'any_value', 'In February, how many calls used a Varo account as the mule?', calls(W.february, [is('mule_bank_name', 'Varo')]), {
    fz: true,
  }),
  c(
    'a18',
    'any_value',
    'How many calls over the last 30 days demanded Visa Vanilla gift cards?',
    calls(W.last30d, [is('gift_card_brand', 'Visa Vanilla')]),
    { fz: true },
  ),
  c(
    'a19',
    'any_value',
    'How many calls this month impersonated Publishers Clearing House?',
    calls(W.thisMonth, [brand('Publishers Clearing House')]),
  ),
  c('a20', 'any_value', 'How many callers in the last 30 days wanted to be paid over Venmo?', calls(W.last30d, [pay('venmo')]), {
    fz: true,
  }),
  c(
    'a21',
    'any_value',
    'How many calls have given a drop address in Charlotte?',
    calls(W.all, [['contains', 'physical_mule_drop_address', ['Charlotte']]]),
    { fz: true },
  ),
  c(
    'a22',
    'any_value',
    'How many calls in February had a fake agent called Nancy White?',
    calls(W.february, [is('fake_agent_name', 'Nancy White')]),
    { fz: true },
  ),
  c(
    'a23',
    'any_value',
    'How many calls have named Monique Foster as the person holding the account?',
    calls(W.all, [is('mule_account_holder_name', 'Monique Foster')]),
    { fz: true },
  ),
];

// ---------------------------------------------------------------- scoped keys

const SCOPED: Case[] = [
  c('sc01', 'scoped', 'How many calls came in this month?', calls(W.thisMonth), { key: 'chime' }),
  c('sc02', 'scoped', 'Total dollars asked over the last 30 days?', metric('total_dollars_asked', W.last30d, 'usd'), { key: 'chime' }),
  c('sc03', 'scoped', 'Since we started collecting, which 3 caller states show up most?', (r) => ranking(r, 'caller_state', W.all, 3), {
    key: 'chime',
  }),
  c('sc04', 'scoped', 'Have we seen any Wells Fargo mule accounts?', (r) => nothing(r, 'mule_bank_name', 'Wells Fargo'), { key: 'chime' }),
  c(
    'sc05',
    'scoped',
    'How many distinct mule account numbers did we collect in February?',
    metric('distinct:mule_bank_account_number', W.february, 'count'),
    { key: 'chime' },
  ),
  c('sc06', 'scoped', 'How many calls did we get yesterday?', calls(W.yesterday), { key: 'southeast' }),
  c('sc07', 'scoped', 'How many calls came from Texas numbers this month?', (r) => nothing(r, 'caller_state', 'TX'), { key: 'southeast' }),
  c('sc08', 'scoped', "What's the hook rate over the last 7 days?", metric('hook_rate', W.last7d, 'rate'), { key: 'southeast' }),
  c(
    'sc09',
    'scoped',
    'Georgia versus North Carolina: how many calls each in February?',
    async (r) => compare(await count(r, W.february, [state('GA')]), await count(r, W.february, [state('NC')])),
    { key: 'southeast' },
  ),
  c('sc10', 'scoped', 'Top 3 lures this month?', (r) => ranking(r, 'lure_category', W.thisMonth, 3), { key: 'southeast' }),
  c('sc11', 'scoped', 'How many calls last week?', callsAny(LAST_WEEK), { key: 'giftcards' }),
  c('sc12', 'scoped', 'Top 3 gift card brands this month?', (r) => ranking(r, 'gift_card_brand', W.thisMonth, 3), { key: 'giftcards' }),
  c('sc13', 'scoped', 'How many callers asked to be paid at a crypto ATM?', (r) => nothing(r, 'payment_method', 'crypto_atm'), {
    key: 'giftcards',
  }),
  c('sc14', 'scoped', 'Which brand was impersonated most in the last 14 days?', (r) => top(r, 'impersonated_brand', W.last14d), {
    key: 'giftcards',
  }),
  c('sc15', 'scoped', 'How many calls impersonated Amazon in the last 30 days?', calls(W.last30d, [brand('Amazon')]), { key: 'southeast' }),
];

// ---------------------------------------------------------------- casual

const CASUAL: Case[] = [
  c('k01', 'casual', 'yo whats the tier1 count for today', calls(W.today, [T1])),
  c('k02', 'casual', 'quick one - total $ asked yesterday?', metric('total_dollars_asked', W.yesterday, 'usd')),
  c('k03', 'casual', 'how many calls hav we hooked this wk', metricAny('hooked_calls', THIS_WEEK, 'count')),
  c('k04', 'casual', 'any idea how many callers wanted gift cards in the last 14 days?', giftCalls(W.last14d)),
  c('k05', 'casual', 'lol how many ppl pretended to be microsoft this month', calls(W.thisMonth, [brand('Microsoft')])),
  c('k06', 'casual', 'hook rate last 30d pls', metric('hook_rate', W.last30d, 'rate')),
  c('k07', 'casual', 'number of calls frm texas yesterday?', calls(W.yesterday, [state('TX')]), { fz: true }),
  c('k08', 'casual', "how's the volume looking today, like how many calls so far", calls(W.today)),
  c('k09', 'casual', 'tier 1s in feb?', calls(W.february, [T1])),
  c('k10', 'casual', 'ok so how many social security scam calls this month', (r) => irsOrSsa(r, W.thisMonth, 'SSA')),
  c('k11', 'casual', "what's the biggest $ ask we've seen this week lol", metricAny('max_single_ask', THIS_WEEK, 'usd')),
  c('k12', 'casual', 'how mnay callers wanted zelle payments last 14 days', calls(W.last14d, [pay('zelle')])),
  c('k13', 'casual', 'just need the median call length for yesterday thx', metric('median_call_duration_sec', W.yesterday, 'sec')),
  c(
    'k14',
    'casual',
    'hiya! how many calls had the scammer push anydesk this week?',
    callsAny(THIS_WEEK, [is('remote_desktop_app', 'AnyDesk')]),
  ),
  c('k15', 'casual', 'sup, how many calls came in over the past 24 hrs', calls(W.last24h)),
  c('k16', 'casual', 'count of tier 2 calls over last 7 days?? need it for a slide', calls(W.last7d, [T2])),
  c(
    'k17',
    'casual',
    'how many calls this month wanted crypto atm payment, roughly? exact is better tbh',
    calls(W.thisMonth, [pay('crypto_atm')]),
  ),
  c('k18', 'casual', 'grandparent scam calls last weekend - how many?', calls(W.lastWeekend, [lure('GRANDPARENT')]), { fz: true }),
  c('k19', 'casual', 'how many calls got to tier 3 yday', calls(W.yesterday, [T3])),
  c('k20', 'casual', 'brb - how many calls w/ a phishing link this month?', calls(W.thisMonth, [has('phishing_url')])),
];

// ---------------------------------------------------------------- stray words

const STRAY: Case[] = [
  c('s01', 'stray_words', 'Honestly, between you and me and the coffee machine, how many calls came in yesterday?', calls(W.yesterday)),
  c('s02', 'stray_words', 'For the board deck (due Monday, ugh): how many tier 1 calls in the last 30 days?', calls(W.last30d, [T1])),
  c(
    's03',
    'stray_words',
    'My manager on the Chase partnership asked me this one: what is the hook rate over the last 7 days?',
    metric('hook_rate', W.last7d, 'rate'),
  ),
  c('s04', 'stray_words', "Before my 3 o'clock: how many hooked calls so far today?", metric('hooked_calls', W.today, 'count')),
  c(
    's05',
    'stray_words',
    'Apple pie for lunch again. Anyway, how many calls in February asked for a wire transfer?',
    calls(W.february, [pay('wire_transfer')]),
  ),
  c(
    's06',
    'stray_words',
    "I'm in Texas this week for a conference. How many calls came in yesterday from Georgia numbers?",
    calls(W.yesterday, [state('GA')]),
    { fz: true },
  ),
  c(
    's07',
    'stray_words',
    'Ticket #4521 (priority 2, team 7): total dollars asked over the last 14 days?',
    metric('total_dollars_asked', W.last14d, 'usd'),
  ),
  c(
    's08',
    'stray_words',
    "Reading the FBI's latest bulletin right now; separately, how many calls impersonated Amazon last week?",
    callsAny(LAST_WEEK, [brand('Amazon')]),
  ),
  c('s09', 'stray_words', 'Sorry for the 10 questions today, one more: how many tier 3 calls this month?', calls(W.thisMonth, [T3])),
];

// ---------------------------------------------------------------- multi-part

/** The most frequent value of `field` and its calls (a tie at the top fails the case: it would have two answers). */
async function topWithCount(r: Reader, field: string, w: Win, f: Filter[] = []): Promise<Truth> {
  const g = await r.groups(field, w, f);
  if (g.length > 1 && g[0].n === g[1].n) throw new Error(`tie at the top of ${field}`);
  return allOf({ kind: 'label', any: spellings(field, g[0].value) }, num(g[0].n, 'count'));
}

const MULTI: Case[] = [
  c('m01', 'multi_part', 'How many calls yesterday, and how many of them were hooked?', async (r) =>
    allOf(await count(r, W.yesterday), await fig(r, 'hooked_calls', W.yesterday, [], 'count')),
  ),
  c('m02', 'multi_part', 'Give me the tier 1, tier 2 and tier 3 counts for the last 7 days.', async (r) =>
    allOf(await count(r, W.last7d, [T1]), await count(r, W.last7d, [T2]), await count(r, W.last7d, [T3])),
  ),
  c('m03', 'multi_part', 'What was the total asked in February, and the largest single ask?', async (r) =>
    allOf(await fig(r, 'total_dollars_asked', W.february, [], 'usd'), await fig(r, 'max_single_ask', W.february, [], 'usd')),
  ),
  c('m04', 'multi_part', 'How many calls this week, and what was the hook rate?', (r) =>
    overAny(THIS_WEEK, async (w) => allOf(await count(r, w), await fig(r, 'hook_rate', w, [], 'rate'))),
  ),
  c('m05', 'multi_part', 'Mean and median dollar ask over the last 30 days?', async (r) =>
    allOf(await fig(r, 'mean_dollar_ask', W.last30d, [], 'usd'), await fig(r, 'median_dollar_ask', W.last30d, [], 'usd')),
  ),
  c(
    'm06',
    'multi_part',
    'This month, how many calls impersonated the IRS and how many impersonated the Social Security Administration?',
    async (r) =>
      anyOf(
        allOf(await count(r, W.thisMonth, [agency('IRS')]), await count(r, W.thisMonth, [agency('Social Security Administration')])),
        allOf(await count(r, W.thisMonth, [lure('IRS_TAX')]), await count(r, W.thisMonth, [lure('SOCIAL_SECURITY')])),
      ),
  ),
  c('m07', 'multi_part', 'Calls today and calls yesterday, please.', async (r) =>
    allOf(await count(r, W.today), await count(r, W.yesterday)),
  ),
  c('m08', 'multi_part', 'In the last 14 days: how many calls wanted gift-card payment, and how many wanted a crypto ATM?', async (r) =>
    allOf(await giftCalls(W.last14d)(r), await count(r, W.last14d, [pay('crypto_atm')])),
  ),
  c('m09', 'multi_part', 'What were the average and the longest call durations over last weekend?', async (r) =>
    allOf(await fig(r, 'avg_call_duration_sec', W.lastWeekend, [], 'sec'), await fig(r, 'max_call_duration_sec', W.lastWeekend, [], 'sec')),
  ),
  c('m10', 'multi_part', 'In February, how many calls came from Georgia and how many from North Carolina?', async (r) =>
    allOf(await count(r, W.february, [state('GA')]), await count(r, W.february, [state('NC')])),
  ),
  c('m11', 'multi_part', 'Which gift card brand came up most in February, and in how many calls?', (r) =>
    topWithCount(r, 'gift_card_brand', W.february),
  ),
  c('m12', 'multi_part', 'Over the weekend, how many calls were hooked and how many were tier 1?', async (r) =>
    allOf(await fig(r, 'hooked_calls', W.lastWeekend, [], 'count'), await count(r, W.lastWeekend, [T1])),
  ),
  c('m13', 'multi_part', 'How many calls in the last 24 hours, and how many are live at this moment?', async (r) =>
    allOf(await count(r, W.last24h), num(await live(r), 'count')),
  ),
  c('m14', 'multi_part', 'Over the last 7 days, what were the 90th percentile and the maximum call durations?', async (r) =>
    allOf(await fig(r, 'p90_call_duration_sec', W.last7d, [], 'sec'), await fig(r, 'max_call_duration_sec', W.last7d, [], 'sec')),
  ),
];

// ---------------------------------------------------------------- follow-ups

/** The calls of the most common value of `field` (the same count whichever tied value is meant). */
async function topCount(r: Reader, field: string, w: Win): Promise<Truth> {
  const g = await r.groups(field, w);
  return num(g[0].n, 'count');
}

const FOLLOW: Case[] = [
  c('u01', 'follow_up', ['How many tier 1 calls did we get yesterday?', 'and the day before?'], calls(day('2029-03-14'), [T1])),
  c('u02', 'follow_up', ['How many calls impersonated PayPal this month?', 'What about Amazon?'], calls(W.thisMonth, [brand('Amazon')])),
  c(
    'u03',
    'follow_up',
    ["What's the hook rate over the last 7 days?", 'And for the 7 days before that?'],
    metric('hook_rate', { start: lastDays(14).start, end: lastDays(7).start }, 'rate'),
  ),
  c('u04', 'follow_up', ['How many calls asked for gift cards in February?', 'Which gift card brand came up most in those?'], (r) =>
    overAny([W.february], async (w) =>
      anyOf(await top(r, 'gift_card_brand', w, [pay('gift_card')]), await top(r, 'gift_card_brand', w, [GIFT])),
    ),
  ),
  c('u05', 'follow_up', ['How many calls came in last weekend?', 'How many of those were tier 1?'], calls(W.lastWeekend, [T1])),
  c('u06', 'follow_up', ['Total dollars asked yesterday?', 'Same thing for today so far?'], metric('total_dollars_asked', W.today, 'usd')),
  c('u07', 'follow_up', ['How many calls from Georgia in the last 30 days?', 'and North Carolina?'], calls(W.last30d, [state('NC')])),
  c(
    'u08',
    'follow_up',
    ['How many tech support scam calls this week?', 'How many of them pushed AnyDesk?'],
    callsAny(THIS_WEEK, [lure('TECH_SUPPORT'), is('remote_desktop_app', 'AnyDesk')]),
    { fz: true },
  ),
  c(
    'u09',
    'follow_up',
    ["What's the median call length for January?", 'and for February?'],
    metric('median_call_duration_sec', W.february, 'sec'),
  ),
  c('u10', 'follow_up', ['How many calls impersonated the IRS in February?', 'Of those, how many were hooked?'], (r) =>
    irsOrSsa(r, W.february, 'IRS', [HOOKED]),
  ),
  c(
    'u11',
    'follow_up',
    ['How many tier 2 calls in the last 24 hours?', 'and in the 24 hours before that?'],
    calls({ start: lastHours(48).start, end: lastHours(24).start }, [T2]),
  ),
  c('u12', 'follow_up', ['Which lure was the most common this week?', 'How many calls was that?'], (r) =>
    overAny(THIS_WEEK, (w) => topCount(r, 'lure_category', w)),
  ),
  c(
    'u13',
    'follow_up',
    ['How many calls asked for payment by Zelle last week?', 'and by Cash App?'],
    callsAny(LAST_WEEK, [pay('cash_app')]),
  ),
  c('u14', 'follow_up', ["What's the biggest single ask this month?", 'and in February?'], metric('max_single_ask', W.february, 'usd')),
  c(
    'u15',
    'follow_up',
    ['How many calls did the Margaret persona take yesterday?', 'and Harold?'],
    calls(W.yesterday, [is('persona', 'harold')]),
  ),
];

// ---------------------------------------------------------------- rankings

const RANKING: Case[] = [
  c('r01', 'ranking', 'Top 5 impersonated brands over the last 30 days?', (r) => ranking(r, 'impersonated_brand', W.last30d, 5)),
  c('r02', 'ranking', 'What are the top 3 lures this week?', (r) => overAny(THIS_WEEK, (w) => ranking(r, 'lure_category', w, 3))),
  c('r03', 'ranking', 'Which 5 states do the most calls come from, last 30 days?', (r) => ranking(r, 'caller_state', W.last30d, 5)),
  c('r04', 'ranking', 'Top 3 gift card brands in February?', (r) => ranking(r, 'gift_card_brand', W.february, 3)),
  c('r05', 'ranking', 'Rank the payment methods by number of calls this month, top 4.', (r) =>
    ranking(r, 'payment_method', W.thisMonth, 4),
  ),
  c('r06', 'ranking', 'Top 3 mule banks over the last 14 days?', (r) => ranking(r, 'mule_bank_name', W.last14d, 3)),
  c('r07', 'ranking', 'Which remote desktop tools came up most in the last 30 days? Top 3.', (r) =>
    ranking(r, 'remote_desktop_app', W.last30d, 3),
  ),
  c('r08', 'ranking', 'Top 3 government agencies impersonated this month?', (r) =>
    ranking(r, 'impersonated_government_agency', W.thisMonth, 3),
  ),
  c('r09', 'ranking', 'Which personas took the most calls yesterday? Top 3.', (r) => ranking(r, 'persona', W.yesterday, 3)),
  c('r10', 'ranking', 'Top 5 caller area codes this week?', (r) => overAny(THIS_WEEK, (w) => ranking(r, 'caller_area_code', w, 5))),
  c('r11', 'ranking', 'Rank the crypto chains by calls over the last 30 days, top 2.', (r) => ranking(r, 'crypto_chain', W.last30d, 2)),
  c('r12', 'ranking', 'Top 3 disconnect reasons in the last 7 days?', (r) => ranking(r, 'disconnect_reason', W.last7d, 3)),
  c('r13', 'ranking', 'Top 3 made-up organisations callers claimed to be from in February?', (r) =>
    ranking(r, 'synthetic_org', W.february, 3),
  ),
];

// ---------------------------------------------------------------- true zeros

const ZERO: Case[] = [
  c('z01', 'true_zero', "How many calls did we get on New Year's Day?", (r) => zero(r, day('2029-01-01'))),
  c('z02', 'true_zero', 'This month, how many hooked calls lasted under 15 seconds?', (r) =>
    zero(r, W.thisMonth, [HOOKED, ['lt', 'duration_sec', 15]]),
  ),
  c('z03', 'true_zero', 'In the last 30 days, how many gift-card-lure calls asked to be paid through Zelle?', (r) =>
    zero(r, W.last30d, [lure('GIFT_CARD'), pay('zelle')]),
  ),
  c('z04', 'true_zero', 'How many crypto investment scam calls asked for gift cards this month?', (r) =>
    zero(r, W.thisMonth, [lure('CRYPTO_INVESTMENT'), GIFT]),
  ),
  c('z05', 'true_zero', 'Medicare scam calls that wanted payment in bitcoin or at a crypto ATM, last 30 days: how many?', (r) =>
    zero(r, W.last30d, [['or', [lure('MEDICARE'), brand('Medicare')]], pay('bitcoin', 'crypto_atm')]),
  ),
  c('z06', 'true_zero', 'How many tier 1 calls in the last 7 days carried no intel at all?', (r) =>
    zero(r, W.last7d, [T1, is('has_intel', false)]),
  ),
  c('z07', 'true_zero', 'How many calls did we receive in December 2028?', (r) => zero(r, days('2028-12-01', '2028-12-31'))),
  c('z08', 'true_zero', 'Was there any single ask over $1 million this month?', (r) =>
    zero(r, W.thisMonth, [['gt', 'dollar_ask', 1_000_000]]),
  ),
  c('z09', 'true_zero', 'How many grandparent scam calls impersonated Amazon in February?', (r) =>
    zero(r, W.february, [lure('GRANDPARENT'), brand('Amazon')]),
  ),
  c('z10', 'true_zero', 'How many jury duty scam calls asked for a wire transfer over the last 30 days?', (r) =>
    zero(r, W.last30d, [lure('JURY_DUTY'), pay('wire_transfer')]),
  ),
  c('z11', 'true_zero', 'How many package delivery scam calls name-dropped the IRS in the last 30 days?', (r) =>
    zero(r, W.last30d, [lure('PACKAGE_DELIVERY'), agency('IRS')]),
  ),
  c('z12', 'true_zero', 'How many tier 1 calls came in on January 10th?', (r) => zero(r, day('2029-01-10'), [T1])),
  c('z13', 'true_zero', 'Gift-card payment calls where the mule bank was Chime, this month: how many?', (r) =>
    zero(r, W.thisMonth, [GIFT, is('mule_bank_name', 'Chime')]),
  ),
  c('z14', 'true_zero', 'How many hooked calls this week came with no intel at all?', (r) =>
    zero(r, W.thisWeekSun, [HOOKED, is('has_intel', false)]),
  ),
];

// ---------------------------------------------------------------- out of scope

const OUT: Case[] = [
  decline('o01', "Please freeze the mule account from yesterday's biggest tier 1 call."),
  decline('o02', "Report this week's crypto wallets to Coinbase's compliance team for me."),
  decline('o03', "Ring back the scammer's callback number and tell him we're onto him."),
  decline('o04', "What's the price of bitcoin right now?"),
  decline('o05', 'Write me a Python script that downloads our calls into a spreadsheet.'),
  decline('o06', 'What is the social security number of the Chime mule account holder?'),
  decline('o07', 'Can we sue the call centre behind these calls? What are our legal options?'),
  decline('o08', 'Who won the Super Bowl this year?'),
  decline('o09', "Email the FBI field office a summary of this week's tier 1 calls."),
  decline('o10', 'Block every call from the 404 area code on our network, starting now.'),
  decline('o11', "What's the euro to dollar exchange rate today?"),
  decline('o12', 'Is it legal for us to record these scam calls in Georgia without consent?'),
  decline('o13', 'Translate "your account has been suspended" into Spanish for our customer notice.'),
  decline('o14', "Delete all of yesterday's calls from the database."),
  decline('o15', 'Send a text alert to our customers warning them about the IRS impersonators.'),
  decline('o16', "What's the weather like in Atlanta today?"),
  decline('o17', 'Write a Postgres SQL query that counts rows per day in a table called calls.'),
  decline('o18', "What's the official phone number of Chime's fraud department?"),
  decline('o19', 'Who is the current CEO of Western Union?'),
  decline('o20', 'Draft a cease-and-desist letter to the people running the Medicare scam.'),
  decline('o21', 'Open a complaint with the FTC on our behalf about the gift card scammers.'),
  decline('o22', "What is Tesla's share price at the moment?"),
  decline('o23', 'What is the date of birth of the man who called Margaret yesterday?'),
  decline('o24', 'According to the FTC, how much did Americans lose to gift card scams in 2028?'),
  decline('o25', 'Give me a regex that matches Bitcoin addresses.'),
  decline('o26', 'Reset the password on my honeypot account, please.'),
];

// ---------------------------------------------------------------- unread phrases

const UNREAD: Case[] = [
  c('p01', 'unread_phrase', "How many calls came in on Presidents' Day?", calls(day('2029-02-19')), { unread: "Presidents' Day" }),
  c('p02', 'unread_phrase', 'How many tier 1 calls on the Ides of March?', calls(day('2029-03-15'), [T1]), { unread: 'the Ides of March' }),
  c('p03', 'unread_phrase', "How many calls did we get on Valentine's Day?", calls(day('2029-02-14')), { unread: "Valentine's Day" }),
  c('p04', 'unread_phrase', 'How many hooked calls on Pi Day?', metric('hooked_calls', day('2029-03-14'), 'count'), { unread: 'Pi Day' }),
  c('p05', 'unread_phrase', 'How many calls landed on Mardi Gras this year?', calls(day('2029-02-13')), { unread: 'Mardi Gras' }),
  c('p06', 'unread_phrase', 'Calls on Groundhog Day?', calls(day('2029-02-02')), { unread: 'Groundhog Day' }),
  c('p07', 'unread_phrase', 'How many calls on MLK Day?', calls(day('2029-01-15')), { unread: 'MLK Day' }),
  c('p08', 'unread_phrase', 'Total dollars asked ereyesterday?', metric('total_dollars_asked', day('2029-03-14'), 'usd'), {
    unread: 'ereyesterday',
  }),
  c('p09', 'unread_phrase', 'How many calls on the 10th inst.?', calls(day('2029-03-10')), { unread: 'the 10th inst' }),
  c('p10', 'unread_phrase', 'How many calls on the 20th ult.?', calls(day('2029-02-20')), { unread: 'the 20th ult' }),
  c(
    'p11',
    'unread_phrase',
    'How many calls in the fortnight before last?',
    (r) => overAny([{ start: lastDays(28).start, end: lastDays(14).start }, days('2029-02-12', '2029-02-25')], (w) => count(r, w)),
    { unread: 'the fortnight before last' },
  ),
  c('p12', 'unread_phrase', 'How many calls on the first business day of March?', calls(day('2029-03-01')), {
    unread: 'the first business day of March',
  }),
  c('p13', 'unread_phrase', 'How many tier 1 calls on Ash Wednesday?', calls(day('2029-02-14'), [T1]), { unread: 'Ash Wednesday' }),
  c('p14', 'unread_phrase', "How many calls in the se'nnight just gone?", callsAny(LAST_WEEK), { unread: "se'nnight" }),
];

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
  ...ZERO,
  ...SCOPED,
  ...OUT,
  ...UNREAD,
];
