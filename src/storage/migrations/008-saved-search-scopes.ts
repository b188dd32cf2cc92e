import { scopeJson, type Scope } from '../../domain/scope.js';
import type { Db } from '../db.js';
import type { Migration } from './migration.js';

/** Scopes stored before they were canonical (domain/scope.ts) are rewritten. */
export async function canonicalSavedSearchScopes(db: Db): Promise<void> {
  const rows = await db.all<{ org_id: string; id: string; scope_json: string }>(
    'SELECT org_id, id, scope_json FROM saved_searches WHERE scope_json IS NOT NULL',
  );
  for (const r of rows) {
    const canonical = scopeJson(JSON.parse(r.scope_json) as Scope);
    if (canonical !== r.scope_json) {
      await db.run('UPDATE saved_searches SET scope_json = $1 WHERE org_id = $2 AND id = $3', [canonical, r.org_id, r.id]);
    }
  }
}

export const migration008: Migration = {
  version: 8,
  name: 'canonical scope on saved searches',
  // A scoped key sees only the saved searches of exactly its scope, compared as canonical
  // JSON (storage/owned.ts); records written before were stored in the key's own order.
  sql: () => [],
  run: canonicalSavedSearchScopes,
};
