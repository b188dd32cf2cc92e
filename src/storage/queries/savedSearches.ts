// Saved searches (CONTRACT §7): plain CRUD keyed by (org, id). A record keeps the scope of the
// key that created it (CONTRACT §1): an unscoped key sees and changes every record of its org,
// a scoped key only those of exactly its scope (storage/owned.ts), like subscriptions and rules.

import type { CallFilterInput } from '../../domain/callFilters.js';
import { newId } from '../../domain/ids.js';
import type { Principal } from '../../domain/principal.js';
import { scopeJson, type Scope } from '../../domain/scope.js';
import { num, type Db, type Row } from '../db.js';
import { deleteOwned, ownedBy, selectOwned } from '../owned.js';
import { byCodePoint } from './textOrder.js';

export const MAX_SAVED_SEARCHES_PER_ORG = 500;

export interface SavedSearch {
  id: string;
  name: string;
  filters: CallFilterInput;
  /** Scope of the key that created it (null for an unscoped key). */
  scope: Scope | null;
  created_at: number;
  updated_at: number;
}

export type UpsertOutcome =
  | { outcome: 'created' | 'replaced'; record: SavedSearch }
  | { outcome: 'limit_reached' }
  /** The id belongs to a record outside the writing key's scope. */
  | { outcome: 'not_found' };

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

export const newSavedSearchId = () => newId('ss');

/** The records the principal sees, newest `updated_at` first, ties by id ascending. */
export async function listSavedSearches(db: Db, principal: Principal): Promise<SavedSearch[]> {
  const rows = await selectOwned(db, principal, 'saved_searches', COLUMNS, { orderBy: `updated_at DESC, ${byCodePoint('id')} ASC` });
  return rows.map(toSavedSearch);
}

/** Null when the org has no such id or it is outside the principal's scope. */
export async function getSavedSearch(db: Db, principal: Principal, id: string): Promise<SavedSearch | null> {
  const [row] = await selectOwned(db, principal, 'saved_searches', COLUMNS, { id });
  return row ? toSavedSearch(row) : null;
}

/**
 * Creates or replaces (org, id) in one transaction. A replacement keeps `created_at` and the
 * stored scope; an id held by a record outside a scoped key's scope is not touched
 * (`not_found`); a creation is refused once the org holds MAX_SAVED_SEARCHES_PER_ORG records.
 */
export function upsertSavedSearch(
  db: Db,
  principal: Principal,
  input: { id: string; name: string; filters: CallFilterInput },
  now: number,
): Promise<UpsertOutcome> {
  const filtersJson = JSON.stringify(input.filters);
  // Concurrent writers of one org take turns, so the limit and the created/replaced decision stay exact.
  return db.withLock('orgRecords', principal.orgId, async (tx) => {
    const [existing] = await tx.all(`SELECT created_at, scope_json FROM saved_searches WHERE org_id = $1 AND id = $2`, [
      principal.orgId,
      input.id,
    ]);
    if (existing) {
      const stored = (existing.scope_json as string | null) ?? null;
      if (!ownedBy(principal, stored)) return { outcome: 'not_found' };
      await tx.run(`UPDATE saved_searches SET name = $1, filters_json = $2, updated_at = $3 WHERE org_id = $4 AND id = $5`, [
        input.name,
        filtersJson,
        now,
        principal.orgId,
        input.id,
      ]);
      const scope = stored ? (JSON.parse(stored) as Scope) : null;
      return { outcome: 'replaced', record: { ...input, scope, created_at: num(existing.created_at), updated_at: now } };
    }
    const [{ n }] = await tx.all(`SELECT count(*) AS n FROM saved_searches WHERE org_id = $1`, [principal.orgId]);
    if (Number(n) >= MAX_SAVED_SEARCHES_PER_ORG) return { outcome: 'limit_reached' };
    await tx.run(
      `INSERT INTO saved_searches (org_id, id, name, filters_json, scope_json, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [principal.orgId, input.id, input.name, filtersJson, scopeJson(principal.scope), now, now],
    );
    return { outcome: 'created', record: { ...input, scope: principal.scope, created_at: now, updated_at: now } };
  });
}

/** True when a record was deleted; false when the org has no such id or it is outside the principal's scope. */
export function deleteSavedSearch(db: Db, principal: Principal, id: string): Promise<boolean> {
  return db.tx((tx) => deleteOwned(tx, principal, 'saved_searches', id));
}
