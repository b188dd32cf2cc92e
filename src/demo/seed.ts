// First start on an empty store: a pro demo org with 30 days of realistic calls, a read key
// printed once, and a few live sessions kept alive while the process runs.

import type { FastifyInstance } from 'fastify';
import { IngestRun } from '../features/ingest/ingestRun.js';
import { createKey, createOrg, listOrgs } from '../storage/queries/orgs.js';
import { generateCalls, generateLiveSessions } from './generate.js';

export const DEMO_ORG_NAME = 'Demo Honeypot';

export interface DemoSeed {
  orgId: string;
  orgName: string;
  readKey: string;
  ingestKey: string;
  calls: number;
}

export async function seedDemo(
  app: FastifyInstance,
  opts: { days?: number; callsPerDay?: number; seed?: number } = {},
): Promise<DemoSeed> {
  const { db } = app.deps.storage;
  const now = app.deps.now();
  const org = await createOrg(db, DEMO_ORG_NAME, 'pro');
  const read = await createKey(db, org.id, { name: 'demo read key', role: 'read', scope: null });
  const ingest = await createKey(db, org.id, { name: 'demo ingest key', role: 'ingest', scope: null });
  const run = await new IngestRun(db, org.id).addAll(
    generateCalls({ days: opts.days ?? 30, callsPerDay: opts.callsPerDay ?? 300, end: now, seed: opts.seed ?? 7 }),
  );
  const calls = run.created;
  return { orgId: org.id, orgName: org.name, readKey: read.secret, ingestKey: ingest.secret, calls };
}

/** Keeps a handful of demo calls "live" so the active-calls panel has something to show. */
export function simulateLiveSessions(app: FastifyInstance, orgId: string): () => void {
  const { sessions } = app.deps.storage;
  let round = 0;
  const refresh = async () => {
    const now = app.deps.now();
    const live = generateLiveSessions(now, 4 + (round % 3), 1000 + Math.floor(round / 10));
    round++;
    for (const s of live) {
      const { call_sid, ...input } = s;
      await sessions.put(orgId, call_sid, input, now.getTime());
    }
  };
  void refresh();
  const timer = setInterval(() => void refresh().catch(() => {}), 15_000);
  timer.unref();
  return () => clearInterval(timer);
}

/** Seeds on an empty store; with an existing demo org only the live sessions restart. */
export async function seedDemoIfEmpty(app: FastifyInstance): Promise<DemoSeed | null> {
  const orgs = await listOrgs(app.deps.storage.db);
  if (orgs.length === 0) {
    const seed = await seedDemo(app);
    const stop = simulateLiveSessions(app, seed.orgId);
    app.addHook('onClose', async () => stop());
    return seed;
  }
  const demoOrg = orgs.find((o) => o.name === DEMO_ORG_NAME);
  if (demoOrg) {
    const stop = simulateLiveSessions(app, demoOrg.id);
    app.addHook('onClose', async () => stop());
  }
  return null;
}
