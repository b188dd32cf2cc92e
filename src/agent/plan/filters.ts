// The planner's filters (the qualifiers of a question) as tool arguments, and how a follow-up's
// filters build on the previous turn's. Their words in an answer: say/filterText.ts.

import type { Filters } from './intents.js';

/** Filters as tool arguments: one transcript term is passed as a string, several as a list. */
export function filterArgs(f: Filters): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(f)) {
    if (v === undefined || (Array.isArray(v) && v.length === 0)) continue;
    out[k] = k === 'q' && Array.isArray(v) && v.length === 1 ? v[0] : v;
  }
  return out;
}

/** A follow-up's filters: the previous turn's, with each filter the question names replaced. */
export function carry(prev: Filters, next: Filters): Filters {
  const out: Filters = { ...prev };
  for (const [k, v] of Object.entries(next)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}
