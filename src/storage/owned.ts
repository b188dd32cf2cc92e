// Objects a key creates (webhook subscriptions, alert rules, saved searches and views, annotations) keep the scope of
// that key (CONTRACT §1). An unscoped key sees every such object of its org; a scoped key only
// those created with exactly its own scope, and any other id answers 404 like a foreign one.

import type { Principal } from '../domain/principal.js';
import { scopeJson } from '../domain/scope.js';
import { num, Params, type Db, type Row } from './db.js';

/** SQL condition: the objects a principal sees (its org's; for a scoped key, of its scope). */
export function ownedWhere(principal: Principal, p: Params, alias = ''): string {
  const col = (c: string) => (alias ? `${alias}.${c}` : c);
  const org = `${col('org_id')} = ${p.p(principal.orgId)}`;
  return principal.scope ? `${org} AND ${col('scope_json')} = ${p.p(scopeJson(principal.scope))}` : org;
}

/** The same test in code, for a stored `scope_json` already read. */
function ownedBy(principal: Principal, storedScopeJson: string | null): boolean {
  return !principal.scope || storedScopeJson === scopeJson(principal.scope);
}

/** The tables of objects a key creates. */
type OwnedTable = 'webhook_subscriptions' | 'alert_rules' | 'saved_searches' | 'saved_views' | 'annotations';

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

/** What an upsert of an owned object did: its created_at and the scope it keeps, or why not. */
export type OwnedUpsert =
  | { outcome: 'created' | 'replaced'; createdAt: number; scopeJson: string | null }
  | { outcome: 'limit_reached' }
  /** The id belongs to an object outside the writing key's scope: left untouched. */
  | { outcome: 'not_found' };

/**
 * Creates or replaces the principal's object (org, `id`) in `table`, setting `values` (column →
 * value; `updated_at` is set to `now`). A replacement keeps `created_at` and the stored scope;
 * an id held by an object outside a scoped key's scope is not touched; a creation is refused
 * once the org holds `max` objects. Writers of one org take turns, so the limit and the
 * created/replaced decision stay exact.
 */
export function upsertOwned(
  db: Db,
  principal: Principal,
  table: OwnedTable,
  id: string,
  values: Record<string, unknown>,
  max: number,
  now: number,
): Promise<OwnedUpsert> {
  const columns = Object.keys(values);
  return db.withLock('orgRecords', principal.orgId, async (tx) => {
    const [existing] = await tx.all(`SELECT created_at, scope_json FROM ${table} WHERE org_id = $1 AND id = $2`, [principal.orgId, id]);
    if (existing) {
      const stored = (existing.scope_json as string | null) ?? null;
      if (!ownedBy(principal, stored)) return { outcome: 'not_found' };
      const p = new Params();
      const sets = columns.map((c) => `${c} = ${p.p(values[c])}`).join(', ');
      await tx.run(
        `UPDATE ${table} SET ${sets}, updated_at = ${p.p(now)} WHERE org_id = ${p.p(principal.orgId)} AND id = ${p.p(id)}`,
        p.values,
      );
      return { outcome: 'replaced', createdAt: num(existing.created_at), scopeJson: stored };
    }
    const [{ n }] = await tx.all(`SELECT count(*) AS n FROM ${table} WHERE org_id = $1`, [principal.orgId]);
    if (Number(n) >= max) return { outcome: 'limit_reached' };
    const scope = scopeJson(principal.scope);
    const p = new Params();
    const all = { org_id: principal.orgId, id, ...values, scope_json: scope, created_at: now, updated_at: now };
    await tx.run(
      `INSERT INTO ${table} (${Object.keys(all).join(', ')}) VALUES (${Object.values(all)
        .map((v) => p.p(v))
        .join(', ')})`,
      p.values,
    );
    return { outcome: 'created', createdAt: now, scopeJson: scope };
  });
}
