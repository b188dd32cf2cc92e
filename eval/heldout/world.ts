// The world of the held-out eval: the real app (same factory as production, DuckDB engine)
// with the demo org and its seeded demo data at a fixed clock, a read key of that org and a
// scoped read key. Nothing here reads the agent.

import type { FastifyInstance } from 'fastify';
import { seedDemoOnce } from '../../src/demo/seed.js';
import { admin, testApp, type TestApp } from '../../test/helpers/app.js';

/** The fixed clock: a Thursday afternoon, UTC. Every truth and every question is read at this instant. */
export const NOW = new Date('2026-11-26T15:30:00Z');

/** The scope of the second read key (slice questions). */
export const SCOPE = { impersonated_brand: ['Amazon'] };

export interface World {
  t: TestApp;
  app: FastifyInstance;
  orgId: string;
  read: string;
  scoped: string;
  calls: number;
}

export async function buildWorld(): Promise<World> {
  // Rate limits raised: the truths page through every call, and the eval asks 150+ questions.
  const t = await testApp({ HONEYPOT_RATE_GENERAL: '1000000/60', HONEYPOT_RATE_AGENT: '1000000/60' }, { engine: 'duckdb' });
  t.setNow(NOW);
  const seed = await seedDemoOnce(t.app);
  if (!seed) throw new Error('demo seed did not run (store not empty?)');
  const res = await admin(t.app, 'POST', `/api/admin/orgs/${seed.orgId}/keys`, { name: 'heldout scoped', role: 'read', scope: SCOPE });
  if (res.statusCode !== 201) throw new Error(`scoped key: ${res.body}`);
  return { t, app: t.app, orgId: seed.orgId, read: seed.readKey, scoped: res.json().key, calls: seed.calls };
}
