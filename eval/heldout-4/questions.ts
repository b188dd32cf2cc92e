// The fourth held-out set: analyst questions with truths computed from the REST API (truths.ts),
// never from the agent. HELD OUT: do not tune the agent against these questions, do not quote
// them in commit messages or issues; the lead runs them once, at the end.
//
// Each case: an id, a class (CLASSES), the turns asked in one session (the last one is judged),
// the truth, and optionally the key (a scoped key of world.ts), the dashboard range sent with the
// question (for questions that name no window, as the dashboard sends its range), and `fz` (a
// question watched for a false zero).

import type { Truth } from './judge.js';
import {
  all,
  anyOf,
  compare,
  Ctx,
  DECLINE,
  dir,
  label,
  num,
  range,
  spellings,
  val,
  W,
  WEEKDAYS,
  WEEKEND,
  yesno,
  type Filter,
  type Win,
} from './truths.js';
import { NOW, type KeyName } from './world.js';
import { ISSUE_CLASSES } from '../shared/cases.js';

export const CLASSES = ISSUE_CLASSES;
export type Cls = (typeof CLASSES)[number];

export interface Case {
  id: string;
  cls: Cls;
  turns: string[];
  truth: (x: Ctx) => Promise<Truth>;
  key?: KeyName;
  dashboard_range?: string;
  fz?: boolean;
}

// ---------------------------------------------------------------- filter and truth shorthands

const is = (field: string, ...values: unknown[]): Filter => ['is', field, values];
const isNot = (field: string, ...values: unknown[]): Filter => ['is_not', field, values];
const has = (field: string): Filter => ['has', field];
const contains = (field: string, ...values: string[]): Filter => ['contains', field, values];
const gt = (field: string, n: number): Filter => ['gt', field, n];
const gte = (field: string, n: number): Filter => ['gte', field, n];
const lt = (field: string, n: number): Filter => ['lt', field, n];
const between = (field: string, a: number, b: number): Filter => ['between', field, [a, b]];

/** Two readings of a question (e.g. "over" as > or ≥): one truth when they agree, either one otherwise. */
function either(a: Truth, b: Truth): Truth {
  return JSON.stringify(a) === JSON.stringify(b) ? a : anyOf(a, b);
}

/** "Any …?": yes with the count, or no (the answer may say none). */
async function anyCalls(x: Ctx, w: Win, filters: Filter[], key: KeyName = 'read'): Promise<Truth> {
  const n = await x.count(w, filters, key);
  return n ? yesno(true, num(n, 'count')) : yesno(false);
}

/** A count in the key's slice, or "nothing" when the slice holds no such call (the value lies outside it). */
async function countOrNothing(x: Ctx, w: Win, filters: Filter[], key: KeyName): Promise<Truth> {
  const n = await x.count(W.year, filters, key);
  if (n === 0) return { kind: 'nothing' };
  return x.fig('calls_received', w, filters, key);
}

/** The two halves of a window. */
function halves(w: Win): [Win, Win] {
  const mid = new Date((w.start.getTime() + w.end.getTime()) / 2);
  return [
    { start: w.start, end: mid },
    { start: mid, end: w.end },
  ];
}

/** The value of a field with the most calls among the calls passing the filters. */
async function leadingValue(x: Ctx, field: string, w: Win, filters: Filter[] = [], key: KeyName = 'read'): Promise<unknown> {
  return (await x.leader(field, w, filters, key)).value;
}

/** Every non-null value of a field among the calls passing the filters, most calls first (a ranking truth). */
async function everyValue(x: Ctx, field: string, w: Win, filters: Filter[] = [], key: KeyName = 'read'): Promise<Truth> {
  const n = (await x.byField(field, w, ['calls_received'], filters, key)).length;
  return x.top(field, n, w, filters, key);
}

/** The busiest weekday of a window (a label truth). */
async function busiestWeekday(x: Ctx, w: Win): Promise<Truth> {
  const r = await x.queryRaw({ metrics: ['calls_received'], dimensions: ['time:weekday'], order_by: [['calls_received', 'desc']] }, w);
  const [a, b] = r.results;
  if (a.metrics[0] === b.metrics[0]) throw new Error('tie for the busiest weekday');
  const day = String(a.dimensions[0]);
  return label(day, day.slice(0, 3));
}

/** A value's rank n (1-based) among the top values of a field, failing when it is tied with a neighbour. */
async function nth(x: Ctx, field: string, n: number, w: Win, filters: Filter[] = []): Promise<{ value: unknown; calls: number }> {
  const rows = await x.byField(field, w, ['calls_received'], filters);
  const c = rows.map((r) => r.metrics[0] as number);
  if (c[n - 1] === c[n - 2] || c[n - 1] === c[n]) throw new Error(`${field}: rank ${n} is tied`);
  return { value: rows[n - 1].dimensions[0], calls: c[n - 1] };
}

const WALLET_BIG = 'bc1q4fkvew5p3c9w3c48nlcld2zjy5n7f6jlr3rajr';

// ---------------------------------------------------------------- the cases

