// THE HELD-OUT SET. Nobody tunes the agent against these questions; they are run once, by
// the lead, at the end of the agent rebuild (see README.md). Do not quote them in commit
// messages, tests, docs or the agent's code.
//
// Each case: a class, the turns asked (the last one is judged; earlier turns are the
// session it follows up), and its truth computed at run time from the REST API of the world
// (or the corpus read through it). Values of fields are picked from the demo data at run time.

import {
  all,
  asks,
  cmp,
  Ctx,
  daySpellings,
  decline,
  has,
  hooked,
  hourSpellings,
  is,
  label,
  mean,
  median,
  notHooked,
  num,
  persona,
  ranking,
  rate,
  same,
  sameRanking,
  state,
  stateSpellings,
  sum,
  tier,
  W,
  weekday,
  weekdayName,
  weekend,
  zeroIf,
} from './truths.js';
import type { Json } from './corpus.js';
import type { Truth } from './judge.js';

export const CLASSES = [
  'everyday',
  'ranking',
  'comparison',
  'nearby',
  'field_value',
  'multi_part',
  'casual',
  'follow_up',
  'zero',
  'slice',
  'out_of_scope',
] as const;
export type Cls = (typeof CLASSES)[number];

export interface Case {
  id: string;
  cls: Cls;
  /** The turns of the session; the last is judged. One turn for most cases. */
  ask: (x: Ctx) => string[];
  truth: (x: Ctx) => Truth | Promise<Truth>;
  key?: 'scoped';
  dashboard_range?: string;
}

const q =
  (...turns: string[]) =>
  () =>
    turns;

/** hooked / calls of the window from the summary endpoint. */
async function hookRate(x: Ctx, w: { start: Date; end: Date }, key: 'read' | 'scoped' = 'read'): Promise<number> {
  const s = await x.summary(w, key);
  return rate(s.hooked_calls, s.calls_received);
}

const lowerLure = (l: string) => [l, l.replace(/_/g, ' ')];

