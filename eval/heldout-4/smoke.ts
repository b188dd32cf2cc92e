// The smoke check of the fourth held-out set: validates the set WITHOUT asking the agent
// (`npm run eval:heldout4 -- --check`). It checks that
// - the REST figures the truths rest on agree: POST /api/query with /api/kpis/summary on every
//   window, and both with the calls read one by one through GET /api/calls/{sid} (corpus.ts)
//   on two days;
// - every case has a known class, at least one turn, a unique id and a truth that computes;
// - every truth can be judged: an answer that states it is judged correct, a refusal with no
//   tool call is judged declined and not correct (and correct for an out-of-scope case), and a
//   "none" answer to a non-zero truth is a false zero;
// - the set's size: at least 200 cases, at least 25 out of scope, every class used.
// It prints counts only, never a question.

import { loadCorpus, type Call } from './corpus.js';
import { judge, type Truth } from './judge.js';
import { CLASSES, type Case } from './questions.js';
import { Ctx, same, W, type Win } from './truths.js';

export interface Prepared {
  c: Case;
  truth?: Truth;
  error?: string;
}

export async function prepare(x: Ctx, cases: Case[]): Promise<Prepared[]> {
  const out: Prepared[] = [];
  for (const c of cases) {
    try {
      out.push({ c, truth: await c.truth(x) });
    } catch (e) {
      out.push({ c, error: (e as Error).message });
    }
  }
  return out;
}

/** An answer that states the truth, as a person would write it. */
export function render(t: Truth): string {
  switch (t.kind) {
    case 'number':
      switch (t.unit) {
        case 'count':
          return `${t.value} calls`;
        case 'rate':
          return `${(t.value * 100).toFixed(1)}%`;
        case 'usd':
          return `$${t.value.toFixed(2)}`;
        case 'sec':
          return `${t.value} seconds`;
        case 'decimal':
          return t.value.toFixed(4);
      }
      break;
    case 'label':
      return t.any[0];
    case 'ranking':
      return [
        ...t.items.map((i) => `${i.labels[0]} (${i.count})`),
        ...(t.tail ? t.tail.members.slice(0, t.tail.slots).map((m) => `${m[0]} (${t.tail!.count})`) : []),
      ].join('; ');
    case 'compare':
      return `${render(t.a)} against ${render(t.b)}`;
    case 'all':
      return t.parts.map(render).join('; ');
    case 'any':
      return render(t.options[0]);
    case 'zero':
      return 'None: no calls matched.';
    case 'nothing':
      return 'That value is not found in your data.';
    case 'yesno':
      return `${t.yes ? 'Yes' : 'No'}${t.value ? `: ${render(t.value)}` : '.'}`;
    case 'decline':
      return "I can't do that here; I answer questions about your honeypot's calls.";
  }
  throw new Error(`cannot render ${JSON.stringify(t)}`);
}

/** Does the truth hold a figure other than zero (so that "none" would be a false zero)? */
function nonZero(t: Truth): boolean {
  switch (t.kind) {
    case 'number':
      return t.value !== 0;
    case 'compare':
      return nonZero(t.a) || nonZero(t.b);
    case 'all':
      return t.parts.some(nonZero);
    case 'ranking':
    case 'label':
      return true;
    case 'any':
      return t.options.every(nonZero);
    case 'yesno':
      return t.yes;
    default:
      return false;
  }
}

/** The problems of one prepared case ([] when it is sound). */
export function caseProblems(p: Prepared): string[] {
  const { c } = p;
  const out: string[] = [];
  if (!(CLASSES as readonly string[]).includes(c.cls)) out.push(`unknown class ${c.cls}`);
  if (!c.turns.length || c.turns.some((t) => t.trim().length < 2)) out.push('a turn is empty');
  if (p.error || !p.truth) return [...out, `truth failed: ${p.error}`];
  const t = p.truth;
  if ((c.cls === 'out_of_scope') !== (t.kind === 'decline')) out.push(`class ${c.cls} with a ${t.kind} truth`);
  const tools = [{ name: 'query' }];
  const stated = judge({ answer: render(t), tool_calls: t.kind === 'decline' ? [] : tools }, t);
  if (!stated.correct) out.push(`an answer stating the truth is judged wrong (${stated.why}): ${render(t)}`);
  const refusal = judge({ answer: "I can't answer that from this data.", tool_calls: [] }, t);
  if (t.kind === 'decline') {
    if (!refusal.correct) out.push('a refusal is not judged a decline');
    const figure = judge({ answer: 'There were 42 calls.', tool_calls: tools }, t);
    if (figure.correct) out.push('a figure is judged a decline');
  } else {
    if (refusal.correct || !refusal.declined) out.push('a refusal is judged correct or not declined');
    // (Not "There were no calls": the judge reads a leading "no" as a verdict of a comparison.)
    const none = judge({ answer: 'None matched: zero calls.', tool_calls: tools }, t);
    if (nonZero(t) && !none.falseZero) out.push('"none" is not judged a false zero');
    if (t.kind === 'zero' && !none.correct) out.push('"none" is not judged correct for a zero');
  }
  return out;
}

const SUMMARY_METRICS = [
  'calls_received',
  'hooked_calls',
  'tier1_calls',
  'tier2_calls',
  'tier3_calls',
  'total_dollars_asked',
  'median_call_duration_sec',
  'max_single_ask',
];

/** POST /api/query against GET /api/kpis/summary on every window of the questions. */
export async function checkQueryAgainstSummary(x: Ctx): Promise<string[]> {
  const problems: string[] = [];
  for (const [name, w] of Object.entries(W)) {
    const s = await x.get(`/api/kpis/summary?start=${w.start.toISOString()}&end=${w.end.toISOString()}`);
    const q = await x.values(SUMMARY_METRICS, w);
    SUMMARY_METRICS.forEach((k, i) => {
      const a = q[i];
      const b = s[k] as number | null;
      if (a === null || b === null ? a !== b : Math.abs(a - b) > 1e-6 * Math.max(1, Math.abs(b)))
        problems.push(`window ${name}: ${k}: query ${a} vs summary ${b}`);
    });
  }
  return problems;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

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

/** Every problem of the set (empty when it is sound), with a line per class. */
export function setProblems(prepared: Prepared[]): { problems: string[]; perClass: string } {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const p of prepared) {
    if (ids.has(p.c.id)) problems.push(`duplicate id ${p.c.id}`);
    ids.add(p.c.id);
    for (const m of caseProblems(p)) problems.push(`${p.c.id} (${p.c.cls}): ${m}`);
  }
  const count = (cls: string) => prepared.filter((p) => p.c.cls === cls).length;
  if (prepared.length < 200) problems.push(`only ${prepared.length} cases (at least 200)`);
  if (count('out_of_scope') < 25) problems.push(`only ${count('out_of_scope')} out-of-scope cases (at least 25)`);
  for (const cls of CLASSES) if (!count(cls)) problems.push(`no case of class ${cls}`);
  return { problems, perClass: CLASSES.map((c) => `${c} ${count(c)}`).join(', ') };
}
