// The one place where tenant and slice filters become SQL. Every query over calls starts
// its WHERE clause with `sliceWhere`, so no route can forget them.

import type { Principal } from '../domain/principal.js';
import { SCOPE_DIMENSIONS } from '../domain/scope.js';
import type { Params } from './db.js';

export function sliceWhere(principal: Pick<Principal, 'orgId' | 'scope'>, params: Params, alias = ''): string {
  const col = (c: string) => (alias ? `${alias}.${c}` : c);
  const parts = [`${col('org_id')} = ${params.p(principal.orgId)}`];
  const scope = principal.scope;
  if (scope) {
    for (const dim of SCOPE_DIMENSIONS) {
      const allowed = scope[dim];
      if (allowed) parts.push(`lower(${col(dim)}) IN (${params.list(allowed)})`);
    }
  }
  return parts.join(' AND ');
}
