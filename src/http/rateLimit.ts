// Per-key rate limits (CONTRACT §3) with @fastify/rate-limit: RateLimit-* headers on every
// limited response, Retry-After on a 429. The agent has its own budget (groupId "agent").
// Every request that names a key counts against that key, its 401/403/404 answers included;
// requests without a valid key (and failed admin tokens) count against the client address.
// Only public routes (sign-in excepted) and the valid admin token are not limited.

import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { ApiError } from '../errors.js';

/** With `redis` the counters live there, so a key's limit holds across every instance. */
export async function registerRateLimit(app: FastifyInstance, config: Config, redis?: Redis | null, prefix = 'honeypot:'): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: config.rateGeneral.max,
    timeWindow: config.rateGeneral.windowSec * 1000,
    enableDraftSpec: true,
    allowList: (req) => {
      const access = req.routeOptions.config?.access;
      const role = access?.role;
      return (access?.role === 'public' && !access.limited) || (role === 'admin' && req.isAdmin) || (role === 'metrics' && req.isScraper);
    },
    keyGenerator: (req) => (req.principal ? `key:${req.principal.keyId}` : `addr:${req.ip}`),
    ...(redis ? { redis, nameSpace: `${prefix}rl:` } : {}),
    errorResponseBuilder: limitExceeded(config.rateGeneral.windowSec),
  });
}

/**
 * The 429 of a budget of `windowSec` seconds. The plugin's `after` is the time until the
 * window resets, not the window itself: the detail names both, the reset in whole seconds as
 * Retry-After does.
 */
const limitExceeded = (windowSec: number) => (_req: unknown, ctx: { max: number; ttl: number }) =>
  new ApiError(
    429,
    'rate_limited',
    `Rate limit exceeded: ${ctx.max} requests per ${windowSec} seconds. Retry in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
  );

/** Route config for the agent endpoints: counted only in the agent budget. */
export function agentRateLimit(config: Config) {
  return {
    max: config.rateAgent.max,
    timeWindow: config.rateAgent.windowSec * 1000,
    groupId: 'agent',
    errorResponseBuilder: limitExceeded(config.rateAgent.windowSec),
  };
}
