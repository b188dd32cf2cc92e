// `npm run eval:agent`: runs the agent evaluation and prints the accuracy per category.
// Exits non-zero unless every question is answered as the reference expects.

import { accuracyByCategory, runEval } from './evalSuite.js';

const results = await runEval();
const rows = accuracyByCategory(results);
const width = Math.max(...rows.map((r) => r.category.length));
console.log(`Agent evaluation: ${results.length} questions\n`);
for (const r of rows) {
  console.log(
    `  ${r.category.padEnd(width)}  ${String(r.passed).padStart(3)}/${String(r.total).padEnd(3)}  ${(r.accuracy * 100).toFixed(1)}%`,
  );
}
const passed = results.filter((r) => r.ok).length;
console.log(
  `\n  ${'overall'.padEnd(width)}  ${String(passed).padStart(3)}/${String(results.length).padEnd(3)}  ${((passed / results.length) * 100).toFixed(1)}%`,
);
const failed = results.filter((r) => !r.ok);
for (const f of failed) {
  console.log(`\nFAIL [${f.category}] ${f.id}: ${f.question}\n  ${f.problems.join('\n  ')}\n  answer: ${f.answer}`);
}
process.exit(failed.length ? 1 : 0);
