// The world of the fifth held-out eval: the shared world (eval/shared/world.ts) at a clock of its
// own (a Tuesday in April, not the earlier sets' Thursday in February), the demo generator with
// another seed and call count (so every figure is new), the demo read key, three scoped read keys
// on slices the earlier sets did not use (a brand pair, a state pair, one lure), and five live
// calls. Nothing here reads the agent.

import { buildWorld as buildSharedWorld, type World as SharedWorld, type WorldSpec } from '../shared/world.js';

/**
 * The fixed clock: Tuesday 2027-04-20, 14:20 UTC (10:20 in New York, EDT). The 30 demo days run
 * from Sunday 2027-03-21 14:20 UTC to now, across March and April. Every truth and every
 * question is read at this instant.
 */
export const NOW = new Date('2027-04-20T14:20:00Z');

/** 30 days × 260 calls (7,800), generator seed 5150 (the demo seed uses 300 a day and seed 7). */
export const DEMO = { days: 30, callsPerDay: 260, seed: 5150 };

export const SCOPES = {
  /** A brand-protection team: only calls impersonating Microsoft or Apple. */
  brands: ['heldout-5 brand protection', { impersonated_brand: ['Microsoft', 'Apple'] }],
  /** A state attorney general's office pair: callers whose caller ID maps to Texas or Florida. */
  south: ['heldout-5 texas and florida', { caller_state: ['TX', 'FL'] }],
  /** A health-care fraud desk: only the MEDICARE lure. */
  medicare: ['heldout-5 medicare desk', { lure_category: ['MEDICARE'] }],
} as const;
export type KeyName = 'read' | keyof typeof SCOPES;

export type World = SharedWorld<keyof typeof SCOPES>;

const SPEC: WorldSpec<keyof typeof SCOPES> = { now: NOW, scopes: SCOPES, live: { count: 5, seed: 5055 }, demo: DEMO };

/** `listen`: also serve on a loopback port (the runner asks the agent over HTTP). */
export function buildWorld(opts: { listen: boolean }): Promise<World> {
  return buildSharedWorld(SPEC, opts);
}
