// The world of the ninth held-out eval: the shared world (eval/shared/world.ts) at a clock of its
// own (a Friday in March 2029, the eve of St Patrick's Day, at an odd minute), the demo generator
// with another seed, span and call count (so every figure is new), the demo read key, three scoped
// read keys on slices no earlier set used (a neobank as the mule account's bank, Georgia and North
// Carolina, the gift-card lure), and four live calls. Nothing here reads the agent.

import { buildWorld as buildSharedWorld, type World as SharedWorld, type WorldSpec } from '../shared/world.js';

/**
 * The fixed clock: Friday 2029-03-16, 14:37 UTC (10:37 in New York, EDT since the US change to
 * daylight time on Sunday 2029-03-11). The 62 demo days run from Saturday 2029-01-13 14:37 UTC to
 * now, across Martin Luther King Jr. Day (Monday January 15), the turn of January into February,
 * Valentine's Day (Wednesday February 14), Presidents' Day (Monday February 19), the turn of
 * February into March and the DST change; St Patrick's Day is tomorrow. Every truth and every
 * question is read at this instant.
 */
export const NOW = new Date('2029-03-16T14:37:00Z');

/** 62 days × 160 calls (9,920), generator seed 9137 (the demo seed uses 30 × 300 and seed 7). */
export const DEMO = { days: 62, callsPerDay: 160, seed: 9137 };

/**
 * Scope dimensions are impersonated_brand, lure_category, mule_bank_name, caller_state and persona
 * (src/domain/scope.ts): a payment method cannot be a slice, so the gift-card desk takes the
 * gift-card lure.
 */
export const SCOPES = {
  /** A neobank's fraud team: only calls whose mule account is at Chime. */
  chime: ['heldout-9 neobank mule desk', { mule_bank_name: ['Chime'] }],
  /** A south-east carrier's fraud unit: callers whose caller ID maps to Georgia or North Carolina. */
  southeast: ['heldout-9 georgia and north carolina unit', { caller_state: ['GA', 'NC'] }],
  /** A gift-card issuer's abuse desk: only the gift-card lure. */
  giftcards: ['heldout-9 gift-card issuer abuse desk', { lure_category: ['GIFT_CARD'] }],
} as const;
export type KeyName = 'read' | keyof typeof SCOPES;

export type World = SharedWorld<keyof typeof SCOPES>;

const SPEC: WorldSpec<keyof typeof SCOPES> = { now: NOW, scopes: SCOPES, live: { count: 4, seed: 9173 }, demo: DEMO };

/** `listen`: also serve on a loopback port (the runner asks the agent over HTTP). */
export function buildWorld(opts: { listen: boolean }): Promise<World> {
  return buildSharedWorld(SPEC, opts);
}
