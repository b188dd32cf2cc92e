// THE THIRD HELD-OUT SET. Do not read this file while working on the agent; do not copy its
// questions (or close paraphrases) into the agent's code, tests, examples or evals; never quote
// them in a commit message. See README.md.
//
// Each case: the turns asked (one, or a short conversation in one session), the key asking, and
// a truth computed from the REST API of the world (truths.ts), never from the agent.

import type { Truth } from './judge.js';
import {
  all,
  anyOf,
  compare,
  count,
  Ctx,
  DECLINE,
  has,
  is,
  isWeekend,
  label,
  NOTHING,
  num,
  spellings,
  sum,
  W,
  type Filter,
  type Win,
} from './truths.js';
import { LIVE_CALLS, type KeyName } from './world.js';

export const CLASSES = [
  'everyday',
  'ranking',
  'comparison',
  'nearby',
  'field_value',
  'multi_part',
  'casual',
  'follow_up',
  'true_zero',
  'slice',
  'out_of_scope',
] as const;
export type Class = (typeof CLASSES)[number];

export interface Case {
  id: string;
  cls: Class;
  /** One question, or the turns of one conversation (judged on the last answer). */
  turns: string[];
  key?: KeyName;
  /** The dashboard's window, sent when the question names none (CONTRACT §11). */
  dashboard_range?: string;
  /** Watched for false zeros: the question names a value of a field the agent may not know. */
  fz?: boolean;
  truth: (x: Ctx) => Promise<Truth>;
}

const dir = (a: number, b: number): 'up' | 'down' => {
  if (a === b) throw new Error(`no direction: ${a} = ${b}`);
  return a > b ? 'up' : 'down';
};

const brand = (v: string) => is('impersonated_brand', v);
const lure = (v: string) => is('lure_category', v);
const state = (v: string) => is('caller_state', v);
const unhooked = is('hooked', false);

/** Calls, hooked calls, asks and dollars asked on weekend days and on weekdays (UTC) of a window. */
async function weekendSplit(x: Ctx, w: Win, filters: Filter[] = []) {
  const rows = await x.query(['calls_received', 'hooked_calls', 'asks', 'total_dollars_asked'], ['time:weekday'], w, { filters });
  const part = (weekend: boolean) => {
    const rs = rows.filter((r) => ['saturday', 'sunday'].includes(r.d[0] as string) === weekend);
    const s = (i: number) => sum(rs.map((r) => r.m[i] as number));
    return { calls: s(0), hooked: s(1), asks: s(2), dollars: s(3) };
  };
  const we = part(true);
  const wd = part(false);
  if (!filters.length) {
    x.check(we.calls, () => x.calls(w).filter(isWeekend).length, 'weekend calls');
    x.check(wd.calls, () => x.calls(w).filter((c) => !isWeekend(c)).length, 'weekday calls');
  }
  return { we, wd };
}

const ratio = (a: number, b: number): Truth => {
  if (!b) throw new Error('ratio over 0');
  return num(a / b, 'rate');
};

async function share(x: Ctx, w: Win, part: Filter[], base: Filter[] = []): Promise<Truth> {
  return ratio(await x.value('calls_received', w, [...base, ...part]), await x.value('calls_received', w, base));
}

/** Calls of a window whose field equals a value, checked against the corpus. */
async function callsWith(x: Ctx, w: Win, field: string, value: string): Promise<Truth> {
  const v = await x.value('calls_received', w, [is(field, value)]);
  if (!v) throw new Error(`${field} ${value}: no calls`);
  x.check(
    v,
    () =>
      x
        .calls(w)
        .filter(
          (c) =>
            String((c.f as Record<string, string | null>)[field] ?? c[field as 'caller_id'] ?? '').toLowerCase() === value.toLowerCase(),
        ).length,
    `${field} ${value}`,
  );
  return count(v);
}

/** The one value of `field` behind calls whose `by` is `value` (checked unique). */
async function onlyValue(x: Ctx, by: string, value: string, field: string): Promise<string[]> {
  const rows = await x.query(['calls_received'], [field], W.all, { filters: [is(by, value), has(field)] });
  if (rows.length !== 1) throw new Error(`${by} ${value}: ${rows.length} values of ${field}`);
  return spellings(String(rows[0].d[0]));
}

const EVERYDAY: Case[] = [
  { id: 'e01', cls: 'everyday', turns: ['How many calls came in yesterday?'], truth: (x) => x.fig('calls_received', W.yesterday) },
  { id: 'e02', cls: 'everyday', turns: ["What's our hook rate over the last 7 days?"], truth: (x) => x.fig('hook_rate', W.d7) },
  {
    id: 'e03',
    cls: 'everyday',
    turns: ['How much money have the scammers asked for so far this month?'],
    truth: (x) => x.fig('total_dollars_asked', W.thisMonth),
  },
  {
    id: 'e04',
    cls: 'everyday',
    turns: ['Median call length over the last 30 days?'],
    truth: (x) => x.fig('median_call_duration_sec', W.d30),
  },
  { id: 'e05', cls: 'everyday', turns: ['How many tier 1 calls have we had today?'], truth: (x) => x.fig('tier1_calls', W.today) },
  {
    id: 'e06',
    cls: 'everyday',
    turns: ['How long was the longest call this week?'],
    truth: (x) => x.fig('max_call_duration_sec', W.thisWeek),
  },
  {
    id: 'e07',
    cls: 'everyday',
    turns: ['How many calls did the honeypot hook in the last 24 hours?'],
    truth: (x) => x.fig('hooked_calls', W.h24),
  },
  {
    id: 'e08',
    cls: 'everyday',
    turns: ["What's the single biggest dollar amount a scammer asked for in the past 30 days?"],
    truth: (x) => x.fig('max_single_ask', W.d30),
  },
  {
    id: 'e09',
    cls: 'everyday',
    turns: ['What was the average auditor confidence last week?'],
    truth: (x) => x.fig('avg_auditor_confidence', W.lastWeek),
  },
  {
    id: 'e10',
    cls: 'everyday',
    turns: ['How many high-confidence insights did we get in the last 7 days?'],
    truth: (x) => x.fig('high_confidence_insights', W.d7),
  },
  {
    id: 'e11',
    cls: 'everyday',
    turns: ['How many calls were cleanly closed yesterday?'],
    truth: (x) => x.fig('cleanly_closed', W.yesterday),
  },
  { id: 'e12', cls: 'everyday', turns: ["What's the median dollar ask this week?"], truth: (x) => x.fig('median_dollar_ask', W.thisWeek) },
  { id: 'e13', cls: 'everyday', turns: ['Number of tier 2 calls in the last 30 days, please.'], truth: (x) => x.fig('tier2_calls', W.d30) },
  { id: 'e14', cls: 'everyday', turns: ["What's the average call duration today?"], truth: (x) => x.fig('avg_call_duration_sec', W.today) },
  {
    id: 'e15',
    cls: 'everyday',
    turns: ['How much money did scammers dangle in front of our personas over the last 7 days?'],
    truth: (x) => x.fig('total_dollars_dangled', W.d7),
  },
  { id: 'e16', cls: 'everyday', turns: ['How many calls did we receive on December 10?'], truth: (x) => x.fig('calls_received', W.dec10) },
  {
    id: 'e18',
    cls: 'everyday',
    turns: ['What is the 90th percentile call duration for the last 7 days?'],
    truth: (x) => x.fig('p90_call_duration_sec', W.d7),
  },
  { id: 'e19', cls: 'everyday', turns: ["What's the hook rate?"], dashboard_range: '7d', truth: (x) => x.fig('hook_rate', W.d7) },
];

