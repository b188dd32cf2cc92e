// Answers of the built-in agent, written from tool results only: each composer reads the
// records of this request's tool calls and prints their figures (formatted by answer.ts),
// the calls it lists (referenced_call_sids) and its sources.

import type { DisconnectReason } from '../domain/call.js';
import { formatUtc } from '../domain/time.js';
import type { RangeObject } from '../domain/window.js';
import type { CallDetail, CallSummary } from '../storage/queries/calls.js';
import type { GeoItem } from '../storage/queries/geo.js';
import type { Summary } from '../storage/queries/summary.js';
import type { Tier1Row } from '../storage/queries/tier1.js';
import type { TimeseriesMetric, TimeseriesPoint } from '../storage/queries/timeseries.js';
import type { TopnField, TopnItem } from '../storage/queries/topn.js';
import {
  changeClause,
  DISCONNECT_LABELS,
  FIELD_LABELS,
  fmtConfidence,
  fmtInt,
  fmtKind,
  fmtNum,
  fmtPct,
  fmtSec,
  fmtUsd,
  metricClause,
  plural,
  SERIES_KIND,
  SERIES_LABELS,
  SUMMARY_METRICS,
  type SummaryMetric,
} from './answer.js';
import { LOOKUP_N, TOPN_DEFAULT, VALUE_FILTER_FIELDS, type Bucket, type SearchFilters, type Tier1Filter } from './intents.js';
import { resolve, windowPhrase, type WindowSpec } from './timePhrases.js';
import type { ToolCallRecord, ToolName } from './tools.js';
import type { AgentSource } from './turns.js';
import { STATE_NAMES } from './vocabulary.js';

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

/** "in the last 7 days (2026-11-13T14:00:00Z to 2026-11-20T14:00:00Z)" / "today (…)" / "from … to …". */
export function windowInline(spec: WindowSpec, r: RangeObject): string {
  if (spec.kind === 'span') return `from ${r.start_utc} to ${r.end_utc}`;
  const p = windowPhrase(spec);
  return `${spec.kind === 'range' ? `in ${p}` : p} (${r.start_utc} to ${r.end_utc})`;
}

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

export function composeSummary(spec: WindowSpec, metrics: SummaryMetric[], rec: ToolCallRecord, notHooked = false): Composed {
  const s = rec.result as RangeObject & Summary & { range: RangeObject };
  const clauses = metrics.map((m) => {
    if (m === 'hook_rate') {
      return `hook rate ${fmtPct(s.hook_rate)} (${fmtInt(s.hooked_calls)} of ${fmtInt(s.calls_received)} ${plural(s.calls_received, 'call', 'calls')} hooked)`;
    }
    return metricClause(m, s[m] as number | null);
  });
  if (notHooked) clauses.push(`calls not hooked ${fmtInt(s.calls_received - s.hooked_calls)}`);
  const lead = cap(windowInline(spec, s.range));
  return { answer: `${lead}: ${clauses.join('; ')}.`, sids: [], sources: [metricSource(rec)] };
}

export function composeCompare(specA: WindowSpec, specB: WindowSpec, metrics: SummaryMetric[], a: ToolCallRecord, b: ToolCallRecord): Composed {
  const sa = a.result as Summary & { range: RangeObject };
  const sb = b.result as Summary & { range: RangeObject };
  // The change runs from the earlier window to the later one.
  const aLater = Date.parse(sa.range.end_utc) >= Date.parse(sb.range.end_utc);
  const [early, late, earlySpec, lateSpec] = aLater ? [sb, sa, specB, specA] : [sa, sb, specA, specB];
  const nameOf = (sp: WindowSpec, fallback: string) => (sp.kind === 'span' ? `the ${fallback} period` : windowPhrase(sp));
  const earlyName = nameOf(earlySpec, 'earlier');
  const lateName = nameOf(lateSpec, 'later');
  const clauses = metrics.map((m) => {
    const info = SUMMARY_METRICS[m];
    const va = sa[m] as number | null;
    const vb = sb[m] as number | null;
    const f = (v: number | null) => (v === null ? 'none' : fmtKind(info.kind, v));
    return `${info.label} ${f(va)} vs ${f(vb)} (change from ${earlyName} to ${lateName}: ${changeClause(info.kind, early[m] as number | null, late[m] as number | null)})`;
  });
  const answer = `${cap(windowInline(specA, sa.range))} compared with ${windowInline(specB, sb.range)}: ${clauses.join('; ')}.`;
  return { answer, sids: [], sources: [metricSource(a), metricSource(b)] };
}

