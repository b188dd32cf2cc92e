// One TAXII collection per organisation and key scope: the STIX objects of the tier-1 calls a
// key of that org and scope can read. Its id is a UUIDv5 of the org id and the canonical scope,
// so every key with the same slice sees the same collection, and no other.

import type { Principal } from '../../domain/principal.js';
import { SCOPE_DIMENSIONS, scopeJson } from '../../domain/scope.js';
import { uuidv5 } from '../../intel/stix/index.js';
import { STIX_MEDIA_TYPE } from './errors.js';

/** Namespace of collection ids (a random v4 fixed once: changing it would move every collection). */
const COLLECTION_NAMESPACE = 'bc23c48b-1b19-42e3-9dd1-b9deb54dfd4a';

export const collectionIdOf = (p: Pick<Principal, 'orgId' | 'scope'>): string =>
  uuidv5(JSON.stringify([p.orgId, scopeJson(p.scope)]), COLLECTION_NAMESPACE);

export interface CollectionResource {
  id: string;
  title: string;
  description: string;
  can_read: boolean;
  can_write: boolean;
  media_types: string[];
}

const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** "impersonated_brand: amazon, paypal; caller_state: ny" */
function scopeText(p: Pick<Principal, 'scope'>): string | null {
  if (!p.scope) return null;
  return SCOPE_DIMENSIONS.filter((d) => p.scope![d])
    .map((d) => `${d}: ${[...p.scope![d]!].sort().join(', ')}`)
    .join('; ');
}

export function collectionOf(p: Pick<Principal, 'orgId' | 'scope'>, orgName: string): CollectionResource {
  const scope = scopeText(p);
  return {
    id: collectionIdOf(p),
    title: cut(scope ? `${orgName} (${scope})` : orgName, 200),
    description: cut(
      `STIX 2.1 objects of the tier-1 scam calls of ${orgName}${scope ? ` in the slice ${scope}` : ''}: caller IDs, mule bank ` +
        'accounts and crypto wallets as observables, indicators, sightings and transcript notes. date_added is when the call ' +
        'was (last) ingested.',
      2000,
    ),
    can_read: true,
    can_write: false,
    media_types: [STIX_MEDIA_TYPE],
  };
}
