// The `honeypot` command: organisations, keys, ingest and demo data, straight on the
// configured storage (stop an embedded server first: DuckDB allows one process per file).

import { createReadStream, createWriteStream, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import type { CallRecord } from './domain/call.js';
import { validateCallRecord } from './domain/ingestRecord.js';
import { parseScope } from './domain/scope.js';
import { generateCalls } from './demo/generate.js';
import { ApiError } from './errors.js';
import { keyJson, orgJson } from './features/admin/routes.js';
import { openStorage, type Storage } from './storage/index.js';
import { createKey, createOrg, getOrg, listKeys, listOrgs, revokeKey } from './storage/queries/orgs.js';
import { upsertCalls } from './storage/queries/upsertCalls.js';

const USAGE = `honeypot — Honeypot Intel command line

  honeypot migrate
  honeypot orgs create --name NAME [--tier free|pro]
  honeypot orgs list
  honeypot keys create --org ORG_ID --name NAME --role read|ingest [--scope JSON]
  honeypot keys list --org ORG_ID
  honeypot keys revoke KEY_ID
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
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let batch: CallRecord[] = [];
  let index = 0;
  const totals = { accepted: 0, created: 0, updated: 0, rejected: 0 };
  const rejections: string[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const r = await upsertCalls(s.db, orgId, batch);
    totals.accepted += batch.length;
    totals.created += r.created;
    totals.updated += r.updated;
    batch = [];
    progress(stream.bytesRead, size, totals.rejected);
  };
  for await (const line of lines) {
    if (!line.trim()) continue;
    let raw: unknown;
    let result;
    try {
      raw = JSON.parse(line);
      result = validateCallRecord(raw);
    } catch {
      result = { ok: false as const, call_sid: null, errors: [{ path: '(record)', message: 'is not valid JSON' }] };
    }
    if (result.ok) batch.push(result.record);
    else {
      totals.rejected++;
      if (rejections.length < 20) {
        rejections.push(`  #${index} ${result.call_sid ?? ''}: ${result.errors.map((e) => `${e.path} ${e.message}`).join('; ')}`);
      }
    }
    index++;
    if (batch.length >= 5000) await flush();
  }
  await flush();
  if (process.stderr.isTTY) process.stderr.write('\n');
  print(totals);
  if (rejections.length) console.error(`Rejected records (first ${rejections.length}):\n${rejections.join('\n')}`);
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
    let batch: CallRecord[] = [];
    const totals = { created: 0, updated: 0 };
    for (const rec of generateCalls(opts)) {
      const r = validateCallRecord(rec);
      if (r.ok) batch.push(r.record);
      if (batch.length >= 5000) {
        const u = await upsertCalls(s.db, orgId, batch);
        totals.created += u.created;
        totals.updated += u.updated;
        batch = [];
      }
    }
    const u = await upsertCalls(s.db, orgId, batch);
    print({ created: totals.created + u.created, updated: totals.updated + u.updated });
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
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [group, action, arg] = positionals;
  const cmd = [group, action].filter(Boolean).join(' ');
  if (values.help || !group) return console.log(USAGE);
  switch (group === 'ingest' || group === 'demo' || group === 'migrate' ? group : cmd) {
    case 'migrate':
      return withStorage(async () => console.log('Migrations applied.'));
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
          scope = parseScope(JSON.parse(values.scope));
        } catch (err) {
          fail(`--scope is not valid: ${err instanceof ApiError ? `${err.detail} ${JSON.stringify(err.errors ?? [])}` : 'not JSON'}`);
        }
      }
      return withStorage(async (s) => {
        const orgId = await requireOrg(s, values.org);
        const { record, secret } = await createKey(s.db, orgId, { name: values.name!, role: values.role as 'read', scope });
        print({ ...keyJson(record), key: secret });
      });
    }
    case 'keys list':
      return withStorage(async (s) => print({ items: (await listKeys(s.db, await requireOrg(s, values.org))).map(keyJson) }));
    case 'keys revoke':
      if (!arg && !action) fail('KEY_ID is required');
      return withStorage(async (s) => {
        if (!(await revokeKey(s.db, arg))) fail(`No key ${arg}`);
        console.log(`Revoked ${arg}.`);
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
