// Saved searches (CONTRACT §7). They are org objects keyed by (org, id) that keep
// the scope of the key that created them (CONTRACT §1): an unscoped key lists, replaces, runs
// and deletes every one of its org; a scoped key only those created with exactly its scope,
// and any other id answers 404 as if it did not exist. Running one (GET /api/calls?
// saved_search_id=) is limited to the caller's slice AND the kept scope, so a search never
// widens what a key sees.

import type { FastifyInstance } from 'fastify';
import { canonicalFilters, parseCallFilters } from '../../domain/callFilters.js';
import { formatUtc } from '../../domain/window.js';
import { ApiError, notFound } from '../../errors.js';
import { principalOf } from '../../http/auth.js';
import {
  deleteSavedSearch,
  listSavedSearches,
  MAX_SAVED_SEARCHES_PER_ORG,
  newSavedSearchId,
  upsertSavedSearch,
  type SavedSearch,
} from '../../storage/queries/savedSearches.js';
import { SavedSearchBody, SavedSearchListOut, SavedSearchOut, SavedSearchParams } from './schemas.js';
import { READ } from '../../http/access.js';
import { featureApp } from '../../http/feature.js';

const savedSearchJson = (s: SavedSearch) => ({
  id: s.id,
  name: s.name,
  filters: s.filters,
  created_at: formatUtc(s.created_at),
  updated_at: formatUtc(s.updated_at),
});

const isJsonObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Runs before validation, on the body as sent. */
function dropNulls(body: unknown): void {
  if (!isJsonObject(body)) return;
  if (body.id === null) delete body.id;
  const { filters } = body;
  if (isJsonObject(filters)) for (const [k, v] of Object.entries(filters)) if (v === null) delete filters[k];
}

export async function savedSearchRoutes(instance: FastifyInstance): Promise<void> {
  const app = featureApp(instance, READ, { tags: ['saved-searches'] });
  const { db } = app.deps.storage;

  app.get(
    '/api/saved-searches',
    {
      schema: {
        operationId: 'listSavedSearches',
        summary: "List the organisation's saved searches",
        description:
          'The saved searches the key sees, newest updated_at first: for an unscoped key every one of the org, for a ' +
          'scoped key those created with exactly its scope.',
        response: { 200: SavedSearchListOut },
      },
    },
    async (req) => ({ items: (await listSavedSearches(db, principalOf(req))).map(savedSearchJson) }),
  );

  app.post(
    '/api/saved-searches',
    {
      config: { errors: [409] },
      schema: {
        operationId: 'saveSearch',
        summary: 'Create or replace a saved search',
        description:
          'Upsert keyed by (org, id): no id → 201 with a generated id; an id of the org → 200, replaced (created_at ' +
          'kept); an id unknown to the org → 201, created under that id. `filters` takes exactly the filters of ' +
          'GET /api/calls (not cursor, limit, saved_search_id), validated the same way; unknown names are 400. ' +
          `At most ${MAX_SAVED_SEARCHES_PER_ORG} per org: creating one more is 409 conflict (replacing is always allowed). ` +
          'A new search keeps the scope of the creating key; a replacement keeps the stored scope. A scoped key sees only ' +
          'the searches of exactly its scope: an id held by another search of the org is 404 not_found for it, and that ' +
          'search is left untouched (ids are unique per org, so no second record is created under it).',
        body: SavedSearchBody,
        response: { 200: SavedSearchOut, 201: SavedSearchOut },
      },
      // A null `id` or filter means "not set" (forms send nulls); without this the validator's
      // type coercion would read `hooked: null` as false and `max_duration_sec: null` as 0.
      preValidation: async (req) => dropNulls(req.body),
    },
    async (req, reply) => {
      const principal = principalOf(req);
      const body = req.body;
      const now = app.deps.now();
      const filters = canonicalFilters(body.filters);
      parseCallFilters(filters, now, 'body.filters'); // same checks as running it: window, min ≤ max
      const result = await upsertSavedSearch(
        db,
        principal,
        { id: body.id ?? newSavedSearchId(), name: body.name.trim(), filters },
        now.getTime(),
      );
      if (result.outcome === 'not_found') throw notFound(`No saved search "${body.id}".`);
      if (result.outcome === 'limit_reached') {
        throw new ApiError(
          409,
          'conflict',
          `The organisation already has ${MAX_SAVED_SEARCHES_PER_ORG} saved searches, the most allowed; delete one first.`,
        );
      }
      reply.code(result.outcome === 'created' ? 201 : 200);
      return savedSearchJson(result.record);
    },
  );

  app.delete(
    '/api/saved-searches/:search_id',
    {
      schema: {
        operationId: 'deleteSavedSearch',
        summary: 'Delete a saved search',
        description:
          '204 when deleted; 404 when the org has no saved search with that id, or (scoped key) it was created with ' + 'another scope.',
        params: SavedSearchParams,
        response: { 204: { type: 'null', description: 'Deleted' } }, // plain JSON Schema: the reply has no body to type
      },
    },
    async (req, reply) => {
      const { search_id } = req.params;
      if (!(await deleteSavedSearch(db, principalOf(req), search_id))) throw notFound(`No saved search "${search_id}".`);
      return reply.code(204).send();
    },
  );
}