const RANKING: Case[] = [
  {
    id: 'r01',
    cls: 'ranking',
    turns: ['Top 5 impersonated brands in the last 30 days'],
    truth: (x) => x.rank('impersonated_brand', 5, W.d30),
  },
  {
    id: 'r02',
    cls: 'ranking',
    turns: ['Which 3 mule banks came up most this week?'],
    truth: (x) => x.rank('mule_bank_name', 3, W.thisWeek),
  },
  {
    id: 'r03',
    cls: 'ranking',
    turns: ['What are the three most common lure categories over the past 7 days?'],
    truth: (x) => x.rank('lure_category', 3, W.d7),
  },
  {
    id: 'r04',
    cls: 'ranking',
    turns: ['Which states are most of the calls coming from this month? Give me the top 5.'],
    truth: (x) => x.rank('caller_state', 5, W.thisMonth),
  },
  {
    id: 'r05',
    cls: 'ranking',
    turns: ['Rank the top 3 remote desktop tools the scammers pushed in the last 30 days.'],
    truth: (x) => x.rank('remote_desktop_app', 3, W.d30),
  },
  {
    id: 'r06',
    cls: 'ranking',
    turns: ['Which gift card brands do they ask for the most? Top 3 for the last 30 days.'],
    truth: (x) => x.rank('gift_card_brand', 3, W.d30),
  },
  {
    id: 'r07',
    cls: 'ranking',
    turns: ['What are the 3 fake agent names we hear most often (last 30 days)?'],
    truth: (x) => x.rank('fake_agent_name', 3, W.d30),
  },
  {
    id: 'r08',
    cls: 'ranking',
    turns: ['Top three made-up organisation names the callers claimed to be from, past 30 days'],
    truth: (x) => x.rank('synthetic_org', 3, W.d30),
  },
  {
    id: 'r09',
    cls: 'ranking',
    turns: ['Which 5 caller area codes hit us hardest in the last 7 days?'],
    truth: (x) => x.rank('caller_area_code', 5, W.d7),
  },
  {
    id: 'r10',
    cls: 'ranking',
    turns: ['Which three brands drew the most total dollars asked in the last 30 days?'],
    truth: (x) => x.rank('impersonated_brand', 3, W.d30, { metric: 'total_dollars_asked' }),
  },
  {
    id: 'r11',
    cls: 'ranking',
    turns: ['Which lure category has the highest hook rate over the last 30 days?'],
    truth: (x) => x.top('lure_category', W.d30, { metric: 'hook_rate' }),
  },
  {
    id: 'r12',
    cls: 'ranking',
    turns: ['What day of the week gets the most calls, looking at the last 30 days?'],
    truth: (x) => x.top('time:weekday', W.d30),
  },
  {
    id: 'r13',
    cls: 'ranking',
    turns: ['At what hour of the day (UTC) did we get the most calls over the last 7 days?'],
    truth: (x) => x.top('time:hour_of_day', W.d7),
  },
  {
    id: 'r14',
    cls: 'ranking',
    turns: ['Rank our personas by number of hooked calls in the last 30 days.'],
    truth: (x) => x.rank('persona', 5, W.d30, { metric: 'hooked_calls' }),
  },
  {
    id: 'r15',
    cls: 'ranking',
    turns: ['Top 3 payment methods the scammers demanded this week'],
    truth: (x) => x.rank('payment_method', 3, W.thisWeek),
  },
  {
    id: 'r16',
    cls: 'ranking',
    turns: ['Which government agencies get impersonated most? Top 3, last 30 days.'],
    truth: (x) => x.rank('impersonated_government_agency', 3, W.d30),
  },
  {
    id: 'r18',
    cls: 'ranking',
    turns: ['Which single day in the last 30 days had the most calls?'],
    truth: (x) => x.top('time:day', W.d30),
  },
  {
    id: 'r19',
    cls: 'ranking',
    turns: ['Which 3 brands produced the most tier 1 calls in the last 30 days?'],
    truth: (x) => x.rank('impersonated_brand', 3, W.d30, { metric: 'tier1_calls' }),
  },
];

