// Answers computed over a tool result rather than read off it: a trend (first half against
// second half), the busiest bucket, hour of the day or weekday, and a share of calls. Every
// figure printed is a value of the result or a sum, difference or ratio of its values.

import { DAY_MS, HOUR_MS, type RangeObject } from '../../domain/window.js';
import type { Summary } from '../../storage/queries/summary.js';
import type { TimeseriesMetric, TimeseriesPoint } from '../../storage/queries/timeseries.js';
import type { ToolRunner } from '../agent.js';
import {
  changeClause,
  countLabel,
  FIELD_LABELS,
  fmtInt,
  fmtKind,
  fmtPct,
  nCalls,
  plural,
  SERIES_METRICS,
  SUMMARY_METRICS,
  verdictWord,
  type SummaryMetric,
} from '../say/answer.js';
import { cap, changeNames, errorAnswer, forCalls, metricSource, periodNamed, windowInline, type Composed } from '../say/compose.js';
import { filterArgs } from '../plan/filters.js';
import { filterText } from '../say/filterText.js';
import { agree, bucketFor, direction, halvesOf, windowSplit, type Halves } from '../say/halves.js';
import type { Filters, Intent, Verdict } from '../plan/intents.js';
import type { NegatedFigure } from '../read/negation.js';
import type { AgentSource } from '../turns.js';
import { isValueField, VALUE_FIELD_NAMES } from '../read/values.js';
import { windowArgs, type WindowSpec } from '../read/windowSpec.js';
import { fmtDay, fmtHourOfDay, fmtSpan, fmtWhen, WEEKDAY_NAMES } from '../say/when.js';

export async function trend(
  tools: ToolRunner,
  metric: SummaryMetric,
  spec: WindowSpec,
  now: Date,
  filters: Filters,
  verdict?: Verdict,
): Promise<Composed> {
  const info = SUMMARY_METRICS[metric];
  // "is it going up?": yes or no from the two halves shown.
  const said = (first: number | null, second: number | null) => {
    const word = verdict ? verdictWord(verdict.up, first, second) : null;
    return word ? `${word}. ` : '';
  };
  const w = { ...windowArgs(spec, now), ...filterArgs(filters) };
  const qual = forCalls(filterText(filters));
  const series = info.series;
  if (!series) {
    // No per-bucket series for this figure: the two halves of the window, one summary each.
    const [a, b] = windowSplit(spec, now);
    const ra = await tools.call('get_summary', { ...windowArgs(a, now), ...filterArgs(filters) });
    if (!ra.ok) return errorAnswer(ra);
    const rb = await tools.call('get_summary', { ...windowArgs(b, now), ...filterArgs(filters) });
    if (!rb.ok) return errorAnswer(rb);
    const sa = ra.result as Summary & { range: RangeObject };
    const sb = rb.result as Summary & { range: RangeObject };
    const va = sa[metric] as number | null;
    const vb = sb[metric] as number | null;
    const f = (v: number | null) => (v === null ? 'none' : fmtKind(info.kind, v));
    const answer =
      `${said(va, vb)}${cap(agree(info.label))} ${direction(va, vb)}${qual}: ${f(va)} in the first half (${fmtSpan(sa.range.start_utc, sa.range.end_utc)}) ` +
      `vs ${f(vb)} in the second half (${fmtSpan(sb.range.start_utc, sb.range.end_utc)}); change ${changeClause(info.kind, va, vb)}.`;
    return { answer, sids: [], sources: [metricSource(ra), metricSource(rb)] };
  }
  const bucket = bucketFor(spec, now);
  const rec = await tools.call('get_timeseries', { metric: series, bucket, ...w });
  if (!rec.ok) return errorAnswer(rec);
  const r = rec.result as { range: RangeObject; points: TimeseriesPoint[] };
  const sources = [metricSource(rec)];
  let halves: Halves | null;
  // Rates and averages are weighted by each bucket's calls, so a half's value is its true rate.
  if (series === 'hook_rate' || series === 'avg_duration_sec') {
    const calls = await tools.call('get_timeseries', { metric: 'calls', bucket, ...w });
    if (!calls.ok) return errorAnswer(calls);
    sources.push(metricSource(calls));
    halves = halvesOf(r.points, (calls.result as { points: TimeseriesPoint[] }).points, 'weighted');
  } else {
    halves = halvesOf(r.points, null, 'sum');
  }
  const inline = windowInline(spec, r.range) + qual;
  if (!halves) {
    return { answer: `The window ${inline} has a single ${bucket} bucket, too short to show a trend.`, sids: [], sources };
  }
  const kind = info.kind;
  const f = (v: number | null) => (v === null ? 'none (no calls)' : fmtKind(kind, v));
  const what =
    series === 'hook_rate'
      ? 'hook rate'
      : series === 'avg_duration_sec'
        ? 'average call length'
        : `${SERIES_METRICS[series].label} (total)`;
  const pl = (s: string) => (bucket === 'day' || bucket === 'week' ? fmtDay(s) : fmtWhen(s, false));
  const answer =
    `${said(halves.first, halves.second)}${cap(agree(info.label))} ${direction(halves.first, halves.second)} ${inline}, comparing the first half of the ${bucket} buckets with the second half: ` +
    `${what} ${f(halves.first)} for the buckets ${pl(halves.firstFrom)} to ${pl(halves.firstTo)} vs ${f(halves.second)} for ${pl(halves.secondFrom)} to ${pl(halves.secondTo)}` +
    `; change ${changeClause(kind, halves.first, halves.second)}.`;
  return { answer, sids: [], sources };
}