export function composeTopnCompare(specA: WindowSpec, specB: WindowSpec, field: TopnField, a: ToolCallRecord, b: ToolCallRecord): Composed {
  const ra = a.result as { range: RangeObject; items: TopnItem[] };
  const rb = b.result as { range: RangeObject; items: TopnItem[] };
  const labels = FIELD_LABELS[field];
  const aLater = Date.parse(ra.range.end_utc) >= Date.parse(rb.range.end_utc);
  const shown = [...new Set([...ra.items.slice(0, TOPN_DEFAULT), ...rb.items.slice(0, TOPN_DEFAULT)].map((i) => i.label))];
  // A list shorter than asked for is complete, so a value missing from it has no call.
  const count = (r: { items: TopnItem[] }, label: string): number | null =>
    r.items.find((i) => i.label === label)?.count ?? (r.items.length < LOOKUP_N ? 0 : null);
  const head = `${cap(labels.plural)} ${windowInline(specA, ra.range)} compared with ${windowInline(specB, rb.range)}, in calls`;
  if (shown.length === 0) return { answer: `${head}: no call in either window has a ${labels.singular}.`, sids: [], sources: [metricSource(a), metricSource(b)] };
  const rows = shown.map((l) => {
    const ca = count(ra, l);
    const cb = count(rb, l);
    const [early, late] = aLater ? [cb, ca] : [ca, cb];
    const f = (v: number | null) => (v === null ? 'not among the most frequent' : fmtInt(v));
    return `${l} ${f(ca)} vs ${f(cb)} (${changeClause('count', early, late)})`;
  });
  return { answer: `${head}: ${rows.join('; ')}.`, sids: [], sources: [metricSource(a), metricSource(b)] };
}

function pointLabel(p: TimeseriesPoint, bucket: string): string {
  return bucket === 'day' || bucket === 'week' ? p.timestamp.slice(0, 10) : p.timestamp;
}

const MAX_POINTS_LISTED = 48;

export function composeSeries(spec: WindowSpec, metric: TimeseriesMetric, rec: ToolCallRecord): Composed {
  const r = rec.result as { bucket: string; range: RangeObject; points: TimeseriesPoint[] };
  const kind = SERIES_KIND[metric];
  const label = cap(SERIES_LABELS[metric]);
  const inline = windowInline(spec, r.range);
  const pts = r.points;
  let answer: string;
  if (pts.length <= MAX_POINTS_LISTED) {
    answer = `${label} per ${r.bucket} ${inline}: ${pts.map((p) => `${pointLabel(p, r.bucket)}: ${fmtKind(kind, p.value)}`).join('; ')}.`;
  } else {
    answer = `${label} per ${r.bucket} ${inline}: the series has many buckets`;
    const peak = pts.reduce((a, b) => (b.value > a.value ? b : a), pts[0]);
    const last = pts[pts.length - 1];
    answer += `; the highest was ${fmtKind(kind, peak.value)} in the bucket starting ${pointLabel(peak, r.bucket)}; the latest bucket (${pointLabel(last, r.bucket)}) has ${fmtKind(kind, last.value)}.`;
  }
  if (kind === 'count' || kind === 'usd') {
    const total = pts.reduce((a, p) => a + p.value, 0);
    answer += ` Total: ${fmtKind(kind, total)}.`;
  }
  return { answer, sids: [], sources: [metricSource(rec)] };
}

export function composeTopn(spec: WindowSpec, rec: ToolCallRecord): Composed {
  const r = rec.result as { field: TopnField; range: RangeObject; items: TopnItem[] };
  const labels = FIELD_LABELS[r.field];
  const inline = windowInline(spec, r.range);
  if (r.items.length === 0) return { answer: `No call ${inline} has a ${labels.singular}.`, sids: [], sources: [metricSource(rec)] };
  const lead = r.items[0];
  const tied = r.items.filter((i) => i.count === lead.count);
  const first =
    tied.length > 1
      ? `${tied.slice(0, -1).map((i) => i.label).join(', ')} and ${tied[tied.length - 1].label} are tied for the most frequent ${labels.singular} ${inline}`
      : `The most frequent ${labels.singular} ${inline} is ${lead.label}`;
  const list = r.items.map((i) => `${i.label} ${fmtInt(i.count)} (${fmtPct(i.pct_of_total)})`).join('; ');
  const answer = `${first}. ${cap(labels.plural)} by number of calls, with each one's share of ${labels.of}: ${list}.`;
  return { answer, sids: [], sources: [metricSource(rec)] };
}

