// The questions of the seventh held-out eval, as bank fraud analysts, telco trust-and-safety
// staff and police investigators would type them, each with its truth computed at run time
// from the REST API (truths.ts). HELD OUT: nobody tunes the agent against this file, and no
// commit message or issue quotes it. See README.md for the classes.

import type { EvalCase } from '../shared/cases.js';
import type { Truth } from '../shared/judge.js';
import {
  all,
  busiest,
  calls,
  callsBetween,
  compare,
  complement,
  Ctx,
  decline,
  either,
  fig,
  liveCalls,
  moreThan,
  nothing,
  num,
  share,
  top,
  topValue,
  valueOf,
  weekByWeek,
  weekendVsWeekday,
  yesno,
  zero,
  type Filter,
} from './truths.js';
import type { KeyName } from './world.js';
import { ISSUE_CLASSES_WITH_UNREAD } from '../shared/cases.js';

export const CLASSES = ISSUE_CLASSES_WITH_UNREAD;
export type Cls = (typeof CLASSES)[number];

/**
 * A case. `unread`: a phrase (a date form, a part of a day, a named period) an honest reader
 * might not know; the answer is right when it states the exact figure OR says it did not
 * understand the phrase (eval/shared/unread.ts).
 */
export interface Case extends EvalCase<Ctx, KeyName> {
  cls: Cls;
  unread?: string;
}

type Tr = (x: Ctx) => Promise<Truth>;
type Opts = Partial<Pick<Case, 'key' | 'dashboard_range' | 'fz' | 'unread'>>;

const is = (f: string, ...v: (string | number | boolean)[]): Filter => ['is', f, v];
const has = (f: string): Filter => ['has', f];
const contains = (f: string, ...v: string[]): Filter => ['contains', f, v];
const gte = (f: string, v: number): Filter => ['gte', f, v];
const gt = (f: string, v: number): Filter => ['gt', f, v];
const lt = (f: string, v: number): Filter => ['lt', f, v];
const between = (f: string, a: number, b: number): Filter => ['between', f, [a, b]];

/** A number as a caller ID may be stored: +1 and 10 digits, 11 digits, or 10. */
const phone = (ten: string): Filter => is('caller_id', `+1${ten}`, `1${ten}`, ten);
/** "IRS scams": the lure or the agency. */
const irs = (w: Parameters<typeof calls>[0], more: Filter[] = []) =>
  either(calls(w, [is('lure_category', 'IRS_TAX'), ...more]), calls(w, [is('impersonated_government_agency', 'IRS'), ...more]));
/** "Gift card calls": the payment method, the lure, or a gift-card brand named. */
const giftCard = (w: Parameters<typeof calls>[0], more: Filter[] = []) =>
  either(
    calls(w, [is('payment_method', 'gift_card'), ...more]),
    calls(w, [is('lure_category', 'GIFT_CARD'), ...more]),
    calls(w, [has('gift_card_brand'), ...more]),
  );
/** "Last week": the calendar week (Monday July 3 to 10) or the last 7 days. */
const lastWeek = (metric: string, filters: Filter[] = [], key: KeyName = 'read') =>
  either(fig(metric, 'lastWeek', filters, key), fig(metric, 'd7', filters, key));
/** A value named with no window: all the data (the dashboard sends 90d, which holds it all). */
const ALL: Opts = { dashboard_range: '90d', fz: true };

let n = 0;
const CASES_: Case[] = [];
function c(cls: Cls, turns: string | string[], truth: Tr, opts: Opts = {}): void {
  n += 1;
  CASES_.push({ id: `h7-${String(n).padStart(3, '0')}`, cls, turns: typeof turns === 'string' ? [turns] : turns, truth, ...opts });
}

// ---------------------------------------------------------------- everyday

c('everyday', 'How many scam calls hit the honeypot yesterday?', calls('yesterday'));
c('everyday', 'What is our hook rate across the last 7 days?', fig('hook_rate', 'd7'));
c('everyday', 'Total dollars requested by callers so far this month', fig('total_dollars_asked', 'thisMonth'));
c('everyday', 'Median call duration for the past 30 days?', fig('median_call_duration_sec', 'd30'));
c('everyday', 'How many tier 1 calls have come in today?', fig('tier1_calls', 'today'));
c('everyday', 'How many honeypot calls are in progress at the moment?', liveCalls());
c('everyday', 'Number of hooked calls during June', fig('hooked_calls', 'june'));
c('everyday', 'What was the single largest amount a caller demanded last week?', lastWeek('max_single_ask'));
c('everyday', 'How many calls did the Margaret persona answer over the past 14 days?', calls('d14', [is('persona', 'margaret')]));
c(
  'everyday',
  'In the last 30 days how many calls dropped because of a websocket problem on our side?',
  calls('d30', [is('disconnect_reason', 'websocket_issue_our_side')]),
);
c('everyday', "What's the mean auditor confidence on this week's calls?", fig('avg_auditor_confidence', 'thisWeek'));
c('everyday', 'How many high-confidence insights came out of yesterday?', fig('high_confidence_insights', 'yesterday'));
c('everyday', 'Tier 2 calls in the last 48 hours?', fig('tier2_calls', 'h48'));
c('everyday', 'What was the 90th percentile call length in June?', fig('p90_call_duration_sec', 'june'));
c('everyday', 'How many calls have we taken since Monday?', calls('thisWeek'));
c('everyday', 'How much money did callers dangle in front of the personas over the past two weeks?', fig('total_dollars_dangled', 'd14'));
c('everyday', 'How many of yesterday’s calls were closed cleanly?', fig('cleanly_closed', 'yesterday'));
c('everyday', 'Longest honeypot call in the last 7 days?', fig('max_call_duration_sec', 'd7'));
c('everyday', 'In the past 24 hours, how many callers wanted payment in gift cards?', calls('h24', [is('payment_method', 'gift_card')]));
c('everyday', 'How many callers this month told the persona to pay by Zelle?', calls('thisMonth', [is('payment_method', 'zelle')]));
c(
  'everyday',
  'How many crypto ATM payment demands did we record last week?',
  lastWeek('calls_received', [is('payment_method', 'crypto_atm')]),
);
c('everyday', 'Median dollar ask for June?', fig('median_dollar_ask', 'june'));
c('everyday', 'How many calls originated from Florida numbers in the last 30 days?', calls('d30', [is('caller_state', 'FL')]), {
  fz: true,
});
c('everyday', 'How many calls pretended to be Microsoft in the last two weeks?', calls('d14', [is('impersonated_brand', 'Microsoft')]), {
  fz: true,
});
c('everyday', 'How many unique caller numbers reached us this week?', fig('distinct:caller_id', 'thisWeek'));
c('everyday', 'How many June calls ended on the AI session cap?', calls('june', [is('disconnect_reason', 'ai_session_capped')]));
c('everyday', 'How many individual dollar asks were made yesterday?', fig('asks', 'yesterday'));
c('everyday', 'How many tier 3 calls in the past 7 days?', fig('tier3_calls', 'd7'));
c('everyday', 'How many IRS scam calls did we log in the past 30 days?', irs('d30'), { fz: true });
c('everyday', 'Average call length today?', fig('avg_call_duration_sec', 'today'));
c('everyday', 'How many calls came in on July 4th?', calls('july4'));
c('everyday', 'Hooked calls over the last 6 hours?', fig('hooked_calls', 'h6'));

