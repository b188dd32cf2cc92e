// Retention under load (issue 30's acceptance, the short run; test/stress/retentionLoad.test.ts
// is the long one): while the job deletes old calls, a writer ingests continuously; no call it
// saw acknowledged is lost, and its p99 latency stays under twice its p99 without the job,
// both measured in this run, in alternating phases (test/helpers/retentionLoad.ts).

import { it } from 'node:test';
import assert from 'node:assert/strict';
import { percentile, retentionUnderLoad } from '../helpers/retentionLoad.js';

it('ingest while the job deletes: nothing acknowledged is lost, p99 under 2x its value without the job', async (t) => {
  const r = await retentionUnderLoad({ rounds: 2, requests: 50, old: 6_000 });
  const p99 = { idle: percentile(r.idle, 99), job: percentile(r.job, 99) };
  t.diagnostic(
    `requests ${r.idle.length} + ${r.job.length}; p50 idle ${percentile(r.idle, 50).toFixed(1)} ms, job ${percentile(r.job, 50).toFixed(1)} ms; ` +
      `p99 idle ${p99.idle.toFixed(1)} ms, job ${p99.job.toFixed(1)} ms; longest batch ${r.longestBatchMs.toFixed(1)} ms; deleted ${r.deleted}`,
  );
  assert.equal(r.deleted, 6_000);
  assert.equal(r.oldLeft, 0);
  assert.equal(r.lost, 0, `${r.lost} of ${r.acknowledged} acknowledged calls lost`);
  assert.ok(r.job.length >= 60, `the job ran during ${r.job.length} requests only`);
  assert.ok(p99.job < 2 * p99.idle, `p99 with the job ${p99.job.toFixed(1)} ms, without ${p99.idle.toFixed(1)} ms`);
});
