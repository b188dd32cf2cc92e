// This set's own check of the REST figures its truths rest on, written from the contract alone:
// over a window, the calls read one by one (GET /api/calls pages and GET /api/calls/{sid}) against
// POST /api/query's figures. Never asks the agent.

import { median } from '../shared/summaryCheck.js';
import type { Ctx, Win } from './truths.js';

interface Summary {
  call_sid: string;
  started_at: string;
  duration_sec: number;
  persona: string | null;
  caller_state: string | null;
  tier: 1 | 2 | 3 | null;
  hooked: boolean;
  payment_method: string | null;
  impersonated_brand: string | null;
  total_dollars_asked: number;
  dollars_dangled: number | null;
}

interface Detail extends Summary {
  extraction: null | {
    dollar_asks: number[];
    mule_bank_name: string | null;
    crypto_wallet_address: string | null;
    fake_agent_name: string | null;
  };
}

const cents = (v: number) => Math.round(v * 100) / 100;

/** The calls of a window read one by one, against the query's figures: a list of problems. */
export async function checkQueryAgainstCalls(x: Ctx, w: Win, name: string): Promise<string[]> {
  const items: Summary[] = [];
  let cursor: string | null = null;
  do {
    const page = (await x.get(
      `/api/calls?start=${w.start.toISOString()}&end=${w.end.toISOString()}&limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    )) as { items: Summary[]; next_cursor: string | null };
    items.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor);
  const details: Detail[] = [];
  for (const it of items) details.push((await x.get(`/api/calls/${encodeURIComponent(it.call_sid)}`)) as unknown as Detail);
  const asks = details.flatMap((d) => d.extraction?.dollar_asks ?? []);
  const weekend = items.filter((i) => [0, 6].includes(new Date(i.started_at).getUTCDay())).length;

  const expected: [string, unknown[], number][] = [
    ['calls_received', [], items.length],
    ['hooked_calls', [], items.filter((i) => i.hooked).length],
    ['tier1_calls', [], items.filter((i) => i.tier === 1).length],
    ['tier2_calls', [], items.filter((i) => i.tier === 2).length],
    ['tier3_calls', [], items.filter((i) => i.tier === 3).length],
    ['total_dollars_asked', [], cents(items.reduce((s, i) => s + i.total_dollars_asked, 0))],
    ['total_dollars_dangled', [], cents(items.reduce((s, i) => s + (i.dollars_dangled ?? 0), 0))],
    ['median_call_duration_sec', [], median(items.map((i) => i.duration_sec))],
    ['calls_received', [['is', 'persona', ['harold']]], items.filter((i) => i.persona === 'harold').length],
    ['calls_received', [['is', 'payment_method', ['gift_card']]], items.filter((i) => i.payment_method === 'gift_card').length],
    ['calls_received', [['is', 'caller_state', ['NY']]], items.filter((i) => i.caller_state === 'NY').length],
    ['distinct:impersonated_brand', [], new Set(items.map((i) => i.impersonated_brand).filter((b) => b !== null)).size],
    ['asks', [], asks.length],
    ['max_single_ask', [], asks.length ? Math.max(...asks) : NaN],
    ['calls_received', [['has', 'mule_bank_name']], details.filter((d) => d.extraction?.mule_bank_name).length],
    ['distinct:crypto_wallet_address', [], new Set(details.map((d) => d.extraction?.crypto_wallet_address).filter((v) => v)).size],
    ['calls_received', [['is', 'fake_agent_name', ['Nancy']]], details.filter((d) => d.extraction?.fake_agent_name === 'Nancy').length],
  ];
  const problems: string[] = [];
  for (const [metric, filters, want] of expected) {
    const [got] = await x.values([metric], w, filters as never);
    if (got === null ? !Number.isNaN(want) : Math.abs(got - want) > 1e-6 * Math.max(1, Math.abs(want)))
      problems.push(`${name}: ${metric} ${JSON.stringify(filters)}: query ${got} vs calls ${want}`);
  }
  // The weekday split the weekend/weekday truths sum.
  const rows = await x.groups('calls_received', ['time:weekday'], w);
  const wk = rows.filter((r) => ['saturday', 'sunday'].includes(String(r.dimensions[0]))).reduce((s, r) => s + (r.metrics[0] ?? 0), 0);
  if (wk !== weekend) problems.push(`${name}: weekend calls: query ${wk} vs calls ${weekend}`);
  return problems;
}
