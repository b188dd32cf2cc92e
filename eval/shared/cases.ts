// The generic part of a held-out set's smoke check, shared by eval/heldout-4 and eval/heldout-5:
// a case's shape, its truth computed, an answer that states a truth, and the checks that every
// case can be judged (an answer stating the truth judged correct, a refusal judged declined and
// correct only out of scope, "none" judged a false zero for a non-zero truth). It never reads a
// question and never asks the agent.

import { judge, type Truth } from './judge.js';

/** One case of a held-out set: its turns (the last is judged) and its truth, computed with `x`. */
export interface EvalCase<X, K extends string = string> {
  id: string;
  cls: string;
  turns: string[];
  /** The key asked with (default the demo read key). */
  key?: K;
  /** The range a dashboard would send with the question. */
  dashboard_range?: string;
  /** A question watched for a false zero. */
  fz?: boolean;
  /** A phrase an honest reader might not know (class unread_phrase): "not understood" is right too (unread.ts). */
  unread?: string;
  truth: (x: X) => Promise<Truth>;
}

export interface Prepared<C> {
  c: C;
  truth?: Truth;
  error?: string;
}

export async function prepare<X, C extends EvalCase<X, string>>(x: X, cases: C[]): Promise<Prepared<C>[]> {
  const out: Prepared<C>[] = [];
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
export function nonZero(t: Truth): boolean {
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
export function caseProblems<C extends EvalCase<never, string>>(p: Prepared<C>, classes: readonly string[]): string[] {
  const { c } = p;
  const out: string[] = [];
  if (!classes.includes(c.cls)) out.push(`unknown class ${c.cls}`);
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
    const none = judge({ answer: 'None matched: zero calls.', tool_calls: tools }, t);
    if (nonZero(t) && !none.falseZero) out.push('"none" is not judged a false zero');
    if (t.kind === 'zero' && !none.correct) out.push('"none" is not judged correct for a zero');
  }
  return out;
}

/** Every problem of the set (empty when it is sound), with a line per class. */
export function setProblems<C extends EvalCase<never, string>>(
  prepared: Prepared<C>[],
  classes: readonly string[],
  min: { cases: number; outOfScope: number; perClass?: Record<string, number> },
): { problems: string[]; perClass: string } {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const p of prepared) {
    if (ids.has(p.c.id)) problems.push(`duplicate id ${p.c.id}`);
    ids.add(p.c.id);
    for (const m of caseProblems(p, classes)) problems.push(`${p.c.id} (${p.c.cls}): ${m}`);
  }
  const count = (cls: string) => prepared.filter((p) => p.c.cls === cls).length;
  if (prepared.length < min.cases) problems.push(`only ${prepared.length} cases (at least ${min.cases})`);
  if (count('out_of_scope') < min.outOfScope)
    problems.push(`only ${count('out_of_scope')} out-of-scope cases (at least ${min.outOfScope})`);
  for (const cls of classes) {
    const want = min.perClass?.[cls] ?? 1;
    if (count(cls) < want) problems.push(`${count(cls)} cases of class ${cls} (at least ${want})`);
  }
  return { problems, perClass: classes.map((c) => `${c} ${count(c)}`).join(', ') };
}

/** The classes of the agent issue (#26) every held-out set from the fourth on is written across. */
export const ISSUE_CLASSES = [
  'everyday',
  'nearby_figure',
  'frame',
  'any_value',
  'casual',
  'stray_words',
  'multi_part',
  'follow_up',
  'ranking',
  'true_zero',
  'scoped',
  'out_of_scope',
] as const;

/** The same with the class of phrases an honest reader might not know (from the seventh set on). */
export const ISSUE_CLASSES_WITH_UNREAD = [...ISSUE_CLASSES, 'unread_phrase'] as const;
