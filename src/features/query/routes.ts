// POST /api/query (CONTRACT §13, docs/query.md): one typed query for any figure. The route
// walks the pipeline's line: body schema → parse (domain/query) → table decision, SQL and run
// (storage/query) → the answer's shape.

import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { parseQuery } from '../../domain/query/parse.js';
import { QueryBody } from '../../domain/query/schema.js';
import { rangeObject } from '../../domain/window.js';
import { principalOf } from '../../http/auth.js';
import { READ } from '../../http/access.js';
import { featureApp } from '../../http/feature.js';
import { runQuery } from '../../storage/query/run.js';
import { RangeObject } from '../kpis/schemas.js';

/** The window object of CONTRACT §4, without the KPI schemas' $id (used twice in one answer here). */
const Range = Type.Object(RangeObject.properties);

const Figure = Type.Union([Type.Number(), Type.Null()]);
const DimensionValue = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]);

const QueryOut = Type.Object({
  results: Type.Array(
    Type.Object({
      dimensions: Type.Array(DimensionValue),
      metrics: Type.Array(Figure),
      comparison: Type.Optional(Type.Object({ metrics: Type.Array(Figure), change: Type.Array(Figure) })),
    }),
  ),
  meta: Type.Object({ metrics: Type.Array(Type.String()), dimensions: Type.Array(Type.String()), total_rows: Type.Integer() }),
  range: Range,
  comparison_range: Type.Optional(Range),
});

export async function queryRoutes(instance: FastifyInstance): Promise<void> {
  const app = featureApp(instance, READ, { tags: ['query'] });
  const { db } = app.deps.storage;

  app.post(
    '/api/query',
    {
      schema: {
        operationId: 'postQuery',
        summary: 'Any figure: metrics by dimensions over filtered calls',
        description:
          'The query language of docs/query.md (CONTRACT §13). Figures over the calls of the window (and of the key’s ' +
          'slice) that pass every filter, grouped by the dimensions; time dimensions in `timezone`. Rows are the groups ' +
          'holding at least one call (a query without dimensions answers one row). Ordered by order_by, then time ' +
          'ascending, calls descending, field values ascending (code point, nulls last). compare adds each row’s ' +
          'figures over the earlier window and their relative change. 400 validation_failed names the part that is wrong.',
        body: QueryBody,
        response: { 200: QueryOut },
      },
    },
    async (req) => {
      const q = parseQuery(req.body, app.deps.now());
      const answer = await runQuery(db, principalOf(req), q);
      return {
        results: answer.results,
        meta: { metrics: q.metricNames, dimensions: q.dimensions, total_rows: answer.totalRows },
        range: rangeObject(q.window),
        ...(q.compare ? { comparison_range: rangeObject(q.compare) } : {}),
      };
    },
  );
}
