// Runs a plan: matches the values it names against the org's data (values.ts), calls the
// tools of its intent with every filter, and composes the answer. A value found nowhere in
// the org's data is answered as unknown, never counted as 0; when a figure comes out empty,
// the values behind it are checked again (a typo, or the IRS named as a brand) first.

import type { RangeObject } from '../../domain/window.js';
import type { Summary } from '../../storage/queries/summary.js';
import type { TopnField, TopnItem } from '../../storage/queries/topn.js';
import type { ToolRunner } from '../agent.js';
import { changeClause, fmtKind, nCalls, SUMMARY_METRICS, verdictWord, type SummaryMetric } from '../say/answer.js';
import { withBar } from '../plan/bars.js';
import { askCount, askStats, busiest, complement, distinct, perCall, perUnit, share, trend } from './analyses.js';
import { extremeCalls, latestCalls } from './extremes.js';
import { newValues } from './newValues.js';
import {
  cap,
  composeCompare,
  composeRankBy,
  composeDisconnects,
  composeGeo,
  composeLeast,
  composeSeries,
  composeSummary,
  composeTopn,
  composeTopnCompare,
  composeValue,
  errorAnswer,
  forCalls,
  metricSource,
  windowInline,
  type Composed,
} from '../say/compose.js';
import { bucketFor } from '../say/halves.js';
import { composeActive, composeCall, composeCalls, composeTier1, EXAMPLES_LISTED } from '../say/composeLists.js';
import { filterArgs } from '../plan/filters.js';
import { queryFilters, type QueryResult } from '../plan/ruleKit.js';
import { isBaseMetric, isDimensionField } from '../../domain/query/catalog.js';
import { filterText } from '../say/filterText.js';
import {
  COUNT_LIMIT,
  LIST_FILTERS,
  LOOKUP_N,
  RANK_BY_VALUES,
  SEARCH_LIMIT,
  type DataPlan,
  type Filters,
  type Intent,
} from '../plan/intents.js';
import type { Mention } from '../read/qualifiers.js';
import { contentWords } from '../read/transcriptTerms.js';
import { windowArgs, type WindowSpec } from '../read/windowSpec.js';
import type { ToolCallRecord } from './tools.js';
import {
  canon,
  closest,
  matchValue,
  isValueField,
  resolveValue,
  VALUE_FIELD_NAMES,
  VOCAB_RANGE,
  Vocabulary,
  type ValueField,
} from '../read/values.js';

export interface Outcome {
  composed: Composed;
  /** The intent and filters the answer used (kept for follow-ups). */
  intent: Intent;
  filters: Filters;
}

function addValue(f: Filters, field: ValueField, value: string): void {
  const list = f[field] ?? [];
  if (!list.some((v) => canon(v) === canon(value))) f[field] = [...list, value];
}

/** Whether the main result of an answer is empty (no calls, no values). */
function isEmpty(rec: ToolCallRecord | undefined): boolean {
  if (!rec || !rec.ok) return false;
  const r = rec.result as Record<string, unknown>;
  if (typeof r.calls_received === 'number') return r.calls_received === 0;
  if (typeof r.total === 'number') return r.total === 0;
  if (Array.isArray(r.items)) return r.items.length === 0;
  if (Array.isArray(r.points)) return (r.points as Array<{ value: number }>).every((p) => p.value === 0);
  if (rec.name === 'get_disconnect_breakdown') return Object.values(r).every((v) => typeof v !== 'number' || v === 0);
  return false;
}

/** "no brand, government agency or other value named "X"": said instead of a zero. */
async function unknownAnswer(vocab: Vocabulary, mentions: Mention[]): Promise<Composed> {
  const parts: string[] = [];
  for (const m of mentions) {
    const fields = m.fields.length ? m.fields : (['impersonated_brand', 'lure_category', 'impersonated_government_agency'] as ValueField[]);
    const labels = [...new Set((await Promise.all(fields.map((f) => vocab.labels(f)))).flat())];
    const near = closest(m.typed, labels, 3);
    const kinds = [...(m.place ? ['US state'] : []), ...fields.map((f) => VALUE_FIELD_NAMES[f])];
    parts.push(
      `I found no ${kinds.join(', ')} or other value named "${m.typed}" in the calls this key can read in the last 365 days (${VOCAB_RANGE}): not found, so no count is given for it` +
        (near.length ? `; the closest ${VALUE_FIELD_NAMES[fields[0]]} values are ${near.join(', ')}.` : '.'),
    );
  }
  return { answer: parts.join(' '), sids: [], sources: (await vocab.records()).map(metricSource) };
}

