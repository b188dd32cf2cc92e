// Saved views: a named state of the overview (window, filters of the query language,
// comparison, panels), reopened by id or shared as a link. Plain CRUD keyed by (org, id) that
// keeps the scope of the key that created it (storage/owned.ts), as saved searches do.

import { newId } from '../../domain/ids.js';
import type { Principal } from '../../domain/principal.js';
import { num, type Db, type Row } from '../db.js';
import { deleteOwned, selectOwned, upsertOwned } from '../owned.js';
import { byCodePoint } from './textOrder.js';

export const MAX_SAVED_VIEWS_PER_ORG = 500;

export interface SavedView {
  id: string;
  name: string;
  /** The overview's state as the route validated it. */
  state: Record<string, unknown>;
  created_at: number;
  updated_at: number;
}

const COLUMNS = 'id, name, state_json, created_at, updated_at';

const toView = (r: Row): SavedView => ({
  id: r.id as string,
  name: r.name as string,
  state: JSON.parse(r.state_json as string) as Record<string, unknown>,
  created_at: num(r.created_at),
  updated_at: num(r.updated_at),
});

export const newSavedViewId = () => newId('view');

/** The views the principal sees, newest `updated_at` first, ties by id. */
export async function listSavedViews(db: Db, principal: Principal): Promise<SavedView[]> {
  return (await selectOwned(db, principal, 'saved_views', COLUMNS, { orderBy: `updated_at DESC, ${byCodePoint('id')} ASC` })).map(toView);
}

/** Null when the org has no such id or it is outside the principal's scope. */
export async function getSavedView(db: Db, principal: Principal, id: string): Promise<SavedView | null> {
  const [row] = await selectOwned(db, principal, 'saved_views', COLUMNS, { id });
  return row ? toView(row) : null;
}

export type SavedViewUpsert =
  { outcome: 'created' | 'replaced'; record: SavedView } | { outcome: 'limit_reached' } | { outcome: 'not_found' };

/** Creates or replaces (org, id): see upsertOwned. */
export async function upsertSavedView(
  db: Db,
  principal: Principal,
  input: { id: string; name: string; state: Record<string, unknown> },
  now: number,
): Promise<SavedViewUpsert> {
  const values = { name: input.name, state_json: JSON.stringify(input.state) };
  const r = await upsertOwned(db, principal, 'saved_views', input.id, values, MAX_SAVED_VIEWS_PER_ORG, now);
  if (r.outcome === 'limit_reached' || r.outcome === 'not_found') return r;
  return { outcome: r.outcome, record: { ...input, created_at: r.createdAt, updated_at: now } };
}

/** True when deleted; false when the org has no such id or it is outside the principal's scope. */
export function deleteSavedView(db: Db, principal: Principal, id: string): Promise<boolean> {
  return db.tx((tx) => deleteOwned(tx, principal, 'saved_views', id));
}