type Busiest = Extract<Intent, { kind: 'busiest' }>;

/** The busiest (or quietest) day or hour, or hour of the day / weekday summed over the window. */
export async function busiest(tools: ToolRunner, intent: Busiest, spec: WindowSpec, now: Date, filters: Filters): Promise<Composed> {
  const metric: TimeseriesMetric = SUMMARY_METRICS[intent.metric].series ?? 'calls';
  const bucket = intent.unit === 'day' || intent.unit === 'weekday' ? 'day' : 'hour';
  const rec = await tools.call('get_timeseries', { metric, bucket, ...windowArgs(spec, now), ...filterArgs(filters) });
  if (!rec.ok) return errorAnswer(rec);
  const r = rec.result as { range: RangeObject; points: TimeseriesPoint[] };
  const { kind, label } = SERIES_METRICS[metric];
  const inline = windowInline(spec, r.range) + forCalls(filterText(filters));
  const groups: Array<{ name: string; value: number }> = [];
  if (intent.unit === 'day' || intent.unit === 'hour') {
    for (const p of r.points)
      groups.push({ name: intent.unit === 'day' ? fmtDay(p.timestamp, true) : `${fmtWhen(p.timestamp)}`, value: p.value });
  } else {
    const n = intent.unit === 'hour_of_day' ? 24 : 7;
    const sums = new Array<number>(n).fill(0);
    for (const p of r.points) {
      const d = new Date(p.timestamp);
      sums[intent.unit === 'hour_of_day' ? d.getUTCHours() : d.getUTCDay()] += p.value;
    }
    sums.forEach((v, i) => groups.push({ name: intent.unit === 'hour_of_day' ? fmtHourOfDay(i) : WEEKDAY_NAMES[i], value: v }));
  }
  if (!groups.length || groups.every((g) => g.value === 0)) {
    return {
      answer: `There were no ${label} ${inline}, so no ${intent.unit.replace(/_/g, ' ')} stands out.`,
      sids: [],
      sources: [metricSource(rec)],
    };
  }
  const ranked = [...groups].sort((a, b) => (intent.least ? a.value - b.value : b.value - a.value));
  const top = ranked[0];
  const unitName = { day: 'day', hour: 'hour', hour_of_day: 'hour of the day', weekday: 'day of the week' }[intent.unit];
  const summed =
    intent.unit === 'hour_of_day' || intent.unit === 'weekday'
      ? ` (${label} added up over every ${intent.unit === 'weekday' ? 'day' : 'hour'} of the window, UTC)`
      : '';
  const word = intent.least ? 'quietest' : 'busiest';
  const counted = kind === 'count' ? countLabel(top.value, label) : label;
  // Several buckets at the top value are a tie, not one busiest bucket followed by "next".
  const tied = ranked.filter((g) => g.value === top.value);
  const names = tied.slice(0, TIES_NAMED).map((g) => g.name);
  const tiedText =
    tied.length > TIES_NAMED
      ? `${names.join(', ')} and ${fmtInt(tied.length - TIES_NAMED)} more`
      : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  // The runners-up of a busiest bucket have something in them: an empty hour is never "next".
  const next = ranked
    .slice(tied.length)
    .filter((g) => intent.least || g.value > 0)
    .slice(0, 2)
    .map((g) => `${g.name} (${fmtKind(kind, g.value)})`);
  const answer =
    (tied.length > 1
      ? `The ${word} ${unitName} ${inline} is a tie between ${fmtInt(tied.length)}, with ${fmtKind(kind, top.value)} ${counted} each${summed}: ${tiedText}`
      : `The ${word} ${unitName} ${inline} was ${top.name} with ${fmtKind(kind, top.value)} ${counted}${summed}`) +
    (next.length ? `; next: ${next.join(', ')}.` : '.');
  return { answer, sids: [], sources: [metricSource(rec)] };
}