export async function runPlan(tools: ToolRunner, plan: DataPlan, now: Date): Promise<Outcome> {
  const vocab = new Vocabulary(tools);
  let filters: Filters = { ...plan.filters };
  const optimistic: Array<{ m: Mention; field: ValueField; value: string }> = [];
  const unknown: Mention[] = [];
  for (const m of plan.mentions) {
    if (m.surface !== undefined && m.fields.length) {
      // A value a hint knows is used as typed; it is checked against the data if nothing matches.
      // Stored values match case-insensitively only: "tech support" is stored as TECH_SUPPORT.
      const value = m.surface.toLowerCase() === m.typed.toLowerCase() ? m.surface : m.typed;
      addValue(filters, m.fields[0], value);
      optimistic.push({ m, field: m.fields[0], value });
      continue;
    }
    const r = await resolveValue(vocab, m.typed, m.fields[0] ?? null);
    if (r) addValue(filters, r.field, r.label);
    else unknown.push(m);
  }
  if (unknown.length) return { composed: await unknownAnswer(vocab, unknown), intent: plan.intent, filters };

  let intent = plan.intent;
  // A negated value is matched strictly: a value read wrongly would count every call as lacking it.
  if (intent.kind === 'complement' && intent.partMentions?.length) {
    const part: Filters = { ...intent.part };
    const missing: Mention[] = [];
    for (const m of intent.partMentions) {
      const r = await resolveValue(vocab, m.typed, m.fields[0] ?? null);
      if (r) addValue(part, r.field, r.label);
      else missing.push(m);
    }
    if (missing.length) return { composed: await unknownAnswer(vocab, missing), intent, filters };
    intent = { ...intent, part, partMentions: undefined };
  }
  const before = tools.calls.length;
  if (intent.kind === 'value') {
    const v = await valueAnswer(tools, vocab, intent, plan.window, now, filters);
    return { ...v, composed: withNotes(withBar(v.composed, plan.bar, v.intent, tools.calls.slice(before)), plan.notes) };
  }
  let composed = await execute(tools, intent, plan.window, now, filters);
  // Transcript text found nowhere as typed: its words, each on its own ("police were coming" → "police", "coming").
  if (filters.q?.some((q) => q.includes(' ')) && isEmpty(tools.calls[before])) {
    const words = [...new Set(filters.q.flatMap(contentWords))];
    if (words.length && words.join(' ') !== filters.q.join(' ')) {
      const relaxed = { ...filters, q: words };
      const at = tools.calls.length;
      const again = await execute(tools, intent, plan.window, now, relaxed);
      if (!isEmpty(tools.calls[at])) {
        composed = {
          ...again,
          answer: `No call's transcript has ${filters.q.map((q) => `"${q}"`).join(' and ')} word for word, so I searched for the words apart. ${again.answer}`,
        };
        filters = relaxed;
      }
    }
  }
  if (optimistic.length && isEmpty(tools.calls[before])) {
    // Nothing matched: check each value against the org's data before saying "none".
    const next: Filters = { ...filters };
    for (const o of optimistic) next[o.field] = next[o.field]?.filter((v) => v !== o.value);
    for (const k of LIST_FILTERS) if (next[k] && !next[k]!.length) delete next[k];
    let changed = false;
    const missing: Mention[] = [];
    for (const o of optimistic) {
      const r = await resolveValue(vocab, o.m.typed, o.field);
      if (!r) {
        missing.push(o.m);
        continue;
      }
      // "amazon gift cards" is a gift card brand only: none of them is a true zero, not the brand's calls.
      if (r.field !== o.field && o.m.fieldNamed) return { composed: withNotes(composed, plan.notes), intent, filters };
      addValue(next, r.field, r.label);
      if (r.field !== o.field || r.label.toLowerCase() !== o.value.toLowerCase()) changed = true;
    }
    if (missing.length) return { composed: await unknownAnswer(vocab, missing), intent, filters };
    if (changed) {
      filters = next;
      composed = await execute(tools, intent, plan.window, now, filters);
    }
  }
  return { composed: withNotes(withBar(composed, plan.bar, intent, tools.calls.slice(before)), plan.notes), intent, filters };
}

