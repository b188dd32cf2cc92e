// The world of a held-out eval, parametrised by its clock, its seed and its keys: the real app
// (same factory as production, DuckDB engine) with the demo org and seeded demo data at a fixed
// clock, the demo read key, scoped read keys, a few live calls put through the ingest API, and
// the app listening on a loopback port so that the agent is asked over HTTP. Nothing here reads
// the agent. Shared by eval/heldout-4 and eval/heldout-5.

import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { CallRecord } from '../../src/domain/call.js';
import { validateCallRecord } from '../../src/domain/ingestRecord.js';
import { generateCalls, generateLiveSessions } from '../../src/demo/generate.js';
import { DEMO_ORG_NAME, seedDemoOnce } from '../../src/demo/seed.js';
import { createKey, createOrg, whenNoOrgs } from '../../src/storage/queries/orgs.js';
import { ingestBatchSize, prepareCalls, storeCalls } from '../../src/storage/queries/upsertCalls.js';
import { admin, testApp, type TestApp } from '../../test/helpers/app.js';

export type Scope = Record<string, readonly string[]>;

export interface WorldSpec<K extends string> {
  /** The fixed clock: every truth and every question is read at this instant. */
  now: Date;
  /** Scoped read keys: name → [key label, scope]. */
  scopes: Record<K, readonly [string, Scope]>;
  /** Live calls put through the ingest API (so "live right now" has an answer), and their seed. */
  live: { count: number; seed: number };
  /**
   * The demo data. Absent: the demo seed itself (seedDemoOnce: 30 days × 300 calls, seed 7).
   * Present: the demo org, keys and generator (crews on) with these days, calls per day and seed,
   * stored as the demo seed stores them.
   */
  demo?: { days: number; callsPerDay: number; seed: number };
}

export interface World<K extends string> {
  t: TestApp;
  app: FastifyInstance;
  /** The loopback origin the agent is asked on (http://127.0.0.1:port). */
  origin: string;
  orgId: string;
  keys: Record<'read' | K, string>;
  calls: number;
}

interface Seeded {
  orgId: string;
  readKey: string;
  ingestKey: string;
  calls: number;
}

/** The demo org as seedDemoOnce makes it, with the demo data of `demo`. */
async function seedDemoWith(app: FastifyInstance, demo: NonNullable<WorldSpec<string>['demo']>): Promise<Seeded> {
  const { db } = app.deps.storage;
  const claimed = await whenNoOrgs(db, async (tx) => {
    const org = await createOrg(tx, DEMO_ORG_NAME, 'pro');
    const read = await createKey(tx, org.id, { name: 'demo read key', role: 'read', scope: null });
    const ingest = await createKey(tx, org.id, { name: 'demo ingest key', role: 'ingest', scope: null });
    return { org, read, ingest };
  });
  if (!claimed) throw new Error('demo seed did not run (store not empty?)');
  const size = ingestBatchSize(db);
  let batch: CallRecord[] = [];
  let calls = 0;
  const flush = async () => {
    if (batch.length) calls += (await storeCalls(db, prepareCalls(db, claimed.org.id, batch))).created;
    batch = [];
  };
  for (const raw of generateCalls({ ...demo, end: app.deps.now(), crews: true })) {
    const r = validateCallRecord(raw);
    if (!r.ok) throw new Error(`demo record ${r.call_sid}: ${JSON.stringify(r.errors)}`);
    batch.push(r.record);
    if (batch.length >= size) await flush();
  }
  await flush();
  return { orgId: claimed.org.id, readKey: claimed.read.secret, ingestKey: claimed.ingest.secret, calls };
}

async function scopedKey(app: FastifyInstance, orgId: string, name: string, scope: Scope): Promise<string> {
  const res = await admin(app, 'POST', `/api/admin/orgs/${orgId}/keys`, { name, role: 'read', scope });
  if (res.statusCode !== 201) throw new Error(`scoped key ${name}: ${res.body}`);
  return res.json().key;
}

/** `listen`: also serve on a loopback port (the runner asks the agent over HTTP). */
export async function buildWorld<K extends string>(spec: WorldSpec<K>, opts: { listen: boolean }): Promise<World<K>> {
  // Rate limits raised: the truths page through every call, and the eval asks 200+ questions.
  const t = await testApp({ HONEYPOT_RATE_GENERAL: '1000000/60', HONEYPOT_RATE_AGENT: '1000000/60' }, { engine: 'duckdb' });
  t.setNow(spec.now);
  let seed: Seeded;
  if (spec.demo) seed = await seedDemoWith(t.app, spec.demo);
  else {
    const s = await seedDemoOnce(t.app);
    if (!s) throw new Error('demo seed did not run (store not empty?)');
    seed = s;
  }
  const keys = { read: seed.readKey } as Record<'read' | K, string>;
  for (const [name, [label, scope]] of Object.entries(spec.scopes) as [K, readonly [string, Scope]][]) {
    keys[name] = await scopedKey(t.app, seed.orgId, label, scope);
  }
  for (const s of generateLiveSessions(spec.now, spec.live.count, spec.live.seed)) {
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
