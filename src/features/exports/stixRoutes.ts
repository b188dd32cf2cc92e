// STIX 2.1 bundle export (issue 14): every tier-1 call of the window as STIX objects (see
// src/intel/stix), written page by page so memory stays flat however many calls there are.

import { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { declareAccess, READ_PRO } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { stixBundleChunks } from '../../intel/stix/bundle.js';
import { STIX_MEDIA_TYPE } from '../../intel/stix/index.js';
import type { StixCallInput } from '../../intel/stix/types.js';
import { stixInputPages } from '../../storage/queries/stixInputs.js';
import { WindowQuery, windowOf } from '../kpis/window.js';
import { exportFileName } from './fileName.js';

const PAGE_SIZE = 1000;

export async function stixRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  declareAccess(app, READ_PRO);
  const { db } = app.deps.storage;

  app.get(
    '/api/exports/stix',
    {
      schema: {
        tags: ['exports'],
        summary: 'Tier-1 intel as a STIX 2.1 bundle (pro)',
        description:
          'Every tier-1 call of the window (range, start, end as on the KPI endpoints; default 7d) as STIX 2.1 objects in ' +
          'one bundle: custom SCOs phone-number (caller ID), bank-account and cryptocurrency-wallet (declared by one ' +
          'extension-definition), an identity per impersonated brand, an indicator with a STIX pattern per account number ' +
          'and wallet (related-to the brand), an observed-data per call, a sighting per indicator and call (where sighted: ' +
          'our identity, "Honeypot Intel", which is created_by_ref of every SDO and SRO) and a note quoting the transcript ' +
          'turn that revealed the value. Ids are deterministic (UUIDv5 of the value), so the same value is the same object ' +
          'in every export and window; each object appears once per bundle. A window without tier-1 calls gives a bundle ' +
          'holding only our identity and the extension-definition. Streamed; sent as an attachment named ' +
          'stix-<start>-<end>.json (UTC, basic ISO 8601).',
        querystring: WindowQuery,
        produces: [STIX_MEDIA_TYPE],
        response: {
          200: {
            description: `${STIX_MEDIA_TYPE}: a STIX 2.1 bundle`,
            content: { [STIX_MEDIA_TYPE]: { schema: { type: 'object' } } },
          },
        },
      },
    },
    async (req, reply) => {
      const w = windowOf(app, req.query);
      const pages = stixInputPages(db, principalOf(req), w, PAGE_SIZE);
      // The first page is read before the response starts: a storage error there is still a
      // problem+json answer rather than a cut-off file.
      const first = await pages.next();
      async function* all(): AsyncGenerator<StixCallInput[]> {
        if (first.done) return;
        yield first.value;
        yield* pages;
      }
      return reply
        .type(STIX_MEDIA_TYPE)
        .header('content-disposition', `attachment; filename="${exportFileName('stix', 'json', w)}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(stixBundleChunks(all()), { objectMode: false }));
    },
  );
}