const norm = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, ' ').trim();

export function composeValue(spec: WindowSpec, field: TopnField, value: string, rec: ToolCallRecord, n: number): Composed {
  const r = rec.result as { range: RangeObject; items: TopnItem[] };
  const labels = FIELD_LABELS[field];
  const inline = windowInline(spec, r.range);
  const hit = r.items.find((i) => norm(i.label) === norm(value));
  let answer: string;
  if (hit) {
    answer = `${hit.label} was the ${labels.singular} in ${fmtInt(hit.count)} ${plural(hit.count, 'call', 'calls')} ${inline}, ${fmtPct(hit.pct_of_total)} of ${labels.of}.`;
  } else if (r.items.length < n) {
    answer = `No call ${inline} has ${value} as its ${labels.singular}.`;
  } else {
    answer = `${value} is not among the most frequent ${labels.plural} ${inline}, so it was named in only a few calls, if any.`;
  }
  return { answer, sids: [], sources: [metricSource(rec)] };
}

function tier1Details(row: Tier1Row): string {
  const parts: string[] = [];
  if (row.mule_bank_name) parts.push(`mule bank ${row.mule_bank_name}`);
  if (row.mule_bank_routing_number) parts.push(`routing ${row.mule_bank_routing_number}`);
  if (row.mule_bank_account_number) parts.push(`account ${row.mule_bank_account_number}`);
  if (row.mule_account_holder_name) parts.push(`holder ${row.mule_account_holder_name}`);
  if (row.crypto_chain) parts.push(`crypto chain ${row.crypto_chain}`);
  if (row.crypto_wallet_address) parts.push(`wallet ${row.crypto_wallet_address}`);
  if (row.gift_card_brand) parts.push(`gift card ${row.gift_card_brand}`);
  if (row.physical_mule_drop_address) parts.push(`drop address ${row.physical_mule_drop_address}`);
  return parts.join(', ');
}

const TIER1_FILTER_TEXT: Record<Tier1Filter['kind'], string> = {
  crypto: 'a crypto wallet',
  bank: 'mule bank details',
  drop: 'a drop address',
  gift: 'a gift card',
};

function tier1Matches(row: Tier1Row, only: Tier1Filter): boolean {
  switch (only.kind) {
    case 'crypto':
      return row.crypto_wallet_address !== null || row.crypto_chain !== null;
    case 'drop':
      return row.physical_mule_drop_address !== null;
    case 'gift':
      return row.gift_card_brand !== null;
    case 'bank': {
      const any = [row.mule_bank_name, row.mule_bank_routing_number, row.mule_bank_account_number, row.mule_account_holder_name].some((v) => v !== null);
      return any && (!only.value || (row.mule_bank_name ?? '').toLowerCase().includes(only.value.toLowerCase()));
    }
  }
}

export function composeTier1(spec: WindowSpec, rec: ToolCallRecord, only?: Tier1Filter): Composed {
  const r = rec.result as { range: RangeObject; total: number; items: Tier1Row[] };
  const inline = windowInline(spec, r.range);
  if (r.total === 0) return { answer: `There were no tier-1 calls ${inline}.`, sids: [], sources: [metricSource(rec)] };
  const rowText = (row: Tier1Row) => `${row.call_sid} (${row.call_started_at}): ${tier1Details(row)}`;
  if (only) {
    const rows = r.items.filter((row) => tier1Matches(row, only));
    const bank = only.value ? rows.find((x) => x.mule_bank_name)?.mule_bank_name ?? only.value : null;
    const what = bank ? `a ${bank} mule account` : TIER1_FILTER_TEXT[only.kind];
    const of = r.total > r.items.length ? `the newest ${fmtInt(r.items.length)} of the ${fmtInt(r.total)}` : `the ${fmtInt(r.total)}`;
    const answer = rows.length
      ? `${fmtInt(rows.length)} of ${of} tier-1 calls ${inline} ${rows.length === 1 ? 'has' : 'have'} ${what}, newest first: ${rows.map(rowText).join('; ')}.`
      : `None of ${of} tier-1 calls ${inline} has ${what}.`;
    return { answer, sids: rows.map((x) => x.call_sid), sources: [metricSource(rec)] };
  }
  const more = r.total > r.items.length ? `, newest first (showing ${fmtInt(r.items.length)})` : ', newest first';
  const answer = `There ${r.total === 1 ? 'was' : 'were'} ${fmtInt(r.total)} tier-1 ${plural(r.total, 'call', 'calls')} ${inline}${more}: ${r.items.map(rowText).join('; ')}.`;
  return { answer, sids: r.items.map((x) => x.call_sid), sources: [metricSource(rec)] };
}

