// Authentication and authorisation. Two steps, both after routing:
//   1. onRequest (every request): the bearer token is identified — an API key's principal, the
//      admin token, or nobody. Nothing is refused yet, so the rate limiter (a route-level
//      onRequest hook, run next) counts every request of a key, the refused ones included.
//   2. preParsing: the route's declared access (`config.access`, http/access.ts) is checked
//      against the caller, before the body is read or anything is validated.

import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Principal } from '../domain/principal.js';
import { ApiError } from '../errors.js';
import type { Db } from '../storage/db.js';
import { LocalKeyEvents, type KeyEvents } from '../storage/keyEvents.js';
import { findKeyBySecret, hashKey, type KeyLookup } from '../storage/queries/orgs.js';
import { findSessionKey } from '../storage/queries/webSessions.js';
import type { Access } from './access.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key's principal, or null (no key, unknown or revoked key, admin token). */
    principal: Principal | null;
    /** True when the bearer token is HONEYPOT_ADMIN_TOKEN. */
    isAdmin: boolean;
    /** True when the bearer token is HONEYPOT_METRICS_TOKEN, or when that is not set. */
    isScraper: boolean;
    /** True when the principal came from the dashboard's session cookie, not a bearer key. */
    viaSession: boolean;
  }
}

function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  // Node keeps the first of several Authorization headers and a proxy may read the last: with
  // more than one, the request carries no credentials we can trust.
  const raw = req.raw.rawHeaders;
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i].length === 13 && raw[i].toLowerCase() === 'authorization') count++;
  if (count > 1) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  if (m) return m[1];
  // Routes that accept HTTP Basic take the key as the password (any user name).
  const basic = /^Basic\s+([A-Za-z0-9+/]+={0,2})\s*$/i.exec(h);
  const access = req.routeOptions.config?.access;
  if (!basic || !(access && 'basic' in access && access.basic)) return null;
  const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon >= 0 && colon < decoded.length - 1 ? decoded.slice(colon + 1) : null;
}

/** CONTRACT §2: every 401 carries `WWW-Authenticate: Bearer`. */
export const unauthorized = (detail: string) =>
  new ApiError(401, 'unauthorized', detail, undefined, undefined, { 'www-authenticate': 'Bearer' });

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
    /** The app's clock, which sessions are opened and checked by (the cache keeps process time). */
    private readonly now: () => number = Date.now,
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

  /** The principal of an API key secret (`hpk_…`), or null. */
  resolve(secret: string): Promise<Principal | null> {
    if (!/^hpk_[A-Za-z0-9_-]{1,196}$/.test(secret)) return Promise.resolve(null);
    return this.cached(`k:${hashKey(secret)}`, () => findKeyBySecret(this.db, secret));
  }

  /** The principal of a dashboard session token (the `hp_session` cookie), or null. */
  resolveSession(token: string): Promise<Principal | null> {
    if (!/^hps_[A-Za-z0-9_-]{43}$/.test(token)) return Promise.resolve(null);
    return this.cached(`s:${hashKey(token)}`, () => findSessionKey(this.db, token, this.now()));
  }

  private async cached(id: string, lookup: () => Promise<KeyLookup | null>): Promise<Principal | null> {
    const hit = this.cache.get(id);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.principal;
    const generation = this.generation;
    const found = await lookup();
    const principal: Principal | null =
      found && found.key.revoked_at === null
        ? { orgId: found.key.org_id, tier: found.tier, keyId: found.key.id, role: found.key.role, scope: found.key.scope }
        : null;
    if (generation !== this.generation) return principal;
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(id, { principal, at: Date.now() });
    return principal;
  }
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The access a route declared; a route without one is refused to everybody (never open by omission). */
const accessOf = (req: FastifyRequest): Access | undefined => req.routeOptions.config?.access;