export const CASES: Case[] = [
  // ------------------------------------------------------------ everyday figures
  {
    id: 'e01',
    cls: 'everyday',
    ask: q('How many calls did the honeypot receive in the last 24 hours?'),
    truth: async (x) => num((await x.summary(W.h24)).calls_received),
  },
  {
    id: 'e02',
    cls: 'everyday',
    ask: q('What was our hook rate over the last 7 days?'),
    truth: async (x) => num(await hookRate(x, W.d7), 'rate'),
  },
  {
    id: 'e03',
    cls: 'everyday',
    ask: q("What's the median call duration for the past 30 days?"),
    truth: async (x) =>
      num(
        same(median(x.calls(W.d30).map((c) => c.duration_sec)), (await x.summary(W.d30)).median_call_duration_sec, 'median duration'),
        'sec',
      ),
  },
  {
    id: 'e04',
    cls: 'everyday',
    ask: q('What is the total amount of money scammers asked for so far this month?'),
    truth: async (x) => num((await x.summary(W.thisMonth)).total_dollars_asked, 'usd'),
  },
  {
    id: 'e05',
    cls: 'everyday',
    ask: q('How many tier 1 calls did we get yesterday?'),
    truth: async (x) => num((await x.summary(W.yesterday)).tier1_calls),
  },
  {
    id: 'e06',
    cls: 'everyday',
    ask: q('How many high-confidence insights were produced in the last 14 days?'),
    truth: async (x) => num((await x.summary(W.d14)).high_confidence_insights),
  },
  {
    id: 'e07',
    cls: 'everyday',
    ask: q("What's the average auditor confidence over the last 7 days?"),
    truth: async (x) => num((await x.summary(W.d7)).avg_auditor_confidence, 'decimal'),
  },
  {
    id: 'e08',
    cls: 'everyday',
    ask: q('How many calls were closed cleanly in the last 3 days?'),
    truth: async (x) => num((await x.summary(W.h72)).cleanly_closed),
  },
  {
    id: 'e09',
    cls: 'everyday',
    ask: q('How long was the longest call in the last 7 days?'),
    truth: async (x) => num((await x.summary(W.d7)).max_call_duration_sec, 'sec'),
  },
  {
    id: 'e10',
    cls: 'everyday',
    ask: q("What's the median single dollar ask over the last 30 days?"),
    truth: async (x) => num((await x.summary(W.d30)).median_dollar_ask, 'usd'),
  },
  {
    id: 'e11',
    cls: 'everyday',
    ask: q('How much money did the scammers dangle in front of our personas in the last 7 days?'),
    truth: async (x) => num((await x.summary(W.d7)).total_dollars_dangled, 'usd'),
  },
  {
    id: 'e12',
    cls: 'everyday',
    ask: q('How many calls have come in today so far?'),
    truth: async (x) => num((await x.summary(W.today)).calls_received),
  },
  {
    id: 'e13',
    cls: 'everyday',
    ask: q('How many calls have we hooked since Monday?'),
    truth: async (x) => num((await x.summary(W.thisWeek)).hooked_calls),
  },
  {
    id: 'e14',
    cls: 'everyday',
    ask: q('What is the biggest single amount a scammer asked for in the last 14 days?'),
    truth: async (x) => num((await x.summary(W.d14)).max_single_ask, 'usd'),
  },
  {
    id: 'e15',
    cls: 'everyday',
    ask: q('How many tier 2 calls came in over the last 48 hours?'),
    truth: async (x) => num((await x.summary(W.h48)).tier2_calls),
  },
  {
    id: 'e16',
    cls: 'everyday',
    ask: q('How many calls ended because of a voice engine issue in the last 7 days?'),
    truth: async (x) => num((await x.api(`/api/kpis/disconnect-breakdown?${x.winQs(W.d7)}`)).voice_engine_issue),
  },
  {
    id: 'e17',
    cls: 'everyday',
    ask: q('What was the average call length over the last 24 hours?'),
    truth: async (x) => num((await x.summary(W.h24)).avg_call_duration_sec, 'sec'),
  },
  {
    id: 'e18',
    cls: 'everyday',
    ask: q('How many calls did we log on November 12?'),
    truth: async (x) => num((await x.summary(W.nov12)).calls_received),
  },

  // ------------------------------------------------------------ rankings / top values
  {
    id: 'r01',
    cls: 'ranking',
    ask: q('What are the top 3 impersonated brands in the last 7 days?'),
    truth: async (x) => ranking(await x.topn('impersonated_brand', W.d7, 10), 3),
  },
  {
    id: 'r02',
    cls: 'ranking',
    ask: q('Which lure category was the most common over the past 30 days?'),
    truth: async (x) => ranking(await x.topn('lure_category', W.d30, 5), 1, lowerLure),
  },
  {
    id: 'r03',
    cls: 'ranking',
    ask: q('List the top 5 payment methods scammers asked for this month.'),
    truth: async (x) => ranking(await x.topn('payment_method', W.thisMonth, 10), 5, lowerLure),
  },
  {
    id: 'r04',
    cls: 'ranking',
    ask: q('Which gift card brand was requested most in the last 14 days?'),
    truth: async (x) => ranking(await x.topn('gift_card_brand', W.d14, 5), 1),
  },
  {
    id: 'r05',
    cls: 'ranking',
    ask: q('Rank our personas by number of calls taken in the last 7 days.'),
    truth: (x) =>
      ranking(
        x.ranked(W.d7, (c) => c.persona),
        5,
      ),
  },
  {
    id: 'r06',
    cls: 'ranking',
    ask: q('Which 3 states do most of the scam calls come from, last 30 days?'),
    truth: async (x) => {
      const items = (await x.api(`/api/kpis/attacker-geo?${x.winQs(W.d30)}`)).items.map((i: Json) => ({ label: i.state, count: i.count }));
      sameRanking(
        x.ranked(W.d30, (c) => c.caller_state),
        items,
        'states',
      );
      return ranking(items, 3, stateSpellings);
    },
  },
  {
    id: 'r07',
    cls: 'ranking',
    ask: q('Which remote desktop app did scammers push the most in the last 7 days?'),
    truth: async (x) => ranking(await x.topn('remote_desktop_app', W.d7, 5), 1),
  },
  {
    id: 'r08',
    cls: 'ranking',
    ask: q('What were the top 3 fake agent names callers used in the past two weeks?'),
    truth: async (x) => ranking(await x.topn('fake_agent_name', W.d14, 10), 3),
  },
  {
    id: 'r09',
    cls: 'ranking',
    ask: q('Which made-up organisation names come up most often? Give me the top 3 for the last 30 days.'),
    truth: async (x) => ranking(await x.topn('synthetic_org', W.d30, 10), 3),
  },
  {
    id: 'r10',
    cls: 'ranking',
    ask: q('Which government agency was impersonated most in the last 14 days?'),
    truth: async (x) => ranking(await x.topn('impersonated_government_agency', W.d14, 5), 1),
  },
  {
    id: 'r11',
    cls: 'ranking',
    ask: q('Which crypto chain did the scammers use most over the last 30 days?'),
    truth: async (x) => ranking(await x.topn('crypto_chain', W.d30, 5), 1),
  },
  {
    id: 'r12',
    cls: 'ranking',
    ask: q('Which area code did the most scam calls come from in the last 7 days?'),
    truth: (x) =>
      ranking(
        x.ranked(W.d7, (c) => c.caller_area_code),
        1,
      ),
  },
  {
    id: 'r13',
    cls: 'ranking',
    ask: q('Which day this month had the most calls?'),
    truth: async (x) => {
      const pts = (await x.api(`/api/kpis/timeseries/calls?bucket=day&${x.winQs(W.thisMonth)}`)).points as {
        timestamp: string;
        value: number;
      }[];
      const items = pts.map((p) => ({ label: p.timestamp.slice(0, 10), count: p.value })).sort((a, b) => b.count - a.count);
      return ranking(items, 1, daySpellings);
    },
  },
  {
    id: 'r14',
    cls: 'ranking',
    ask: q('At what hour of the day (UTC) do we get the most calls, looking at the last 30 days?'),
    truth: (x) =>
      ranking(
        x.ranked(W.d30, (c) => String(new Date(c.t).getUTCHours())),
        1,
        (h) => hourSpellings(Number(h)),
      ),
  },
  {
    id: 'r15',
    cls: 'ranking',
    ask: q('Which weekday is the busiest for scam calls over the last 4 weeks?'),
    truth: (x) =>
      ranking(
        x.ranked(W.d28, (c) => weekdayName(c.t)),
        1,
      ),
  },
  {
    id: 'r16',
    cls: 'ranking',
    ask: q('What are the 2 phishing URLs we saw most in the last 30 days?'),
    truth: (x) =>
      ranking(
        x.ranked(W.d30, (c) => c.f.phishing_url),
        2,
      ),
  },

  // ------------------------------------------------------------ comparisons with their frame
  {
    id: 'c01',
    cls: 'comparison',
    ask: q('How many calls came in on weekends versus on weekdays over the last 30 days?'),
    truth: (x) => cmp(num(x.count(W.d30, weekend)), num(x.count(W.d30, weekday))),
  },
  {
    id: 'c02',
    cls: 'comparison',
    ask: q('How do our calls since Monday compare with the same stretch of last week?'),
    truth: async (x) =>
      cmp(num((await x.summary(W.thisWeek)).calls_received), num((await x.summary(W.lastWeekSameStretch)).calls_received)),
  },
  {
    id: 'c03',
    cls: 'comparison',
    ask: q('Show me tier 1 calls week by week for the three full weeks before this one.'),
    truth: async (x) =>
      all(
        num((await x.summary(W.weekOfNov2)).tier1_calls),
        num((await x.summary(W.weekOfNov9)).tier1_calls),
        num((await x.summary(W.lastWeek)).tier1_calls),
      ),
  },
  {
    id: 'c04',
    cls: 'comparison',
    ask: q('Was the hook rate in the last 7 days higher than in the 7 days before?'),
    truth: async (x) => {
      const a = await hookRate(x, W.d7);
      const b = await hookRate(x, W.d7prev);
      return cmp(num(a, 'rate'), num(b, 'rate'), a > b ? 'up' : 'down');
    },
  },
  {
    id: 'c05',
    cls: 'comparison',
    ask: q('How did the total dollars asked in the last 7 days compare with the previous 7 days?'),
    truth: async (x) =>
      cmp(num((await x.summary(W.d7)).total_dollars_asked, 'usd'), num((await x.summary(W.d7prev)).total_dollars_asked, 'usd')),
  },
  {
    id: 'c06',
    cls: 'comparison',
    ask: q('Did we get more calls yesterday than the day before?'),
    truth: async (x) => {
      const a = (await x.summary(W.yesterday)).calls_received;
      const b = (await x.summary(W.dayBeforeYesterday)).calls_received;
      return cmp(num(a), num(b), a > b ? 'up' : 'down');
    },
  },
  {
    id: 'c07',
    cls: 'comparison',
    ask: q('Amazon vs Microsoft impersonation calls over the last 14 days?'),
    truth: async (x) =>
      cmp(
        num(await x.callsTotal(W.d14, { impersonated_brand: 'Amazon' })),
        num(await x.callsTotal(W.d14, { impersonated_brand: 'Microsoft' })),
      ),
  },
  {
    id: 'c08',
    cls: 'comparison',
    ask: q('Tier 1 calls so far this week compared with the whole of last week (Monday to Sunday)?'),
    truth: async (x) => cmp(num((await x.summary(W.thisWeek)).tier1_calls), num((await x.summary(W.lastWeek)).tier1_calls)),
  },
  {
    id: 'c09',
    cls: 'comparison',
    ask: q('What is the median call duration on weekends compared with weekdays, last 30 days?'),
    truth: (x) =>
      cmp(
        num(median(x.calls(W.d30, weekend).map((c) => c.duration_sec)), 'sec'),
        num(median(x.calls(W.d30, weekday).map((c) => c.duration_sec)), 'sec'),
      ),
  },
  {
    id: 'c10',
    cls: 'comparison',
    ask: q("Compare the hook rate of the margaret persona with harold's over the last 30 days."),
    truth: (x) =>
      cmp(
        num(rate(x.count(W.d30, persona('margaret'), hooked), x.count(W.d30, persona('margaret'))), 'rate'),
        num(rate(x.count(W.d30, persona('harold'), hooked), x.count(W.d30, persona('harold'))), 'rate'),
      ),
  },
  {
    id: 'c11',
    cls: 'comparison',
    ask: q("How does today's call count compare with yesterday at the same time of day?"),
    truth: async (x) => cmp(num((await x.summary(W.today)).calls_received), num((await x.summary(W.yesterdaySameTime)).calls_received)),
  },
  {
    id: 'c12',
    cls: 'comparison',
    ask: q('Over the last 7 days, were there more calls asking for gift cards or for crypto ATM deposits?'),
    truth: async (x) =>
      cmp(num(await x.callsTotal(W.d7, { payment_method: 'gift_card' })), num(await x.callsTotal(W.d7, { payment_method: 'crypto_atm' }))),
  },
  {
    id: 'c13',
    cls: 'comparison',
    ask: q('Hooked calls in the week of November 9 versus the week of November 16 (weeks starting Monday)?'),
    truth: async (x) => cmp(num((await x.summary(W.weekOfNov9)).hooked_calls), num((await x.summary(W.lastWeek)).hooked_calls)),
  },
  {
    id: 'c14',
    cls: 'comparison',
    ask: q('Compare call volume in the first half of November (1st to 15th) with the second half so far.'),
    truth: async (x) => cmp(num((await x.summary(W.nov1to15)).calls_received), num((await x.summary(W.nov16on)).calls_received)),
  },
  {
    id: 'c15',
    cls: 'comparison',
    ask: q('Tier 2 calls in the last 24 hours against the 24 hours before that?'),
    truth: async (x) => cmp(num((await x.summary(W.h24)).tier2_calls), num((await x.summary(W.h24prev)).tier2_calls)),
  },

  // ------------------------------------------------------------ a figure easy to confuse with a nearby one
  {
    id: 'n01',
    cls: 'nearby',
    ask: q('What share of the calls in the last 7 days were tier 1?'),
    truth: async (x) => {
      const s = await x.summary(W.d7);
      return num(rate(s.tier1_calls, s.calls_received), 'rate');
    },
  },
  {
    id: 'n02',
    cls: 'nearby',
    ask: q('How many separate dollar asks did callers make in the last 7 days?'),
    truth: (x) => num(asks(x.calls(W.d7)).length),
  },
  {
    id: 'n03',
    cls: 'nearby',
    ask: q('How many calls had at least one dollar ask in the last 7 days?'),
    truth: (x) => num(x.count(W.d7, (c) => c.dollar_asks.length > 0)),
  },
  {
    id: 'n04',
    cls: 'nearby',
    ask: q('How many asks were at least $1,000 but under $2,500 in the last 30 days?'),
    truth: async (x) => {
      const mine = asks(x.calls(W.d30)).filter((a) => a >= 1000 && a < 2500).length;
      const bucket = (await x.api(`/api/kpis/ask-histogram?${x.winQs(W.d30)}`)).buckets.find((b: Json) => b.min === 1000);
      return num(same(mine, bucket.count, 'asks 1000-2499'));
    },
  },
  {
    id: 'n05',
    cls: 'nearby',
    ask: q('How many calls included a single ask of more than $5,000 in the last 14 days?'),
    truth: (x) => num(x.count(W.d14, (c) => c.dollar_asks.some((a) => a > 5000))),
  },
  {
    id: 'n06',
    cls: 'nearby',
    ask: q('How many calls did we fail to hook in the last 7 days?'),
    truth: async (x) => {
      const s = await x.summary(W.d7);
      return num(same(x.count(W.d7, notHooked), s.calls_received - s.hooked_calls, 'not hooked'));
    },
  },
  {
    id: 'n07',
    cls: 'nearby',
    ask: q('Of the tech support scam calls in the last 30 days, how many did we not hook?'),
    truth: async (x) => num(await x.callsTotal(W.d30, { lure_category: 'TECH_SUPPORT', hooked: 'false' })),
  },
  {
    id: 'n08',
    cls: 'nearby',
    ask: q('How many distinct crypto wallet addresses were extracted in the last 30 days?'),
    truth: (x) => num(new Set(x.calls(W.d30, has('crypto_wallet_address')).map((c) => c.f.crypto_wallet_address)).size),
  },
  {
    id: 'n09',
    cls: 'nearby',
    ask: q('What percentage of calls were hooked yesterday?'),
    truth: async (x) => num(await hookRate(x, W.yesterday), 'rate'),
  },
  {
    id: 'n10',
    cls: 'nearby',
    ask: q('How many calls lasted longer than 30 minutes in the last 7 days?'),
    truth: async (x) =>
      num(
        same(
          x.count(W.d7, (c) => c.duration_sec > 1800),
          await x.callsTotal(W.d7, { min_duration_sec: '1801' }),
          '>30 min',
        ),
      ),
  },
  {
    id: 'n11',
    cls: 'nearby',
    ask: q('How many calls this week were shorter than 15 seconds?'),
    truth: async (x) =>
      num(
        same(
          x.count(W.thisWeek, (c) => c.duration_sec < 15),
          await x.callsTotal(W.thisWeek, { max_duration_sec: '14' }),
          '<15 s',
        ),
      ),
  },
  {
    id: 'n12',
    cls: 'nearby',
    ask: q('What is the average size of a single dollar ask over the last 7 days?'),
    truth: (x) => num(mean(asks(x.calls(W.d7))), 'usd'),
  },
  {
    id: 'n13',
    cls: 'nearby',
    ask: q('How many calls in the last 30 days gave us a mule bank account number?'),
    truth: (x) => num(x.count(W.d30, has('mule_bank_account_number'))),
  },
  {
    id: 'n14',
    cls: 'nearby',
    ask: q('How many different fake agent names did scammers use in the last 7 days?'),
    truth: (x) => num(new Set(x.calls(W.d7, has('fake_agent_name')).map((c) => c.f.fake_agent_name)).size),
  },
  {
    id: 'n15',
    cls: 'nearby',
    ask: q('What fraction of the insights produced in the last 7 days were high confidence?'),
    truth: async (x) => {
      const s = await x.summary(W.d7);
      return num(rate(s.high_confidence_insights, s.insights_produced), 'rate');
    },
  },
  {
    id: 'n16',
    cls: 'nearby',
    ask: q('How many calls in the last 7 days carried no intel at all?'),
    truth: (x) => num(x.count(W.d7, (c) => !c.has_intel)),
  },
  {
    id: 'n17',
    cls: 'nearby',
    ask: q('In the last 30 days, how many calls named a crypto chain but gave no wallet address?'),
    truth: (x) => num(x.count(W.d30, has('crypto_chain'), (c) => c.f.crypto_wallet_address === null)),
  },
  {
    id: 'n18',
    cls: 'nearby',
    ask: q('How many calls in the last 14 days had exactly one dollar ask?'),
    truth: (x) => num(x.count(W.d14, (c) => c.dollar_asks.length === 1)),
  },

  // ------------------------------------------------------------ values of any field of the call record
  {
    id: 'f01',
    cls: 'field_value',
    ask: (x) => [`How many calls used the fake agent name "${x.pickRank('fake_agent_name', W.d30, 4)}" in the last 30 days?`],
    truth: (x) => num(x.count(W.d30, is('fake_agent_name', x.pickRank('fake_agent_name', W.d30, 4)))),
  },
  {
    id: 'f02',
    cls: 'field_value',
    ask: (x) => [`How many calls mentioned the organisation ${x.pickRank('synthetic_org', W.d14, 2)} in the last 14 days?`],
    truth: (x) => num(x.count(W.d14, is('synthetic_org', x.pickRank('synthetic_org', W.d14, 2)))),
  },
  {
    id: 'f03',
    cls: 'field_value',
    ask: (x) => [
      `How many calls gave ${x.pickRank('physical_mule_drop_address', W.d30, 0)} as the address to send cash to, in the last 30 days?`,
    ],
    truth: (x) => num(x.count(W.d30, is('physical_mule_drop_address', x.pickRank('physical_mule_drop_address', W.d30, 0)))),
  },
  {
    id: 'f04',
    cls: 'field_value',
    ask: (x) => [`How many calls involved the wallet ${x.pickRank('crypto_wallet_address', W.d30, 1)} over the past 30 days?`],
    truth: (x) => num(x.count(W.d30, is('crypto_wallet_address', x.pickRank('crypto_wallet_address', W.d30, 1)))),
  },
  {
    id: 'f05',
    cls: 'field_value',
    ask: (x) => [`Which bank does routing number ${x.pickRank('mule_bank_routing_number', W.d30, 1)} belong to, according to our calls?`],
    truth: (x) =>
      label(
        ...new Set(
          x
            .calls(W.d30, is('mule_bank_routing_number', x.pickRank('mule_bank_routing_number', W.d30, 1)))
            .map((c) => c.f.mule_bank_name!)
            .filter(Boolean),
        ),
      ),
  },
  {
    id: 'f06',
    cls: 'field_value',
    ask: (x) => [`How many times did account number ${x.pickRank('mule_bank_account_number', W.d30, 2)} come up in the last 30 days?`],
    truth: (x) => num(x.count(W.d30, is('mule_bank_account_number', x.pickRank('mule_bank_account_number', W.d30, 2)))),
  },
  {
    id: 'f07',
    cls: 'field_value',
    ask: (x) => [`Whose name is on mule account ${x.pickRank('mule_bank_account_number', W.d30, 0)}?`],
    truth: (x) =>
      label(
        ...new Set(
          x
            .calls(W.d30, is('mule_bank_account_number', x.pickRank('mule_bank_account_number', W.d30, 0)))
            .map((c) => c.f.mule_account_holder_name!)
            .filter(Boolean),
        ),
      ),
  },
  {
    id: 'f08',
    cls: 'field_value',
    ask: q('How many calls impersonated the County Sheriff in the last 7 days?'),
    truth: (x) => num(x.count(W.d7, is('impersonated_government_agency', 'County Sheriff'))),
  },
  {
    id: 'f09',
    cls: 'field_value',
    ask: (x) => [`How many calls came from area code ${x.ranked(W.d14, (c) => c.caller_area_code)[2].label} in the last 14 days?`],
    truth: (x) => {
      const ac = x.ranked(W.d14, (c) => c.caller_area_code)[2].label;
      return num(x.count(W.d14, (c) => c.caller_area_code === ac));
    },
  },
  {
    id: 'f10',
    cls: 'field_value',
    ask: q('How many calls did the dolores persona take yesterday?'),
    truth: (x) => num(x.count(W.yesterday, persona('dolores'))),
  },
  {
    id: 'f11',
    cls: 'field_value',
    ask: q('How many calls tried to get our persona to install UltraViewer in the last 7 days?'),
    truth: (x) => num(x.count(W.d7, is('remote_desktop_app', 'UltraViewer'))),
  },
  {
    id: 'f12',
    cls: 'field_value',
    ask: q('How many calls asked for Steam gift cards in the last 30 days?'),
    truth: (x) => num(x.count(W.d30, is('gift_card_brand', 'Steam'))),
  },
  {
    id: 'f13',
    cls: 'field_value',
    ask: (x) => [`How many calls sent our persona to ${x.pickRank('phishing_url', W.d30, 3)} in the last 30 days?`],
    truth: (x) => num(x.count(W.d30, is('phishing_url', x.pickRank('phishing_url', W.d30, 3)))),
  },
  {
    id: 'f14',
    cls: 'field_value',
    ask: q('How many calls involved the TRON chain in the last 30 days?'),
    truth: (x) => num(x.count(W.d30, is('crypto_chain', 'TRON'))),
  },
  {
    id: 'f15',
    cls: 'field_value',
    ask: (x) => {
      const holder = x
        .ranked(W.d30, (c) => c.f.mule_account_holder_name)
        .find((r) => !/LLC|Group|Inc|Corp|Consulting/i.test(r.label))!.label;
      return [`How many calls named ${holder} as the account holder in the last 30 days?`];
    },
    truth: (x) => {
      const holder = x
        .ranked(W.d30, (c) => c.f.mule_account_holder_name)
        .find((r) => !/LLC|Group|Inc|Corp|Consulting/i.test(r.label))!.label;
      return num(x.count(W.d30, is('mule_account_holder_name', holder)));
    },
  },
  {
    id: 'f16',
    cls: 'field_value',
    ask: (x) => [`How many calls came from caller ID ${x.ranked(W.d30, (c) => c.caller_id)[0].label} in the last 30 days?`],
    truth: (x) => num(x.ranked(W.d30, (c) => c.caller_id)[0].count),
  },
  {
    id: 'f17',
    cls: 'field_value',
    ask: (x) => [`How many calls used routing number ${x.pickRank('mule_bank_routing_number', W.d14, 0)} in the last 14 days?`],
    truth: (x) => num(x.count(W.d14, is('mule_bank_routing_number', x.pickRank('mule_bank_routing_number', W.d14, 0)))),
  },
  {
    id: 'f18',
    cls: 'field_value',
    ask: q('How many calls pretended to be Geek Squad in the last 24 hours?'),
    truth: async (x) => num(await x.callsTotal(W.h24, { impersonated_brand: 'Geek Squad' })),
  },
  {
    id: 'f19',
    cls: 'field_value',
    ask: (x) => [`Which lure did the fake agent "${x.pickRank('fake_agent_name', W.d30, 2)}" use most often in the last 30 days?`],
    truth: (x) =>
      ranking(
        x.ranked(W.d30, (c) => c.f.lure_category, is('fake_agent_name', x.pickRank('fake_agent_name', W.d30, 2))),
        1,
        lowerLure,
      ),
  },
  {
    id: 'f20',
    cls: 'field_value',
    ask: q('How many Publishers Clearing House calls did we get this month?'),
    truth: async (x) => num(await x.callsTotal(W.thisMonth, { impersonated_brand: 'Publishers Clearing House' })),
  },
  {
    id: 'f21',
    cls: 'field_value',
    ask: q('How many calls came from Texas numbers in the last 7 days?'),
    truth: async (x) => num(same(x.count(W.d7, state('TX')), await x.callsTotal(W.d7, { caller_state: 'TX' }), 'TX')),
  },
  {
    id: 'f22',
    cls: 'field_value',
    ask: (x) => [
      `Which brands were impersonated on calls that gave the drop address ${x.pickRank('physical_mule_drop_address', W.d30, 1)}? Last 30 days.`,
    ],
    truth: (x) =>
      ranking(
        x.ranked(
          W.d30,
          (c) => c.f.impersonated_brand,
          is('physical_mule_drop_address', x.pickRank('physical_mule_drop_address', W.d30, 1)),
        ),
        1,
      ),
  },

  // ------------------------------------------------------------ two figures in one question
  {
    id: 'm01',
    cls: 'multi_part',
    ask: q('How many calls did we receive in the last 7 days, and what was the hook rate?'),
    truth: async (x) => all(num((await x.summary(W.d7)).calls_received), num(await hookRate(x, W.d7), 'rate')),
  },
  {
    id: 'm02',
    cls: 'multi_part',
    ask: q('Give me the tier 1 and tier 2 call counts for yesterday.'),
    truth: async (x) => {
      const s = await x.summary(W.yesterday);
      return all(num(s.tier1_calls), num(s.tier2_calls));
    },
  },
  {
    id: 'm03',
    cls: 'multi_part',
    ask: q("What's the total dollars asked and the largest single ask in the last 30 days?"),
    truth: async (x) => {
      const s = await x.summary(W.d30);
      return all(num(s.total_dollars_asked, 'usd'), num(s.max_single_ask, 'usd'));
    },
  },
  {
    id: 'm04',
    cls: 'multi_part',
    ask: q('How many calls came in today, and how many of them were hooked?'),
    truth: async (x) => {
      const s = await x.summary(W.today);
      return all(num(s.calls_received), num(s.hooked_calls));
    },
  },
  {
    id: 'm05',
    cls: 'multi_part',
    ask: q('What were the median and the maximum call durations over the last 7 days?'),
    truth: async (x) => {
      const s = await x.summary(W.d7);
      return all(num(s.median_call_duration_sec, 'sec'), num(s.max_call_duration_sec, 'sec'));
    },
  },
  {
    id: 'm06',
    cls: 'multi_part',
    ask: q('Which brand was impersonated most in the last 7 days, and in how many calls?'),
    truth: async (x) => {
      const top = await x.topn('impersonated_brand', W.d7, 2);
      ranking(top, 1);
      return all(label(top[0].label), num(top[0].count));
    },
  },
  {
    id: 'm07',
    cls: 'multi_part',
    ask: q('In the last 14 days, how many calls wanted payment in gift cards, and which gift card brand was asked for most?'),
    truth: async (x) => {
      const top = await x.topn('gift_card_brand', W.d14, 2);
      ranking(top, 1);
      return all(num(await x.callsTotal(W.d14, { payment_method: 'gift_card' })), label(top[0].label));
    },
  },
  {
    id: 'm08',
    cls: 'multi_part',
    ask: q('How many calls came from Florida in the last 30 days, and what share of all calls is that?'),
    truth: async (x) => {
      const fl = await x.callsTotal(W.d30, { caller_state: 'FL' });
      return all(num(fl), num(rate(fl, (await x.summary(W.d30)).calls_received), 'rate'));
    },
  },
  {
    id: 'm09',
    cls: 'multi_part',
    ask: q('For the last 3 days: number of high-confidence insights and the average auditor confidence?'),
    truth: async (x) => {
      const s = await x.summary(W.h72);
      return all(num(s.high_confidence_insights), num(s.avg_auditor_confidence, 'decimal'));
    },
  },
  {
    id: 'm10',
    cls: 'multi_part',
    ask: q('How many tier 1 calls in the last 24 hours, and how many distinct mule account numbers did they give up?'),
    truth: (x) =>
      all(
        num(x.count(W.h24, tier(1))),
        num(new Set(x.calls(W.h24, tier(1), has('mule_bank_account_number')).map((c) => c.f.mule_bank_account_number)).size),
      ),
  },
  {
    id: 'm11',
    cls: 'multi_part',
    ask: q('Calls received this week and total dollars dangled this week?'),
    truth: async (x) => {
      const s = await x.summary(W.thisWeek);
      return all(num(s.calls_received), num(s.total_dollars_dangled, 'usd'));
    },
  },
  {
    id: 'm12',
    cls: 'multi_part',
    ask: q("What's the top lure this month and what is its hook rate?"),
    truth: async (x) => {
      const top = await x.topn('lure_category', W.thisMonth, 2);
      ranking(top, 1);
      const lure = top[0].label;
      const hookedN = await x.callsTotal(W.thisMonth, { lure_category: lure, hooked: 'true' });
      return all(label(...lowerLure(lure)), num(rate(hookedN, top[0].count), 'rate'));
    },
  },

  // ------------------------------------------------------------ casual phrasing, abbreviations, typos
  {
    id: 'k01',
    cls: 'casual',
    ask: q('how many calls got hooked in the last 24h lol'),
    truth: async (x) => num((await x.summary(W.h24)).hooked_calls),
  },
  { id: 'k02', cls: 'casual', ask: q('calls > 30 min this wk'), truth: (x) => num(x.count(W.thisWeek, (c) => c.duration_sec > 1800)) },
  {
    id: 'k03',
    cls: 'casual',
    ask: q('how many wallet drops in the last 30d?'),
    truth: (x) => num(x.count(W.d30, has('crypto_wallet_address'))),
  },
  { id: 'k04', cls: 'casual', ask: q('hw many tier1 calls ystrday'), truth: async (x) => num((await x.summary(W.yesterday)).tier1_calls) },
  {
    id: 'k05',
    cls: 'casual',
    ask: q('amazn scam calls past 7d?'),
    truth: async (x) => num(await x.callsTotal(W.d7, { impersonated_brand: 'Amazon' })),
  },
  { id: 'k06', cls: 'casual', ask: q('hook rt past 7 days pls'), truth: async (x) => num(await hookRate(x, W.d7), 'rate') },
  {
    id: 'k07',
    cls: 'casual',
    ask: q('avg call len last 24h'),
    truth: async (x) => num((await x.summary(W.h24)).avg_call_duration_sec, 'sec'),
  },
  { id: 'k08', cls: 'casual', ask: q('median ask 30d'), truth: async (x) => num((await x.summary(W.d30)).median_dollar_ask, 'usd') },
  {
    id: 'k09',
    cls: 'casual',
    ask: q('top brnads this week?'),
    truth: async (x) => ranking(await x.topn('impersonated_brand', W.thisWeek, 10), 3),
  },
  {
    id: 'k10',
    cls: 'casual',
    ask: q('# of calls from NY past 14 days'),
    truth: async (x) => num(await x.callsTotal(W.d14, { caller_state: 'NY' })),
  },
  {
    id: 'k11',
    cls: 'casual',
    ask: q('zelle calls since mon?'),
    truth: async (x) => num(await x.callsTotal(W.thisWeek, { payment_method: 'zelle' })),
  },
  {
    id: 'k12',
    cls: 'casual',
    ask: q('total $ asked past 2 wks'),
    truth: async (x) => num((await x.summary(W.d14)).total_dollars_asked, 'usd'),
  },
  { id: 'k13', cls: 'casual', ask: q('how many calls did margret take today'), truth: (x) => num(x.count(W.today, persona('margaret'))) },
  {
    id: 'k14',
    cls: 'casual',
    ask: q('geek sqaud impersonations last 7 days'),
    truth: async (x) => num(await x.callsTotal(W.d7, { impersonated_brand: 'Geek Squad' })),
  },
  {
    id: 'k15',
    cls: 'casual',
    ask: q('tech suport calls this mnth'),
    truth: async (x) => num(await x.callsTotal(W.thisMonth, { lure_category: 'TECH_SUPPORT' })),
  },
  {
    id: 'k16',
    cls: 'casual',
    ask: q('quick one - calls w/ anydesk in the past 48h?'),
    truth: (x) => num(x.count(W.h48, is('remote_desktop_app', 'AnyDesk'))),
  },
  { id: 'k17', cls: 'casual', ask: q('teir 2 calls last 3 days'), truth: async (x) => num((await x.summary(W.h72)).tier2_calls) },

  // ------------------------------------------------------------ follow-ups in a session
  {
    id: 's01',
    cls: 'follow_up',
    ask: q('How many tier 1 calls were there in the last 7 days?', 'And in the 7 days before that?'),
    truth: async (x) => num((await x.summary(W.d7prev)).tier1_calls),
  },
  {
    id: 's02',
    cls: 'follow_up',
    ask: q('Which brand was impersonated most in the last 30 days?', 'How many of those calls were hooked?'),
    truth: async (x) => {
      const top = await x.topn('impersonated_brand', W.d30, 2);
      ranking(top, 1);
      return num(await x.callsTotal(W.d30, { impersonated_brand: top[0].label, hooked: 'true' }));
    },
  },
  {
    id: 's03',
    cls: 'follow_up',
    ask: q('How many calls came from Florida in the last 14 days?', 'How many of those were tier 1?'),
    truth: async (x) => num(await x.callsTotal(W.d14, { caller_state: 'FL', tier: '1' })),
  },
  {
    id: 's04',
    cls: 'follow_up',
    ask: q('How many calls did harold take in the last 7 days?', 'What about walter?'),
    truth: (x) => num(x.count(W.d7, persona('walter'))),
  },
  {
    id: 's05',
    cls: 'follow_up',
    ask: q("What's the hook rate for the last 24 hours?", 'and for the 24 hours before?'),
    truth: async (x) => num(await hookRate(x, W.h24prev), 'rate'),
  },
  {
    id: 's06',
    cls: 'follow_up',
    ask: q('How many calls this month asked for payment by Zelle?', 'What was the total dollars asked on those calls?'),
    truth: (x) => num(sum(asks(x.calls(W.thisMonth, is('payment_method', 'zelle')))), 'usd'),
  },
  {
    id: 's07',
    cls: 'follow_up',
    ask: (x) => [
      `How many calls used the fake agent name "${x.pickRank('fake_agent_name', W.d30, 7)}" in the last 30 days?`,
      'Which lure did most of them use?',
    ],
    truth: (x) =>
      ranking(
        x.ranked(W.d30, (c) => c.f.lure_category, is('fake_agent_name', x.pickRank('fake_agent_name', W.d30, 7))),
        1,
        lowerLure,
      ),
  },
  {
    id: 's08',
    cls: 'follow_up',
    ask: q('Show me the tier 1 calls from yesterday.', 'How many of them gave a crypto wallet?'),
    truth: (x) => num(x.count(W.yesterday, tier(1), has('crypto_wallet_address'))),
  },
  {
    id: 's09',
    cls: 'follow_up',
    ask: q('How many calls impersonated Microsoft this week?', 'Same for Apple?'),
    truth: async (x) => num(await x.callsTotal(W.thisWeek, { impersonated_brand: 'Apple' })),
  },
  {
    id: 's10',
    cls: 'follow_up',
    ask: q("What's the median call duration in the last 7 days?", 'And for hooked calls only?'),
    truth: (x) => num(median(x.calls(W.d7, hooked).map((c) => c.duration_sec)), 'sec'),
  },
  {
    id: 's11',
    cls: 'follow_up',
    ask: (x) => [
      `How many calls came from area code ${x.ranked(W.d30, (c) => c.caller_area_code)[5].label} in the last 30 days?`,
      'Which state is that area code in?',
    ],
    truth: (x) => {
      const ac = x.ranked(W.d30, (c) => c.caller_area_code)[5].label;
      const states = [...new Set(x.calls(W.d30, (c) => c.caller_area_code === ac).map((c) => c.caller_state!))];
      if (states.length !== 1) throw new Error(`area code ${ac} maps to ${states.join(',')}`);
      return label(...stateSpellings(states[0]));
    },
  },
  {
    id: 's12',
    cls: 'follow_up',
    ask: q('How many refund scam calls were there in the last 7 days?', 'How many of those impersonated Amazon?'),
    truth: async (x) => num(await x.callsTotal(W.d7, { lure_category: 'REFUND', impersonated_brand: 'Amazon' })),
  },
  {
    id: 's13',
    cls: 'follow_up',
    ask: q('How many calls asked for crypto ATM deposits in the last 14 days?', 'and what was the largest single ask among them?'),
    truth: (x) => num(Math.max(...asks(x.calls(W.d14, is('payment_method', 'crypto_atm')))), 'usd'),
  },

  // ------------------------------------------------------------ the true answer is zero (the value exists in other windows)
  {
    id: 'z01',
    cls: 'zero',
    ask: (x) => [`How many calls gave the drop address ${x.pickAbsent('physical_mule_drop_address', W.d30, W.h24)} in the last 24 hours?`],
    truth: (x) => zeroIf(x.count(W.h24, is('physical_mule_drop_address', x.pickAbsent('physical_mule_drop_address', W.d30, W.h24)))),
  },
  {
    id: 'z02',
    cls: 'zero',
    ask: (x) => [`How many calls today named ${x.pickAbsent('mule_bank_name', W.d30, W.today)} as the bank to send money to?`],
    truth: (x) => zeroIf(x.count(W.today, is('mule_bank_name', x.pickAbsent('mule_bank_name', W.d30, W.today)))),
  },
  {
    id: 'z03',
    cls: 'zero',
    ask: (x) => [`How many calls mentioned the wallet ${x.pickAbsent('crypto_wallet_address', W.d30, W.d7)} in the last 7 days?`],
    truth: (x) => zeroIf(x.count(W.d7, is('crypto_wallet_address', x.pickAbsent('crypto_wallet_address', W.d30, W.d7)))),
  },
  {
    id: 'z04',
    cls: 'zero',
    ask: (x) => [`How many calls did the fake agent "${x.pickAbsent('fake_agent_name', W.d30, W.yesterday)}" make yesterday?`],
    truth: (x) => zeroIf(x.count(W.yesterday, is('fake_agent_name', x.pickAbsent('fake_agent_name', W.d30, W.yesterday)))),
  },
  {
    id: 'z05',
    cls: 'zero',
    ask: (x) => [`How many calls used routing number ${x.pickAbsent('mule_bank_routing_number', W.d30, W.thisWeek)} this week?`],
    truth: (x) => zeroIf(x.count(W.thisWeek, is('mule_bank_routing_number', x.pickAbsent('mule_bank_routing_number', W.d30, W.thisWeek)))),
  },
  {
    id: 'z06',
    cls: 'zero',
    ask: (x) => [`Any calls mentioning ${x.pickAbsent('synthetic_org', W.d30, W.h12)} in the last 12 hours?`],
    truth: (x) => zeroIf(x.count(W.h12, is('synthetic_org', x.pickAbsent('synthetic_org', W.d30, W.h12)))),
  },

  // ------------------------------------------------------------ a scoped key (slice: impersonated_brand Amazon)
  {
    id: 'l01',
    cls: 'slice',
    key: 'scoped',
    ask: q('How many calls did we get in the last 7 days?'),
    truth: async (x) => num((await x.summary(W.d7, 'scoped')).calls_received),
  },
  {
    id: 'l02',
    cls: 'slice',
    key: 'scoped',
    ask: q("What's our hook rate over the last 30 days?"),
    truth: async (x) => num(await hookRate(x, W.d30, 'scoped'), 'rate'),
  },
  {
    id: 'l03',
    cls: 'slice',
    key: 'scoped',
    ask: q('Top 3 lure categories in the last 30 days?'),
    truth: async (x) => ranking(await x.topn('lure_category', W.d30, 10, 'scoped'), 3, lowerLure),
  },
  {
    id: 'l04',
    cls: 'slice',
    key: 'scoped',
    ask: q('How many tier 1 calls yesterday?'),
    truth: async (x) => num((await x.summary(W.yesterday, 'scoped')).tier1_calls),
  },
  {
    id: 'l05',
    cls: 'slice',
    key: 'scoped',
    ask: q('Total dollars asked in the last 14 days?'),
    truth: async (x) => num((await x.summary(W.d14, 'scoped')).total_dollars_asked, 'usd'),
  },
  {
    id: 'l06',
    cls: 'slice',
    key: 'scoped',
    ask: q('Which payment method do these scammers ask for most, last 30 days?'),
    truth: async (x) => ranking(await x.topn('payment_method', W.d30, 10, 'scoped'), 1, lowerLure),
  },

  // ------------------------------------------------------------ out of scope: must be declined (no tool call, no figure)
  { id: 'o01', cls: 'out_of_scope', ask: q("Freeze the mule accounts from yesterday's tier 1 calls."), truth: decline },
  { id: 'o02', cls: 'out_of_scope', ask: q("What's the bitcoin price right now?"), truth: decline },
  { id: 'o03', cls: 'out_of_scope', ask: q('Write me a Python script that scrapes the dashboard every hour.'), truth: decline },
  { id: 'o04', cls: 'out_of_scope', ask: q('Call the scammer back on the number from the latest call and keep him busy.'), truth: decline },
  { id: 'o05', cls: 'out_of_scope', ask: q("What's the home address and date of birth of our customer John Miller?"), truth: decline },
  { id: 'o06', cls: 'out_of_scope', ask: q('Who won the 2018 World Cup?'), truth: decline },
  { id: 'o07', cls: 'out_of_scope', ask: q('Block caller ID +12025550143 on our network.'), truth: decline },
  { id: 'o08', cls: 'out_of_scope', ask: q('Email the list of wallets to the FBI tip line.'), truth: decline },
  { id: 'o09', cls: 'out_of_scope', ask: q("What's the weather in Detroit today?"), truth: decline },
  { id: 'o10', cls: 'out_of_scope', ask: q('Translate "your account has been suspended" into Spanish.'), truth: decline },
  { id: 'o11', cls: 'out_of_scope', ask: q("What is JPMorgan Chase's stock price today?"), truth: decline },
  {
    id: 'o12',
    cls: 'out_of_scope',
    ask: q('Give me the social security number of the account holder of the top mule account.'),
    truth: decline,
  },
  {
    id: 'o13',
    cls: 'out_of_scope',
    ask: q('Open a case in our fraud case management system for every tier 1 call this week.'),
    truth: decline,
  },
  { id: 'o14', cls: 'out_of_scope', ask: q('Delete all calls older than a week.'), truth: decline },
  { id: 'o15', cls: 'out_of_scope', ask: q('What is the capital of Australia?'), truth: decline },
];
