// Heavy work takes turns (src/storage/readLanes.ts): one piece of heavy work's reads at a time,
// its own reads together, each turn after the light reads in flight, and never starved by them.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inHeavyLane, inTurn } from '../../src/storage/readLanes.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A read that logs when it starts and ends. */
function reader(log: string[]) {
  return (name: string, ms: number) =>
    inTurn(async () => {
      log.push(`+${name}`);
      await sleep(ms);
      log.push(`-${name}`);
    });
}

const before = (log: string[], a: string, b: string) => log.indexOf(a) >= 0 && log.indexOf(a) < log.indexOf(b);

describe('read turns', () => {
  it("runs one heavy work's reads together and another's after them", async () => {
    const log: string[] = [];
    const read = reader(log);
    const a = inHeavyLane(() => Promise.all([read('a1', 30), read('a2', 30)]));
    const b = inHeavyLane(() => read('b1', 5));
    await Promise.all([a, b]);
    assert.ok(before(log, '+a2', '-a1') && before(log, '+a1', '-a2'), `a's reads overlap: ${log}`);
    assert.ok(before(log, '-a1', '+b1') && before(log, '-a2', '+b1'), `b waits for a's turn: ${log}`);
  });

  it('starts heavy work after the light reads in flight, and light reads never wait', async () => {
    const log: string[] = [];
    const read = reader(log);
    const light = read('l1', 40);
    const heavy = inHeavyLane(() => read('h1', 40));
    const light2 = read('l2', 5); // arrives while heavy work waits: goes at once
    await Promise.all([light, heavy, light2]);
    assert.ok(before(log, '-l1', '+h1'), `heavy after the light read: ${log}`);
    assert.ok(before(log, '+l2', '+h1'), `a light read does not queue behind heavy work: ${log}`);
  });

  it('gives heavy work its turn within about 100 ms however long light reads last', async () => {
    const log: string[] = [];
    const read = reader(log);
    const long = read('light', 400);
    const asked = performance.now();
    let startedAfter = Infinity;
    let lightRunning = false;
    await inHeavyLane(() =>
      inTurn(async () => {
        startedAfter = performance.now() - asked;
        lightRunning = log.includes('+light') && !log.includes('-light');
      }),
    );
    await long;
    assert.ok(startedAfter >= 90 && startedAfter < 350, `heavy work started after ${startedAfter.toFixed(0)} ms`);
    assert.ok(lightRunning, 'it started while the light read was still running');
  });

  it('nested heavy lanes are one piece of work (no wait on itself)', async () => {
    const done = await inHeavyLane(() => inTurn(() => inHeavyLane(() => inTurn(async () => 'inner'))));
    assert.equal(done, 'inner');
  });
});
