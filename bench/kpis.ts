// KPI benchmark: a fresh store of N generated calls over 365 days, every overview endpoint
// over HTTP for 24h/7d/30d/365d (p50/p95 over 31 requests, after 20 unmeasured ones of each
// endpoint; windows shifted so no cache helps), the full dashboard load, and beside each the
// floor: one hand-written SQL query straight on the engine. Figures are uncached.

import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { generateCalls } from '../src/demo/generate.js';
import { benchDatabase } from './database.js';
import { floorClient } from './floor.js';
import { openStorage } from '../src/storage/index.js';
import { createKey, createOrg } from '../src/storage/queries/orgs.js';
import { IngestRun } from '../src/features/ingest/ingestRun.js';
import { benchQueries } from './query.js';

export const WINDOWS: [string, number][] = [
  ['24h', 86_400_000],
  ['7d', 7 * 86_400_000],
  ['30d', 30 * 86_400_000],
  ['365d', 365 * 86_400_000],
];
const REQUESTS = 31;
/** Unmeasured requests (and floors) of each endpoint before its rows: its code compiled and warm, as in a running server. */
const WARMUP = 20;
const LOOKUPS = 200;

interface Endpoint {
  name: string;
  path: string;
  /** The floor: one hand-written query computing the same numbers. */
  floor: string;
}

const W = 'org_id = $1 AND started_at >= $2 AND started_at < $3';
export const ENDPOINTS: Endpoint[] = [
  {
    name: 'summary',
    path: '/api/kpis/summary',
    // The 17 figures in one statement, as one would write it by hand (one SQL text for both
    // engines): one pass over the window's calls, and one over their asks.
    floor: `WITH f AS (
        SELECT count(*) AS calls, count(*) FILTER (WHERE cleanly_closed) AS cleanly_closed, count(*) FILTER (WHERE hooked) AS hooked,
          CAST(count(*) FILTER (WHERE hooked) AS DOUBLE PRECISION) / nullif(count(*), 0) AS hook_rate,
          avg(duration_sec) AS avg_duration, percentile_cont(0.5) WITHIN GROUP (ORDER BY duration_sec) AS median_duration,
          max(duration_sec) AS max_duration, count(*) FILTER (WHERE has_extraction) AS insights,
          count(*) FILTER (WHERE auditor_confidence >= 0.7) AS high_confidence, avg(auditor_confidence) AS avg_confidence,
          count(*) FILTER (WHERE tier = 1) AS tier1, count(*) FILTER (WHERE tier = 2) AS tier2, count(*) FILTER (WHERE tier = 3) AS tier3,
          sum(asks_total) AS asked, sum(dollars_dangled) AS dangled
        FROM calls WHERE ${W}),
      a AS (
        SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY x) AS median_ask, max(x) AS max_ask
        FROM (SELECT unnest(dollar_asks) AS x FROM calls WHERE ${W} AND asks_count > 0) u)
      SELECT * FROM f, a`,
  },
  {
    name: 'timeseries (calls/day)',
    path: '/api/kpis/timeseries/calls?bucket=day',
    floor: `SELECT started_at - started_at % 86400000 AS b, count(*) FROM calls WHERE ${W} GROUP BY 1`,
  },
  {
    name: 'topn (brand)',
    path: '/api/kpis/topn/impersonated_brand?n=10',
    floor: `SELECT impersonated_brand, count(*) c FROM calls WHERE ${W} AND impersonated_brand IS NOT NULL GROUP BY 1 ORDER BY c DESC, 1 LIMIT 10`,
  },
  {
    name: 'arrivals',
    path: '/api/kpis/arrivals',
    floor: `SELECT started_at - started_at % 900000 AS b, count(*) FROM calls WHERE ${W} GROUP BY 1`,
  },
  {
    name: 'duration-histogram',
    path: '/api/kpis/duration-histogram',
    floor: `SELECT CASE WHEN duration_sec < 15 THEN 0 WHEN duration_sec < 30 THEN 1 WHEN duration_sec < 60 THEN 2 WHEN duration_sec < 120 THEN 3
      WHEN duration_sec < 300 THEN 4 WHEN duration_sec < 600 THEN 5 WHEN duration_sec < 1200 THEN 6 WHEN duration_sec < 1800 THEN 7 ELSE 8 END, count(*)
      FROM calls WHERE ${W} GROUP BY 1`,
  },
  {
    name: 'ask-histogram',
    path: '/api/kpis/ask-histogram',
    floor: `SELECT CASE WHEN a < 100 THEN 0 WHEN a < 500 THEN 1 WHEN a < 1000 THEN 2 WHEN a < 2500 THEN 3 WHEN a < 5000 THEN 4 WHEN a < 10000 THEN 5 ELSE 6 END, count(*)
      FROM (SELECT unnest(dollar_asks) a FROM calls WHERE ${W}) x GROUP BY 1`,
  },
  {
    name: 'tier1 (limit 100)',
    path: '/api/kpis/tier1?limit=100',
    floor: `SELECT call_sid, started_at, auditor_confidence, mule_bank_name, mule_bank_routing_number, mule_bank_account_number, mule_account_holder_name,
      crypto_wallet_address, crypto_chain, gift_card_brand, physical_mule_drop_address, count(*) OVER () FROM calls WHERE ${W} AND tier = 1
      ORDER BY started_at DESC, call_sid LIMIT 100`,
  },
  {
    name: 'attacker-geo',
    path: '/api/kpis/attacker-geo',
    floor: `SELECT caller_state, count(*), array_agg(DISTINCT caller_area_code) FROM calls WHERE ${W} AND caller_state IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1`,
  },
  {
    name: 'disconnect-breakdown',
    path: '/api/kpis/disconnect-breakdown',
    floor: `SELECT disconnect_reason, count(*) FROM calls WHERE ${W} GROUP BY 1`,
  },
  { name: 'active-calls', path: '/api/kpis/active-calls', floor: '' },
];

