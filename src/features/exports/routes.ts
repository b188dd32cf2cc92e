// Exports (CONTRACT §8, pro; the tier is enforced by the auth hook for /api/exports).
// The Tier-1 CSV holds exactly the rows of /api/kpis/tier1 for the same window, all of them,
// read page by page and streamed, so the file is never held in memory.

import { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Principal } from '../../domain/principal.js';
import type { Window } from '../../domain/window.js';
import { principalOf } from '../../http/auth.js';
import type { Db } from '../../storage/db.js';
import { TIER1_ROW_FIELDS, tier1Pages, type Tier1Row } from '../../storage/queries/tier1.js';
import { WindowQuery, windowOf } from '../kpis/window.js';
import { csvRecord } from './csv.js';
import { exportFileName } from './fileName.js';
import { READ_PRO, declareAccess } from '../../http/access.js';

const PAGE_SIZE = 1000;

const rowValues = (r: Tier1Row) => TIER1_ROW_FIELDS.map((f) => r[f]);

/**
 * The CSV body: header, then every row. The first page is read before the response starts,
 * so a storage error there is still a problem+json answer rather than a cut-off file.
 */
async function tier1Csv(db: Db, principal: Principal, w: Window): Promise<Readable> {
  const pages = tier1Pages(db, principal, w, PAGE_SIZE);
  const first = await pages.next();
  async function* lines(): AsyncGenerator<string> {
    yield csvRecord(TIER1_ROW_FIELDS);
    if (first.done) return;
    yield first.value.map((r) => csvRecord(rowValues(r))).join('');
    for await (const page of pages) yield page.map((r) => csvRecord(rowValues(r))).join('');
  }
  return Readable.from(lines(), { objectMode: false });
}

export async function exportRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  declareAccess(app, READ_PRO);
  const { db } = app.deps.storage;

  app.get(
    '/api/exports/tier1',
    {
      schema: {
        tags: ['exports'],
        summary: 'The Tier-1 table as CSV (pro)',
        description:
          'Every tier-1 call of the window (range, start, end as on the KPI endpoints; default 7d), in the order and ' +
          'with the fields of /api/kpis/tier1: newest first, ties by call_sid. RFC 4180: header row, CRLF line ends, ' +
          'fields holding a comma, quote, CR or LF quoted with quotes doubled; null is an empty field. A field starting ' +
          "with =, +, -, @, tab or CR is prefixed with ' so spreadsheets do not run it as a formula. Streamed; sent as " +
          'an attachment named tier1-<start>-<end>.csv (UTC, basic ISO 8601, e.g. tier1-20261113T140000Z-20261120T140000Z.csv).',
        querystring: WindowQuery,
        produces: ['text/csv'],
        response: {
          200: {
            description: 'text/csv; charset=utf-8',
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
        },
      },
    },
    async (req, reply) => {
      const w = windowOf(app, req.query);
      const body = await tier1Csv(db, principalOf(req), w);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName('tier1', 'csv', w)}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}
