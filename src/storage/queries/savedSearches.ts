// Saved searches (CONTRACT §7): plain CRUD keyed by (org, id). A record keeps the scope of the
// key that created it (CONTRACT §1): an unscoped key sees and changes every record of its org,
// a scoped key only those of exactly its scope (storage/owned.ts), like subscriptions and rules.

import type { CallFilterInput } from '../../domain/callFilters.js';
import { newId } from '../../domain/ids.js';
import type { Principal } from '../../domain/principal.js';
import type { Scope } from '../../domain/scope.js';
import { num, type Db, type Row } from '../db.js';
import { deleteOwned, selectOwned, upsertOwned } from '../owned.js';
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
 * Creates or replaces (org, id) in one transaction (storage/owned.ts upsertOwned): a
 * replacement keeps `created_at` and the stored scope; an id held by a record outside a scoped
 * key's scope is not touched (`not_found`); a creation is refused once the org holds
 * MAX_SAVED_SEARCHES_PER_ORG records.
 */
export async function upsertSavedSearch(
  db: Db,
  principal: Principal,
  input: { id: string; name: string; filters: CallFilterInput },
  now: number,
): Promise<UpsertOutcome> {
  const values = { name: input.name, filters_json: JSON.stringify(input.filters) };
  const r = await upsertOwned(db, principal, 'saved_searches', input.id, values, MAX_SAVED_SEARCHES_PER_ORG, now);
  if (r.outcome === 'limit_reached' || r.outcome === 'not_found') return r;
  const scope = r.scopeJson ? (JSON.parse(r.scopeJson) as Scope) : null;
  return { outcome: r.outcome, record: { ...input, scope, created_at: r.createdAt, updated_at: now } };
}

/** True when a record was deleted; false when the org has no such id or it is outside the principal's scope. */
export function deleteSavedSearch(db: Db, principal: Principal, id: string): Promise<boolean> {
  return db.tx((tx) => deleteOwned(tx, principal, 'saved_searches', id));
}
