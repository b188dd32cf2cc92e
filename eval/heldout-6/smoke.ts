// The REST checks of the sixth held-out set's smoke check (`npm run eval:heldout6 -- --check`):
// the figures the truths rest on agree. POST /api/query against the calls read one by one through
// GET /api/calls and GET /api/calls/{sid} on a window (this set's own reader, written from the
// contract, CONTRACT §7), on the figures the truths use most: counts, asks, sums, a median,
// distinct values, filters, the weekday split. It prints counts only, never a question.

import { median } from '../shared/summaryCheck.js';
import { Ctx, same, type F, type Win } from './truths.js';

interface Call {
  sid: string;
  t: string;
  duration_sec: number;
  tier: number | null;
  hooked: boolean;
  persona: string | null;
  dollar_asks: number[];
  dollars_dangled: number | null;
  f: Record<string, string | null>;
}

/** Every call of the window, read one by one (the list, then each call). */
async function readCalls(x: Ctx, w: Win): Promise<Call[]> {
  const sids: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await x.get(
      `/api/calls?start=${w.start.toISOString()}&end=${w.end.toISOString()}&limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    for (const it of page.items as { call_sid: string }[]) sids.push(it.call_sid);
    cursor = page.next_cursor as string | null;
  } while (cursor);
  const out: Call[] = [];
  for (const sid of sids) {
    const c = (await x.get(`/api/calls/${encodeURIComponent(sid)}`)) as Record<string, unknown>;
    const ex = (c.extraction ?? {}) as Record<string, unknown>;
    const f: Record<string, string | null> = {};
    for (const [k, v] of Object.entries(ex)) if (typeof v === 'string' || v === null) f[k] = v as string | null;
    out.push({
      sid,
      t: c.started_at as string,
      duration_sec: c.duration_sec as number,
      tier: (c.tier as number | null) ?? null,
      hooked: c.hooked as boolean,
      persona: (c.persona as string | null) ?? null,
      dollar_asks: (ex.dollar_asks as number[] | undefined) ?? [],
      dollars_dangled: (ex.dollars_dangled as number | null | undefined) ?? null,
      f,
    });
  }
  return out;
}

/** The query's figures against the calls read one by one over one window. */
export async function checkQueryAgainstCalls(x: Ctx, w: Win, name: string): Promise<string[]> {
  const problems: string[] = [];
  const cs = await readCalls(x, w);
  const asks = cs.flatMap((c) => c.dollar_asks);
  const distinct = (f: (c: Call) => string | null) => new Set(cs.map(f).filter(Boolean)).size;
  const weekend = (c: Call) => [0, 6].includes(new Date(c.t).getUTCDay());
  const f = (field: string, ...v: unknown[]): F => ['is', field, v];
  const checks: [string, number, () => Promise<number>][] = [
    ['calls', cs.length, () => x.count(w)],
    ['hooked', cs.filter((c) => c.hooked).length, () => x.value('hooked_calls', w)],
    ['tier 1', cs.filter((c) => c.tier === 1).length, () => x.value('tier1_calls', w)],
    ['asks', asks.length, () => x.value('asks', w)],
    ['total asked', asks.reduce((a, b) => a + b, 0), () => x.value('total_dollars_asked', w)],
    ['median duration', median(cs.map((c) => c.duration_sec)), () => x.value('median_call_duration_sec', w)],
    [
      'asks $500-$1,000',
      asks.filter((a) => a >= 500 && a <= 1000).length,
      () => x.value('asks', w, [['between', 'dollar_ask', [500, 1000]]]),
    ],
    ['distinct wallets', distinct((c) => c.f.crypto_wallet_address), () => x.value('distinct:crypto_wallet_address', w)],
    ['distinct agents', distinct((c) => c.f.fake_agent_name), () => x.value('distinct:fake_agent_name', w)],
    ['Amazon', cs.filter((c) => c.f.impersonated_brand === 'Amazon').length, () => x.count(w, [f('impersonated_brand', 'Amazon')])],
    ['margaret', cs.filter((c) => c.persona === 'margaret').length, () => x.count(w, [f('persona', 'margaret')])],
    ['not hooked', cs.filter((c) => !c.hooked).length, () => x.count(w, [f('hooked', false)])],
    ['over 10 min', cs.filter((c) => c.duration_sec > 600).length, () => x.count(w, [['gt', 'duration_sec', 600]])],
    [
      'gift card payment',
      cs.filter((c) => c.f.payment_method === 'gift_card').length,
      () => x.count(w, [f('payment_method', 'gift_card')]),
    ],
    ['dangled', cs.reduce((a, c) => a + (c.dollars_dangled ?? 0), 0), () => x.value('total_dollars_dangled', w)],
    [
      'weekend calls',
      cs.filter(weekend).length,
      async () =>
        (await x.groups('time:weekday', 'calls_received', w))
          .filter((g) => g.label === 'saturday' || g.label === 'sunday')
          .reduce((a, g) => a + g.value, 0),
    ],
  ];
  for (const [what, mine, theirs] of checks) {
    try {
      same(await theirs(), mine, `${name}: ${what} (query vs calls)`);
    } catch (e) {
      problems.push((e as Error).message);
    }
  }
  return problems;
}