/** Throws the contract's error when the caller may not use a route declaring `access`. */
function authorize(access: Access | undefined, req: FastifyRequest): void {
  if (!access) throw new ApiError(403, 'forbidden', 'This route is not open to any caller.');
  if (access.role === 'public') return;
  if (access.role === 'admin') {
    if (!req.isAdmin) throw unauthorized('The admin API needs "Authorization: Bearer <HONEYPOT_ADMIN_TOKEN>".');
    return;
  }
  if (access.role === 'metrics') {
    if (!req.isScraper) throw unauthorized('Metrics need "Authorization: Bearer <HONEYPOT_METRICS_TOKEN>".');
    return;
  }
  const principal = req.principal;
  if (!principal) {
    if (req.viaSession) throw unauthorized('The sign-in session has ended (signed out, expired, or its key was revoked). Sign in again.');
    throw unauthorized(bearerToken(req) ? 'The API key is unknown or revoked.' : 'Send an API key as "Authorization: Bearer hpk_…".');
  }
  if (principal.role !== access.role) {
    throw new ApiError(
      403,
      'forbidden',
      principal.role === 'ingest'
        ? 'This key has the ingest role; it can only ingest calls and live sessions.'
        : 'This key has the read role; ingesting needs an ingest key.',
    );
  }
  // A cookie rides along with requests other sites make us send; a custom header cannot
  // (no CORS is offered), so a state-changing request of a session must carry one.
  if (req.viaSession && !SAFE_METHODS.has(req.method) && req.headers[CSRF_HEADER] !== '1') {
    throw new ApiError(
      403,
      'forbidden',
      `A request signed in by the session cookie that changes state needs the header "${CSRF_HEADER}: 1".`,
    );
  }
  if (access.tier === 'pro' && principal.tier !== 'pro') {
    throw new ApiError(403, 'tier_required', 'This endpoint is part of the pro plan.', undefined, { required_tier: 'pro' });
  }
}

/** The dashboard's session cookie and the header its state-changing requests carry. */
export const SESSION_COOKIE = 'hp_session';
export const CSRF_HEADER = 'x-honeypot-csrf';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const sameSecret = (token: string, expected: Buffer | null) => !!expected && timingSafeEqual(digest(token), expected);

export function registerAuth(
  app: FastifyInstance,
  keys: KeyResolver,
  tokens: { adminToken: string | null; metricsToken: string | null },
): void {
  const adminDigest = tokens.adminToken ? digest(tokens.adminToken) : null;
  const metricsDigest = tokens.metricsToken ? digest(tokens.metricsToken) : null;
  app.decorateRequest('principal', null);
  app.decorateRequest('isAdmin', false);
  app.decorateRequest('isScraper', false);
  app.decorateRequest('viaSession', false);
  app.addHook('onRequest', async (req) => {
    const token = bearerToken(req);
    req.isScraper = metricsDigest === null || (token !== null && sameSecret(token, metricsDigest));
    // The session cookie counts only when no Authorization header is sent at all.
    const session = req.headers.authorization === undefined ? req.cookies[SESSION_COOKIE] : undefined;
    if (session) {
      req.viaSession = true;
      req.principal = await keys.resolveSession(session);
      return;
    }
    if (!token) return;
    if (sameSecret(token, adminDigest)) req.isAdmin = true;
    else if (token.startsWith('hpk_')) req.principal = await keys.resolve(token);
  });
  // Every route must declare its access: a route that does not stops the app at start.
  const routes: { method: string | string[]; url: string; config?: { access?: Access } }[] = [];
  app.addHook('onRoute', (route) => void routes.push(route));
  app.addHook('onReady', async () => {
    const open = routes.filter((r) => !r.config?.access).map((r) => `${r.method} ${r.url}`);
    if (open.length) throw new Error(`Routes without a declared access (config.access): ${open.join(', ')}`);
  });
  app.addHook('preParsing', async (req) => {
    // The not-found handler has no declared access: an unknown path is a 404 for everyone.
    if (req.is404) return;
    authorize(accessOf(req), req);
  });
}

/** For handlers of keyed routes: authorize() has already required the principal. */
export function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw unauthorized('Authentication required.');
  return req.principal;
}
