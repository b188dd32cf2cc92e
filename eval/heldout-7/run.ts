// The seventh held-out eval of the natural-language agent. See README.md.
//
//   npm run eval:heldout7                   the held-out run, asked over HTTP: RUN ONCE, by the lead, at the end
//   npm run eval:heldout7 -- --check        the smoke check: builds the world, computes and validates every truth
//                                           and its judge, checks the REST figures agree; asks the agent nothing
//   npm run eval:heldout7 -- --truths-only  every question with its truth (shows the questions: for the lead only)
//
// The runner is the shared one (eval/shared/runner.ts, with the "not understood" verdict of the
// class unread_phrase in eval/shared/unread.ts); this file names the set's parts.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runEval } from '../shared/runner.js';
import { checkQueryAgainstSummary } from '../shared/summaryCheck.js';
import { CASES, CLASSES, type Case } from './questions.js';
import { checkQueryAgainstCalls } from './smoke.js';
import { Ctx, W } from './truths.js';
import { buildWorld, NOW, SCOPES } from './world.js';

/** The classes' sizes asked for in the brief (the smoke check fails below them). */
const PER_CLASS: Record<(typeof CLASSES)[number], number> = {
  everyday: 30,
  nearby_figure: 25,
  frame: 30,
  any_value: 30,
  casual: 25,
  stray_words: 12,
  multi_part: 15,
  follow_up: 17,
  ranking: 15,
  true_zero: 15,
  scoped: 15,
  out_of_scope: 30,
  unread_phrase: 15,
};

runEval<Ctx, keyof typeof SCOPES, Case>({
  title: 'held-out set 7',
  outDir: path.join(path.dirname(fileURLToPath(import.meta.url)), 'results'),
  classes: CLASSES,
  cases: CASES,
  now: NOW,
  scopes: SCOPES,
  minimum: { cases: 260, outOfScope: 30, perClass: PER_CLASS },
  buildWorld,
  context: (world) => new Ctx(world.app, world.keys),
  restChecks: async (_world, x) => [
    ...(await checkQueryAgainstSummary(x, W)),
    ...(await checkQueryAgainstCalls(x, W.yesterday, 'yesterday')),
    ...(await checkQueryAgainstCalls(x, W.lastWeekend, 'last weekend')),
  ],
});