export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
export const ms = (x: number) => (x < 10 ? x.toFixed(1) : x.toFixed(0));

export async function benchKpis(total = 1_000_000): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'honeypot-bench-kpis-'));
  const database = await benchDatabase();
  const config = loadConfig({
    HONEYPOT_DATA_DIR: dir,
    HONEYPOT_DEMO: '0',
    HONEYPOT_RATE_GENERAL: '1000000/1',
    HONEYPOT_RATE_AGENT: '1000000/1',
    HONEYPOT_REDIS_PREFIX: `honeypot-bench-${process.pid}:`,
    ...database.env,
  });
  const storage = await openStorage(config);
  try {
    const now = new Date();
    const org = await createOrg(storage.db, 'bench', 'pro');
    const { secret } = await createKey(storage.db, org.id, { name: 'read', role: 'read', scope: null });
    const t0 = performance.now();
    await new IngestRun(storage.db, org.id).addAll(
      generateCalls({ days: 365, callsPerDay: total / 365, end: now, seed: 7, transcripts: false }),
    );
    // A settled store: DuckDB's write-ahead log checkpointed; PostgreSQL's statistics and
    // visibility map up to date, as autovacuum leaves them after a load this size.
    await storage.db.run(storage.db.dialect === 'postgres' ? 'VACUUM ANALYZE' : 'CHECKPOINT');
    console.log(`\nStore of ${total.toLocaleString('en-US')} calls built in ${((performance.now() - t0) / 1000).toFixed(0)} s.`);

    const floorDb = await floorClient(storage.db, database.env.DATABASE_URL);
    const app = await buildApp({ config, storage });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${addr.port}`;
    const headers = { authorization: `Bearer ${secret}` };
    const fetchJson = async (url: string) => {
      const r = await request(`${base}${url}`, { headers });
      // Read to the end, as a client would: dump() gives up on a body over 128 kB (the 30-day
      // arrivals are 158 kB) and drops the connection instead of reading it.
      await r.body.arrayBuffer();
      if (r.statusCode !== 200) throw new Error(`${url} → ${r.statusCode}`);
    };
    const postJson = async (url: string, body: object) => {
      const r = await request(`${base}${url}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await r.body.text();
      if (r.statusCode !== 200) throw new Error(`${url} → ${r.statusCode} ${text.slice(0, 200)}`);
    };

    // Each request shifts its window by a few minutes so no cache could answer it.
    const windowFor = (span: number, i: number) => {
      const end = now.getTime() - i * 137_000;
      return { start: new Date(end - span).toISOString(), end: new Date(end).toISOString(), params: [org.id, end - span, end] };
    };
    for (let i = 0; i < 3; i++) await fetchJson(`/api/kpis/summary?start=${windowFor(WINDOWS[3][1], 99 + i).start}`); // warm-up

    const load = () =>
      loadavg()
        .map((x) => x.toFixed(1))
        .join(' / ');
    console.log(`\n## KPI endpoints (${database.label}, p50 / p95 ms over HTTP; floor = one hand-written SQL query)\n`);
    console.log(`${new Date().toISOString()}; load average (1 / 5 / 15 min) before: ${load()}\n`);
    console.log('| endpoint | window | p50 | p95 | floor p50 | ratio p50/floor |');
    console.log('|---|---|---:|---:|---:|---:|');
    const ratios: { what: string; ratio: number }[] = [];
    for (const ep of ENDPOINTS) {
      for (let i = 0; i < WARMUP; i++) {
        const w = windowFor(WINDOWS[0][1], REQUESTS + i);
        await fetchJson(`${ep.path}${ep.path.includes('?') ? '&' : '?'}start=${w.start}&end=${w.end}`);
        if (ep.floor) await floorDb.all(ep.floor, w.params);
      }
      for (const [label, span] of WINDOWS) {
        // 15-minute buckets over 365 days exceed the 10,000-bucket bound (400 invalid_range).
        if (ep.name === 'arrivals' && span > 100 * 86_400_000) continue;
        const times: number[] = [];
        const floors: number[] = [];
        for (let i = 0; i < REQUESTS; i++) {
          const w = windowFor(span, i);
          const sep = ep.path.includes('?') ? '&' : '?';
          const endpoint = async () => {
            const t = performance.now();
            await fetchJson(`${ep.path}${sep}start=${w.start}&end=${w.end}`);
            times.push(performance.now() - t);
          };
          const floorQuery = async () => {
            const f = performance.now();
            await floorDb.all(ep.floor, w.params);
            floors.push(performance.now() - f);
          };
          // Turn about, so neither always runs on what the other just read.
          if (!ep.floor) await endpoint();
          else if (i % 2 === 0) await endpoint().then(floorQuery);
          else await floorQuery().then(endpoint);
        }
        const floor = floors.length ? pct(floors, 50) : NaN;
        if (floors.length) ratios.push({ what: `${ep.name} ${label}`, ratio: pct(times, 50) / floor });
        console.log(
          `| ${ep.name} | ${label} | ${ms(pct(times, 50))} | ${ms(pct(times, 95))} | ${floors.length ? ms(floor) : '–'} | ${floors.length ? (pct(times, 50) / floor).toFixed(2) : '–'} |`,
        );
        if (ep.name === 'active-calls') break; // windowless
      }
    }

    // Call detail by call_sid (GET /api/calls/{sid}) for random calls of the store, beside the
    // plain query for the same row.
    const sample = await storage.db.all<{ call_sid: string }>(
      `SELECT call_sid FROM calls WHERE org_id = $1 ORDER BY random() LIMIT ${LOOKUPS}`,
      [org.id],
    );
    const gets: number[] = [];
    const rows: number[] = [];
    for (const [i, { call_sid }] of sample.entries()) {
      const detail = async () => {
        const t = performance.now();
        await fetchJson(`/api/calls/${encodeURIComponent(call_sid)}`);
        gets.push(performance.now() - t);
      };
      const row = async () => {
        const f = performance.now();
        await floorDb.all('SELECT * FROM calls WHERE org_id = $1 AND call_sid = $2', [org.id, call_sid]);
        rows.push(performance.now() - f);
      };
      if (i % 2 === 0) await detail().then(row);
      else await row().then(detail);
    }
    console.log(
      `| call detail (${sample.length} random calls) | – | ${ms(pct(gets, 50))} | ${ms(pct(gets, 95))} | ${ms(pct(rows, 50))} | ${(pct(gets, 50) / pct(rows, 50)).toFixed(2)} |`,
    );
    console.log(`\nLoad average (1 / 5 / 15 min) after: ${load()}`);

    const over = ratios.filter((r) => r.ratio > 1.5);
    console.log(
      `\nEndpoint/floor ratio (target ≤ 1.5): worst ${Math.max(...ratios.map((r) => r.ratio)).toFixed(2)}; ` +
        (over.length ? `over: ${over.map((r) => `${r.what} ${r.ratio.toFixed(2)}`).join(', ')}.` : 'none over.'),
    );

    await benchQueries({ fetchJson, postJson, windowFor, floorDb });

    const loads: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const w = windowFor(WINDOWS[2][1], i);
      const t = performance.now();
      await Promise.all(ENDPOINTS.map((ep) => fetchJson(`${ep.path}${ep.path.includes('?') ? '&' : '?'}start=${w.start}&end=${w.end}`)));
      loads.push(performance.now() - t);
    }
    // The built-in agent over 30 days: a mix of questions, each answered with its tool calls.
    const questions = [
      'How many calls did we get?',
      'What is the hook rate?',
      'Which mule banks did we see most?',
      'Where are they calling from?',
      'Show me the latest tier 1 calls',
      'Is the hook rate going up?',
      'Compare this week with last week',
    ];
    const asks: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const question = questions[i % questions.length];
      const t = performance.now();
      const r = await request(`${base}/api/agent/ask`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ question, dashboard_range: '30d' }),
      });
      await r.body.dump();
      if (r.statusCode !== 200) throw new Error(`agent → ${r.statusCode}`);
      asks.push(performance.now() - t);
    }
    console.log(
      `Built-in agent, ${questions.length} kinds of question over 30 days: p50 ${ms(pct(asks, 50))} ms, p95 ${ms(pct(asks, 95))} ms.`,
    );
    const rss = process.memoryUsage().rss / 1024 / 1024;
    console.log(
      `\nFull dashboard load (all ten overview endpoints at once, 30d): p50 ${ms(pct(loads, 50))} ms, p95 ${ms(pct(loads, 95))} ms.`,
    );
    console.log(`Process RSS with the store open and warm: ${rss.toFixed(0)} MiB.\n`);
    await app.close();
    await floorDb.close();
  } finally {
    await storage.close();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}
