// The tenth set's own REST check, besides the shared one (eval/shared/summaryCheck.ts):
// POST /api/query counts the same calls as GET /api/calls listed page by page over a window.

import type { Reader, Win } from './truths.js';

/** POST /api/query's call count against GET /api/calls paged to its end, over `w`. */
export async function checkQueryAgainstCalls(x: Reader, w: Win, name: string): Promise<string[]> {
  const q = await x.calls(w);
  let listed = 0;
  let cursor: string | null = null;
  const base = `/api/calls?start=${w.start.toISOString()}&end=${w.end.toISOString()}&limit=200`;
  for (let page = 0; page < 1000; page++) {
    const r = await x.get(cursor ? `${base}&cursor=${encodeURIComponent(cursor)}` : base);
    listed += (r.items as unknown[]).length;
    cursor = (r.next_cursor as string | null) ?? null;
    if (!cursor) break;
  }
  return q === listed ? [] : [`window ${name}: query counts ${q} calls, GET /api/calls lists ${listed}`];
}
