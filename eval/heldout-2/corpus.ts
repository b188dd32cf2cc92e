// Every call of the world, read through the REST API only: the pages of GET /api/calls
// (with its cursor) for the list, then GET /api/calls/{sid} for each call's extraction.
// Truths that no endpoint gives directly are computed from these records.

import type { FastifyInstance } from 'fastify';

export const INTEL_FIELDS = [
  'impersonated_brand',
  'lure_category',
  'payment_method',
  'impersonated_government_agency',
  'mule_bank_name',
  'mule_bank_routing_number',
  'mule_bank_account_number',
  'mule_account_holder_name',
  'crypto_wallet_address',
  'crypto_chain',
  'gift_card_brand',
  'phishing_url',
  'remote_desktop_app',
  'synthetic_org',
  'fake_agent_name',
  'physical_mule_drop_address',
] as const;
export type IntelField = (typeof INTEL_FIELDS)[number];

export interface Call {
  call_sid: string;
  started_at: string;
  t: number;
  duration_sec: number;
  caller_id: string | null;
  caller_state: string | null;
  caller_area_code: string | null;
  persona: string | null;
  disconnect_reason: string | null;
  cleanly_closed: boolean | null;
  tier: 1 | 2 | 3 | null;
  hooked: boolean;
  has_intel: boolean;
  auditor_confidence: number | null;
  total_dollars_asked: number;
  dollars_dangled: number | null;
  dollar_asks: number[];
  has_extraction: boolean;
  f: Record<IntelField, string | null>;
}

/** Parsed JSON of a REST answer (any shape: the truths read the documented fields). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export async function apiGet(app: FastifyInstance, key: string, url: string): Promise<Json> {
  const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res.json();
}

/** Every call of [start, end) visible to the key, newest first. */
export async function loadCorpus(app: FastifyInstance, key: string, start: string, end: string): Promise<Call[]> {
  const sids: string[] = [];
  let cursor: string | null = null;
  let total: number;
  do {
    const qs = new URLSearchParams({ start, end, limit: '200' });
    if (cursor) qs.set('cursor', cursor);
    const page = await apiGet(app, key, `/api/calls?${qs}`);
    total = page.total;
    for (const it of page.items) sids.push(it.call_sid);
    cursor = page.next_cursor;
  } while (cursor);
  if (sids.length !== total) throw new Error(`corpus: paged ${sids.length} calls, total says ${total}`);
  const calls: Call[] = [];
  for (const sid of sids) {
    const d = await apiGet(app, key, `/api/calls/${encodeURIComponent(sid)}`);
    const e = d.extraction;
    calls.push({
      call_sid: d.call_sid,
      started_at: d.started_at,
      t: Date.parse(d.started_at),
      duration_sec: d.duration_sec,
      caller_id: d.caller_id,
      caller_state: d.caller_state,
      caller_area_code: d.caller_area_code,
      persona: d.persona,
      disconnect_reason: d.disconnect_reason,
      cleanly_closed: d.cleanly_closed,
      tier: d.tier,
      hooked: d.hooked,
      has_intel: d.has_intel,
      auditor_confidence: d.auditor_confidence,
      total_dollars_asked: d.total_dollars_asked,
      dollars_dangled: d.dollars_dangled,
      dollar_asks: e ? e.dollar_asks : [],
      has_extraction: e !== null,
      f: Object.fromEntries(INTEL_FIELDS.map((k) => [k, e ? e[k] : null])) as Record<IntelField, string | null>,
    });
  }
  return calls;
}
