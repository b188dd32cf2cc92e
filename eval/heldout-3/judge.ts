// The judge is the shared one of the held-out sets (eval/shared/judge.ts).
export * from '../shared/judge.js';
