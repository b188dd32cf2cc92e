// Answers of the built-in agent, written from tool results only: each composer reads the
// records of this request's tool calls and prints their figures (formatted by answer.ts),
// the calls it lists (referenced_call_sids) and its sources.

import type { DisconnectReason } from '../../domain/call.js';
import { DAY_MS, type RangeObject } from '../../domain/window.js';
import type { GeoItem } from '../../storage/queries/geo.js';
import type { Summary } from '../../storage/queries/summary.js';
import type { TimeseriesMetric, TimeseriesPoint } from '../../storage/queries/timeseries.js';
import type { TopnField, TopnItem } from '../../storage/queries/topn.js';
import {
  andList,
  changeClause,
  nCalls,
  verdictWord,
  DISCONNECT_LABELS,
  FIELD_LABELS,
  fmtInt,
  fmtKind,
  fmtPct,
  metricClause,
  plural,
  SERIES_METRICS,
  SUMMARY_METRICS,
  type SummaryMetric,
} from './answer.js';
import { direction, halvesOf } from './halves.js';
import { LOOKUP_N, RANK_BY_VALUES, TOPN_DEFAULT, type Intent, type RankField, type Verdict } from '../plan/intents.js';
import { windowPhrase, type WindowSpec } from '../read/windowSpec.js';
import { fmtSpan } from './when.js';
import { matchValue } from '../read/values.js';
import type { ToolCallRecord, ToolName } from '../run/tools.js';
import type { AgentSource } from '../turns.js';
import { STATE_NAMES } from '../read/vocabulary.js';

export interface Composed {
  answer: string;
  sids: string[];
  sources: AgentSource[];
}

export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function rangeOf(rec: ToolCallRecord): RangeObject | null {
  const r = (rec.result as { range?: RangeObject } | null)?.range;
  return r && typeof r.start_utc === 'string' ? r : null;
}

/** "in the last 7 days (Nov 13, 2026 14:00 UTC to Nov 20, 2026 14:00 UTC)" / "today (…)" / "from … to …". */
export function windowInline(spec: WindowSpec, r: RangeObject): string {
  const span = fmtSpan(r.start_utc, r.end_utc);
  if (spec.kind === 'span') return `from ${span}`;
  const p = windowPhrase(spec);
  return `${spec.kind === 'range' ? `in ${p}` : p} (${span})`;
}

/** A window as the object of "compared with" or "shorter than": "the period from Aug 1 to Sep 1, 2026", "last week (…)". */
export const periodNamed = (spec: WindowSpec, r: RangeObject) =>
  spec.kind === 'span' ? `the period ${windowInline(spec, r)}` : windowInline(spec, r);

/** A window as the subject of a note: "this week", or "the period from …" for a span. */
const windowPhraseOf = (sp: WindowSpec, r: RangeObject) => (sp.kind === 'span' ? periodNamed(sp, r) : windowPhrase(sp));

/** The two windows as the ends of a change: "last week", "this week", or "the earlier period" for a span. */
export const changeNames = (earlySpec: WindowSpec, lateSpec: WindowSpec): [string, string] => [
  earlySpec.kind === 'span' ? 'the earlier period' : windowPhrase(earlySpec),
  lateSpec.kind === 'span' ? 'the later period' : windowPhrase(lateSpec),
];

/** A figure of a window to compare: a rate of a window without calls is 0 in the API but no figure. */
const comparable = (s: Summary, m: SummaryMetric) =>
  SUMMARY_METRICS[m].kind === 'ratio' && s.calls_received === 0 ? null : (s[m] as number | null);

const lengthOf = (r: RangeObject) => Date.parse(r.end_utc) - Date.parse(r.start_utc);
/** Windows whose lengths differ by 15% or more: their totals are not like for like. */
const unequal = (la: number, lb: number) => Math.min(la, lb) > 0 && Math.max(la, lb) / Math.min(la, lb) >= 1.15;

/**
 * "Yes. " / "No. " / "They were equal. " before a comparison, from the figures it shows: the first
 * window against the second (`than`), else the earlier against the later. A total of windows of
 * unequal lengths that goes the other way per day is said to.
 */