// ---------------------------------------------------------------- nearby_figure

c('nearby_figure', "What percentage of yesterday's calls reached tier 1?", share('yesterday', [is('tier', 1)]));
c(
  'nearby_figure',
  'How many calls last week did NOT get hooked?',
  either(complement('lastWeek', 'calls_received', 'hooked_calls'), complement('d7', 'calls_received', 'hooked_calls')),
);
c('nearby_figure', 'Over the last 30 days, how many separate money asks were there? I mean asks, not calls.', fig('asks', 'd30'));
c('nearby_figure', 'How many calls in the past 7 days contained at least one dollar ask?', calls('d7', [has('dollar_ask')]));
c('nearby_figure', 'For June, give me the mean ask in dollars — the average, not the median.', fig('mean_dollar_ask', 'june'));
c('nearby_figure', 'How many different crypto wallets turned up this month?', fig('distinct:crypto_wallet_address', 'thisMonth'));
c('nearby_figure', 'How many calls this month mentioned a crypto wallet address?', calls('thisMonth', [has('crypto_wallet_address')]));
c(
  'nearby_figure',
  'What share of calls in the last 14 days ended with the caller hanging up normally?',
  share('d14', [is('disconnect_reason', 'caller_hung_up_normal')]),
);
c('nearby_figure', 'What fraction of calls over the past 30 days yielded any intel at all?', share('d30', [is('has_intel', true)]));
c('nearby_figure', 'Of the June calls, how many produced an extraction?', fig('insights_produced', 'june'));
c(
  'nearby_figure',
  'How many asks fell between $1,000 and $5,000 in the last 30 days?',
  fig('asks', 'd30', [between('dollar_ask', 1000, 5000)]),
);
c(
  'nearby_figure',
  'How many calls had an ask above $10,000 last week?',
  either(
    calls('lastWeek', [gt('dollar_ask', 10000)]),
    calls('lastWeek', [gte('dollar_ask', 10000)]),
    calls('d7', [gt('dollar_ask', 10000)]),
    calls('d7', [gte('dollar_ask', 10000)]),
  ),
);
c(
  'nearby_figure',
  'This week, how much did callers promise the victims? Not what they asked for, what they dangled.',
  fig('total_dollars_dangled', 'thisWeek'),
);
c('nearby_figure', "Hook rate on Harold's calls over the last 30 days", fig('hook_rate', 'd30', [is('persona', 'harold')]));
c('nearby_figure', 'How many distinct mule account numbers did we capture in June?', fig('distinct:mule_bank_account_number', 'june'));
c('nearby_figure', 'How many distinct fake agent names did scammers use in the past 7 days?', fig('distinct:fake_agent_name', 'd7'));
c('nearby_figure', "Yesterday's median call duration — median, not average", fig('median_call_duration_sec', 'yesterday'));
c('nearby_figure', 'Over the last 7 days, what share of hooked calls were tier 1?', share('d7', [is('tier', 1)], [is('hooked', true)]));
c('nearby_figure', 'How many June calls had auditor confidence under 0.5?', calls('june', [lt('auditor_confidence', 0.5)]));
c('nearby_figure', 'How many calls this week ran 10 minutes or more?', calls('thisWeek', [gte('duration_sec', 600)]));
c('nearby_figure', 'How many calls in the last 30 days lasted under 15 seconds?', calls('d30', [lt('duration_sec', 15)]));
c('nearby_figure', 'How many calls yesterday invoked a government agency?', calls('yesterday', [has('impersonated_government_agency')]));
c('nearby_figure', 'How many distinct phishing links surfaced in the past 14 days?', fig('distinct:phishing_url', 'd14'));
c(
  'nearby_figure',
  'Average ask size on gift card scams this month?',
  either(
    fig('mean_dollar_ask', 'thisMonth', [is('payment_method', 'gift_card')]),
    fig('mean_dollar_ask', 'thisMonth', [is('lure_category', 'GIFT_CARD')]),
    fig('mean_dollar_ask', 'thisMonth', [has('gift_card_brand')]),
  ),
);
c('nearby_figure', 'Last 7 days: how many insights were high confidence (0.7 or better)?', fig('high_confidence_insights', 'd7'));
c('nearby_figure', 'How many calls yesterday were tier 2 or better?', calls('yesterday', [is('tier', 1, 2)]));
c(
  'nearby_figure',
  'In the past 30 days, what proportion of calls impersonated Amazon?',
  share('d30', [is('impersonated_brand', 'Amazon')]),
);

// ---------------------------------------------------------------- frame

