// The judge of this set is the shared one (eval/shared/judge.ts), which started as this file.
// This set's Truth is the subset of the shared truths it was written with (the later sets' kinds
// left out), so its runner and truths read exactly as before.

export { judge, type AgentReply, type Unit, type Verdict } from '../shared/judge.js';
import type { Unit } from '../shared/judge.js';

export type Truth =
  | { kind: 'number'; value: number; unit: Unit }
  | { kind: 'label'; any: string[] }
  | { kind: 'ranking'; items: { labels: string[]; count: number }[] }
  | { kind: 'compare'; a: Truth; b: Truth; direction?: 'up' | 'down' }
  | { kind: 'all'; parts: Truth[] }
  | { kind: 'zero' }
  | { kind: 'decline' };
