// Strict RFC 3339 for stored timestamps (ingest, sessions): the window parser's rules,
// minus plain dates and the query-string leniency for a decoded "+".

import { ApiError } from '../errors.js';
import { parseInstant } from './window.js';

const STRICT = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** RFC 3339 date-time with `Z` or an offset; null when malformed or not a real date. */
export function parseRfc3339(s: string): Date | null {
  if (!STRICT.test(s)) return null;
  try {
    return parseInstant(s);
  } catch (err) {
    if (err instanceof ApiError) return null;
    throw err;
  }
}
