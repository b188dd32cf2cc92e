// The world of the fourth held-out eval: the shared world (eval/shared/world.ts) with the demo
// seed at a fixed clock of its own (not the clock of the earlier sets, so the figures are new),
// the demo read key, three scoped read keys and six live calls. Nothing here reads the agent.

import { buildWorld as buildSharedWorld, type World as SharedWorld, type WorldSpec } from '../shared/world.js';

/**
 * The fixed clock: Thursday 2027-02-11, 16:45 UTC (11:45 in New York). The 30 demo days run
 * from Tuesday 2027-01-12 16:45 UTC to now, across January and February. Every truth and every
 * question is read at this instant.
 */
export const NOW = new Date('2027-02-11T16:45:00Z');

/** A tech-support fraud desk: only the calls of the TECH_SUPPORT and REFUND lures. */
export const SCOPE_LURES = { lure_category: ['TECH_SUPPORT', 'REFUND'] };
/** A team that watches two of the honeypot's personas only. */
export const SCOPE_PERSONAS = { persona: ['harold', 'edith'] };
/** A West-coast task force: only calls whose caller ID maps to California, Washington or Oregon. */
export const SCOPE_WEST = { caller_state: ['CA', 'WA', 'OR'] };

export const SCOPES = {
  lures: ['heldout-4 tech-support desk', SCOPE_LURES],
  personas: ['heldout-4 two personas', SCOPE_PERSONAS],
  west: ['heldout-4 west coast', SCOPE_WEST],
} as const;
export type KeyName = 'read' | keyof typeof SCOPES;

/** Live calls put through the ingest API (so "live right now" has an answer). */
export const LIVE_CALLS = 6;

export type World = SharedWorld<keyof typeof SCOPES>;

const SPEC: WorldSpec<keyof typeof SCOPES> = { now: NOW, scopes: SCOPES, live: { count: LIVE_CALLS, seed: 4041 } };

/** `listen`: also serve on a loopback port (the runner asks the agent over HTTP). */
export function buildWorld(opts: { listen: boolean }): Promise<World> {
  return buildSharedWorld(SPEC, opts);
}