/** Buckets named in a tie for the busiest (the rest counted). */
const TIES_NAMED = 5;

type Share = Extract<Intent, { kind: 'share' }>;

/**
 * What share of calls something is. With a figure ("what share were high-confidence"), its
 * share of the calls of the filters; with filters alone ("what share came from Canada"),
 * their calls against all calls of the window.
 */
export async function share(tools: ToolRunner, intent: Share, spec: WindowSpec, now: Date, filters: Filters): Promise<Composed> {
  const w = windowArgs(spec, now);
  const qual = filterText(filters);
  if (intent.metric) {
    const rec = await tools.call('get_summary', { ...w, ...filterArgs(filters) });
    if (!rec.ok) return errorAnswer(rec);
    const s = rec.result as Summary & { range: RangeObject };
    const v = s[intent.metric] as number | null;
    const info = SUMMARY_METRICS[intent.metric];
    const inline = windowInline(spec, s.range) + forCalls(qual);
    if (info.kind !== 'count' || v === null) {
      return {
        answer: `${cap(inline)}: ${info.label} ${v === null ? 'none' : fmtKind(info.kind, v)} over ${nCalls(s.calls_received)}.`,
        sids: [],
        sources: [metricSource(rec)],
      };
    }
    const pct = s.calls_received ? fmtPct(v / s.calls_received) : null;
    const answer = pct
      ? `${cap(inline)}: ${fmtInt(v)} of ${nCalls(s.calls_received)} ${plural(v, 'was', 'were')} ${info.label.replace(/ calls$/, '').replace(/ insights$/, '')}, a share of ${pct}.`
      : `${cap(inline)}: there were no calls, so there is no share to give.`;
    return { answer, sids: [], sources: [metricSource(rec)] };
  }
  if (intent.other) return shareCompared(tools, spec, intent.other, now, filters);
  const s = await partOfAll(tools, w, filters);
  if ('answer' in s) return s;
  const inline = windowInline(spec, s.range);
  const answer = s.all
    ? `${cap(inline)}: ${fmtInt(s.part)} of ${nCalls(s.all)} ${plural(s.part, 'was a call', 'were calls')} ${qual}, a share of ${fmtPct(s.part / s.all)}.`
    : `${cap(inline)}: there were no calls, so there is no share to give.`;
  return { answer, sids: [], sources: s.sources };
}

interface PartOfAll {
  part: number;
  all: number;
  range: RangeObject;
  sources: AgentSource[];
}

/** The calls of the filters and all calls of one window (two summaries), or the error answer. */
async function partOfAll(tools: ToolRunner, w: ReturnType<typeof windowArgs>, filters: Filters): Promise<PartOfAll | Composed> {
  const part = await tools.call('get_summary', { ...w, ...filterArgs(filters) });
  if (!part.ok) return errorAnswer(part);
  const all = await tools.call('get_summary', w);
  if (!all.ok) return errorAnswer(all);
  const a = all.result as Summary & { range: RangeObject };
  return {
    part: (part.result as Summary).calls_received,
    all: a.calls_received,
    range: a.range,
    sources: [metricSource(part), metricSource(all)],
  };
}

