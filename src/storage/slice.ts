// The one place where tenant and slice filters become SQL. Every query over calls starts
// its WHERE clause with `sliceWhere`, so no route can forget them.

import type { Principal } from '../domain/principal.js';
import { SCOPE_DIMENSIONS } from '../domain/scope.js';
import { INTEL_FIELDS } from '../domain/call.js';
import { bankNameMatches } from '../domain/indicators/bankNames.js';
import { FILTER_COLUMNS, ORIGIN_PATTERNS, type SliceFilter } from '../domain/sliceFilter.js';
import type { Params } from './db.js';

export function sliceWhere(principal: Pick<Principal, 'orgId' | 'scope' | 'filter'>, params: Params, alias = ''): string {
  const col = (c: string) => (alias ? `${alias}.${c}` : c);
  const parts = [`${col('org_id')} = ${params.p(principal.orgId)}`];
  const scope = principal.scope;
  if (scope) {
    for (const dim of SCOPE_DIMENSIONS) {
      const allowed = scope[dim];
      if (allowed) parts.push(`lower(${col(dim)}) IN (${params.list(matchValues(dim, allowed))})`);
    }
  }
  if (principal.filter) parts.push(...filterParts(principal.filter, params, col));
  return parts.join(' AND ');
}

/** Lower-cased values a column is matched against: a bank also by its one spelling (normaliseBankName at ingest; rows stored before it keep theirs). */
const matchValues = (column: string, values: readonly string[]): string[] =>
  column === 'mule_bank_name' ? bankNameMatches(values) : values.map((v) => v.toLowerCase());

/** The conditions of a read's narrowing (see domain/sliceFilter.ts); columns come from FILTER_COLUMNS only. */
function filterParts(f: SliceFilter, params: Params, col: (c: string) => string): string[] {
  const parts: string[] = [];
  for (const column of FILTER_COLUMNS) {
    const values = f.values?.[column];
    if (values) parts.push(values.length ? `lower(${col(column)}) IN (${params.list(matchValues(column, values))})` : 'FALSE');
  }
  for (const q of f.q ?? []) parts.push(`strpos(${col('transcript_lower')}, ${params.p(q)}) > 0`);
  if (f.tiers) parts.push(f.tiers.length ? `${col('tier')} IN (${params.list(f.tiers)})` : 'FALSE');
  if (f.hooked !== undefined) parts.push(`${col('hooked')} = ${params.p(f.hooked)}`);
  if (f.minDurationSec !== undefined) parts.push(`${col('duration_sec')} >= ${params.p(f.minDurationSec)}`);
  if (f.maxDurationSec !== undefined) parts.push(`${col('duration_sec')} <= ${params.p(f.maxDurationSec)}`);
  for (const field of INTEL_FIELDS) if (f.has?.includes(field)) parts.push(`${col(field)} IS NOT NULL`);
  if (f.hasIntel !== undefined) parts.push(`${col('has_intel')} = ${params.p(f.hasIntel)}`);
  if (f.minAsked !== undefined) parts.push(`${col('asks_total')} >= ${params.p(f.minAsked)}`);
  if (f.maxAsked !== undefined) parts.push(`${col('asks_total')} <= ${params.p(f.maxAsked)}`);
  if (f.minAsks !== undefined) parts.push(`${col('asks_count')} >= ${params.p(f.minAsks)}`);
  if (f.minSingleAsk !== undefined) {
    parts.push(`EXISTS (SELECT 1 FROM unnest(${col('dollar_asks')}) AS u(a) WHERE a >= ${params.p(f.minSingleAsk)})`);
  }
  if (f.origins) {
    // Caller IDs as typed: spaces, dots, dashes and brackets removed before matching.
    const digits = `regexp_replace(coalesce(${col('caller_id')}, ''), '[ ().-]', '', 'g')`;
    const any = f.origins.map((o) => {
      if (o === 'us') return `${col('caller_state')} IS NOT NULL`;
      if (o === 'withheld') return `NOT (${digits} ~ ${params.p('^\\+?[0-9]{7,}$')})`;
      return `${digits} ~ ${params.p(ORIGIN_PATTERNS[o])}`;
    });
    parts.push(any.length ? `(${any.join(' OR ')})` : 'FALSE');
  }
  return parts;
}
