// The world of the tenth held-out eval: the shared world (eval/shared/world.ts) at a clock of its
// own (a Wednesday in January 2030, the day after New Year's Day, at an odd minute), the demo
// generator with another seed, span and call count (so every figure is new), the demo read key,
// three scoped read keys on slices no earlier set used (the IRS and jury-duty lures, three
// Midwest states, Bank of America as the mule account's bank), and three live calls. Nothing
// here reads the agent.

import { buildWorld as buildSharedWorld, type World as SharedWorld, type WorldSpec } from '../shared/world.js';

/**
 * The fixed clock: Wednesday 2030-01-02, 16:19 UTC (11:19 in New York, EST). The 63 demo days
 * run from Wednesday 2029-10-31 16:19 UTC (Halloween) to now, across the end of US daylight
 * time (Sunday 2029-11-04), Veterans Day (Sunday November 11), Thanksgiving (Thursday November
 * 22) and Black Friday, the turn of November into December, Christmas (Tuesday December 25),
 * and New Year's Eve and Day. Every truth and every question is read at this instant.
 */
export const NOW = new Date('2030-01-02T16:19:00Z');

/** 63 days × 205 calls (12,915), generator seed 10427 (the demo seed uses 30 × 300 and seed 7). */
export const DEMO = { days: 63, callsPerDay: 205, seed: 10427 };

/**
 * Scope dimensions are impersonated_brand, lure_category, mule_bank_name, caller_state and persona
 * (src/domain/scope.ts); none of these slices was used by an earlier set.
 */
export const SCOPES = {
  /** A police unit on government-impersonation scams: the IRS and jury-duty lures. */
  gov: ['heldout-10 government impersonation unit', { lure_category: ['IRS_TAX', 'JURY_DUTY'] }],
  /** A Midwest carrier's fraud team: callers whose caller ID maps to Illinois, Ohio or Michigan. */
  midwest: ['heldout-10 midwest carrier fraud team', { caller_state: ['IL', 'OH', 'MI'] }],
  /** A bank's mule-account desk: only calls whose mule account is at Bank of America. */
  bofa: ['heldout-10 bank of america mule desk', { mule_bank_name: ['Bank of America'] }],
} as const;
export type KeyName = 'read' | keyof typeof SCOPES;

export type World = SharedWorld<keyof typeof SCOPES>;

const SPEC: WorldSpec<keyof typeof SCOPES> = { now: NOW, scopes: SCOPES, live: { count: 3, seed: 10301 }, demo: DEMO };

/** `listen`: also serve on a loopback port (the runner asks the agent over HTTP). */
export function buildWorld(opts: { listen: boolean }): Promise<World> {
  return buildSharedWorld(SPEC, opts);
}
