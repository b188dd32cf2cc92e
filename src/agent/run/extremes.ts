// Answers about particular calls of a window: the newest or oldest ones, the longest or
// shortest ones, the one holding the biggest ask. The list tool returns calls newest first
// and has no order by length, so these read the summary's extreme first, then search.

import type { RangeObject } from '../../domain/window.js';
import type { CallSummary } from '../../storage/queries/calls.js';
import type { Summary } from '../../storage/queries/summary.js';
import type { ToolRunner } from '../agent.js';
import { fmtInt, fmtKind, fmtSec } from '../say/answer.js';
import { composeSummary, errorAnswer, forCalls, metricSource, windowInline, type Composed } from '../say/compose.js';
import { callRow, transcriptSource } from '../say/composeLists.js';
import { filterArgs } from '../plan/filters.js';
import { filterText } from '../say/filterText.js';
import { SEARCH_LIMIT, type Filters, type Intent } from '../plan/intents.js';
import { windowArgs, type WindowSpec } from '../read/windowSpec.js';
import type { ToolCallRecord } from './tools.js';
import { fmtWhen } from '../say/when.js';

type Latest = Extract<Intent, { kind: 'latest' }>;

/** The newest calls of the filters, or the oldest (the first hour with calls, then its last calls). */
export async function latestCalls(tools: ToolRunner, intent: Latest, spec: WindowSpec, now: Date, filters: Filters): Promise<Composed> {
  const fa = filterArgs(filters);
  const w = windowArgs(spec, now);
  const qual = filterText(filters);
  let rec: ToolCallRecord;
  let items: CallSummary[];
  const extra: ToolCallRecord[] = [];
  if (!intent.oldest) {
    rec = await tools.call('search_calls', { ...w, ...fa, limit: intent.limit });
    if (!rec.ok) return errorAnswer(rec);
    items = (rec.result as { items: CallSummary[] }).items;
  } else {
    // Calls are listed newest first: find the first hour with a call, then read that hour.
    const series = await tools.call('get_timeseries', { metric: 'calls', bucket: 'hour', ...w, ...fa });
    if (!series.ok) return errorAnswer(series);
    extra.push(series);
    const first = (series.result as { points: Array<{ timestamp: string; value: number }> }).points.find((p) => p.value > 0);
    if (!first)
      return {
        answer: `There were no calls ${windowInline(spec, (series.result as { range: RangeObject }).range)}${forCalls(qual)}.`,
        sids: [],
        sources: [metricSource(series)],
      };
    const start = Date.parse(first.timestamp);
    const lo = Math.max(start, Date.parse((series.result as { range: RangeObject }).range.start_utc));
    const end = new Date(start + 3_600_000).toISOString().replace('.000Z', 'Z');
    rec = await tools.call('search_calls', { start: new Date(lo).toISOString().replace('.000Z', 'Z'), end, ...fa, limit: 200 });
    if (!rec.ok) return errorAnswer(rec);
    items = (rec.result as { items: CallSummary[] }).items.slice(-intent.limit).reverse();
  }
  const range = ((extra[0] ?? rec).result as { range: RangeObject }).range;
  const inline = windowInline(spec, range) + forCalls(qual);
  if (!items.length) return { answer: `There were no calls ${inline}.`, sids: [], sources: [metricSource(rec)] };
  const details = await hasDetails(tools, items, filters);
  const which = intent.oldest
    ? items.length === 1
      ? 'first call'
      : `first ${fmtInt(items.length)} calls`
    : items.length === 1
      ? 'most recent call'
      : `${fmtInt(items.length)} most recent calls`;
  const answer =
    items.length === 1
      ? `The ${which} ${inline} came in at ${fmtWhen(items[0].started_at)}: ${callRow(items[0])}${details.get(items[0].call_sid) ?? ''}.`
      : `The ${which} ${inline}: ${items.map((c) => callRow(c) + (details.get(c.call_sid) ?? '')).join('; ')}.`;
  const sids = items.map((c) => c.call_sid);
  return { answer, sids, sources: [...extra.map(metricSource), metricSource(rec), ...sids.map(transcriptSource)] };
}