c('frame', 'Weekends versus weekdays over the last 30 days: call counts for each?', weekendVsWeekday('d30', 'calls'));
c('frame', 'For June, how does the weekend hook rate compare with the weekday hook rate?', weekendVsWeekday('june', 'hook_rate'));
c(
  'frame',
  'Tier 1 since Monday versus the same point last week — up or down?',
  compare(fig('tier1_calls', 'sameStretchLastWeek'), fig('tier1_calls', 'thisWeek'), true),
);
c('frame', 'Calls so far this week next to the same stretch of last week', compare(calls('sameStretchLastWeek'), calls('thisWeek')));
c('frame', 'Week by week, how many calls over the last three full weeks?', weekByWeek('last3Weeks'));
c(
  'frame',
  'First half of June against the second half: dollars asked',
  compare(fig('total_dollars_asked', 'juneH1'), fig('total_dollars_asked', 'juneH2')),
);
c('frame', 'Did tier 1 volume go up or down from May to June?', compare(fig('tier1_calls', 'may'), fig('tier1_calls', 'june'), true));
c(
  'frame',
  'Within the last 30 days, hooked calls before July 1 versus from July 1 on?',
  compare(callsBetween('2028-06-11T14:37:00Z', '2028-07-01T00:00:00Z', 'hooked_calls'), fig('hooked_calls', 'thisMonth')),
);
c('frame', 'Did we get more calls last weekend than the weekend before?', moreThan(calls('lastWeekend'), calls('weekendBefore')));
c('frame', 'Was Memorial Day busier than Juneteenth for call volume?', moreThan(calls('memorial'), calls('juneteenth')));
c(
  'frame',
  'Tier 1 calls yesterday compared with the same weekday a week earlier',
  compare(fig('tier1_calls', 'july3'), fig('tier1_calls', 'yesterday')),
);
c(
  'frame',
  'Did the hook rate improve last week compared with the week before?',
  either(
    compare(fig('hook_rate', 'weekBefore'), fig('hook_rate', 'lastWeek'), true),
    compare(fig('hook_rate', 'prev7'), fig('hook_rate', 'd7'), true),
  ),
);
c('frame', 'This month, dollars asked on weekends vs on weekdays', weekendVsWeekday('thisMonth', 'usd'));
c('frame', "Week-by-week tier 1 counts for June's full Monday-to-Sunday weeks", weekByWeek('juneFullWeeks', 'tier1_calls'));
c('frame', 'How does call volume in the last 7 days stack up against the 7 days before that?', compare(calls('prev7'), calls('d7')));
c(
  'frame',
  'Amazon impersonation since Monday vs the same days last week: rising or falling?',
  compare(
    calls('sameStretchLastWeek', [is('impersonated_brand', 'Amazon')]),
    calls('thisWeek', [is('impersonated_brand', 'Amazon')]),
    true,
  ),
);
c(
  'frame',
  'Dollars asked since July 4 compared with the same number of days before it',
  compare(callsBetween('2028-06-26T09:23:00Z', '2028-07-04T00:00:00Z', 'total_dollars_asked'), fig('total_dollars_asked', 'sinceJuly4')),
);
c(
  'frame',
  'Split the last 14 days in two: hook rate in the earlier half vs the later half',
  compare(
    callsBetween('2028-06-27T14:37:00Z', '2028-07-04T14:37:00Z', 'hook_rate'),
    callsBetween('2028-07-04T14:37:00Z', '2028-07-11T14:37:00Z', 'hook_rate'),
  ),
);
c('frame', 'Were there fewer calls on July 4 than on July 3?', moreThan(calls('july3'), calls('july4')));
c('frame', 'Last 14 days: tier 1 calls on weekdays vs on weekends', weekendVsWeekday('d14', 'tier1'));
c('frame', 'Month over month, May calls against June calls', compare(calls('may'), calls('june')));
c(
  'frame',
  "Side by side: Dolores's hook rate and Walter's over the past 30 days",
  compare(fig('hook_rate', 'd30', [is('persona', 'dolores')]), fig('hook_rate', 'd30', [is('persona', 'walter')])),
);
c(
  'frame',
  'Zelle against Venmo this month, by number of calls',
  compare(calls('thisMonth', [is('payment_method', 'zelle')]), calls('thisMonth', [is('payment_method', 'venmo')])),
);
c(
  'frame',
  'Did tech support lure calls rise or fall from the week before last to last week?',
  compare(calls('weekBefore', [is('lure_category', 'TECH_SUPPORT')]), calls('lastWeek', [is('lure_category', 'TECH_SUPPORT')]), true),
);
c(
  'frame',
  'In June, the median ask before the 15th versus after it',
  either(
    compare(fig('median_dollar_ask', 'juneH1'), fig('median_dollar_ask', 'juneH2')),
    compare(
      callsBetween('2028-06-01T00:00:00Z', '2028-06-15T00:00:00Z', 'median_dollar_ask'),
      callsBetween('2028-06-15T00:00:00Z', '2028-07-01T00:00:00Z', 'median_dollar_ask'),
    ),
    compare(
      callsBetween('2028-06-01T00:00:00Z', '2028-06-15T00:00:00Z', 'median_dollar_ask'),
      callsBetween('2028-06-16T00:00:00Z', '2028-07-01T00:00:00Z', 'median_dollar_ask'),
    ),
  ),
);
c('frame', 'Over the past 30 days, which hooks better, weekends or weekdays? Give both rates.', weekendVsWeekday('d30', 'hook_rate'));
c(
  'frame',
  'Calls this month so far against the same first days of June',
  compare(
    calls('thisMonth'),
    either(
      callsBetween('2028-06-01T00:00:00Z', '2028-06-11T14:37:00Z'),
      callsBetween('2028-06-01T00:00:00Z', '2028-06-12T00:00:00Z'),
      callsBetween('2028-06-01T00:00:00Z', '2028-06-11T00:00:00Z'),
    ),
  ),
);
c('frame', "Was yesterday's hook rate above the 30-day hook rate?", moreThan(fig('hook_rate', 'yesterday'), fig('hook_rate', 'd30')));
c(
  'frame',
  'Memorial Day Saturday-through-Monday vs the following Saturday-through-Monday, calls',
  compare(calls('memorialWeekend'), calls('afterMemorialWeekend')),
);
c(
  'frame',
  "Last week's gift card calls compared with the week before's",
  either(
    compare(calls('weekBefore', [is('payment_method', 'gift_card')]), calls('lastWeek', [is('payment_method', 'gift_card')])),
    compare(calls('weekBefore', [is('lure_category', 'GIFT_CARD')]), calls('lastWeek', [is('lure_category', 'GIFT_CARD')])),
    compare(calls('prev7', [is('payment_method', 'gift_card')]), calls('d7', [is('payment_method', 'gift_card')])),
  ),
);
c(
  'frame',
  "Is this week's tier 1 share higher than last week's?",
  moreThan(share('thisWeek', [is('tier', 1)]), share('lastWeek', [is('tier', 1)])),
);
c('frame', 'Tier 1 calls: Memorial Day against Juneteenth', compare(fig('tier1_calls', 'memorial'), fig('tier1_calls', 'juneteenth')));