function withNotes(c: Composed, notes: string[]): Composed {
  return notes.length ? { ...c, answer: `${c.answer} ${notes.join(' ')}` } : c;
}

type ValueIntent = Extract<Intent, { kind: 'value' }>;

/** One value's count: from the field's top values in the window, the value matched against the org's data. */
async function valueAnswer(
  tools: ToolRunner,
  vocab: Vocabulary,
  intent: ValueIntent,
  spec: WindowSpec,
  now: Date,
  filters: Filters,
): Promise<Outcome> {
  const w = windowArgs(spec, now);
  const rec = await tools.call('get_topn', { field: intent.field, n: LOOKUP_N, ...w, ...filterArgs(filters) });
  if (!rec.ok) return { composed: errorAnswer(rec), intent, filters };
  const labels = (rec.result as { items: TopnItem[] }).items.map((i) => i.label);
  const hit = matchValue(intent.value, labels);
  const qual = filterText(filters);
  if (hit)
    return { composed: composeValue(spec, intent.field, hit.label, rec, LOOKUP_N, qual), intent: { ...intent, value: hit.label }, filters };
  const r = await resolveValue(vocab, intent.value, intent.field as ValueField);
  if (!r) return { composed: await unknownAnswer(vocab, [{ typed: intent.value, fields: [intent.field as ValueField] }]), intent, filters };
  if (r.field === intent.field) {
    // A value the org has seen, but not in this window: a true zero.
    return { composed: composeValue(spec, intent.field, r.label, rec, LOOKUP_N, qual), intent: { ...intent, value: r.label }, filters };
  }
  // "impersonated Venmo": a payment method is nobody impersonated; the brand count is a true zero.
  const impersonated = ['impersonated_brand', 'impersonated_government_agency'];
  if ((impersonated.includes(intent.field) && !impersonated.includes(r.field)) || intent.strict) {
    const qf = queryFilters(filters) ?? [];
    const q = await tools.call('query', { metrics: ['calls_received'], filters: [['is', intent.field, [intent.value]], ...qf], ...w });
    if (!q.ok) return { composed: errorAnswer(q), intent, filters };
    const n = Number((q.result as QueryResult).results[0]?.metrics[0] ?? 0);
    const inline = windowInline(spec, (q.result as QueryResult).range);
    const who = VALUE_FIELD_NAMES[intent.field as ValueField];
    const named = impersonated.includes(intent.field) ? `impersonated ${intent.value}` : `had ${who} ${intent.value}`;
    const answer = n
      ? `${cap(inline)}, ${nCalls(n)} ${named}.`
      : `None: ${inline} no call ${named} (${impersonated.includes(intent.field) ? `as a ${who}, ` : ''}the query counted 0); ${r.label} is a ${VALUE_FIELD_NAMES[r.field as ValueField]} in these calls.`;
    return { composed: { answer, sids: [], sources: [metricSource(q)] }, intent, filters };
  }
  // Named as one thing, held as another ("the IRS" is an agency, not a brand).
  if (isValueField(r.field) && r.field !== 'persona') {
    const moved: ValueIntent = { kind: 'value', field: r.field as TopnField, value: r.label };
    const again = await tools.call('get_topn', { field: moved.field, n: LOOKUP_N, ...w, ...filterArgs(filters) });
    if (!again.ok) return { composed: errorAnswer(again), intent, filters };
    return { composed: composeValue(spec, moved.field, r.label, again, LOOKUP_N, qual), intent: moved, filters };
  }
  const f: Filters = { ...filters };
  addValue(f, r.field, r.label);
  return {
    composed: await execute(tools, { kind: 'summary', metrics: ['calls_received'] }, spec, now, f),
    intent: { kind: 'summary', metrics: ['calls_received'] },
    filters: f,
  };
}

