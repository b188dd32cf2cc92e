// The world of the seventh held-out eval: the shared world (eval/shared/world.ts) at a clock of
// its own (a Tuesday in July 2028, a week after Independence Day, at an odd minute), the demo
// generator with another seed, span and call count (so every figure is new), the demo read key,
// three scoped read keys on slices no earlier set used (a persona, a pair of lures, three
// north-eastern states), and four live calls. Nothing here reads the agent.

import { buildWorld as buildSharedWorld, type World as SharedWorld, type WorldSpec } from '../shared/world.js';

/**
 * The fixed clock: Tuesday 2028-07-11, 14:37 UTC (10:37 in New York, EDT). The 49 demo days run
 * from Tuesday 2028-05-23 14:37 UTC to now, across Memorial Day (Monday May 29), the turn of
 * May into June, Juneteenth (Monday June 19), the turn of June into July and Independence Day
 * (Tuesday July 4). Every truth and every question is read at this instant.
 */
export const NOW = new Date('2028-07-11T14:37:00Z');

/** 49 days × 190 calls (9,310), generator seed 7351 (the demo seed uses 30 × 300 and seed 7). */
export const DEMO = { days: 49, callsPerDay: 190, seed: 7351 };

export const SCOPES = {
  /** A research partner who runs one persona's line: only calls answered as Dolores. */
  dolores: ['heldout-7 dolores line', { persona: ['dolores'] }],
  /** An elder-fraud unit: only the Medicare and Social Security lures. */
  elder: ['heldout-7 elder fraud unit', { lure_category: ['MEDICARE', 'SOCIAL_SECURITY'] }],
  /** A tri-state police task force: callers whose caller ID maps to New York, New Jersey or Connecticut. */
  tristate: ['heldout-7 tri-state task force', { caller_state: ['NY', 'NJ', 'CT'] }],
} as const;
export type KeyName = 'read' | keyof typeof SCOPES;

export type World = SharedWorld<keyof typeof SCOPES>;

const SPEC: WorldSpec<keyof typeof SCOPES> = { now: NOW, scopes: SCOPES, live: { count: 4, seed: 7177 }, demo: DEMO };

/** `listen`: also serve on a loopback port (the runner asks the agent over HTTP). */
export function buildWorld(opts: { listen: boolean }): Promise<World> {
  return buildSharedWorld(SPEC, opts);
}