function verdictLead(v: Verdict, sa: Summary & { range: RangeObject }, sb: Summary & { range: RangeObject }, aLater: boolean): string {
  const info = SUMMARY_METRICS[v.metric];
  const valueOf = (s: Summary) => comparable(s, v.metric);
  const [before, after] = v.than || aLater ? [sb, sa] : [sa, sb];
  const word = verdictWord(v.up, valueOf(before), valueOf(after));
  if (!word)
    return `I can't tell whether the ${info.label} went ${v.up === null ? 'up or down' : v.up ? 'up' : 'down'}: a window has no calls. `;
  const [lb, la] = [lengthOf(before.range), lengthOf(after.range)];
  if ((info.kind === 'count' || info.kind === 'usd') && unequal(la, lb)) {
    const perDay = verdictWord(v.up, (before[v.metric] as number) / lb, (after[v.metric] as number) / la);
    if (perDay && perDay !== word)
      return `${word}, by the totals (${info.label}); per day, ${perDay === 'They were equal' ? 'they were equal' : v.up === null ? perDay.toLowerCase() : `the answer is ${perDay.toLowerCase()}`}. `;
  }
  return `${word} (${info.label}). `;
}

/**
 * Windows of different lengths are not compared like with like ("yesterday vs last week" is
 * one day against seven): the totals are also given per day, and the answer says so.
 */
function lengthNote(
  a: RangeObject,
  b: RangeObject,
  specA: WindowSpec,
  specB: WindowSpec,
  perDay: Array<[string, 'count' | 'usd', number, number]> = [],
): string {
  const [la, lb] = [lengthOf(a), lengthOf(b)];
  if (!unequal(la, lb)) return '';
  const [short, long] = la < lb ? [[specA, a] as const, [specB, b] as const] : [[specB, b] as const, [specA, a] as const];
  const name = ([sp, r]: readonly [WindowSpec, RangeObject]) => windowPhraseOf(sp, r);
  const days = (ms: number) => ms / DAY_MS;
  const rates = perDay.map(([label, kind, va, vb]) => {
    const f = (v: number) => (kind === 'usd' ? fmtKind('usd', v) : v.toLocaleString('en-US', { maximumFractionDigits: 2 }));
    return `${label} ${f(va / days(la))} vs ${f(vb / days(lb))} per day`;
  });
  const lead = ` Note: ${name(short)} is shorter than ${name(long)}, so totals are not like for like`;
  return rates.length && Math.max(la, lb) >= DAY_MS
    ? `${lead}; per day: ${rates.join('; ')}.`
    : `${lead}; rates such as the hook rate compare fairly.`;
}

/** ", for calls impersonating Amazon from TX" after a window, or nothing. */
export const forCalls = (qual: string) => (qual ? `, counting only calls ${qual}` : '');

const TOOL_TITLES: Record<ToolName, string> = {
  get_summary: 'Summary figures',
  get_timeseries: 'Time series',
  get_topn: 'Top values',
  get_tier1: 'Tier-1 calls',
  get_attacker_geo: 'Attacker geography',
  get_disconnect_breakdown: 'Disconnect reasons',
  get_active_calls: 'Active calls',
  search_calls: 'Call search',
  get_call: 'Call',
  query: 'Query',
};

export function metricSource(rec: ToolCallRecord): AgentSource {
  const r = rangeOf(rec);
  let label = TOOL_TITLES[rec.name];
  if (rec.name === 'get_timeseries') label += `: ${String(rec.args.metric)}`;
  if (rec.name === 'get_topn') label += `: ${String(rec.args.field)}`;
  if (r) label += `, ${r.start_utc} to ${r.end_utc}`;
  return { type: 'metric', label, ref: { tool: rec.name } };
}

export function errorAnswer(rec: ToolCallRecord): Composed {
  const err = (rec.result as { error?: string }).error ?? 'the tool refused the request';
  return { answer: `I couldn't get that from the data: ${err}`, sids: [], sources: [metricSource(rec)] };
}

export function composeSummary(spec: WindowSpec, metrics: SummaryMetric[], rec: ToolCallRecord, notHooked = false, qual = ''): Composed {
  const s = rec.result as RangeObject & Summary & { range: RangeObject };
  const clauses = metrics.map((m) => {
    if (m === 'hook_rate') {
      return `hook rate ${fmtPct(s.hook_rate)} (${fmtInt(s.hooked_calls)} of ${nCalls(s.calls_received)} hooked)`;
    }
    return metricClause(m, s[m] as number | null);
  });
  if (notHooked) clauses.push(`calls not hooked ${fmtInt(s.calls_received - s.hooked_calls)}`);
  const lead = cap(windowInline(spec, s.range)) + forCalls(qual);
  return { answer: `${lead}: ${clauses.join('; ')}.`, sids: [], sources: [metricSource(rec)] };
}

