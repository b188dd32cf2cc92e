// Saved views (README, "Saved views and annotations"; the contract is silent): a named state of the overview
// (window, query-language filters, comparison, panels), reopened by id or shared as a link. Free
// tier, read keys; a view keeps the scope of the key that created it, so a shared link never
// shows a scoped colleague more than its own slice (storage/owned.ts).

import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { parseQuery } from '../../domain/query/parse.js';
import { QueryBody } from '../../domain/query/schema.js';
import { formatUtc } from '../../domain/window.js';
import { ApiError, notFound, validationFailed } from '../../errors.js';
import { principalOf } from '../../http/auth.js';
import { READ } from '../../http/access.js';
import { featureApp } from '../../http/feature.js';
import {
  deleteSavedView,
  getSavedView,
  listSavedViews,
  MAX_SAVED_VIEWS_PER_ORG,
  newSavedViewId,
  upsertSavedView,
  type SavedView,
} from '../../storage/queries/savedViews.js';

const q = QueryBody.properties;

/** What a view holds: the query's window, zone and filters, a comparison mode, and the panels shown. */
const ViewState = Type.Object(
  {
    range: q.range,
    start: q.start,
    end: q.end,
    timezone: q.timezone,
    filters: q.filters,
    compare: Type.Optional(
      Type.Union(
        [
          Type.Literal('previous_period'),
          Type.Literal('year_earlier'),
          Type.Literal('off'),
          Type.Object({ start: Type.String({ maxLength: 64 }), end: Type.String({ maxLength: 64 }) }, { additionalProperties: false }),
        ],
        { description: 'previous_period, year_earlier (the same window a year before), off, or a custom {start, end}' },
      ),
    ),
    panels: Type.Optional(
      Type.Array(Type.String({ pattern: '^[a-z0-9_:.-]{1,64}$' }), {
        maxItems: 64,
        uniqueItems: true,
        description: 'Panel ids shown, in order',
      }),
    ),
  },
  { additionalProperties: false, description: 'Validated as POST /api/query validates the same members' },
);
type ViewState = Static<typeof ViewState>;

const ViewId = (description: string) => Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', description });

const ViewBody = Type.Object(
  {
    id: Type.Optional(
      ViewId('Omitted: a new id (201). An id of the org: that view is replaced (200). Any other id: created under it (201).'),
    ),
    name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: 'Label (trimmed), 1–200 characters' }),
    state: ViewState,
  },
  { additionalProperties: false },
);

const ViewOut = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    state: ViewState,
    created_at: Type.String({ description: 'RFC 3339 UTC' }),
    updated_at: Type.String({ description: 'RFC 3339 UTC; set on every replace' }),
  },
  { $id: 'SavedView' },
);

const ViewParams = Type.Object({ view_id: ViewId('The view id') });

const viewJson = (v: SavedView) => ({
  id: v.id,
  name: v.name,
  state: v.state,
  created_at: formatUtc(v.created_at),
  updated_at: formatUtc(v.updated_at),
});

/**
 * The state checked as a query over the same window, zone, filters and comparison would be, so
 * a saved view always opens: a bad member is 400 validation_failed naming body.state.<member>.
 */
function checkState(state: ViewState, now: Date): void {
  const compare = state.compare === 'previous_period' || typeof state.compare === 'object' ? state.compare : undefined;
  try {
    parseQuery({ metrics: ['calls_received'], ...state, compare }, now);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    const errors = (e.errors ?? [{ path: '', message: e.detail }]).map((x) => ({
      path: `body.state${x.path ? `.${x.path}` : ''}`,
      message: x.message,
    }));
    throw validationFailed(e.detail, errors);
  }
}

export async function savedViewRoutes(instance: FastifyInstance): Promise<void> {
  const app = featureApp(instance, READ, { tags: ['views'] });
  const { db } = app.deps.storage;

  app.get(
    '/api/views',
    {
      schema: {
        operationId: 'listViews',
        summary: "List the organisation's saved views",
        description:
          'Newest updated_at first: for an unscoped key every view of the org, for a scoped key those created with exactly its scope.',
        response: { 200: Type.Object({ items: Type.Array(ViewOut) }) },
      },
    },
    async (req) => ({ items: (await listSavedViews(db, principalOf(req))).map(viewJson) }),
  );

  app.get(
    '/api/views/:view_id',
    {
      schema: {
        operationId: 'getView',
        summary: 'One saved view (the target of a shared link)',
        description: '404 when the org has no view with that id, or (scoped key) it was created with another scope.',
        params: ViewParams,
        response: { 200: ViewOut },
      },
    },
    async (req) => {
      const view = await getSavedView(db, principalOf(req), req.params.view_id);
      if (!view) throw notFound(`No view "${req.params.view_id}".`);
      return viewJson(view);
    },
  );

  app.post(
    '/api/views',
    {
      config: { errors: [409] },
      schema: {
        operationId: 'saveView',
        summary: 'Create or replace a saved view',
        description:
          'Upsert keyed by (org, id), as saved searches: no id → 201 with a generated id; an id of the org → 200, replaced ' +
          '(created_at kept); an id unknown to the org → 201. `state` is checked as POST /api/query checks the same members ' +
          `(window, timezone, filters, custom comparison). At most ${MAX_SAVED_VIEWS_PER_ORG} per org: one more is 409 conflict. ` +
          'A view keeps the scope of the key that created it; a scoped key sees only views of exactly its scope.',
        body: ViewBody,
        response: { 200: ViewOut, 201: ViewOut },
      },
    },
    async (req, reply) => {
      const now = app.deps.now();
      checkState(req.body.state, now);
      const input = { id: req.body.id ?? newSavedViewId(), name: req.body.name.trim(), state: req.body.state };
      const result = await upsertSavedView(db, principalOf(req), input, now.getTime());
      if (result.outcome === 'not_found') throw notFound(`No view "${req.body.id}".`);
      if (result.outcome === 'limit_reached') {
        throw new ApiError(
          409,
          'conflict',
          `The organisation already has ${MAX_SAVED_VIEWS_PER_ORG} saved views, the most allowed; delete one first.`,
        );
      }
      reply.code(result.outcome === 'created' ? 201 : 200);
      return viewJson(result.record);
    },
  );

  app.delete(
    '/api/views/:view_id',
    {
      schema: {
        operationId: 'deleteView',
        summary: 'Delete a saved view',
        description: '204 when deleted; 404 when the org has no view with that id, or (scoped key) it was created with another scope.',
        params: ViewParams,
        response: { 204: { type: 'null', description: 'Deleted' } },
      },
    },
    async (req, reply) => {
      if (!(await deleteSavedView(db, principalOf(req), req.params.view_id))) throw notFound(`No view "${req.params.view_id}".`);
      return reply.code(204).send();
    },
  );
}
