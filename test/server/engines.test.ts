// The same calls in both engines give the same figures (CONTRACT §12): DuckDB scans calls,
// PostgreSQL reads whole periods from its rollups and only the partial days from calls, so
// every overview endpoint is asked both, for the whole org and a scoped key, over windows
// with and without whole days and 16-day blocks, after part of the data was replaced.
// Runs in the server-mode pass only (test/server/, see scripts/test.mjs).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get, ingest, newOrg, scopedKey, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { TEST_ENGINE } from '../helpers/serverMode.js';
import { approxEqual } from '../kpis/reference.js';
import { generateCalls, type IngestCallJson } from '../../src/demo/generate.js';

const NOW = new Date('2026-11-20T14:07:30.500Z');
const DAY = 86_400_000;

const WINDOWS = [
  'range=24h',
  'range=7d',
  'range=30d',
  'range=90d',
  'start=2026-09-01T00:00:00Z&end=2026-11-01T00:00:00Z', // whole days only
  'start=2026-09-03T17:45:00-04:00&end=2026-11-19T08:00:00.001Z',
];

const ENDPOINTS = [
  '/api/kpis/summary',
  '/api/kpis/timeseries/calls?bucket=day',
  '/api/kpis/timeseries/hook_rate?bucket=week',
  '/api/kpis/timeseries/avg_duration_sec?bucket=day',
  '/api/kpis/timeseries/total_dollars_asked?bucket=week',
  '/api/kpis/timeseries/tier1_calls?bucket=day',
  '/api/kpis/timeseries/high_confidence_insights?bucket=hour',
  '/api/kpis/topn/impersonated_brand?n=50',
  '/api/kpis/topn/mule_bank_routing?n=50',
  '/api/kpis/topn/fake_agent_name?n=50',
  '/api/kpis/duration-histogram',
  '/api/kpis/ask-histogram',
  '/api/kpis/tier1?limit=50',
  '/api/kpis/attacker-geo',
  '/api/kpis/disconnect-breakdown',
];

interface Side {
  h: TestApp;
  org: OrgKeys;
  scoped: string;
}

describe('DuckDB and PostgreSQL give the same figures', { skip: TEST_ENGINE === 'postgres' ? false : 'needs PostgreSQL' }, () => {
  const sides: Side[] = [];

  before(async () => {
    const calls: IngestCallJson[] = [...generateCalls({ days: 100, callsPerDay: 60, end: NOW, seed: 23, transcripts: false })];
    // A tenth of the calls again, moved by a day and a half and shortened: replacements that
    // change day, block, duration and flags.
    const replaced = calls
      .filter((_, i) => i % 10 === 3)
      .map((c) => ({
        ...c,
        started_at: new Date(Date.parse(c.started_at) - 1.5 * DAY).toISOString(),
        duration_sec: Math.floor(c.duration_sec / 2),
      }));
    for (const engine of ['duckdb', 'postgres'] as const) {
      const h = await testApp({}, { engine });
      h.setNow(NOW);
      const org = await newOrg(h.app);
      for (const batch of [
        ...Array.from({ length: Math.ceil(calls.length / 2000) }, (_, i) => calls.slice(i * 2000, (i + 1) * 2000)),
        replaced,
      ]) {
        const res = await ingest(h.app, org.ingest, batch);
        assert.equal(res.json().accepted, batch.length, res.body);
      }
      const scoped = await scopedKey(h.app, org.orgId, { lure_category: ['REFUND', 'tech_support'] });
      sides.push({ h, org, scoped });
    }
  });
  after(async () => {
    for (const s of sides) await s.h.close();
  });

  it('the stores hold the same calls', async () => {
    const counts = await Promise.all(sides.map((s) => s.h.db.all<{ n: number }>('SELECT count(*) AS n FROM calls')));
    assert.deepEqual(
      counts.map((c) => Number(c[0].n)),
      [6000, 6000],
    );
  });

  for (const who of ['org', 'scoped'] as const) {
    it(`every overview endpoint and window, ${who} key`, async () => {
      for (const endpoint of ENDPOINTS) {
        for (const win of WINDOWS) {
          const url = `${endpoint}${endpoint.includes('?') ? '&' : '?'}${win}`;
          const [duck, pg] = await Promise.all(sides.map((s) => get(s.h.app, who === 'org' ? s.org.read : s.scoped, url)));
          if (duck.statusCode !== 200) throw new Error(`${url}: DuckDB answered ${duck.statusCode} ${duck.body}`);
          approxEqual(pg.statusCode, 200, `${url} status`);
          approxEqual(pg.json(), duck.json(), url);
        }
      }
    });
  }
});
