// The world of the third held-out eval: the real app (same factory as production, DuckDB
// engine) with the demo org and its seeded demo data at a fixed clock, the demo read key, three
// scoped read keys and a few live calls. Nothing here reads the agent.

import type { FastifyInstance } from 'fastify';
import { generateLiveSessions } from '../../src/demo/generate.js';
import { seedDemoOnce } from '../../src/demo/seed.js';
import { admin, testApp, type TestApp } from '../../test/helpers/app.js';

/**
 * The fixed clock: a Wednesday, 14:20 UTC (09:20 in New York). The 30 demo days run from
 * Monday 2026-11-16 14:20 UTC to now, across November and December. Every truth and every
 * question is read at this instant.
 */
export const NOW = new Date('2026-12-16T14:20:00Z');

/** A brand's fraud team: only the calls posing as PayPal or Venmo (PayPal's brands; the demo has no Venmo calls). */
export const SCOPE_BRAND = { impersonated_brand: ['PayPal', 'Venmo'] };
/** A bank's mule-account investigators: only the calls whose mule account is at Wells Fargo. */
export const SCOPE_BANK = { mule_bank_name: ['Wells Fargo'] };
/** A regional task force: only calls whose caller ID maps to New York or New Jersey. */
export const SCOPE_STATES = { caller_state: ['NY', 'NJ'] };

export const SCOPES = { brand: SCOPE_BRAND, bank: SCOPE_BANK, states: SCOPE_STATES } as const;
export type KeyName = 'read' | keyof typeof SCOPES;

/** Live calls put through the ingest API (so "live right now" has an answer). */
export const LIVE_CALLS = 5;

export interface World {
  t: TestApp;
  app: FastifyInstance;
  orgId: string;
  keys: Record<KeyName, string>;
  calls: number;
}

async function scopedKey(app: FastifyInstance, orgId: string, name: string, scope: Record<string, readonly string[]>): Promise<string> {
  const res = await admin(app, 'POST', `/api/admin/orgs/${orgId}/keys`, { name, role: 'read', scope });
  if (res.statusCode !== 201) throw new Error(`scoped key ${name}: ${res.body}`);
  return res.json().key;
}

export async function buildWorld(): Promise<World> {
  // Rate limits raised: the truths page through every call, and the eval asks 200+ questions.
  const t = await testApp({ HONEYPOT_RATE_GENERAL: '1000000/60', HONEYPOT_RATE_AGENT: '1000000/60' }, { engine: 'duckdb' });
  t.setNow(NOW);
  const seed = await seedDemoOnce(t.app);
  if (!seed) throw new Error('demo seed did not run (store not empty?)');
  const keys: Record<KeyName, string> = {
    read: seed.readKey,
    brand: await scopedKey(t.app, seed.orgId, 'heldout-3 brand team', SCOPE_BRAND),
    bank: await scopedKey(t.app, seed.orgId, 'heldout-3 bank investigators', SCOPE_BANK),
    states: await scopedKey(t.app, seed.orgId, 'heldout-3 NY+NJ task force', SCOPE_STATES),
  };
  for (const s of generateLiveSessions(NOW, LIVE_CALLS, 2026)) {
    const { call_sid, ...body } = s;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/ingest/sessions/${encodeURIComponent(call_sid)}`,
      headers: { authorization: `Bearer ${seed.ingestKey}` },
      payload: body,
    });
    if (res.statusCode !== 204) throw new Error(`live session ${call_sid}: ${res.statusCode} ${res.body}`);
  }
  return { t, app: t.app, orgId: seed.orgId, keys, calls: seed.calls };
}
