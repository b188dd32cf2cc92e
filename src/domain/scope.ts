// Key scopes (CONTRACT §1): a data slice named by dimensions and allowed values.
// A call is inside the slice when, for every dimension named, its value is in the list
// (case-insensitive); a null value is outside.

import { Type } from '@sinclair/typebox';
import { validationFailed, type FieldError } from '../errors.js';
import { bankNameMatches } from './indicators/bankNames.js';

export const SCOPE_DIMENSIONS = ['impersonated_brand', 'lure_category', 'mule_bank_name', 'caller_state', 'persona'] as const;
type ScopeDimension = (typeof SCOPE_DIMENSIONS)[number];

/** Values are stored lower-cased, trimmed and de-duplicated. */
export type Scope = Partial<Record<ScopeDimension, string[]>>;

/** A key's scope as the API shows it (and takes it at key creation). */
export const ScopeSchema = Type.Union([
  Type.Record(Type.String(), Type.Array(Type.String(), { minItems: 1 }), {
    description:
      'Data slice: keys among impersonated_brand, lure_category, mule_bank_name, caller_state, persona; values are non-empty lists (case-insensitive).',
  }),
  Type.Null(),
]);

const MAX_VALUES = 200;

export function parseScope(raw: unknown, at = 'scope'): Scope | null {
  if (raw === null || raw === undefined) return null;
  const errors: FieldError[] = [];
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw validationFailed('scope must be an object of dimension → list of values', [{ path: at, message: 'must be an object' }]);
  }
  const scope: Scope = {};
  for (const [dim, values] of Object.entries(raw as Record<string, unknown>)) {
    if (!(SCOPE_DIMENSIONS as readonly string[]).includes(dim)) {
      errors.push({ path: `${at}.${dim}`, message: `unknown dimension; allowed: ${SCOPE_DIMENSIONS.join(', ')}` });
      continue;
    }
    if (!Array.isArray(values) || values.length === 0 || values.length > MAX_VALUES) {
      errors.push({ path: `${at}.${dim}`, message: `must be a non-empty list of at most ${MAX_VALUES} strings` });
      continue;
    }
    const clean = new Set<string>();
    values.forEach((v, i) => {
      if (typeof v !== 'string' || v.trim() === '' || v.length > 512) {
        errors.push({ path: `${at}.${dim}[${i}]`, message: 'must be a non-empty string of at most 512 characters' });
      } else clean.add(v.trim().toLowerCase());
    });
    scope[dim as ScopeDimension] = [...clean];
  }
  if (errors.length) throw validationFailed('The scope is not valid.', errors);
  return Object.keys(scope).length ? scope : null;
}

/**
 * The scope of a new key: a scope is a read-key property (CONTRACT §1), so an ingest key with
 * one is refused rather than created with a slice that nothing would ever apply.
 */
export function parseKeyScope(role: 'read' | 'ingest', raw: unknown, at = 'scope'): Scope | null {
  if (role === 'ingest' && raw !== null && raw !== undefined) {
    throw validationFailed('Only read keys may carry a scope; an ingest key has none.', [
      { path: at, message: 'must be absent or null for an ingest key' },
    ]);
  }
  return parseScope(raw, at);
}

/**
 * One spelling of a scope however its key was given: dimensions in SCOPE_DIMENSIONS order,
 * values trimmed, lower-cased (matching is case-insensitive), de-duplicated and sorted. Two
 * keys with the same slice get the same canonical scope, and so see the same objects.
 */
export function canonicalScope(scope: Scope | null): Scope | null {
  if (!scope) return null;
  const out: Scope = {};
  for (const dim of SCOPE_DIMENSIONS) {
    const values = scope[dim];
    if (values) out[dim] = [...new Set(values.map((v) => v.trim().toLowerCase()))].sort();
  }
  return out;
}

/** The canonical scope as JSON: stored on the objects a key creates, and hashed into per-scope ids. */
export function scopeJson(scope: Scope | null): string | null {
  const canonical = canonicalScope(scope);
  return canonical && JSON.stringify(canonical);
}

export type SliceValues = Partial<Record<ScopeDimension, string | null>>;

export function inScope(scope: Scope | null, values: SliceValues): boolean {
  if (!scope) return true;
  for (const dim of SCOPE_DIMENSIONS) {
    const allowed = scope[dim];
    if (!allowed) continue;
    const v = values[dim];
    if (v === null || v === undefined) return false;
    const matches = dim === 'mule_bank_name' ? bankNameMatches(allowed) : allowed;
    if (!matches.includes(v.trim().toLowerCase())) return false;
  }
  return true;
}
