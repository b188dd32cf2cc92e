// Objects a key creates (webhook subscriptions, alert rules, saved searches) keep the scope of
// that key (CONTRACT §1). An unscoped key sees every such object of its org; a scoped key only
// those created with exactly its own scope, and any other id answers 404 like a foreign one.

import type { Principal } from '../domain/principal.js';
import { scopeJson } from '../domain/scope.js';
import { Params, type Db, type Row } from './db.js';

/** SQL condition: the objects a principal sees (its org's; for a scoped key, of its scope). */
export function ownedWhere(principal: Principal, p: Params, alias = ''): string {
  const col = (c: string) => (alias ? `${alias}.${c}` : c);
  const org = `${col('org_id')} = ${p.p(principal.orgId)}`;
  return principal.scope ? `${org} AND ${col('scope_json')} = ${p.p(scopeJson(principal.scope))}` : org;
}

/** The same test in code, for a stored `scope_json` already read. */
export function ownedBy(principal: Principal, storedScopeJson: string | null): boolean {
  return !principal.scope || storedScopeJson === scopeJson(principal.scope);
}

/** The tables of objects a key creates. */
type OwnedTable = 'webhook_subscriptions' | 'alert_rules' | 'saved_searches';

/** `columns` of the principal's objects in `table`: every one in `orderBy` order, or the one with `id`. */
export function selectOwned(
  db: Db,
  principal: Principal,
  table: OwnedTable,
  columns: string,
  which: { orderBy: string } | { id: string },
): Promise<Row[]> {
  const p = new Params();
  const tail = 'id' in which ? `AND id = ${p.p(which.id)}` : `ORDER BY ${which.orderBy}`;
  return db.all(`SELECT ${columns} FROM ${table} WHERE ${ownedWhere(principal, p)} ${tail}`, p.values);
}

/** Deletes the principal's object `id` from `table`; false when it sees none by that id. */
export async function deleteOwned(tx: Db, principal: Principal, table: OwnedTable, id: string): Promise<boolean> {
  const p = new Params();
  const gone = await tx.all(`DELETE FROM ${table} WHERE ${ownedWhere(principal, p)} AND id = ${p.p(id)} RETURNING id`, p.values);
  return gone.length > 0;
}
