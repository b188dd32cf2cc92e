// The `honeypot` command: organisations, keys, ingest and demo data, straight on the
// configured storage (stop an embedded server first: DuckDB allows one process per file).

import { createReadStream, createWriteStream, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { parseKeyScope } from './domain/scope.js';
import { generateCalls } from './demo/generate.js';
import { ApiError } from './errors.js';
import { keyJson, orgJson } from './features/admin/routes.js';
import { IngestRun } from './features/ingest/ingestRun.js';
import { openStorage, type Storage } from './storage/index.js';
import { rebuildRollups } from './storage/rollups/deltas.js';
import { rebuildIdentifiers } from './storage/campaigns/rebuild.js';
import { createKey, createOrg, getOrg, listKeys, listOrgs, revokeKey } from './storage/queries/orgs.js';
import { getRetention, RETENTION_BOUNDS, setRetention, type RetentionKind, type RetentionPolicy } from './storage/retention/policy.js';

const USAGE = `honeypot — Honeypot Intel command line

  honeypot migrate
  honeypot rollups rebuild        (PostgreSQL: recompute the rollups from the calls)
  honeypot campaigns rebuild [--org ORG_ID]   (recompute the calls' campaign identifiers)
  honeypot orgs create --name NAME [--tier free|pro]
  honeypot orgs list
  honeypot keys create --org ORG_ID --name NAME --role read|ingest [--scope JSON]
  honeypot keys list --org ORG_ID
  honeypot keys revoke KEY_ID
  honeypot retention show --org ORG_ID
  honeypot retention set --org ORG_ID [--calls DAYS] [--transcripts DAYS] [--webhooks DAYS]
                         [--agent-sessions DAYS] [--hourly-rollups DAYS]   (DAYS: a number, or 'unlimited')
  honeypot retention run          (apply every org's policy now; see docs/retention.md)
  honeypot ingest FILE.ndjson --org ORG_ID
  honeypot demo --days N [--per-day N] [--seed N] (--org ORG_ID | --out FILE.ndjson) [--no-transcripts]

Storage comes from the environment, as for the server (HONEYPOT_DATA_DIR or DATABASE_URL).`;

const print = (v: unknown) => console.log(JSON.stringify(v, null, 2));

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

async function withStorage<T>(fn: (s: Storage) => Promise<T>): Promise<T> {
  const storage = await openStorage(loadConfig()).catch((err: Error) =>
    fail(`Cannot open storage: ${err.message}${/lock/i.test(err.message) ? ' (is the server running on this data directory?)' : ''}`),
  );
  try {
    return await fn(storage);
  } finally {
    await storage.close();
  }
}

async function requireOrg(s: Storage, id: string | undefined) {
  if (!id) fail('--org ORG_ID is required');
  if (!(await getOrg(s.db, id))) fail(`No organisation ${id}`);
  return id;
}

function progress(done: number, total: number, rejected: number) {
  if (!process.stderr.isTTY) return;
  const pct = total ? Math.min(1, done / total) : 0;
  const bar = '#'.repeat(Math.round(pct * 30)).padEnd(30, '.');
  process.stderr.write(`\r[${bar}] ${(pct * 100).toFixed(0)}%  ${rejected} rejected`);
}

async function ingestFile(s: Storage, orgId: string, file: string) {
  const size = statSync(file).size;
  const stream = createReadStream(file);
  const run: IngestRun = new IngestRun(s.db, orgId, (): void => progress(stream.bytesRead, size, run.rejectedCount));
  await run.addNdjson(stream);
  if (process.stderr.isTTY) process.stderr.write('\n');
  print({ accepted: run.accepted, created: run.created, updated: run.updated, rejected: run.rejectedCount });
  const shown = run.rejected.slice(0, 20);
  if (shown.length) {
    const lines = shown.map((r) => `  #${r.index} ${r.call_sid ?? ''}: ${r.errors.map((e) => `${e.path} ${e.message}`).join('; ')}`);
    console.error(`Rejected records (first ${shown.length}):\n${lines.join('\n')}`);
  }
}

/** CLI option → policy field. */
const RETENTION_OPTIONS: Record<string, RetentionKind> = {
  calls: 'calls_days',
  transcripts: 'transcripts_days',
  webhooks: 'webhooks_days',
  'agent-sessions': 'agent_sessions_days',
  'hourly-rollups': 'hourly_rollups_days',
};

/** The policy fields given as options, each checked against its bounds (exits on a bad one). */
function retentionPatch(values: Record<string, string | boolean | undefined>): Partial<RetentionPolicy> {
  const patch: Partial<Record<RetentionKind, number | null>> = {};
  for (const [option, kind] of Object.entries(RETENTION_OPTIONS)) {
    const raw = values[option];
    if (raw === undefined) continue;
    const b = RETENTION_BOUNDS[kind];
    if (raw === 'unlimited' && b.nullable) patch[kind] = null;
    else if (typeof raw === 'string' && /^\d+$/.test(raw) && Number(raw) >= b.min && Number(raw) <= b.max) patch[kind] = Number(raw);
    else fail(`--${option} must be a whole number of days from ${b.min} to ${b.max}${b.nullable ? " or 'unlimited'" : ''}`);
  }
  if (Object.keys(patch).length === 0)
    fail(
      `retention set needs at least one of ${Object.keys(RETENTION_OPTIONS)
        .map((o) => `--${o}`)
        .join(', ')}`,
    );
  return patch as Partial<RetentionPolicy>;
}

async function demo(values: Record<string, string | boolean | undefined>) {
  const days = Number(values.days ?? 30);
  const perDay = Number(values['per-day'] ?? 300);
  if (!(days > 0 && days <= 400) || !(perDay > 0)) fail('--days must be 1–400 and --per-day positive');
  const opts = {
    days,
    callsPerDay: perDay,
    end: new Date(),
    seed: values.seed ? Number(values.seed) : undefined,
    transcripts: !values['no-transcripts'],
  };
  if (values.out) {
    const out = createWriteStream(String(values.out));
    let n = 0;
    for (const rec of generateCalls(opts)) {
      if (!out.write(`${JSON.stringify(rec)}\n`)) await new Promise<void>((r) => out.once('drain', () => r()));
      n++;
    }
    await new Promise<void>((r) => out.end(() => r()));
    print({ written: n, file: values.out });
    return;
  }
  await withStorage(async (s) => {
    const orgId = await requireOrg(s, values.org as string | undefined);
    const run = await new IngestRun(s.db, orgId).addAll(generateCalls(opts));
    print({ created: run.created, updated: run.updated });
  });
}

async function main(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      tier: { type: 'string' },
      org: { type: 'string' },
      role: { type: 'string' },
      scope: { type: 'string' },
      days: { type: 'string' },
      'per-day': { type: 'string' },
      seed: { type: 'string' },
      out: { type: 'string' },
      'no-transcripts': { type: 'boolean' },
      calls: { type: 'string' },
      transcripts: { type: 'string' },
      webhooks: { type: 'string' },
      'agent-sessions': { type: 'string' },
      'hourly-rollups': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [group, action, arg] = positionals;
  const cmd = [group, action].filter(Boolean).join(' ');
  if (values.help || !group) return console.log(USAGE);
  switch (group === 'ingest' || group === 'demo' || group === 'migrate' ? group : cmd) {
    case 'migrate':
      return withStorage(async () => console.log('Migrations applied.'));
    case 'rollups rebuild':
      return withStorage(async (s) =>
        console.log(
          (await rebuildRollups(s.db)) ? 'Rollups rebuilt from the calls.' : 'This engine keeps no rollups (DuckDB reads the calls).',
        ),
      );
    case 'campaigns rebuild':
      return withStorage(async (s) => {
        const orgId = values.org === undefined ? undefined : await requireOrg(s, values.org);
        const r = await rebuildIdentifiers(s.db, orgId);
        console.log(`Campaign identifiers rebuilt: ${r.identifiers} identifiers of ${r.calls} calls in ${r.orgs} organisation(s).`);
      });
    case 'orgs create': {
      const tier = values.tier ?? 'free';
      if (!values.name) fail('--name is required');
      if (tier !== 'free' && tier !== 'pro') fail('--tier must be free or pro');
      return withStorage(async (s) => print(orgJson(await createOrg(s.db, values.name!, tier))));
    }
    case 'orgs list':
      return withStorage(async (s) => print({ items: (await listOrgs(s.db)).map(orgJson) }));
    case 'keys create': {
      if (!values.name) fail('--name is required');
      if (values.role !== 'read' && values.role !== 'ingest') fail('--role must be read or ingest');
      let scope = null;
      if (values.scope) {
        try {
          scope = parseKeyScope(values.role, JSON.parse(values.scope), '--scope');
        } catch (err) {
          fail(`--scope is not valid: ${err instanceof ApiError ? `${err.detail} ${JSON.stringify(err.errors ?? [])}` : 'not JSON'}`);
        }
      }
      return withStorage(async (s) => {
        const orgId = await requireOrg(s, values.org);
        const { record, secret } = await createKey(s.db, orgId, { name: values.name!, role: values.role as 'read' | 'ingest', scope });
        print({ ...keyJson(record), key: secret });
      });
    }
    case 'keys list':
      return withStorage(async (s) => print({ items: (await listKeys(s.db, await requireOrg(s, values.org))).map(keyJson) }));
    case 'keys revoke':
      if (!arg) fail(`KEY_ID is required\n\n${USAGE}`);
      return withStorage(async (s) => {
        if (!(await revokeKey(s.db, arg))) fail(`No key ${arg}`);
        // Running servers cache keys: tell them (server mode with REDIS_URL; a no-op otherwise).
        await s.keyEvents.publish();
        console.log(`Revoked ${arg}.`);
      });
    case 'retention show':
      return withStorage(async (s) => print(await getRetention(s.db, await requireOrg(s, values.org))));
    case 'retention set': {
      const patch = retentionPatch(values);
      return withStorage(async (s) => print(await setRetention(s.db, await requireOrg(s, values.org), patch, Date.now())));
    }
    case 'retention run':
      return withStorage(async (s) => {
        // The CLI's clock is the system's; failures are printed and make the exit status 1.
        let failed = false;
        s.retention.attach(
          () => Date.now(),
          {
            deleted: () => {},
            failed: (err, orgId, kind) => {
              failed = true;
              console.error(
                `retention failed (org ${orgId ?? '-'}, ${kind ?? 'run'}): ${err instanceof Error ? err.message : String(err)}`,
              );
            },
          },
          0,
        );
        print(await s.retention.run());
        if (failed) process.exitCode = 1;
      });
    case 'ingest':
      if (!action) fail('FILE is required');
      return withStorage(async (s) => ingestFile(s, await requireOrg(s, values.org), action));
    case 'demo':
      return demo(values);
    default:
      fail(`Unknown command "${cmd}".\n\n${USAGE}`);
  }
}

main(process.argv.slice(2)).catch((err) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