// ---------------------------------------------------------------- any_value

c(
  'any_value',
  'How many calls had the fake agent going by Nancy?',
  either(calls('all', [is('fake_agent_name', 'Nancy')]), calls('all', [contains('fake_agent_name', 'Nancy')])),
  ALL,
);
c(
  'any_value',
  'Did any caller introduce himself as Sarah Williams?',
  yesno(calls('all', [is('fake_agent_name', 'Sarah Williams')]), (v) => v > 0),
  ALL,
);
c(
  'any_value',
  "How many calls cited the 'Tax Resolution Department'?",
  calls('all', [is('synthetic_org', 'Tax Resolution Department')]),
  ALL,
);
c(
  'any_value',
  'How many calls gave 8252 Park Blvd, Unit 27, Dallas, TX 75216 as the place to send cash?',
  calls('all', [is('physical_mule_drop_address', '8252 Park Blvd, Unit 27, Dallas, TX 75216')]),
  ALL,
);
c(
  'any_value',
  'How many mule drop addresses in Detroit do we have on file?',
  either(
    fig('distinct:physical_mule_drop_address', 'all', [contains('physical_mule_drop_address', 'Detroit')]),
    calls('all', [contains('physical_mule_drop_address', 'Detroit')]),
  ),
  ALL,
);
c(
  'any_value',
  'What chain is the wallet TB2S4pc6Wf8H4uBpSXDchKrjLzF8zAKwLm on?',
  valueOf('crypto_chain', [is('crypto_wallet_address', 'TB2S4pc6Wf8H4uBpSXDchKrjLzF8zAKwLm')]),
  ALL,
);
c(
  'any_value',
  'How many calls named wallet bc1qej57zea79knxtujxdm9uz9xrx00f5pfjft80yk?',
  calls('all', [is('crypto_wallet_address', 'bc1qej57zea79knxtujxdm9uz9xrx00f5pfjft80yk')]),
  ALL,
);
c(
  'any_value',
  'Which bank holds mule account 4700206752502?',
  valueOf('mule_bank_name', [is('mule_bank_account_number', '4700206752502')]),
  ALL,
);
c('any_value', 'How many calls gave routing number 121167097?', calls('all', [is('mule_bank_routing_number', '121167097')]), ALL);
c(
  'any_value',
  'Routing 039192439 — which bank did callers pair it with?',
  valueOf('mule_bank_name', [is('mule_bank_routing_number', '039192439')]),
  ALL,
);
c('any_value', 'How many calls pushed victims to fedex-support.com?', calls('all', [contains('phishing_url', 'fedex-support.com')]), ALL);
c(
  'any_value',
  'How many calls sent people to a phishing site on a .support domain?',
  calls('all', [contains('phishing_url', '.support')]),
  ALL,
);
c('any_value', 'How many calls came from (702) 860-0482?', calls('all', [phone('7028600482')]), ALL);
c('any_value', 'How many times did 714-409-7014 ring us this month?', calls('thisMonth', [phone('7144097014')]), { fz: true });
c('any_value', 'How many calls in the last 30 days wanted Google Play cards?', calls('d30', [is('gift_card_brand', 'Google Play')]), {
  fz: true,
});
c('any_value', 'How many callers claimed to be with the DEA?', calls('all', [is('impersonated_government_agency', 'DEA')]), ALL);
c('any_value', 'How many June calls got the victim to install UltraViewer?', calls('june', [is('remote_desktop_app', 'UltraViewer')]), {
  fz: true,
});
c(
  'any_value',
  'How many calls named Priya Ramirez as the account holder?',
  calls('all', [is('mule_account_holder_name', 'Priya Ramirez')]),
  ALL,
);
c('any_value', 'How many calls asked for Steam cards in the last 30 days?', calls('d30', [is('gift_card_brand', 'Steam')]), { fz: true });
c(
  'any_value',
  "How many calls used the name 'Office of Inspector General Fraud Unit'?",
  calls('all', [is('synthetic_org', 'Office of Inspector General Fraud Unit')]),
  ALL,
);
c('any_value', 'How many calls involving TRON wallets in the past 30 days?', calls('d30', [is('crypto_chain', 'TRON')]), { fz: true });
c('any_value', 'How many calls wanted the money sent to a Chime account?', calls('all', [is('mule_bank_name', 'Chime')]), ALL);
c(
  'any_value',
  'How many calls had the victim download TeamViewer in the last 7 days?',
  calls('d7', [is('remote_desktop_app', 'TeamViewer')]),
  { fz: true },
);
c(
  'any_value',
  'How many callers posed as the County Sheriff in the past two weeks?',
  calls('d14', [is('impersonated_government_agency', 'County Sheriff')]),
  { fz: true },
);
c('any_value', 'June calls asking for Visa Vanilla cards?', calls('june', [is('gift_card_brand', 'Visa Vanilla')]), { fz: true });
c('any_value', 'How many calls gave an Ethereum wallet?', calls('all', [is('crypto_chain', 'ETH')]), ALL);
c(
  'any_value',
  "Last 30 days, how many calls used the made-up outfit 'National Benefits Protection Bureau'?",
  calls('d30', [is('synthetic_org', 'National Benefits Protection Bureau')]),
  { fz: true },
);
c('any_value', 'How many calls routed money to Navy Federal?', calls('all', [contains('mule_bank_name', 'Navy Federal')]), ALL);
c(
  'any_value',
  "How many different fake agent names had 'Michael' in them?",
  fig('distinct:fake_agent_name', 'all', [contains('fake_agent_name', 'Michael')]),
  ALL,
);
c(
  'any_value',
  'How many calls gave a cash drop address in Jersey City?',
  calls('all', [contains('physical_mule_drop_address', 'Jersey City')]),
  ALL,
);
c(
  'any_value',
  "How many of yesterday's callers went by 'Steve'?",
  either(calls('yesterday', [is('fake_agent_name', 'Steve')]), calls('yesterday', [contains('fake_agent_name', 'Steve')])),
  { fz: true },
);
c(
  'any_value',
  'How many calls in the last 7 days named Bank of America as the mule bank?',
  calls('d7', [is('mule_bank_name', 'Bank of America')]),
  { fz: true },
);
c('any_value', 'How many calls this month had callers pushing LogMeIn?', calls('thisMonth', [is('remote_desktop_app', 'LogMeIn')]), {
  fz: true,
});