export function composeGeo(spec: WindowSpec, state: string | null, rec: ToolCallRecord): Composed {
  const r = rec.result as { range: RangeObject; items: GeoItem[] };
  const inline = windowInline(spec, r.range);
  const codes = (g: GeoItem) => `${plural(g.area_codes.length, 'area code', 'area codes')} ${g.area_codes.join(', ')}`;
  let answer: string;
  if (state) {
    const name = STATE_NAMES[state] ?? state;
    const hit = r.items.find((g) => g.state === state);
    answer = hit
      ? `${fmtInt(hit.count)} ${plural(hit.count, 'call', 'calls')} ${inline} came from ${name} (${state}), ${codes(hit)}.`
      : `No call ${inline} came from a ${name} (${state}) caller ID.`;
  } else if (r.items.length === 0) {
    answer = `No call ${inline} came from a US caller ID whose area code places it in a state.`;
  } else {
    answer =
      `Calls by the caller's state ${inline}, from the caller ID area code: ` +
      `${r.items.map((g) => `${g.state} ${fmtInt(g.count)} (${codes(g)})`).join('; ')}. ` +
      'Toll-free, Canadian and unrecognised numbers are not counted.';
  }
  return { answer, sids: [], sources: [metricSource(rec)] };
}

export function composeDisconnects(spec: WindowSpec, reason: DisconnectReason | null, rec: ToolCallRecord): Composed {
  const r = rec.result as { range: RangeObject } & Record<DisconnectReason, number>;
  const inline = windowInline(spec, r.range);
  const reasons = Object.keys(DISCONNECT_LABELS) as DisconnectReason[];
  const all = reasons.map((k) => `${DISCONNECT_LABELS[k]}: ${fmtInt(r[k])}`).join('; ');
  const lead = reason
    ? `${fmtInt(r[reason])} ${plural(r[reason], 'call', 'calls')} ${inline} ended because ${DISCONNECT_LABELS[reason]}. All reasons: `
    : `How calls ended ${inline}: `;
  return {
    answer: `${lead}${all}. Calls with no recorded reason are not counted.`,
    sids: [],
    sources: [metricSource(rec)],
  };
}

export function composeActive(rec: ToolCallRecord): Composed {
  const r = rec.result as {
    active_count: number;
    calls: Array<{ call_sid: string; persona: string; caller_id: string; impersonated_brand: string | null; lure_category: string | null; state: string; started_at: string }>;
  };
  if (r.active_count === 0) return { answer: 'There are no active calls right now.', sids: [], sources: [metricSource(rec)] };
  const rows = r.calls.map((c) => {
    const bits = [`persona ${c.persona}`, `caller ${c.caller_id}`];
    if (c.impersonated_brand) bits.push(`impersonating ${c.impersonated_brand}`);
    if (c.lure_category) bits.push(`lure ${c.lure_category}`);
    bits.push(`state ${c.state}`, `started ${c.started_at}`);
    return `${c.call_sid} (${bits.join(', ')})`;
  });
  const answer = `${fmtInt(r.active_count)} ${plural(r.active_count, 'call is', 'calls are')} active right now, oldest first: ${rows.join('; ')}.`;
  return { answer, sids: r.calls.map((c) => c.call_sid), sources: [metricSource(rec)] };
}

