// Annotations (README, "Saved views and annotations"; the contract is silent): notes on moments of the org's
// time line, for the time charts of the dashboard. Free tier, read keys; an annotation
// keeps the scope of the key that wrote it, like saved searches (storage/owned.ts).

import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { formatUtc, parseInstant, rangeObject } from '../../domain/window.js';
import { ApiError, notFound, validationFailed } from '../../errors.js';
import { principalOf } from '../../http/auth.js';
import { READ } from '../../http/access.js';
import { featureApp } from '../../http/feature.js';
import {
  addAnnotation,
  deleteAnnotation,
  listAnnotations,
  MAX_ANNOTATIONS_PER_ORG,
  type Annotation,
} from '../../storage/queries/annotations.js';
import { RangeObject } from '../kpis/schemas.js';
import { WindowQuery, windowOf } from '../kpis/window.js';

/** Moments an annotation may mark: from 2000 on, and at most a day ahead of now (a planned change). */
const EARLIEST_MS = Date.UTC(2000, 0, 1);
const AHEAD_MS = 86_400_000;

const AnnotationOut = Type.Object(
  {
    id: Type.String(),
    at: Type.String({ description: 'The moment marked, RFC 3339 UTC' }),
    text: Type.String(),
    created_by: Type.Object({
      key_id: Type.String({ description: 'The key that wrote it' }),
      name: Type.String({ description: "That key's name when it wrote it" }),
    }),
    created_at: Type.String({ description: 'RFC 3339 UTC' }),
  },
  { $id: 'Annotation' },
);

const AnnotationBody = Type.Object(
  {
    at: Type.String({ maxLength: 64, description: 'The moment: RFC 3339 (Z or an offset) or YYYY-MM-DD (00:00 UTC)' }),
    text: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S', description: 'The note (trimmed), 1–500 characters' }),
  },
  { additionalProperties: false },
);

const AnnotationParams = Type.Object({ annotation_id: Type.String({ pattern: '^ann_[0-9a-f]{32}$', description: 'The annotation id' }) });

const annotationJson = (a: Annotation) => ({
  id: a.id,
  at: formatUtc(a.at),
  text: a.text,
  created_by: a.created_by,
  created_at: formatUtc(a.created_at),
});

/** `at` of a body: a timestamp, or 400 validation_failed naming body.at. */
function bodyInstant(value: string): number {
  try {
    return parseInstant(value, 'at').getTime();
  } catch (e) {
    const why = e instanceof ApiError ? e.detail : `at ${JSON.stringify(value)} is not a timestamp.`;
    throw validationFailed(why, [{ path: 'body.at', message: 'an RFC 3339 timestamp or a date YYYY-MM-DD' }]);
  }
}

export async function annotationRoutes(instance: FastifyInstance): Promise<void> {
  const app = featureApp(instance, READ, { tags: ['annotations'] });
  const { db } = app.deps.storage;

  app.get(
    '/api/annotations',
    {
      schema: {
        operationId: 'listAnnotations',
        summary: 'Annotations of a window',
        description:
          'The annotations whose moment lies in the window (range, start, end as on the KPI endpoints; default 7d), oldest ' +
          'first, with who wrote them. An unscoped key sees every annotation of its org, a scoped key those written with ' +
          'exactly its scope.',
        querystring: WindowQuery,
        response: { 200: Type.Object({ range: RangeObject, items: Type.Array(AnnotationOut) }) },
      },
    },
    async (req) => {
      const w = windowOf(app, req.query);
      return { range: rangeObject(w), items: (await listAnnotations(db, principalOf(req), w)).map(annotationJson) };
    },
  );

  app.post(
    '/api/annotations',
    {
      config: { errors: [409] },
      schema: {
        operationId: 'addAnnotation',
        summary: 'Mark a moment with a note',
        description:
          'Adds an annotation at `at` (from 2000-01-01 to one day ahead of now) with `text`; 201 with the record. It keeps ' +
          `the scope of the writing key. At most ${MAX_ANNOTATIONS_PER_ORG} per org: one more is 409 conflict.`,
        body: AnnotationBody,
        response: { 201: AnnotationOut },
      },
    },
    async (req, reply) => {
      const now = app.deps.now().getTime();
      const at = bodyInstant(req.body.at);
      if (at < EARLIEST_MS || at > now + AHEAD_MS) {
        throw validationFailed('at: the moment must lie between 2000-01-01 and one day ahead of now.', [
          { path: 'body.at', message: 'between 2000-01-01 and one day ahead of now' },
        ]);
      }
      const record = await addAnnotation(db, principalOf(req), { at, text: req.body.text.trim() }, now);
      if (!record) {
        throw new ApiError(
          409,
          'conflict',
          `The organisation already has ${MAX_ANNOTATIONS_PER_ORG} annotations, the most allowed; delete one first.`,
        );
      }
      return reply.code(201).send(annotationJson(record));
    },
  );

  app.delete(
    '/api/annotations/:annotation_id',
    {
      schema: {
        operationId: 'deleteAnnotation',
        summary: 'Delete an annotation',
        description:
          '204 when deleted; 404 when the org has no annotation with that id, or (scoped key) it was written with another scope.',
        params: AnnotationParams,
        response: { 204: { type: 'null', description: 'Deleted' } },
      },
    },
    async (req, reply) => {
      const { annotation_id } = req.params;
      if (!(await deleteAnnotation(db, principalOf(req), annotation_id))) throw notFound(`No annotation "${annotation_id}".`);
      return reply.code(204).send();
    },
  );
}