export function composeCompare(
  specA: WindowSpec,
  specB: WindowSpec,
  metrics: SummaryMetric[],
  a: ToolCallRecord,
  b: ToolCallRecord,
  qual = '',
  share = false,
  verdict?: Verdict,
): Composed {
  const sa = a.result as Summary & { range: RangeObject };
  const sb = b.result as Summary & { range: RangeObject };
  // The change runs from the earlier window to the later one.
  const aLater = Date.parse(sa.range.end_utc) >= Date.parse(sb.range.end_utc);
  const [early, late, earlySpec, lateSpec] = aLater ? [sb, sa, specB, specA] : [sa, sb, specA, specB];
  const [earlyName, lateName] = changeNames(earlySpec, lateSpec);
  const valueOf = comparable;
  const clauses = metrics.map((m) => {
    const info = SUMMARY_METRICS[m];
    const none = info.kind === 'ratio' ? 'none (no calls)' : 'none';
    const f = (v: number | null) => (v === null ? none : fmtKind(info.kind, v));
    return `${info.label} ${f(valueOf(sa, m))} vs ${f(valueOf(sb, m))} (change from ${earlyName} to ${lateName}: ${changeClause(info.kind, valueOf(early, m), valueOf(late, m))})`;
  });
  if (share) {
    // "tier 1 share of calls": each count as a share of its window's calls.
    for (const m of metrics) {
      if (m === 'calls_received' || SUMMARY_METRICS[m].kind !== 'count') continue;
      const pa = sa.calls_received ? (sa[m] as number) / sa.calls_received : null;
      const pb = sb.calls_received ? (sb[m] as number) / sb.calls_received : null;
      const [pe, pl] = aLater ? [pb, pa] : [pa, pb];
      const f = (v: number | null) => (v === null ? 'none (no calls)' : fmtPct(v));
      clauses.push(
        `${SUMMARY_METRICS[m].label} as a share of calls ${f(pa)} vs ${f(pb)} (change from ${earlyName} to ${lateName}: ${changeClause('ratio', pe, pl)})`,
      );
    }
  }
  const perDay = metrics.flatMap((m): Array<[string, 'count' | 'usd', number, number]> => {
    const info = SUMMARY_METRICS[m];
    return (info.kind === 'count' || info.kind === 'usd') && sa[m] !== null && sb[m] !== null
      ? [[info.label, info.kind, sa[m] as number, sb[m] as number]]
      : [];
  });
  const said = verdict ? verdictLead(verdict, sa, sb, early === sb) : '';
  const answer = `${said}${cap(windowInline(specA, sa.range))} compared with ${periodNamed(specB, sb.range)}${forCalls(qual)}: ${clauses.join('; ')}.${lengthNote(sa.range, sb.range, specA, specB, perDay)}`;
  return { answer, sids: [], sources: [metricSource(a), metricSource(b)] };
}

/** A list shorter than asked for is complete, so a value missing from it has no call; else its count is unknown. */
const countIn = (r: { items: TopnItem[] }, label: string): number | null =>
  r.items.find((i) => i.label === label)?.count ?? (r.items.length < LOOKUP_N ? 0 : null);

