import type { Scope } from './scope.js';
import type { SliceFilter } from './sliceFilter.js';

export type OrgTier = 'free' | 'pro';
export type KeyRole = 'read' | 'ingest';

/** Who is asking: passed as the first argument of every storage call. */
export interface Principal {
  orgId: string;
  tier: OrgTier;
  keyId: string;
  role: KeyRole;
  scope: Scope | null;
  /** A narrowing for one read (the agent's filters): ANDed with the scope, never wider. */
  filter?: SliceFilter;
}
