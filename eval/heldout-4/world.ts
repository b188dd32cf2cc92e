// The world of the fourth held-out eval: the real app (same factory as production, DuckDB
// engine) with the demo org and its seeded demo data at a fixed clock of its own (not the
// clock of the earlier sets, so the figures are new), the demo read key, three scoped read
// keys, a few live calls, and the app listening on a loopback port so that the agent is asked
// over HTTP. Nothing here reads the agent.

import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { generateLiveSessions } from '../../src/demo/generate.js';
import { seedDemoOnce } from '../../src/demo/seed.js';
import { admin, testApp, type TestApp } from '../../test/helpers/app.js';

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

export const SCOPES = { lures: SCOPE_LURES, personas: SCOPE_PERSONAS, west: SCOPE_WEST } as const;
export type KeyName = 'read' | keyof typeof SCOPES;

/** Live calls put through the ingest API (so "live right now" has an answer). */
export const LIVE_CALLS = 6;

export interface World {
  t: TestApp;
  app: FastifyInstance;
  /** The loopback origin the agent is asked on (http://127.0.0.1:port). */
  origin: string;
  orgId: string;
  keys: Record<KeyName, string>;
  calls: number;
}

async function scopedKey(app: FastifyInstance, orgId: string, name: string, scope: Record<string, readonly string[]>): Promise<string> {
  const res = await admin(app, 'POST', `/api/admin/orgs/${orgId}/keys`, { name, role: 'read', scope });
  if (res.statusCode !== 201) throw new Error(`scoped key ${name}: ${res.body}`);
  return res.json().key;
}

/** `listen`: also serve on a loopback port (the runner asks the agent over HTTP). */
export async function buildWorld(opts: { listen: boolean }): Promise<World> {
  // Rate limits raised: the truths page through every call, and the eval asks 200+ questions.
  const t = await testApp({ HONEYPOT_RATE_GENERAL: '1000000/60', HONEYPOT_RATE_AGENT: '1000000/60' }, { engine: 'duckdb' });
  t.setNow(NOW);
  const seed = await seedDemoOnce(t.app);
  if (!seed) throw new Error('demo seed did not run (store not empty?)');
  const keys: Record<KeyName, string> = {
    read: seed.readKey,
    lures: await scopedKey(t.app, seed.orgId, 'heldout-4 tech-support desk', SCOPE_LURES),
    personas: await scopedKey(t.app, seed.orgId, 'heldout-4 two personas', SCOPE_PERSONAS),
    west: await scopedKey(t.app, seed.orgId, 'heldout-4 west coast', SCOPE_WEST),
  };
  for (const s of generateLiveSessions(NOW, LIVE_CALLS, 4041)) {
    const { call_sid, ...body } = s;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/ingest/sessions/${encodeURIComponent(call_sid)}`,
      headers: { authorization: `Bearer ${seed.ingestKey}` },
      payload: body,
    });
    if (res.statusCode !== 204) throw new Error(`live session ${call_sid}: ${res.statusCode} ${res.body}`);
  }
  let origin = '';
  if (opts.listen) {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }
  return { t, app: t.app, origin, orgId: seed.orgId, keys, calls: seed.calls };
}
