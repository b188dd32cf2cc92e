// The TAXII 2.1 feed as the page shows it: its URLs and the key's collection(s).

import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useMe } from '../../lib/session';

export const TAXII_MEDIA_TYPE = 'application/taxii+json;version=2.1';

/** A TAXII 2.1 collection resource (the members the page shows). */
export interface TaxiiCollection {
  id: string;
  title: string;
  description?: string;
  can_read: boolean;
  can_write: boolean;
}

/** TAXII 2.1 leaves `collections` out when there are none. */
interface TaxiiCollections {
  collections?: TaxiiCollection[];
}

export interface TaxiiUrls {
  origin: string;
  discovery: string;
  apiRoot: string;
}

/** Absolute, from the address this dashboard was reached at (what a client on the same network uses). */
export function taxiiUrls(origin: string = window.location.origin): TaxiiUrls {
  return { origin, discovery: `${origin}/taxii2/`, apiRoot: `${origin}/taxii2/api/` };
}

export const collectionUrl = (u: TaxiiUrls, id: string) => `${u.apiRoot}collections/${id}/`;

/** The key's collection(s): one per org and key scope, asked with the session cookie. */
export function useCollections() {
  const keyId = useMe()?.key.id ?? null;
  return useQuery({
    queryKey: ['taxii', 'collections', keyId],
    queryFn: ({ signal }) => api<TaxiiCollections>('/taxii2/api/collections/', { accept: TAXII_MEDIA_TYPE, signal }),
    staleTime: 5 * 60_000,
  });
}
