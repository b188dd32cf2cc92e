// The fourth held-out eval of the natural-language agent. See README.md.
//
//   npm run eval:heldout4                   the held-out set, asked over HTTP: RUN ONCE, by the lead, at the end
//   npm run eval:heldout4 -- --check        the smoke check: builds the world, computes and validates every truth
//                                           and its judge, checks the REST figures agree; asks the agent nothing
//   npm run eval:heldout4 -- --truths-only  every question with its truth (shows the questions: for the lead only)
//
// The runner is the shared one (eval/shared/runner.ts); this file names the set's parts.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runEval } from '../shared/runner.js';
import { CASES, CLASSES, type Case } from './questions.js';
import { checkQueryAgainstSummary } from '../shared/summaryCheck.js';
import { checkQueryAgainstCorpus } from './smoke.js';
import { Ctx, W } from './truths.js';
import { buildWorld, NOW, SCOPES } from './world.js';

runEval<Ctx, keyof typeof SCOPES, Case>({
  title: 'held-out set 4',
  outDir: path.join(path.dirname(fileURLToPath(import.meta.url)), 'results'),
  classes: CLASSES,
  cases: CASES,
  now: NOW,
  scopes: SCOPES,
  minimum: { cases: 200, outOfScope: 25 },
  buildWorld,
  context: (world) => new Ctx(world.app, world.keys),
  restChecks: async (_world, x) => [
    ...(await checkQueryAgainstSummary(x, W)),
    ...(await checkQueryAgainstCorpus(x, W.yesterday, 'yesterday')),
    ...(await checkQueryAgainstCorpus(x, W.lastWeekend, 'last weekend')),
  ],
});