async function execute(tools: ToolRunner, intent: Intent, spec: WindowSpec, now: Date, filters: Filters): Promise<Composed> {
  const fa = filterArgs(filters);
  const w = { ...windowArgs(spec, now), ...fa };
  const qual = filterText(filters);
  switch (intent.kind) {
    case 'summary': {
      const rec = await tools.call('get_summary', w);
      return rec.ok ? composeSummary(spec, intent.metrics, rec, intent.notHooked, qual) : errorAnswer(rec);
    }
    case 'compare': {
      const other = { ...windowArgs(intent.other, now), ...fa };
      if (intent.field) {
        const a = await tools.call('get_topn', { field: intent.field, n: LOOKUP_N, ...w });
        if (!a.ok) return errorAnswer(a);
        const b = await tools.call('get_topn', { field: intent.field, n: LOOKUP_N, ...other });
        if (!b.ok) return errorAnswer(b);
        return composeTopnCompare(spec, intent.other, intent.field, a, b, qual, intent.movers);
      }
      const a = await tools.call('get_summary', w);
      if (!a.ok) return errorAnswer(a);
      const b = await tools.call('get_summary', other);
      if (!b.ok) return errorAnswer(b);
      return composeCompare(spec, intent.other, intent.metrics, a, b, qual, intent.share, intent.verdict);
    }
    case 'timeseries': {
      const metric = SUMMARY_METRICS[intent.metric].series ?? 'calls';
      const rec = await tools.call('get_timeseries', { metric, bucket: intent.bucket ?? bucketFor(spec, now), ...w });
      return rec.ok ? composeSeries(spec, metric, rec, qual, intent.explain) : errorAnswer(rec);
    }
    case 'trend':
      return trend(tools, intent.metric, spec, now, filters, intent.verdict);
    case 'busiest':
      return busiest(tools, intent, spec, now, filters);
    case 'share':
      return share(tools, intent, spec, now, filters);
    case 'perCall':
      return perCall(tools, intent, spec, now, filters);
    case 'askCount':
      return askCount(tools, intent, spec, now, filters);
    case 'perUnit':
      return perUnit(tools, intent, spec, now, filters);
    case 'askStats':
      return askStats(tools, spec, now, filters, intent.other);
    case 'complement':
      return complement(tools, intent, spec, now, filters);
    case 'distinct':
      return distinct(tools, intent, spec, now, filters);
    case 'compareValues':
      return compareValues(tools, new Vocabulary(tools), intent, spec, now, filters);
    case 'compareGroups':
      return compareGroups(tools, intent, spec, now, filters);
    case 'rankBy':
      return rankBy(tools, intent, spec, now, filters);
    case 'newValues':
      return newValues(tools, intent, spec, now, filters);
    case 'latest':
      return latestCalls(tools, intent, spec, now, filters);
    case 'topn': {
      const args: Record<string, unknown> = { field: intent.field, n: intent.n, ...w };
      if (intent.minCount !== undefined) args.min_count = intent.minCount;
      const rec = await tools.call('get_topn', args);
      if (!rec.ok) return errorAnswer(rec);
      return intent.least
        ? composeLeast(spec, rec, qual, intent.check)
        : composeTopn(spec, rec, qual, intent.minCount, intent.explain, intent.check, intent.apart);
    }
    case 'value': {
      const rec = await tools.call('get_topn', { field: intent.field, n: LOOKUP_N, ...w });
      return rec.ok ? composeValue(spec, intent.field, intent.value, rec, LOOKUP_N, qual) : errorAnswer(rec);
    }
    case 'tier1': {
      const rec = await tools.call('get_tier1', { limit: intent.limit, ...w });
      return rec.ok ? composeTier1(spec, rec, intent.only, qual) : errorAnswer(rec);
    }
    case 'longest':
      return extremeCalls(tools, intent, spec, now, filters);
    case 'geo': {
      const rec = await tools.call('get_attacker_geo', w);
      return rec.ok ? composeGeo(spec, intent.state, rec, qual, intent.explain, intent.least) : errorAnswer(rec);
    }
    case 'disconnects': {
      const rec = await tools.call('get_disconnect_breakdown', w);
      return rec.ok ? composeDisconnects(spec, intent.reason, rec, qual, intent.explain) : errorAnswer(rec);
    }
    case 'active': {
      const rec = await tools.call('get_active_calls', {});
      return rec.ok ? composeActive(rec) : errorAnswer(rec);
    }
    case 'calls': {
      if (intent.count) {
        // The exact number from the summary, and the newest calls as examples.
        const count = await tools.call('get_summary', w);
        if (!count.ok) return errorAnswer(count);
        const rec = await tools.call('search_calls', { ...w, limit: EXAMPLES_LISTED });
        return rec.ok ? composeCalls(spec, filters, true, rec, count) : errorAnswer(rec);
      }
      const rec = await tools.call('search_calls', { ...w, limit: intent.limit ?? (intent.count ? COUNT_LIMIT : SEARCH_LIMIT) });
      if (!rec.ok) return errorAnswer(rec);
      // More calls than listed: the exact number from the summary, never "more than 20".
      if (!(rec.result as { has_more: boolean }).has_more) return composeCalls(spec, filters, intent.count, rec);
      const count = await tools.call('get_summary', w);
      return count.ok ? composeCalls(spec, filters, intent.count, rec, count) : errorAnswer(count);
    }
    case 'call': {
      const rec = await tools.call('get_call', { call_sid: intent.sid });
      return rec.ok ? composeCall(rec) : errorAnswer(rec);
    }
  }
}

