// TAXII 2.1 server (README, Intel out): discovery, one API root ("api"), one collection per org and key
// scope, its objects, one object and its versions, and its manifest — read-only, for the same
// read keys (pro).
//
// Everything under /taxii2/ answers TAXII: success and errors alike are
// application/taxii+json;version=2.1, errors as TAXII error messages (errors.ts). This plugin
// has its own error handler (errors from the app-wide hooks — auth's 401/403, the rate
// limiter's 429 — reach it too, as they run for these routes) and its own not-found handler
// for unknown /taxii2/ paths and methods (404/405).

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { declareAccess, TAXII } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { AllowedMethods, routeMissing, setNotFoundHandler, toApiError } from '../../http/problem.js';
import { notFound } from '../../errors.js';
import { orgMarkingOf } from '../../intel/stix/index.js';
import { getOrg } from '../../storage/queries/orgs.js';
import { collectionIdOf, collectionOf } from './collection.js';
import { decodeNext, encodeNext } from './cursor.js';
import { sendTaxiiError, STIX_MEDIA_TYPE, TAXII_MEDIA_TYPE } from './errors.js';
import { readPage, type Filters, type Item } from './feed.js';
import { checkNegotiation } from './negotiation.js';
import { addedAfterOf, bindingFor, filtersOf } from './query.js';
import {
  ApiRootResponses,
  CollectionParams,
  CollectionResponses,
  CollectionsResponses,
  DiscoveryResponses,
  EnvelopeResponses,
  ManifestResponses,
  ObjectParams,
  ObjectQuery,
  ObjectsQuery,
  VersionsQuery,
  VersionsResponses,
  pageLimit,
} from './schemas.js';

/** The paging parameters every listing endpoint takes (the objects' and manifest's add match[type] and match[id]). */
type Paging = Static<typeof ObjectQuery>;

export async function taxiiRoutes(app: FastifyInstance): Promise<void> {
  declareAccess(app, TAXII);
  await app.register(taxiiApi, { prefix: '/taxii2' });
}

/** TAXII timestamps have microseconds (TAXII 2.1 §2.1); ours are milliseconds. */
const taxiiTimestamp = (ms: number): string => new Date(ms).toISOString().replace(/Z$/, '000Z');

const TAGS = ['taxii'];
/** The one exception to problem+json, said on every TAXII operation. */
const ERRORS_DOC =
  'Errors are TAXII 2.1 error messages (application/taxii+json;version=2.1: title, description, error_code — the ' +
  'stable code used elsewhere, or not_acceptable — http_status as a string, details), not problem+json. An Accept ' +
  'that allows no application/taxii+json;version=2.1 is 406; content or a non-TAXII Content-Type is 415.';

/** A page as served: `next` encoded. */
interface Served {
  items: Item[];
  more: boolean;
  next: string | null;
}

