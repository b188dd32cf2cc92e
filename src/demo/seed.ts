// First start on an empty store: a pro demo org with 30 days of realistic calls, a read key
// printed once, and a few live sessions kept alive while the process runs.

import type { FastifyInstance } from 'fastify';
import type { CallRecord } from '../domain/call.js';
import { validateCallRecord } from '../domain/ingestRecord.js';
import type { Db } from '../storage/db.js';
import { createKey, createOrg, listOrgs, whenNoOrgs } from '../storage/queries/orgs.js';
import { ingestBatchSize, prepareCalls, storeCalls } from '../storage/queries/upsertCalls.js';
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
  const calls = await storeDemoCalls(db, org.id, generateCalls({ days: 30, callsPerDay: 300, end: now, seed: 7, crews: true }));
  return { orgId: org.id, orgName: org.name, readKey: read.secret, ingestKey: ingest.secret, calls };
}

/**
 * Stores generated records as ingest stores them (validated into call records, written by the
 * storage layer in ingest-sized batches); returns how many calls were created. The demo sits
 * below the features, so it does not use the ingest route's IngestRun; a generated record
 * that fails validation is a bug of the generator, hence thrown.
 */
async function storeDemoCalls(db: Db, orgId: string, records: Iterable<unknown>): Promise<number> {
  const size = ingestBatchSize(db);
  let batch: CallRecord[] = [];
  let created = 0;
  const flush = async () => {
    if (batch.length) created += (await storeCalls(db, prepareCalls(db, orgId, batch))).created;
    batch = [];
  };
  for (const raw of records) {
    const result = validateCallRecord(raw);
    if (!result.ok) throw new Error(`demo record ${result.call_sid}: ${JSON.stringify(result.errors)}`);
    batch.push(result.record);
    if (batch.length >= size) await flush();
  }
  await flush();
  return created;
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