export function composeTopnCompare(
  specA: WindowSpec,
  specB: WindowSpec,
  field: TopnField,
  a: ToolCallRecord,
  b: ToolCallRecord,
  qual = '',
  movers?: { falling: boolean; n: number },
): Composed {
  const ra = a.result as { range: RangeObject; items: TopnItem[] };
  const rb = b.result as { range: RangeObject; items: TopnItem[] };
  if (movers) return composeMovers(specA, specB, field, a, b, qual, movers);
  const labels = FIELD_LABELS[field];
  const aLater = Date.parse(ra.range.end_utc) >= Date.parse(rb.range.end_utc);
  const shown = [...new Set([...ra.items.slice(0, TOPN_DEFAULT), ...rb.items.slice(0, TOPN_DEFAULT)].map((i) => i.label))];
  const head = `${cap(labels.plural)} ${windowInline(specA, ra.range)} compared with ${periodNamed(specB, rb.range)}${forCalls(qual)}, in calls`;
  if (shown.length === 0)
    return { answer: `${head}: no call in either window has a ${labels.singular}.`, sids: [], sources: [metricSource(a), metricSource(b)] };
  const rows = shown.map((l) => {
    const ca = countIn(ra, l);
    const cb = countIn(rb, l);
    const [early, late] = aLater ? [cb, ca] : [ca, cb];
    const f = (v: number | null) => (v === null ? 'not among the most frequent' : fmtInt(v));
    return `${l} ${f(ca)} vs ${f(cb)} (${changeClause('count', early, late)})`;
  });
  return {
    answer: `${head}: ${rows.join('; ')}.${lengthNote(ra.range, rb.range, specA, specB)}`,
    sids: [],
    sources: [metricSource(a), metricSource(b)],
  };
}

/** The values whose calls rose (or fell) most from the earlier window to the later one, biggest change first. */
function composeMovers(
  specA: WindowSpec,
  specB: WindowSpec,
  field: TopnField,
  a: ToolCallRecord,
  b: ToolCallRecord,
  qual: string,
  movers: { falling: boolean; n: number },
): Composed {
  const ra = a.result as { range: RangeObject; items: TopnItem[] };
  const rb = b.result as { range: RangeObject; items: TopnItem[] };
  const labels = FIELD_LABELS[field];
  const aLater = Date.parse(ra.range.end_utc) >= Date.parse(rb.range.end_utc);
  const [early, late] = aLater ? [rb, ra] : [ra, rb];
  const [earlySpec, lateSpec] = aLater ? [specB, specA] : [specA, specB];
  // Windows of different lengths are ranked by calls per day, so the longer one does not win by its length.
  const [le, ll] = [lengthOf(early.range), lengthOf(late.range)];
  const perDay = unequal(le, ll) && Math.max(le, ll) >= DAY_MS;
  const [de, dl] = perDay ? [le / DAY_MS, ll / DAY_MS] : [1, 1];
  const rows = [...new Set([...late.items, ...early.items].map((i) => i.label))]
    .map((label) => ({ label, before: countIn(early, label), after: countIn(late, label) }))
    .filter((r): r is { label: string; before: number; after: number } => r.before !== null && r.after !== null)
    .map((r) => ({ ...r, change: r.after / dl - r.before / de }))
    .filter((r) => (movers.falling ? r.change < 0 : r.change > 0))
    .sort((x, y) => Math.abs(y.change) - Math.abs(x.change) || x.label.localeCompare(y.label))
    .slice(0, movers.n);
  const direction = movers.falling ? 'falling' : 'rising';
  const periods = `${windowInline(lateSpec, late.range)} compared with ${periodNamed(earlySpec, early.range)}${forCalls(qual)}`;
  const sources = [metricSource(a), metricSource(b)];
  const note = perDay
    ? ` ${cap(windowPhraseOf(lateSpec, late.range))} and ${windowPhraseOf(earlySpec, early.range)} differ in length, so values are ranked by calls per day.`
    : lengthNote(late.range, early.range, lateSpec, earlySpec);
  if (rows.length === 0) {
    const none = `No ${labels.singular} had ${movers.falling ? 'fewer' : 'more'} calls ${periods}.`;
    return { answer: `${none}${note}`, sids: [], sources };
  }
  const rate = (v: number, days: number) => (v / days).toLocaleString('en-US', { maximumFractionDigits: 2 });
  const listed = rows.map((r) =>
    perDay
      ? `${r.label} ${changeClause('count', r.before / de, r.after / dl)} per day, ${rate(r.after, dl)} vs ${rate(r.before, de)} calls per day (${fmtInt(r.after)} vs ${fmtInt(r.before)} calls)`
      : `${r.label} ${changeClause('count', r.before, r.after)}, ${fmtInt(r.after)} vs ${fmtInt(r.before)}`,
  );
  return {
    answer: `${cap(labels.plural)} ${direction} most ${periods}, by the change in calls${perDay ? ' per day' : ''}: ${listed.join('; ')}.${note}`,
    sids: [],
    sources,
  };
}

