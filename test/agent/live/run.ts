// `npm run eval:live`: the live agent eval with every failure printed — the tuning questions,
// then the held-out ones (last). Exits non-zero unless each set is ≥ 95 % correct with no
// false zero and nothing unsafe.

import { buildWorld, formatReport, runLive, summarize } from './harness.js';
import { HELDOUT } from './heldout.js';
import { TUNING } from './tuning.js';
import { TUNING2 } from './tuning2.js';

const only = process.argv[2]; // "tuning" or "heldout" to run one set ("tuning2": the second tuning set alone)
const world = await buildWorld();
let failed = false;
try {
  const sets =
    only === 'tuning2'
      ? ([['tuning2', TUNING2]] as const)
      : ([
          ['tuning', [...TUNING, ...TUNING2]],
          ['held-out', HELDOUT],
        ] as const);
  const lines: string[] = [];
  for (const [name, cases] of sets) {
    if (only && only !== name.replace('-', '')) continue;
    const started = Date.now();
    const results = await runLive([...cases], world);
    console.log(`${formatReport(name, results)}\n  (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
    const s = summarize(results);
    lines.push(
      `${name.padEnd(9)} ${s.passed}/${s.total} = ${(s.accuracy * 100).toFixed(1)}%  false zeros ${s.falseZeros}  unsafe ${s.unsafe}`,
    );
    if (s.total && (s.accuracy < 0.95 || s.falseZeros || s.unsafe)) failed = true;
  }
  console.log(lines.join('\n'));
} finally {
  await world.close();
}
process.exit(failed ? 1 : 0);
