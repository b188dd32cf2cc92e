// Ingest under the retention job (test/stress/retentionLoad.test.ts): one writer ingests recent
// calls continuously, 100 a request, while in turns the job deletes a load of old calls (a job
// phase) and does not run (an idle phase of as many requests). Phases alternate, so a slow spell of the machine falls on both; the latencies of
// each kind are pooled. Every call the writer saw acknowledged is looked up at the end.

import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { ingest, ingestNdjson, newOrg, admin, testApp, type TestApp } from './app.js';
import { pick, prng } from '../kpis/reference.js';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-20T14:07:30.500Z');
const KEEP_DAYS = 30;
const PER_REQUEST = 100;

export interface LoadResult {
  idle: number[];
  job: number[];
  acknowledged: number;
  /** Acknowledged calls (all in the kept window) not found at the end. */
  lost: number;
  deleted: number;
  /** Old calls loaded for the job in all (the first load, and one each time it ran out). */
  loadedOld: number;
  /** Old calls left once every job phase ended (0: the job finished each phase). */
  oldLeft: number;
  longestBatchMs: number;
}

/**
 * A call with the figures' fields (the rollups count them) and no identifier it shares with
 * another call: campaigns would otherwise link every call (the subject here is retention).
 */
function loadCall(rand: () => number, sid: string, ms: number, n: number): Record<string, unknown> {
  return {
    call_sid: sid,
    started_at: new Date(ms).toISOString(),
    duration_sec: Math.floor(rand() * 1800),
    caller_id: `+1212${String(2_000_000 + n).padStart(7, '0')}`,
    disconnect_reason: pick(rand, ['caller_hung_up_normal', 'voice_engine_issue']),
    extraction: {
      impersonated_brand: pick(rand, ['Amazon', 'Apple', 'IRS', null]),
      lure_category: pick(rand, ['REFUND', 'TECH_SUPPORT', null]),
      payment_method: pick(rand, ['gift_card', 'wire', null]),
      dollar_asks: rand() < 0.5 ? [pick(rand, [99.5, 500, 2500])] : [],
      auditor_confidence: Math.round(rand() * 100) / 100,
    },
  };
}

/** The p-th percentile (0–100) of `xs`, nearest rank. */
export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil((p / 100) * s.length) - 1)];
}

/**
 * `rounds` of a job phase and an idle phase. A job phase is `requests` requests while the job
 * deletes (one that ends after the job ran out of old calls does not count); the idle phase that
 * follows has as many. `old` old calls are loaded first, and `old / rounds` more whenever the
 * job runs out during a phase.
 */
export async function retentionUnderLoad(opts: { rounds: number; requests: number; old: number }): Promise<LoadResult> {
  const h: TestApp = await testApp({ HONEYPOT_RATE_GENERAL: '1000000/60', HONEYPOT_RETENTION_EVERY_SEC: '0' });
  try {
    h.setNow(new Date(NOW));
    const org = await newOrg(h.app, 'pro');
    const set = await admin(h.app, 'PATCH', `/api/admin/orgs/${org.orgId}/retention`, { calls_days: KEEP_DAYS });
    assert.equal(set.statusCode, 200, set.body);
    const retention = h.app.deps.storage.retention;
    const rand = prng(30);
    let seq = 0;
    const acknowledged: string[] = [];
    const out: LoadResult = { idle: [], job: [], acknowledged: 0, lost: 0, deleted: 0, loadedOld: 0, oldLeft: 0, longestBatchMs: 0 };
    const tally = (r: { rows: { calls_days: number }; longestBatchMs: number }) => {
      out.deleted += r.rows.calls_days;
      out.longestBatchMs = Math.max(out.longestBatchMs, r.longestBatchMs);
    };

    /** One request of recent calls (the kept window), timed; its calls are remembered once acknowledged. */
    const writeOnce = async (): Promise<number> => {
      const calls = Array.from({ length: PER_REQUEST }, () => {
        const n = seq++;
        return loadCall(rand, `NEW${n}`, NOW - Math.floor(rand() * DAY), n);
      });
      const t0 = performance.now();
      const res = await ingestNdjson(h.app, org.ingest, calls.map((c) => JSON.stringify(c)).join('\n'));
      const ms = performance.now() - t0;
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().created, PER_REQUEST, JSON.stringify(res.json().rejected.slice(0, 2)));
      for (const c of calls) acknowledged.push(c.call_sid as string);
      return ms;
    };

    // Old calls for the job (not timed), spread over the 30 days before the kept window.
    let oldSeq = 0;
    const loadOld = async (n: number) => {
      for (let left = n; left > 0; left -= 5000) {
        const batch = Array.from({ length: Math.min(5000, left) }, () => {
          const k = oldSeq++;
          return loadCall(rand, `OLD${k}`, NOW - (KEEP_DAYS + 1) * DAY - Math.floor(rand() * 30 * DAY), 5_000_000 + k);
        });
        assert.equal((await ingest(h.app, org.ingest, batch)).statusCode, 200);
      }
      out.loadedOld += n;
    };
    await loadOld(opts.old);
    for (let i = 0; i < 20; i++) await writeOnce(); // warm-up, not counted

    // A job phase is always `requests` requests with the job running: on a fast machine the job
    // can run out of old calls first, and then a new load is put in (untimed) and the job started
    // again, so the count of job requests does not depend on the machine's speed.
    for (let round = 0; round < opts.rounds; round++) {
      const stop = new AbortController();
      let busy = false;
      let job: Promise<void> = Promise.resolve();
      const during: number[] = [];
      for (let i = 0; i < opts.requests; i++) {
        if (!busy) {
          await job;
          if (round > 0 || i > 0) await loadOld(Math.ceil(opts.old / opts.rounds));
          busy = true;
          job = retention.run(stop.signal).then((r) => {
            busy = false;
            tally(r);
          });
        }
        const ms = await writeOnce();
        if (busy) during.push(ms);
      }
      stop.abort();
      await job;
      out.job.push(...during);
      for (let i = 0; i < during.length; i++) out.idle.push(await writeOnce());
    }
    tally(await retention.run()); // what is left, not timed

    out.acknowledged = acknowledged.length;
    const count = async (prefix: string) =>
      Number(
        (
          await h.db.all<{ n: number }>('SELECT count(*) AS n FROM calls WHERE org_id = $1 AND call_sid LIKE $2', [org.orgId, `${prefix}%`])
        )[0].n,
      );
    out.lost = acknowledged.length - (await count('NEW'));
    out.oldLeft = await count('OLD');
    return out;
  } finally {
    await h.close();
  }
}
