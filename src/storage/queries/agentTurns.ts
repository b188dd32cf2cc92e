// Agent conversation turns (CONTRACT §11 sessions), stored in `agent_turns`. A session is
// bound to the org and to the key's slice: turns are read, replayed and deleted only with
// the same org_id and scope_key, so a differently scoped key of the same org sees nothing.

import type { Principal } from '../../domain/principal.js';
import { canonicalScope } from '../../domain/scope.js';
import { num, type Db } from '../db.js';

export interface AgentSource {
  type: 'metric' | 'transcript' | 'none';
  label: string;
  ref: Record<string, unknown>;
}

export interface StoredTurn {
  question: string;
  answer: string;
  sources: AgentSource[];
  referenced_call_sids: string[];
  /** Agent-specific state for follow-ups (the built-in planner keeps its intent and window). */
  context: unknown;
  created_at: number;
}

/** The key's slice as stored with its turns: the canonical scope, `{}` for an unscoped key. */
const scopeKey = (principal: Pick<Principal, 'scope'>): string => JSON.stringify(canonicalScope(principal.scope) ?? {});

export async function loadTurns(db: Db, principal: Principal, sessionId: string, last?: number): Promise<StoredTurn[]> {
  const params: unknown[] = [principal.orgId, sessionId, scopeKey(principal)];
  const rows = await db.all(
    `SELECT question, answer, sources_json, referenced_json, context_json, created_at FROM agent_turns
     WHERE org_id = $1 AND session_id = $2 AND scope_key = $3
     ORDER BY created_at DESC${last ? ' LIMIT $4' : ''}`,
    last ? [...params, last] : params,
  );
  return rows.reverse().map((r) => ({
    question: String(r.question),
    answer: String(r.answer),
    sources: JSON.parse(String(r.sources_json)) as AgentSource[],
    referenced_call_sids: JSON.parse(String(r.referenced_json)) as string[],
    context: r.context_json === null || r.context_json === undefined ? null : JSON.parse(String(r.context_json)),
    created_at: num(r.created_at),
  }));
}

export async function appendTurn(
  db: Db,
  principal: Principal,
  sessionId: string,
  turn: Omit<StoredTurn, 'created_at'>,
  now: number,
): Promise<void> {
  const key = scopeKey(principal);
  // Turns are ordered by created_at, which is kept strictly increasing within a session:
  // concurrent questions in one session take turns here, or both would read the same max and
  // the second insert would hit the primary key.
  await db.withLock('agentTurns', `${principal.orgId}:${sessionId}:${key}`, async (tx) => {
    const [row] = await tx.all('SELECT max(created_at) AS last FROM agent_turns WHERE org_id = $1 AND session_id = $2 AND scope_key = $3', [
      principal.orgId,
      sessionId,
      key,
    ]);
    const last = row?.last === null || row?.last === undefined ? null : num(row.last);
    const createdAt = last !== null && last >= now ? last + 1 : now;
    await tx.run(
      `INSERT INTO agent_turns (org_id, session_id, scope_key, question, answer, sources_json, referenced_json, context_json, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        principal.orgId,
        sessionId,
        key,
        turn.question,
        turn.answer,
        JSON.stringify(turn.sources),
        JSON.stringify(turn.referenced_call_sids),
        turn.context === undefined || turn.context === null ? null : JSON.stringify(turn.context),
        createdAt,
      ],
    );
  });
}

export async function deleteTurns(db: Db, principal: Principal, sessionId: string): Promise<void> {
  await db.run('DELETE FROM agent_turns WHERE org_id = $1 AND session_id = $2 AND scope_key = $3', [
    principal.orgId,
    sessionId,
    scopeKey(principal),
  ]);
}