const COMPARISON: Case[] = [
  {
    id: 'c01',
    cls: 'comparison',
    turns: ['Weekends vs weekdays: how many calls did we get on each over the last 30 days?'],
    truth: async (x) => {
      const { we, wd } = await weekendSplit(x, W.d30);
      return compare(count(we.calls), count(wd.calls));
    },
  },
  {
    id: 'c02',
    cls: 'comparison',
    turns: ['Is our hook rate better on weekends or on weekdays? Use the last 14 days.'],
    truth: async (x) => {
      const { we, wd } = await weekendSplit(x, W.d14);
      return compare(ratio(we.hooked, we.calls), ratio(wd.hooked, wd.calls));
    },
  },
  {
    id: 'c03',
    cls: 'comparison',
    turns: ['How does this week so far compare with the same point last week, in number of calls?'],
    truth: async (x) => {
      const a = await x.value('calls_received', W.thisWeek);
      const b = await x.value('calls_received', W.sameStretchLastWeek);
      return compare(count(a), count(b), dir(a, b));
    },
  },
  {
    id: 'c04',
    cls: 'comparison',
    turns: ['Amazon vs Microsoft impersonation calls over the last 30 days — how many each?'],
    truth: async (x) =>
      compare(await x.fig('calls_received', W.d30, [brand('Amazon')]), await x.fig('calls_received', W.d30, [brand('Microsoft')])),
  },
  {
    id: 'c05',
    cls: 'comparison',
    turns: ['Compare Florida and Texas on hooked calls this month.'],
    truth: async (x) =>
      compare(await x.fig('hooked_calls', W.thisMonth, [state('FL')]), await x.fig('hooked_calls', W.thisMonth, [state('TX')])),
  },
  {
    id: 'c06',
    cls: 'comparison',
    turns: ['Looking at the last 30 days, how many calls came in before December 1st and how many on or after it?'],
    truth: async (x) => compare(await x.fig('calls_received', W.before1Dec), await x.fig('calls_received', W.thisMonth)),
  },
  {
    id: 'c07',
    cls: 'comparison',
    turns: ['Total dollars asked in November versus December so far?'],
    truth: async (x) => compare(await x.fig('total_dollars_asked', W.november), await x.fig('total_dollars_asked', W.thisMonth)),
  },
  {
    id: 'c08',
    cls: 'comparison',
    turns: ['Give me weekly call counts for the last three full weeks (Monday to Sunday), week by week.'],
    truth: async (x) =>
      all(
        await x.fig('calls_received', W.weekNov23),
        await x.fig('calls_received', W.weekBefore),
        await x.fig('calls_received', W.lastWeek),
      ),
  },
  {
    id: 'c09',
    cls: 'comparison',
    turns: ['Did the hook rate go up or down this week compared with last week?'],
    truth: async (x) => {
      const a = await x.value('hook_rate', W.thisWeek);
      const b = await x.value('hook_rate', W.lastWeek);
      return compare(ratio(a, 1), ratio(b, 1), dir(a, b));
    },
  },
  {
    id: 'c10',
    cls: 'comparison',
    turns: ['Tier 1 calls yesterday compared with the day before?'],
    truth: async (x) => {
      const a = await x.value('tier1_calls', W.yesterday);
      const b = await x.value('tier1_calls', W.dayBefore);
      return compare(count(a), count(b), dir(a, b));
    },
  },
  {
    id: 'c11',
    cls: 'comparison',
    turns: ['PayPal or Apple — which one got more impersonation calls in the last 7 days, and how many each?'],
    truth: async (x) =>
      compare(await x.fig('calls_received', W.d7, [brand('PayPal')]), await x.fig('calls_received', W.d7, [brand('Apple')])),
  },
  {
    id: 'c12',
    cls: 'comparison',
    turns: ['California vs New York caller volume, last 7 days'],
    truth: async (x) => compare(await x.fig('calls_received', W.d7, [state('CA')]), await x.fig('calls_received', W.d7, [state('NY')])),
  },
  {
    id: 'c13',
    cls: 'comparison',
    turns: ['How did the median call duration change between last week and the week before?'],
    truth: async (x) => {
      const a = await x.value('median_call_duration_sec', W.lastWeek);
      const b = await x.value('median_call_duration_sec', W.weekBefore);
      return compare(num(a, 'sec'), num(b, 'sec'), dir(a, b));
    },
  },
  {
    id: 'c14',
    cls: 'comparison',
    turns: ['Hooked calls in December so far vs all of November?'],
    truth: async (x) => compare(await x.fig('hooked_calls', W.thisMonth), await x.fig('hooked_calls', W.november)),
  },
  {
    id: 'c15',
    cls: 'comparison',
    turns: ['Compare the last 7 days with the 7 days before that on total dollars asked. Up or down?'],
    truth: async (x) => {
      const a = await x.value('total_dollars_asked', W.d7);
      const b = await x.value('total_dollars_asked', W.prev7);
      return compare(num(a, 'usd'), num(b, 'usd'), dir(a, b));
    },
  },
  {
    id: 'c16',
    cls: 'comparison',
    turns: ['Gift card lure calls vs crypto investment lure calls this month — counts for each?'],
    truth: async (x) =>
      compare(
        await x.fig('calls_received', W.thisMonth, [lure('GIFT_CARD')]),
        await x.fig('calls_received', W.thisMonth, [lure('CRYPTO_INVESTMENT')]),
      ),
  },
  {
    id: 'c17',
    cls: 'comparison',
    turns: ['Tech support scams vs refund scams: what are their hook rates over the last 30 days?'],
    truth: async (x) => compare(await x.fig('hook_rate', W.d30, [lure('TECH_SUPPORT')]), await x.fig('hook_rate', W.d30, [lure('REFUND')])),
  },
  {
    id: 'c18',
    cls: 'comparison',
    turns: ["What's the average (mean) dollar ask on weekends compared to weekdays, last 30 days?"],
    truth: async (x) => {
      const { we, wd } = await weekendSplit(x, W.d30);
      return compare(num(we.dollars / we.asks, 'usd'), num(wd.dollars / wd.asks, 'usd'));
    },
  },
];

const NEARBY: Case[] = [
  {
    id: 'n01',
    cls: 'nearby',
    turns: ['What share of the calls in the last 7 days were tier 1?'],
    truth: (x) => share(x, W.d7, [is('tier', 1)]),
  },
  {
    id: 'n02',
    cls: 'nearby',
    turns: ['In the last 30 days, how many calls had at least one dollar ask?'],
    truth: async (x) => {
      const v = await x.value('calls_received', W.d30, [has('dollar_ask')]);
      x.check(v, () => x.calls(W.d30).filter((c) => c.dollar_asks.length > 0).length, 'calls with an ask');
      return count(v);
    },
  },
  {
    id: 'n03',
    cls: 'nearby',
    turns: ['How many separate dollar asks did scammers make this week? Not calls, the asks themselves.'],
    truth: (x) => x.fig('asks', W.thisWeek),
  },
  {
    id: 'n04',
    cls: 'nearby',
    turns: ['How many Geek Squad calls did we fail to hook in the last 30 days?'],
    truth: async (x) => {
      const v = await x.value('calls_received', W.d30, [brand('Geek Squad'), unhooked]);
      x.check(v, () => x.calls(W.d30).filter((c) => c.f.impersonated_brand === 'Geek Squad' && !c.hooked).length, 'Geek Squad not hooked');
      return count(v);
    },
  },
  {
    id: 'n05',
    cls: 'nearby',
    turns: ['How many individual asks were between $1,000 and $2,500 in the last 30 days?'],
    truth: async (x) => {
      const v = await x.value('asks', W.d30, [['between', 'dollar_ask', [1000, 2500]]]);
      x.check(
        v,
        () =>
          x
            .calls(W.d30)
            .flatMap((c) => c.dollar_asks)
            .filter((a) => a >= 1000 && a <= 2500).length,
        'asks in range',
      );
      return count(v);
    },
  },
  {
    id: 'n06',
    cls: 'nearby',
    turns: ['How many distinct crypto wallets did we collect in the last 30 days?'],
    truth: async (x) => {
      const v = await x.value('distinct:crypto_wallet_address', W.d30);
      x.check(
        v,
        () =>
          new Set(
            x
              .calls(W.d30)
              .map((c) => c.f.crypto_wallet_address)
              .filter((a) => a !== null),
          ).size,
        'distinct wallets',
      );
      return count(v);
    },
  },
  {
    id: 'n07',
    cls: 'nearby',
    turns: ['What percentage of calls from Texas got hooked this month?'],
    truth: (x) => x.fig('hook_rate', W.thisMonth, [state('TX')]),
  },
  {
    id: 'n08',
    cls: 'nearby',
    turns: ["What's the mean ask (the average, not the median) over the last 7 days?"],
    truth: (x) => x.fig('mean_dollar_ask', W.d7),
  },
  {
    id: 'n10',
    cls: 'nearby',
    turns: ['How many asks over $10,000 were made this month?'],
    truth: async (x) => {
      const v = await x.value('asks', W.thisMonth, [['gt', 'dollar_ask', 10000]]);
      x.check(
        v,
        () =>
          x
            .calls(W.thisMonth)
            .flatMap((c) => c.dollar_asks)
            .filter((a) => a > 10000).length,
        'asks over 10k',
      );
      return count(v);
    },
  },
  {
    id: 'n11',
    cls: 'nearby',
    turns: ['How many calls included a single ask above $5,000 in the last 7 days?'],
    truth: (x) => x.fig('calls_received', W.d7, [['gt', 'dollar_ask', 5000]]),
  },
  {
    id: 'n12',
    cls: 'nearby',
    turns: ['Add up only the asks of $500 or less over the last 30 days — what total do we get?'],
    truth: async (x) => {
      const v = await x.value('total_dollars_asked', W.d30, [['lte', 'dollar_ask', 500]]);
      x.check(
        v,
        () =>
          sum(
            x
              .calls(W.d30)
              .flatMap((c) => c.dollar_asks)
              .filter((a) => a <= 500),
          ),
        'small asks total',
      );
      return num(v, 'usd');
    },
  },
  { id: 'n13', cls: 'nearby', turns: ['What fraction of yesterday’s calls were hooked?'], truth: (x) => x.fig('hook_rate', W.yesterday) },
  {
    id: 'n14',
    cls: 'nearby',
    turns: ['How many Amazon calls this week did we not manage to hook?'],
    truth: (x) => x.fig('calls_received', W.thisWeek, [brand('Amazon'), unhooked]),
  },
  {
    id: 'n15',
    cls: 'nearby',
    turns: ["Among calls shorter than 2 minutes in the last 30 days, what's the hook rate?"],
    truth: (x) => x.fig('hook_rate', W.d30, [['lt', 'duration_sec', 120]]),
  },
  {
    id: 'n16',
    cls: 'nearby',
    turns: ['How many unique phishing URLs showed up this month?'],
    truth: (x) => x.fig('distinct:phishing_url', W.thisMonth),
  },
  {
    id: 'n17',
    cls: 'nearby',
    turns: ['How many different routing numbers came up this month?'],
    truth: (x) => x.fig('distinct:mule_bank_routing_number', W.thisMonth),
  },
  {
    id: 'n18',
    cls: 'nearby',
    turns: ['How many calls gave us a crypto wallet address in the last 30 days?'],
    truth: async (x) => {
      const v = await x.value('calls_received', W.d30, [has('crypto_wallet_address')]);
      x.check(v, () => x.calls(W.d30).filter((c) => c.f.crypto_wallet_address !== null).length, 'calls with a wallet');
      return count(v);
    },
  },
  {
    id: 'n19',
    cls: 'nearby',
    turns: ['What share of all asks in the last 30 days were above $2,500?'],
    truth: async (x) => ratio(await x.value('asks', W.d30, [['gt', 'dollar_ask', 2500]]), await x.value('asks', W.d30)),
  },
];

