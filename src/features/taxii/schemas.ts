// Request and response schemas of the TAXII 2.1 endpoints (also their OpenAPI documentation).
// Every answer, errors included, is application/taxii+json;version=2.1.

import { Type, type TSchema } from '@sinclair/typebox';
import { MAX_NEXT_LENGTH } from './cursor.js';
import { TAXII_MEDIA_TYPE } from './errors.js';

/** The most objects a page holds: a larger `limit` is answered with this many (TAXII 2.1 §3.4: a server may return fewer). */
const MAX_LIMIT = 1000;
const DEFAULT_LIMIT = 100;

/** The page size for a requested limit. */
export const pageLimit = (limit: number): number => Math.min(limit, MAX_LIMIT);
/** At most this many values in all of one match[] filter (repeated and comma-separated). */
export const MAX_MATCH_VALUES = 100;

const matchParam = (what: string) =>
  Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 4000 }), {
      maxItems: 20,
      description: `${what}: comma-separated, the parameter may be repeated; at most ${MAX_MATCH_VALUES} values in all.`,
    }),
  );

const paging = {
  added_after: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description:
        'Only objects added after this instant (RFC 3339, e.g. the X-TAXII-Date-Added-Last of the previous poll; precision ' +
        'below a millisecond is dropped).',
    }),
  ),
  limit: Type.Integer({
    minimum: 1,
    maximum: Number.MAX_SAFE_INTEGER,
    default: DEFAULT_LIMIT,
    description:
      `Objects per page (default ${DEFAULT_LIMIT}); above ${MAX_LIMIT}, ${MAX_LIMIT} (the server's maximum). A page may ` +
      'hold fewer while "more" is true.',
  }),
  next: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: MAX_NEXT_LENGTH,
      description: 'Opaque: "next" of the previous page, with the same match[] filters. An altered one is 400.',
    }),
  ),
  'match[version]': matchParam(
    'Object versions: last, first, all (every object has one version at a time here, so these three are the same) or ' +
      'RFC 3339 timestamps, compared to the millisecond',
  ),
  'match[spec_version]': matchParam('STIX spec versions, e.g. 2.1'),
};

export const ObjectsQuery = Type.Object({
  ...paging,
  'match[type]': matchParam('STIX object types, e.g. indicator,sighting'),
  'match[id]': matchParam('STIX object ids'),
});

export const ObjectQuery = Type.Object(paging);

/** Get Object Versions takes the paging parameters and match[spec_version] (TAXII 2.1 §5.8). */
const { 'match[version]': _version, ...versionsPaging } = paging;
export const VersionsQuery = Type.Object(versionsPaging);

export const CollectionParams = Type.Object({
  collection_id: Type.String({ minLength: 1, maxLength: 64, description: 'A collection id from GET /taxii2/api/collections/' }),
});

export const ObjectParams = Type.Object({
  collection_id: CollectionParams.properties.collection_id,
  object_id: Type.String({
    pattern: '^[a-z0-9][a-z0-9-]{0,249}--[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
    maxLength: 300,
    description: 'A STIX id, <type>--<UUID>',
  }),
});

// ---------------------------------------------------------------------------------------------
// responses

const TaxiiErrorSchema = Type.Object(
  {
    title: Type.String(),
    description: Type.String(),
    error_code: Type.String({ description: 'Stable: the `code` of the problem+json errors elsewhere, or not_acceptable (406)' }),
    http_status: Type.String({ description: 'The HTTP status, as a string (TAXII 2.1 §3.6.1)' }),
    details: Type.Optional(
      Type.Object({}, { additionalProperties: true, description: 'errors (field problems) and required_tier, where they apply' }),
    ),
  },
  { description: 'TAXII 2.1 error message' },
);

const Discovery = Type.Object({
  title: Type.String(),
  description: Type.String(),
  default: Type.String(),
  api_roots: Type.Array(Type.String()),
});

const ApiRoot = Type.Object({
  title: Type.String(),
  description: Type.String(),
  versions: Type.Array(Type.String()),
  max_content_length: Type.Integer({ description: 'Bytes of request content accepted: 0, every endpoint is read-only' }),
});

const Collection = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  can_read: Type.Boolean(),
  can_write: Type.Boolean(),
  media_types: Type.Array(Type.String()),
});

const Collections = Type.Object({ collections: Type.Optional(Type.Array(Collection)) });

const StixObjectSchema = Type.Object(
  { type: Type.String(), id: Type.String() },
  { additionalProperties: true, description: 'A STIX 2.1 object' },
);

const Envelope = Type.Object({
  more: Type.Boolean(),
  next: Type.Optional(Type.String()),
  objects: Type.Optional(Type.Array(StixObjectSchema, { description: 'Absent when the page is empty (TAXII lists are never empty)' })),
});

const Manifest = Type.Object({
  more: Type.Boolean(),
  next: Type.Optional(Type.String()),
  objects: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.String(),
        date_added: Type.String({ description: 'TAXII timestamp (microseconds, Z)' }),
        version: Type.String({
          description:
            'modified; for an SCO (which has none) the instant its content last changed: its last call’s ingest, or the TLP change',
        }),
        media_type: Type.String(),
      }),
    ),
  ),
});

const Versions = Type.Object({
  more: Type.Boolean(),
  next: Type.Optional(Type.String()),
  versions: Type.Optional(Type.Array(Type.String(), { description: 'The versions held (modified, or the SCO’s version), oldest first' })),
});

const ERROR_STATUSES: Record<number, string> = {
  400: 'Invalid query or path value',
  401: 'No valid credentials',
  403: 'Not allowed for this key (tier_required for free organisations)',
  404: 'Unknown collection or object (another org or slice included)',
  406: 'The Accept header does not allow application/taxii+json;version=2.1',
  415: 'The request carries content or a Content-Type other than TAXII',
  429: 'Rate limit exceeded',
  500: 'Internal error',
};

const taxii = (schema: TSchema, description: string) => ({ description, content: { [TAXII_MEDIA_TYPE]: { schema } } });

/** The responses of one TAXII operation: its success and every error, all TAXII JSON. */
function responses(ok: TSchema, description: string) {
  return {
    200: taxii(ok, description),
    ...Object.fromEntries(Object.entries(ERROR_STATUSES).map(([s, d]) => [s, taxii(TaxiiErrorSchema, d)])),
  };
}

export const DiscoveryResponses = responses(Discovery, 'TAXII discovery resource');
export const ApiRootResponses = responses(ApiRoot, 'TAXII API root resource');
export const CollectionsResponses = responses(Collections, 'The collections this key can read: one, its org and slice');
export const CollectionResponses = responses(Collection, 'TAXII collection resource');
export const EnvelopeResponses = responses(Envelope, 'TAXII envelope of STIX objects');
export const ManifestResponses = responses(Manifest, 'TAXII manifest');
export const VersionsResponses = responses(Versions, 'TAXII versions resource');
