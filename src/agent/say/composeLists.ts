// Answers that list calls (a call search, the tier-1 table, live calls, one call): each
// listed stored call is referenced and gets a `transcript` source, and times are written out.

import type { RangeObject } from '../../domain/window.js';
import type { CallDetail, CallSummary } from '../../storage/queries/calls.js';
import type { Tier1Row } from '../../storage/queries/tier1.js';
import type { LiveSessionInput } from '../../storage/liveSessions.js';
import { fmtConfidence, fmtInt, fmtNum, fmtSec, fmtUsd, plural } from './answer.js';
import { forCalls, metricSource, windowInline, type Composed } from './compose.js';
import { filterText } from './filterText.js';
import { VALUE_FILTER_FIELDS, type Filters, type Tier1Filter } from '../plan/intents.js';
import type { WindowSpec } from '../read/windowSpec.js';
import type { ToolCallRecord } from '../run/tools.js';
import type { AgentSource } from '../turns.js';
import { fmtWhen } from './when.js';

/** How many listed calls an answer names when the question asked for a count. */
export const EXAMPLES_LISTED = 10;

export const transcriptSource = (sid: string): AgentSource => ({
  type: 'transcript',
  label: `Transcript of call ${sid}`,
  ref: { call_sid: sid },
});

/** The metric source of the list, then one transcript source per listed call. */
function listSources(rec: ToolCallRecord, sids: string[], extra: ToolCallRecord[] = []): AgentSource[] {
  return [...extra.map(metricSource), metricSource(rec), ...sids.map(transcriptSource)];
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
      const any = [row.mule_bank_name, row.mule_bank_routing_number, row.mule_bank_account_number, row.mule_account_holder_name].some(
        (v) => v !== null,
      );
      return any && (!only.value || (row.mule_bank_name ?? '').toLowerCase().includes(only.value.toLowerCase()));
    }
  }
}

export function composeTier1(spec: WindowSpec, rec: ToolCallRecord, only?: Tier1Filter, qual = ''): Composed {
  const r = rec.result as { range: RangeObject; total: number; items: Tier1Row[] };
  const inline = windowInline(spec, r.range) + forCalls(qual);
  if (r.total === 0) return { answer: `There were no tier-1 calls ${inline}.`, sids: [], sources: [metricSource(rec)] };
  const rowText = (row: Tier1Row) => `${row.call_sid} (${fmtWhen(row.call_started_at)}): ${tier1Details(row)}`;
  if (only) {
    const rows = r.items.filter((row) => tier1Matches(row, only));
    const bank = only.value ? (rows.find((x) => x.mule_bank_name)?.mule_bank_name ?? only.value) : null;
    const what = bank ? `a ${bank} mule account` : TIER1_FILTER_TEXT[only.kind];
    const of = r.total > r.items.length ? `the newest ${fmtInt(r.items.length)} of the ${fmtInt(r.total)}` : `the ${fmtInt(r.total)}`;
    const tier1 = plural(r.total, 'tier-1 call', 'tier-1 calls');
    const answer = rows.length
      ? `${fmtInt(rows.length)} of ${of} ${tier1} ${inline} ${rows.length === 1 ? 'has' : 'have'} ${what}, newest first: ${rows.map(rowText).join('; ')}.`
      : `${r.total === 1 ? 'The only tier-1 call' : `None of ${of} tier-1 calls`} ${inline} ${r.total === 1 ? 'does not have' : 'has'} ${what}.`;
    const sids = rows.map((x) => x.call_sid);
    return { answer, sids, sources: listSources(rec, sids) };
  }
  const more = r.total > r.items.length ? `, newest first (showing ${fmtInt(r.items.length)})` : ', newest first';
  const answer = `There ${r.total === 1 ? 'was' : 'were'} ${fmtInt(r.total)} tier-1 ${plural(r.total, 'call', 'calls')} ${inline}${more}: ${r.items.map(rowText).join('; ')}.`;
  const sids = r.items.map((x) => x.call_sid);
  return { answer, sids, sources: listSources(rec, sids) };
}

