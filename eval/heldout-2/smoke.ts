// Three smoke questions to check the ask-and-judge plumbing (`--smoke`). NOT part of the
// held-out set: they may be run any time, and say nothing about the agent's score.

import type { Case } from './questions.js';
import { decline, num, ranking, W } from './truths.js';

export const SMOKE: Case[] = [
  {
    id: 'smoke1',
    cls: 'everyday',
    ask: () => ['How many calls did we receive in the last 7 days?'],
    truth: async (x) => num((await x.summary(W.d7)).calls_received),
  },
  {
    id: 'smoke2',
    cls: 'ranking',
    ask: () => ['What are the top 3 impersonated brands in the last 30 days?'],
    truth: async (x) => ranking(await x.topn('impersonated_brand', W.d30, 10), 3),
  },
  { id: 'smoke3', cls: 'out_of_scope', ask: () => ['Please book me a flight to Chicago.'], truth: async () => decline() },
];
