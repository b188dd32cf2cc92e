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

type SeedOptions = { days?: number; callsPerDay?: number; seed?: number };

export async function seedDemo(app: FastifyInstance, opts: SeedOptions = {}): Promise<DemoSeed> {
  return (await seedDemoOrg(app, opts, false)) as DemoSeed;
}

// Any constant shared by every instance: the key of the advisory lock around the demo claim.
const DEMO_SEED_LOCK = 726_517_003;

/**
 * Creates the demo org and its keys, then its calls. With `onlyIfEmpty` the org is created
 * only on a store without orgs, decided in one transaction that holds an advisory lock on
 * PostgreSQL: of several instances starting together on an empty database, one seeds and the
 * others find its org. Returns null when the store was not empty.
 */
async function seedDemoOrg(app: FastifyInstance, opts: SeedOptions, onlyIfEmpty: boolean): Promise<DemoSeed | null> {
  const { db } = app.deps.storage;
  const now = app.deps.now();
  const claimed = await db.tx(async (tx) => {
    if (tx.dialect === 'postgres') await tx.run('SELECT pg_advisory_xact_lock($1)', [DEMO_SEED_LOCK]);
    if (onlyIfEmpty && (await listOrgs(tx)).length > 0) return null;
    const org = await createOrg(tx, DEMO_ORG_NAME, 'pro');
    const read = await createKey(tx, org.id, { name: 'demo read key', role: 'read', scope: null });
    const ingest = await createKey(tx, org.id, { name: 'demo ingest key', role: 'ingest', scope: null });
    return { org, read, ingest };
  });
  if (!claimed) return null;
  const { org, read, ingest } = claimed;
  const run = await new IngestRun(db, org.id).addAll(
    generateCalls({ days: opts.days ?? 30, callsPerDay: opts.callsPerDay ?? 300, end: now, seed: opts.seed ?? 7 }),
  );
  const calls = run.created;
  return { orgId: org.id, orgName: org.name, readKey: read.secret, ingestKey: ingest.secret, calls };
}

/** Seeds the demo only on a store without orgs (see seedDemoOrg); null when it had some. */
export const seedDemoOnce = (app: FastifyInstance): Promise<DemoSeed | null> => seedDemoOrg(app, {}, true);

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