export function composeActive(rec: ToolCallRecord): Composed {
  const r = rec.result as { active_count: number; calls: Array<LiveSessionInput & { call_sid: string }> };
  if (r.active_count === 0) return { answer: 'There are no active calls right now.', sids: [], sources: [metricSource(rec)] };
  const rows = r.calls.map((c) => {
    const bits = [`persona ${c.persona}`, `caller ${c.caller_id}`];
    if (c.impersonated_brand) bits.push(`impersonating ${c.impersonated_brand}`);
    if (c.lure_category) bits.push(`lure ${c.lure_category}`);
    bits.push(`state ${c.state}`, `started ${fmtWhen(c.started_at)}`);
    return `${c.call_sid} (${bits.join(', ')})`;
  });
  const answer = `${fmtInt(r.active_count)} ${plural(r.active_count, 'call is', 'calls are')} active right now, oldest first: ${rows.join('; ')}.`;
  // Live calls have no stored transcript yet: the list is their source.
  return { answer, sids: r.calls.map((c) => c.call_sid), sources: [metricSource(rec)] };
}

/** Filter values as the data spells them ("paypal" → "PayPal") when a listed call shows them. */
function displayCase(f: Filters, items: CallSummary[]): Filters {
  const out: Filters = { ...f };
  for (const k of VALUE_FILTER_FIELDS) {
    const vs = f[k];
    if (!vs) continue;
    out[k] = vs.map((v) => items.map((i) => i[k]).find((x) => x !== null && x.toLowerCase() === v.toLowerCase()) ?? v);
  }
  return out;
}

export function callRow(c: CallSummary): string {
  const bits = [fmtWhen(c.started_at), `${fmtNum(c.duration_sec)} s`];
  if (c.impersonated_brand) bits.push(c.impersonated_brand);
  if (c.lure_category) bits.push(c.lure_category);
  bits.push(c.tier ? `tier-${c.tier}` : 'no tier', c.hooked ? 'hooked' : 'not hooked');
  return `${c.call_sid} (${bits.join(', ')})`;
}

/**
 * A call search. With `countRec` (a get_summary over the same filters) the answer leads with
 * the exact number of matching calls and lists the newest as examples.
 */
export function composeCalls(spec: WindowSpec, filters: Filters, count: boolean, rec: ToolCallRecord, countRec?: ToolCallRecord): Composed {
  const r = rec.result as { range: RangeObject; items: CallSummary[]; has_more: boolean };
  const inline = windowInline(spec, r.range);
  const desc = filterText(displayCase(filters, r.items));
  const what = desc ? `calls ${desc}` : 'calls';
  const extra = countRec ? [countRec] : [];
  if (r.items.length === 0) return { answer: `There are no ${what} ${inline}.`, sids: [], sources: listSources(rec, [], extra) };
  const n = r.items.length;
  const total = countRec ? (countRec.result as { calls_received: number }).calls_received : null;
  const listed = count && n > EXAMPLES_LISTED ? r.items.slice(0, EXAMPLES_LISTED) : r.items;
  let head: string;
  if (total !== null) {
    head = `There ${total === 1 ? 'is' : 'are'} ${fmtInt(total)} ${total === 1 ? what.replace(/^calls/, 'call') : what} ${inline}`;
    head += listed.length < total ? `; the newest ${fmtInt(listed.length)}` : ', newest first';
  } else if (r.has_more) {
    head = `There are more than ${fmtInt(n)} ${what} ${inline}; the newest ${fmtInt(n)}`;
  } else {
    head = `There ${n === 1 ? 'is' : 'are'} ${fmtInt(n)} ${n === 1 ? what.replace(/^calls/, 'call') : what} ${inline}, newest first`;
  }
  const tail = total === null && listed.length < n ? '; and more' : '';
  const answer = `${head}: ${listed.map(callRow).join('; ')}${tail}.`;
  const sids = listed.map((c) => c.call_sid);
  return { answer, sids, sources: listSources(rec, sids, extra) };
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
    `Call ${c.call_sid} started ${fmtWhen(c.started_at)} and lasted ${fmtSec(c.duration_sec)}`,
    [
      c.persona ? `persona ${c.persona}` : null,
      c.caller_id ? `caller ${c.caller_id}` : null,
      c.caller_state ? `caller state ${c.caller_state}` : null,
      c.disconnect_reason ? `ended: ${c.disconnect_reason}` : null,
    ]
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
    sources: [transcriptSource(c.call_sid)],
  };
}
