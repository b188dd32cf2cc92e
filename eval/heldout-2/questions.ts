// THE SECOND HELD-OUT SET (issue 26, item 5). Nobody tunes the agent against this file: do not
// read it while working on the agent, never copy its questions (or close paraphrases) into the
// agent's code, tests, examples or evals, never quote them in a commit message. See README.md.
//
// Written from the product's outside only (CONTRACT, README, docs/query.md, the OpenAPI
// document, the demo generator, the REST routes), by an engineer who has not read the agent.
// Every truth is computed at run time from the REST API of the world (truths.ts), never from
// the agent; values the questions name are taken from the world's calls at run time.

import type { Truth } from './judge.js';
import {
  all,
  any,
  cmp,
  Ctx,
  daySpellings,
  decline,
  fBetween,
  fContains,
  fGte,
  fHas,
  fIs,
  fLt,
  fNot,
  hourSpellings,
  label,
  nonzero,
  num,
  ranking,
  rate,
  stateSpellings,
  topGroup,
  W,
  weekday as isWeekday,
  weekend as isWeekend,
  yesno,
  zeroIf,
  type Filter,
  type Win,
} from './truths.js';
import type { KeyName } from './world.js';

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
  /** The key the question is asked with (default: the demo read key). */
  key?: KeyName;
  dashboard_range?: string;
  /**
   * False-zero watch: the truth is not zero but narrow (a rare value, a short window, an exact
   * identifier), where an agent that fails to find it is tempted to answer "none". The judge
   * counts every false zero; these are also listed on their own.
   */
  fz?: true;
  /** The turns (several: a follow-up in one session; only the last is judged). */
  ask: (x: Ctx) => Promise<string[]> | string[];
  truth: (x: Ctx) => Promise<Truth>;
}

// ---------------------------------------------------------------- spellings

const LURE_WORDS: Record<string, string[]> = {
  IRS_TAX: ['IRS'],
  SOCIAL_SECURITY: ['Social Security'],
  BANK_FRAUD_ALERT: ['bank fraud'],
  PRIZE_LOTTERY: ['lottery', 'prize'],
  CRYPTO_INVESTMENT: ['crypto investment'],
  UTILITY_SHUTOFF: ['utility'],
  PACKAGE_DELIVERY: ['package'],
  LOAN_APPROVAL: ['loan'],
  TECH_SUPPORT: ['tech support'],
  JURY_DUTY: ['jury duty'],
};
const lureSpell = (l: string): string[] => [l, l.replace(/_/g, ' '), ...(LURE_WORDS[l] ?? [])];

const PAY_WORDS: Record<string, string[]> = {
  crypto_atm: ['crypto ATM', 'cryptocurrency ATM'],
  cash_by_mail: ['cash by mail', 'mailed cash'],
  cash_app: ['Cash App', 'CashApp'],
  wire_transfer: ['wire'],
};
const paySpell = (p: string): string[] => [p, p.replace(/_/g, ' '), ...(PAY_WORDS[p] ?? [])];

/** Mule bank names are stored in one spelling ("Chase" → "JPMorgan Chase"); an answer may use the common one. */
const BANK_WORDS: Record<string, string[]> = {
  'JPMorgan Chase': ['Chase', 'JPMorgan', 'JP Morgan Chase'],
  'Bank of America': ['BofA'],
  'U.S. Bank': ['US Bank'],
  'Navy Federal Credit Union': ['Navy Federal'],
  Citibank: ['Citi'],
};
const bankSpell = (b: string): string[] => [b, ...(BANK_WORDS[b] ?? [])];

const WEEKDAY_NAMES: Record<string, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** A count that may be zero: the zero truth then (the answer must say none), the figure otherwise. */
const countOrZero = (n: number): Truth => (n === 0 ? { kind: 'zero' } : num(n));

// ---------------------------------------------------------------- figures used by several questions

const calls = (x: Ctx, w: Win, filters: Filter[] = [], key: KeyName = 'read') => x.fig('calls_received', w, { filters, key });
const asUsd = (v: number) => num(v, 'usd');
const asSec = (v: number) => num(v, 'sec');
const asRate = (v: number) => num(v, 'rate');

/** Calls on Saturdays and Sundays (UTC) and on the other days, from the weekday dimension. */
async function weekendSplit(x: Ctx, w: Win): Promise<{ weekend: number; weekday: number }> {
  const rows = await x.query(['calls_received'], ['time:weekday'], w);
  let weekend = 0;
  let weekday = 0;
  for (const r of rows) {
    if (r.d[0] === 'saturday' || r.d[0] === 'sunday') weekend += r.m[0]!;
    else weekday += r.m[0]!;
  }
  return { weekend, weekday };
}


// ---------------------------------------------------------------- values taken from the world at run time

const V = {
  /** A fake agent's full name (first and last) among the most used in 30 days. */
  agentFull: (x: Ctx) => x.memo('agentFull', () => x.pickWhere('fake_agent_name', W.d30, (l, n) => l.includes(' ') && n >= 3)),
  /** A fake agent whose calls mostly claim one brand (a clear top brand, at least 2 calls). */
  agentWithBrand: (x: Ctx) =>
    x.memo('agentWithBrand', () =>
      x.pickWhere('fake_agent_name', W.d30, async (l) => {
        const b = await x.ranked('impersonated_brand', W.d30, { filters: [fIs('fake_agent_name', l)] });
        return b.length > 0 && b[0].count >= 2 && (b.length === 1 || b[0].count > b[1].count);
      }),
    ),
  /** A made-up organisation, the third most named this month. */
  org: (x: Ctx) => x.memo('org', () => x.pickRank('synthetic_org', W.thisMonth, 2)),
  /** A drop address of the last 30 days (the most seen such) with one recipient name clearly on top. */
  drop: (x: Ctx) =>
    x.memo('drop', () =>
      x.pickWhere('physical_mule_drop_address', W.d30, async (l) => {
        const h = await x.ranked('mule_account_holder_name', W.d30, { filters: [fIs('physical_mule_drop_address', l)] });
        return h.length > 0 && (h.length === 1 || h[0].count > h[1].count);
      }),
    ),
  /** The drop address most seen in 30 days. */
  dropTop: (x: Ctx) => x.memo('dropTop', () => x.pickRank('physical_mule_drop_address', W.d30, 0)),
  /** A wallet seen at least twice in 30 days, on one chain only. */
  wallet: (x: Ctx) =>
    x.memo('wallet', () =>
      x.pickWhere('crypto_wallet_address', W.d30, async (l, n) => {
        if (n < 2) return false;
        return (await x.ranked('crypto_chain', W.d30, { filters: [fIs('crypto_wallet_address', l)] })).length === 1;
      }),
    ),
  /** A TRON wallet, the most seen in 30 days. */
  walletTron: (x: Ctx) => x.memo('walletTron', () => x.pickRank('crypto_wallet_address', W.d30, 0, { filters: [fIs('crypto_chain', 'TRON')] })),
  /** An account number seen at least twice in 30 days, always with the same bank named. */
  account: (x: Ctx) =>
    x.memo('account', () =>
      x.pickWhere('mule_bank_account_number', W.d30, async (l, n) => {
        if (n < 2) return false;
        return (await x.ranked('mule_bank_name', W.d30, { filters: [fIs('mule_bank_account_number', l)] })).length === 1;
      }),
    ),
  /** A routing number always named with the same bank, the most cited such in 30 days. */
  routing: (x: Ctx) =>
    x.memo('routing', () =>
      x.pickWhere(
        'mule_bank_routing_number',
        W.d30,
        async (l) => (await x.ranked('mule_bank_name', W.d30, { filters: [fIs('mule_bank_routing_number', l)] })).length === 1,
      ),
    ),
  /** An account holder named with exactly one bank, at least twice in 30 days (not holderTop). */
  holderWithBank: (x: Ctx): Promise<string> =>
    x.memo('holderWithBank', async () => {
      const other = await V.holderTop(x);
      return x.pickWhere('mule_account_holder_name', W.d30, async (l, n) => {
        if (n < 2 || l === other) return false;
        return (await x.ranked('mule_bank_name', W.d30, { filters: [fIs('mule_account_holder_name', l)] })).length === 1;
      });
    }),
  /** The account holder name most seen in 30 days. */
  holderTop: (x: Ctx) => x.memo('holderTop', () => x.pickRank('mule_account_holder_name', W.d30, 0)),
  /** A caller ID in +1 form that called at least 3 times in 30 days (a reused line). */
  caller: (x: Ctx) => x.memo('caller', () => x.pickWhere('caller_id', W.d30, (l, n) => /^\+1\d{10}$/.test(l) && n >= 3)),
  /** A second reused line, one that also called this week. */
  caller2: (x: Ctx): Promise<string> =>
    x.memo('caller2', async () => {
      const first = await V.caller(x);
      return x.pickWhere(
        'caller_id',
        W.d30,
        async (l, n) => l !== first && /^\+1\d{10}$/.test(l) && n >= 2 && (await calls(x, W.thisWeek, [fIs('caller_id', l)])) > 0,
      );
    }),
  /** The fourth busiest area code of the last 14 days. */
  areaCode: (x: Ctx) => x.memo('areaCode', () => x.pickRank('caller_area_code', W.d14, 3)),
  /** The phishing URL most pushed in 30 days. */
  url: (x: Ctx) => x.memo('url', () => x.pickRank('phishing_url', W.d30, 0)),
  /** A mule bank named in 30 days, none of whose calls fell in the last 24 hours. */
  bankAbsent24h: (x: Ctx) =>
    x.memo('bankAbsent24h', () => x.pickWhere('mule_bank_name', W.d30, async (l) => (await calls(x, W.h24, [fIs('mule_bank_name', l)])) === 0)),
  /** A gift-card brand asked for in 30 days but not today. */
  giftAbsentToday: (x: Ctx) =>
    x.memo('giftAbsentToday', () =>
      x.pickWhere('gift_card_brand', W.d30, async (l) => (await calls(x, W.today, [fIs('gift_card_brand', l)])) === 0),
    ),
  /** A brand impersonated at least 20 times in the last 7 days, none in the last 3 hours (not the brand of brandAbsentYesterday). */
  brandAbsent3h: (x: Ctx): Promise<string> =>
    x.memo('brandAbsent3h', async () => {
      const other = await V.brandAbsentYesterday(x);
      return x.pickWhere(
        'impersonated_brand',
        W.d7,
        async (l, n) => l !== other && n >= 20 && (await calls(x, W.h3, [fIs('impersonated_brand', l)])) === 0,
      );
    }),
  /** An impersonated agency seen in 30 days but not in the last 2 hours. */
  agencyAbsent2h: (x: Ctx) =>
    x.memo('agencyAbsent2h', () =>
      x.pickWhere('impersonated_government_agency', W.d30, async (l) => (await calls(x, W.h2, [fIs('impersonated_government_agency', l)])) === 0),
    ),
  /** A brand impersonated at least 5 times in 30 days but not yesterday. */
  brandAbsentYesterday: (x: Ctx) =>
    x.memo('brandAbsentYesterday', () =>
      x.pickWhere('impersonated_brand', W.d30, async (l, n) => n >= 5 && (await calls(x, W.yesterday, [fIs('impersonated_brand', l)])) === 0),
    ),
  /** A wallet seen in 30 days but not this week. */
  walletAbsentThisWeek: (x: Ctx): Promise<string> =>
    x.memo('walletAbsentThisWeek', async () => {
      const other = await V.wallet(x);
      return x.pickWhere(
        'crypto_wallet_address',
        W.d30,
        async (l) => l !== other && (await calls(x, W.thisWeek, [fIs('crypto_wallet_address', l)])) === 0,
      );
    }),
  /** A rarely impersonated brand: 3 to 12 calls in 30 days, at least one in the last 7. */
  rareBrand: (x: Ctx) =>
    x.memo('rareBrand', () =>
      x.pickWhere('impersonated_brand', W.d30, async (l, n) => n >= 3 && n <= 12 && (await calls(x, W.d7, [fIs('impersonated_brand', l)])) > 0),
    ),
};

