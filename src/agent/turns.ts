// Agent conversation turns (CONTRACT §11 sessions): how many are replayed and their public
// shape. They are stored by storage/queries/agentTurns.ts, bound to the org and the key's slice.

import { formatUtc } from '../domain/window.js';
import type { StoredTurn } from '../storage/queries/agentTurns.js';

export { appendTurn, deleteTurns, loadTurns, type AgentSource, type StoredTurn } from '../storage/queries/agentTurns.js';

/** How many prior turns are replayed into a new question. */
export const REPLAY_TURNS = 20;

/** The public shape of a stored turn (GET /api/agent/session/{id}/v2). */
export function publicTurn(t: StoredTurn) {
  return {
    question: t.question,
    answer: t.answer,
    sources: t.sources,
    referenced_call_sids: t.referenced_call_sids,
    created_at: formatUtc(t.created_at),
  };
}
