// The tenth held-out eval of the natural-language agent. See README.md.
//
//   npm run eval:heldout10                   the held-out run, asked over HTTP: RUN ONCE, by the lead, at the end
//   npm run eval:heldout10 -- --check        the smoke check: builds the world, computes and validates every truth
//                                            and its judge, checks the REST figures agree; asks the agent nothing
//   npm run eval:heldout10 -- --truths-only  every question with its truth (shows the questions: for the lead only)
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
  everyday: 20,
  nearby_figure: 18,
  frame: 20,
  any_value: 20,
  casual: 18,
  stray_words: 8,
  multi_part: 12,
  follow_up: 14,
  ranking: 12,
  true_zero: 12,
  scoped: 12,
  out_of_scope: 24,
  unread_phrase: 12,
};

runEval<Ctx, keyof typeof SCOPES, Case>({
  title: 'held-out set 10',
  outDir: path.join(path.dirname(fileURLToPath(import.meta.url)), 'results'),
  classes: CLASSES,
  cases: CASES,
  now: NOW,
  scopes: SCOPES,
  minimum: { cases: 220, outOfScope: 24, perClass: PER_CLASS },
  buildWorld,
  context: (world) => new Ctx(world.app, world.keys),
  restChecks: async (_world, x) => [
    ...(await checkQueryAgainstSummary(x, W)),
    ...(await checkQueryAgainstCalls(x, W.yesterday, 'yesterday')),
    ...(await checkQueryAgainstCalls(x, W.lastWeekend, 'last weekend')),
    ...(await checkQueryAgainstCalls(x, W.christmas, 'Christmas Day')),
  ],
});
