// The filters every windowed agent tool takes (CONTRACT §7 call filters, the other intel
// columns, caller origin and area code, money and ask-count bounds), and their reading as a
// narrowing of the caller's slice: storage ANDs it with the org and the key's scope.

import { Type, type Static } from '@sinclair/typebox';
import { DISCONNECT_REASONS, INTEL_FIELDS, type IntelField } from '../../domain/call.js';
import { CallFilterFields } from '../../domain/callFilters.js';
import { LiteralUnion } from '../../domain/enumSchemas.js';
import { CALLER_ORIGINS, FILTER_COLUMNS, type CallerOrigin, type FilterColumn, type SliceFilter } from '../../domain/sliceFilter.js';

/** Bad arguments: reported to the agent as the tool's result, not as an HTTP error. */
export class ToolArgsError extends Error {}

const valueList = (description: string) =>
  Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 512, pattern: '\\S' }), { minItems: 1, maxItems: 100, description }));

/**
 * The qualifiers every windowed tool takes (CONTRACT §7 call filters, plus the other intel
 * columns and the caller's origin): they narrow the calls a figure is computed over, with AND
 * between filters and OR within one. They are added inside storage to the org and the key's
 * slice, so they never widen what a key reads.
 */
export const FilterArgs = {
  q: Type.Optional(
    Type.Union(
      [
        Type.String({ minLength: 1, maxLength: 500 }),
        Type.Array(Type.String({ minLength: 1, maxLength: 500 }), { minItems: 1, maxItems: 10 }),
      ],
      { description: 'Transcript text (case-insensitive substring); a list means every one must appear' },
    ),
  ),
  impersonated_brand: CallFilterFields.impersonated_brand,
  lure_category: CallFilterFields.lure_category,
  payment_method: CallFilterFields.payment_method,
  caller_state: CallFilterFields.caller_state,
  tier: CallFilterFields.tier,
  hooked: CallFilterFields.hooked,
  min_duration_sec: CallFilterFields.min_duration_sec,
  max_duration_sec: CallFilterFields.max_duration_sec,
  impersonated_government_agency: valueList('Any of these impersonated agencies (case-insensitive), e.g. IRS'),
  mule_bank_name: valueList('Any of these mule banks (case-insensitive)'),
  gift_card_brand: valueList('Any of these gift card brands (case-insensitive)'),
  crypto_chain: valueList('Any of these crypto chains (case-insensitive), e.g. BTC'),
  remote_desktop_app: valueList('Any of these remote desktop tools (case-insensitive)'),
  persona: valueList('Any of these honeypot personas (case-insensitive)'),
  caller_id: valueList('Any of these caller IDs, as stored: +1 and ten digits'),
  mule_bank_routing_number: valueList('Any of these mule bank routing numbers'),
  mule_bank_account_number: valueList('Any of these mule account numbers'),
  mule_account_holder_name: valueList('Any of these mule account holder names (case-insensitive)'),
  crypto_wallet_address: valueList('Any of these crypto wallet addresses (case-insensitive)'),
  physical_mule_drop_address: valueList('Any of these drop addresses, whole (case-insensitive)'),
  phishing_url: valueList('Any of these phishing URLs, whole (case-insensitive)'),
  fake_agent_name: valueList('Any of these fake agent names (case-insensitive)'),
  synthetic_org: valueList('Any of these fake company names (case-insensitive)'),
  caller_area_code: Type.Optional(
    Type.Array(Type.String({ pattern: '^[0-9]{3}$' }), {
      minItems: 1,
      maxItems: 100,
      description: 'Any of these caller ID area codes (US, three digits)',
    }),
  ),
  disconnect_reason: Type.Optional(
    Type.Array(LiteralUnion(DISCONNECT_REASONS), {
      minItems: 1,
      maxItems: DISCONNECT_REASONS.length,
      description: 'Any of these disconnect reasons',
    }),
  ),
  has: Type.Optional(
    Type.Array(LiteralUnion(INTEL_FIELDS), {
      minItems: 1,
      maxItems: INTEL_FIELDS.length,
      description: 'Only calls whose extraction has every one of these intel fields (e.g. phishing_url)',
    }),
  ),
  has_intel: Type.Optional(
    Type.Boolean({ description: 'true: only calls with any intel extracted (at least one intel field); false: only calls with none' }),
  ),
  min_dollars_asked: Type.Optional(
    Type.Number({ minimum: 0, maximum: 1e12, description: 'Only calls whose dollar asks add up to at least this (USD)' }),
  ),
  max_dollars_asked: Type.Optional(
    Type.Number({ minimum: 0, maximum: 1e12, description: 'Only calls whose dollar asks add up to at most this (USD)' }),
  ),
  min_asks: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 1000, description: 'Only calls with at least this many separate dollar asks' }),
  ),
  min_single_ask: Type.Optional(
    Type.Number({ minimum: 0, maximum: 1e12, description: 'Only calls with at least one single dollar ask of this much (USD)' }),
  ),
  caller_origin: Type.Optional(
    Type.Array(LiteralUnion(CALLER_ORIGINS), {
      minItems: 1,
      maxItems: CALLER_ORIGINS.length,
      description: 'Caller ID origin: us (a US area code), canada, toll_free, international (non +1), withheld (no usable number)',
    }),
  ),
};

export type FilterInput = Static<ReturnType<typeof Type.Object<typeof FilterArgs>>>;

/** The filter arguments as a narrowing of the slice (undefined when there are none). */
export function sliceFilterOf(a: FilterInput): SliceFilter | undefined {
  const f: SliceFilter = {};
  const values: Partial<Record<FilterColumn, string[]>> = {};
  for (const column of FILTER_COLUMNS) {
    const list = (a as Record<string, unknown>)[column] as string[] | undefined;
    if (list) values[column] = [...new Set(list.map((v) => v.trim().toLowerCase()))];
  }
  if (Object.keys(values).length) f.values = values;
  if (a.q !== undefined) f.q = [...new Set((Array.isArray(a.q) ? a.q : [a.q]).map((q) => q.toLowerCase()))];
  if (a.tier) f.tiers = [...new Set(a.tier)];
  if (a.hooked !== undefined) f.hooked = a.hooked;
  if (a.min_duration_sec !== undefined) f.minDurationSec = a.min_duration_sec;
  if (a.max_duration_sec !== undefined) f.maxDurationSec = a.max_duration_sec;
  if (f.minDurationSec !== undefined && f.maxDurationSec !== undefined && f.minDurationSec > f.maxDurationSec) {
    throw new ToolArgsError(`min_duration_sec (${f.minDurationSec}) must not exceed max_duration_sec (${f.maxDurationSec}).`);
  }
  if (a.caller_origin) f.origins = [...new Set(a.caller_origin as CallerOrigin[])];
  if (a.has) f.has = [...new Set(a.has as IntelField[])];
  if (a.has_intel !== undefined) f.hasIntel = a.has_intel;
  if (a.min_dollars_asked !== undefined) f.minAsked = a.min_dollars_asked;
  if (a.max_dollars_asked !== undefined) f.maxAsked = a.max_dollars_asked;
  if (a.min_asks !== undefined) f.minAsks = a.min_asks;
  if (a.min_single_ask !== undefined) f.minSingleAsk = a.min_single_ask;
  return Object.keys(f).length ? f : undefined;
}
