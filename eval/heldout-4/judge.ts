// The judge is the shared one of the held-out sets (eval/shared/judge.ts), unchanged.
export * from '../shared/judge.js';
