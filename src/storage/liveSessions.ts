// Live sessions feeding /api/kpis/active-calls. Embedded mode keeps them in process memory;
// server mode keeps them in Redis (see redisSessions.ts) so every instance sees the same set.

import { stateOfCallerId } from '../domain/areaCodes.js';
import type { Principal } from '../domain/principal.js';
import { inScope } from '../domain/scope.js';
import { formatUtc } from '../domain/window.js';

export interface LiveSessionInput {
  persona: string;
  caller_id: string;
  impersonated_brand: string | null;
  lure_category: string | null;
  state: string;
  started_at: string;
}

export interface LiveSession extends LiveSessionInput {
  call_sid: string;
  last_heartbeat: number;
}

export interface LiveSessionStore {
  put(orgId: string, callSid: string, input: LiveSessionInput, now: number): Promise<void>;
  /** False when the session is unknown (or already expired). */
  heartbeat(orgId: string, callSid: string, state: string | undefined, now: number): Promise<boolean>;
  end(orgId: string, callSids: string[]): Promise<void>;
  active(principal: Principal, now: number): Promise<LiveSession[]>;
  close(): Promise<void>;
}

/** A live session as the API and the agent show it (times RFC 3339 UTC). */
export const liveSessionJson = (s: LiveSession) => ({
  call_sid: s.call_sid,
  persona: s.persona,
  caller_id: s.caller_id,
  impersonated_brand: s.impersonated_brand,
  lure_category: s.lure_category,
  state: s.state,
  started_at: formatUtc(new Date(s.started_at)),
  last_heartbeat: formatUtc(new Date(s.last_heartbeat)),
});

export function visibleActive(sessions: LiveSession[], principal: Principal, now: number, ttlMs: number): LiveSession[] {
  return sessions
    .filter((s) => now - s.last_heartbeat < ttlMs)
    .filter((s) =>
      inScope(principal.scope, {
        impersonated_brand: s.impersonated_brand,
        lure_category: s.lure_category,
        persona: s.persona,
        caller_state: stateOfCallerId(s.caller_id),
        mule_bank_name: null,
      }),
    )
    .sort((a, b) => Date.parse(a.started_at) - Date.parse(b.started_at) || (a.call_sid < b.call_sid ? -1 : 1));
}

export class MemorySessions implements LiveSessionStore {
  private readonly byOrg = new Map<string, Map<string, LiveSession>>();
  /** When each org's expired sessions were last dropped. */
  private readonly sweptAt = new Map<string, number>();
  constructor(private readonly ttlMs: number) {}

  /** Drops the org's expired sessions, at most once per TTL: sessions nobody reads must not pile up. */
  private sweep(orgId: string, m: Map<string, LiveSession>, now: number) {
    if (now - (this.sweptAt.get(orgId) ?? -Infinity) < this.ttlMs) return;
    this.sweptAt.set(orgId, now);
    for (const [sid, s] of m) if (now - s.last_heartbeat >= this.ttlMs) m.delete(sid);
  }

  private org(orgId: string) {
    let m = this.byOrg.get(orgId);
    if (!m) this.byOrg.set(orgId, (m = new Map()));
    return m;
  }

  async put(orgId: string, callSid: string, input: LiveSessionInput, now: number) {
    const m = this.org(orgId);
    this.sweep(orgId, m, now);
    m.set(callSid, { ...input, call_sid: callSid, last_heartbeat: now });
  }

  async heartbeat(orgId: string, callSid: string, state: string | undefined, now: number) {
    const s = this.org(orgId).get(callSid);
    if (!s || now - s.last_heartbeat >= this.ttlMs) return false;
    s.last_heartbeat = now;
    if (state !== undefined) s.state = state;
    return true;
  }

  async end(orgId: string, callSids: string[]) {
    const m = this.org(orgId);
    for (const sid of callSids) m.delete(sid);
  }

  async active(principal: Principal, now: number) {
    const m = this.org(principal.orgId);
    for (const [sid, s] of m) if (now - s.last_heartbeat >= this.ttlMs) m.delete(sid);
    return visibleActive([...m.values()], principal, now, this.ttlMs);
  }

  async close() {}
}
