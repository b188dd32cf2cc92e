// `node --import tsx test/agent/live/latency.ts`: the built-in agent's latency over HTTP on the
// demo data (the live eval's world: 30 days × 300 calls), every question of the live tuning sets
// asked once to warm up and then timed, each through a real socket. Prints p50 and p95
// (target: p50 ≤ 30 ms).

import type { AddressInfo } from 'node:net';
import { buildWorld } from './harness.js';
import { TUNING } from './tuning.js';
import { TUNING2 } from './tuning2.js';

const world = await buildWorld();
try {
  await world.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = world.app.server.address() as AddressInfo;
  const questions = [...TUNING, ...TUNING2].filter((c) => !c.session && !c.key).map((c) => c.question);
  const ask = async (question: string): Promise<number> => {
    const t = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/agent/ask`, {
      method: 'POST',
      headers: { authorization: `Bearer ${world.keys.org}`, 'content-type': 'application/json' },
      body: JSON.stringify({ question }),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${question} → ${res.status}`);
    return performance.now() - t;
  };
  for (const q of questions) await ask(q);
  const ms: number[] = [];
  for (const q of questions) ms.push(await ask(q));
  ms.sort((a, b) => a - b);
  const at = (p: number) => ms[Math.min(ms.length - 1, Math.floor((p / 100) * ms.length))].toFixed(1);
  console.log(`Built-in agent over HTTP, ${ms.length} questions of the live tuning sets (warm): p50 ${at(50)} ms, p95 ${at(95)} ms`);
} finally {
  await world.close();
}
