// Saved searches (CONTRACT §7): plain CRUD keyed by (org, id). A record keeps the scope of the
// key that wrote it; the list and lookups are per org only (see features/saved-searches).

import { randomUUID } from 'node:crypto';
import type { CallFilterInput } from '../../domain/callFilters.js';
import type { Principal } from '../../domain/principal.js';
import type { Scope } from '../../domain/scope.js';
import { num, type Db, type Row } from '../db.js';
import { byCodePoint } from './textOrder.js';

export const MAX_SAVED_SEARCHES_PER_ORG = 500;

export interface SavedSearch {
  id: string;
  name: string;
  filters: CallFilterInput;
  /** Scope of the key that last wrote it (null for an unscoped key). */
  scope: Scope | null;
  created_at: number;
  updated_at: number;
}

export type UpsertOutcome =
  | { outcome: 'created' | 'replaced'; record: SavedSearch }
  | { outcome: 'limit_reached' };

const COLUMNS = 'id, name, filters_json, scope_json, created_at, updated_at';

function toSavedSearch(r: Row): SavedSearch {
  return {
    id: r.id as string,
    name: r.name as string,
    filters: JSON.parse(r.filters_json as string) as CallFilterInput,
    scope: r.scope_json ? (JSON.parse(r.scope_json as string) as Scope) : null,
    created_at: num(r.created_at),
    updated_at: num(r.updated_at),
  };
}

export const newSavedSearchId = () => `ss_${randomUUID().replace(/-/g, '')}`;

/** Newest `updated_at` first, ties by id ascending. */
export async function listSavedSearches(db: Db, principal: Principal): Promise<SavedSearch[]> {
  const rows = await db.all(
    `SELECT ${COLUMNS} FROM saved_searches WHERE org_id = $1 ORDER BY updated_at DESC, ${byCodePoint('id')} ASC`,
    [principal.orgId],
  );
  return rows.map(toSavedSearch);
}

export async function getSavedSearch(db: Db, principal: Principal, id: string): Promise<SavedSearch | null> {
  const rows = await db.all(`SELECT ${COLUMNS} FROM saved_searches WHERE org_id = $1 AND id = $2`, [principal.orgId, id]);
  return rows[0] ? toSavedSearch(rows[0]) : null;
}

/**
 * Creates or replaces (org, id) in one transaction. A replacement keeps `created_at`; a
 * creation is refused once the org holds MAX_SAVED_SEARCHES_PER_ORG records.
 */
export function upsertSavedSearch(
  db: Db,
  principal: Principal,
  input: { id: string; name: string; filters: CallFilterInput },
  now: number,
): Promise<UpsertOutcome> {
  const filtersJson = JSON.stringify(input.filters);
  const scopeJson = principal.scope ? JSON.stringify(principal.scope) : null;
  return db.tx(async (tx) => {
    // PostgreSQL: lock the org row so concurrent writers of one org serialise and the limit
    // and the created/replaced decision stay exact. DuckDB already serialises every write.
    if (tx.dialect === 'postgres') await tx.run('SELECT 1 FROM orgs WHERE id = $1 FOR UPDATE', [principal.orgId]);
    const existing = await tx.all(`SELECT created_at FROM saved_searches WHERE org_id = $1 AND id = $2`, [
      principal.orgId,
      input.id,
    ]);
    if (existing[0]) {
      await tx.run(
        `UPDATE saved_searches SET name = $1, filters_json = $2, scope_json = $3, updated_at = $4 WHERE org_id = $5 AND id = $6`,
        [input.name, filtersJson, scopeJson, now, principal.orgId, input.id],
      );
      const created_at = num(existing[0].created_at);
      return { outcome: 'replaced', record: { ...input, scope: principal.scope, created_at, updated_at: now } };
    }
    const [{ n }] = await tx.all(`SELECT count(*) AS n FROM saved_searches WHERE org_id = $1`, [principal.orgId]);
    if (Number(n) >= MAX_SAVED_SEARCHES_PER_ORG) return { outcome: 'limit_reached' };
    await tx.run(
      `INSERT INTO saved_searches (org_id, id, name, filters_json, scope_json, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [principal.orgId, input.id, input.name, filtersJson, scopeJson, now, now],
    );
    return { outcome: 'created', record: { ...input, scope: principal.scope, created_at: now, updated_at: now } };
  });
}

/** True when a record was deleted; false when the org has no such id. */
export function deleteSavedSearch(db: Db, principal: Principal, id: string): Promise<boolean> {
  return db.tx(async (tx) => {
    const found = await tx.all(`SELECT id FROM saved_searches WHERE org_id = $1 AND id = $2`, [principal.orgId, id]);
    if (!found[0]) return false;
    await tx.run(`DELETE FROM saved_searches WHERE org_id = $1 AND id = $2`, [principal.orgId, id]);
    return true;
  });
}