// ---------------------------------------------------------------- casual

c('casual', 'how many calls ystrday', calls('yesterday'));
c('casual', 'hook rt last 7d?', fig('hook_rate', 'd7'));
c('casual', 't1 count today pls', fig('tier1_calls', 'today'));
c('casual', '$$ asked this wk', fig('total_dollars_asked', 'thisWeek'));
c(
  'casual',
  'anydesk calls past month??',
  either(calls('d30', [is('remote_desktop_app', 'AnyDesk')]), calls('june', [is('remote_desktop_app', 'AnyDesk')])),
  { fz: true },
);
c('casual', 'how mnay calls from texas last 30 days', calls('d30', [is('caller_state', 'TX')]), { fz: true });
c('casual', 'medain call length june', fig('median_call_duration_sec', 'june'));
c('casual', 'whats the biggest ask we seen this month lol', fig('max_single_ask', 'thisMonth'));
c(
  'casual',
  'any1 on the line rn?',
  yesno(liveCalls(), (v) => v > 0),
);
c('casual', '# of zelle calls 2day', calls('today', [is('payment_method', 'zelle')]));
c('casual', 'gift crd calls last wk', either(giftCard('lastWeek'), giftCard('d7')), { fz: true });
c('casual', 'how many calls did harold get ystday', calls('yesterday', [is('persona', 'harold')]));
c('casual', 'hooked calls 48h', fig('hooked_calls', 'h48'));
c('casual', 'tier2s this mo?', fig('tier2_calls', 'thisMonth'));
c('casual', 'irs scams last 2 wks', irs('d14'), { fz: true });
c('casual', 'walmart impersonatoins in june', calls('june', [is('impersonated_brand', 'Walmart')]), { fz: true });
c('casual', 'avg confidence 7d', fig('avg_auditor_confidence', 'd7'));
c('casual', 'how many calls from NY #s this wk', calls('thisWeek', [is('caller_state', 'NY')]), { fz: true });
c('casual', 'coinbase calls? past 30', calls('d30', [is('impersonated_brand', 'Coinbase')]), { fz: true });
c('casual', 'voice engine disconnects last 2 weeks', calls('d14', [is('disconnect_reason', 'voice_engine_issue')]));
c('casual', 'cash by mail calls thru june', calls('june', [is('payment_method', 'cash_by_mail')]));
c('casual', 'u got the total $ dangled for june?', fig('total_dollars_dangled', 'june'));
c('casual', 'whats the tier-1 count for sat+sun', fig('tier1_calls', 'lastWeekend'));
c('casual', 'cnt of calls > 10 min last 30d', either(calls('d30', [gt('duration_sec', 600)]), calls('d30', [gte('duration_sec', 600)])));
c('casual', 'paypal spoof calls 14d', calls('d14', [is('impersonated_brand', 'PayPal')]), { fz: true });
c(
  'casual',
  'how many SSA calls this wk',
  either(
    calls('thisWeek', [is('lure_category', 'SOCIAL_SECURITY')]),
    calls('thisWeek', [is('impersonated_government_agency', 'Social Security Administration')]),
  ),
  { fz: true },
);
c('casual', 'crypto atm hits yday', calls('yesterday', [is('payment_method', 'crypto_atm')]));

// ---------------------------------------------------------------- stray_words

c('stray_words', 'So basically, how many calls did we get in the last 24 hours, give or take?', calls('h24'));
c('stray_words', 'Quick one for the weekly brief: hooked calls over the last 7 days?', fig('hooked_calls', 'd7'));
c('stray_words', "For my boss's deck — total asked across all of June, roughly?", fig('total_dollars_asked', 'june'));
c('stray_words', "Just curious, what's the hook rate looking like this month, overall?", fig('hook_rate', 'thisMonth'));
c('stray_words', 'Hey team, real quick, tier 1 calls yesterday, the usual number?', fig('tier1_calls', 'yesterday'));
c('stray_words', 'Per the usual, median duration over the last 30 days please, thanks in advance', fig('median_call_duration_sec', 'd30'));
c(
  'stray_words',
  "Can you pull, like, the number of calls from Georgia this week, if that's a thing",
  calls('thisWeek', [is('caller_state', 'GA')]),
  { fz: true },
);
c('stray_words', 'For the record and for legal: how many calls in the last 14 days?', calls('d14'));
c(
  'stray_words',
  'In general, how many distinct caller numbers over the past 30 days, all things considered?',
  fig('distinct:caller_id', 'd30'),
);
c('stray_words', 'OK so the big picture: how many tier 3 calls last week?', lastWeek('tier3_calls'));
c('stray_words', 'FYI for the audit, total dangled over the last 7 days, as per usual', fig('total_dollars_dangled', 'd7'));
c('stray_words', 'Following up on the standup: hooked calls today, overall, all personas', fig('hooked_calls', 'today'));
c(
  'stray_words',
  'Honestly just the bottom line: calls impersonating Apple in the past 30 days?',
  calls('d30', [is('impersonated_brand', 'Apple')]),
  { fz: true },
);

// ---------------------------------------------------------------- multi_part