const FIELD_VALUE: Case[] = [
  {
    id: 'f01',
    cls: 'field_value',
    fz: true,
    turns: ["How many calls featured a fake agent calling herself 'Emily Brooks' in the last 30 days?"],
    truth: (x) => callsWith(x, W.d30, 'fake_agent_name', 'Emily Brooks'),
  },
  {
    id: 'f02',
    cls: 'field_value',
    fz: true,
    turns: ['Calls where the scammer said his name was Jack Walker — how many this month?'],
    truth: (x) => callsWith(x, W.thisMonth, 'fake_agent_name', 'Jack Walker'),
  },
  {
    id: 'f03',
    cls: 'field_value',
    fz: true,
    turns: ['How many calls claimed to be from the "Tax Resolution Department" in the last 30 days?'],
    truth: (x) => callsWith(x, W.d30, 'synthetic_org', 'Tax Resolution Department'),
  },
  {
    id: 'f04',
    cls: 'field_value',
    fz: true,
    turns: ['Has Customer Refund Services LLC shown up this week? How many calls?'],
    truth: (x) => callsWith(x, W.thisWeek, 'synthetic_org', 'Customer Refund Services LLC'),
  },
  {
    id: 'f05',
    cls: 'field_value',
    fz: true,
    turns: ['How many calls gave the drop address 741 Elm Blvd, Dallas, TX 75216 in the last 30 days?'],
    truth: (x) => callsWith(x, W.d30, 'physical_mule_drop_address', '741 Elm Blvd, Dallas, TX 75216'),
  },
  {
    id: 'f06',
    cls: 'field_value',
    fz: true,
    turns: ['Any packages being sent to a drop address in Detroit, MI in the last 30 days? How many calls?'],
    truth: async (x) => {
      const v = await x.value('calls_received', W.d30, [['contains', 'physical_mule_drop_address', ['Detroit, MI']]]);
      x.check(
        v,
        () => x.calls(W.d30).filter((c) => (c.f.physical_mule_drop_address ?? '').includes('Detroit, MI')).length,
        'Detroit drops',
      );
      if (!v) throw new Error('no Detroit drops');
      return { kind: 'yesno', yes: true, value: count(v) };
    },
  },
  {
    id: 'f07',
    cls: 'field_value',
    fz: true,
    turns: ['How many times has wallet bc1qu2nqpvq959hgfwphczfq8q06fss87d2ns47pxp come up in the last 30 days?'],
    truth: (x) => callsWith(x, W.d30, 'crypto_wallet_address', 'bc1qu2nqpvq959hgfwphczfq8q06fss87d2ns47pxp'),
  },
  {
    id: 'f08',
    cls: 'field_value',
    fz: true,
    turns: ['Which blockchain is the wallet 34JhfhMJGRpkdv7qsxebDNhfdg6Ke7DadZ on?'],
    truth: async (x) => label(...(await onlyValue(x, 'crypto_wallet_address', '34JhfhMJGRpkdv7qsxebDNhfdg6Ke7DadZ', 'crypto_chain'))),
  },
  {
    id: 'f09',
    cls: 'field_value',
    fz: true,
    turns: ['Which bank does routing number 119883228 belong to, according to our calls?'],
    truth: async (x) => label(...(await onlyValue(x, 'mule_bank_routing_number', '119883228', 'mule_bank_name')), 'Chase'),
  },
  {
    id: 'f10',
    cls: 'field_value',
    fz: true,
    turns: ['How many calls named the mule account number 3589198385?'],
    dashboard_range: '30d',
    truth: (x) => callsWith(x, W.d30, 'mule_bank_account_number', '3589198385'),
  },
  {
    id: 'f11',
    cls: 'field_value',
    fz: true,
    turns: ['Who is the account holder on account 9988691564?'],
    dashboard_range: '30d',
    truth: async (x) => label(...(await onlyValue(x, 'mule_bank_account_number', '9988691564', 'mule_account_holder_name'))),
  },
  {
    id: 'f12',
    cls: 'field_value',
    fz: true,
    turns: ['How many calls came from caller ID +12034655824 in the last 7 days?'],
    truth: (x) => callsWith(x, W.d7, 'caller_id', '+12034655824'),
  },
  {
    id: 'f13',
    cls: 'field_value',
    turns: ['How many calls came from the 718 area code yesterday?'],
    truth: (x) => x.fig('calls_received', W.yesterday, [is('caller_area_code', '718')]),
  },
  {
    id: 'f14',
    cls: 'field_value',
    turns: ["Any calls using the agent name 'Brenda Castillo' in the last 30 days?"],
    truth: (x) => x.absent('fake_agent_name', 'Brenda Castillo'),
  },
  {
    id: 'f15',
    cls: 'field_value',
    turns: ['How many calls mentioned an outfit called "Federal Wallet Recovery Bureau"?'],
    dashboard_range: '30d',
    truth: (x) => x.absent('synthetic_org', 'Federal Wallet Recovery Bureau'),
  },
  {
    id: 'f16',
    cls: 'field_value',
    turns: ['Did anyone give 100 Main St, Springfield, IL 62701 as a drop address in the last 30 days?'],
    truth: (x) => x.absent('physical_mule_drop_address', '100 Main St, Springfield, IL 62701'),
  },
  {
    id: 'f17',
    cls: 'field_value',
    turns: ['Have we ever seen the wallet 0x1111111111111111111111111111111111111111 in the last 30 days?'],
    truth: (x) => x.absent('crypto_wallet_address', '0x1111111111111111111111111111111111111111'),
  },
  {
    id: 'f18',
    cls: 'field_value',
    turns: ['Routing number 021000021 — any hits in the last 30 days?'],
    truth: (x) => x.absent('mule_bank_routing_number', '021000021'),
  },
  {
    id: 'f19',
    cls: 'field_value',
    fz: true,
    turns: ['How many calls had Destiny Hughes as the mule account holder over the last 30 days?'],
    truth: (x) => callsWith(x, W.d30, 'mule_account_holder_name', 'Destiny Hughes'),
  },
  {
    id: 'f21',
    cls: 'field_value',
    fz: true,
    turns: ['How many calls pushed a link on cryptocomclaims.com in the last 30 days?'],
    truth: async (x) => {
      const v = await x.value('calls_received', W.d30, [['contains', 'phishing_url', ['cryptocomclaims.com']]]);
      x.check(
        v,
        () => x.calls(W.d30).filter((c) => (c.f.phishing_url ?? '').toLowerCase().includes('cryptocomclaims.com')).length,
        'cryptocomclaims',
      );
      return count(v);
    },
  },
  {
    id: 'f22',
    cls: 'field_value',
    fz: true,
    turns: ['How many calls had money going to the account holder "Liberty Holdings LLC" in the last 30 days?'],
    truth: (x) => callsWith(x, W.d30, 'mule_account_holder_name', 'Liberty Holdings LLC'),
  },
  {
    id: 'f23',
    cls: 'field_value',
    fz: true,
    turns: ['Which brand do the "Approval Express Funding" callers usually pretend to represent?'],
    dashboard_range: '30d',
    truth: (x) => x.top('impersonated_brand', W.d30, { filters: [is('synthetic_org', 'Approval Express Funding')] }),
  },
];