function filterText(f: SearchFilters): string {
  const parts: string[] = [];
  if (f.q) parts.push(`mentioning "${f.q}"`);
  if (f.impersonated_brand) parts.push(`impersonating ${f.impersonated_brand.join(' or ')}`);
  if (f.lure_category) parts.push(`with lure ${f.lure_category.join(' or ')}`);
  if (f.payment_method) parts.push(`with payment method ${f.payment_method.join(' or ')}`);
  if (f.caller_state) parts.push(`from ${f.caller_state.join(' or ')}`);
  if (f.tier) parts.push(`that are ${f.tier.map((t) => `tier-${t}`).join(' or ')}`);
  if (f.hooked === true) parts.push('that were hooked');
  if (f.hooked === false) parts.push('that were not hooked');
  if (f.min_duration_sec !== undefined || f.max_duration_sec !== undefined) parts.push('within the duration you gave');
  return parts.join(' ');
}

/** Filter values as the data spells them ("paypal" → "PayPal") when a listed call shows them. */
function displayCase(f: SearchFilters, items: CallSummary[]): SearchFilters {
  const out: SearchFilters = { ...f };
  for (const k of VALUE_FILTER_FIELDS) {
    const vs = f[k];
    if (!vs) continue;
    out[k] = vs.map((v) => items.map((i) => i[k]).find((x) => x !== null && x.toLowerCase() === v.toLowerCase()) ?? v);
  }
  return out;
}

export function composeCalls(spec: WindowSpec, filters: SearchFilters, count: boolean, rec: ToolCallRecord): Composed {
  const r = rec.result as { range: RangeObject; items: CallSummary[]; has_more: boolean };
  const inline = windowInline(spec, r.range);
  const desc = filterText(displayCase(filters, r.items));
  const what = desc ? `calls ${desc}` : 'calls';
  if (r.items.length === 0) return { answer: `No ${what} ${inline}.`.replace('No calls', 'There are no calls'), sids: [], sources: [metricSource(rec)] };
  const n = r.items.length;
  const head = r.has_more
    ? `There are more than ${fmtInt(n)} ${what} ${inline}; the newest ${fmtInt(n)}`
    : `There ${n === 1 ? 'is' : 'are'} ${fmtInt(n)} ${n === 1 ? what.replace(/^calls/, 'call') : what} ${inline}`;
  const rows = r.items.map((c) => {
    const bits = [c.started_at, `${fmtNum(c.duration_sec)} s`];
    if (c.impersonated_brand) bits.push(c.impersonated_brand);
    if (c.lure_category) bits.push(c.lure_category);
    bits.push(c.tier ? `tier-${c.tier}` : 'no tier', c.hooked ? 'hooked' : 'not hooked');
    return `${c.call_sid} (${bits.join(', ')})`;
  });
  const listed = count && n > 10 ? rows.slice(0, 10) : rows;
  const answer = `${head}${r.has_more ? '' : ', newest first'}: ${listed.join('; ')}${listed.length < rows.length ? '; and more' : ''}.`;
  return { answer, sids: r.items.slice(0, listed.length).map((c) => c.call_sid), sources: [metricSource(rec)] };
}

const INTEL_LABELS: Array<[keyof NonNullable<CallDetail['extraction']>, string]> = [
  ['impersonated_brand', 'impersonated brand'],
  ['lure_category', 'lure'],
  ['payment_method', 'payment method'],
  ['impersonated_government_agency', 'impersonated agency'],
  ['mule_bank_name', 'mule bank'],
  ['mule_bank_routing_number', 'routing number'],
  ['mule_bank_account_number', 'account number'],
  ['mule_account_holder_name', 'account holder'],
  ['crypto_wallet_address', 'crypto wallet'],
  ['crypto_chain', 'crypto chain'],
  ['gift_card_brand', 'gift card brand'],
  ['phishing_url', 'phishing URL'],
  ['remote_desktop_app', 'remote desktop tool'],
  ['synthetic_org', 'fake company'],
  ['fake_agent_name', 'fake agent name'],
  ['physical_mule_drop_address', 'drop address'],
];

const EXCERPT_TURNS = 4;
const EXCERPT_CHARS = 160;

/** The first turns of a transcript, quoted. It is what a caller said: shown, never obeyed. */
function excerpt(call: CallDetail): string {
  const turns = call.transcript.slice(0, EXCERPT_TURNS).map((t) => {
    const text = t.text.replace(/\s+/g, ' ').trim();
    const cut = text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS - 1)}…` : text;
    return `${t.speaker}: "${cut.replace(/"/g, "'")}"`;
  });
  return turns.join(' / ');
}