/** A field's values by a figure: the first (or tied firsts) named, then the list with each value's calls. */
export function composeRankBy(
  spec: WindowSpec,
  intent: Extract<Intent, { kind: 'rankBy' }>,
  top: ToolCallRecord,
  rows: { label: string; calls: number; value: number | null; rec: ToolCallRecord }[],
  qual: string,
  /** Every value with a call was ranked (else the most frequent ones). */
  complete: boolean,
): Composed {
  const range = (top.result as { range: RangeObject }).range;
  const labels = FIELD_LABELS[intent.field];
  const info = SUMMARY_METRICS[intent.metric];
  const inline = windowInline(spec, range) + forCalls(qual);
  const sources = [...new Set([top, ...rows.map((r) => r.rec)])].map(metricSource);
  if (rows.length === 0) return { answer: `${cap(inline)}: no call has a ${labels.singular}.`, sids: [], sources };
  const sign = intent.least ? 1 : -1;
  const ranked = [...rows].sort(
    (a, b) =>
      (a.value === null ? 1 : 0) - (b.value === null ? 1 : 0) ||
      sign * ((a.value ?? 0) - (b.value ?? 0)) ||
      b.calls - a.calls ||
      a.label.localeCompare(b.label),
  );
  const f = (v: number | null) => (v === null ? 'none' : fmtKind(info.kind, v));
  const which = intent.least ? 'lowest' : 'highest';
  const scope = complete ? `every ${labels.singular} with a call` : `the ${RANK_BY_VALUES} ${labels.plural} with the most calls`;
  const best = ranked.filter((r) => r.value !== null && r.value === ranked[0].value);
  const lead = !best.length
    ? `No ${labels.singular} has a ${info.label} ${inline}.`
    : best.length > 1
      ? `${andList(best.map((r) => r.label))} are tied for the ${which} ${info.label} ${inline}: ${f(best[0].value)}.`
      : `${best[0].label} has the ${which} ${info.label} ${inline}: ${f(best[0].value)} (${nCalls(best[0].calls)}).`;
  const list = ranked.slice(0, intent.n).map((r) => `${r.label} ${f(r.value)} (${nCalls(r.calls)})`);
  return {
    answer: `${lead} ${cap(info.label)} by ${labels.singular}, ${which} first, over ${scope}: ${list.join('; ')}.`,
    sids: [],
    sources,
  };
}

function pointLabel(p: TimeseriesPoint, bucket: string): string {
  return bucket === 'day' || bucket === 'week' ? p.timestamp.slice(0, 10) : p.timestamp;
}

const MAX_POINTS_LISTED = 48;

export function composeSeries(spec: WindowSpec, metric: TimeseriesMetric, rec: ToolCallRecord, qual = '', explain = false): Composed {
  const r = rec.result as { bucket: string; range: RangeObject; points: TimeseriesPoint[] };
  const { kind } = SERIES_METRICS[metric];
  const label = cap(SERIES_METRICS[metric].label);
  const inline = windowInline(spec, r.range) + forCalls(qual);
  const pts = r.points;
  const additive = kind === 'count' || kind === 'usd';
  let answer: string;
  if (pts.length <= MAX_POINTS_LISTED && !explain) {
    answer = `${label} per ${r.bucket} ${inline}: ${pts.map((p) => `${pointLabel(p, r.bucket)}: ${fmtKind(kind, p.value)}`).join('; ')}.`;
  } else {
    // Explaining a chart (or a long series): its peak, its low, its latest bucket and its direction, not every point.
    answer = `${label} per ${r.bucket} ${inline}`;
    if (!pts.length) return { answer: `${answer}: no buckets.`, sids: [], sources: [metricSource(rec)] };
    const peak = pts.reduce((a, b) => (b.value > a.value ? b : a), pts[0]);
    const low = pts.reduce((a, b) => (b.value < a.value ? b : a), pts[0]);
    const last = pts[pts.length - 1];
    answer += `: ${fmtInt(pts.length)} ${plural(pts.length, 'bucket', 'buckets')}; the highest was ${fmtKind(kind, peak.value)} (${pointLabel(peak, r.bucket)}), the lowest ${fmtKind(kind, low.value)} (${pointLabel(low, r.bucket)}); the latest bucket (${pointLabel(last, r.bucket)}) has ${fmtKind(kind, last.value)}.`;
    const h = additive ? halvesOf(pts, null, 'sum') : null;
    if (h) {
      // Each half named with its figure, in time order, so they cannot be read the wrong way round.
      const way = { 'going up': 'up on', 'going down': 'down on', flat: 'the same as' }[direction(h.first, h.second)] ?? 'the same as';
      answer += ` First half of the buckets: ${fmtKind(kind, h.first!)}; second half: ${fmtKind(kind, h.second!)}, so the second half is ${way} the first.`;
    }
  }
  if (additive) {
    const total = pts.reduce((a, p) => a + p.value, 0);
    answer += ` Total: ${fmtKind(kind, total)}.`;
  }
  return { answer, sids: [], sources: [metricSource(rec)] };
}

