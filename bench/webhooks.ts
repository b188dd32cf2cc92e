// Webhook latency: 1,000 events from ingest to a local receiver. Each ingest request carries
// 10 hooked calls; latency is from the ingest response to the signed delivery's arrival.
// Two runs: a steady 100 events/s (far above a honeypot's real rate), and a burst of all
// 1,000 at once, which measures the sender's throughput more than its latency.

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { postJson, startServer } from './ingest.js';

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

export async function benchWebhooks(events = 1000): Promise<void> {
  const arrived = new Map<string, number>();
  const receiver = createServer((req, res) => {
    let body = '';
    req
      .on('data', (c) => (body += c))
      .on('end', () => {
        arrived.set(JSON.parse(body).data.call_sid, performance.now());
        res.writeHead(204).end();
      });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const rxPort = (receiver.address() as { port: number }).port;
  const dir = mkdtempSync(path.join(tmpdir(), 'honeypot-bench-webhooks-'));
  const { child, base } = await startServer(
    { HONEYPOT_DATA_DIR: dir, HONEYPOT_WEBHOOK_ALLOW_PRIVATE: '1', HONEYPOT_WEBHOOK_ALLOW_HTTP: '1', HONEYPOT_RATE_GENERAL: '100000/60' },
    18_182,
  );
  try {
    const org = await postJson(base, '/api/admin/orgs', { name: 'bench', tier: 'pro' });
    const read = (await postJson(base, `/api/admin/orgs/${org.id}/keys`, { name: 'read', role: 'read' })).key;
    const ingest = (await postJson(base, `/api/admin/orgs/${org.id}/keys`, { name: 'ingest', role: 'ingest' })).key;
    await postJson(base, '/api/webhooks/subscriptions', { event_type: 'call.hooked', url: `http://127.0.0.1:${rxPort}/hook` }, read);
    console.log('\n## Webhooks (ingest response → signed delivery at a local receiver)\n');
    console.log('| load | events | delivered | p50 ms | p95 ms | max ms |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const [label, gapMs] of [
      ['steady, 100 events/s', 100],
      ['burst, all at once', 0],
    ] as const) {
      const ingestedAt = new Map<string, number>();
      const now = Date.now();
      arrived.clear();
      for (let r = 0; r < events / 10; r++) {
        const t0 = performance.now();
        const calls = Array.from({ length: 10 }, (_, i) => ({
          call_sid: `CAbench${gapMs}x${r}x${i}`,
          started_at: new Date(now - 60_000).toISOString(),
          duration_sec: 120,
          extraction: { impersonated_brand: 'Amazon', lure_category: 'REFUND' },
        }));
        await postJson(base, '/api/ingest/calls', calls, ingest);
        const t = performance.now();
        for (const c of calls) ingestedAt.set(c.call_sid, t);
        const wait = gapMs - (performance.now() - t0);
        if (wait > 0) await new Promise((res) => setTimeout(res, wait));
      }
      const deadline = performance.now() + 60_000;
      while (arrived.size < events && performance.now() < deadline) await new Promise((res) => setTimeout(res, 20));
      const latencies = [...ingestedAt].filter(([sid]) => arrived.has(sid)).map(([sid, t]) => arrived.get(sid)! - t);
      console.log(
        `| ${label} | ${events} | ${arrived.size} | ${pct(latencies, 50).toFixed(0)} | ${pct(latencies, 95).toFixed(0)} | ${Math.max(...latencies).toFixed(0)} |`,
      );
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    receiver.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