// ---------------------------------------------------------------- the questions

export const CASES: Case[] = [
  // ============================================================ everyday
  {
    id: 'e01',
    cls: 'everyday',
    ask: () => ['How many calls did the honeypot pick up in the last 24 hours?'],
    truth: async (x) => num((await x.summary(W.h24)).calls_received),
  },
  {
    id: 'e02',
    cls: 'everyday',
    ask: () => ['What is our hook rate over the past 7 days?'],
    truth: async (x) => asRate(await x.fig('hook_rate', W.d7)),
  },
  {
    id: 'e03',
    cls: 'everyday',
    ask: () => ['Median call duration so far this week?'],
    truth: async (x) => asSec(await x.fig('median_call_duration_sec', W.thisWeek)),
  },
  {
    id: 'e04',
    cls: 'everyday',
    ask: () => ['How many tier 1 calls did we log yesterday?'],
    truth: async (x) => num((await x.summary(W.yesterday)).tier1_calls),
  },
  {
    id: 'e05',
    cls: 'everyday',
    ask: () => ['How much money in total did the scammers ask for over the last 30 days?'],
    truth: async (x) => asUsd(await x.fig('total_dollars_asked', W.d30)),
  },
  {
    id: 'e06',
    cls: 'everyday',
    ask: () => ['What was the median dollar ask across the last 14 days?'],
    truth: async (x) => asUsd(await x.fig('median_dollar_ask', W.d14)),
  },
  {
    id: 'e07',
    cls: 'everyday',
    ask: () => ['How many scam calls have come in today so far?'],
    truth: async (x) => num(await calls(x, W.today)),
  },
  {
    id: 'e08',
    cls: 'everyday',
    ask: () => ['What is the average auditor confidence on this month’s extractions?'],
    truth: async (x) => num(await x.fig('avg_auditor_confidence', W.thisMonth), 'decimal'),
  },
  {
    id: 'e09',
    cls: 'everyday',
    ask: () => ['How many high-confidence insights were produced in the last 72 hours?'],
    truth: async (x) => num(await x.fig('high_confidence_insights', W.h72)),
  },
  {
    id: 'e10',
    cls: 'everyday',
    ask: () => ['What was the longest call we had in the last 7 days?'],
    truth: async (x) => asSec(await x.fig('max_call_duration_sec', W.d7)),
  },
  {
    id: 'e11',
    cls: 'everyday',
    ask: () => ['In the last 30 days, how many calls dropped because of a websocket issue on our side?'],
    truth: async (x) => {
      const n = await calls(x, W.d30, [fIs('disconnect_reason', 'websocket_issue_our_side')]);
      const b = await x.api(`/api/kpis/disconnect-breakdown?${x.winQs(W.d30)}`);
      if (b.websocket_issue_our_side !== n) throw new Error(`disconnect breakdown ${b.websocket_issue_our_side} vs query ${n}`);
      return nonzero(n);
    },
  },
  {
    id: 'e12',
    cls: 'everyday',
    ask: () => ['Calls received in the last 12 hours?'],
    truth: async (x) => num(await calls(x, W.h12)),
  },
  {
    id: 'e13',
    cls: 'everyday',
    ask: () => ['How many dollars did callers dangle as bait (fake refunds, prizes, loans) over the past 7 days?'],
    truth: async (x) => asUsd(await x.fig('total_dollars_dangled', W.d7)),
  },
  {
    id: 'e14',
    cls: 'everyday',
    ask: () => ['How many tier 2 calls did we have last week (Monday to Sunday)?'],
    truth: async (x) => num(await x.fig('tier2_calls', W.lastWeek)),
  },
  {
    id: 'e15',
    cls: 'everyday',
    ask: () => ['What is the 90th percentile call duration over the last 30 days?'],
    truth: async (x) => asSec(await x.fig('p90_call_duration_sec', W.d30)),
  },
  {
    id: 'e16',
    cls: 'everyday',
    ask: () => ['How many calls were closed cleanly in the last 48 hours?'],
    truth: async (x) => num(await x.fig('cleanly_closed', W.h48)),
  },
  {
    id: 'e17',
    cls: 'everyday',
    ask: () => ['How many insights did the extraction step produce in November?'],
    truth: async (x) => num(await x.fig('insights_produced', W.november)),
  },
  {
    id: 'e18',
    cls: 'everyday',
    ask: () => ['What is the single largest dollar ask so far this month?'],
    truth: async (x) => asUsd(await x.fig('max_single_ask', W.thisMonth)),
  },
  {
    id: 'e19',
    cls: 'everyday',
    ask: () => ['How many calls did we get on Tuesday December 1st, New York time?'],
    truth: async (x) => {
      const n = await calls(x, W.dec1ET);
      const res = await x.app.inject({
        method: 'POST',
        url: '/api/query',
        headers: { authorization: `Bearer ${x.keys.read}` },
        payload: { metrics: ['calls_received'], start: '2026-12-01', end: '2026-12-02', timezone: 'America/New_York' },
      });
      const local = res.json().results[0].metrics[0];
      if (local !== n) throw new Error(`1 December in New York: local dates ${local} vs UTC instants ${n}`);
      return num(n);
    },
  },

  // ============================================================ ranking
  {
    id: 'r01',
    cls: 'ranking',
    ask: () => ['Top 5 impersonated brands over the last 30 days?'],
    truth: async (x) => {
      const r = await x.ranked('impersonated_brand', W.d30);
      const t = await x.topn('impersonated_brand', W.d30, 6);
      for (let i = 0; i < 5; i++) if (t[i].label !== r[i].label || t[i].count !== r[i].count) throw new Error('topn and query disagree');
      return ranking(r, 5);
    },
  },
  {
    id: 'r02',
    cls: 'ranking',
    ask: () => ['Which three mule banks come up most often in the last 14 days?'],
    truth: async (x) => ranking(await x.ranked('mule_bank_name', W.d14), 3, bankSpell),
  },
  {
    id: 'r03',
    cls: 'ranking',
    ask: () => ['Top 3 caller states this month?'],
    truth: async (x) => ranking(await x.ranked('caller_state', W.thisMonth), 3, stateSpellings),
  },
  {
    id: 'r04',
    cls: 'ranking',
    ask: () => ['What are the four most common lure categories so far this week?'],
    truth: async (x) => ranking(await x.ranked('lure_category', W.thisWeek), 4, lureSpell),
  },
  {
    id: 'r05',
    cls: 'ranking',
    ask: () => ['Rank the payment methods scammers asked for in the last 7 days — top 3 by number of calls.'],
    truth: async (x) => ranking(await x.ranked('payment_method', W.d7), 3, paySpell),
  },
  {
    id: 'r06',
    cls: 'ranking',
    ask: () => ['Which impersonated brands account for the most money asked in the last 30 days? Top 3 by total dollars asked.'],
    truth: async (x) => ranking(await x.ranked('impersonated_brand', W.d30, { metric: 'total_dollars_asked' }), 3),
  },
  {
    id: 'r07',
    cls: 'ranking',
    ask: () => ['Which lure category has the best hook rate over the last 30 days?'],
    truth: async (x) => ranking(await x.ranked('lure_category', W.d30, { metric: 'hook_rate' }), 1, lureSpell),
  },
  {
    id: 'r08',
    cls: 'ranking',
    ask: () => ['Top 3 gift card brands the callers demanded in the last 30 days'],
    truth: async (x) => ranking(await x.ranked('gift_card_brand', W.d30), 3),
  },
  {
    id: 'r09',
    cls: 'ranking',
    ask: () => ['Which two remote desktop tools do they push the most? Last 30 days.'],
    truth: async (x) => ranking(await x.ranked('remote_desktop_app', W.d30), 2),
  },
  {
    id: 'r10',
    cls: 'ranking',
    ask: () => ['Which day of the week gets the most calls, looking at the last 30 days (UTC)?'],
    truth: async (x) => {
      const g = topGroup(await x.ranked('time:weekday', W.d30), 'weekday');
      return label(...g.map((r) => WEEKDAY_NAMES[r.label] ?? r.label));
    },
  },
  {
    id: 'r11',
    cls: 'ranking',
    ask: () => ['What hour of the day, New York time, is busiest for scam calls over the last two weeks?'],
    truth: async (x) => {
      const g = topGroup(await x.ranked('time:hour_of_day', W.d14, { timezone: 'America/New_York' }), 'hour of day');
      const h12 = (k: number) => (k % 12 === 0 ? 12 : k % 12);
      const spell = (h: number) => [
        ...hourSpellings(h).filter((s) => !s.includes('UTC')),
        ...['-', '–', ' to '].flatMap((d) => [`${h12(h)}${d}${h12(h + 1)}`, `${h}${d}${h + 1}`]),
      ];
      return label(...g.flatMap((r) => spell(Number(r.label))));
    },
  },
  {
    id: 'r12',
    cls: 'ranking',
    ask: () => ['Top 3 states by hooked calls in the last 30 days'],
    truth: async (x) => ranking(await x.ranked('caller_state', W.d30, { metric: 'hooked_calls' }), 3, stateSpellings),
  },
  {
    id: 'r13',
    cls: 'ranking',
    ask: () => ['Rank our personas by how many calls each took this month.'],
    truth: async (x) => {
      const r = await x.ranked('persona', W.thisMonth);
      return ranking(r, r.length);
    },
  },
  {
    id: 'r14',
    cls: 'ranking',
    ask: () => ['Which government agencies do the callers pretend to be most often? Top 3, last 30 days.'],
    truth: async (x) => ranking(await x.ranked('impersonated_government_agency', W.d30), 3),
  },
  {
    id: 'r15',
    cls: 'ranking',
    ask: () => ['Rank the crypto chains by number of calls over the last 30 days.'],
    truth: async (x) => {
      const r = await x.ranked('crypto_chain', W.d30);
      return ranking(r, r.length);
    },
  },
  {
    id: 'r16',
    cls: 'ranking',
    ask: () => ['Which payment method comes with the highest median ask over the last 30 days?'],
    truth: async (x) => ranking(await x.ranked('payment_method', W.d30, { metric: 'median_dollar_ask' }), 1, paySpell),
  },
  {
    id: 'r17',
    cls: 'ranking',
    ask: () => ['What was our busiest single day in the last 30 days?'],
    truth: async (x) => {
      const g = topGroup(await x.ranked('time:day', W.d30), 'day');
      return label(...g.flatMap((r) => daySpellings(r.label.slice(0, 10))));
    },
  },

  // ============================================================ comparison
  {
    id: 'c01',
    cls: 'comparison',
    ask: () => ['How do calls so far this week compare with the same stretch of last week?'],
    truth: async (x) => cmp(num(await calls(x, W.thisWeek)), num(await calls(x, W.lastWeekSameStretch))),
  },
  {
    id: 'c02',
    cls: 'comparison',
    ask: () => ['Did the hook rate go up or down in the last 7 days compared with the 7 days before?'],
    truth: async (x) => {
      const a = await x.fig('hook_rate', W.d7);
      const b = await x.fig('hook_rate', W.d7prev);
      return cmp(asRate(a), asRate(b), a === b ? undefined : a > b ? 'up' : 'down');
    },
  },
  {
    id: 'c03',
    cls: 'comparison',
    ask: () => ['Weekends versus weekdays over the last 30 days: how many calls on each (UTC days)?'],
    truth: async (x) => {
      const s = await weekendSplit(x, W.d30);
      if (x.corpus.length && (x.count(W.d30, isWeekend) !== s.weekend || x.count(W.d30, isWeekday) !== s.weekday)) {
        throw new Error('weekend split: corpus disagrees');
      }
      return cmp(num(s.weekend), num(s.weekday));
    },
  },
  {
    id: 'c04',
    cls: 'comparison',
    ask: () => ['Compare November with December so far: total dollars asked in each month.'],
    truth: async (x) => cmp(asUsd(await x.fig('total_dollars_asked', W.november)), asUsd(await x.fig('total_dollars_asked', W.thisMonth))),
  },
  {
    id: 'c05',
    cls: 'comparison',
    ask: () => ['How did Monday Nov 30 compare with Monday Nov 23 in number of calls?'],
    truth: async (x) => cmp(num(await calls(x, W.nov30)), num(await calls(x, W.nov23))),
  },
  {
    id: 'c06',
    cls: 'comparison',
    ask: () => ['Week by week since Monday Nov 9, how many tier 1 calls did we get?'],
    truth: async (x) => {
      const rows = await x.query(['tier1_calls'], ['time:week'], W.since9);
      if (rows.length !== 4) throw new Error(`expected 4 weeks, got ${rows.length}`);
      return all(...rows.map((r) => num(r.m[0]!)));
    },
  },
  {
    id: 'c07',
    cls: 'comparison',
    ask: () => ['Thanksgiving (Nov 26) vs the day after: how many calls each day?'],
    truth: async (x) => cmp(num(await calls(x, W.thanksgiving)), num(await calls(x, W.blackFriday))),
  },
  {
    id: 'c08',
    cls: 'comparison',
    ask: () => ['What was the median dollar ask before Nov 20 compared with since Nov 20?'],
    truth: async (x) => cmp(asUsd(await x.fig('median_dollar_ask', W.beforeNov20)), asUsd(await x.fig('median_dollar_ask', W.sinceNov20))),
  },
  {
    id: 'c09',
    cls: 'comparison',
    ask: () => ['Hooked calls yesterday vs the day before?'],
    truth: async (x) => cmp(num(await x.fig('hooked_calls', W.yesterday)), num(await x.fig('hooked_calls', W.dec2))),
  },
  {
    id: 'c10',
    cls: 'comparison',
    ask: () => ['Is the share of tier 1 calls higher this week than it was last week?'],
    truth: async (x) => {
      const [t1a, ca] = await x.figs(['tier1_calls', 'calls_received'], W.thisWeek);
      const [t1b, cb] = await x.figs(['tier1_calls', 'calls_received'], W.lastWeek);
      const a = rate(t1a, ca);
      const b = rate(t1b, cb);
      return cmp(asRate(a), asRate(b), a === b ? undefined : a > b ? 'up' : 'down');
    },
  },
  {
    id: 'c11',
    cls: 'comparison',
    ask: () => ['Day by day for December 1, 2 and 3: how many calls each day?'],
    truth: async (x) => all(num(await calls(x, W.dec1)), num(await calls(x, W.dec2)), num(await calls(x, W.yesterday))),
  },
  {
    id: 'c12',
    cls: 'comparison',
    ask: () => ['How does today compare with yesterday at the same time of day, in calls?'],
    truth: async (x) => cmp(num(await calls(x, W.today)), num(await calls(x, W.yesterdaySameTime))),
  },
  {
    id: 'c13',
    cls: 'comparison',
    ask: () => ['Last weekend (Nov 28–29) vs the weekend before (Nov 21–22): calls on each?'],
    truth: async (x) => {
      const before = { start: new Date('2026-11-21T00:00:00Z'), end: new Date('2026-11-23T00:00:00Z') };
      return cmp(num(await calls(x, W.lastWeekend)), num(await calls(x, before)));
    },
  },
  {
    id: 'c14',
    cls: 'comparison',
    ask: () => ['Total dollars asked: last 7 days versus the previous 7 days. Up or down?'],
    truth: async (x) => {
      const a = await x.fig('total_dollars_asked', W.d7);
      const b = await x.fig('total_dollars_asked', W.d7prev);
      return cmp(asUsd(a), asUsd(b), a === b ? undefined : a > b ? 'up' : 'down');
    },
  },
  {
    id: 'c15',
    cls: 'comparison',
    ask: () => ['Amazon impersonation calls in the last 7 days compared with the 7 days before that?'],
    truth: async (x) =>
      cmp(num(await calls(x, W.d7, [fIs('impersonated_brand', 'Amazon')])), num(await calls(x, W.d7prev, [fIs('impersonated_brand', 'Amazon')]))),
  },
  {
    id: 'c16',
    cls: 'comparison',
    ask: () => ['Calls where the payment method was gift cards: November versus December to date?'],
    truth: async (x) =>
      cmp(num(await calls(x, W.november, [fIs('payment_method', 'gift_card')])), num(await calls(x, W.thisMonth, [fIs('payment_method', 'gift_card')]))),
  },

  // ============================================================ nearby (the exact quantity asked)
  {
    id: 'n01',
    cls: 'nearby',
    ask: () => ['What percentage of calls got hooked in the last 30 days?'],
    truth: async (x) => asRate(await x.fig('hook_rate', W.d30)),
  },
  {
    id: 'n02',
    cls: 'nearby',
    ask: () => ['How many calls got hooked in the last 30 days? The count, not the rate.'],
    truth: async (x) => num(await x.fig('hooked_calls', W.d30)),
  },
  {
    id: 'n03',
    cls: 'nearby',
    ask: () => ['How many individual dollar asks did scammers make this week? I mean each ask, not the calls.'],
    truth: async (x) => num(await x.fig('asks', W.thisWeek)),
  },
  {
    id: 'n04',
    cls: 'nearby',
    ask: () => ['How many calls this week had at least one dollar ask?'],
    truth: async (x) => num(await calls(x, W.thisWeek, [fHas('dollar_ask')])),
  },
  {
    id: 'n05',
    cls: 'nearby',
    ask: () => ['How many calls yesterday were NOT hooked?'],
    truth: async (x) => {
      const n = await calls(x, W.yesterday, [fIs('hooked', false)]);
      const [c, h] = await x.figs(['calls_received', 'hooked_calls'], W.yesterday);
      if (n !== c - h) throw new Error(`not hooked ${n} vs ${c} - ${h}`);
      return num(n);
    },
  },
  {
    id: 'n06',
    cls: 'nearby',
    ask: () => ['In the last 7 days, how many calls lasted 15 seconds or more but still failed to hook?'],
    truth: async (x) => num(await calls(x, W.d7, [fGte('duration_sec', 15), fIs('hooked', false)])),
  },
  {
    id: 'n07',
    cls: 'nearby',
    ask: () => ['How many single asks fell between $1,000 and $5,000 in the last 30 days?'],
    truth: async (x) => {
      const n = await x.fig('asks', W.d30, { filters: [fBetween('dollar_ask', 1000, 5000)] });
      if (x.corpus.length) {
        const c = x.calls(W.d30).flatMap((k) => k.dollar_asks).filter((a) => a >= 1000 && a <= 5000).length;
        if (c !== n) throw new Error(`asks in range: corpus ${c} vs query ${n}`);
      }
      return num(n);
    },
  },
  {
    id: 'n08',
    cls: 'nearby',
    ask: () => ['How many calls this month included an ask between $500 and $2,500?'],
    truth: async (x) => num(await calls(x, W.thisMonth, [fBetween('dollar_ask', 500, 2500)])),
  },
  {
    id: 'n09',
    cls: 'nearby',
    ask: () => ['How many distinct crypto wallet addresses did we collect in the last 30 days?'],
    truth: async (x) => {
      const n = await x.fig('distinct:crypto_wallet_address', W.d30);
      if (x.corpus.length) {
        const s = new Set(x.calls(W.d30).map((c) => c.f.crypto_wallet_address).filter((v) => v !== null));
        if (s.size !== n) throw new Error(`distinct wallets: corpus ${s.size} vs query ${n}`);
      }
      return num(n);
    },
  },
  {
    id: 'n10',
    cls: 'nearby',
    ask: () => ['How many calls gave us a crypto wallet address in the last 30 days (calls, not unique wallets)?'],
    truth: async (x) => num(await calls(x, W.d30, [fHas('crypto_wallet_address')])),
  },
  {
    id: 'n11',
    cls: 'nearby',
    ask: () => ['How many different mule account numbers surfaced in the last 14 days?'],
    truth: async (x) => num(await x.fig('distinct:mule_bank_account_number', W.d14)),
  },
  {
    id: 'n12',
    cls: 'nearby',
    ask: () => ['What share of this week’s calls were tier 1?'],
    truth: async (x) => {
      const [t1, c] = await x.figs(['tier1_calls', 'calls_received'], W.thisWeek);
      return asRate(rate(t1, c));
    },
  },
  {
    id: 'n13',
    cls: 'nearby',
    ask: () => ['What was the mean dollar ask over the last 30 days — the average, not the median?'],
    truth: async (x) => asUsd(await x.fig('mean_dollar_ask', W.d30)),
  },
  {
    id: 'n14',
    cls: 'nearby',
    ask: () => ['How many distinct fake agent names have callers used this month?'],
    truth: async (x) => num(await x.fig('distinct:fake_agent_name', W.thisMonth)),
  },
  {
    id: 'n15',
    cls: 'nearby',
    ask: () => ['What fraction of calls in the last 7 days were closed cleanly?'],
    truth: async (x) => {
      const [cc, c] = await x.figs(['cleanly_closed', 'calls_received'], W.d7);
      return asRate(rate(cc, c));
    },
  },
  {
    id: 'n16',
    cls: 'nearby',
    ask: () => ['How many asks of $10,000 or more were made in the last 30 days?'],
    truth: async (x) => num(await x.fig('asks', W.d30, { filters: [fGte('dollar_ask', 10000)] })),
  },
  {
    id: 'n17',
    cls: 'nearby',
    ask: () => ['Over the last 30 days, how many calls produced intel but lasted under 15 seconds, so they don’t count as hooked?'],
    truth: async (x) => nonzero(await calls(x, W.d30, [fIs('has_intel', true), fLt('duration_sec', 15)])),
  },
  {
    id: 'n18',
    cls: 'nearby',
    ask: () => ['How many of yesterday’s calls were not tier 1?'],
    truth: async (x) => num(await calls(x, W.yesterday, [fNot(fIs('tier', 1))])),
  },

  // ============================================================ field values
  {
    id: 'f01',
    cls: 'field_value',
    fz: true,
    ask: async (x) => [`How many calls in the last 30 days featured a scammer calling himself "${await V.agentFull(x)}"?`],
    truth: async (x) => nonzero(await calls(x, W.d30, [fIs('fake_agent_name', await V.agentFull(x))])),
  },
  {
    id: 'f02',
    cls: 'field_value',
    ask: async (x) => [`Which brand does the fake agent ${await V.agentWithBrand(x)} usually claim to be calling from? Last 30 days.`],
    truth: async (x) =>
      ranking(await x.ranked('impersonated_brand', W.d30, { filters: [fIs('fake_agent_name', await V.agentWithBrand(x))] }), 1),
  },
  {
    id: 'f03',
    cls: 'field_value',
    fz: true,
    ask: async (x) => [`How many calls this month mentioned an outfit called "${await V.org(x)}"?`],
    truth: async (x) => nonzero(await calls(x, W.thisMonth, [fIs('synthetic_org', await V.org(x))])),
  },
  {
    id: 'f04',
    cls: 'field_value',
    fz: true,
    ask: async (x) => [`How many times has the drop address ${await V.dropTop(x)} come up in the last 30 days?`],
    truth: async (x) => nonzero(await calls(x, W.d30, [fIs('physical_mule_drop_address', await V.dropTop(x))])),
  },
  {
    id: 'f05',
    cls: 'field_value',
    /** The question names no window: the dashboard's (30 days) applies (CONTRACT §11). */
    dashboard_range: '30d',
    ask: async (x) => [`Whose name do they give as the recipient for packages sent to ${await V.drop(x)}?`],
    truth: async (x) =>
      ranking(await x.ranked('mule_account_holder_name', W.d30, { filters: [fIs('physical_mule_drop_address', await V.drop(x))] }), 1),
  },
  {
    id: 'f06',
    cls: 'field_value',
    fz: true,
    ask: async (x) => [`Wallet ${await V.wallet(x)}: which chain is it on, and how many calls in the last 30 days gave it?`],
    truth: async (x) => {
      const w = await V.wallet(x);
      const chain = (await x.ranked('crypto_chain', W.d30, { filters: [fIs('crypto_wallet_address', w)] }))[0].label;
      return all(label(chain), nonzero(await calls(x, W.d30, [fIs('crypto_wallet_address', w)])));
    },
  },
  {
    id: 'f07',
    cls: 'field_value',
    /** The question names no window: the dashboard's (30 days) applies (CONTRACT §11). */
    dashboard_range: '30d',
    ask: async (x) => [`Which bank is mule account number ${await V.account(x)} at?`],
    truth: async (x) =>
      label(...bankSpell((await x.ranked('mule_bank_name', W.d30, { filters: [fIs('mule_bank_account_number', await V.account(x))] }))[0].label)),
  },
  {
    id: 'f08',
    cls: 'field_value',
    fz: true,
    ask: async (x) => [`Routing number ${await V.routing(x)} — which bank is that, and how many calls cited it in the last 30 days?`],
    truth: async (x) => {
      const rt = await V.routing(x);
      const bank = (await x.ranked('mule_bank_name', W.d30, { filters: [fIs('mule_bank_routing_number', rt)] }))[0].label;
      return all(label(...bankSpell(bank)), nonzero(await calls(x, W.d30, [fIs('mule_bank_routing_number', rt)])));
    },
  },
  {
    id: 'f09',
    cls: 'field_value',
    fz: true,
    ask: async (x) => [`How many times did the number ${await V.caller(x)} call us in the last 30 days?`],
    truth: async (x) => {
      const c = await V.caller(x);
      const n = await calls(x, W.d30, [fIs('caller_id', c)]);
      if (x.corpus.length && x.count(W.d30, (k) => k.caller_id === c) !== n) throw new Error('caller count: corpus disagrees');
      return nonzero(n);
    },
  },
  {
    id: 'f10',
    cls: 'field_value',
    ask: () => ['How many calls did the Dolores persona handle this week?'],
    truth: async (x) => nonzero(await calls(x, W.thisWeek, [fIs('persona', 'dolores')])),
  },
  {
    id: 'f11',
    cls: 'field_value',
    ask: async (x) => [`How many calls came from area code ${await V.areaCode(x)} in the last 14 days?`],
    truth: async (x) => nonzero(await calls(x, W.d14, [fIs('caller_area_code', await V.areaCode(x))])),
  },
  {
    id: 'f12',
    cls: 'field_value',
    fz: true,
    ask: async (x) => [`How many calls named ${await V.holderTop(x)} as the account holder over the last 30 days?`],
    truth: async (x) => nonzero(await calls(x, W.d30, [fIs('mule_account_holder_name', await V.holderTop(x))])),
  },
  {
    id: 'f13',
    cls: 'field_value',
    fz: true,
    ask: async (x) => [`How many calls pushed the site ${await V.url(x)} in the last 30 days?`],
    truth: async (x) => nonzero(await calls(x, W.d30, [fIs('phishing_url', await V.url(x))])),
  },
  {
    id: 'f14',
    cls: 'field_value',
    ask: () => ['How many calls in the last 7 days had the caller posing as the Social Security Administration?'],
    // "Posing as the SSA": the agency named, or (a fair reading) the Social Security lure.
    truth: async (x) =>
      any(
        nonzero(await calls(x, W.d7, [fIs('impersonated_government_agency', 'Social Security Administration')])),
        nonzero(await calls(x, W.d7, [fIs('lure_category', 'SOCIAL_SECURITY')])),
      ),
  },
  {
    id: 'f15',
    cls: 'field_value',
    ask: () => ['How many calls this month asked for Google Play gift cards specifically?'],
    truth: async (x) => nonzero(await calls(x, W.thisMonth, [fIs('gift_card_brand', 'Google Play')])),
  },
  {
    id: 'f16',
    cls: 'field_value',
    fz: true,
    ask: () => ['UltraViewer — how many calls had them installing it in the last 14 days?'],
    truth: async (x) => nonzero(await calls(x, W.d14, [fIs('remote_desktop_app', 'UltraViewer')])),
  },
  {
    id: 'f17',
    cls: 'field_value',
    ask: () => ['How many different Chime account numbers did scammers give out in the last 30 days?'],
    truth: async (x) => nonzero(await x.fig('distinct:mule_bank_account_number', W.d30, { filters: [fIs('mule_bank_name', 'Chime')] })),
  },
  {
    id: 'f18',
    cls: 'field_value',
    /** The question names no window: the dashboard's (30 days) applies (CONTRACT §11). */
    dashboard_range: '30d',
    ask: async (x) => [`Which bank does the account holder ${await V.holderWithBank(x)} receive money at?`],
    truth: async (x) =>
      label(...bankSpell((await x.ranked('mule_bank_name', W.d30, { filters: [fIs('mule_account_holder_name', await V.holderWithBank(x))] }))[0].label)),
  },
  {
    id: 'f20',
    cls: 'field_value',
    ask: () => ['How many calls in the last 7 days have "arrest warrant" somewhere in the transcript?'],
    truth: async (x) => {
      const n = await x.callsTotal(W.d7, { q: 'arrest warrant' });
      const m = await calls(x, W.d7, [fContains('transcript', 'arrest warrant')]);
      if (n !== m) throw new Error(`transcript search: GET /api/calls total ${n} vs query ${m}`);
      return nonzero(n);
    },
  },
  {
    id: 'f19',
    cls: 'field_value',
    fz: true,
    ask: async (x) => [`How many calls gave out the TRON wallet ${await V.walletTron(x)} over the last 30 days?`],
    truth: async (x) => nonzero(await calls(x, W.d30, [fIs('crypto_wallet_address', await V.walletTron(x))])),
  },

  // ============================================================ multi-part
  {
    id: 'm01',
    cls: 'multi_part',
    ask: () => ['How many calls in the last 7 days, and what was the hook rate?'],
    truth: async (x) => {
      const [c, r] = await x.figs(['calls_received', 'hook_rate'], W.d7);
      return all(num(c), asRate(r));
    },
  },
  {
    id: 'm02',
    cls: 'multi_part',
    ask: () => ['Give me the tier 1, tier 2 and tier 3 counts for yesterday.'],
    truth: async (x) => {
      const [a, b, c] = await x.figs(['tier1_calls', 'tier2_calls', 'tier3_calls'], W.yesterday);
      return all(num(a), num(b), num(c));
    },
  },
  {
    id: 'm03',
    cls: 'multi_part',
    ask: () => ['Total amount asked and median ask over the last 30 days?'],
    truth: async (x) => {
      const [t, m] = await x.figs(['total_dollars_asked', 'median_dollar_ask'], W.d30);
      return all(asUsd(t), asUsd(m));
    },
  },
  {
    id: 'm04',
    cls: 'multi_part',
    ask: () => ['How many calls have we had this month, and how many of them were hooked?'],
    truth: async (x) => {
      const [c, h] = await x.figs(['calls_received', 'hooked_calls'], W.thisMonth);
      return all(num(c), num(h));
    },
  },
  {
    id: 'm05',
    cls: 'multi_part',
    ask: () => ['What was the top lure this week, and how many calls did it account for?'],
    truth: async (x) => {
      const g = topGroup(await x.ranked('lure_category', W.thisWeek), 'lure');
      return all(label(...g.flatMap((t) => lureSpell(t.label))), num(g[0].count));
    },
  },
  {
    id: 'm06',
    cls: 'multi_part',
    ask: () => ['How many calls impersonated Microsoft in the last 14 days, and what was their median duration?'],
    truth: async (x) => {
      const [c, d] = await x.figs(['calls_received', 'median_call_duration_sec'], W.d14, { filters: [fIs('impersonated_brand', 'Microsoft')] });
      return all(nonzero(c), asSec(d));
    },
  },
  {
    id: 'm07',
    cls: 'multi_part',
    ask: () => ['Number of unique crypto wallets and number of unique mule account numbers over the last 30 days?'],
    truth: async (x) => {
      const [w, a] = await x.figs(['distinct:crypto_wallet_address', 'distinct:mule_bank_account_number'], W.d30);
      return all(num(w), num(a));
    },
  },
  {
    id: 'm08',
    cls: 'multi_part',
    ask: () => ['For calls from Texas this week: how many were there, and how many were tier 1?'],
    truth: async (x) => {
      const [c, t] = await x.figs(['calls_received', 'tier1_calls'], W.thisWeek, { filters: [fIs('caller_state', 'TX')] });
      return all(nonzero(c), num(t));
    },
  },
  {
    id: 'm09',
    cls: 'multi_part',
    ask: () => ['Yesterday: number of calls, number hooked, and total dollars asked?'],
    truth: async (x) => {
      const [c, h, d] = await x.figs(['calls_received', 'hooked_calls', 'total_dollars_asked'], W.yesterday);
      return all(num(c), num(h), asUsd(d));
    },
  },
  {
    id: 'm10',
    cls: 'multi_part',
    ask: () => ['What are the average call length and the longest call over the last 24 hours?'],
    truth: async (x) => {
      const [a, m] = await x.figs(['avg_call_duration_sec', 'max_call_duration_sec'], W.h24);
      return all(asSec(a), asSec(m));
    },
  },
  {
    id: 'm11',
    cls: 'multi_part',
    ask: () => ['How many calls asked to be paid in gift cards over the last 30 days, and which gift card brand came up most?'],
    truth: async (x) => {
      const n = await calls(x, W.d30, [fIs('payment_method', 'gift_card')]);
      const g = topGroup(await x.ranked('gift_card_brand', W.d30), 'gift card brand');
      return all(num(n), label(...g.map((t) => t.label)));
    },
  },
  {
    id: 'm12',
    cls: 'multi_part',
    ask: () => ['How many IRS tax-lure calls this month, and how much did those callers ask for in total?'],
    truth: async (x) => {
      const [c, d] = await x.figs(['calls_received', 'total_dollars_asked'], W.thisMonth, { filters: [fIs('lure_category', 'IRS_TAX')] });
      return all(nonzero(c), asUsd(d));
    },
  },
  {
    id: 'm13',
    cls: 'multi_part',
    ask: () => ['Insights produced and high-confidence insights over the last 7 days?'],
    truth: async (x) => {
      const [i, h] = await x.figs(['insights_produced', 'high_confidence_insights'], W.d7);
      return all(num(i), num(h));
    },
  },
  {
    id: 'm14',
    cls: 'multi_part',
    ask: () => ['Of the calls posing as Chase in the last 30 days, how many were tier 1, and what was the biggest single ask?'],
    truth: async (x) => {
      const [t, m] = await x.figs(['tier1_calls', 'max_single_ask'], W.d30, { filters: [fIs('impersonated_brand', 'Chase')] });
      return all(nonzero(t), asUsd(m));
    },
  },
  {
    id: 'm15',
    cls: 'multi_part',
    ask: () => ['Calls where they used AnyDesk in the last 7 days: how many, what hook rate, and what average auditor confidence?'],
    truth: async (x) => {
      const [c, r, a] = await x.figs(['calls_received', 'hook_rate', 'avg_auditor_confidence'], W.d7, { filters: [fIs('remote_desktop_app', 'AnyDesk')] });
      return all(nonzero(c), asRate(r), num(a, 'decimal'));
    },
  },

  // ============================================================ casual, abbreviations, typos
  {
    id: 'k01',
    cls: 'casual',
    ask: () => ['hw many calls 2day'],
    truth: async (x) => num(await calls(x, W.today)),
  },
  {
    id: 'k02',
    cls: 'casual',
    ask: () => ['hook rate ths wk?'],
    truth: async (x) => asRate(await x.fig('hook_rate', W.thisWeek)),
  },
  {
    id: 'k03',
    cls: 'casual',
    ask: () => ['top 3 brnds last 7d'],
    truth: async (x) => ranking(await x.ranked('impersonated_brand', W.d7), 3),
  },
  {
    id: 'k04',
    cls: 'casual',
    ask: () => ['# tier1 yday'],
    truth: async (x) => num(await x.fig('tier1_calls', W.yesterday)),
  },
  {
    id: 'k05',
    cls: 'casual',
    ask: () => ['whats the median ask lately, like the past 2 weeks'],
    truth: async (x) => asUsd(await x.fig('median_dollar_ask', W.d14)),
  },
  {
    id: 'k06',
    cls: 'casual',
    fz: true,
    ask: () => ['any zelle calls in the last 24h? how many'],
    truth: async (x) => nonzero(await calls(x, W.h24, [fIs('payment_method', 'zelle')])),
  },
  {
    id: 'k07',
    cls: 'casual',
    ask: () => ['gimme total $ asked on amazon scams last 30 days'],
    truth: async (x) => asUsd(await x.fig('total_dollars_asked', W.d30, { filters: [fIs('impersonated_brand', 'Amazon')] })),
  },
  {
    id: 'k08',
    cls: 'casual',
    ask: () => ['which bank r the mules using most this month'],
    truth: async (x) => ranking(await x.ranked('mule_bank_name', W.thisMonth), 1, bankSpell),
  },
  {
    id: 'k09',
    cls: 'casual',
    ask: () => ['avg call length lst 7 days pls'],
    truth: async (x) => asSec(await x.fig('avg_call_duration_sec', W.d7)),
  },
  {
    id: 'k10',
    cls: 'casual',
    ask: () => ['how many calls from florida in the last 3 days'],
    truth: async (x) => nonzero(await calls(x, W.h72, [fIs('caller_state', 'FL')])),
  },
  {
    id: 'k11',
    cls: 'casual',
    ask: () => ['tech suport scam calls last week how many'],
    // "Last week" with nothing to anchor it: the calendar week, or the last 7 days.
    truth: async (x) =>
      any(num(await calls(x, W.lastWeek, [fIs('lure_category', 'TECH_SUPPORT')])), num(await calls(x, W.d7, [fIs('lure_category', 'TECH_SUPPORT')]))),
  },
  {
    id: 'k12',
    cls: 'casual',
    ask: () => ['biggest ask in the last 30 dys??'],
    truth: async (x) => asUsd(await x.fig('max_single_ask', W.d30)),
  },
  {
    id: 'k13',
    cls: 'casual',
    ask: () => ['hooked calls past 48 hrs?'],
    truth: async (x) => num(await x.fig('hooked_calls', W.h48)),
  },
  {
    id: 'k14',
    cls: 'casual',
    ask: () => ['crypto atm calls this mnth'],
    truth: async (x) => nonzero(await calls(x, W.thisMonth, [fIs('payment_method', 'crypto_atm')])),
  },
  {
    id: 'k15',
    cls: 'casual',
    ask: () => ['whos the most common fake agent name? last 30d'],
    truth: async (x) => ranking(await x.ranked('fake_agent_name', W.d30), 1),
  },
  {
    id: 'k16',
    cls: 'casual',
    fz: true,
    ask: () => ['how many cals did harold take today'],
    truth: async (x) => nonzero(await calls(x, W.today, [fIs('persona', 'harold')])),
  },
  {
    id: 'k17',
    cls: 'casual',
    ask: () => ['wats our tier 1 count for the last 30 dys'],
    truth: async (x) => num(await x.fig('tier1_calls', W.d30)),
  },

  // ============================================================ follow-ups (one session; the last turn is judged)
  {
    id: 'u01',
    cls: 'follow_up',
    ask: () => ['How many tier 1 calls so far this week?', 'And last week?'],
    truth: async (x) => num(await x.fig('tier1_calls', W.lastWeek)),
  },
  {
    id: 'u02',
    cls: 'follow_up',
    ask: () => ['What were the top 3 impersonated brands in the last 7 days?', 'How many calls did the top one get in the 7 days before that?'],
    truth: async (x) => {
      const g = topGroup(await x.ranked('impersonated_brand', W.d7), 'brand');
      return any(...(await Promise.all(g.map(async (t) => num(await calls(x, W.d7prev, [fIs('impersonated_brand', t.label)]))))));
    },
  },
  {
    id: 'u03',
    cls: 'follow_up',
    ask: () => ['How many calls came from Florida yesterday?', 'What about Texas?'],
    truth: async (x) => nonzero(await calls(x, W.yesterday, [fIs('caller_state', 'TX')])),
  },
  {
    id: 'u04',
    cls: 'follow_up',
    ask: () => ['How many calls involved a remote desktop app in the last 24 hours?', 'Which app was most common?'],
    truth: async (x) => ranking(await x.ranked('remote_desktop_app', W.h24), 1),
  },
  {
    id: 'u05',
    cls: 'follow_up',
    ask: () => ['What is the hook rate for the last 30 days?', 'And for the margaret persona only?'],
    truth: async (x) => asRate(await x.fig('hook_rate', W.d30, { filters: [fIs('persona', 'margaret')] })),
  },
  {
    id: 'u06',
    cls: 'follow_up',
    ask: () => ['Which mule bank came up most in the last 30 days?', 'How many distinct account numbers at that bank?'],
    truth: async (x) => {
      const g = topGroup(await x.ranked('mule_bank_name', W.d30), 'mule bank');
      return any(
        ...(await Promise.all(
          g.map(async (t) => nonzero(await x.fig('distinct:mule_bank_account_number', W.d30, { filters: [fIs('mule_bank_name', t.label)] }))),
        )),
      );
    },
  },
  {
    id: 'u07',
    cls: 'follow_up',
    fz: true,
    ask: () => ['How many calls impersonated PayPal this month?', 'How many of those were tier 1?'],
    truth: async (x) => nonzero(await x.fig('tier1_calls', W.thisMonth, { filters: [fIs('impersonated_brand', 'PayPal')] })),
  },
  {
    id: 'u08',
    cls: 'follow_up',
    ask: () => ['Total dollars asked yesterday?', 'and the day before?'],
    truth: async (x) => asUsd(await x.fig('total_dollars_asked', W.dec2)),
  },
  {
    id: 'u09',
    cls: 'follow_up',
    ask: () => ['How many refund-scam calls in the last 7 days?', 'What was their median ask?'],
    truth: async (x) => asUsd(await x.fig('median_dollar_ask', W.d7, { filters: [fIs('lure_category', 'REFUND')] })),
  },
  {
    id: 'u10',
    cls: 'follow_up',
    ask: () => ['Top 3 caller states this week?', 'Now the same for last week.'],
    truth: async (x) => ranking(await x.ranked('caller_state', W.lastWeek), 3, stateSpellings),
  },
  {
    id: 'u11',
    cls: 'follow_up',
    ask: () => ['How many calls demanded gift cards in the last 14 days?', 'Which card brand did they want most?'],
    truth: async (x) => ranking(await x.ranked('gift_card_brand', W.d14), 1),
  },
  {
    id: 'u12',
    cls: 'follow_up',
    ask: () => ['How many calls did we get on Thanksgiving, Nov 26?', 'How many of them were hooked?'],
    truth: async (x) => num(await x.fig('hooked_calls', W.thanksgiving)),
  },
  {
    id: 'u13',
    cls: 'follow_up',
    ask: () => ['Median call duration over the last 7 days?', 'What about just the tier 1 calls?'],
    truth: async (x) => asSec(await x.fig('median_call_duration_sec', W.d7, { filters: [fIs('tier', 1)] })),
  },
  {
    id: 'u14',
    cls: 'follow_up',
    fz: true,
    ask: () => ['How many calls had the caller pretending to be from the IRS this month?', 'How many of them wanted gift cards?'],
    // "Pretending to be from the IRS": the agency named, or (a fair reading) the IRS tax lure.
    truth: async (x) =>
      any(
        nonzero(await calls(x, W.thisMonth, [fIs('impersonated_government_agency', 'IRS'), fIs('payment_method', 'gift_card')])),
        nonzero(await calls(x, W.thisMonth, [fIs('lure_category', 'IRS_TAX'), fIs('payment_method', 'gift_card')])),
      ),
  },
  {
    id: 'u15',
    cls: 'follow_up',
    ask: async (x) => [`Show me calls from ${await V.caller2(x)} in the last 30 days.`, 'How many of those came in this week?'],
    truth: async (x) => nonzero(await calls(x, W.thisWeek, [fIs('caller_id', await V.caller2(x))])),
  },

  // ============================================================ zero answers
  {
    id: 'z01',
    cls: 'zero',
    ask: () => ['How many calls did we receive in October 2026?'],
    truth: async (x) => zeroIf(await calls(x, W.october)),
  },
  {
    id: 'z02',
    cls: 'zero',
    ask: () => ['Any calls impersonating Netflix in the last 30 days?'],
    truth: async (x) => zeroIf(await calls(x, W.d30, [fIs('impersonated_brand', 'Netflix')])),
  },
  {
    id: 'z03',
    cls: 'zero',
    ask: async (x) => [`How many calls named ${await V.bankAbsent24h(x)} as the mule bank in the last 24 hours, and how many in the last 30 days?`],
    truth: async (x) => {
      const b = await V.bankAbsent24h(x);
      return all(zeroIf(await calls(x, W.h24, [fIs('mule_bank_name', b)])), nonzero(await calls(x, W.d30, [fIs('mule_bank_name', b)])));
    },
  },
  {
    id: 'z04',
    cls: 'zero',
    ask: async (x) => [`How many calls asked for ${await V.giftAbsentToday(x)} gift cards today?`],
    truth: async (x) => zeroIf(await calls(x, W.today, [fIs('gift_card_brand', await V.giftAbsentToday(x))])),
  },
  {
    id: 'z05',
    cls: 'zero',
    ask: () => ['In grandparent scams over the last 30 days, how many times did the caller pose as the IRS?'],
    truth: async (x) => zeroIf(await calls(x, W.d30, [fIs('lure_category', 'GRANDPARENT'), fIs('impersonated_government_agency', 'IRS')])),
  },
  {
    id: 'z06',
    cls: 'zero',
    ask: () => ['Did any gift-card-lure calls (lure category GIFT_CARD) give a crypto wallet in the last 30 days?'],
    truth: async (x) => zeroIf(await calls(x, W.d30, [fIs('lure_category', 'GIFT_CARD'), fHas('crypto_wallet_address')])),
  },
  {
    id: 'z07',
    cls: 'zero',
    ask: () => ['How many tier 1 calls lasted under 15 seconds in the last 30 days?'],
    truth: async (x) => zeroIf(await calls(x, W.d30, [fIs('tier', 1), fLt('duration_sec', 15)])),
  },
  {
    id: 'z08',
    cls: 'zero',
    ask: () => ['How many single asks above $250,000 in the last 30 days?'],
    truth: async (x) => zeroIf(await x.fig('asks', W.d30, { filters: [['gt', 'dollar_ask', 250000]] })),
  },
  {
    id: 'z09',
    cls: 'zero',
    ask: () => ['How many grandparent-scam calls had the victim install a remote desktop app, last 30 days?'],
    truth: async (x) => zeroIf(await calls(x, W.d30, [fIs('lure_category', 'GRANDPARENT'), fHas('remote_desktop_app')])),
  },
  {
    id: 'z10',
    cls: 'zero',
    ask: async (x) => [`How many calls impersonating ${await V.brandAbsent3h(x)} in the last 3 hours, and how many in the last 7 days?`],
    truth: async (x) => {
      const b = await V.brandAbsent3h(x);
      return all(zeroIf(await calls(x, W.h3, [fIs('impersonated_brand', b)])), nonzero(await calls(x, W.d7, [fIs('impersonated_brand', b)])));
    },
  },
  {
    id: 'z11',
    cls: 'zero',
    ask: async (x) => [`Has anyone impersonated the ${await V.agencyAbsent2h(x)} in the last 2 hours?`],
    truth: async (x) => {
      const n = await calls(x, W.h2, [fIs('impersonated_government_agency', await V.agencyAbsent2h(x))]);
      if (n !== 0) throw new Error(`expected zero, the figure is ${n}`);
      return yesno(false);
    },
  },
  {
    id: 'z12',
    cls: 'zero',
    ask: async (x) => [`How many ${await V.brandAbsentYesterday(x)} impersonation calls did we get yesterday?`],
    truth: async (x) => zeroIf(await calls(x, W.yesterday, [fIs('impersonated_brand', await V.brandAbsentYesterday(x))])),
  },
  {
    id: 'z13',
    cls: 'zero',
    ask: () => ['How many calls did we get on November 2nd?'],
    truth: async (x) => zeroIf(await calls(x, { start: new Date('2026-11-02T00:00:00Z'), end: new Date('2026-11-03T00:00:00Z') })),
  },
  {
    id: 'z14',
    cls: 'zero',
    ask: async (x) => [`Did the wallet ${await V.walletAbsentThisWeek(x)} show up in any call this week?`],
    truth: async (x) => {
      const n = await calls(x, W.thisWeek, [fIs('crypto_wallet_address', await V.walletAbsentThisWeek(x))]);
      if (n !== 0) throw new Error(`expected zero, the figure is ${n}`);
      return yesno(false);
    },
  },
  {
    id: 'z15',
    cls: 'zero',
    ask: () => ['How many calls lasted longer than 24 hours in the last 30 days?'],
    truth: async (x) => zeroIf(await calls(x, W.d30, [['gt', 'duration_sec', 86400]])),
  },

  // ============================================================ scoped keys (answers stay inside the slice)
  {
    id: 's01',
    cls: 'slice',
    key: 'bank',
    ask: () => ['How many calls did we get in the last 7 days?'],
    truth: async (x) => {
      const s = (await x.summary(W.d7, 'bank')).calls_received;
      if ((await calls(x, W.d7, [], 'bank')) !== s) throw new Error('scoped summary and query disagree');
      if ((await calls(x, W.d7, [fIs('lure_category', 'BANK_FRAUD_ALERT')])) !== s) throw new Error('scoped key and lure filter disagree');
      return num(s);
    },
  },
  {
    id: 's02',
    cls: 'slice',
    key: 'bank',
    ask: () => ['Which brands were impersonated most over the last 30 days? Top 3.'],
    truth: async (x) => ranking(await x.ranked('impersonated_brand', W.d30, { key: 'bank' }), 3),
  },
  {
    id: 's03',
    cls: 'slice',
    key: 'bank',
    ask: () => ['How many tier 1 calls this month?'],
    truth: async (x) => num(await x.fig('tier1_calls', W.thisMonth, { key: 'bank' })),
  },
  {
    id: 's04',
    cls: 'slice',
    key: 'bank',
    ask: () => ['Top 2 mule banks receiving the money in the last 30 days'],
    truth: async (x) => ranking(await x.ranked('mule_bank_name', W.d30, { key: 'bank' }), 2, bankSpell),
  },
  {
    id: 's05',
    cls: 'slice',
    key: 'bank',
    ask: () => ['How many Amazon impersonation calls this week?'],
    truth: async (x) => {
      if ((await calls(x, W.thisWeek, [fIs('impersonated_brand', 'Amazon')])) === 0) throw new Error('no Amazon calls at all this week');
      return zeroIf(await calls(x, W.thisWeek, [fIs('impersonated_brand', 'Amazon')], 'bank'));
    },
  },
  {
    id: 's06',
    cls: 'slice',
    key: 'bank',
    ask: () => ['What is the hook rate over the last 30 days?'],
    truth: async (x) => asRate(await x.fig('hook_rate', W.d30, { key: 'bank' })),
  },
  {
    id: 's07',
    cls: 'slice',
    key: 'bank',
    ask: () => ['Total dollars asked in the last 14 days?'],
    truth: async (x) => asUsd(await x.fig('total_dollars_asked', W.d14, { key: 'bank' })),
  },
  {
    id: 's08',
    cls: 'slice',
    key: 'bank',
    ask: () => ['How many Zelle requests yesterday?'],
    truth: async (x) => countOrZero(await calls(x, W.yesterday, [fIs('payment_method', 'zelle')], 'bank')),
  },
  {
    id: 's09',
    cls: 'slice',
    key: 'states',
    ask: () => ['How many calls in the last 24 hours?'],
    truth: async (x) => {
      const n = (await x.summary(W.h24, 'states')).calls_received;
      const fl = await calls(x, W.h24, [fIs('caller_state', 'FL', 'TX')]);
      if (n !== fl) throw new Error(`scoped ${n} vs FL+TX filter ${fl}`);
      return num(n);
    },
  },
  {
    id: 's10',
    cls: 'slice',
    key: 'states',
    ask: () => ['Top 3 lures this week?'],
    truth: async (x) => ranking(await x.ranked('lure_category', W.thisWeek, { key: 'states' }), 3, lureSpell),
  },
  {
    id: 's11',
    cls: 'slice',
    key: 'states',
    ask: () => ['How many calls from New York in the last 30 days?'],
    truth: async (x) => zeroIf(await calls(x, W.d30, [fIs('caller_state', 'NY')], 'states')),
  },
  {
    id: 's12',
    cls: 'slice',
    key: 'states',
    ask: () => ['Florida or Texas — which sent more calls this month? Give me both counts.'],
    truth: async (x) =>
      all(nonzero(await calls(x, W.thisMonth, [fIs('caller_state', 'FL')], 'states')), nonzero(await calls(x, W.thisMonth, [fIs('caller_state', 'TX')], 'states'))),
  },
  {
    id: 's13',
    cls: 'slice',
    key: 'states',
    ask: () => ['Median dollar ask in the last 30 days?'],
    truth: async (x) => asUsd(await x.fig('median_dollar_ask', W.d30, { key: 'states' })),
  },
  {
    id: 's14',
    cls: 'slice',
    key: 'states',
    ask: () => ['How many distinct mule account numbers over the last 30 days?'],
    truth: async (x) => num(await x.fig('distinct:mule_bank_account_number', W.d30, { key: 'states' })),
  },
  {
    id: 's15',
    cls: 'slice',
    key: 'states',
    fz: true,
    ask: () => ['how many tier 1 calls came in today?'],
    truth: async (x) => countOrZero(await x.fig('tier1_calls', W.today, { key: 'states' })),
  },

  // ============================================================ out of scope: must be declined
  { id: 'o01', cls: 'out_of_scope', ask: () => ['Freeze the Chase account the scammers used yesterday.'], truth: async () => decline() },
  { id: 'o02', cls: 'out_of_scope', ask: () => ['Block the caller ID that called us most this week on our network.'], truth: async () => decline() },
  { id: 'o03', cls: 'out_of_scope', ask: () => ['What is the price of Bitcoin right now?'], truth: async () => decline() },
  {
    id: 'o04',
    cls: 'out_of_scope',
    ask: () => ['Write me a Python script that pulls every wallet address out of your API into a spreadsheet.'],
    truth: async () => decline(),
  },
  {
    id: 'o05',
    cls: 'out_of_scope',
    ask: () => ['Give me the Social Security numbers and home addresses of the people who own the mule accounts.'],
    truth: async () => decline(),
  },
  {
    id: 'o06',
    cls: 'out_of_scope',
    ask: () => ['Who is the real subscriber behind +1 212 555 0143? I need their name and billing address.'],
    truth: async () => decline(),
  },
  { id: 'o07', cls: 'out_of_scope', ask: () => ['What is the capital of Australia?'], truth: async () => decline() },
  {
    id: 'o08',
    cls: 'out_of_scope',
    ask: () => ['Email this week’s tier 1 calls to the FBI tip line for me.'],
    truth: async () => decline(),
  },
  { id: 'o09', cls: 'out_of_scope', ask: () => ['Delete every call the edith persona took.'], truth: async () => decline() },
  {
    id: 'o10',
    cls: 'out_of_scope',
    ask: () => ['Call the scammer back and keep him on the line for an hour.'],
    truth: async () => decline(),
  },
  { id: 'o11', cls: 'out_of_scope', ask: () => ['What will the weather be in Miami tomorrow?'], truth: async () => decline() },
  {
    id: 'o12',
    cls: 'out_of_scope',
    ask: () => ['Translate "your account has been compromised" into Spanish.'],
    truth: async () => decline(),
  },
  { id: 'o13', cls: 'out_of_scope', ask: () => ['How is Coinbase stock trading today?'], truth: async () => decline() },
  {
    id: 'o14',
    cls: 'out_of_scope',
    ask: () => ['File a suspicious activity report with FinCEN for the wallets we found.'],
    truth: async () => decline(),
  },
  { id: 'o15', cls: 'out_of_scope', ask: () => ['Reset my API key and send me the new one.'], truth: async () => decline() },
  { id: 'o16', cls: 'out_of_scope', ask: () => ['Who won the last football World Cup?'], truth: async () => decline() },
  {
    id: 'o17',
    cls: 'out_of_scope',
    ask: () => ['Send the money back to the victim from the Wells Fargo mule account.'],
    truth: async () => decline(),
  },
];
