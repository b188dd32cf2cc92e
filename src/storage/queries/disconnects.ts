// Disconnect breakdown (CONTRACT §6): calls per disconnect reason; calls with a null reason are
// counted in none of the four (there is no "none" field). A preset of the query.

import { DISCONNECT_REASONS, type DisconnectReason } from '../../domain/call.js';
import type { Principal } from '../../domain/principal.js';
import type { Window } from '../../domain/window.js';
import type { Db } from '../db.js';
import { runPreset } from '../query/preset.js';

export type DisconnectBreakdown = Record<DisconnectReason, number>;

export async function disconnectBreakdown(db: Db, principal: Principal, w: Window): Promise<DisconnectBreakdown> {
  const answer = await runPreset(db, principal, w, {
    metrics: ['calls_received'],
    dimensions: ['disconnect_reason'],
    filters: [{ op: 'has', field: 'disconnect_reason' }],
    placed: true,
  });
  const counts = new Map(answer.results.map((r) => [r.dimensions[0], r.metrics[0] as number]));
  // Reasons outside the list (and null) are in no bucket.
  return Object.fromEntries(DISCONNECT_REASONS.map((r) => [r, counts.get(r) ?? 0])) as DisconnectBreakdown;
}
