// The agent evaluation as a test: the built-in agent must answer every question of the
// evaluation (test/agent/evalSuite.ts) as the independent reference expects.
// `npm run eval:agent` runs the same questions and prints the accuracy per category.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { accuracyByCategory, CASES, runEval } from './evalSuite.js';

describe('agent evaluation (built-in agent)', () => {
  it('has at least 60 questions, with follow-ups, scoped keys and declines', () => {
    assert.ok(CASES.length >= 60, `${CASES.length} questions`);
    for (const c of ['follow-ups', 'scoped keys', 'declines', 'safety'])
      assert.ok(
        CASES.some((x) => x.category === c),
        c,
      );
  });

  it('scores 100% in every category', async () => {
    const results = await runEval();
    const failed = results.filter((r) => !r.ok);
    const table = accuracyByCategory(results)
      .map((r) => `${r.category}: ${r.passed}/${r.total}`)
      .join(', ');
    assert.deepEqual(
      failed.map((f) => ({ id: f.id, question: f.question, problems: f.problems, answer: f.answer })),
      [],
      `accuracy by category: ${table}`,
    );
  });
});
