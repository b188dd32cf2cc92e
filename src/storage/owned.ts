// Objects a key creates (webhook subscriptions, alert rules, saved searches) keep the scope of
// that key (CONTRACT §1). An unscoped key sees every such object of its org; a scoped key only
// those created with exactly its own scope, and any other id answers 404 like a foreign one.

import type { Principal } from '../domain/principal.js';
import { scopeJson } from '../domain/scope.js';
import type { Params } from './db.js';

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
