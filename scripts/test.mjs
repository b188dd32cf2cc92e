// Runs every test file under test/ with Node's test runner (TypeScript through tsx), twice:
//   1. embedded mode (DuckDB): every file except test/server/;
//   2. server mode (HONEYPOT_TEST_ENGINE=postgres: PostgreSQL + Redis): the files that build
//      apps through testApp (test/helpers/app.ts, also via the agent's setup), and test/server/.
// Without a reachable PostgreSQL or Redis the second pass is skipped with a notice, except
// with CI=true, where that is a failure. The exit code is non-zero when either pass fails,
// and the closing lines are the runner's summary lines, totalled over both passes.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
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

const isServerTest = (f) => path.normalize(f).startsWith(path.join('test', 'server') + path.sep);
const buildsTestApps = (f) => /helpers\/app\.js|from '\.\/(setup|evalSuite)\.js'/.test(readFileSync(f, 'utf8'));

const SUMMARY_KEYS = ['tests', 'suites', 'pass', 'fail', 'cancelled', 'skipped', 'todo', 'duration_ms'];

/** Runs the runner on `files`, echoing its output; resolves with its exit code and summary numbers. */
function runPass(files, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-concurrency=2', ...files], {
      stdio: ['inherit', 'pipe', 'inherit'],
      env: { ...process.env, NODE_ENV: 'test', ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}), ...env },
    });
    // All of it is kept: the summary comes after the failure list, which can be long.
    const chunks = [];
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
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
      resolve({ code: code ?? (signal ? 1 : 0), summary });
    });
  });
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

const only = process.argv.slice(2);
const all = only.length ? only : find('test').sort();
const embeddedFiles = all.filter((f) => !isServerTest(f));
const serverFiles = all.filter((f) => isServerTest(f) || buildsTestApps(f));

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

const passes = [];
let failed = false;
if (embeddedFiles.length) {
  console.log(`\n=== embedded mode (DuckDB): ${embeddedFiles.length} files ===\n`);
  const r = await runPass(embeddedFiles, { HONEYPOT_TEST_ENGINE: 'duckdb', ...webEnv });
  passes.push(['duckdb', r]);
  failed ||= r.code !== 0;
}

let skipNotice = null;
if (serverFiles.length) {
  const why = await serverModeUnavailable();
  if (why) {
    skipNotice = `server-mode tests skipped: ${why}`;
    if (process.env.CI === 'true') {
      skipNotice = `server-mode tests could not run (CI=true makes this a failure): ${why}`;
      failed = true;
    }
  } else {
    console.log(`\n=== server mode (PostgreSQL + Redis): ${serverFiles.length} files ===\n`);
    const r = await runPass(serverFiles, { HONEYPOT_TEST_ENGINE: 'postgres' });
    passes.push(['postgres', r]);
    failed ||= r.code !== 0;
  }
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
process.exit(failed ? 1 : 0);