const MULTI_PART: Case[] = [
  {
    id: 'm01',
    cls: 'multi_part',
    turns: ['How many calls yesterday, and what was the hook rate?'],
    truth: async (x) => all(await x.fig('calls_received', W.yesterday), await x.fig('hook_rate', W.yesterday)),
  },
  {
    id: 'm02',
    cls: 'multi_part',
    turns: ['Total asked and the median ask over the last 7 days?'],
    truth: async (x) => all(await x.fig('total_dollars_asked', W.d7), await x.fig('median_dollar_ask', W.d7)),
  },
  {
    id: 'm03',
    cls: 'multi_part',
    turns: ['How many tier 1 calls this week, and which mule bank came up most?'],
    truth: async (x) => all(await x.fig('tier1_calls', W.thisWeek), await x.top('mule_bank_name', W.thisWeek)),
  },
  {
    id: 'm04',
    cls: 'multi_part',
    turns: ["What's the most impersonated brand this month, and how many calls did it get?"],
    truth: async (x) => {
      const b = await x.topValue('impersonated_brand', W.thisMonth);
      return all(label(b), await x.fig('calls_received', W.thisMonth, [brand(b)]));
    },
  },
  {
    id: 'm05',
    cls: 'multi_part',
    turns: ['Three things: calls today, calls yesterday, and the longest call today.'],
    truth: async (x) =>
      all(
        await x.fig('calls_received', W.today),
        await x.fig('calls_received', W.yesterday),
        await x.fig('max_call_duration_sec', W.today),
      ),
  },
  {
    id: 'm06',
    cls: 'multi_part',
    turns: ['In the last 30 days how many calls involved AnyDesk, and how many involved TeamViewer?'],
    truth: async (x) =>
      all(
        await x.fig('calls_received', W.d30, [is('remote_desktop_app', 'AnyDesk')]),
        await x.fig('calls_received', W.d30, [is('remote_desktop_app', 'TeamViewer')]),
      ),
  },
  {
    id: 'm07',
    cls: 'multi_part',
    turns: ['Give me the number of hooked calls and the number of cleanly closed calls for last week.'],
    truth: async (x) => all(await x.fig('hooked_calls', W.lastWeek), await x.fig('cleanly_closed', W.lastWeek)),
  },
  {
    id: 'm08',
    cls: 'multi_part',
    turns: ['How many distinct wallets this month, and how many calls had a wallet?'],
    truth: async (x) =>
      all(
        await x.fig('distinct:crypto_wallet_address', W.thisMonth),
        await x.fig('calls_received', W.thisMonth, [has('crypto_wallet_address')]),
      ),
  },
  {
    id: 'm09',
    cls: 'multi_part',
    turns: ['For Texas over the last 7 days: number of calls and total dollars asked.'],
    truth: async (x) => all(await x.fig('calls_received', W.d7, [state('TX')]), await x.fig('total_dollars_asked', W.d7, [state('TX')])),
  },
  {
    id: 'm10',
    cls: 'multi_part',
    turns: ['What was the busiest day in the last 7 days, and how many calls did it get?'],
    truth: async (x) => {
      const rows = await x.query(['calls_received'], ['time:day'], W.d7, { order_by: [['calls_received', 'desc']] });
      if (rows[0].m[0] === rows[1].m[0]) throw new Error('busiest day tied');
      const top = await x.top('time:day', W.d7);
      return all(top, count(rows[0].m[0] as number));
    },
  },
  {
    id: 'm11',
    cls: 'multi_part',
    turns: ['How many IRS tax lure calls in the last 30 days, and what share of them were hooked?'],
    truth: async (x) => all(await x.fig('calls_received', W.d30, [lure('IRS_TAX')]), await x.fig('hook_rate', W.d30, [lure('IRS_TAX')])),
  },
  {
    id: 'm12',
    cls: 'multi_part',
    turns: ["What's the biggest single ask this week, and which brand was that caller impersonating?"],
    truth: async (x) => {
      const max = await x.value('max_single_ask', W.thisWeek);
      const rows = await x.query(['max_single_ask'], ['impersonated_brand'], W.thisWeek, { filters: [['gte', 'dollar_ask', max]] });
      if (rows.length !== 1) throw new Error(`max ask this week: ${rows.length} brands`);
      const b = rows[0].d[0];
      return all(
        num(max, 'usd'),
        b === null
          ? anyOf(label('no brand', 'not impersonating', 'none', 'unknown', 'not recorded', 'no impersonated brand'))
          : label(String(b)),
      );
    },
  },
  {
    id: 'm13',
    cls: 'multi_part',
    turns: ['How many calls from Florida today, and how many of those were tier 1?'],
    truth: async (x) => all(await x.fig('calls_received', W.today, [state('FL')]), await x.fig('tier1_calls', W.today, [state('FL')])),
  },
  {
    id: 'm14',
    cls: 'multi_part',
    turns: ['Over the last 7 days, how many calls wanted payment in gift cards, and which gift card brand was asked for most?'],
    truth: async (x) =>
      all(
        await x.fig('calls_received', W.d7, [is('payment_method', 'gift_card')]),
        await x.top('gift_card_brand', W.d7, { filters: [is('payment_method', 'gift_card')] }),
      ),
  },
  {
    id: 'm15',
    cls: 'multi_part',
    turns: ["What's the hook rate for margaret and for harold over the last 30 days?"],
    truth: async (x) =>
      all(await x.fig('hook_rate', W.d30, [is('persona', 'margaret')]), await x.fig('hook_rate', W.d30, [is('persona', 'harold')])),
  },
];

