// Overview KPIs (seed §4.2, CONTRACT §4 and §6). Every handler walks the same line:
// window → storage query with the principal → response shape.

import type { FastifyInstance } from 'fastify';
import { rangeObject } from '../../domain/window.js';
import { principalOf } from '../../http/auth.js';
import { summary } from '../../storage/queries/summary.js';
import { SummaryOut } from './schemas.js';
import { WindowQuery, windowOf } from './window.js';

export async function kpiRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.storage;
  const base = { tags: ['kpis'] };

  app.get(
    '/api/kpis/summary',
    { schema: { ...base, summary: 'Headline figures of the window', querystring: WindowQuery, response: { 200: SummaryOut } } },
    async (req) => {
      const w = windowOf(app, req.query as WindowQuery);
      return { range: rangeObject(w), ...(await summary(db, principalOf(req), w)) };
    },
  );
}
