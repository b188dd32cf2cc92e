// "Did we see any new mule banks this week?": the values of a field in the window that no call
// had in the lookback before it. The earlier window is read only for the window's own values
// (a filter on the field), so the answer is exact however many values the lookback holds.

import { DAY_MS, formatUtc, type RangeObject } from '../../domain/window.js';
import type { TopnItem } from '../../storage/queries/topn.js';
import type { ToolRunner } from '../agent.js';
import { andList, FIELD_LABELS, nCalls } from '../say/answer.js';
import { cap, errorAnswer, forCalls, metricSource, windowInline, type Composed } from '../say/compose.js';
import { filterArgs } from '../plan/filters.js';
import { filterText } from '../say/filterText.js';
import { LOOKUP_N, type Filters, type Intent } from '../plan/intents.js';
import { resolve, windowArgs, type WindowSpec } from '../read/windowSpec.js';
import { fmtSpan } from '../say/when.js';

/** How far back a value must be absent to be new. */
const NEW_LOOKBACK_DAYS = 90;

type NewValues = Extract<Intent, { kind: 'newValues' }>;

export async function newValues(tools: ToolRunner, intent: NewValues, spec: WindowSpec, now: Date, filters: Filters): Promise<Composed> {
  const labels = FIELD_LABELS[intent.field];
  const cur = await tools.call('get_topn', { field: intent.field, n: LOOKUP_N, ...windowArgs(spec, now), ...filterArgs(filters) });
  if (!cur.ok) return errorAnswer(cur);
  const a = cur.result as { range: RangeObject; items: TopnItem[] };
  const inline = windowInline(spec, a.range) + forCalls(filterText(filters));
  if (a.items.length === 0) return { answer: `${cap(inline)}: no call has a ${labels.singular}.`, sids: [], sources: [metricSource(cur)] };
  const start = resolve(spec, now).start;
  const before = {
    start: formatUtc(new Date(start.getTime() - NEW_LOOKBACK_DAYS * DAY_MS)),
    end: formatUtc(start),
  };
  const seen = await tools.call('get_topn', {
    field: intent.field,
    n: LOOKUP_N,
    ...before,
    ...filterArgs({ ...filters, [intent.field]: a.items.map((i) => i.label) }),
  });
  if (!seen.ok) return errorAnswer(seen);
  const b = seen.result as { range: RangeObject; items: TopnItem[] };
  const lookback = `the ${NEW_LOOKBACK_DAYS} days before (${fmtSpan(b.range.start_utc, b.range.end_utc)})`;
  const sources = [metricSource(cur), metricSource(seen)];
  if (b.items.length === 0) {
    // Nothing seen before may mean no calls before at all: then nothing can be called new.
    const any = await tools.call('get_summary', before);
    if (!any.ok) return errorAnswer(any);
    sources.push(metricSource(any));
    if ((any.result as { calls_received: number }).calls_received === 0)
      return {
        answer: `${cap(inline)}: there are no calls at all in ${lookback}, so I can't tell which ${labels.plural} are new.`,
        sids: [],
        sources,
      };
  }
  const old = new Set(b.items.filter((i) => i.count > 0).map((i) => i.label.toLowerCase()));
  const fresh = a.items.filter((i) => !old.has(i.label.toLowerCase()));
  const of = a.items.length < LOOKUP_N ? `the ${a.items.length}` : `the ${LOOKUP_N} most frequent`;
  const answer = fresh.length
    ? `${cap(inline)}: ${fresh.length} of ${of} ${labels.plural} ${fresh.length === 1 ? 'was' : 'were'} new, seen in no call of ${lookback}: ` +
      `${andList(fresh.map((i) => `${i.label} (${nCalls(i.count)})`))}.` +
      (fresh.length < a.items.length ? ` The other ${a.items.length - fresh.length} had calls before.` : '')
    : `No new ${labels.singular} ${inline}: each of ${of} ${labels.plural} had calls in ${lookback} as well.`;
  return { answer: cap(answer), sids: [], sources };
}