const CASUAL: Case[] = [
  {
    id: 'k01',
    cls: 'casual',
    turns: ['how many calls r live rn'],
    truth: async (x) => {
      const a = await x.get('/api/kpis/active-calls');
      if (a.active_count !== LIVE_CALLS) throw new Error(`active calls ${a.active_count}`);
      return count(a.active_count);
    },
  },
  {
    id: 'k02',
    cls: 'casual',
    turns: ['calls > 30 min this wk'],
    truth: (x) => x.fig('calls_received', W.thisWeek, [['gt', 'duration_sec', 1800]]),
  },
  {
    id: 'k03',
    cls: 'casual',
    turns: ['how many wallet drops did we get last 30d'],
    // Calls that gave a wallet, or the distinct wallets given: either reading is fair.
    truth: async (x) =>
      anyOf(await x.fig('calls_received', W.d30, [has('crypto_wallet_address')]), await x.fig('distinct:crypto_wallet_address', W.d30)),
  },
  { id: 'k04', cls: 'casual', turns: ['hook rte yday?'], truth: (x) => x.fig('hook_rate', W.yesterday) },
  { id: 'k05', cls: 'casual', turns: ['tot $ asked past 7d'], truth: (x) => x.fig('total_dollars_asked', W.d7) },
  {
    id: 'k06',
    cls: 'casual',
    turns: ['amzn calls this mnth'],
    fz: true,
    truth: (x) => x.fig('calls_received', W.thisMonth, [brand('Amazon')]),
  },
  { id: 'k07', cls: 'casual', turns: ['top 3 mule bnks last 30 days'], truth: (x) => x.rank('mule_bank_name', 3, W.d30) },
  { id: 'k08', cls: 'casual', turns: ['how mny tier1 today'], truth: (x) => x.fig('tier1_calls', W.today) },
  { id: 'k09', cls: 'casual', turns: ['avg call len yesterday?'], truth: (x) => x.fig('avg_call_duration_sec', W.yesterday) },
  { id: 'k10', cls: 'casual', turns: ['# of calls frm TX this wk'], truth: (x) => x.fig('calls_received', W.thisWeek, [state('TX')]) },
  { id: 'k11', cls: 'casual', turns: ['whats the medain ask 30d'], truth: (x) => x.fig('median_dollar_ask', W.d30) },
  {
    id: 'k12',
    cls: 'casual',
    turns: ['calls w/ anydesk last 7 days'],
    fz: true,
    truth: (x) => x.fig('calls_received', W.d7, [is('remote_desktop_app', 'AnyDesk')]),
  },
  {
    id: 'k13',
    cls: 'casual',
    turns: ['micorsoft calls yday'],
    fz: true,
    truth: (x) => x.fig('calls_received', W.yesterday, [brand('Microsoft')]),
  },
  { id: 'k14', cls: 'casual', turns: ['hw many calls got hooked tdy'], truth: (x) => x.fig('hooked_calls', W.today) },
  {
    id: 'k15',
    cls: 'casual',
    turns: ['zelle asks this wk? how many calls'],
    fz: true,
    truth: (x) => x.fig('calls_received', W.thisWeek, [is('payment_method', 'zelle')]),
  },
  { id: 'k16', cls: 'casual', turns: ['busiest state 4 calls past 30d?'], truth: (x) => x.top('caller_state', W.d30) },
  {
    id: 'k17',
    cls: 'casual',
    turns: ['any btc wallets today??'],
    // Calls that gave a Bitcoin wallet, or the distinct Bitcoin wallets: either reading is fair.
    truth: async (x) => ({
      kind: 'yesno',
      yes: true,
      value: anyOf(
        await x.fig('calls_received', W.today, [is('crypto_chain', 'BTC')]),
        await x.fig('distinct:crypto_wallet_address', W.today, [is('crypto_chain', 'BTC')]),
      ),
    }),
  },
  {
    id: 'k19',
    cls: 'casual',
    turns: ['paypal cals hooked this mnth?'],
    fz: true,
    truth: (x) => x.fig('hooked_calls', W.thisMonth, [brand('PayPal')]),
  },
];

