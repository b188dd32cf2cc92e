// Yes/no questions against a number: "did we get any tier 1 calls today?", "were there more
// than 5 calls today?", "is the hook rate above 50%?". The figure is fetched as for the plain
// question; the answer starts with Yes or No from that same figure, then gives it.

import type { Summary } from '../../storage/queries/summary.js';
import type { TopnItem } from '../../storage/queries/topn.js';
import { fmtKind, SUMMARY_METRICS, type SummaryMetric } from '../say/answer.js';
import type { Composed } from '../say/compose.js';
import type { Intent } from './intents.js';
import type { ToolCallRecord } from '../run/tools.js';
import { canon } from '../read/values.js';
import type { Bar } from '../read/readingTypes.js';
export type { Bar } from '../read/readingTypes.js';

/** The figure a bar is held against: a rate for a percentage, else a count (calls when none is named). */
export function barMetric(bar: Bar, metrics: SummaryMetric[]): SummaryMetric | null {
  if (bar.percent) return metrics.find((m) => SUMMARY_METRICS[m].kind === 'ratio') ?? null;
  return metrics.find((m) => SUMMARY_METRICS[m].kind === 'count') ?? (metrics.length ? null : 'calls_received');
}

/** The count an answer gave, read from its tool results (the last of each tool, as re-runs come last). */
function figureOf(intent: Intent, recs: ToolCallRecord[]): { value: number; kind: 'count' | 'ratio' } | null {
  const last = (name: string) => [...recs].reverse().find((r) => r.ok && r.name === name);
  if (intent.kind === 'summary' || (intent.kind === 'calls' && intent.count)) {
    const metric = intent.kind === 'summary' ? intent.metrics[0] : 'calls_received';
    const kind = SUMMARY_METRICS[metric].kind;
    const v = (last('get_summary')?.result as Summary | undefined)?.[metric];
    return typeof v === 'number' && (kind === 'count' || kind === 'ratio') ? { value: v, kind } : null;
  }
  if (intent.kind === 'geo' && intent.state) {
    const r = last('get_attacker_geo')?.result as { items: Array<{ state: string; count: number }> } | undefined;
    return r ? { value: r.items.find((g) => g.state === intent.state)?.count ?? 0, kind: 'count' } : null;
  }
  if (intent.kind === 'value') {
    const r = last('get_topn')?.result as { items: TopnItem[] } | undefined;
    return r ? { value: r.items.find((i) => canon(i.label) === canon(intent.value))?.count ?? 0, kind: 'count' } : null;
  }
  return null;
}

/** "Yes. " / "No: 4 is fewer than 10. " before the answer, from the figure it gives; unchanged when it gives none. */
export function withBar(c: Composed, bar: Bar | undefined, intent: Intent, recs: ToolCallRecord[]): Composed {
  if (!bar) return c;
  const fig = figureOf(intent, recs);
  if (!fig || (fig.kind === 'ratio') !== bar.percent) return c;
  const { value: v } = fig;
  const yes = bar.op === 'gt' ? v > bar.value : bar.op === 'ge' ? v >= bar.value : bar.op === 'lt' ? v < bar.value : v <= bar.value;
  if (bar.any) return { ...c, answer: `${yes ? 'Yes' : 'No'}. ${c.answer}` };
  const f = (x: number) => fmtKind(fig.kind, x);
  const [more, less] = fig.kind === 'ratio' ? ['above', 'below'] : ['more than', 'fewer than'];
  const rel = v > bar.value ? more : v < bar.value ? less : 'exactly';
  return { ...c, answer: `${yes ? 'Yes' : 'No'}: ${f(v)} is ${rel} ${f(bar.value)}. ${c.answer}` };
}