c(
  'multi_part',
  'Calls, hooked calls and tier 1 calls for yesterday',
  all(calls('yesterday'), fig('hooked_calls', 'yesterday'), fig('tier1_calls', 'yesterday')),
);
c(
  'multi_part',
  'What were the total dollars asked and the biggest single ask in June?',
  all(fig('total_dollars_asked', 'june'), fig('max_single_ask', 'june')),
);
c(
  'multi_part',
  'Give me the median and the 90th percentile call duration for the last 7 days',
  all(fig('median_call_duration_sec', 'd7'), fig('p90_call_duration_sec', 'd7')),
);
c(
  'multi_part',
  'How many Zelle calls and how many Cash App calls this month?',
  all(calls('thisMonth', [is('payment_method', 'zelle')]), calls('thisMonth', [is('payment_method', 'cash_app')])),
);
c(
  'multi_part',
  'Hook rate and average auditor confidence over the past 14 days?',
  all(fig('hook_rate', 'd14'), fig('avg_auditor_confidence', 'd14')),
);
c(
  'multi_part',
  'Number of distinct mule banks and of distinct routing numbers seen in June',
  all(fig('distinct:mule_bank_name', 'june'), fig('distinct:mule_bank_routing_number', 'june')),
);
c(
  'multi_part',
  'Tier 1, tier 2 and tier 3 counts for last weekend',
  all(fig('tier1_calls', 'lastWeekend'), fig('tier2_calls', 'lastWeekend'), fig('tier3_calls', 'lastWeekend')),
);
c(
  'multi_part',
  'How many calls did Edith and Walter each take this week?',
  all(calls('thisWeek', [is('persona', 'edith')]), calls('thisWeek', [is('persona', 'walter')])),
);
c(
  'multi_part',
  'Total asked and total dangled yesterday',
  all(fig('total_dollars_asked', 'yesterday'), fig('total_dollars_dangled', 'yesterday')),
);
c('multi_part', 'How many calls today, and how many are live right now?', all(calls('today'), liveCalls()));
c(
  'multi_part',
  'For the last 30 days: the number of asks, the mean ask and the median ask',
  all(fig('asks', 'd30'), fig('mean_dollar_ask', 'd30'), fig('median_dollar_ask', 'd30')),
);
c(
  'multi_part',
  'Calls from California and calls from New York over the last 7 days?',
  all(calls('d7', [is('caller_state', 'CA')]), calls('d7', [is('caller_state', 'NY')])),
);
c(
  'multi_part',
  'Crypto ATM calls and bitcoin calls in June, separately please',
  all(calls('june', [is('payment_method', 'crypto_atm')]), calls('june', [is('payment_method', 'bitcoin')])),
);
c(
  'multi_part',
  'In the last 30 days, how many calls ended with the caller hanging up, and how many hit the AI session cap?',
  all(calls('d30', [is('disconnect_reason', 'caller_hung_up_normal')]), calls('d30', [is('disconnect_reason', 'ai_session_capped')])),
);
c(
  'multi_part',
  'How many calls impersonated FedEx, UPS and USPS this month, each?',
  all(
    calls('thisMonth', [is('impersonated_brand', 'FedEx')]),
    calls('thisMonth', [is('impersonated_brand', 'UPS')]),
    calls('thisMonth', [is('impersonated_brand', 'USPS')]),
  ),
);
c('multi_part', 'Hooked calls and hook rate on Memorial Day', all(fig('hooked_calls', 'memorial'), fig('hook_rate', 'memorial')));

// ---------------------------------------------------------------- follow_up

c('follow_up', ['How many tier 1 calls yesterday?', 'and the day before that?'], fig('tier1_calls', 'sunday'));
c('follow_up', ['Hook rate over the last 7 days?', 'what about just Margaret?'], fig('hook_rate', 'd7', [is('persona', 'margaret')]));
c(
  'follow_up',
  ['How many calls impersonated Medicare in June?', 'and so far in July?'],
  calls('thisMonth', [is('impersonated_brand', 'Medicare')]),
  { fz: true },
);
c('follow_up', ['Total dollars asked last week?', 'ok, now the median ask for that same week'], lastWeek('median_dollar_ask'));
c(
  'follow_up',
  ['How many crypto ATM calls this month?', 'how many of those were on the TRON chain?'],
  calls('thisMonth', [is('payment_method', 'crypto_atm'), is('crypto_chain', 'TRON')]),
  { fz: true },
);
c('follow_up', ['Calls from Texas in the past 30 days?', 'swap Texas for Illinois'], calls('d30', [is('caller_state', 'IL')]), {
  fz: true,
});
c(
  'follow_up',
  ['How many calls in the last 14 days wanted payment in gift cards?', 'which card brand came up most among them?'],
  either(topValue('gift_card_brand', 'd14', { filters: [is('payment_method', 'gift_card')] }), topValue('gift_card_brand', 'd14')),
);
c('follow_up', ['How many hooked calls on Juneteenth?', 'and on the Fourth of July?'], fig('hooked_calls', 'july4'));
c(
  'follow_up',
  ['How many calls used AnyDesk in June?', 'and TeamViewer?', 'and UltraViewer?'],
  calls('june', [is('remote_desktop_app', 'UltraViewer')]),
  { fz: true },
);
c('follow_up', ["What's the hook rate this week?", 'give me the raw count instead'], fig('hooked_calls', 'thisWeek'));
c(
  'follow_up',
  ['How many IRS_TAX lure calls in the last 30 days?', 'narrow that to tier 1'],
  calls('d30', [is('lure_category', 'IRS_TAX'), is('tier', 1)]),
  { fz: true },
);
c(
  'follow_up',
  ['How many calls did Walter take last weekend?', 'and the weekend before?'],
  calls('weekendBefore', [is('persona', 'walter')]),
);
c('follow_up', ['Total asked in the last 7 days?', 'and over the last 30?'], fig('total_dollars_asked', 'd30'));
c(
  'follow_up',
  ['How many calls named Wells Fargo as the mule bank?', 'only in June?'],
  calls('june', [is('mule_bank_name', 'Wells Fargo')]),
  { dashboard_range: '90d', fz: true },
);
c('follow_up', ['Median call duration yesterday?', 'and the longest call?'], fig('max_call_duration_sec', 'yesterday'));
c(
  'follow_up',
  ['How many calls from +13107745503 in all the data?', 'how many of them were hooked?'],
  calls('all', [phone('3107745503'), is('hooked', true)]),
  {
    dashboard_range: '90d',
    fz: true,
  },
);
c(
  'follow_up',
  ['How many calls this month?', 'how many of those were from Florida?', 'and of those, tier 1?'],
  calls('thisMonth', [is('caller_state', 'FL'), is('tier', 1)]),
  { fz: true },
);
c('follow_up', ['Top lure over the last 30 days?', 'how many calls did it have?'], async (x) => {
  const r = await top('lure_category', 'd30', 1)(x);
  if (r.kind !== 'ranking') throw new Error('ranking expected');
  return num(r.items.length ? r.items[0].count : r.tail!.count, 'count');
});

