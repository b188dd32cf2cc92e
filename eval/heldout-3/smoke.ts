// One neutral question, not held out: checks the ask-and-judge plumbing (`--smoke`) without
// asking anything of the held-out set.

import type { Case } from './questions.js';
import { W } from './truths.js';

export const SMOKE: Case[] = [
  { id: 'smoke1', cls: 'everyday', turns: ['how many calls today?'], truth: (x) => x.fig('calls_received', W.today) },
];