/** The filters' share of all calls in two windows: "what share of calls today vs this month were about Amazon". */
async function shareCompared(tools: ToolRunner, specA: WindowSpec, specB: WindowSpec, now: Date, filters: Filters): Promise<Composed> {
  const shares: PartOfAll[] = [];
  for (const spec of [specA, specB]) {
    const s = await partOfAll(tools, windowArgs(spec, now), filters);
    if ('answer' in s) return s;
    shares.push(s);
  }
  const [sa, sb] = shares;
  const sources = [...sa.sources, ...sb.sources];
  const pct = (s: PartOfAll) => (s.all ? s.part / s.all : null);
  const said = (s: PartOfAll) =>
    s.all ? `${fmtInt(s.part)} of ${nCalls(s.all)}, a share of ${fmtPct(s.part / s.all)}` : 'no calls, so no share';
  const aLater = Date.parse(sa.range.end_utc) >= Date.parse(sb.range.end_utc);
  const [earlyName, lateName] = aLater ? changeNames(specB, specA) : changeNames(specA, specB);
  const [pe, pl] = aLater ? [pct(sb), pct(sa)] : [pct(sa), pct(sb)];
  const answer =
    `Calls ${filterText(filters)}: ${windowInline(specA, sa.range)} ${said(sa)}; ${periodNamed(specB, sb.range)} ${said(sb)} ` +
    `(change from ${earlyName} to ${lateName}: ${changeClause('ratio', pe, pl)}).`;
  return { answer, sids: [], sources };
}

type PerCall = Extract<Intent, { kind: 'perCall' }>;

/** A figure per call of the filters: the total over the number of calls. */
export async function perCall(tools: ToolRunner, intent: PerCall, spec: WindowSpec, now: Date, filters: Filters): Promise<Composed> {
  const rec = await tools.call('get_summary', { ...windowArgs(spec, now), ...filterArgs(filters) });
  if (!rec.ok) return errorAnswer(rec);
  const s = rec.result as Summary & { range: RangeObject };
  const info = SUMMARY_METRICS[intent.metric];
  const total = s[intent.metric] as number;
  const inline = windowInline(spec, s.range) + forCalls(filterText(filters));
  const answer = s.calls_received
    ? `${cap(inline)}: ${info.label} ${fmtKind(info.kind, total)} over ${nCalls(s.calls_received)}, an average of ${fmtKind(info.kind, total / s.calls_received)} per call.`
    : `${cap(inline)}: there were no calls, so there is no average per call.`;
  return { answer, sids: [], sources: [metricSource(rec)] };
}

type Distinct = Extract<Intent, { kind: 'distinct' }>;

/** How many different values a field has in the window (seen in at least minCount calls). */
export async function distinct(tools: ToolRunner, intent: Distinct, spec: WindowSpec, now: Date, filters: Filters): Promise<Composed> {
  const args: Record<string, unknown> = { field: intent.field, n: 10, ...windowArgs(spec, now), ...filterArgs(filters) };
  if (intent.minCount !== undefined) args.min_count = intent.minCount;
  const rec = await tools.call('get_topn', args);
  if (!rec.ok) return errorAnswer(rec);
  const r = rec.result as { range: RangeObject; items: Array<{ label: string; count: number }>; distinct: number };
  const labels = FIELD_LABELS[intent.field];
  const inline = windowInline(spec, r.range) + forCalls(filterText(filters));
  const seen = intent.minCount !== undefined ? ` seen in ${fmtInt(intent.minCount)} or more calls` : '';
  const top = r.items.slice(0, 5).map((i) => `${i.label}: ${nCalls(i.count)}`);
  const answer =
    `There ${r.distinct === 1 ? 'was' : 'were'} ${fmtInt(r.distinct)} different ${plural(r.distinct, labels.singular, labels.plural)}${seen} ${inline}` +
    (top.length ? `; the most frequent: ${top.join('; ')}.` : '.');
  return { answer, sids: [], sources: [metricSource(rec)] };
}

type AskCount = Extract<Intent, { kind: 'askCount' }>;

/** Single dollar asks of at least an amount, counted one by one (a call may hold several). */
export async function askCount(tools: ToolRunner, intent: AskCount, spec: WindowSpec, now: Date, filters: Filters): Promise<Composed> {
  const rec = await tools.call('get_summary', { ...windowArgs(spec, now), ...filterArgs(filters), ask_threshold: intent.min });
  if (!rec.ok) return errorAnswer(rec);
  const s = rec.result as Summary & { range: RangeObject; asks_at_least: number };
  const inline = windowInline(spec, s.range) + forCalls(filterText(filters));
  const answer =
    `${cap(inline)}: ${fmtInt(s.asks_at_least)} single dollar ${plural(s.asks_at_least, 'ask was', 'asks were')} ${fmtKind('usd', intent.min)} or more, ` +
    `in ${nCalls(s.calls_received)} in all; the largest single ask was ${s.max_single_ask === null ? 'none' : fmtKind('usd', s.max_single_ask)}.`;
  return { answer, sids: [], sources: [metricSource(rec)] };
}