// ---------------------------------------------------------------- ranking

c('ranking', 'Top 5 impersonated brands over the last 30 days', top('impersonated_brand', 'd30', 5));
c('ranking', 'Which three lures brought in the most calls in June?', top('lure_category', 'june', 3));
c('ranking', 'Rank the personas by calls this month', top('persona', 'thisMonth', 5));
c('ranking', 'Top 3 caller states by volume in the last 7 days', top('caller_state', 'd7', 3));
c(
  'ranking',
  'Which brands had the most dollars asked in June? Top 3',
  top('impersonated_brand', 'june', 3, { metric: 'total_dollars_asked' }),
);
c('ranking', 'Which gift card brand was the least requested in the last 30 days?', topValue('gift_card_brand', 'd30', { asc: true }));
c('ranking', 'Top 3 remote desktop apps this month', top('remote_desktop_app', 'thisMonth', 3));
c('ranking', 'Which payment method dominated last week?', either(topValue('payment_method', 'lastWeek'), topValue('payment_method', 'd7')));
c('ranking', 'Top 5 fake agent names over the past 30 days', top('fake_agent_name', 'd30', 5));
c('ranking', 'Which mule banks show up most often? Top 4 across everything we hold', top('mule_bank_name', 'all', 4), {
  dashboard_range: '90d',
});
c('ranking', 'Among lures with at least 50 calls in the last 30 days, which has the best hook rate?', async (x) => {
  const r = await top('lure_category', 'd30', 1, { metric: 'hook_rate', minCalls: 50 })(x);
  if (r.kind !== 'ranking') throw new Error('ranking expected');
  return { kind: 'label', any: r.items.length ? r.items[0].labels : r.tail!.members.flat() };
});
c('ranking', 'Top 3 government agencies impersonated in the last 14 days', top('impersonated_government_agency', 'd14', 3));
c(
  'ranking',
  'Which day of the week was busiest in June?',
  busiest('june', 'time:weekday', (v) => [v]),
);
c('ranking', 'Which made-up organisations came up most this month? Top 3', top('synthetic_org', 'thisMonth', 3));
c('ranking', 'Top 5 area codes by call volume last 7 days', top('caller_area_code', 'd7', 5));
c('ranking', 'Which persona racked up the most tier 1 calls in June?', topValue('persona', 'june', { metric: 'tier1_calls' }));

// ---------------------------------------------------------------- true_zero

c('true_zero', 'How many calls named a Solana wallet?', nothing('crypto_chain', 'SOL'), { dashboard_range: '90d' });
c('true_zero', 'Any Best Buy gift card asks?', nothing('gift_card_brand', 'Best Buy'), { dashboard_range: '90d' });
c('true_zero', 'How many callers pushed RustDesk?', nothing('remote_desktop_app', 'RustDesk'), { dashboard_range: '90d' });
c('true_zero', 'How many calls claimed to be the Secret Service?', nothing('impersonated_government_agency', 'Secret Service'), {
  dashboard_range: '90d',
});
c('true_zero', 'How many calls used Ally Bank for the mule account?', nothing('mule_bank_name', 'Ally'), { dashboard_range: '90d' });
c('true_zero', 'How many calls did we log in April 2028?', zero('april', []));
c('true_zero', 'Any tier 1 calls in the past hour?', zero('h1', [is('tier', 1)]));
c('true_zero', 'How many calls did the Gladys persona take?', nothing('persona', 'gladys'), { dashboard_range: '90d' });
c('true_zero', 'How many ROMANCE lure calls in June?', nothing('lure_category', 'ROMANCE'));
c('true_zero', 'How many calls used the fake agent name Bartholomew?', nothing('fake_agent_name', 'Bartholomew'), {
  dashboard_range: '90d',
});
c('true_zero', "How many calls cited the 'Global Refund Alliance'?", nothing('synthetic_org', 'Global Refund Alliance'), {
  dashboard_range: '90d',
});
c('true_zero', 'How many calls gave routing number 021000021?', nothing('mule_bank_routing_number', '021000021'), {
  dashboard_range: '90d',
});
c('true_zero', 'How many calls from Vermont numbers?', zero('all', [is('caller_state', 'VT')]), { dashboard_range: '90d' });
c(
  'true_zero',
  'Over the last 30 days, how many calls had both a gift card brand and a crypto wallet?',
  zero('d30', [has('gift_card_brand'), has('crypto_wallet_address')]),
);
c('true_zero', 'How many calls had a single ask above $1,000,000?', zero('all', [gt('dollar_ask', 1_000_000)]), { dashboard_range: '90d' });
c('true_zero', 'How many calls used the phishing domain paypa1-secure.xyz?', nothing('phishing_url', 'paypa1-secure.xyz'), {
  dashboard_range: '90d',
});
c('true_zero', 'How many calls came in on Memorial Day 2027?', zero('memorial2027', []));

// ---------------------------------------------------------------- scoped

