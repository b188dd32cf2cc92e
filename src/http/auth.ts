// Authentication and authorisation, before anything else looks at the request:
// bearer key → principal (org, tier, role, slice); role and tier guards by path prefix.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Principal } from '../domain/principal.js';
import { ApiError } from '../errors.js';
import type { Db } from '../storage/db.js';
import { LocalKeyEvents, type KeyEvents } from '../storage/keyEvents.js';
import { findKeyBySecret, hashKey } from '../storage/queries/orgs.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export const PRO_PREFIXES = ['/api/agent', '/api/webhooks', '/api/alerts', '/api/exports'];
const INGEST_PREFIX = '/api/ingest';

const underPrefix = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m ? m[1] : null;
}

export const unauthorized = (detail: string) => new ApiError(401, 'unauthorized', detail);

/**
 * Resolves keys with a short in-process cache. Any change to keys or tiers calls
 * `invalidate()`, which is announced through `events` to every instance (Redis pub/sub in
 * server mode); each instance clears its cache when told.
 */
export class KeyResolver {
  private cache = new Map<string, { principal: Principal | null; at: number }>();
  /** Bumped on every change, so a lookup that raced a revocation does not cache its stale answer. */
  private generation = 0;
  constructor(
    private readonly db: Db,
    private readonly events: KeyEvents = new LocalKeyEvents(),
    private readonly ttlMs = 30_000,
  ) {
    events.subscribe(() => this.clear());
  }

  private clear(): void {
    this.generation++;
    this.cache.clear();
  }

  async invalidate(): Promise<void> {
    this.clear();
    await this.events.publish();
  }

  async resolve(secret: string): Promise<Principal | null> {
    if (!secret.startsWith('hpk_') || secret.length > 200) return null;
    const h = hashKey(secret);
    const hit = this.cache.get(h);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.principal;
    const generation = this.generation;
    const found = await findKeyBySecret(this.db, secret);
    const principal: Principal | null =
      found && found.key.revoked_at === null
        ? { orgId: found.key.org_id, tier: found.tier, keyId: found.key.id, role: found.key.role, scope: found.key.scope }
        : null;
    if (generation !== this.generation) return principal;
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(h, { principal, at: Date.now() });
    return principal;
  }
}

export function registerAuth(app: FastifyInstance, keys: KeyResolver): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (req, reply) => {
    const path = req.url.split('?')[0];
    if (!underPrefix(path, '/api') || underPrefix(path, '/api/admin')) return;
    const token = bearerToken(req);
    const principal = token ? await keys.resolve(token) : null;
    if (!principal) {
      reply.header('WWW-Authenticate', 'Bearer');
      throw unauthorized(token ? 'The API key is unknown or revoked.' : 'Send an API key as "Authorization: Bearer hpk_…".');
    }
    req.principal = principal;
    const ingestPath = underPrefix(path, INGEST_PREFIX);
    if (ingestPath && principal.role !== 'ingest') {
      throw new ApiError(403, 'forbidden', 'This key has the read role; ingest paths need an ingest key.');
    }
    if (!ingestPath && principal.role !== 'read') {
      throw new ApiError(403, 'forbidden', 'This key has the ingest role; it can only use /api/ingest.');
    }
    if (principal.tier !== 'pro' && PRO_PREFIXES.some((p) => underPrefix(path, p))) {
      throw new ApiError(403, 'tier_required', 'This endpoint is part of the pro plan.', undefined, {
        required_tier: 'pro',
      });
    }
  });
}

/** For handlers behind the auth hook: the principal is always there. */
export function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw unauthorized('Authentication required.');
  return req.principal;
}
