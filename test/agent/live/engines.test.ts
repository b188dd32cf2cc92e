// A handful of the live eval's questions asked end to end on PostgreSQL: the first tuning
// question of each class that stands alone (no conversation), through HTTP, checked as
// live.test.ts checks every question. live.test.ts asks all of them in the embedded pass only
// (how a question is read does not depend on the engine; the tools' SQL is tested on both
// engines in test/agent/tools.test.ts), so this file is what the agent gets on the server
// engine end to end.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TestApp } from '../../helpers/app.js';
import { TEST_ENGINE } from '../../helpers/serverMode.js';
import { buildWorld, formatReport, runLive, summarize, type LiveWorld } from './harness.js';
import { TUNING } from './tuning.js';
import type { LiveCase } from './types.js';

/** One question per class, the first that is not part of a conversation. */
const SAMPLE: LiveCase[] = TUNING.filter((c) => !c.session).filter((c, i, alone) => alone.findIndex((x) => x.cls === c.cls) === i);

describe(
  'live agent eval, a sample on the server engine',
  { skip: TEST_ENGINE === 'postgres' ? false : 'the embedded pass asks every question in live.test.ts' },
  () => {
    let world: LiveWorld;
    let app: TestApp;
    before(async () => {
      world = await buildWorld();
      app = world.t;
    });
    after(async () => {
      await app?.close();
    });

    it('asks one question of each class; each is correct, no false zero, nothing unsafe', async () => {
      assert.ok(SAMPLE.length >= 10, `${SAMPLE.length} classes sampled`);
      const results = await runLive(SAMPLE, world);
      const s = summarize(results);
      assert.equal(s.passed, s.total, formatReport('server-engine sample', results));
    });
  },
);