type CompareValues = Extract<Intent, { kind: 'compareValues' }>;

/** Values side by side over one window: one summary per value, with the difference between the first two. */
async function compareValues(
  tools: ToolRunner,
  vocab: Vocabulary,
  intent: CompareValues,
  spec: WindowSpec,
  now: Date,
  filters: Filters,
): Promise<Composed> {
  const w = windowArgs(spec, now);
  const rows: Array<{ name: string; rec: ToolCallRecord; value: number | null }> = [];
  const unknown: Mention[] = [];
  for (const m of intent.values) {
    let field: ValueField | 'caller_state' = intent.field === 'caller_state' ? 'caller_state' : (m.fields[0] ?? intent.field);
    let value = m.surface !== undefined && m.surface.toLowerCase() === m.typed.toLowerCase() ? m.surface : m.typed;
    const run = () => tools.call('get_summary', { ...w, ...filterArgs({ ...filters, [field]: [value] }) });
    let rec = await run();
    if (!rec.ok) return errorAnswer(rec);
    if (field !== 'caller_state' && (rec.result as Summary).calls_received === 0) {
      const r = await resolveValue(vocab, m.typed, field);
      if (!r) {
        unknown.push(m);
        continue;
      }
      if (r.field !== field || r.label.toLowerCase() !== value.toLowerCase()) {
        [field, value] = [r.field, r.label];
        rec = await run();
        if (!rec.ok) return errorAnswer(rec);
      }
    }
    const name = field === 'caller_state' ? value.toUpperCase() : value.toLowerCase() === m.typed.toLowerCase() ? m.typed : value;
    rows.push({ name, rec, value: (rec.result as Summary)[intent.metric] as number | null });
  }
  if (unknown.length) return unknownAnswer(vocab, unknown);
  return sideBySide(rows, intent.metric, spec, filters, intent.more);
}

/**
 * A field's values ranked by a figure: one query by that field over every value with a call,
 * so a value of few calls with the highest rate is not left out. Filters with no query form
 * (a call's total asked, its number of asks) keep the summaries of the most frequent values.
 */
