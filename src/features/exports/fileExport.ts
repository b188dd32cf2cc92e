// What every export is: a file of the window's tier-1 calls (range, start, end as on the KPI
// endpoints), streamed page by page as an attachment named after what it is and its window.

import type { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Principal } from '../../domain/principal.js';
import type { Window } from '../../domain/window.js';
import { principalOf } from '../../http/auth.js';
import type { Db } from '../../storage/db.js';
import { WindowQuery, windowOf } from '../kpis/window.js';
import { exportFileName } from './fileName.js';

/**
 * Calls read per page: memory stays flat however many calls the window holds, and building one
 * page's part of the file holds the event loop briefly, so other requests are served between
 * pages (a STIX page of 1,000 calls held it for hundreds of ms, and one of 100 still took
 * PostgreSQL's overview p95 past 3x under four exports in one run of three: fairness.test.ts).
 */
export const PAGE_SIZE = 25;

export interface FileExport {
  /** The path's last segment and the file name's start: /api/exports/tier1, tier1-<start>-<end>.csv. */
  kind: string;
  extension: string;
  /** The Content-Type sent; `documented` is the media type the OpenAPI document names. */
  contentType: string;
  /**
   * The file for the caller and the window; the first page read before it is returned (see
   * startedPages). `query` holds the parameters of `query` below, validated.
   */
  file(db: Db, principal: Principal, w: Window, now: Date, query: Record<string, unknown>): Promise<Readable>;
  /** Query parameters of this export beside the window's. */
  query?: TObject;
  /** 404 when a parameter names something the caller has not. */
  notFound?: boolean;
  documented: { mediaType: string; description: string; schema: TSchema | { type: string } };
  operationId: string;
  summary: string;
  description: string;
}

/**
 * `pages` with its first page already read. An export reads it before the response starts, so
 * a storage error there is still a problem+json answer rather than a cut-off file.
 */
export async function startedPages<T>(pages: AsyncGenerator<T>): Promise<AsyncGenerator<T>> {
  const first = await pages.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* pages;
  })();
}

/** GET /api/exports/<kind>: the file, as an attachment the client does not cache. */
export function fileExportRoute(instance: FastifyInstance, e: FileExport): void {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.deps.storage;
  app.get(
    `/api/exports/${e.kind}`,
    {
      config: { heavy: true, ...(e.notFound ? { errors: [404] as const } : {}) }, // every tier-1 call of the window, page by page
      schema: {
        operationId: e.operationId,
        tags: ['exports'],
        summary: e.summary,
        description: e.description,
        querystring: e.query ? Type.Composite([WindowQuery, e.query]) : WindowQuery,
        produces: [e.documented.mediaType],
        response: {
          200: { description: e.documented.description, content: { [e.documented.mediaType]: { schema: e.documented.schema } } },
        },
      },
    },
    async (req, reply) => {
      const w = windowOf(app, req.query);
      const body = await e.file(db, principalOf(req), w, app.deps.now(), req.query as Record<string, unknown>);
      return reply
        .type(e.contentType)
        .header('content-disposition', `attachment; filename="${exportFileName(e.kind, e.extension, w)}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}