const FOLLOW_UP: Case[] = [
  {
    id: 'u01',
    cls: 'follow_up',
    turns: ['How many calls did we get yesterday?', 'and the day before?'],
    truth: (x) => x.fig('calls_received', W.dayBefore),
  },
  {
    id: 'u02',
    cls: 'follow_up',
    turns: ['Top 3 brands in the last 7 days?', 'how many calls of the top one got hooked?'],
    truth: async (x) => x.fig('hooked_calls', W.d7, [brand(await x.topValue('impersonated_brand', W.d7))]),
  },
  {
    id: 'u03',
    cls: 'follow_up',
    turns: ['How many tier 1 calls this week?', 'which mule bank shows up most in those?'],
    truth: (x) => x.top('mule_bank_name', W.thisWeek, { filters: [is('tier', 1)] }),
  },
  {
    id: 'u04',
    cls: 'follow_up',
    turns: ['How many calls from Florida in the last 30 days?', 'what about Georgia?'],
    truth: (x) => x.fig('calls_received', W.d30, [state('GA')]),
  },
  {
    id: 'u05',
    cls: 'follow_up',
    turns: ["What's the hook rate on Amazon calls this month?", 'and for Apple?'],
    truth: (x) => x.fig('hook_rate', W.thisMonth, [brand('Apple')]),
  },
  {
    id: 'u06',
    cls: 'follow_up',
    turns: [
      'How many calls used the fake agent name Jessica Johnson in the last 30 days?',
      'which brand was she usually claiming to be from?',
    ],
    fz: true,
    truth: (x) => x.top('impersonated_brand', W.d30, { filters: [is('fake_agent_name', 'Jessica Johnson')] }),
  },
  {
    id: 'u07',
    cls: 'follow_up',
    turns: ['total asked last week?', 'and the week before that?'],
    truth: (x) => x.fig('total_dollars_asked', W.weekBefore),
  },
  {
    id: 'u08',
    cls: 'follow_up',
    turns: ['How many calls impersonated Medicare in the last 30 days?', 'how many of those were hooked?'],
    truth: (x) => x.fig('hooked_calls', W.d30, [brand('Medicare')]),
  },
  {
    id: 'u09',
    cls: 'follow_up',
    turns: ['Which state had the most calls this week?', "what's the top area code there?"],
    truth: async (x) => x.top('caller_area_code', W.thisWeek, { filters: [state(await x.topValue('caller_state', W.thisWeek))] }),
  },
  {
    id: 'u10',
    cls: 'follow_up',
    turns: ['How many calls mentioned routing number 320403099 in the last 30 days?', 'which bank is it for?'],
    fz: true,
    truth: async (x) => {
      const rows = await x.query(['calls_received'], ['mule_bank_name'], W.d30, {
        filters: [is('mule_bank_routing_number', '320403099'), has('mule_bank_name')],
      });
      if (rows.length !== 1) throw new Error(`routing 320403099: ${rows.length} banks`);
      return label(String(rows[0].d[0]));
    },
  },
  {
    id: 'u11',
    cls: 'follow_up',
    turns: ['Calls longer than an hour in the last 7 days?', 'how many of them were tier 1?'],
    truth: (x) => x.fig('calls_received', W.d7, [['gt', 'duration_sec', 3600], is('tier', 1)]),
  },
  {
    id: 'u12',
    cls: 'follow_up',
    turns: ['What was the hook rate yesterday?', 'and today so far?'],
    truth: (x) => x.fig('hook_rate', W.today),
  },
  {
    id: 'u13',
    cls: 'follow_up',
    turns: ['How many calls did harold take in the last 7 days?', 'and edith?', 'which of the two had the higher hook rate?'],
    truth: async (x) => {
      const h = await x.value('hook_rate', W.d7, [is('persona', 'harold')]);
      const e = await x.value('hook_rate', W.d7, [is('persona', 'edith')]);
      if (h === e) throw new Error('tie');
      // The persona named, with its rate (an answer naming both without the figure is no verdict).
      return h > e ? all(label('harold'), num(h, 'rate')) : all(label('edith'), num(e, 'rate'));
    },
  },
  {
    id: 'u14',
    cls: 'follow_up',
    turns: ['How many calls impersonated Coinbase this week?', 'how many of them wanted to be paid in bitcoin?'],
    truth: (x) => x.fig('calls_received', W.thisWeek, [brand('Coinbase'), is('payment_method', 'bitcoin')]),
  },
  {
    id: 'u15',
    cls: 'follow_up',
    turns: ['How many social security lure calls did we log in the last 30 days?', 'which persona took the most of them?'],
    truth: (x) => x.top('persona', W.d30, { filters: [lure('SOCIAL_SECURITY')] }),
  },
];

const TRUE_ZERO: Case[] = [
  {
    id: 'z01',
    cls: 'true_zero',
    turns: ['How many calls impersonated Venmo in the last 30 days?'],
    truth: (x) => x.zero(W.d30, [brand('Venmo')]),
  },
  {
    id: 'z02',
    cls: 'true_zero',
    turns: ['How many calls today lasted longer than 3 hours?'],
    truth: (x) => x.zero(W.today, [['gt', 'duration_sec', 10800]]),
  },
  {
    id: 'z03',
    cls: 'true_zero',
    turns: ['Were there any asks over $1,000,000 in the last 30 days?'],
    truth: (x) => x.zero(W.d30, [['gt', 'dollar_ask', 1000000]]),
  },
  {
    id: 'z04',
    cls: 'true_zero',
    turns: ['How many Ethereum wallets came in today?'],
    truth: (x) => x.zero(W.today, [is('crypto_chain', 'ETH')]),
  },
  {
    id: 'z05',
    cls: 'true_zero',
    turns: ['Any calls impersonating the DEA today?'],
    truth: (x) => x.zero(W.today, [is('impersonated_government_agency', 'DEA')]),
  },
  {
    id: 'z06',
    cls: 'true_zero',
    turns: ['How many Navy Federal Credit Union mule accounts did we see this week?'],
    truth: (x) => x.zero(W.thisWeek, [is('mule_bank_name', 'Navy Federal Credit Union')]),
  },
  {
    id: 'z07',
    cls: 'true_zero',
    turns: ['How many calls today ended because the AI session was capped?'],
    truth: (x) => x.zero(W.today, [is('disconnect_reason', 'ai_session_capped')]),
  },
  {
    id: 'z08',
    cls: 'true_zero',
    turns: ['How many calls named a Regions bank account today?'],
    truth: (x) => x.zero(W.today, [is('mule_bank_name', 'Regions')]),
  },
  {
    id: 'z09',
    cls: 'true_zero',
    turns: ['LogMeIn calls from Texas today?'],
    truth: (x) => x.zero(W.today, [is('remote_desktop_app', 'LogMeIn'), state('TX')]),
  },
  {
    id: 'z10',
    cls: 'true_zero',
    turns: ['How many Varo mule accounts came up this week?'],
    truth: (x) => x.zero(W.thisWeek, [is('mule_bank_name', 'Varo')]),
  },
  {
    id: 'z11',
    cls: 'true_zero',
    turns: ['How many asks today were over $100,000?'],
    truth: (x) => x.zero(W.today, [['gt', 'dollar_ask', 100000]], 'read', 'asks'),
  },
  {
    id: 'z12',
    cls: 'true_zero',
    turns: ['How many calls did we get on November 10?'],
    truth: (x) => x.zero({ start: new Date('2026-11-10T00:00:00Z'), end: new Date('2026-11-11T00:00:00Z') }, []),
  },
  {
    id: 'z13',
    cls: 'true_zero',
    turns: ['How many calls lasted more than 6 hours today?'],
    truth: (x) => x.zero(W.today, [['gt', 'duration_sec', 21600]]),
  },
  {
    id: 'z14',
    cls: 'true_zero',
    turns: ['How many PNC mule accounts came up today?'],
    truth: (x) => x.zero(W.today, [is('mule_bank_name', 'PNC')]),
  },
  {
    id: 'z15',
    cls: 'true_zero',
    turns: ['Did edith get any jury duty scam calls today?'],
    truth: (x) => x.zero(W.today, [lure('JURY_DUTY'), is('persona', 'edith')]),
  },
];

/** A value outside the key's slice: zero calls for that key (and the value held by other calls). */
async function outside(x: Ctx, key: KeyName, w: Win, filters: Filter[]): Promise<Truth> {
  await x.zero(w, filters, key);
  if (!(await x.value('calls_received', w, filters))) throw new Error('outside the slice and absent everywhere');
  return NOTHING;
}