/**
 * "Yes. " / "No. " before a ranking asked about one value ("is Amazon the most impersonated
 * brand?"): whether it holds the top (or bottom) count, tied or alone.
 */
function checkLead(items: TopnItem[], typed: string, least: boolean, singular: string, complete: boolean): string {
  const hit = matchValue(
    typed,
    items.map((i) => i.label),
  );
  const item = hit ? items.find((i) => i.label === hit.label) : undefined;
  if (!item) return complete ? `No: no call here has ${typed} as its ${singular}. ` : `No: ${typed} is not among the most frequent. `;
  const edge = least ? items[items.length - 1].count : items[0].count;
  if (item.count !== edge)
    return `No: ${item.label} has ${nCalls(item.count)}, against ${nCalls(edge)} for the ${least ? 'least' : 'most'} frequent. `;
  const tied = items.filter((i) => i.count === edge && i !== item).map((i) => i.label);
  return tied.length
    ? `Yes, jointly: ${item.label} is tied with ${tied.join(', ')} at ${nCalls(edge)} each. `
    : `Yes: ${item.label} has the ${least ? 'fewest' : 'most'}, ${nCalls(edge)}. `;
}

export function composeTopn(
  spec: WindowSpec,
  rec: ToolCallRecord,
  qual = '',
  minCount?: number,
  explain = false,
  check?: string,
  apart?: string,
): Composed {
  const read = rec.result as { field: RankField; range: RangeObject; items: TopnItem[] };
  const labels = FIELD_LABELS[read.field];
  // "other than Amazon": the value left out (one more was read, so as many are still shown), and said so.
  const gone = apart
    ? matchValue(
        apart,
        read.items.map((i) => i.label),
      )
    : null;
  const left = gone ? read.items.filter((i) => i.label !== gone.label) : read.items.slice(0, apart ? -1 : undefined);
  const r = { ...read, items: apart ? left.slice(0, Number(rec.args.n ?? TOPN_DEFAULT) - 1) : read.items };
  const goneItem = gone ? read.items.find((i) => i.label === gone.label) : undefined;
  const apartNote = !apart
    ? ''
    : goneItem
      ? ` ${goneItem.label} (${nCalls(goneItem.count)}) is left out, as asked; the shares are still of all ${labels.of}, ${goneItem.label} included.`
      : read.items.length < Number(rec.args.n ?? TOPN_DEFAULT)
        ? ` No call in this window names ${apart}, so nothing was left out.`
        : ` ${apart} is not among the ${fmtInt(read.items.length)} most frequent ${labels.plural} read, so nothing was left out.`;
  const inline = windowInline(spec, r.range) + forCalls(qual);
  if (minCount !== undefined) {
    // Values seen in several calls: each with its count.
    if (r.items.length === 0)
      return { answer: `No ${labels.singular} ${inline} was seen in ${minCount} or more calls.`, sids: [], sources: [metricSource(rec)] };
    const list = r.items.map((i) => `${i.label} (${nCalls(i.count)})`).join('; ');
    const more = r.items.length >= Number(rec.args.n ?? 10) ? ' (the most frequent shown; there may be more)' : '';
    return {
      answer: `${fmtInt(r.items.length)} ${plural(r.items.length, labels.singular, labels.plural)} ${inline} ${plural(r.items.length, 'was', 'were')} seen in ${minCount} or more calls${more}: ${list}.`,
      sids: [],
      sources: [metricSource(rec)],
    };
  }
  if (r.items.length === 0)
    return {
      answer: `No call ${inline} has a ${labels.singular}${goneItem ? ` other than ${goneItem.label}` : ''}.${apartNote}`,
      sids: [],
      sources: [metricSource(rec)],
    };
  const lead = r.items[0];
  const most = goneItem ? `most frequent ${labels.singular} other than ${goneItem.label}` : `most frequent ${labels.singular}`;
  const tied = r.items.filter((i) => i.count === lead.count);
  const first =
    tied.length > 1
      ? `${andList(tied.map((i) => i.label))} are tied for the ${most} ${inline}, with ${nCalls(lead.count)} each`
      : `The ${most} ${inline} is ${lead.label}`;
  // Explaining a panel: the top five, how many values there are and how many calls they cover, not every row.
  const shown = explain ? r.items.slice(0, EXPLAIN_TOP) : r.items;
  const list = shown.map((i) => `${i.label} ${fmtInt(i.count)} (${fmtPct(i.pct_of_total)})`).join('; ');
  const all = (r as { distinct?: number }).distinct ?? r.items.length;
  const covered = (r as { with_value?: number }).with_value ?? null;
  const tail = explain
    ? ` ${shown.length < all ? `That is the top ${fmtInt(shown.length)} of ${fmtInt(all)} ${labels.plural}` : `${fmtInt(all)} ${plural(all, labels.singular, labels.plural)} in all`}${covered !== null ? `, named in ${fmtInt(covered)} calls in total` : ''}.`
    : '';
  const said = check ? checkLead(r.items, check, false, labels.singular, r.items.length < Number(rec.args.n ?? 10)) : '';
  const answer = `${said}${first}. ${cap(labels.plural)} by number of calls, with each one's share of ${labels.of}: ${list}.${tail}${apartNote}`;
  return { answer, sids: [], sources: [metricSource(rec)] };
}

