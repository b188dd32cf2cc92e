// Runs the test files under test/ with Node's test runner (TypeScript through tsx), in two passes
// side by side (see the groups below):
//   1. embedded mode (DuckDB): every file except test/server/;
//   2. server mode (HONEYPOT_TEST_ENGINE=postgres: PostgreSQL + Redis): the files that build
//      apps through testApp (test/helpers/app.ts, also via the agent's setup), and test/server/,
//      except ONE_ENGINE: files whose subject does not depend on the engine.
// Tiers: `npm test` runs every file outside test/stress/; `npm run test:stress` (this script
// with --stress) runs test/stress/ only: hundreds of MB per request, long fuzzing.
// Without a reachable PostgreSQL or Redis the second pass is skipped with a notice, except
// with CI=true, where that is a failure. The exit code is non-zero when either pass fails.
// The closing lines: the slowest files, the runner's summary lines totalled over both passes,
// and the total wall time. Each run records its files' times in test/artifacts/durations.json;
// the next run splits the files into groups of equal time by them (a fresh clone by
// scripts/test-times.json).
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';

const PG_ADMIN_URL = process.env.HONEYPOT_TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.HONEYPOT_TEST_REDIS_URL || 'redis://127.0.0.1:6379/0';

function find(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return name === 'artifacts' ? [] : find(p);
    return p.endsWith('.test.ts') ? [p] : [];
  });
}

const under = (dir) => (f) => path.normalize(f).startsWith(path.join('test', dir) + path.sep);
const isServerTest = under('server');
const isStressTest = under('stress');
/** A file that builds apps through testApp (test/helpers/app.ts), itself or through another helper there. */
const buildsTestApps = (f) => {
  const text = readFileSync(f, 'utf8');
  if (/helpers\/app\.js|from '\.\/(setup|evalSuite)\.js'/.test(text)) return true;
  const helpers = [...text.matchAll(/from '(\.\.\/helpers\/[\w-]+)\.js'/g)].map((m) => path.join(path.dirname(f), `${m[1]}.ts`));
  return helpers.some((h) => /from '\.\/app\.js'/.test(readFileSync(h, 'utf8')));
};

/**
 * Files that build apps but whose subject is the same on either engine: they run in the
 * embedded pass only. The agent's question suites test how questions are read and answered;
 * the tools' SQL runs on both engines in test/agent/tools.test.ts, and a sample of the live
 * eval's questions is asked end to end on each engine by test/agent/live/engines.test.ts.
 * The OpenAPI document is built from the route schemas alone, whatever the engine.
 */
const ONE_ENGINE = new Set(
  [
    'test/agent/eval.test.ts',
    'test/agent/classes.test.ts',
    'test/agent/analystClasses.test.ts',
    'test/agent/casualFrames.test.ts',
    'test/agent/failureClasses.test.ts',
    'test/agent/namedDays.test.ts',
    'test/agent/questionClasses.test.ts',
    'test/agent/unseenClasses.test.ts',
    'test/agent/live/live.test.ts',
    'test/api/openapi.test.ts',
  ].map(path.normalize),
);

const DURATIONS = path.join('test', 'artifacts', 'durations.json');
/**
 * Each file's time as a fresh-clone run measured it (scripts/test-times.json, copied from a
 * run's durations.json): a new checkout groups by it. A run's own record, once there, wins.
 */
const MEASURED = path.join('scripts', 'test-times.json');
const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
};
const readDurations = () => readJson(DURATIONS);

/** A file's expected time in this pass: as this checkout's last run recorded it, else as measured, else a few seconds. */
function weightOf(pass) {
  const recorded = { ...(readJson(MEASURED)[pass] ?? {}), ...(readDurations()[pass] ?? {}) };
  return (f) => recorded[path.normalize(f).split(path.sep).join('/')] ?? recorded[path.normalize(f)] ?? 3000;
}

/**
 * The files in `k` groups of about equal expected time (longest first, each to the lightest
 * group), each group longest first.
 */
function groupsOf(files, pass, k) {
  const weight = weightOf(pass);
  const groups = Array.from({ length: Math.min(k, files.length) }, () => ({ files: [], ms: 0 }));
  for (const f of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const g = groups.reduce((min, x) => (x.ms < min.ms ? x : min));
    g.files.push(f);
    g.ms += weight(f);
  }
  return groups.map((g) => g.files);
}

/**
 * Where a group's apps log their errors (test/helpers/app.ts): the tests run the app without
 * logs, so a failure that showed only as a 500 left no cause (a CI run once had every
 * POST /api/query of one app answer 500 from one query on). A group that fails prints its last lines.
 */
const serverErrorLog = (tag) => path.join(path.dirname(DURATIONS), `server-errors-${tag}.log`);
const ERROR_LINES_SHOWN = 40;

function serverErrorsOf(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return '';
  }
  const lines = text.trimEnd().split('\n').filter(Boolean);
  if (!lines.length) return '';
  const shown = lines.slice(-ERROR_LINES_SHOWN).map((l) => `  ${l.slice(0, 2000)}`);
  return `\n--- the apps' error log of this group (${lines.length} lines, the last ${shown.length}; ${file}) ---\n${shown.join('\n')}\n`;
}

