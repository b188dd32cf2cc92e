// The REST checks of the fourth held-out set's smoke check (`npm run eval:heldout4 -- --check`):
// the figures the truths rest on agree: POST /api/query with /api/kpis/summary on every window,
// and both with the calls read one by one through GET /api/calls/{sid} (corpus.ts) on two days.
// The rest of the smoke check (every case has a known class, at least one turn, a unique id and
// a truth that computes and can be judged; the set's size) is the shared one
// (eval/shared/cases.ts, eval/shared/runner.ts). It prints counts only, never a question.

import { loadCorpus, type Call } from './corpus.js';
import { Ctx, same, type Win } from './truths.js';
import { median } from '../shared/summaryCheck.js';

/** The query's figures against the calls read one by one (GET /api/calls, /api/calls/{sid}) over one window. */
export async function checkQueryAgainstCorpus(x: Ctx, w: Win, name: string): Promise<string[]> {
  const problems: string[] = [];
  const cs: Call[] = await loadCorpus(x.app, x.keys.read, w.start.toISOString(), w.end.toISOString());
  const asks = cs.flatMap((c) => c.dollar_asks);
  const wallets = new Set(cs.map((c) => c.f.crypto_wallet_address).filter(Boolean));
  const checks: [string, number, () => Promise<number>][] = [
    ['calls', cs.length, () => x.count(w)],
    ['hooked', cs.filter((c) => c.hooked).length, () => x.value('hooked_calls', w)],
    ['tier 1', cs.filter((c) => c.tier === 1).length, () => x.value('tier1_calls', w)],
    ['asks', asks.length, () => x.value('asks', w)],
    ['total asked', asks.reduce((a, b) => a + b, 0), () => x.value('total_dollars_asked', w)],
    ['median duration', median(cs.map((c) => c.duration_sec)), () => x.value('median_call_duration_sec', w)],
    [
      'asks $1,000-$2,500',
      asks.filter((a) => a >= 1000 && a <= 2500).length,
      () => x.value('asks', w, [['between', 'dollar_ask', [1000, 2500]]]),
    ],
    ['distinct wallets', wallets.size, () => x.value('distinct:crypto_wallet_address', w)],
    [
      'Amazon',
      cs.filter((c) => c.f.impersonated_brand?.toLowerCase() === 'amazon').length,
      () => x.count(w, [['is', 'impersonated_brand', ['Amazon']]]),
    ],
    [
      'not hooked TECH_SUPPORT',
      cs.filter((c) => c.f.lure_category === 'TECH_SUPPORT' && !c.hooked).length,
      () =>
        x.count(w, [
          ['is', 'lure_category', ['TECH_SUPPORT']],
          ['is', 'hooked', [false]],
        ]),
    ],
    ['over 30 min', cs.filter((c) => c.duration_sec > 1800).length, () => x.count(w, [['gt', 'duration_sec', 1800]])],
    ['from FL', cs.filter((c) => c.caller_state === 'FL').length, () => x.count(w, [['is', 'caller_state', ['FL']]])],
    [
      'drop address',
      cs.filter((c) => c.f.physical_mule_drop_address !== null).length,
      () => x.count(w, [['has', 'physical_mule_drop_address']]),
    ],
  ];
  for (const [what, mine, theirs] of checks) {
    try {
      same(await theirs(), mine, `${name}: ${what} (query vs corpus)`);
    } catch (e) {
      problems.push((e as Error).message);
    }
  }
  return problems;
}
