// What both campaign read paths (read-time and kept) read of calls and identifier rows.

import type { CallFacts } from '../../domain/campaigns/rows.js';
import type { IdentifierRow } from '../../domain/campaigns/components.js';
import type { IdentifierKind } from '../../domain/campaigns/identifiers.js';
import type { Principal } from '../../domain/principal.js';
import type { Window } from '../../domain/window.js';
import { num, Params, type Db } from '../db.js';
import { sliceWhere } from '../slice.js';
import { callSidInList } from './sidList.js';

export interface Span {
  start: number;
  end: number;
}

export const spanOf = (w: Pick<Window, 'start' | 'end'>): Span => ({ start: w.start.getTime(), end: w.end.getTime() });
export const previousOf = (s: Span): Span => ({ start: s.start - (s.end - s.start), end: s.start });

/**
 * What a campaign row needs of these calls of the window (the calls of its campaigns, found
 * first): one parameter for the list, so PostgreSQL reads them by its primary key and DuckDB
 * joins a short list, instead of a semi-join of every call of the window with its identifiers.
 */
export async function callFactsOf(db: Db, principal: Principal, span: Span, sids: readonly string[]): Promise<Map<string, CallFacts>> {
  if (sids.length === 0) return new Map();
  const p = new Params();
  const rows = await db.all(
    `SELECT call_sid, started_at, impersonated_brand, lure_category, payment_method, caller_state, asks_total FROM calls
     WHERE ${sliceWhere(principal, p)} AND started_at >= ${p.p(span.start)} AND started_at < ${p.p(span.end)}
       AND ${callSidInList(db.dialect, sids, p)}`,
    p.values,
  );
  const str = (v: unknown) => (v === null || v === undefined ? null : (v as string));
  return new Map(
    rows.map((r) => [
      r.call_sid as string,
      {
        callSid: r.call_sid as string,
        startedAt: num(r.started_at),
        brand: str(r.impersonated_brand),
        lure: str(r.lure_category),
        paymentMethod: str(r.payment_method),
        state: str(r.caller_state),
        askedCents: Math.round(num(r.asks_total) * 100),
      },
    ]),
  );
}

export const identifierRowOf = (r: Record<string, unknown>): IdentifierRow => ({
  callSid: r.call_sid as string,
  startedAt: num(r.started_at),
  kind: r.kind as IdentifierKind,
  value: r.value as string,
});

/** Sorted descending by `value`, ties by id ascending; the page after `after`. */
export function pageOf<T>(
  items: T[],
  value: (t: T) => number,
  id: (t: T) => string,
  limit: number,
  after: { value: number; id: string } | null,
): { page: T[]; next: { value: number; id: string } | null } {
  const keyed = items
    .map((item) => ({ item, value: value(item), id: id(item) }))
    .sort((a, b) => b.value - a.value || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const from = after ? keyed.findIndex((k) => k.value < after.value || (k.value === after.value && k.id > after.id)) : 0;
  const page = from < 0 ? [] : keyed.slice(from, from + limit);
  const more = from >= 0 && from + limit < keyed.length;
  const last = page[page.length - 1];
  return { page: page.map((k) => k.item), next: more && last ? { value: last.value, id: last.id } : null };
}
