// The world of the sixth held-out eval: the shared world (eval/shared/world.ts) at a clock of its
// own (a Thursday in January, just after a year turned, not set 5's Tuesday in April), the demo
// generator with another seed, span and call count (so every figure is new), the demo read key,
// three scoped read keys on slices no earlier set used (a payment method, a state pair, a brand),
// and four live calls. Nothing here reads the agent.

import { buildWorld as buildSharedWorld, type World as SharedWorld, type WorldSpec } from '../shared/world.js';

/**
 * The fixed clock: Thursday 2028-01-13, 15:40 UTC (10:40 in New York, EST). The 42 demo days run
 * from Thursday 2027-12-02 15:40 UTC to now, across December and January (and the year's turn).
 * Every truth and every question is read at this instant.
 */
export const NOW = new Date('2028-01-13T15:40:00Z');

/** 42 days × 210 calls (8,820), generator seed 6029 (the demo seed uses 30 × 300 and seed 7). */
export const DEMO = { days: 42, callsPerDay: 210, seed: 6029 };

export const SCOPES = {
  /** A bank's fraud team: only calls naming that bank as the mule account's bank. */
  bank: ['heldout-6 bank fraud team', { mule_bank_name: ['JPMorgan Chase'] }],
  /** A West Coast task force: callers whose caller ID maps to California or Washington. */
  west: ['heldout-6 california and washington', { caller_state: ['CA', 'WA'] }],
  /** A retailer's brand-protection team: only calls impersonating Amazon. */
  amazon: ['heldout-6 amazon brand protection', { impersonated_brand: ['Amazon'] }],
} as const;
export type KeyName = 'read' | keyof typeof SCOPES;

export type World = SharedWorld<keyof typeof SCOPES>;

const SPEC: WorldSpec<keyof typeof SCOPES> = { now: NOW, scopes: SCOPES, live: { count: 4, seed: 6066 }, demo: DEMO };

/** `listen`: also serve on a loopback port (the runner asks the agent over HTTP). */
export function buildWorld(opts: { listen: boolean }): Promise<World> {
  return buildSharedWorld(SPEC, opts);
}
