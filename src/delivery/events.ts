// The `data` of a call event, built from the stored call when the event is first delivered.
// The catalog itself (types, conditions, descriptions) is src/domain/events.ts.

import type { CallEventDef, HookedCallData } from '../domain/events.js';
import { formatUtc } from '../domain/window.js';
import { num, numOrNull, type Row } from '../storage/db.js';
import { tier1Row } from '../storage/queries/tier1.js';

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/**
 * `data` of a call event, from the call row as stored when the event is first delivered. A
 * tier-1 event's data is the row of GET /api/kpis/tier1, validity included (README, Intel out).
 */
export function callEventData(def: CallEventDef, r: Row): Record<string, unknown> {
  if (def.data === 'tier1_row') return { ...tier1Row(r) };
  return {
    call_sid: String(r.call_sid),
    call_started_at: formatUtc(num(r.started_at)),
    duration_sec: num(r.duration_sec),
    persona: str(r.persona),
    caller_state: str(r.caller_state),
    tier: numOrNull(r.tier),
    auditor_confidence: numOrNull(r.auditor_confidence),
    impersonated_brand: str(r.impersonated_brand),
    lure_category: str(r.lure_category),
    payment_method: str(r.payment_method),
  } satisfies HookedCallData;
}