/**
 * The single dollar asks of the window: how many there were (get_summary counts the asks of at
 * least $0, which is every ask), their mean (total dollars asked ÷ that count), median and
 * largest. No tool gives a mean ask, so the answer says how it is computed.
 */
export async function askStats(tools: ToolRunner, spec: WindowSpec, now: Date, filters: Filters, other?: WindowSpec): Promise<Composed> {
  const read = (sp: WindowSpec) => tools.call('get_summary', { ...windowArgs(sp, now), ...filterArgs(filters), ask_threshold: 0 });
  const rec = await read(spec);
  if (!rec.ok) return errorAnswer(rec);
  const s = rec.result as AskSummary;
  if (!other) return { answer: askSentence(spec, s, filters), sids: [], sources: [metricSource(rec)] };
  // Two windows: the mean asks compared, each window's asks as for one.
  const rec2 = await read(other);
  if (!rec2.ok) return errorAnswer(rec2);
  const s2 = rec2.result as AskSummary;
  const mean = (x: AskSummary) => (x.asks_at_least ? x.total_dollars_asked / x.asks_at_least : null);
  const f = (v: number | null) => (v === null ? 'none (no asks)' : fmtKind('usd', v));
  const aLater = Date.parse(s.range.end_utc) >= Date.parse(s2.range.end_utc);
  const [before, after] = aLater ? [mean(s2), mean(s)] : [mean(s), mean(s2)];
  const answer =
    `Average (mean) single dollar ask ${windowInline(spec, s.range)} vs ${windowInline(other, s2.range)}: ${f(mean(s))} vs ${f(mean(s2))} ` +
    `(change from the earlier to the later: ${changeClause('usd', before, after)}). ${askSentence(spec, s, filters)} ${askSentence(other, s2, filters)}`;
  return { answer, sids: [], sources: [metricSource(rec), metricSource(rec2)] };
}

type AskSummary = Summary & { range: RangeObject; asks_at_least: number };

/** One window's single asks: how many, their total, mean, median and largest. */
function askSentence(spec: WindowSpec, s: AskSummary, filters: Filters): string {
  const inline = cap(windowInline(spec, s.range) + forCalls(filterText(filters)));
  const n = s.asks_at_least;
  const calls = nCalls(s.calls_received);
  if (n === 0) return `${inline}: no dollar asks in ${calls}, so there is no average ask.`;
  const f = (v: number | null) => (v === null ? 'none' : fmtKind('usd', v));
  return (
    `${inline}: ${fmtInt(n)} single dollar ${plural(n, 'ask', 'asks')} over ${calls}, totalling ${fmtKind('usd', s.total_dollars_asked)}; ` +
    `the average (mean) ask was ${fmtKind('usd', s.total_dollars_asked / n)} (total dollars asked ÷ number of asks), ` +
    `the median ask ${f(s.median_dollar_ask)} and the largest single ask ${f(s.max_single_ask)}.`
  );
}

type PerUnit = Extract<Intent, { kind: 'perUnit' }>;

const UNIT_MS = { hour: HOUR_MS, day: DAY_MS, week: 7 * DAY_MS } as const;

/** A window of part days ("this month" up to now) also averaged over the calendar days it touches. */
function touched(total: number, units: number, unit: PerUnit['unit'], f: (v: number) => string): string {
  if (unit !== 'day' || Number.isInteger(units)) return '';
  const days = Math.ceil(units);
  return ` (${f(total / days)} per calendar day over the ${days} days it touches, the part day counted whole)`;
}

/** A figure averaged per hour, day or week: the window's total over the window's length in that unit. */
export async function perUnit(tools: ToolRunner, intent: PerUnit, spec: WindowSpec, now: Date, filters: Filters): Promise<Composed> {
  const rec = await tools.call('get_summary', { ...windowArgs(spec, now), ...filterArgs(filters) });
  if (!rec.ok) return errorAnswer(rec);
  const s = rec.result as Summary & { range: RangeObject };
  const info = SUMMARY_METRICS[intent.metric];
  const total = (s[intent.metric] as number | null) ?? 0;
  const units = (Date.parse(s.range.end_utc) - Date.parse(s.range.start_utc)) / UNIT_MS[intent.unit];
  const inline = cap(windowInline(spec, s.range) + forCalls(filterText(filters)));
  const n = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 2 });
  const f = (v: number) => (info.kind === 'usd' ? fmtKind('usd', v) : n(v));
  const answer =
    units > 0
      ? `${inline}: ${info.label} ${fmtKind(info.kind, total)} over ${n(units)} ${plural(units, intent.unit, `${intent.unit}s`)}, an average of ${f(total / units)} per ${intent.unit}${touched(total, units, intent.unit, f)}.`
      : `${inline}: the window is empty, so there is no average per ${intent.unit}.`;
  return { answer, sids: [], sources: [metricSource(rec)] };
}