async function taxiiApi(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.deps.storage;
  const allowed = new AllowedMethods();
  app.addHook('onRoute', (route) => allowed.add(route.method, route.url));

  app.setErrorHandler((err, req, reply) => {
    const api = toApiError(err);
    if (api.status >= 500) req.log.error({ err }, 'request failed');
    return sendTaxiiError(reply, api);
  });
  setNotFoundHandler(app, async (req, reply) => sendTaxiiError(reply, routeMissing(allowed, req.method, req.url)));
  // Fastify writes parameters quoted ('version="2.1"') and adds a charset; TAXII clients
  // compare the media type as the spec spells it.
  app.addHook('onSend', async (_req, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/taxii+json')) reply.header('content-type', TAXII_MEDIA_TYPE);
    return payload;
  });
  // After the app-wide authentication (its preParsing hook was added first): 415, then 406.
  app.addHook('preParsing', async (req) => {
    if (!req.is404) checkNegotiation(req.headers);
  });

  const send = <T>(reply: FastifyReply, body: T) => reply.type(TAXII_MEDIA_TYPE).send(body);

  /** The caller's one collection, or 404 for any other id (another org's, another slice's, unknown). */
  function ownCollection(req: FastifyRequest, id: string): string {
    const principal = principalOf(req);
    const own = collectionIdOf(principal);
    if (id.toLowerCase() !== own)
      throw notFound('No such collection for this key: each key reads the one collection of its org and scope.');
    return own;
  }

  async function orgName(req: FastifyRequest): Promise<string> {
    const org = await getOrg(db, principalOf(req).orgId);
    return org?.name ?? 'Organisation';
  }

  app.get(
    '/',
    // Only /taxii2/: TAXII URLs end in a slash, and /taxii2 would be a second operation.
    {
      prefixTrailingSlash: 'slash',
      schema: {
        operationId: 'getTaxiiDiscovery',
        tags: TAGS,
        summary: 'TAXII discovery',
        description: ERRORS_DOC,
        response: DiscoveryResponses,
      },
    },
    async (_req, reply) => {
      // The configured public URL (HONEYPOT_PUBLIC_URL), never the request's forwarded headers;
      // unset, a path that clients resolve against the URL they asked.
      const root = `${app.deps.config.publicUrl ?? ''}/taxii2/api/`;
      return send(reply, {
        title: 'Honeypot Intel TAXII 2.1',
        description: 'Scam-call intel from an AI honeypot as STIX 2.1: one collection per organisation and key scope.',
        default: root,
        api_roots: [root],
      });
    },
  );

  app.get(
    '/api/',
    {
      schema: {
        operationId: 'getTaxiiApiRoot',
        tags: TAGS,
        summary: 'TAXII API root',
        description: ERRORS_DOC,
        response: ApiRootResponses,
      },
    },
    async (_req, reply) =>
      send(reply, {
        title: 'Honeypot Intel',
        description: 'Read-only API root: the collection of each organisation and key scope.',
        versions: [TAXII_MEDIA_TYPE],
        max_content_length: 0,
      }),
  );

  app.get(
    '/api/collections/',
    {
      schema: {
        operationId: 'listTaxiiCollections',
        tags: TAGS,
        summary: 'TAXII collections: the one of this key (its org and scope)',
        description: ERRORS_DOC,
        response: CollectionsResponses,
      },
    },
    async (req, reply) => send(reply, { collections: [collectionOf(principalOf(req), await orgName(req))] }),
  );

  app.get(
    '/api/collections/:collection_id/',
    {
      schema: {
        operationId: 'getTaxiiCollection',
        tags: TAGS,
        summary: 'One TAXII collection',
        description: ERRORS_DOC,
        params: CollectionParams,
        response: CollectionResponses,
      },
    },
    async (req, reply) => {
      ownCollection(req, req.params.collection_id);
      return send(reply, collectionOf(principalOf(req), await orgName(req)));
    },
  );

  /** One page of the collection for the paging parameters `q` and `filters`, its date headers set on `reply`. */
  async function page(
    req: FastifyRequest,
    reply: FastifyReply,
    collectionId: string,
    q: Paging,
    endpoint: string,
    filters: Filters,
  ): Promise<Served> {
    const id = ownCollection(req, collectionId);
    const addedAfter = addedAfterOf(q);
    const binding = bindingFor(id, endpoint, filters);
    const start = q.next === undefined ? null : decodeNext(q.next, binding);
    const principal = principalOf(req);
    const result = await readPage({
      db,
      principal,
      marking: await orgMarkingOf(db, principal.orgId),
      addedAfter,
      limit: pageLimit(q.limit),
      start,
      filters,
      now: app.deps.now().getTime(),
    });
    const { items } = result;
    // X-TAXII-Date-Added-First/-Last: date_added of the page's first and last object.
    if (items.length) {
      reply.header('x-taxii-date-added-first', taxiiTimestamp(items[0].dateAdded));
      reply.header('x-taxii-date-added-last', taxiiTimestamp(items[items.length - 1].dateAdded));
    }
    return { items, more: result.more, next: result.next && encodeNext(result.next, binding) };
  }

  const envelope = (p: Served) => ({
    more: p.more,
    ...(p.next ? { next: p.next } : {}),
    ...(p.items.length ? { objects: p.items.map((i) => i.object) } : {}),
  });

  const pagingDoc =
    'Objects in the order they were added (the call ingest time, then call_sid), at most `limit` (a larger limit ' +
    'answers the maximum); follow `next` while `more` is true. Each (id, version) is in the collection once: an ' +
    'object several calls share is added with the last call that revealed it, as a new version (modified is that ' +
    'ingest), and everything an object refers to is added with it or later, so a poll from any added_after resolves ' +
    'every reference. Our identity, the extension definition and the TLP marking definition open every walk (the ' +
    'first page, without next). Calls are served from 5 s after their ingest. ' +
    ERRORS_DOC;

  app.get(
    '/api/collections/:collection_id/objects/',
    {
      config: { heavy: true }, // a page reads and builds up to the limit's objects
      schema: {
        operationId: 'getTaxiiObjects',
        tags: TAGS,
        summary: 'TAXII objects of the collection',
        description: pagingDoc,
        params: CollectionParams,
        querystring: ObjectsQuery,
        response: EnvelopeResponses,
      },
    },
    async (req, reply) => {
      const p = await page(req, reply, req.params.collection_id, req.query, 'objects', filtersOf(req.query));
      return send(reply, envelope(p));
    },
  );

  app.get(
    '/api/collections/:collection_id/objects/:object_id/',
    {
      config: { heavy: true }, // a page reads and builds up to the limit's objects
      schema: {
        operationId: 'getTaxiiObject',
        tags: TAGS,
        summary: 'One object of the collection (every version in range)',
        description: `${pagingDoc} 404 when the collection has no such object.`,
        params: ObjectParams,
        querystring: ObjectQuery,
        response: EnvelopeResponses,
      },
    },
    async (req, reply) => {
      const { collection_id, object_id } = req.params;
      const filters = { ...filtersOf(req.query), types: null, ids: new Set([object_id]) };
      const p = await page(req, reply, collection_id, req.query, `object:${object_id}`, filters);
      if (p.items.length === 0 && !p.more && req.query.next === undefined) {
        throw notFound(`The collection holds no object ${object_id} (in the range asked for).`);
      }
      return send(reply, envelope(p));
    },
  );

  app.get(
    '/api/collections/:collection_id/objects/:object_id/versions/',
    {
      config: { heavy: true }, // a page reads and builds up to the limit's objects
      schema: {
        operationId: 'getTaxiiObjectVersions',
        tags: TAGS,
        summary: 'The versions of one object of the collection',
        description:
          'TAXII 2.1 Get Object Versions: the versions the collection holds of the object, oldest first (one at a time ' +
          `here: each object is replaced by its newer version). 404 when the collection has no such object. ${pagingDoc}`,
        params: ObjectParams,
        querystring: VersionsQuery,
        response: VersionsResponses,
      },
    },
    async (req, reply) => {
      const { collection_id, object_id } = req.params;
      const filters = { ...filtersOf(req.query), types: null, ids: new Set([object_id]), versions: null };
      const p = await page(req, reply, collection_id, req.query, `versions:${object_id}`, filters);
      if (p.items.length === 0 && !p.more && req.query.next === undefined) {
        throw notFound(`The collection holds no object ${object_id} (in the range asked for).`);
      }
      return send(reply, {
        more: p.more,
        ...(p.next ? { next: p.next } : {}),
        ...(p.items.length ? { versions: p.items.map((i) => i.version) } : {}),
      });
    },
  );

  app.get(
    '/api/collections/:collection_id/manifest/',
    {
      config: { heavy: true }, // a page reads and builds up to the limit's objects
      schema: {
        operationId: 'getTaxiiManifest',
        tags: TAGS,
        summary: 'TAXII manifest of the collection',
        description: `${pagingDoc} The same records, in the same pages, as the objects endpoint with the same parameters.`,
        params: CollectionParams,
        querystring: ObjectsQuery,
        response: ManifestResponses,
      },
    },
    async (req, reply) => {
      const p = await page(req, reply, req.params.collection_id, req.query, 'objects', filtersOf(req.query));
      return send(reply, {
        ...envelope({ ...p, items: [] }),
        ...(p.items.length
          ? {
              objects: p.items.map((i) => ({
                id: i.object.id,
                date_added: taxiiTimestamp(i.dateAdded),
                version: i.version,
                media_type: STIX_MEDIA_TYPE,
              })),
            }
          : {}),
      });
    },
  );
}