export const CASES: Case[] = [
  // ------------------------------------------------------------ everyday figures
  { id: 'e01', cls: 'everyday', turns: ['How many calls came in yesterday?'], truth: (x) => x.fig('calls_received', W.yesterday) },
  { id: 'e02', cls: 'everyday', turns: ["what's our hook rate over the last 30 days"], truth: (x) => x.fig('hook_rate', W.d30) },
  {
    id: 'e03',
    cls: 'everyday',
    turns: ['How many tier 1 calls have we had so far this week?'],
    truth: (x) => x.fig('tier1_calls', W.thisWeek),
  },
  {
    id: 'e04',
    cls: 'everyday',
    turns: ['Total dollars the scammers asked for in the past 24 hours?'],
    truth: (x) => x.fig('total_dollars_asked', W.h24),
  },
  { id: 'e05', cls: 'everyday', turns: ['median call length for the last 7 days?'], truth: (x) => x.fig('median_call_duration_sec', W.d7) },
  {
    id: 'e06',
    cls: 'everyday',
    turns: ["What's the longest call we've had this month?"],
    truth: (x) => x.fig('max_call_duration_sec', W.thisMonth),
  },
  {
    id: 'e07',
    cls: 'everyday',
    turns: ['How many calls were closed cleanly yesterday?'],
    truth: (x) => x.fig('cleanly_closed', W.yesterday),
  },
  {
    id: 'e08',
    cls: 'everyday',
    turns: ['How many insights were produced in the last 14 days?'],
    truth: (x) => x.fig('insights_produced', W.d14),
  },
  {
    id: 'e09',
    cls: 'everyday',
    turns: ['How many high-confidence insights today?'],
    truth: (x) => x.fig('high_confidence_insights', W.today),
  },
  {
    id: 'e10',
    cls: 'everyday',
    turns: ['What is the average auditor confidence this week?'],
    truth: (x) => x.fig('avg_auditor_confidence', W.thisWeek),
  },
  { id: 'e11', cls: 'everyday', turns: ["What's the biggest single ask in the last 7 days?"], truth: (x) => x.fig('max_single_ask', W.d7) },
  {
    id: 'e12',
    cls: 'everyday',
    turns: ['What was the median ask amount this month?'],
    truth: (x) => x.fig('median_dollar_ask', W.thisMonth),
  },
  {
    id: 'e13',
    cls: 'everyday',
    turns: ['How many dollars did our personas dangle last week in total?'],
    truth: (x) => x.fig('total_dollars_dangled', W.lastWeek),
  },
  { id: 'e14', cls: 'everyday', turns: ['How many tier 2 calls in the last 48 hours?'], truth: (x) => x.fig('tier2_calls', W.h48) },
  { id: 'e15', cls: 'everyday', turns: ['How many tier 3 calls did we log yesterday?'], truth: (x) => x.fig('tier3_calls', W.yesterday) },
  {
    id: 'e16',
    cls: 'everyday',
    turns: ["What's the average call duration over the past 14 days?"],
    truth: (x) => x.fig('avg_call_duration_sec', W.d14),
  },
  {
    id: 'e17',
    cls: 'everyday',
    turns: ['How many calls did the Margaret persona take this week?'],
    truth: (x) => x.fig('calls_received', W.thisWeek, [is('persona', 'margaret')]),
  },
  {
    id: 'e18',
    cls: 'everyday',
    turns: ['How many calls ended because the AI session hit its cap in the last 30 days?'],
    truth: (x) => x.fig('calls_received', W.d30, [is('disconnect_reason', 'ai_session_capped')]),
  },
  {
    id: 'e19',
    cls: 'everyday',
    turns: ['How many calls dropped this month because of a websocket issue on our side?'],
    truth: (x) => x.fig('calls_received', W.thisMonth, [is('disconnect_reason', 'websocket_issue_our_side')]),
  },
  {
    id: 'e20',
    cls: 'everyday',
    turns: ['How many calls impersonated Amazon in the last 7 days?'],
    truth: (x) => x.fig('calls_received', W.d7, [is('impersonated_brand', 'Amazon')]),
  },
  {
    id: 'e21',
    cls: 'everyday',
    turns: ['How many calls had someone pretending to be from the FTC in the last 30 days?'],
    truth: (x) => x.fig('calls_received', W.d30, [is('impersonated_government_agency', 'FTC')]),
  },
  {
    id: 'e22',
    cls: 'everyday',
    turns: ['How many calls asked to be paid by Zelle in the last 14 days?'],
    truth: (x) => x.fig('calls_received', W.d14, [is('payment_method', 'zelle')]),
  },
  {
    id: 'e23',
    cls: 'everyday',
    turns: ['How many calls came from Texas in the last 7 days?'],
    truth: (x) => x.fig('calls_received', W.d7, [is('caller_state', 'TX')]),
  },
  {
    id: 'e24',
    cls: 'everyday',
    turns: ['How many calls are in progress at the moment?'],
    truth: async (x) => num((await x.get('/api/kpis/active-calls')).active_count, 'count'),
  },
  {
    id: 'e25',
    cls: 'everyday',
    turns: ['Show me the most recent tier 1 call'],
    truth: async (x) => {
      const t = await x.get(`/api/kpis/tier1?start=${W.d7.start.toISOString()}&end=${NOW.toISOString()}&limit=1`);
      return label(t.items[0].call_sid);
    },
  },
  {
    id: 'e26',
    cls: 'everyday',
    turns: ['How many calls involved AnyDesk in the last 30 days?'],
    truth: (x) => x.fig('calls_received', W.d30, [is('remote_desktop_app', 'AnyDesk')]),
  },
  {
    id: 'e27',
    cls: 'everyday',
    turns: ['Number of calls this week where the scammer wanted the money through a bitcoin ATM?'],
    truth: (x) => x.fig('calls_received', W.thisWeek, [is('payment_method', 'crypto_atm')]),
  },

  // ------------------------------------------------------------ the figure asked, not a nearby one
  {
    id: 'n01',
    cls: 'nearby_figure',
    turns: ["What percentage of yesterday's calls were hooked?"],
    truth: (x) => x.fig('hook_rate', W.yesterday),
  },
  {
    id: 'n02',
    cls: 'nearby_figure',
    turns: ['How many separate dollar asks were made this week?'],
    truth: (x) => x.fig('asks', W.thisWeek),
  },
  {
    id: 'n03',
    cls: 'nearby_figure',
    turns: ['How many Geek Squad calls did we fail to hook in the last 30 days?'],
    truth: (x) => x.fig('calls_received', W.d30, [is('impersonated_brand', 'Geek Squad'), is('hooked', false)]),
    fz: true,
  },
  {
    id: 'n04',
    cls: 'nearby_figure',
    turns: ['How many asks between $1,000 and $2,500 in the last 7 days?'],
    truth: (x) => x.fig('asks', W.d7, [between('dollar_ask', 1000, 2500)]),
  },
  {
    id: 'n05',
    cls: 'nearby_figure',
    turns: ['how many calls had an ask over $10,000 this month'],
    truth: async (x) =>
      either(
        await x.fig('calls_received', W.thisMonth, [gt('dollar_ask', 10000)]),
        await x.fig('calls_received', W.thisMonth, [gte('dollar_ask', 10000)]),
      ),
  },
  {
    id: 'n06',
    cls: 'nearby_figure',
    turns: ['How many different crypto wallets did we collect in the last 30 days?'],
    truth: (x) => x.fig('distinct:crypto_wallet_address', W.d30),
  },
  {
    id: 'n07',
    cls: 'nearby_figure',
    turns: ['How many calls gave us a wallet address last week?'],
    truth: (x) => x.fig('calls_received', W.lastWeek, [has('crypto_wallet_address')]),
  },
  { id: 'n08', cls: 'nearby_figure', turns: ["What's the tier 1 rate this month?"], truth: (x) => x.share(W.thisMonth, [is('tier', 1)]) },
  {
    id: 'n09',
    cls: 'nearby_figure',
    turns: ['What is the average ask size this week?'],
    truth: (x) => x.fig('mean_dollar_ask', W.thisWeek),
  },
  {
    id: 'n10',
    cls: 'nearby_figure',
    turns: ['What fraction of the Microsoft calls got hooked in the last 14 days?'],
    truth: (x) => x.fig('hook_rate', W.d14, [is('impersonated_brand', 'Microsoft')]),
  },
  {
    id: 'n11',
    cls: 'nearby_figure',
    turns: ['How many refund-scam calls did we hook yesterday?'],
    truth: (x) => x.fig('hooked_calls', W.yesterday, [is('lure_category', 'REFUND')]),
  },
  {
    id: 'n12',
    cls: 'nearby_figure',
    turns: ['How much did scammers ask for in total on calls impersonating Coinbase this month?'],
    truth: (x) => x.fig('total_dollars_asked', W.thisMonth, [is('impersonated_brand', 'Coinbase')]),
  },
  {
    id: 'n13',
    cls: 'nearby_figure',
    turns: ["What's the median ask on tech support calls over the last 30 days?"],
    truth: (x) => x.fig('median_dollar_ask', W.d30, [is('lure_category', 'TECH_SUPPORT')]),
  },
  {
    id: 'n14',
    cls: 'nearby_figure',
    turns: ['How many distinct mule account numbers turned up this month?'],
    truth: (x) => x.fig('distinct:mule_bank_account_number', W.thisMonth),
  },
  {
    id: 'n15',
    cls: 'nearby_figure',
    turns: ['How many different routing numbers have we seen in the last 30 days?'],
    truth: (x) => x.fig('distinct:mule_bank_routing_number', W.d30),
  },
  {
    id: 'n16',
    cls: 'nearby_figure',
    turns: ['how many unique phishing URLs this week'],
    truth: (x) => x.fig('distinct:phishing_url', W.thisWeek),
  },
  {
    id: 'n17',
    cls: 'nearby_figure',
    turns: ['What share of the calls that wanted gift cards as payment were tier 1 last week?'],
    truth: (x) => x.share(W.lastWeek, [is('tier', 1)], [is('payment_method', 'gift_card')]),
  },
  {
    id: 'n18',
    cls: 'nearby_figure',
    turns: ['How many calls lasted more than 30 minutes this week?'],
    truth: async (x) =>
      either(
        await x.fig('calls_received', W.thisWeek, [gt('duration_sec', 1800)]),
        await x.fig('calls_received', W.thisWeek, [gte('duration_sec', 1800)]),
      ),
  },
  {
    id: 'n19',
    cls: 'nearby_figure',
    turns: ['How many calls were shorter than 15 seconds yesterday?'],
    truth: (x) => x.fig('calls_received', W.yesterday, [lt('duration_sec', 15)]),
  },
  {
    id: 'n20',
    cls: 'nearby_figure',
    turns: ['What percent of calls last week came from Florida?'],
    truth: (x) => x.share(W.lastWeek, [is('caller_state', 'FL')]),
  },
  {
    id: 'n21',
    cls: 'nearby_figure',
    turns: ['How many asks under $100 in the past 30 days?'],
    truth: (x) => x.fig('asks', W.d30, [lt('dollar_ask', 100)]),
  },
  {
    id: 'n22',
    cls: 'nearby_figure',
    turns: ['What did the asks of $5,000 or more add up to this month?'],
    truth: (x) => x.fig('total_dollars_asked', W.thisMonth, [gte('dollar_ask', 5000)]),
  },
  {
    id: 'n23',
    cls: 'nearby_figure',
    turns: ['How many calls did the auditor score below 0.5 confidence in the last 7 days?'],
    truth: (x) => x.fig('calls_received', W.d7, [lt('auditor_confidence', 0.5)]),
  },
  {
    id: 'n24',
    cls: 'nearby_figure',
    turns: ['how many PayPal calls were not hooked this week'],
    truth: (x) => x.fig('calls_received', W.thisWeek, [is('impersonated_brand', 'PayPal'), is('hooked', false)]),
    fz: true,
  },
  {
    id: 'n25',
    cls: 'nearby_figure',
    turns: ["What's the hook rate for calls longer than 5 minutes in the last 30 days?"],
    truth: async (x) =>
      either(await x.fig('hook_rate', W.d30, [gt('duration_sec', 300)]), await x.fig('hook_rate', W.d30, [gte('duration_sec', 300)])),
  },
  {
    id: 'n26',
    cls: 'nearby_figure',
    turns: ['How many different TRON wallet addresses did we collect in the last 30 days?'],
    truth: (x) => x.fig('distinct:crypto_wallet_address', W.d30, [is('crypto_chain', 'TRON')]),
  },

  // ------------------------------------------------------------ comparisons and their frames
  {
    id: 'f01',
    cls: 'frame',
    turns: ['Weekends vs weekdays: how does the hook rate compare over the last 30 days?'],
    truth: async (x) =>
      compare(
        await x.partition('time:weekday', WEEKEND, 'hook_rate', W.d30),
        await x.partition('time:weekday', WEEKDAYS, 'hook_rate', W.d30),
      ),
  },
  {
    id: 'f02',
    cls: 'frame',
    turns: ['Compare our calls since Monday with the same stretch last week'],
    truth: async (x) => compare(await x.fig('calls_received', W.thisWeek), await x.fig('calls_received', W.lastWeekToDate)),
  },
  {
    id: 'f03',
    cls: 'frame',
    turns: ['Are we getting more tier 1 calls this week than we had at this point last week?'],
    truth: async (x) => {
      const a = await x.fig('tier1_calls', W.thisWeek);
      const b = await x.fig('tier1_calls', W.lastWeekToDate);
      return compare(a, b, dir(val(b), val(a)));
    },
  },
  {
    id: 'f04',
    cls: 'frame',
    turns: ['Calls week by week since Monday January 18th'],
    truth: (x) => x.series('time:week', 'calls_received', W.sinceJan18),
  },
  {
    id: 'f05',
    cls: 'frame',
    turns: ['hooked calls week by week over the last three full weeks'],
    truth: (x) => x.series('time:week', 'hooked_calls', { start: new Date('2027-01-18T00:00:00Z'), end: new Date('2027-02-08T00:00:00Z') }),
  },
  {
    id: 'f06',
    cls: 'frame',
    turns: ['Month by month, how much money did they ask for?'],
    dashboard_range: '30d',
    truth: (x) => x.series('time:month', 'total_dollars_asked', W.d30),
  },
  {
    id: 'f07',
    cls: 'frame',
    turns: ['Hook rate during business hours (9 to 5) against outside business hours, this week'],
    truth: async (x) => {
      const inUtc = compare(
        await x.partition('time:hour_of_day', range(9, 17), 'hook_rate', W.thisWeek),
        await x.partition('time:hour_of_day', [...range(0, 9), ...range(17, 24)], 'hook_rate', W.thisWeek),
      );
      const inNewYork = compare(
        await x.partition('time:hour_of_day', range(9, 17), 'hook_rate', W.thisWeek, [], 'read', 'America/New_York'),
        await x.partition('time:hour_of_day', [...range(0, 9), ...range(17, 24)], 'hook_rate', W.thisWeek, [], 'read', 'America/New_York'),
      );
      return anyOf(inUtc, inNewYork);
    },
  },
  {
    id: 'f08',
    cls: 'frame',
    turns: ['Did the hook rate go up or down from the first half of the last 30 days to the second half?'],
    truth: async (x) => {
      const [a, b] = halves(W.d30);
      const first = await x.fig('hook_rate', a);
      const second = await x.fig('hook_rate', b);
      return compare(first, second, dir(val(first), val(second)));
    },
  },
  {
    id: 'f09',
    cls: 'frame',
    turns: ['Saturday and Sunday against Monday to Friday: average ask over the last 14 days'],
    truth: async (x) =>
      compare(
        await x.partition('time:weekday', WEEKEND, 'mean_ask', W.d14),
        await x.partition('time:weekday', WEEKDAYS, 'mean_ask', W.d14),
      ),
  },
  {
    id: 'f10',
    cls: 'frame',
    turns: ['Total asked this month so far versus all of January'],
    truth: async (x) => compare(await x.fig('total_dollars_asked', W.thisMonth), await x.fig('total_dollars_asked', W.january)),
  },
  {
    id: 'f11',
    cls: 'frame',
    turns: ['How does last week compare with the week before in tier 1 calls?'],
    truth: async (x) => compare(await x.fig('tier1_calls', W.lastWeek), await x.fig('tier1_calls', W.weekBeforeLast)),
  },
  {
    id: 'f12',
    cls: 'frame',
    turns: ['Gift card vs wire transfer calls this month'],
    truth: async (x) =>
      compare(
        await x.fig('calls_received', W.thisMonth, [is('payment_method', 'gift_card')]),
        await x.fig('calls_received', W.thisMonth, [is('payment_method', 'wire_transfer')]),
      ),
  },
  {
    id: 'f13',
    cls: 'frame',
    turns: ['Chime versus Wells Fargo as mule banks over the last 30 days'],
    truth: async (x) =>
      compare(
        await x.fig('calls_received', W.d30, [is('mule_bank_name', 'Chime')]),
        await x.fig('calls_received', W.d30, [is('mule_bank_name', 'Wells Fargo')]),
      ),
  },
  {
    id: 'f14',
    cls: 'frame',
    turns: ['AnyDesk or TeamViewer, which one showed up on more calls this week?'],
    truth: async (x) =>
      compare(
        await x.fig('calls_received', W.thisWeek, [is('remote_desktop_app', 'AnyDesk')]),
        await x.fig('calls_received', W.thisWeek, [is('remote_desktop_app', 'TeamViewer')]),
      ),
  },
  {
    id: 'f15',
    cls: 'frame',
    turns: ['Was yesterday busier than Tuesday?'],
    truth: async (x) => {
      const y = await x.fig('calls_received', W.yesterday);
      const t = await x.fig('calls_received', W.tue);
      return compare(y, t, dir(val(t), val(y)));
    },
  },
  {
    id: 'f16',
    cls: 'frame',
    turns: ['Hook rate before February 1st versus after it, over the last 30 days'],
    truth: async (x) =>
      compare(
        await x.fig('hook_rate', { start: W.d30.start, end: new Date('2027-02-01T00:00:00Z') }),
        await x.fig('hook_rate', { start: new Date('2027-02-01T00:00:00Z'), end: NOW }),
      ),
  },
  {
    id: 'f17',
    cls: 'frame',
    turns: ['Which day of the week has been the busiest over the last 14 days?'],
    truth: (x) => busiestWeekday(x, W.d14),
  },
  {
    id: 'f18',
    cls: 'frame',
    turns: ['Compare calls between 12:00 and 18:00 UTC with the rest of the day, last 7 days'],
    truth: async (x) =>
      compare(
        await x.partition('time:hour_of_day', range(12, 18), 'calls', W.d7),
        await x.partition('time:hour_of_day', [...range(0, 12), ...range(18, 24)], 'calls', W.d7),
      ),
  },
  {
    id: 'f19',
    cls: 'frame',
    turns: ['weekend hook rate this month compared with last month'],
    truth: async (x) =>
      compare(
        await x.partition('time:weekday', WEEKEND, 'hook_rate', W.thisMonth),
        await x.partition('time:weekday', WEEKEND, 'hook_rate', W.january),
      ),
  },
  {
    id: 'f20',
    cls: 'frame',
    turns: ["This week's average call length against last week's"],
    truth: async (x) => compare(await x.fig('avg_call_duration_sec', W.thisWeek), await x.fig('avg_call_duration_sec', W.lastWeek)),
  },
  {
    id: 'f21',
    cls: 'frame',
    turns: ['Has the median ask gone up this week compared to last week?'],
    truth: async (x) => {
      const a = await x.fig('median_dollar_ask', W.thisWeek);
      const b = await x.fig('median_dollar_ask', W.lastWeek);
      return compare(a, b, dir(val(b), val(a)));
    },
  },
  {
    id: 'f22',
    cls: 'frame',
    turns: ['Compare the refund and tech support lures on hook rate for the last 30 days'],
    truth: async (x) =>
      compare(
        await x.fig('hook_rate', W.d30, [is('lure_category', 'REFUND')]),
        await x.fig('hook_rate', W.d30, [is('lure_category', 'TECH_SUPPORT')]),
      ),
  },
  { id: 'f23', cls: 'frame', turns: ['tier 1 calls day by day this week'], truth: (x) => x.series('time:day', 'tier1_calls', W.thisWeek) },
  {
    id: 'f24',
    cls: 'frame',
    turns: ['Calls on each day from February 3rd through February 5th'],
    truth: (x) =>
      x.series('time:day', 'calls_received', { start: new Date('2027-02-03T00:00:00Z'), end: new Date('2027-02-06T00:00:00Z') }),
  },
  {
    id: 'f25',
    cls: 'frame',
    turns: ['Harold vs Margaret this week: which persona hooks scammers at a higher rate?'],
    truth: async (x) =>
      compare(
        await x.fig('hook_rate', W.thisWeek, [is('persona', 'harold')]),
        await x.fig('hook_rate', W.thisWeek, [is('persona', 'margaret')]),
      ),
  },
  {
    id: 'f26',
    cls: 'frame',
    turns: ['How did calls from New York compare with calls from California last week?'],
    truth: async (x) =>
      compare(
        await x.fig('calls_received', W.lastWeek, [is('caller_state', 'NY')]),
        await x.fig('calls_received', W.lastWeek, [is('caller_state', 'CA')]),
      ),
  },

  // ------------------------------------------------------------ a value of any field
  {
    id: 'v01',
    cls: 'any_value',
    turns: ['How many calls featured a fake agent calling himself Daniel Lewis in the last 30 days?'],
    truth: (x) => x.fig('calls_received', W.d30, [is('fake_agent_name', 'Daniel Lewis')]),
    fz: true,
  },
  {
    id: 'v02',
    cls: 'any_value',
    turns: ['how many calls has Jennifer Walker shown up on this month'],
    truth: (x) => x.fig('calls_received', W.thisMonth, [is('fake_agent_name', 'Jennifer Walker')]),
    fz: true,
  },
  {
    id: 'v03',
    cls: 'any_value',
    turns: ['Calls where the scammer said he was with the Network Security Team, last 7 days'],
    truth: (x) => x.fig('calls_received', W.d7, [is('synthetic_org', 'Network Security Team')]),
    fz: true,
  },
  {
    id: 'v04',
    cls: 'any_value',
    turns: ["How many times did 'Customer Refund Services LLC' come up this week?"],
    truth: (x) => x.fig('calls_received', W.thisWeek, [is('synthetic_org', 'Customer Refund Services LLC')]),
    fz: true,
  },
  {
    id: 'v05',
    cls: 'any_value',
    turns: ['Any calls from BlockTrust Investments yesterday?'],
    truth: async (x) => anyCalls(x, W.yesterday, [is('synthetic_org', 'BlockTrust Investments')]),
  },
  {
    id: 'v06',
    cls: 'any_value',
    turns: ['How many calls gave the drop address 741 Elm Blvd, Dallas, TX 75216?'],
    dashboard_range: '30d',
    truth: (x) => x.fig('calls_received', W.d30, [is('physical_mule_drop_address', '741 Elm Blvd, Dallas, TX 75216')]),
    fz: true,
  },
  {
    id: 'v07',
    cls: 'any_value',
    turns: ['Drop addresses in Detroit, MI: how many calls gave one in the last 30 days?'],
    truth: (x) => x.fig('calls_received', W.d30, [contains('physical_mule_drop_address', 'Detroit, MI')]),
    fz: true,
  },
  {
    id: 'v08',
    cls: 'any_value',
    turns: ['How many distinct Florida drop addresses did the scammers hand out this month?'],
    truth: (x) => x.fig('distinct:physical_mule_drop_address', W.thisMonth, [contains('physical_mule_drop_address', ', FL ')]),
    fz: true,
  },
  {
    id: 'v09',
    cls: 'any_value',
    turns: [`How many calls used the wallet ${WALLET_BIG}?`],
    dashboard_range: '30d',
    truth: (x) => x.fig('calls_received', W.d30, [is('crypto_wallet_address', WALLET_BIG)]),
    fz: true,
  },
  {
    id: 'v10',
    cls: 'any_value',
    turns: [`Which brands were impersonated on the calls that gave wallet ${WALLET_BIG} in the last 30 days?`],
    truth: (x) => everyValue(x, 'impersonated_brand', W.d30, [is('crypto_wallet_address', WALLET_BIG)]),
  },
  {
    id: 'v11',
    cls: 'any_value',
    turns: ['Which bank is routing number 312623832?'],
    dashboard_range: '30d',
    truth: async (x) =>
      label(...spellings('mule_bank_name', await leadingValue(x, 'mule_bank_name', W.d30, [is('mule_bank_routing_number', '312623832')]))),
  },
  {
    id: 'v12',
    cls: 'any_value',
    turns: ['what bank does 249899881 belong to'],
    dashboard_range: '30d',
    truth: async (x) =>
      label(...spellings('mule_bank_name', await leadingValue(x, 'mule_bank_name', W.d30, [is('mule_bank_routing_number', '249899881')]))),
  },
  {
    id: 'v13',
    cls: 'any_value',
    turns: ['How many calls involved account number 711277820239 in the last 30 days?'],
    truth: (x) => x.fig('calls_received', W.d30, [is('mule_bank_account_number', '711277820239')]),
    fz: true,
  },
  {
    id: 'v14',
    cls: 'any_value',
    turns: ['Which mule bank was account 3589198385 held at?'],
    dashboard_range: '30d',
    truth: async (x) =>
      label(...spellings('mule_bank_name', await leadingValue(x, 'mule_bank_name', W.d30, [is('mule_bank_account_number', '3589198385')]))),
  },
  {
    id: 'v15',
    cls: 'any_value',
    turns: ['How many calls had Destiny Hughes as the account holder in the last 30 days?'],
    truth: (x) => x.fig('calls_received', W.d30, [is('mule_account_holder_name', 'Destiny Hughes')]),
    fz: true,
  },
  {
    id: 'v16',
    cls: 'any_value',
    turns: ['How many times has Summit Consulting Group LLC been the name on the receiving account this month?'],
    truth: (x) => x.fig('calls_received', W.thisMonth, [is('mule_account_holder_name', 'Summit Consulting Group LLC')]),
    fz: true,
  },
  {
    id: 'v17',
    cls: 'any_value',
    turns: ['How many calls sent victims to amazon-desk.support?'],
    dashboard_range: '30d',
    truth: (x) => x.fig('calls_received', W.d30, [contains('phishing_url', 'amazon-desk.support')]),
    fz: true,
  },
  {
    id: 'v18',
    cls: 'any_value',
    turns: ['calls with the phishing link sofi-billing96.net in the last 30 days'],
    truth: (x) => x.fig('calls_received', W.d30, [contains('phishing_url', 'sofi-billing96.net')]),
    fz: true,
  },
  {
    id: 'v19',
    cls: 'any_value',
    turns: ["Which agent names did the 'Tax Resolution Department' use most in the last 30 days? Top 3"],
    truth: (x) => x.top('fake_agent_name', 3, W.d30, [is('synthetic_org', 'Tax Resolution Department')]),
  },
  {
    id: 'v20',
    cls: 'any_value',
    turns: ['How many calls did the scammer going by Kevin handle this week?'],
    truth: async (x) =>
      either(
        await x.fig('calls_received', W.thisWeek, [is('fake_agent_name', 'Kevin')]),
        await x.fig('calls_received', W.thisWeek, [contains('fake_agent_name', 'Kevin')]),
      ),
    fz: true,
  },
  {
    id: 'v21',
    cls: 'any_value',
    turns: ["What lure does 'Meridian Crypto Fund' usually go with?"],
    dashboard_range: '30d',
    truth: async (x) => label(String(await leadingValue(x, 'lure_category', W.d30, [is('synthetic_org', 'Meridian Crypto Fund')]))),
  },
  {
    id: 'v22',
    cls: 'any_value',
    turns: ['How many calls asked for Apple gift cards last week?'],
    truth: (x) => x.fig('calls_received', W.lastWeek, [is('gift_card_brand', 'Apple')]),
    fz: true,
  },
  {
    id: 'v23',
    cls: 'any_value',
    turns: ['How many calls wanted Steam cards this month?'],
    truth: (x) => x.fig('calls_received', W.thisMonth, [is('gift_card_brand', 'Steam')]),
    fz: true,
  },
  {
    id: 'v24',
    cls: 'any_value',
    turns: ['How many calls used UltraViewer in the last 14 days?'],
    truth: (x) => x.fig('calls_received', W.d14, [is('remote_desktop_app', 'UltraViewer')]),
  },
  {
    id: 'v25',
    cls: 'any_value',
    turns: ['Calls impersonating the U.S. Marshals this month?'],
    truth: (x) => x.fig('calls_received', W.thisMonth, [is('impersonated_government_agency', 'U.S. Marshals')]),
    fz: true,
  },
  {
    id: 'v26',
    cls: 'any_value',
    turns: ['How many calls gave a drop address in Baltimore?'],
    dashboard_range: '30d',
    truth: (x) => x.fig('calls_received', W.d30, [contains('physical_mule_drop_address', 'Baltimore')]),
    fz: true,
  },
  {
    id: 'v27',
    cls: 'any_value',
    turns: ["How much money was asked on calls where the caller claimed to be from the 'Federal Reserve Protection Unit', last 30 days?"],
    truth: (x) => x.fig('total_dollars_asked', W.d30, [is('synthetic_org', 'Federal Reserve Protection Unit')]),
  },
  {
    id: 'v28',
    cls: 'any_value',
    turns: ["Hook rate for calls with the fake agent 'Jack Walker' this month"],
    truth: (x) => x.fig('hook_rate', W.thisMonth, [is('fake_agent_name', 'Jack Walker')]),
  },
  {
    id: 'v29',
    cls: 'any_value',
    turns: ['how many calls named Bright Wholesale Inc as the account holder, last 30 days'],
    truth: (x) => x.fig('calls_received', W.d30, [is('mule_account_holder_name', 'Bright Wholesale Inc')]),
    fz: true,
  },
  {
    id: 'v30',
    cls: 'any_value',
    turns: ['How many calls gave routing number 045902040 this month?'],
    truth: (x) => x.fig('calls_received', W.thisMonth, [is('mule_bank_routing_number', '045902040')]),
    fz: true,
  },
  {
    id: 'v31',
    cls: 'any_value',
    turns: ['What chain is the wallet TP8HfWBD6HBiHYR68n9FeoU9vA9sikEiRf on?'],
    dashboard_range: '30d',
    truth: async (x) =>
      label(String(await leadingValue(x, 'crypto_chain', W.d30, [is('crypto_wallet_address', 'TP8HfWBD6HBiHYR68n9FeoU9vA9sikEiRf')]))),
  },

  // ------------------------------------------------------------ casual phrasing
  {
    id: 'c01',
    cls: 'casual',
    turns: ['how many calls r live rn'],
    truth: async (x) => num((await x.get('/api/kpis/active-calls')).active_count, 'count'),
  },
  {
    id: 'c02',
    cls: 'casual',
    turns: ['calls > 30 min this wk'],
    truth: async (x) =>
      either(
        await x.fig('calls_received', W.thisWeek, [gt('duration_sec', 1800)]),
        await x.fig('calls_received', W.thisWeek, [gte('duration_sec', 1800)]),
      ),
  },
  {
    id: 'c03',
    cls: 'casual',
    turns: ['wallet drops this month?'],
    truth: async (x) =>
      either(
        await x.fig('calls_received', W.thisMonth, [has('crypto_wallet_address')]),
        await x.fig('distinct:crypto_wallet_address', W.thisMonth),
      ),
    fz: true,
  },
  { id: 'c04', cls: 'casual', turns: ['hook rt yday'], truth: (x) => x.fig('hook_rate', W.yesterday) },
  { id: 'c05', cls: 'casual', turns: ['tier1s today??'], truth: (x) => x.fig('tier1_calls', W.today) },
  { id: 'c06', cls: 'casual', turns: ['whats the $$ total they asked for past 24h'], truth: (x) => x.fig('total_dollars_asked', W.h24) },
  {
    id: 'c07',
    cls: 'casual',
    turns: ['amazn calls this wk'],
    truth: (x) => x.fig('calls_received', W.thisWeek, [is('impersonated_brand', 'Amazon')]),
    fz: true,
  },
  {
    id: 'c08',
    cls: 'casual',
    turns: ['how many calls frm florida last 7 days'],
    truth: (x) => x.fig('calls_received', W.d7, [is('caller_state', 'FL')]),
  },
  { id: 'c09', cls: 'casual', turns: ['medain call lenght this month'], truth: (x) => x.fig('median_call_duration_sec', W.thisMonth) },
  {
    id: 'c10',
    cls: 'casual',
    turns: ['how many zelle scams yday'],
    truth: (x) => x.fig('calls_received', W.yesterday, [is('payment_method', 'zelle')]),
    fz: true,
  },
  {
    id: 'c11',
    cls: 'casual',
    turns: ['any1 pretending to be the FBI today?'],
    truth: (x) => anyCalls(x, W.today, [is('impersonated_government_agency', 'FBI')]),
  },
  { id: 'c12', cls: 'casual', turns: ['top 3 brands lst 7d pls'], truth: (x) => x.top('impersonated_brand', 3, W.d7) },
  {
    id: 'c13',
    cls: 'casual',
    turns: ['# of tech suport calls yesterday'],
    truth: (x) => x.fig('calls_received', W.yesterday, [is('lure_category', 'TECH_SUPPORT')]),
    fz: true,
  },
  { id: 'c14', cls: 'casual', turns: ['biggest ask this wk?'], truth: (x) => x.fig('max_single_ask', W.thisWeek) },
  {
    id: 'c15',
    cls: 'casual',
    turns: ['calls under 15s yday'],
    truth: (x) => x.fig('calls_received', W.yesterday, [lt('duration_sec', 15)]),
  },
  {
    id: 'c16',
    cls: 'casual',
    turns: ['how many bitcoin atm calls in the past fortnight'],
    truth: (x) => x.fig('calls_received', W.d14, [is('payment_method', 'crypto_atm')]),
    fz: true,
  },
  {
    id: 'c17',
    cls: 'casual',
    turns: ['anydesk calls 2day'],
    truth: (x) => x.fig('calls_received', W.today, [is('remote_desktop_app', 'AnyDesk')]),
    fz: true,
  },
  { id: 'c18', cls: 'casual', turns: ['wat % of calls got hooked this month'], truth: (x) => x.fig('hook_rate', W.thisMonth) },
  {
    id: 'c19',
    cls: 'casual',
    turns: ['texas callers last wk?'],
    truth: async (x) =>
      either(
        await x.fig('calls_received', W.lastWeek, [is('caller_state', 'TX')]),
        await x.fig('calls_received', W.d7, [is('caller_state', 'TX')]),
      ),
  },
  {
    id: 'c20',
    cls: 'casual',
    turns: ['chime mule accts this month how many'],
    truth: async (x) =>
      either(
        await x.fig('calls_received', W.thisMonth, [is('mule_bank_name', 'Chime')]),
        await x.fig('distinct:mule_bank_account_number', W.thisMonth, [is('mule_bank_name', 'Chime')]),
      ),
    fz: true,
  },
  {
    id: 'c21',
    cls: 'casual',
    turns: ['how much did the geek squad guys ask for in total lst 30d'],
    truth: (x) => x.fig('total_dollars_asked', W.d30, [is('impersonated_brand', 'Geek Squad')]),
  },

  // ------------------------------------------------------------ follow-ups with stray words
  {
    id: 's01',
    cls: 'stray_words',
    turns: ['How many calls impersonated Norton this week?', 'and how many of those involved were hooked?'],
    truth: (x) => x.fig('hooked_calls', W.thisWeek, [is('impersonated_brand', 'Norton')]),
  },
  {
    id: 's02',
    cls: 'stray_words',
    turns: ['Top 3 lures in the last 7 days', 'what was the hook rate for the top one'],
    truth: async (x) => x.fig('hook_rate', W.d7, [is('lure_category', await leadingValue(x, 'lure_category', W.d7))]),
  },
  {
    id: 's03',
    cls: 'stray_words',
    turns: ['how many tier 1 calls yesterday', 'which mule banks showed up in those ones?'],
    truth: (x) => x.top('mule_bank_name', 3, W.yesterday, [is('tier', 1)]),
  },
  {
    id: 's04',
    cls: 'stray_words',
    turns: ['How many calls came from Georgia this month?', 'ok and the ones among them that were tier 1?'],
    truth: (x) => x.fig('tier1_calls', W.thisMonth, [is('caller_state', 'GA')]),
  },
  {
    id: 's05',
    cls: 'stray_words',
    turns: ['What was the total asked last week?', 'hmm what about the stuff from the week before that'],
    truth: (x) => x.fig('total_dollars_asked', W.weekBeforeLast),
  },
  {
    id: 's06',
    cls: 'stray_words',
    turns: ['how many calls used TeamViewer in the last 30 days', "for the guys using that, what's the median ask"],
    truth: (x) => x.fig('median_dollar_ask', W.d30, [is('remote_desktop_app', 'TeamViewer')]),
  },
  {
    id: 's07',
    cls: 'stray_words',
    turns: ['Show me the calls where they impersonated Medicare this week', 'How many of these folks asked for more than $1,000?'],
    truth: async (x) =>
      either(
        await x.fig('calls_received', W.thisWeek, [is('impersonated_brand', 'Medicare'), gt('dollar_ask', 1000)]),
        await x.fig('calls_received', W.thisWeek, [is('impersonated_brand', 'Medicare'), gte('dollar_ask', 1000)]),
      ),
  },
  {
    id: 's08',
    cls: 'stray_words',
    turns: ['How many calls did Dolores take yesterday?', 'same thing but for poor old Walter'],
    truth: (x) => x.fig('calls_received', W.yesterday, [is('persona', 'walter')]),
  },
  {
    id: 's09',
    cls: 'stray_words',
    turns: ['hook rate for crypto investment scams this month', 'and for the rest of them?'],
    truth: async (x) =>
      either(
        await x.fig('hook_rate', W.thisMonth, [isNot('lure_category', 'CRYPTO_INVESTMENT')]),
        await x.fig('hook_rate', W.thisMonth, [isNot('lure_category', 'CRYPTO_INVESTMENT'), has('lure_category')]),
      ),
  },
  {
    id: 's10',
    cls: 'stray_words',
    turns: ['How many calls involved a remote desktop app this week?', 'break that down by app, everything involved'],
    truth: (x) => everyValue(x, 'remote_desktop_app', W.thisWeek),
  },

  // ------------------------------------------------------------ several parts in one question
  {
    id: 'm01',
    cls: 'multi_part',
    turns: ['How many calls did we get today and how many of them were tier 1?'],
    truth: async (x) => all(await x.fig('calls_received', W.today), await x.fig('tier1_calls', W.today)),
  },
  {
    id: 'm02',
    cls: 'multi_part',
    turns: ['What were the total dollars asked and the median ask over the last 7 days?'],
    truth: async (x) => all(await x.fig('total_dollars_asked', W.d7), await x.fig('median_dollar_ask', W.d7)),
  },
  {
    id: 'm03',
    cls: 'multi_part',
    turns: ['Give me calls, hooked calls and the hook rate for yesterday'],
    truth: async (x) =>
      all(await x.fig('calls_received', W.yesterday), await x.fig('hooked_calls', W.yesterday), await x.fig('hook_rate', W.yesterday)),
  },
  {
    id: 'm04',
    cls: 'multi_part',
    turns: ['How many calls came from New Jersey in the last 30 days, and which brand did they impersonate most?'],
    truth: async (x) =>
      all(
        await x.fig('calls_received', W.d30, [is('caller_state', 'NJ')]),
        label(String(await leadingValue(x, 'impersonated_brand', W.d30, [is('caller_state', 'NJ')]))),
      ),
  },
  {
    id: 'm05',
    cls: 'multi_part',
    turns: ['How many tier 1 calls last week, and what share of all calls was that?'],
    truth: async (x) => all(await x.fig('tier1_calls', W.lastWeek), await x.share(W.lastWeek, [is('tier', 1)])),
  },
  {
    id: 'm06',
    cls: 'multi_part',
    turns: ["What's the longest call this month and what's the average length?"],
    truth: async (x) => all(await x.fig('max_call_duration_sec', W.thisMonth), await x.fig('avg_call_duration_sec', W.thisMonth)),
  },
  {
    id: 'm07',
    cls: 'multi_part',
    turns: ['How many crypto wallets did we see this week, and which chain was most common?'],
    truth: async (x) =>
      all(
        either(
          await x.fig('distinct:crypto_wallet_address', W.thisWeek),
          await x.fig('calls_received', W.thisWeek, [has('crypto_wallet_address')]),
        ),
        label(String(await leadingValue(x, 'crypto_chain', W.thisWeek))),
      ),
  },
  {
    id: 'm08',
    cls: 'multi_part',
    turns: ['Calls from Illinois in the last 30 days: how many, and what was their hook rate?'],
    truth: async (x) =>
      all(await x.fig('calls_received', W.d30, [is('caller_state', 'IL')]), await x.fig('hook_rate', W.d30, [is('caller_state', 'IL')])),
  },
  {
    id: 'm09',
    cls: 'multi_part',
    turns: ['What is the top lure this week and how many calls did it get?'],
    truth: async (x) => {
      const l = await x.leader('lure_category', W.thisWeek);
      return all(l.truth, num(l.figure, 'count'));
    },
  },
  {
    id: 'm10',
    cls: 'multi_part',
    turns: ['How many calls wanted cash by mail this month, and how many distinct drop addresses came with them?'],
    truth: async (x) =>
      all(
        await x.fig('calls_received', W.thisMonth, [is('payment_method', 'cash_by_mail')]),
        await x.fig('distinct:physical_mule_drop_address', W.thisMonth, [is('payment_method', 'cash_by_mail')]),
      ),
  },
  {
    id: 'm11',
    cls: 'multi_part',
    turns: ["How many high-confidence insights today, and what's the average auditor confidence?"],
    truth: async (x) => all(await x.fig('high_confidence_insights', W.today), await x.fig('avg_auditor_confidence', W.today)),
  },
  {
    id: 'm12',
    cls: 'multi_part',
    turns: ['Number of calls, total asked and the biggest single ask for SoFi impersonation in the last 30 days'],
    truth: async (x) => {
      const f = [is('impersonated_brand', 'SoFi')];
      return all(
        await x.fig('calls_received', W.d30, f),
        await x.fig('total_dollars_asked', W.d30, f),
        await x.fig('max_single_ask', W.d30, f),
      );
    },
  },
  {
    id: 'm13',
    cls: 'multi_part',
    turns: ['How many calls were cut off by a voice engine issue this week, and how many ended with the caller hanging up?'],
    truth: async (x) =>
      all(
        await x.fig('calls_received', W.thisWeek, [is('disconnect_reason', 'voice_engine_issue')]),
        await x.fig('calls_received', W.thisWeek, [is('disconnect_reason', 'caller_hung_up_normal')]),
      ),
  },
  {
    id: 'm14',
    cls: 'multi_part',
    turns: ["What's the hook rate today versus yesterday, and how many tier 1 calls on each day?"],
    truth: async (x) =>
      all(
        compare(await x.fig('hook_rate', W.today), await x.fig('hook_rate', W.yesterday)),
        compare(await x.fig('tier1_calls', W.today), await x.fig('tier1_calls', W.yesterday)),
      ),
  },
  {
    id: 'm15',
    cls: 'multi_part',
    turns: ['How many calls came in over the last hour, and how many are live right now?'],
    truth: async (x) => all(await x.fig('calls_received', W.h1), num((await x.get('/api/kpis/active-calls')).active_count, 'count')),
  },

  // ------------------------------------------------------------ follow-ups
  {
    id: 'u01',
    cls: 'follow_up',
    turns: ['How many calls this week?', 'and last week?'],
    truth: (x) => x.fig('calls_received', W.lastWeek),
  },
  {
    id: 'u02',
    cls: 'follow_up',
    turns: ["What's the hook rate for Apple impersonation calls in the last 7 days?", 'what about Microsoft?'],
    truth: (x) => x.fig('hook_rate', W.d7, [is('impersonated_brand', 'Microsoft')]),
  },
  {
    id: 'u03',
    cls: 'follow_up',
    turns: ['How many tier 1 calls today?', 'and yesterday?'],
    truth: (x) => x.fig('tier1_calls', W.yesterday),
  },
  {
    id: 'u04',
    cls: 'follow_up',
    turns: ['Top 5 fake agent names this month', 'how many calls did the second one have?'],
    truth: async (x) => num((await nth(x, 'fake_agent_name', 2, W.thisMonth)).calls, 'count'),
  },
  {
    id: 'u05',
    cls: 'follow_up',
    turns: ['total dollars asked this month', 'break it down by payment method'],
    truth: async (x) => {
      const rows = (await x.byField('payment_method', W.thisMonth, ['total_dollars_asked'])).sort(
        (a, b) => (b.metrics[0] as number) - (a.metrics[0] as number),
      );
      return all(
        ...rows
          .slice(0, 4)
          .map((r) =>
            all(
              label(...spellings('payment_method', r.dimensions[0]), String(r.dimensions[0]).replace(/_/g, ' ')),
              num(r.metrics[0] as number, 'usd'),
            ),
          ),
      );
    },
  },
  {
    id: 'u06',
    cls: 'follow_up',
    turns: ['How many calls from California yesterday?', 'what was their median call length?'],
    truth: (x) => x.fig('median_call_duration_sec', W.yesterday, [is('caller_state', 'CA')]),
  },
  {
    id: 'u07',
    cls: 'follow_up',
    turns: ['How many calls impersonated Chase in the last 30 days?', 'ok now only the hooked ones'],
    truth: (x) => x.fig('hooked_calls', W.d30, [is('impersonated_brand', 'Chase')]),
  },
  {
    id: 'u08',
    cls: 'follow_up',
    turns: ['hook rate this week', 'is that better than last week?'],
    truth: async (x) => {
      const a = await x.fig('hook_rate', W.thisWeek);
      const b = await x.fig('hook_rate', W.lastWeek);
      return compare(a, b, dir(val(b), val(a)));
    },
  },
  {
    id: 'u09',
    cls: 'follow_up',
    turns: ['Which states call us the most? last 7 days', "and which lure do the top state's callers use most?"],
    truth: async (x) =>
      label(String(await leadingValue(x, 'lure_category', W.d7, [is('caller_state', await leadingValue(x, 'caller_state', W.d7))]))),
  },
  {
    id: 'u10',
    cls: 'follow_up',
    turns: ["How many calls mentioned 'gift card' in the transcript yesterday?", 'and today?'],
    truth: (x) => x.fig('calls_received', W.today, [contains('transcript', 'gift card')]),
  },
  {
    id: 'u11',
    cls: 'follow_up',
    turns: ['How many calls did Edith take this month?', "what's her hook rate?"],
    truth: (x) => x.fig('hook_rate', W.thisMonth, [is('persona', 'edith')]),
  },
  {
    id: 'u12',
    cls: 'follow_up',
    turns: ['How many package delivery scam calls in the last 14 days?', 'which brands did they use? top 3'],
    truth: (x) => x.top('impersonated_brand', 3, W.d14, [is('lure_category', 'PACKAGE_DELIVERY')]),
  },
  {
    id: 'u13',
    cls: 'follow_up',
    turns: ["what's the max single ask this week", 'and for tier 2 calls only?'],
    truth: (x) => x.fig('max_single_ask', W.thisWeek, [is('tier', 2)]),
  },
  {
    id: 'u14',
    cls: 'follow_up',
    turns: ['How many calls had a phishing URL last week?', 'and the week before?'],
    truth: (x) => x.fig('calls_received', W.weekBeforeLast, [has('phishing_url')]),
  },
  {
    id: 'u15',
    cls: 'follow_up',
    turns: ['Number of calls with Navy Federal Credit Union as the mule bank in the last 30 days', 'and Regions?'],
    truth: (x) => x.fig('calls_received', W.d30, [is('mule_bank_name', 'Regions')]),
  },

  // ------------------------------------------------------------ rankings
  {
    id: 'r01',
    cls: 'ranking',
    turns: ['Top 5 impersonated brands in the last 7 days'],
    truth: (x) => x.top('impersonated_brand', 5, W.d7),
  },
  {
    id: 'r02',
    cls: 'ranking',
    turns: ['Which 3 lures had the highest hook rate this month?'],
    truth: (x) => x.top('lure_category', 3, W.thisMonth, [], 'read', 'hook_rate'),
  },
  {
    id: 'r03',
    cls: 'ranking',
    turns: ['What were the 3 most common payment methods last week?'],
    truth: (x) => x.top('payment_method', 3, W.lastWeek),
  },
  {
    id: 'r04',
    cls: 'ranking',
    turns: ['Top 5 states by tier 1 calls in the last 30 days'],
    truth: (x) => x.top('caller_state', 5, W.d30, [], 'read', 'tier1_calls'),
  },
  {
    id: 'r05',
    cls: 'ranking',
    turns: ['Which fake agent names were used the most this week? top 5'],
    truth: (x) => x.top('fake_agent_name', 5, W.thisWeek),
  },
  {
    id: 'r06',
    cls: 'ranking',
    turns: ['Rank the mule banks by calls over the last 30 days, top 4'],
    truth: (x) => x.top('mule_bank_name', 4, W.d30),
  },
  {
    id: 'r07',
    cls: 'ranking',
    turns: ['Which made-up organisations came up most often yesterday? give me 3'],
    truth: (x) => x.top('synthetic_org', 3, W.yesterday),
  },
  { id: 'r08', cls: 'ranking', turns: ['Top 3 gift card brands this month'], truth: (x) => x.top('gift_card_brand', 3, W.thisMonth) },
  {
    id: 'r09',
    cls: 'ranking',
    turns: ['Which brands had the most money asked for in the last 7 days? top 3'],
    truth: (x) => x.top('impersonated_brand', 3, W.d7, [], 'read', 'total_dollars_asked'),
  },
  {
    id: 'r10',
    cls: 'ranking',
    turns: ['Which remote desktop apps were used most over the last 14 days? Top 3'],
    truth: (x) => x.top('remote_desktop_app', 3, W.d14),
  },
  {
    id: 'r11',
    cls: 'ranking',
    turns: ['Which government agencies get impersonated the most? top 3 this month'],
    truth: (x) => x.top('impersonated_government_agency', 3, W.thisMonth),
  },
  { id: 'r12', cls: 'ranking', turns: ['Which 3 personas got the most calls this week?'], truth: (x) => x.top('persona', 3, W.thisWeek) },
  {
    id: 'r13',
    cls: 'ranking',
    turns: ['What are the top 3 area codes calling us in the last 7 days?'],
    truth: (x) => x.top('caller_area_code', 3, W.d7),
  },
  {
    id: 'r14',
    cls: 'ranking',
    turns: ['What was the least common lure in the last 30 days?'],
    truth: async (x) => (await x.leader('lure_category', W.d30, [], 'read', 'calls_received', 'asc')).truth,
  },
  {
    id: 'r15',
    cls: 'ranking',
    turns: ['Top 3 routing numbers this month'],
    truth: (x) => x.top('mule_bank_routing_number', 3, W.thisMonth),
  },
  { id: 'r16', cls: 'ranking', turns: ['which crypto chains do we see most? last 30 days'], truth: (x) => x.top('crypto_chain', 3, W.d30) },

  // ------------------------------------------------------------ true zeros and values the data does not hold
  {
    id: 'z01',
    cls: 'true_zero',
    turns: ['How many calls lasted longer than 20 hours this month?'],
    truth: (x) => x.zero('calls_received', W.thisMonth, [gt('duration_sec', 72000)]),
  },
  {
    id: 'z02',
    cls: 'true_zero',
    turns: ['Any asks over $500,000 in the last 30 days?'],
    truth: (x) => x.zero('asks', W.d30, [gt('dollar_ask', 500000)]),
  },
  {
    id: 'z03',
    cls: 'true_zero',
    turns: ['How many calls impersonated Netflix this week?'],
    truth: (x) => x.nothing([contains('impersonated_brand', 'Netflix')]),
  },
  {
    id: 'z04',
    cls: 'true_zero',
    turns: ["calls with the fake agent 'Bartholomew' in the last 30 days"],
    truth: (x) => x.nothing([contains('fake_agent_name', 'Bartholomew')]),
  },
  {
    id: 'z05',
    cls: 'true_zero',
    turns: ['How many calls gave a drop address in Alaska?'],
    dashboard_range: '30d',
    truth: (x) => x.nothing([contains('physical_mule_drop_address', ', AK ', 'Alaska')]),
  },
  {
    id: 'z06',
    cls: 'true_zero',
    turns: ['How many calls used the wallet bc1qzz9h7e2x0l6lq3r0hq8w3j2ugl4x9mdk5wtzrs?'],
    dashboard_range: '30d',
    truth: (x) => x.nothing([is('crypto_wallet_address', 'bc1qzz9h7e2x0l6lq3r0hq8w3j2ugl4x9mdk5wtzrs')]),
  },
  {
    id: 'z07',
    cls: 'true_zero',
    turns: ['What bank is routing number 021000021?'],
    dashboard_range: '30d',
    truth: (x) => x.nothing([is('mule_bank_routing_number', '021000021')]),
  },
  {
    id: 'z08',
    cls: 'true_zero',
    turns: ["How many calls this month came from the organisation 'Acme Recovery Bureau'?"],
    truth: (x) => x.nothing([contains('synthetic_org', 'Acme Recovery')]),
  },
  {
    id: 'z09',
    cls: 'true_zero',
    turns: ['How many calls did we get on January 5th?'],
    truth: (x) => x.zero('calls_received', { start: new Date('2027-01-05T00:00:00Z'), end: new Date('2027-01-06T00:00:00Z') }),
  },
  {
    id: 'z10',
    cls: 'true_zero',
    turns: ['How many DEA impersonation calls today?'],
    truth: (x) => x.zero('calls_received', W.today, [is('impersonated_government_agency', 'DEA')]),
  },
  {
    id: 'z11',
    cls: 'true_zero',
    turns: ['Any Xcel Energy calls today?'],
    truth: (x) => x.zero('calls_received', W.today, [is('impersonated_brand', 'Xcel Energy')]),
  },
  {
    id: 'z12',
    cls: 'true_zero',
    turns: ['How many crypto wallets on the Solana chain did we collect?'],
    dashboard_range: '30d',
    truth: (x) => x.nothing([contains('crypto_chain', 'SOL')]),
  },
  {
    id: 'z13',
    cls: 'true_zero',
    turns: ['How many calls asked for payment by Western Union this month?'],
    truth: (x) => x.nothing([contains('payment_method', 'western')]),
  },
  {
    id: 'z14',
    cls: 'true_zero',
    turns: ['How many calls in the last hour hit the AI session cap?'],
    truth: (x) => x.zero('calls_received', W.h1, [is('disconnect_reason', 'ai_session_capped')]),
  },
  {
    id: 'z15',
    cls: 'true_zero',
    turns: ['Did any Navy Federal Credit Union mule accounts show up yesterday?'],
    truth: (x) => x.zero('calls_received', W.yesterday, [is('mule_bank_name', 'Navy Federal Credit Union')]),
  },
  {
    id: 'z16',
    cls: 'true_zero',
    turns: ["Any calls this week with the account holder 'Zebulon Crabtree'?"],
    truth: (x) => x.nothing([contains('mule_account_holder_name', 'Zebulon')]),
  },

  {
    id: 'z17',
    cls: 'true_zero',
    turns: ['how many drop addresses came in yesterday'],
    truth: (x) => x.zero('distinct:physical_mule_drop_address', W.yesterday),
  },
  {
    id: 'z18',
    cls: 'true_zero',
    turns: ['Were there any ETH wallets in yesterday’s calls?'],
    truth: (x) => x.zero('calls_received', W.yesterday, [is('crypto_chain', 'ETH')]),
  },

  // ------------------------------------------------------------ a scoped key's slice
  {
    id: 'k01',
    cls: 'scoped',
    key: 'lures',
    turns: ['How many calls did we get this week?'],
    truth: (x) => x.fig('calls_received', W.thisWeek, [], 'lures'),
  },
  {
    id: 'k02',
    cls: 'scoped',
    key: 'lures',
    turns: ['Top 3 impersonated brands in the last 30 days'],
    truth: (x) => x.top('impersonated_brand', 3, W.d30, [], 'lures'),
  },
  {
    id: 'k03',
    cls: 'scoped',
    key: 'lures',
    turns: ['How many IRS tax scam calls this month?'],
    truth: (x) => x.nothing([is('lure_category', 'IRS_TAX')], 'lures'),
  },
  { id: 'k04', cls: 'scoped', key: 'lures', turns: ['hook rate yesterday?'], truth: (x) => x.fig('hook_rate', W.yesterday, [], 'lures') },
  {
    id: 'k05',
    cls: 'scoped',
    key: 'personas',
    turns: ['How many calls did Harold take this week?'],
    truth: (x) => x.fig('calls_received', W.thisWeek, [is('persona', 'harold')], 'personas'),
  },
  {
    id: 'k06',
    cls: 'scoped',
    key: 'personas',
    turns: ['How many calls did Margaret take yesterday?'],
    truth: (x) => x.nothing([is('persona', 'margaret')], 'personas'),
  },
  {
    id: 'k07',
    cls: 'scoped',
    key: 'personas',
    turns: ['total asked in the last 7 days'],
    truth: (x) => x.fig('total_dollars_asked', W.d7, [], 'personas'),
  },
  {
    id: 'k08',
    cls: 'scoped',
    key: 'personas',
    turns: ['which lures hit our personas most this month? top 3'],
    truth: (x) => x.top('lure_category', 3, W.thisMonth, [], 'personas'),
  },
  {
    id: 'k09',
    cls: 'scoped',
    key: 'west',
    turns: ['How many calls from Texas this week?'],
    truth: (x) => x.nothing([is('caller_state', 'TX')], 'west'),
  },
  {
    id: 'k10',
    cls: 'scoped',
    key: 'west',
    turns: ['How many calls came from Washington state in the last 30 days?'],
    truth: (x) => x.fig('calls_received', W.d30, [is('caller_state', 'WA')], 'west'),
  },
  {
    id: 'k11',
    cls: 'scoped',
    key: 'west',
    turns: ["What's the tier 1 count for the last 7 days?"],
    truth: (x) => x.fig('tier1_calls', W.d7, [], 'west'),
  },
  {
    id: 'k12',
    cls: 'scoped',
    key: 'west',
    turns: ['Which state sends us the most calls?'],
    dashboard_range: '30d',
    truth: async (x) => (await x.leader('caller_state', W.d30, [], 'west')).truth,
  },
  {
    id: 'k13',
    cls: 'scoped',
    key: 'lures',
    turns: ['How many calls are live right now?'],
    truth: async (x) => {
      const n = (await x.get('/api/kpis/active-calls', 'lures')).active_count as number;
      return n ? num(n, 'count') : { kind: 'zero' };
    },
  },
  {
    id: 'k14',
    cls: 'scoped',
    key: 'personas',
    turns: ['how are we doing on call volume this week vs last week?'],
    truth: async (x) =>
      compare(await x.fig('calls_received', W.thisWeek, [], 'personas'), await x.fig('calls_received', W.lastWeek, [], 'personas')),
  },
  {
    id: 'k15',
    cls: 'scoped',
    key: 'west',
    turns: ['How many calls impersonated Amazon yesterday?'],
    truth: (x) => x.fig('calls_received', W.yesterday, [is('impersonated_brand', 'Amazon')], 'west'),
  },
  {
    id: 'k16',
    cls: 'scoped',
    key: 'lures',
    turns: ['How many calls used the drop address 741 Elm Blvd, Dallas, TX 75216?'],
    dashboard_range: '30d',
    truth: (x) => countOrNothing(x, W.d30, [is('physical_mule_drop_address', '741 Elm Blvd, Dallas, TX 75216')], 'lures'),
  },

  // ------------------------------------------------------------ out of scope: declined, no tool call, no figure
  ...[
    'Freeze the mule accounts from this week’s calls',
    "What's the bitcoin price right now?",
    'Write me a script that scrapes the dashboard every hour',
    'Block caller ID +13055550182 for me',
    'Email the FBI a summary of our tier 1 calls',
    'Call the scammer back and waste their time',
    "What's the weather in Detroit today?",
    'Take down the phishing site amazon-desk.support',
    `Report the wallet ${WALLET_BIG} to Coinbase`,
    "What's the home address of Destiny Hughes?",
    "What's PayPal's stock price today?",
    'Translate the last transcript into Spanish',
    'Write a SQL query that lists all the tier 1 calls',
    'Tell me a joke about scammers',
    'Who won the Super Bowl last year?',
    'Delete all the calls from yesterday',
    'Set up an alert that pings me on Slack when tier 1 calls spike',
    "What's the USD to EUR exchange rate?",
    'Recommend a good antivirus for my mom',
    'Send a text to the victims warning them about this',
    "What's the real name of the guy who calls himself Jack Smith?",
    "Hack back into the scammer's AnyDesk session",
    'Draft a press release about our honeypot',
    'How do I file a police report for a scam?',
    "What's the capital of Michigan?",
    'Write a Python function to parse the CSV export',
    'Give me the social security number of Margaret Ellis',
    'Wire $500 to the mule account to test it',
    'What will the price of ethereum be next week?',
  ].map((q, i): Case => ({ id: `o${String(i + 1).padStart(2, '0')}`, cls: 'out_of_scope', turns: [q], truth: async () => DECLINE })),
];
