// Timeouts from measured work, for the stress tier: a test first runs a small share of its work
// (`sample`, 1/`scale` of it) and allows the whole SAFETY times that, never under FLOOR_MS. The
// share runs under whatever load the machine has right then, so a busy machine gets a longer
// limit instead of a failure, while a request that hangs still ends.

const SAFETY = 5;
const FLOOR_MS = 30_000;

/** Runs `sample` and returns the time the whole (`scale` samples) may take, in ms. */
export async function measuredTimeout(scale: number, sample: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await sample();
  return Math.max(FLOOR_MS, Math.ceil((performance.now() - started) * scale * SAFETY));
}
