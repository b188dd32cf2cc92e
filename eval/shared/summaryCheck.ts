// The REST check every held-out set's smoke check starts with: POST /api/query agrees with
// GET /api/kpis/summary on every window its truths use. Also the median its corpus checks use.

interface Window {
  start: Date;
  end: Date;
}

/** What the check needs of a set's truth context: a GET, and the query's figures over a window. */
interface Reader<W extends Window> {
  get(url: string): Promise<Record<string, unknown>>;
  values(metrics: string[], w: W): Promise<(number | null)[]>;
}

const SUMMARY_METRICS = [
  'calls_received',
  'hooked_calls',
  'tier1_calls',
  'tier2_calls',
  'tier3_calls',
  'total_dollars_asked',
  'median_call_duration_sec',
  'max_single_ask',
];

/** POST /api/query against GET /api/kpis/summary on every window of `windows`. */
export async function checkQueryAgainstSummary<W extends Window>(x: Reader<W>, windows: Record<string, W>): Promise<string[]> {
  const problems: string[] = [];
  for (const [name, w] of Object.entries(windows)) {
    const s = await x.get(`/api/kpis/summary?start=${w.start.toISOString()}&end=${w.end.toISOString()}`);
    const q = await x.values(SUMMARY_METRICS, w);
    SUMMARY_METRICS.forEach((k, i) => {
      const a = q[i];
      const b = s[k] as number | null;
      if (a === null || b === null ? a !== b : Math.abs(a - b) > 1e-6 * Math.max(1, Math.abs(b)))
        problems.push(`window ${name}: ${k}: query ${a} vs summary ${b}`);
    });
  }
  return problems;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
