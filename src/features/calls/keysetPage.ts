// What a keyset-paginated list request (GET /api/calls, GET /api/kpis/tier1) asks for, and the
// cursor its answer gives for the next page: one reading of `sort` and `cursor` for both routes.

import type { KeyValue, SortOrder } from '../../storage/queries/keyset.js';
import { decodeCursor, encodeCursor } from './cursor.js';

/** The sort the query names and the position its cursor holds (null on the first page). */
export function pageAsked(sorts: ReadonlyMap<string, SortOrder>, query: { sort: string; cursor?: string }) {
  const sort = sorts.get(query.sort)!; // the route's schema admits only these names
  return { sort, after: query.cursor !== undefined ? decodeCursor(query.cursor, sort) : null };
}

/** next_cursor of an answer: the position after its last row, or null on the last page. */
export const nextCursor = (sort: SortOrder, next: readonly KeyValue[] | null): string | null => (next ? encodeCursor(sort, next) : null);
