// The REST checks of the fifth held-out set's smoke check (`npm run eval:heldout5 -- --check`):
// the figures the truths rest on agree. POST /api/query against GET /api/kpis/summary on every
// window of truths.ts, and against the calls read one by one through GET /api/calls and
// GET /api/calls/{sid} (the first set's corpus reader) on two windows. The rest of the smoke check
// (every case has a known class, a unique id, a truth that computes and can be judged; the
// set's size and the count per class) is the shared one (eval/shared/cases.ts, runner.ts).
// It prints counts only, never a question.

import { loadCorpus, type Call } from '../heldout/corpus.js';
import { Ctx, same, type F, type Win } from './truths.js';
import { median } from '../shared/summaryCheck.js';

/** The query's figures against the calls read one by one over one window. */
export async function checkQueryAgainstCorpus(x: Ctx, w: Win, name: string): Promise<string[]> {
  const problems: string[] = [];
  const cs: Call[] = await loadCorpus(x.app, x.keys.read, w.start.toISOString(), w.end.toISOString());
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
      'asks $500-$2,000',
      asks.filter((a) => a >= 500 && a <= 2000).length,
      () => x.value('asks', w, [['between', 'dollar_ask', [500, 2000]]]),
    ],
    ['distinct wallets', distinct((c) => c.f.crypto_wallet_address), () => x.value('distinct:crypto_wallet_address', w)],
    ['distinct agents', distinct((c) => c.f.fake_agent_name), () => x.value('distinct:fake_agent_name', w)],
    [
      'Microsoft',
      cs.filter((c) => c.f.impersonated_brand === 'Microsoft').length,
      () => x.count(w, [f('impersonated_brand', 'Microsoft')]),
    ],
    [
      'REFUND not hooked',
      cs.filter((c) => c.f.lure_category === 'REFUND' && !c.hooked).length,
      () => x.count(w, [f('lure_category', 'REFUND'), f('hooked', false)]),
    ],
    ['over 20 min', cs.filter((c) => c.duration_sec > 1200).length, () => x.count(w, [['gt', 'duration_sec', 1200]])],
    ['from TX', cs.filter((c) => c.caller_state === 'TX').length, () => x.count(w, [f('caller_state', 'TX')])],
    ['phishing URL', cs.filter((c) => c.f.phishing_url !== null).length, () => x.count(w, [['has', 'phishing_url']])],
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
      same(await theirs(), mine, `${name}: ${what} (query vs corpus)`);
    } catch (e) {
      problems.push((e as Error).message);
    }
  }
  return problems;
}