/**
 * The least frequent values of a ranking (read with n = LOOKUP_N), ties named together. When the
 * field has more values than were read, the rarest may be among those not read: said so.
 */
export function composeLeast(spec: WindowSpec, rec: ToolCallRecord, qual = '', check?: string): Composed {
  const r = rec.result as { field: RankField; range: RangeObject; items: TopnItem[]; distinct?: number };
  const labels = FIELD_LABELS[r.field];
  const inline = windowInline(spec, r.range) + forCalls(qual);
  const sources = [metricSource(rec)];
  if (r.items.length === 0) return { answer: `No call ${inline} has a ${labels.singular}.`, sids: [], sources };
  const all = r.distinct ?? r.items.length;
  if (all > r.items.length) {
    return {
      answer: `There are ${fmtInt(all)} ${labels.plural} ${inline}, more than the ${fmtInt(r.items.length)} most frequent I can read, so I can't say which is the least frequent; the least frequent of those read had ${nCalls(r.items[r.items.length - 1].count)}.`,
      sids: [],
      sources,
    };
  }
  const low = r.items[r.items.length - 1].count;
  const rarest = r.items.filter((i) => i.count === low).map((i) => i.label);
  const lead =
    rarest.length > 1
      ? `${andList(rarest)} are tied for the least frequent ${labels.singular} ${inline}, with ${nCalls(low)} each`
      : `The least frequent ${labels.singular} ${inline} is ${rarest[0]}, with ${nCalls(low)}`;
  const list = [...r.items]
    .reverse()
    .map((i) => `${i.label} ${fmtInt(i.count)} (${fmtPct(i.pct_of_total)})`)
    .join('; ');
  const said = check ? checkLead(r.items, check, true, labels.singular, true) : '';
  return {
    answer: `${said}${lead}. All ${fmtInt(all)} ${plural(all, labels.singular, labels.plural)}, fewest calls first: ${list}.`,
    sids: [],
    sources,
  };
}

/** Rows an "explain this panel" answer names. */
const EXPLAIN_TOP = 5;

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();

export function composeValue(spec: WindowSpec, field: TopnField, value: string, rec: ToolCallRecord, n: number, qual = ''): Composed {
  const r = rec.result as { range: RangeObject; items: TopnItem[] };
  const labels = FIELD_LABELS[field];
  const inline = windowInline(spec, r.range) + forCalls(qual);
  const hit = r.items.find((i) => norm(i.label) === norm(value));
  let answer: string;
  if (hit) {
    answer = `${hit.label} was the ${labels.singular} in ${nCalls(hit.count)} ${inline}, ${fmtPct(hit.pct_of_total)} of ${labels.of}.`;
  } else if (r.items.length < n) {
    answer = `No call ${inline} has ${value} as its ${labels.singular}.`;
  } else {
    answer = `${value} is not among the most frequent ${labels.plural} ${inline}, so it was named in only a few calls, if any.`;
  }
  return { answer, sids: [], sources: [metricSource(rec)] };
}

