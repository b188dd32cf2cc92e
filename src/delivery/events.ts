// The webhook event catalog (CONTRACT §9). Each call event is a condition on the stored call
// row, derived from the tier and hook rules of src/domain/call.ts; the outbox turns these
// conditions into SQL in one place (outbox.ts), so "when does X fire" has one definition.

import { MULE_BANK_FIELDS, TIER1_FIELDS, type IntelField } from '../domain/call.js';
import { formatUtc } from '../domain/time.js';
import { num, numOrNull, type Row } from '../storage/db.js';
import { tier1Row } from '../storage/queries/tier1.js';

export type CallCondition = { tier1Fields: readonly IntelField[] } | { hooked: true };

export interface CallEventDef {
  type: string;
  description: string;
  when: CallCondition;
  /** Which shape `data` has in the delivered payload. */
  data: 'tier1_row' | 'call';
}

export const CALL_EVENTS: readonly CallEventDef[] = [
  {
    type: 'tier1.mule_account_extracted',
    description: 'A call first becomes tier 1 with a mule bank account (any of mule_bank_name, routing number, account number, holder name). data is the tier-1 row of the call.',
    when: { tier1Fields: MULE_BANK_FIELDS },
    data: 'tier1_row',
  },
  {
    type: 'tier1.crypto_wallet_extracted',
    description: 'A tier-1 call first carries a crypto wallet address. data is the tier-1 row of the call.',
    when: { tier1Fields: ['crypto_wallet_address'] },
    data: 'tier1_row',
  },
  {
    type: 'tier1.gift_card_extracted',
    description: 'A tier-1 call first carries a gift card brand. data is the tier-1 row of the call.',
    when: { tier1Fields: ['gift_card_brand'] },
    data: 'tier1_row',
  },
  {
    type: 'tier1.mule_drop_address_extracted',
    description: 'A tier-1 call first carries a physical mule drop address. data is the tier-1 row of the call.',
    when: { tier1Fields: ['physical_mule_drop_address'] },
    data: 'tier1_row',
  },
  {
    type: 'tier1.call_detected',
    description: 'A call first becomes tier 1, with any tier-1 field. data is the tier-1 row of the call.',
    when: { tier1Fields: TIER1_FIELDS },
    data: 'tier1_row',
  },
  {
    type: 'call.hooked',
    description: 'A call is first hooked: it lasts at least 15 s and carries at least one intel field. data summarises the call.',
    when: { hooked: true },
    data: 'call',
  },
];

export const ALERT_FIRED = 'alert.fired';
export const PING = 'ping';

export const EVENT_TYPES = CALL_EVENTS.map((e) => e.type);
export const isCallEventType = (t: string) => EVENT_TYPES.includes(t);

/** SQL condition over a calls row (columns unqualified or under `alias`). */
export function conditionSql(when: CallCondition, alias: string): string {
  const col = (c: string) => `${alias}.${c}`;
  if ('hooked' in when) return `${col('hooked')}`;
  return `${col('tier')} = 1 AND (${when.tier1Fields.map((f) => `${col(f)} IS NOT NULL`).join(' OR ')})`;
}

/** Columns of `calls` the payloads read. */
export const PAYLOAD_COLUMNS = [
  'call_sid',
  'started_at',
  'duration_sec',
  'persona',
  'caller_state',
  'tier',
  'hooked',
  'auditor_confidence',
  'impersonated_brand',
  'lure_category',
  'payment_method',
  ...TIER1_FIELDS,
] as const;

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/**
 * `data` of a call event, from the call row as stored when the event is first delivered. A
 * tier-1 event's data is the row of GET /api/kpis/tier1, validity included (issue 14).
 */
export function callEventData(def: CallEventDef, r: Row): Record<string, unknown> {
  const started = formatUtc(num(r.started_at));
  if (def.data === 'tier1_row') return { ...tier1Row(r) };
  return {
    call_sid: String(r.call_sid),
    call_started_at: started,
    duration_sec: num(r.duration_sec),
    persona: str(r.persona),
    caller_state: str(r.caller_state),
    tier: numOrNull(r.tier),
    auditor_confidence: numOrNull(r.auditor_confidence),
    impersonated_brand: str(r.impersonated_brand),
    lure_category: str(r.lure_category),
    payment_method: str(r.payment_method),
  };
}

export interface EventEnvelope {
  id: string;
  type: string;
  created_at: string;
  data: Record<string, unknown>;
}

export const envelope = (id: string, type: string, createdAt: number, data: Record<string, unknown>): EventEnvelope => ({
  id,
  type,
  created_at: formatUtc(createdAt),
  data,
});
