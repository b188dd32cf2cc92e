// Sorted keyset paging over calls, shared by the call list and the Tier-1 table. A sort is one
// primary column then the tie-breakers started_at DESC, call_sid ASC (code point), so every
// row has a unique place. Nulls come last in both directions. A page continues strictly after
// the position (the key values) of the previous page's last row: no row is read twice or
// skipped however many rows share a value.

import { CALL_SID_RE } from '../../domain/call.js';
import { num, type Params, type Row } from '../db.js';
import { byCodePoint } from './textOrder.js';

/** How a key's value is typed, stored and checked when it comes back in a cursor. */
type KeyKind = 'int' | 'float' | 'text' | 'sid';
export type KeyValue = number | string | null;

export interface SortColumn {
  /** A column of `calls`: fixed in code, never taken from input. */
  column: string;
  kind: KeyKind;
  nullable: boolean;
  /**
   * The values a stored row can hold (inclusive), for numeric keys; without it, any safe
   * integer (`int`, a BIGINT) or finite number (`float`).
   */
  range?: readonly [number, number];
}

interface SortKey extends SortColumn {
  desc: boolean;
}

export interface SortOrder {
  /** The public name, e.g. `-auditor_confidence`; a cursor is bound to it. */
  name: string;
  keys: SortKey[];
}

/** Stored text values are at most 512 UTF-16 units (CONTRACT §5). */
const MAX_TEXT = 512;

/**
 * Whether `v` is a value `key` can hold in a stored row. A cursor is input: a position the
 * server never issued (a number past the column's type, NUL or a lone surrogate in text) must
 * be refused before it reaches an engine that would fail on it.
 */
export function keyValueFits(key: SortColumn, v: unknown): boolean {
  if (v === null) return key.nullable;
  switch (key.kind) {
    case 'int':
    case 'float': {
      const ok = key.kind === 'int' ? Number.isSafeInteger(v) : typeof v === 'number' && Number.isFinite(v);
      return ok && (!key.range || ((v as number) >= key.range[0] && (v as number) <= key.range[1]));
    }
    case 'text':
      return typeof v === 'string' && v.length <= MAX_TEXT && !v.includes('\0') && v.isWellFormed();
    case 'sid':
      return typeof v === 'string' && CALL_SID_RE.test(v);
  }
}

const STARTED_AT: SortColumn = { column: 'started_at', kind: 'int', nullable: false };
const CALL_SID: SortColumn = { column: 'call_sid', kind: 'sid', nullable: false };

/**
 * The sort names a table offers (`field` and `-field` for each) and their orders. `fields`
 * maps a public field name to its column.
 */
export function sortOrders<F extends string>(fields: Record<F, SortColumn>): Map<string, SortOrder> {
  const out = new Map<string, SortOrder>();
  for (const [field, col] of Object.entries(fields) as [F, SortColumn][]) {
    for (const desc of [false, true]) {
      const keys: SortKey[] = [{ ...col, desc }];
      // Ties: newest first, then call_sid ascending; a column already sorted on is not repeated.
      for (const tie of [
        { ...STARTED_AT, desc: true },
        { ...CALL_SID, desc: false },
      ]) {
        if (!keys.some((k) => k.column === tie.column)) keys.push(tie);
      }
      const name = `${desc ? '-' : ''}${field}`;
      out.set(name, { name, keys });
    }
  }
  return out;
}

const expr = (k: SortColumn) => (k.kind === 'text' || k.kind === 'sid' ? byCodePoint(k.column) : k.column);

export function orderBySql(order: SortOrder): string {
  return `ORDER BY ${order.keys.map((k) => `${expr(k)} ${k.desc ? 'DESC' : 'ASC'}${k.nullable ? ' NULLS LAST' : ''}`).join(', ')}`;
}

/** SQL condition: the row comes strictly after `values` (a position in `order`). */
export function afterSql(order: SortOrder, values: readonly KeyValue[], p: Params): string {
  const alternatives: string[] = [];
  const equal: string[] = [];
  order.keys.forEach((k, i) => {
    const v = values[i];
    // Nulls are last: nothing comes after a null in its own key; every null comes after a value.
    if (v !== null) {
      const beyond = `${expr(k)} ${k.desc ? '<' : '>'} ${p.p(v)}`;
      const later = k.nullable ? `(${beyond} OR ${k.column} IS NULL)` : beyond;
      alternatives.push([...equal, later].join(' AND '));
    }
    // Every placeholder must be used: the last key's equality is never needed.
    if (i < order.keys.length - 1) equal.push(v === null ? `${k.column} IS NULL` : `${expr(k)} = ${p.p(v)}`);
  });
  return alternatives.length ? `(${alternatives.map((a) => `(${a})`).join(' OR ')})` : 'FALSE';
}

/** The columns a query must select to compute a row's position. */
export const positionColumns = (order: SortOrder): string[] => order.keys.map((k) => k.column);

/** A row's position in `order`. */
function positionOf(order: SortOrder, row: Row): KeyValue[] {
  return order.keys.map((k) => {
    const v = row[k.column];
    if (v === null || v === undefined) return null;
    return k.kind === 'text' || k.kind === 'sid' ? String(v) : num(v);
  });
}

/**
 * One page: `rows` read with LIMIT `limit + 1` in `order`; the extra row only says whether
 * another page follows, and `next` is the position of the last kept row then.
 */
export function pageOf(order: SortOrder, rows: Row[], limit: number): { rows: Row[]; next: KeyValue[] | null } {
  const more = rows.length > limit;
  const kept = more ? rows.slice(0, limit) : rows;
  return { rows: kept, next: more ? positionOf(order, kept[kept.length - 1]) : null };
}
