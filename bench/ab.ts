// A/B benchmark: the overview's storage reads of this checkout against the same reads of an
// earlier commit, in one process over one store, taking turns call by call, so that the
// machine's load (which moves single runs of `npm run bench -- kpis` by 7–56 %) weighs on both
// alike. Each preset should stay within 10 % of the endpoint it replaced (docs/benchmarks.md): this prints
// the p50 of both and their ratio per figure and window, repeated in rounds.
//
//   BENCH_BEFORE=/path/to/checkout-of-the-earlier-commit npm run bench -- ab
//
// The earlier checkout needs its own node_modules (a link to this one's is enough); its storage
// functions are imported from there and handed this checkout's open database, whose calls
// table they read as they did then (the columns they use have not changed).

import { existsSync, mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../src/config.js';
import { generateCalls } from '../src/demo/generate.js';
import type { Principal } from '../src/domain/principal.js';
import type { Window } from '../src/domain/window.js';
import { IngestRun } from '../src/features/ingest/ingestRun.js';
import type { Db } from '../src/storage/db.js';
import { openStorage } from '../src/storage/index.js';
import { createOrg } from '../src/storage/queries/orgs.js';
import { benchDatabase } from './database.js';

type Read = (db: Db, principal: Principal, w: Window) => Promise<unknown>;
interface Figure {
  name: string;
  /** Module under src/storage/queries/ and how to call its read. */
  module: string;
  read: (mod: Record<string, (...args: unknown[]) => Promise<unknown>>) => Read;
  /** Longest window it answers (arrivals: 10,000 quarter hours). */
  maxDays?: number;
}

const FIGURES: Figure[] = [
  { name: 'summary', module: 'summary', read: (m) => (db, p, w) => m.summary(db, p, w) },
  { name: 'timeseries (calls/day)', module: 'timeseries', read: (m) => (db, p, w) => m.timeseries(db, p, w, 'calls', 'day') },
  { name: 'topn (brand)', module: 'topn', read: (m) => (db, p, w) => m.topn(db, p, w, 'impersonated_brand', 10) },
  { name: 'arrivals', module: 'arrivals', read: (m) => (db, p, w) => m.arrivals(db, p, w), maxDays: 30 },
  { name: 'attacker-geo', module: 'geo', read: (m) => (db, p, w) => m.attackerGeo(db, p, w) },
  { name: 'disconnect-breakdown', module: 'disconnects', read: (m) => (db, p, w) => m.disconnectBreakdown(db, p, w) },
];
const WINDOWS: [string, number][] = [
  ['24h', 86_400_000],
  ['7d', 7 * 86_400_000],
  ['30d', 30 * 86_400_000],
  ['365d', 365 * 86_400_000],
];
const WARMUP = 10;
const PAIRS = Number(process.env.BENCH_AB_PAIRS ?? 41);
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 3);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(1));

async function timed(f: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await f();
  return performance.now() - t;
}

export async function benchAb(total: number): Promise<void> {
  const before = process.env.BENCH_BEFORE;
  if (!before || !existsSync(path.join(before, 'src/storage/queries'))) {
    console.error('BENCH_BEFORE must name a checkout of the earlier commit (with node_modules), e.g. from `git worktree add`.');
    process.exit(2);
  }
  const database = await benchDatabase();
  const config = loadConfig({
    HONEYPOT_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'honeypot-bench-ab-')),
    HONEYPOT_DEMO: '0',
    HONEYPOT_REDIS_PREFIX: `honeypot-bench-ab-${process.pid}:`,
    ...database.env,
  });
  const storage = await openStorage(config);
  try {
    const now = new Date();
    const org = await createOrg(storage.db, 'bench', 'pro');
    const principal: Principal = { orgId: org.id, tier: 'pro', keyId: 'bench', role: 'read', scope: null };
    await new IngestRun(storage.db, org.id).addAll(
      generateCalls({ days: 365, callsPerDay: total / 365, end: now, seed: 7, transcripts: false }),
    );
    await storage.db.run(storage.db.dialect === 'postgres' ? 'VACUUM ANALYZE' : 'CHECKPOINT');

    const load = async (root: string, module: string) =>
      (await import(pathToFileURL(path.join(root, 'src/storage/queries', `${module}.ts`)).href)) as Record<
        string,
        (...args: unknown[]) => Promise<unknown>
      >;
    const here = path.resolve(import.meta.dirname, '..');
    console.log(
      `\nA/B over ${total.toLocaleString('en-US')} calls, ${storage.db.dialect}: this checkout (B) against ${before} (A), ` +
        `${ROUNDS} rounds of ${PAIRS} alternating pairs per row (p50 ms; B/A), load ${loadavg()
          .map((x) => x.toFixed(1))
          .join(' ')}\n`,
    );
    console.log(
      '| figure | window | ' + Array.from({ length: ROUNDS }, (_, i) => `round ${i + 1} A / B (B/A)`).join(' | ') + ' | median B/A |',
    );
    console.log('|---|---|' + '---:|'.repeat(ROUNDS + 1));
    let shift = 0;
    // BENCH_AB_ONLY=arrivals,summary: those figures only.
    const only = process.env.BENCH_AB_ONLY?.split(',');
    for (const figure of FIGURES.filter((f) => !only || only.some((o) => f.name.startsWith(o)))) {
      const a = figure.read(await load(before, figure.module));
      const b = figure.read(await load(here, figure.module));
      for (const [label, span] of WINDOWS.filter(([, span]) => span <= (figure.maxDays ?? 365) * 86_400_000)) {
        // Each call ends a little later than the one before, so no cache answers it.
        const windowAt = () => {
          const end = new Date(now.getTime() - (shift += 137_000));
          return { start: new Date(end.getTime() - span), end, label };
        };
        for (let i = 0; i < WARMUP; i++) {
          await a(storage.db, principal, windowAt());
          await b(storage.db, principal, windowAt());
        }
        const cells: string[] = [];
        const ratios: number[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          const ta: number[] = [];
          const tb: number[] = [];
          for (let i = 0; i < PAIRS; i++) {
            // Alternate who goes first: the second of a pair may find the first's pages warm.
            const w = windowAt();
            if (i % 2) {
              ta.push(await timed(() => a(storage.db, principal, w)));
              tb.push(await timed(() => b(storage.db, principal, w)));
            } else {
              tb.push(await timed(() => b(storage.db, principal, w)));
              ta.push(await timed(() => a(storage.db, principal, w)));
            }
          }
          const ratio = median(tb) / median(ta);
          ratios.push(ratio);
          cells.push(`${ms(median(ta))} / ${ms(median(tb))} (${ratio.toFixed(2)})`);
        }
        console.log(`| ${figure.name} | ${label} | ${cells.join(' | ')} | ${median(ratios).toFixed(2)} |`);
      }
    }
    console.log(
      `\nload after: ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await storage.close();
    await database.drop();
  }
}
