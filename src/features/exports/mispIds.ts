// Deterministic MISP uuids: UUIDv5 (RFC 9562 §5.5: SHA-1 of a namespace and a name), so that
// exporting the same calls again gives the same event, objects and attributes, and MISP updates
// them in place instead of adding copies.

import { createHash } from 'node:crypto';
import { canonicalScope, type Scope } from '../../domain/scope.js';

/** Our namespace for MISP uuids (a random v4, fixed once). */
const MISP_NAMESPACE = '175e95e8-255a-4371-a9b7-7a7354aef768';

const hexOf = (uuid: string) => Buffer.from(uuid.replace(/-/g, ''), 'hex');

/** UUIDv5 of `name` (UTF-8) in `namespace`. */
export function uuidV5(namespace: string, name: string): string {
  const hash = createHash('sha1').update(hexOf(namespace)).update(name, 'utf8').digest();
  const b = hash.subarray(0, 16);
  b[6] = (b[6] & 0x0f) | 0x50; // version 5
  b[8] = (b[8] & 0x3f) | 0x80; // RFC 4122 variant
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The event's scope part: the canonical scope (domain/scope.ts) as "dim=a|b;dim=c", dimensions alphabetical; the text event uuids were first derived from, so it must not change. */
function scopeName(scope: Scope | null): string {
  const canonical = canonicalScope(scope);
  if (!canonical) return '';
  return Object.entries(canonical)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([dim, values]) => `${dim}=${values.join('|')}`)
    .join(';');
}

/**
 * One MISP event per organisation and scope, whatever the window: each export updates it
 * with the window's calls (MISP keeps attribute uuids unique across events, so the same call
 * must not land in two events).
 */
export function mispEventUuid(orgId: string, scope: Scope | null): string {
  return uuidV5(MISP_NAMESPACE, `event\u0000${orgId}\u0000${scopeName(scope)}`);
}

/**
 * The event of one campaign (?campaign_id=): its own uuid per organisation, scope and campaign,
 * so the campaign's calls (objects and attributes hang off the event uuid) never collide with
 * the same calls in the window's event.
 */
export function mispCampaignEventUuid(orgId: string, scope: Scope | null, campaignId: string): string {
  return uuidV5(MISP_NAMESPACE, `campaign\u0000${orgId}\u0000${scopeName(scope)}\u0000${campaignId}`);
}