export function composeGeo(
  spec: WindowSpec,
  state: string | null,
  rec: ToolCallRecord,
  qual = '',
  explain = false,
  least = false,
): Composed {
  const r = rec.result as { range: RangeObject; items: GeoItem[] };
  const inline = windowInline(spec, r.range) + forCalls(qual);
  const codes = (g: GeoItem) => `${plural(g.area_codes.length, 'area code', 'area codes')} ${g.area_codes.join(', ')}`;
  let answer: string;
  if (state) {
    const name = STATE_NAMES[state] ?? state;
    const hit = r.items.find((g) => g.state === state);
    answer = hit
      ? `${nCalls(hit.count)} ${inline} came from ${name} (${state}), ${codes(hit)}.`
      : `No call ${inline} came from a ${name} (${state}) caller ID.`;
  } else if (r.items.length === 0) {
    answer = `No call ${inline} came from a US caller ID whose area code places it in a state.`;
  } else if (explain) {
    // Explaining the map: the top five states and how many calls it places, not every state.
    const total = r.items.reduce((a, g) => a + g.count, 0);
    answer =
      `The map ${inline} places ${nCalls(total)} in ${fmtInt(r.items.length)} ${plural(r.items.length, 'state', 'states')} by caller ID area code. ` +
      `The top ${fmtInt(Math.min(EXPLAIN_TOP, r.items.length))}: ${r.items
        .slice(0, EXPLAIN_TOP)
        .map((g) => `${g.state} ${fmtInt(g.count)}`)
        .join('; ')}. ` +
      'Toll-free, Canadian and unrecognised numbers are not on it.';
  } else {
    // The state(s) with the most (or fewest) calls first: several at that count are a tie, not the first of them.
    const end = least ? r.items[r.items.length - 1].count : r.items[0].count;
    const top = r.items.filter((g) => g.count === end).map((g) => g.state);
    const most = least ? 'fewest' : 'most';
    const lead =
      top.length > 1
        ? `${andList(top)} are tied for the ${most} calls ${inline}, with ${nCalls(end)} each. `
        : `${top[0]} had the ${most} calls ${inline}, ${nCalls(end)}. `;
    // A state with no call is not in the data: the fewest is among the states with at least one.
    const among = least
      ? `That is among the ${fmtInt(r.items.length)} ${plural(r.items.length, 'state', 'states')} with at least one call; a state not listed had no call from a caller ID placed there. `
      : '';
    answer =
      lead +
      among +
      `Calls by the caller's state, from the caller ID area code: ` +
      `${r.items.map((g) => `${g.state} ${fmtInt(g.count)} (${codes(g)})`).join('; ')}. ` +
      'Toll-free, Canadian and unrecognised numbers are not counted.';
  }
  return { answer, sids: [], sources: [metricSource(rec)] };
}

export function composeDisconnects(
  spec: WindowSpec,
  reason: DisconnectReason | null,
  rec: ToolCallRecord,
  qual = '',
  explain = false,
): Composed {
  const r = rec.result as { range: RangeObject } & Record<DisconnectReason, number>;
  const inline = windowInline(spec, r.range) + forCalls(qual);
  // Most frequent first, each with its stored code (what the API and a CSV call it).
  const reasons = (Object.keys(DISCONNECT_LABELS) as DisconnectReason[]).sort((a, b) => r[b] - r[a]);
  const all = reasons.map((k) => `${DISCONNECT_LABELS[k]} (${k}): ${fmtInt(r[k])}`).join('; ');
  const lead = reason
    ? `${nCalls(r[reason])} ${inline} ended because ${DISCONNECT_LABELS[reason]}. All reasons: `
    : `How calls ended ${inline}: `;
  const recorded = reasons.reduce((a, k) => a + r[k], 0);
  const total = explain ? ` ${nCalls(recorded)} ${plural(recorded, 'has', 'have')} a recorded reason in all.` : '';
  return {
    answer: `${lead}${all}. Calls with no recorded reason are not counted.${total}`,
    sids: [],
    sources: [metricSource(rec)],
  };
}
