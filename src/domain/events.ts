// The webhook event catalog (CONTRACT §9) and the envelope every delivery carries. Each call
// event is a condition on the stored call row, derived from the tier and hook rules of
// call.ts; storage turns these conditions into SQL in one place (storage/queries/outbox.ts),
// so "when does X fire" has one definition.

import { MULE_BANK_FIELDS, TIER1_FIELDS, type IntelField } from './call.js';
import { formatUtc } from './window.js';

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
    description:
      'A call first becomes tier 1 with a mule bank account (any of mule_bank_name, routing number, account number, holder name). data is the tier-1 row of the call.',
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

/**
 * Campaign events (docs/campaigns.md, Push): not conditions on one call but on the campaigns
 * computed after an ingest, so they are announced by delivery/campaignEvents.ts, once each.
 */
interface CampaignEventDef {
  type: 'campaign.detected' | 'campaign.grew';
  description: string;
}

export const CAMPAIGN_DETECTED = 'campaign.detected';
export const CAMPAIGN_GREW = 'campaign.grew';

const CAMPAIGN_EVENTS: readonly CampaignEventDef[] = [
  {
    type: CAMPAIGN_DETECTED,
    description:
      'A campaign (calls linked by shared identifiers, GET /api/campaigns) first reaches 3 calls in the last 30 days, in the ' +
      "subscription's slice. data is the campaign's row with window_start and window_end. Sent once per campaign.",
  },
  {
    type: CAMPAIGN_GREW,
    description:
      'New calls joined an announced campaign; at most once per campaign per hour (calls joining within the hour are told ' +
      'by the next one). data is the row with new_calls, window_start and window_end.',
  },
];

/** An alert rule's firing (CONTRACT §10), delivered to the rule's target. */
export const ALERT_FIRED = 'alert.fired';
/** The test delivery of POST /api/webhooks/subscriptions/{id}/test. */
export const PING = 'ping';

export const EVENT_TYPES = [...CALL_EVENTS.map((e) => e.type), ...CAMPAIGN_EVENTS.map((e) => e.type)];
/** The catalog of GET /api/webhooks/events. */
export const EVENT_CATALOG = [...CALL_EVENTS, ...CAMPAIGN_EVENTS].map((e) => ({ type: e.type, description: e.description }));

/** `data` of a `call.hooked` event (a tier-1 event's data is the tier-1 row of the call). */
export interface HookedCallData {
  call_sid: string;
  call_started_at: string;
  duration_sec: number;
  persona: string | null;
  caller_state: string | null;
  tier: number | null;
  auditor_confidence: number | null;
  impersonated_brand: string | null;
  lure_category: string | null;
  payment_method: string | null;
}

/** `data` of an `alert.fired` event; times are ISO UTC. */
export interface AlertFiredData {
  rule_id: string;
  rule_name: string;
  metric: string;
  operator: string;
  threshold: number;
  value: number;
  window_start: string;
  window_end: string;
}

/** `data` of a `ping` event. */
export interface PingData {
  subscription_id: string;
  event_type: string;
  message: string;
}

export interface EventEnvelope<D = unknown> {
  id: string;
  type: string;
  created_at: string;
  data: D;
}

export const envelope = <D>(id: string, type: string, createdAt: number, data: D): EventEnvelope<D> => ({
  id,
  type,
  created_at: formatUtc(createdAt),
  data,
});