/** "with a phishing URL": the listed calls' values of those fields (from get_call, for a few calls). */
async function hasDetails(tools: ToolRunner, items: CallSummary[], filters: Filters): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!filters.has?.length || items.length > 3) return out;
  for (const c of items) {
    const rec = await tools.call('get_call', { call_sid: c.call_sid });
    const e = rec.ok ? (rec.result as { extraction: Record<string, unknown> | null }).extraction : null;
    if (!e) continue;
    const bits = filters.has.filter((f) => e[f] !== null && e[f] !== undefined).map((f) => `${f.replace(/_/g, ' ')} ${String(e[f])}`);
    if (bits.length) out.set(c.call_sid, `, ${bits.join(', ')}`);
  }
  return out;
}

type Extreme = Extract<Intent, { kind: 'longest' }>;

/**
 * The calls holding a window's extreme. The biggest single ask: the summary's largest ask,
 * then the calls with an ask that big. The longest (or shortest) calls: the summary's
 * longest call, then call searches from that length down (or from the hook threshold up)
 * until they hold the n calls asked for — the list tool has no order by length.
 */
export async function extremeCalls(tools: ToolRunner, intent: Extreme, spec: WindowSpec, now: Date, filters: Filters): Promise<Composed> {
  const w = { ...windowArgs(spec, now), ...filterArgs(filters) };
  const qual = forCalls(filterText(filters));
  const n = intent.n ?? 1;
  const sum = await tools.call('get_summary', w);
  if (!sum.ok) return errorAnswer(sum);
  const s = sum.result as Summary & { range: RangeObject };
  const inline = windowInline(spec, s.range) + qual;
  if (intent.by === 'ask') {
    if (s.max_single_ask === null) return composeSummary(spec, ['max_single_ask'], sum, false, filterText(filters));
    const rec = await tools.call('search_calls', { ...w, min_single_ask: s.max_single_ask, limit: SEARCH_LIMIT });
    if (!rec.ok) return errorAnswer(rec);
    const items = (rec.result as { items: CallSummary[] }).items;
    const sids = items.map((c) => c.call_sid);
    const answer = `The biggest single ask ${inline} was ${fmtKind('usd', s.max_single_ask)}, in ${items.map(callRow).join('; ')}.`;
    return { answer, sids, sources: [metricSource(sum), metricSource(rec), ...sids.map(transcriptSource)] };
  }
  const max = s.max_call_duration_sec;
  if (max === null) return composeSummary(spec, ['max_call_duration_sec'], sum, false, filterText(filters));
  let found: CallSummary[] = [];
  const recs: ToolCallRecord[] = [];
  if (!intent.shortest) {
    // From the longest call down: a quarter of the way at a time until n calls are in.
    for (let bound = max, step = 0; step < 8; step++) {
      const rec = await tools.call('search_calls', { ...w, min_duration_sec: bound, limit: 200 });
      if (!rec.ok) return errorAnswer(rec);
      recs.push(rec);
      const r = rec.result as { items: CallSummary[]; has_more: boolean };
      found = r.items;
      if (found.length >= n || bound === 0) break;
      bound = Math.floor(bound * 0.75);
    }
    found = [...found].sort((a, b) => b.duration_sec - a.duration_sec || (a.call_sid < b.call_sid ? -1 : 1)).slice(0, n);
  } else {
    // From the shortest lengths up, doubling the bound until n calls are in.
    for (let bound = 1, step = 0; step < 16; step++) {
      const rec = await tools.call('search_calls', { ...w, max_duration_sec: bound, limit: 200 });
      if (!rec.ok) return errorAnswer(rec);
      recs.push(rec);
      found = (rec.result as { items: CallSummary[] }).items;
      if (found.length >= n || bound >= max) break;
      bound = Math.min(max, bound * 2);
    }
    found = [...found].sort((a, b) => a.duration_sec - b.duration_sec || (a.call_sid < b.call_sid ? -1 : 1)).slice(0, n);
  }
  const last = recs[recs.length - 1];
  const sids = found.map((c) => c.call_sid);
  const what = intent.shortest ? 'shortest' : 'longest';
  const answer =
    n === 1 && found.length
      ? `The ${what} call ${inline} lasted ${fmtSec(found[0].duration_sec)}: ${callRow(found[0])}.`
      : found.length === 1
        ? `There is only 1 call ${inline}, so it is the ${what}; it lasted ${fmtSec(found[0].duration_sec)}: ${callRow(found[0])}.`
        : `The ${fmtInt(found.length)} ${what} calls ${inline}, ${what} first: ${found.map(callRow).join('; ')}.`;
  return { answer, sids, sources: [metricSource(sum), metricSource(last), ...sids.map(transcriptSource)] };
}
