// Who may call a route: every route declares it in its config (`config: { access }`), and one
// hook checks it after routing (http/auth.ts). Nothing is decided by matching URL text.

import type { FastifyInstance } from 'fastify';

export type Access =
  /** Anyone: health, metrics (optionally token-guarded), OpenAPI, docs, the dashboard's files. */
  | { role: 'public'; limited?: true }
  /** The admin API: `Authorization: Bearer <HONEYPOT_ADMIN_TOKEN>`. */
  | { role: 'admin' }
  /** Prometheus scrapers: `Authorization: Bearer <HONEYPOT_METRICS_TOKEN>` when that is set, else anyone. */
  | { role: 'metrics' }
  /**
   * An API key of this role; `tier: 'pro'` refuses free orgs with 403 tier_required. `basic`:
   * the key may also come as the password of HTTP Basic (TAXII clients such as MISP's only
   * send Basic credentials).
   */
  | { role: 'read' | 'ingest'; tier?: 'pro'; basic?: true };

export const PUBLIC: Access = { role: 'public' };
/** Public, but counted per client address by the rate limiter: sign-in checks a key. */
export const SIGN_IN: Access = { role: 'public', limited: true };
export const ADMIN: Access = { role: 'admin' };
export const METRICS: Access = { role: 'metrics' };
export const READ: Access = { role: 'read' };
export const READ_PRO: Access = { role: 'read', tier: 'pro' };
export const INGEST: Access = { role: 'ingest' };
/** The TAXII 2.1 feed: a pro read key, as a bearer token or as an HTTP Basic password. */
export const TAXII: Access = { role: 'read', tier: 'pro', basic: true };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

/**
 * Declares `access` for every route registered in the plugin `app` (encapsulated: it does
 * not reach sibling plugins). Each feature plugin calls it once, first thing.
 */
export function declareAccess(app: FastifyInstance, access: Access): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: route.config?.access ?? access };
  });
}
