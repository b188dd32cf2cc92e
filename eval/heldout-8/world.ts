// The world of the eighth held-out eval: the shared world (eval/shared/world.ts) at a clock of
// its own (a Wednesday in October 2028, nine days after Columbus Day, at an odd minute), the demo
// generator with another seed, span and call count (so every figure is new), the demo read key,
// three scoped read keys on slices no earlier set used (a brand, two southern states, a lure),
// and four live calls. Nothing here reads the agent.

import { buildWorld as buildSharedWorld, type World as SharedWorld, type WorldSpec } from '../shared/world.js';

/**
 * The fixed clock: Wednesday 2028-10-18, 15:43 UTC (11:43 in New York, EDT). The 56 demo days run
 * from Wednesday 2028-08-23 15:43 UTC to now, across the turn of August into September, Labor Day
 * (Monday September 4), the turn of September into October and Columbus Day (Monday October 9).
 * Every truth and every question is read at this instant.
 */
export const NOW = new Date('2028-10-18T15:43:00Z');

/** 56 days × 170 calls (9,520), generator seed 8443 (the demo seed uses 30 × 300 and seed 7). */
export const DEMO = { days: 56, callsPerDay: 170, seed: 8443 };

export const SCOPES = {
  /** A software vendor's abuse desk: only calls impersonating Microsoft. */
  microsoft: ['heldout-8 microsoft abuse desk', { impersonated_brand: ['Microsoft'] }],
  /** A Gulf-coast carrier's trust-and-safety team: callers whose caller ID maps to Texas or Florida. */
  gulf: ['heldout-8 gulf carrier trust and safety', { caller_state: ['TX', 'FL'] }],
  /** A crypto exchange's fraud team: only the crypto-investment lure. */
  crypto: ['heldout-8 crypto exchange fraud team', { lure_category: ['CRYPTO_INVESTMENT'] }],
} as const;
export type KeyName = 'read' | keyof typeof SCOPES;

export type World = SharedWorld<keyof typeof SCOPES>;

const SPEC: WorldSpec<keyof typeof SCOPES> = { now: NOW, scopes: SCOPES, live: { count: 4, seed: 8821 }, demo: DEMO };

/** `listen`: also serve on a loopback port (the runner asks the agent over HTTP). */
export function buildWorld(opts: { listen: boolean }): Promise<World> {
  return buildSharedWorld(SPEC, opts);
}
