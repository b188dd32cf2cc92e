// The world of the second held-out eval: the real app (same factory as production, DuckDB
// engine) with the demo org and its seeded demo data at a fixed clock, the demo read key and
// two scoped read keys. Nothing here reads the agent.

import type { FastifyInstance } from 'fastify';
import { seedDemoOnce } from '../../src/demo/seed.js';
import { admin, testApp, type TestApp } from '../../test/helpers/app.js';

/**
 * The fixed clock: a Friday afternoon, UTC (12:45 in New York). The 30 demo days run from
 * Wednesday 2026-11-04 17:45 to now, across November and December. Every truth and every
 * question is read at this instant.
 */
export const NOW = new Date('2026-12-04T17:45:00Z');

/** A bank's fraud team: only the calls posing as a bank's fraud department. */
export const SCOPE_BANK = { lure_category: ['BANK_FRAUD_ALERT'] };
/** A state task force: only calls whose caller ID maps to Florida or Texas. */
export const SCOPE_STATES = { caller_state: ['FL', 'TX'] };

export type KeyName = 'read' | 'bank' | 'states';

export interface World {
  t: TestApp;
  app: FastifyInstance;
  orgId: string;
  keys: Record<KeyName, string>;
  calls: number;
}

async function scopedKey(app: FastifyInstance, orgId: string, name: string, scope: Record<string, string[]>): Promise<string> {
  const res = await admin(app, 'POST', `/api/admin/orgs/${orgId}/keys`, { name, role: 'read', scope });
  if (res.statusCode !== 201) throw new Error(`scoped key ${name}: ${res.body}`);
  return res.json().key;
}

export async function buildWorld(): Promise<World> {
  // Rate limits raised: the truths page through every call, and the eval asks 170+ questions.
  const t = await testApp({ HONEYPOT_RATE_GENERAL: '1000000/60', HONEYPOT_RATE_AGENT: '1000000/60' }, { engine: 'duckdb' });
  t.setNow(NOW);
  const seed = await seedDemoOnce(t.app);
  if (!seed) throw new Error('demo seed did not run (store not empty?)');
  const bank = await scopedKey(t.app, seed.orgId, 'heldout-2 bank team', SCOPE_BANK);
  const states = await scopedKey(t.app, seed.orgId, 'heldout-2 FL+TX task force', SCOPE_STATES);
  return { t, app: t.app, orgId: seed.orgId, keys: { read: seed.readKey, bank, states }, calls: seed.calls };
}