const DOL: Opts = { key: 'dolores', fz: true };
const ELD: Opts = { key: 'elder', fz: true };
const TRI: Opts = { key: 'tristate', fz: true };
c('scoped', 'How many calls have we had this week?', calls('thisWeek', [], 'dolores'), DOL);
c('scoped', 'Hook rate over the last 30 days?', fig('hook_rate', 'd30', [], 'dolores'), DOL);
c('scoped', 'How many calls did Margaret handle?', nothing('persona', 'margaret', 'dolores'), { key: 'dolores', dashboard_range: '90d' });
c('scoped', 'Top 3 brands impersonated in June', top('impersonated_brand', 'june', 3, { key: 'dolores' }), DOL);
c('scoped', 'Total dollars asked yesterday', fig('total_dollars_asked', 'yesterday', [], 'dolores'), DOL);
c('scoped', 'Calls in the last 7 days?', calls('d7', [], 'elder'), ELD);
c('scoped', 'How many tier 1 calls in June?', fig('tier1_calls', 'june', [], 'elder'), ELD);
c('scoped', 'How many tech support scam calls this month?', nothing('lure_category', 'TECH_SUPPORT', 'elder'), { key: 'elder' });
c(
  'scoped',
  'Which agency was impersonated most in the last 30 days?',
  topValue('impersonated_government_agency', 'd30', { key: 'elder' }),
  ELD,
);
c(
  'scoped',
  'How many calls claimed to be from CMS this week?',
  calls('thisWeek', [is('impersonated_government_agency', 'CMS')], 'elder'),
  ELD,
);
c('scoped', 'Median ask over the past 14 days?', fig('median_dollar_ask', 'd14', [], 'elder'), ELD);
c('scoped', 'How many calls came in yesterday?', calls('yesterday', [], 'tristate'), TRI);
c('scoped', 'How many calls from New Jersey numbers in June?', calls('june', [is('caller_state', 'NJ')], 'tristate'), TRI);
c('scoped', 'How many calls from Texas this month?', nothing('caller_state', 'TX', 'tristate'), { key: 'tristate' });
c(
  'scoped',
  'Hook rate this week and last week?',
  all(fig('hook_rate', 'thisWeek', [], 'tristate'), lastWeek('hook_rate', [], 'tristate')),
  TRI,
);
c('scoped', 'Top 3 lures over the last 30 days', top('lure_category', 'd30', 3, { key: 'tristate' }), TRI);
c('scoped', 'How many of our calls are live right now?', liveCalls('dolores'), { key: 'dolores' });

// ---------------------------------------------------------------- out_of_scope

for (const q of [
  'Block +17028600482 on our network',
  "What's the price of bitcoin right now?",
  'Freeze account 4700206752502 at the bank',
  'Write me a Python script that pulls these calls into Splunk',
  "What's the home address of Priya Ramirez?",
  "Email this week's tier 1 list to fraud-ops@ourbank.example",
  "What's the capital of Nebraska?",
  'Is wallet bc1qej57zea79knxtujxdm9uz9xrx00f5pfjft80yk on the OFAC sanctions list?',
  'Get fedex-support.com taken down for me',
  'Who registered amzn-desk.net according to WHOIS?',
  "What's TRON trading at in dollars today?",
  'Set up a Slack alert for whenever a Chime mule account shows up',
  'Tell me a joke about scammers',
  'Translate the last Medicare call into Spanish and rewrite it as a script',
  'How many Americans lose money to phone scams every year?',
  "What's the weather in Dallas today?",
  'Give me the Social Security number of the victim in the last Medicare call',
  'Call +13107745503 back and pretend to be Harold',
  "Delete every call from Edith's line",
  'Which stocks should I buy this week?',
  "What's Chase's real routing number for New York accounts?",
  'Write a SQL query that gets hooked calls out of Postgres',
  "What's the FTC's phone number for reporting fraud?",
  'Reset my API key',
  'Draft a press release about our honeypot findings',
  'What is the non-emergency number of the Dallas police department?',
  'How do I set up a VPN on my laptop?',
  "What's Coinbase's market cap today?",
  'Text a scam warning to every customer in New Jersey',
  'Look up Carlos Gutierrez on LinkedIn',
  'Who won the 2026 World Cup?',
  'File a SAR with FinCEN on account 9503917108 for me',
]) {
  c('out_of_scope', q, decline);
}

// ---------------------------------------------------------------- unread_phrase

c('unread_phrase', 'How many calls in 2028-W27?', calls('lastWeek'), { unread: '2028-W27' });
c('unread_phrase', 'hooked calls WTD', fig('hooked_calls', 'thisWeek'), { unread: 'WTD' });
c('unread_phrase', 'MTD dollars asked?', fig('total_dollars_asked', 'thisMonth'), { unread: 'MTD' });
c('unread_phrase', 'QTD tier 1 count', fig('tier1_calls', 'thisMonth'), { unread: 'QTD' });
c('unread_phrase', 'How many calls over the past fortnight?', calls('d14'), { unread: 'fortnight' });
c('unread_phrase', 'How many calls came in on Juneteenth?', calls('juneteenth'), { unread: 'Juneteenth' });
c('unread_phrase', 'Tier 1 calls on Independence Day?', fig('tier1_calls', 'july4'), { unread: 'Independence Day' });
c('unread_phrase', 'Total asked over Memorial Day weekend', fig('total_dollars_asked', 'memorialWeekend'), {
  unread: 'Memorial Day weekend',
});
c('unread_phrase', 'How many calls on Father’s Day?', calls('fathersDay'), { unread: 'Father’s Day' });
c(
  'unread_phrase',
  'hooked calls yesterday arvo?',
  either(fig('hooked_calls', 'yesterdayAfternoon'), callsBetween('2028-07-10T16:00:00Z', '2028-07-10T22:00:00Z', 'hooked_calls')),
  { unread: 'arvo' },
);
c(
  'unread_phrase',
  'How many calls in the wee hours today?',
  either(callsBetween('2028-07-11T00:00:00Z', '2028-07-11T06:00:00Z'), callsBetween('2028-07-11T04:00:00Z', '2028-07-11T10:00:00Z')),
  { unread: 'wee hours' },
);
c('unread_phrase', 'Calls on 20280615?', calls('june15'), { unread: '20280615' });
c('unread_phrase', 'How many calls on the Ides of June?', calls('june13'), { unread: 'Ides of June' });
c('unread_phrase', 'Calls since Canada Day?', calls('thisMonth'), { unread: 'Canada Day' });
c('unread_phrase', 'Tier 1 calls on the last business day?', fig('tier1_calls', 'yesterday'), { unread: 'last business day' });
c(
  'unread_phrase',
  'How many calls in the back half of June?',
  either(calls('juneH2'), callsBetween('2028-06-15T00:00:00Z', '2028-07-01T00:00:00Z')),
  { unread: 'back half of June' },
);
c('unread_phrase', 'Hooked calls during the 4th of July week', fig('hooked_calls', 'lastWeek'), { unread: '4th of July week' });

export const CASES: Case[] = CASES_;