const SUMMARY_KEYS = ['tests', 'suites', 'pass', 'fail', 'cancelled', 'skipped', 'todo', 'duration_ms'];

/**
 * Runs the runner on `files` (in one process with `shared`, else a process per file) and
 * resolves with its exit code, summary numbers, each file's time and, when `echo` is off, its
 * output.
 */
function runRunner(files, env, { tag, shared, echo }) {
  mkdirSync(path.dirname(DURATIONS), { recursive: true });
  const timesFile = path.join(path.dirname(DURATIONS), `durations-${tag}.tmp.json`);
  const errorLog = serverErrorLog(tag);
  rmSync(errorLog, { force: true });
  const reporters = ['--test-reporter=spec', '--test-reporter-destination=stdout'];
  reporters.push(`--test-reporter=${path.resolve('scripts/fileDurations.mjs')}`, `--test-reporter-destination=${timesFile}`);
  const mode = shared ? ['--test-isolation=none', '--test-force-exit'] : ['--test-concurrency=1'];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--test', ...reporters, ...mode, ...files], {
      stdio: ['inherit', 'pipe', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HONEYPOT_TEST_ERROR_LOG: errorLog,
        ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}),
        ...env,
      },
    });
    // All of it is kept: the summary comes after the failure list, which can be long.
    const chunks = [];
    child.stdout.on('data', (chunk) => {
      if (echo) process.stdout.write(chunk);
      chunks.push(chunk);
    });
    child.on('close', (code, signal) => {
      const summary = {};
      const plain = Buffer.concat(chunks)
        .toString('utf8')
        // eslint-disable-next-line no-control-regex -- colour codes of the runner's output
        .replace(/\x1b\[[0-9;]*m/g, '');
      for (const key of SUMMARY_KEYS) {
        const m = new RegExp(`^ℹ ${key} ([\\d.]+)$`, 'm').exec(plain);
        summary[key] = m ? Number(m[1]) : 0;
      }
      let times = {};
      try {
        const absolute = JSON.parse(readFileSync(timesFile, 'utf8'));
        times = Object.fromEntries(Object.entries(absolute).map(([file, ms]) => [path.relative(process.cwd(), file), ms]));
      } catch {
        /* the runner ended before its reporters did: no times this pass */
      }
      const failed = code !== 0 || signal;
      const errors = failed ? serverErrorsOf(errorLog) : '';
      if (errors && echo) process.stdout.write(errors);
      resolve({ code: code ?? (signal ? 1 : 0), summary, times, output: echo ? null : Buffer.concat([...chunks, Buffer.from(errors)]) });
    });
  });
}

/**
 * Files that measure latency as a ratio within one run (one tenant's load against another's
 * requests): they run after the others, one at a time, so another test file's work on the
 * same 2 cores is not in their measurement.
 */
const SOLO = new Set(['test/security/fairness.test.ts', 'test/stress/retentionLoad.test.ts'].map(path.normalize));

const isSolo = (f) => SOLO.has(path.normalize(f));

/** Summaries and times of the runs of one pass, added up. */
function passOf(runs) {
  const summary = Object.fromEntries(SUMMARY_KEYS.map((k) => [k, runs.reduce((n, r) => n + r.summary[k], 0)]));
  return { code: runs.some((r) => r.code !== 0) ? 1 : 0, summary, times: Object.assign({}, ...runs.map((r) => r.times)) };
}

async function serverModeUnavailable() {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (err) {
    return `PostgreSQL unreachable at ${PG_ADMIN_URL} (${err.message || err.code || err})`;
  } finally {
    await client.end().catch(() => {});
  }
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    return `Redis unreachable at ${REDIS_URL} (${err.message || err})`;
  } finally {
    redis.disconnect();
  }
  return null;
}

const started = Date.now();
const args = process.argv.slice(2);
const stress = args.includes('--stress');
const only = args.filter((a) => a !== '--stress');
const all = only.length
  ? only
  : find('test')
      .filter((f) => isStressTest(f) === stress)
      .sort();
const embeddedFiles = all.filter((f) => !isServerTest(f));
// A file named on the command line runs in both passes, so its server-mode behaviour can be checked.
const serverFiles = all.filter((f) => isServerTest(f) || (buildsTestApps(f) && (only.length > 0 || !ONE_ENGINE.has(path.normalize(f)))));

// The browser tests (test/web/) share one production build of the dashboard, made here once
// rather than by each file (they run concurrently and would write web/dist together).
const webEnv = {};
if (embeddedFiles.some((f) => path.normalize(f).startsWith(path.join('test', 'web') + path.sep))) {
  console.log('\n=== building the dashboard for the browser tests ===\n');
  const code = await new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
      {
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
    child.on('close', (c) => resolve(c ?? 1));
  });
  if (code !== 0) {
    console.error('the dashboard build failed');
    process.exit(1);
  }
  webEnv.WEB_TEST_SKIP_BUILD = '1';
}

