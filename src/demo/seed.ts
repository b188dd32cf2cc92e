// First start on an empty store: a pro demo org with 30 days of realistic calls, a read key
// printed once, and a few live sessions kept alive while the process runs.

import type { FastifyInstance } from 'fastify';
import { IngestRun } from '../features/ingest/ingestRun.js';
import { createKey, createOrg, listOrgs, whenNoOrgs } from '../storage/queries/orgs.js';
import { generateCalls, generateLiveSessions } from './generate.js';

export const DEMO_ORG_NAME = 'Demo Honeypot';

export interface DemoSeed {
  orgId: string;
  orgName: string;
  readKey: string;
  ingestKey: string;
  calls: number;
}

/**
 * Creates the demo org and its keys, then its calls, only on a store without orgs (decided
 * once among instances starting together: see whenNoOrgs). Null when the store had orgs.
 */
export async function seedDemoOnce(app: FastifyInstance): Promise<DemoSeed | null> {
  const { db } = app.deps.storage;
  const now = app.deps.now();
  const claimed = await whenNoOrgs(db, async (tx) => {
    const org = await createOrg(tx, DEMO_ORG_NAME, 'pro');
    const read = await createKey(tx, org.id, { name: 'demo read key', role: 'read', scope: null });
    const ingest = await createKey(tx, org.id, { name: 'demo ingest key', role: 'ingest', scope: null });
    return { org, read, ingest };
  });
  if (!claimed) return null;
  const { org, read, ingest } = claimed;
  const run = await new IngestRun(db, org.id).addAll(generateCalls({ days: 30, callsPerDay: 300, end: now, seed: 7 }));
  return { orgId: org.id, orgName: org.name, readKey: read.secret, ingestKey: ingest.secret, calls: run.created };
}

/** Keeps a handful of demo calls "live" so the active-calls panel has something to show. */
function simulateLiveSessions(app: FastifyInstance, orgId: string): () => void {
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
  const seed = await seedDemoOnce(app);
  if (seed) {
    const stop = simulateLiveSessions(app, seed.orgId);
    app.addHook('onClose', async () => stop());
    return seed;
  }
  const demoOrg = (await listOrgs(app.deps.storage.db)).find((o) => o.name === DEMO_ORG_NAME);
  if (demoOrg) {
    const stop = simulateLiveSessions(app, demoOrg.id);
    app.addHook('onClose', async () => stop());
  }
  return null;
}