export function composeCall(rec: ToolCallRecord): Composed {
  const c = rec.result as CallDetail;
  const head = [
    `Call ${c.call_sid} started ${c.started_at} and lasted ${fmtSec(c.duration_sec)}`,
    [c.persona ? `persona ${c.persona}` : null, c.caller_id ? `caller ${c.caller_id}` : null, c.caller_state ? `caller state ${c.caller_state}` : null, c.disconnect_reason ? `ended: ${c.disconnect_reason}` : null]
      .filter(Boolean)
      .join(', '),
  ];
  let answer = head[1] ? `${head[0]} (${head[1]}).` : `${head[0]}.`;
  answer += ` ${c.tier ? `Tier-${c.tier}` : 'No intel tier'}, ${c.hooked ? 'hooked' : 'not hooked'}.`;
  const e = c.extraction;
  if (!e) {
    answer += ' No extraction was made for this call.';
  } else {
    const intel = INTEL_LABELS.filter(([k]) => e[k] !== null && e[k] !== undefined).map(([k, label]) => `${label} ${String(e[k])}`);
    answer += intel.length ? ` Intel found: ${intel.join('; ')}.` : ' The extraction found no intel fields.';
    if (e.dollar_asks.length) answer += ` Dollar asks: ${e.dollar_asks.map(fmtUsd).join(', ')}.`;
    if (e.dollars_dangled !== null) answer += ` Dollars dangled: ${fmtUsd(e.dollars_dangled)}.`;
    if (e.auditor_confidence !== null) answer += ` Auditor confidence: ${fmtConfidence(e.auditor_confidence)}.`;
  }
  answer += c.transcript.length ? ` Transcript excerpt: ${excerpt(c)}` : ' There is no transcript.';
  return {
    answer,
    sids: [c.call_sid],
    sources: [{ type: 'transcript', label: `Transcript of call ${c.call_sid}`, ref: { call_sid: c.call_sid } }],
  };
}

// Trend: first half of the buckets against the second half.
export interface Halves {
  first: number | null;
  second: number | null;
  firstFrom: string;
  firstTo: string;
  secondFrom: string;
  secondTo: string;
}

export function halvesOf(points: TimeseriesPoint[], weights: TimeseriesPoint[] | null, kind: 'sum' | 'weighted'): Halves | null {
  const n = points.length;
  const h = Math.floor(n / 2);
  if (h === 0) return null;
  const a = points.slice(0, h);
  const b = points.slice(n - h);
  const agg = (pts: TimeseriesPoint[], offset: number): number | null => {
    if (kind === 'sum') return pts.reduce((s, p) => s + p.value, 0);
    const w = weights!.slice(offset, offset + pts.length);
    const total = w.reduce((s, p) => s + p.value, 0);
    if (total === 0) return null;
    return pts.reduce((s, p, i) => s + p.value * w[i].value, 0) / total;
  };
  return {
    first: agg(a, 0),
    second: agg(b, n - h),
    firstFrom: a[0].timestamp,
    firstTo: a[a.length - 1].timestamp,
    secondFrom: b[0].timestamp,
    secondTo: b[b.length - 1].timestamp,
  };
}

/** "the hook rate is", "tier-1 calls are". */
export function agree(label: string): string {
  return /(?:calls|insights|calls received)$/.test(label) ? `${label} are` : `the ${label} is`;
}

export function direction(first: number | null, second: number | null): string {
  if (first === null || second === null) return 'cannot be told (a half has no calls)';
  if (second > first) return 'going up';
  if (second < first) return 'going down';
  return 'flat';
}

export function bucketFor(spec: WindowSpec, now: Date): Bucket {
  const r = resolve(spec, now);
  const span = r.end.getTime() - r.start.getTime();
  if (span <= 2 * 86_400_000) return 'hour';
  if (span <= 92 * 86_400_000) return 'day';
  return 'week';
}

export function windowSplit(spec: WindowSpec, now: Date): [WindowSpec, WindowSpec] {
  const r = resolve(spec, now);
  const mid = new Date(r.start.getTime() + Math.floor((r.end.getTime() - r.start.getTime()) / 2));
  return [
    { kind: 'span', start: formatUtc(r.start), end: formatUtc(mid) },
    { kind: 'span', start: formatUtc(mid), end: formatUtc(r.end) },
  ];
}
