// Live sessions in Redis, so every instance sees the same set (server mode, REDIS_URL).
// One hash per session (`data`: the input as JSON, `state`, `hb`: last heartbeat in epoch ms,
// the server's time) and one sorted set per org (member call_sid, score last heartbeat). Both
// carry a TTL, so abandoned sessions and idle orgs leave nothing behind; activity is still
// decided from `hb` against the caller's clock, exactly like MemorySessions.

import type { Redis } from 'ioredis';
import type { Principal } from '../domain/principal.js';
import { visibleActive, type LiveSession, type LiveSessionInput, type LiveSessionStore } from './liveSessions.js';

// Refreshes a session that exists and has not expired; 0 when it is unknown or expired.
// KEYS: session hash, org set. ARGV: now, ttlMs, call_sid, state ('' keeps it), hasState.
const HEARTBEAT = `
local hb = redis.call('HGET', KEYS[1], 'hb')
if not hb or tonumber(ARGV[1]) - tonumber(hb) >= tonumber(ARGV[2]) then return 0 end
redis.call('HSET', KEYS[1], 'hb', ARGV[1])
if ARGV[5] == '1' then redis.call('HSET', KEYS[1], 'state', ARGV[4]) end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('ZADD', KEYS[2], ARGV[1], ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
return 1`;

export class RedisSessions implements LiveSessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlMs: number,
  ) {}

  private sessionKey(orgId: string, callSid: string) {
    return `${this.prefix}session:${orgId}:${callSid}`;
  }

  private orgKey(orgId: string) {
    return `${this.prefix}sessions:${orgId}`;
  }

  async put(orgId: string, callSid: string, input: LiveSessionInput, now: number): Promise<void> {
    const key = this.sessionKey(orgId, callSid);
    const { state, ...rest } = input;
    await this.redis
      .multi()
      .del(key)
      .hset(key, { data: JSON.stringify(rest), state, hb: String(now) })
      .pexpire(key, this.ttlMs)
      .zadd(this.orgKey(orgId), now, callSid)
      // Expired heartbeats leave the org set here too, not only when someone reads it.
      .zremrangebyscore(this.orgKey(orgId), '-inf', String(now - this.ttlMs))
      .pexpire(this.orgKey(orgId), this.ttlMs)
      .exec();
  }

  async heartbeat(orgId: string, callSid: string, state: string | undefined, now: number): Promise<boolean> {
    const out = await this.redis.eval(
      HEARTBEAT,
      2,
      this.sessionKey(orgId, callSid),
      this.orgKey(orgId),
      String(now),
      String(this.ttlMs),
      callSid,
      state ?? '',
      state === undefined ? '0' : '1',
    );
    return Number(out) === 1;
  }

  async end(orgId: string, callSids: string[]): Promise<void> {
    if (callSids.length === 0) return;
    await this.redis
      .multi()
      .del(...callSids.map((sid) => this.sessionKey(orgId, sid)))
      .zrem(this.orgKey(orgId), ...callSids)
      .exec();
  }

  async active(principal: Principal, now: number): Promise<LiveSession[]> {
    const orgKey = this.orgKey(principal.orgId);
    // Scores at or below now - ttl are expired heartbeats.
    await this.redis.zremrangebyscore(orgKey, '-inf', String(now - this.ttlMs));
    const sids = await this.redis.zrange(orgKey, '0', '-1');
    if (sids.length === 0) return [];
    const pipe = this.redis.pipeline();
    for (const sid of sids) pipe.hgetall(this.sessionKey(principal.orgId, sid));
    const results = (await pipe.exec()) ?? [];
    const sessions: LiveSession[] = [];
    const gone: string[] = [];
    sids.forEach((sid, i) => {
      const h = results[i]?.[1] as Record<string, string> | undefined;
      if (!h || !h.data) {
        gone.push(sid);
        return;
      }
      const rest = JSON.parse(h.data) as Omit<LiveSessionInput, 'state'>;
      sessions.push({ ...rest, state: h.state, call_sid: sid, last_heartbeat: Number(h.hb) });
    });
    if (gone.length) await this.redis.zrem(orgKey, ...gone);
    return visibleActive(sessions, principal, now, this.ttlMs);
  }

  async close(): Promise<void> {}
}