type Complement = Extract<Intent, { kind: 'complement' }>;

/** A negated figure: the calls lacking it, and those having it. */
const FIGURE_TEXT: Record<NegatedFigure, { lacking: string; having: string }> = {
  cleanly_closed: { lacking: 'were not closed cleanly', having: 'closed cleanly' },
  insights_produced: { lacking: 'had no extraction (insight)', having: 'with an extraction' },
  high_confidence_insights: { lacking: 'had no high-confidence insight', having: 'with a high-confidence insight' },
  tiered: { lacking: 'had no tier', having: 'with a tier' },
};

/** Who else lacks the property: calls that name no value of the field at all. */
function lackingNote(part: Filters): string {
  const fields = Object.keys(part).filter(isValueField);
  const none = [
    ...fields.map((f) => `no ${VALUE_FIELD_NAMES[f]}`),
    ...(part.caller_state ? ['a number placed in no state'] : []),
    ...(part.tier ? ['no tier'] : []),
  ];
  return none.length ? ` They include the calls with ${none.join(' or ')}.` : '';
}

/**
 * Calls lacking a property: all calls of the filters minus those having it, both over the same
 * window and filters, from one get_summary (a figure) or two (the property as filters).
 */
export async function complement(tools: ToolRunner, intent: Complement, spec: WindowSpec, now: Date, filters: Filters): Promise<Composed> {
  const w = windowArgs(spec, now);
  const all = await tools.call('get_summary', { ...w, ...filterArgs(filters) });
  if (!all.ok) return errorAnswer(all);
  const s = all.result as Summary & { range: RangeObject };
  const sources = [metricSource(all)];
  const part = intent.part ?? {};
  let having: number;
  let what: { lacking: string; having: string };
  if (intent.figure) {
    having = intent.figure === 'tiered' ? s.tier1_calls + s.tier2_calls + s.tier3_calls : s[intent.figure];
    what = FIGURE_TEXT[intent.figure];
  } else {
    // One tool filter per field: the question's own value and the negated one can't both be given.
    const clash = Object.keys(part).filter((k) => filters[k as keyof Filters] !== undefined);
    if (clash.length)
      return {
        answer: `I can't count the calls ${intent.said} among calls that already have a ${clash.map((k) => k.replace(/_/g, ' ')).join(' and ')} filter: the tools take one value list per field.`,
        sids: [],
        sources,
      };
    const rec = await tools.call('get_summary', { ...w, ...filterArgs({ ...filters, ...part }) });
    if (!rec.ok) return errorAnswer(rec);
    sources.push(metricSource(rec));
    having = (rec.result as Summary).calls_received;
    const text = filterText(part).replace(/^that (?:are|were) /, '');
    what = { lacking: `were not ${/^(?:with|whose)\b/.test(text) ? `calls ${text}` : text}`, having: filterText(part) };
  }
  const total = s.calls_received;
  const lacking = total - having;
  const cant = intent.asked
    ? `I can't give ${intent.asked} for only the calls ${intent.said}: the tools select calls by what they have, not by what they lack, so I can only count them. `
    : '';
  const inline = cap(windowInline(spec, s.range) + forCalls(filterText(filters)));
  const answer = total
    ? `${cant}${inline}: ${fmtInt(lacking)} of the ${nCalls(total)} ${lacking === 1 ? what.lacking.replace(/^were\b/, 'was') : what.lacking} (${fmtPct(lacking / total)}), ` +
      `that is all ${nCalls(total)} minus the ${nCalls(having)} ${what.having}, both counted over the same window and filters.${intent.figure ? '' : lackingNote(part)}`
    : `${cant}${inline}: there were no calls, so none ${intent.said}.`;
  return { answer, sids: [], sources };
}