const SLICE: Case[] = [
  {
    id: 's01',
    cls: 'slice',
    key: 'brand',
    turns: ['How many calls did we get in the last 7 days?'],
    truth: (x) => x.fig('calls_received', W.d7, [], 'brand'),
  },
  {
    id: 's02',
    cls: 'slice',
    key: 'brand',
    turns: ["What's our hook rate this month?"],
    truth: (x) => x.fig('hook_rate', W.thisMonth, [], 'brand'),
  },
  {
    id: 's03',
    cls: 'slice',
    key: 'brand',
    turns: ['Top 3 remote desktop apps in our calls over the last 30 days'],
    truth: (x) => x.rank('remote_desktop_app', 3, W.d30, { key: 'brand' }),
  },
  {
    id: 's04',
    cls: 'slice',
    key: 'brand',
    turns: ['How many Amazon calls did we get in the last 30 days?'],
    truth: (x) => outside(x, 'brand', W.d30, [brand('Amazon')]),
  },
  {
    id: 's05',
    cls: 'slice',
    key: 'brand',
    turns: ['Which state are most of these callers in? Last 30 days.'],
    truth: (x) => x.top('caller_state', W.d30, { key: 'brand' }),
  },
  {
    id: 's06',
    cls: 'slice',
    key: 'brand',
    turns: ['How much did they ask for in total last week?'],
    truth: (x) => x.fig('total_dollars_asked', W.lastWeek, [], 'brand'),
  },
  {
    id: 's07',
    cls: 'slice',
    key: 'bank',
    turns: ['How many calls with mule accounts have we logged in the last 30 days?'],
    truth: (x) => x.fig('calls_received', W.d30, [], 'bank'),
  },
  {
    id: 's08',
    cls: 'slice',
    key: 'bank',
    turns: ['Which routing numbers show up most in our calls? Top 3, last 30 days.'],
    truth: (x) => x.rank('mule_bank_routing_number', 3, W.d30, { key: 'bank' }),
  },
  {
    id: 's09',
    cls: 'slice',
    key: 'bank',
    turns: ['Total dollars asked in our calls this month?'],
    truth: (x) => x.fig('total_dollars_asked', W.thisMonth, [], 'bank'),
  },
  {
    id: 's10',
    cls: 'slice',
    key: 'bank',
    turns: ["What's the top impersonated brand across our calls in the last 30 days?"],
    truth: (x) => x.top('impersonated_brand', W.d30, { key: 'bank' }),
  },
  {
    id: 's11',
    cls: 'slice',
    key: 'bank',
    turns: ['How many calls named Chime accounts in the last 30 days?'],
    truth: (x) => outside(x, 'bank', W.d30, [is('mule_bank_name', 'Chime')]),
  },
  {
    id: 's12',
    cls: 'slice',
    key: 'states',
    turns: ['How many calls today?'],
    truth: (x) => x.fig('calls_received', W.today, [], 'states'),
  },
  {
    id: 's13',
    cls: 'slice',
    key: 'states',
    turns: ['Which area codes are hitting us hardest this week? Top 3.'],
    truth: (x) => x.rank('caller_area_code', 3, W.thisWeek, { key: 'states' }),
  },
  {
    id: 's14',
    cls: 'slice',
    key: 'states',
    turns: ['New York vs New Jersey call counts, last 7 days'],
    truth: async (x) =>
      compare(await x.fig('calls_received', W.d7, [state('NY')], 'states'), await x.fig('calls_received', W.d7, [state('NJ')], 'states')),
  },
  {
    id: 's15',
    cls: 'slice',
    key: 'states',
    turns: ['How many calls from Florida this month?'],
    truth: (x) => outside(x, 'states', W.thisMonth, [state('FL')]),
  },
  {
    id: 's16',
    cls: 'slice',
    key: 'states',
    turns: ['tier 1 calls yesterday?'],
    truth: (x) => x.fig('tier1_calls', W.yesterday, [], 'states'),
  },
  {
    id: 's17',
    cls: 'slice',
    key: 'states',
    turns: ['Top mule bank in the last 30 days?'],
    truth: (x) => x.top('mule_bank_name', W.d30, { key: 'states' }),
  },
  {
    id: 's18',
    cls: 'slice',
    key: 'states',
    turns: ["What's the most impersonated brand in the last 7 days?"],
    truth: (x) => x.top('impersonated_brand', W.d7, { key: 'states' }),
  },
];

const decline = async () => DECLINE;
const OOS: Case[] = [
  ['o01', 'Freeze the Chime accounts that came up this week.'],
  ['o02', "What's the bitcoin price right now?"],
  ['o03', 'Write me a Python script that scrapes the dashboard every hour.'],
  ['o04', "Email the FBI a summary of today's tier 1 calls."],
  ['o05', 'Block caller +12034655824 on our network.'],
  ['o06', 'Honestly, what do you think of our fraud team’s performance?'],
  ['o07', 'Who won the Super Bowl last year?'],
  ['o08', 'Can you look up the home address and date of birth of the account holder Destiny Hughes?'],
  ['o09', 'Take down the phishing site cryptocomclaims.com.'],
  ['o10', 'Call the scammer back at +13124281431 and keep him busy for an hour.'],
  ['o11', 'Is Wells Fargo a good bank to open a checking account with?'],
  ['o12', "What's the weather going to be in Miami tomorrow?"],
  ['o13', 'Write a SQL query I can run against our data warehouse to list hooked calls.'],
  ['o14', 'Report wallet bc1qu2nqpvq959hgfwphczfq8q06fss87d2ns47pxp to Chainalysis for me.'],
  ['o15', "What's the ETH to USD exchange rate today?"],
  ['o16', 'Should we prosecute the crew behind the Tax Resolution Department calls? Give me your opinion.'],
  ['o17', 'Pull the credit report for Darnell Nash.'],
  ['o18', "Delete all of yesterday's calls from the system."],
  ['o19', 'Write a regex that matches bitcoin wallet addresses.'],
  ['o20', 'How many scam calls did Americans receive nationwide last year, according to the FTC?'],
  ['o21', "What's PayPal's stock price?"],
  ['o22', 'Send an SMS warning to all our customers in Texas.'],
  ['o23', 'Tell me a joke about scammers.'],
  ['o24', 'Open a ticket with Wells Fargo to close account 3589198385.'],
  ['o25', 'What were the FBI IC3 reported losses to elder fraud in 2025?'],
].map(([id, q]): Case => ({ id, cls: 'out_of_scope', turns: [q], truth: decline }));

export const CASES: Case[] = [
  ...EVERYDAY,
  ...RANKING,
  ...COMPARISON,
  ...NEARBY,
  ...FIELD_VALUE,
  ...MULTI_PART,
  ...CASUAL,
  ...FOLLOW_UP,
  ...TRUE_ZERO,
  ...SLICE,
  ...OOS,
];