async function rankBy(
  tools: ToolRunner,
  intent: Extract<Intent, { kind: 'rankBy' }>,
  spec: WindowSpec,
  now: Date,
  filters: Filters,
): Promise<Composed> {
  const w = windowArgs(spec, now);
  const qf = queryFilters(filters);
  if (qf && isDimensionField(intent.field) && isBaseMetric(intent.metric)) {
    const rec = await tools.call('query', {
      metrics: [intent.metric, 'calls_received'],
      dimensions: [intent.field],
      filters: [['has', intent.field], ...qf],
      ...w,
      limit: 1000,
    });
    if (!rec.ok) return errorAnswer(rec);
    const results = (rec.result as QueryResult).results;
    const rows = results.map((r) => ({ label: String(r.dimensions[0]), calls: Number(r.metrics[1] ?? 0), value: r.metrics[0], rec }));
    return composeRankBy(spec, intent, rec, rows, filterText(filters), true);
  }
  const top = await tools.call('get_topn', { field: intent.field, n: RANK_BY_VALUES, ...w, ...filterArgs(filters) });
  if (!top.ok) return errorAnswer(top);
  const items = (top.result as { range: RangeObject; items: { label: string; count: number }[] }).items;
  const recs = await summariesFor(
    tools,
    w,
    filters,
    items.map((item) => ({ [intent.field]: [item.label] })),
  );
  if (!Array.isArray(recs)) return recs;
  const rows = recs.map((rec, i) => {
    const s = rec.result as Summary;
    return { label: items[i].label, calls: s.calls_received, value: s[intent.metric] as number | null, rec };
  });
  return composeRankBy(spec, intent, top, rows, filterText(filters), rows.length < RANK_BY_VALUES);
}

/** One summary per set of extra filters, in order; the first failure as its answer. */
async function summariesFor(
  tools: ToolRunner,
  w: ReturnType<typeof windowArgs>,
  filters: Filters,
  sets: Filters[],
): Promise<ToolCallRecord[] | Composed> {
  const recs: ToolCallRecord[] = [];
  for (const set of sets) {
    const rec = await tools.call('get_summary', { ...w, ...filterArgs({ ...filters, ...set }) });
    if (!rec.ok) return errorAnswer(rec);
    recs.push(rec);
  }
  return recs;
}

/** Groups of calls side by side over one window: one summary per group. */
async function compareGroups(
  tools: ToolRunner,
  intent: Extract<Intent, { kind: 'compareGroups' }>,
  spec: WindowSpec,
  now: Date,
  filters: Filters,
): Promise<Composed> {
  const recs = await summariesFor(
    tools,
    windowArgs(spec, now),
    filters,
    intent.groups.map((g) => g.filters),
  );
  if (!Array.isArray(recs)) return recs;
  const rows = recs.map((rec, i) => ({
    name: intent.groups[i].name,
    plural: true,
    rec,
    value: (rec.result as Summary)[intent.metric] as number | null,
  }));
  return sideBySide(rows, intent.metric, spec, filters, intent.more);
}

/** "In the last 7 days, average call length: A 5 min (10 calls); B …. A is ahead of B: …" */
function sideBySide(
  rows: Array<{ name: string; plural?: boolean; rec: ToolCallRecord; value: number | null }>,
  metric: SummaryMetric,
  spec: WindowSpec,
  filters: Filters,
  more?: boolean,
): Composed {
  const info = SUMMARY_METRICS[metric];
  const r0 = rows[0].rec.result as { range: RangeObject };
  const inline = windowInline(spec, r0.range) + forCalls(filterText(filters));
  const f = (v: number | null) => (v === null ? 'none' : fmtKind(info.kind, v));
  const list = rows
    .map(
      (x) =>
        `${x.name} ${f(x.value)}${info.kind === 'count' ? '' : ` (${fmtKind('count', (x.rec.result as Summary).calls_received)} calls)`}`,
    )
    .join('; ');
  let verdict = '';
  const [a, b] = rows;
  if (a && b && a.value !== null && b.value !== null) {
    if (a.value === b.value) verdict = ` ${cap(a.name)} and ${b.name} are level.`;
    else {
      const [hi, lo] = a.value > b.value ? [a, b] : [b, a];
      verdict = ` ${cap(hi.name)} ${hi.plural ? 'are' : 'is'} ahead of ${lo.name}: ${changeClause(info.kind, lo.value, hi.value)}.`;
    }
  }
  // "is zelle more common than venmo?": Yes or No first, the first value against the second.
  const word = more === undefined || !a || !b ? null : verdictWord(more, b.value, a.value);
  const lead = word ? `${word}. ` : '';
  return { answer: `${lead}${cap(inline)}, ${info.label}: ${list}.${verdict}`, sids: [], sources: rows.map((x) => metricSource(x.rec)) };
}