// Each pass's files are split into groups of about equal expected time, and each group runs in
// ONE process (--test-isolation=none): a process per file spent about half of the CPU on
// starting Node, tsx and the app's modules again (24 small files: 67 CPU s in a process each,
// 32 s in one). The groups of both passes go through GROUP_SLOTS processes at a time, the
// longest first: much of a test's time is waiting (on PostgreSQL, on Chromium, on timers), so
// four processes keep the 2 cores busy. Each group's output is printed when it ends, in one
// piece. The SOLO files run after all groups, alone, a process each.
const GROUP_SLOTS = 4;
const GROUPS = { duckdb: 6, postgres: 4 };
const passFiles = new Map();
let skipNotice = null;
let failed = false;
if (embeddedFiles.length) passFiles.set('duckdb', { files: embeddedFiles, env: { HONEYPOT_TEST_ENGINE: 'duckdb', ...webEnv } });
if (serverFiles.length) {
  const why = await serverModeUnavailable();
  if (why) {
    skipNotice = `server-mode tests skipped: ${why}`;
    if (process.env.CI === 'true') {
      skipNotice = `server-mode tests could not run (CI=true makes this a failure): ${why}`;
      failed = true;
    }
  } else {
    passFiles.set('postgres', { files: serverFiles, env: { HONEYPOT_TEST_ENGINE: 'postgres' } });
  }
}
for (const [name, { files }] of passFiles) console.log(`=== ${name}: ${files.length} files ===`);
const queue = [...passFiles].flatMap(([name, { files, env }]) =>
  groupsOf(
    files.filter((f) => !isSolo(f)),
    name,
    GROUPS[name],
  ).map((group, i) => ({ name, env, files: group, ms: group.reduce((n, f) => n + weightOf(name)(f), 0), tag: `${name}-${i}` })),
);
queue.sort((a, b) => b.ms - a.ms);
const done = new Map([...passFiles.keys()].map((name) => [name, []]));
async function slot() {
  for (let job = queue.shift(); job; job = queue.shift()) {
    const r = await runRunner(job.files, job.env, { tag: job.tag, shared: true, echo: false });
    const at = Math.round((Date.now() - started) / 1000);
    console.log(`\n=== ${job.name} (group ${job.tag}, ${job.files.length} files, ended at ${Math.floor(at / 60)} min ${at % 60} s) ===\n`);
    process.stdout.write(r.output);
    done.get(job.name).push(r);
  }
}
await Promise.all(Array.from({ length: GROUP_SLOTS }, slot));

/**
 * Before a file that measures latency on PostgreSQL: the dirty pages the other files left are
 * written now (CHECKPOINT), and a few seconds pass, so that neither a checkpoint nor the
 * clean-up after hundreds of dropped test databases falls inside the measurement.
 */
async function settlePostgres() {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  try {
    await client.connect();
    await client.query('CHECKPOINT');
  } catch {
    /* not allowed or not reachable: the file runs anyway */
  } finally {
    await client.end().catch(() => {});
  }
  await new Promise((resolve) => setTimeout(resolve, 5000));
}

for (const [name, { files, env }] of passFiles) {
  const alone = files.filter(isSolo);
  if (alone.length) {
    if (name === 'postgres') await settlePostgres();
    console.log(`\n=== ${name}: ${alone.length} file(s) measuring latency, alone ===\n`);
    done.get(name).push(await runRunner(alone, env, { tag: `${name}-solo`, shared: false, echo: true }));
  }
}
const passes = [...done].filter(([, runs]) => runs.length > 0).map(([name, runs]) => [name, passOf(runs)]);
failed ||= passes.some(([, r]) => r.code !== 0);

// Each file's time, kept for the next run's order; the slowest are listed.
const durations = readDurations();
for (const [name, r] of passes) durations[name] = { ...durations[name], ...r.times };
writeFileSync(DURATIONS, JSON.stringify(durations, null, 2));
const slowest = passes
  .flatMap(([name, r]) => Object.entries(r.times).map(([file, ms]) => [ms, `${name}: ${file}`]))
  .sort((a, b) => b[0] - a[0])
  .slice(0, 10);
if (slowest.length) {
  console.log('\nslowest files:');
  for (const [ms, what] of slowest) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${what}`);
}

console.log('');
for (const [name, r] of passes) {
  const s = r.summary;
  console.log(`${name} pass: ${s.tests} tests, ${s.pass} passed, ${s.fail} failed, exit ${r.code}`);
}
if (skipNotice) console.log(skipNotice);
// The runner's summary lines, totalled over both passes, close the output.
for (const key of SUMMARY_KEYS) {
  const total = passes.reduce((sum, [, r]) => sum + r.summary[key], 0);
  console.log(`ℹ ${key} ${key === 'duration_ms' ? total.toFixed(3) : total}`);
}
const wall = Math.round((Date.now() - started) / 1000);
console.log(
  `total time: ${Math.floor(wall / 60)} min ${wall % 60} s (${stress ? 'npm run test:stress' : only.length ? 'the files named' : 'npm test'})`,
);
process.exit(failed ? 1 : 0);
