// The stored `flags` column of calls and call_days: the bits of summaryFlags (domain/call.ts).

import { FLAG } from '../domain/call.js';

/** SQL: the stored `flags` say tier `t` (0: none). */
export const flagsTierIs = (t: number) => `(flags & ${3 * FLAG.tierUnit}) = ${t * FLAG.tierUnit}`;
