// Exports (CONTRACT §8, pro; the tier is enforced by the auth hook for /api/exports): the
// Tier-1 table as CSV, and tier-1 intel as a STIX bundle and as a MISP event.
// The Tier-1 CSV holds exactly the rows of /api/kpis/tier1 for the same window, all of them,
// read page by page and streamed, so the file is never held in memory.

import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { READ_PRO, declareAccess } from '../../http/access.js';
import { TIER1_ROW_FIELDS, tier1Pages, type Tier1Row } from '../../storage/queries/tier1.js';
import { csvRecord } from './csv.js';
import { fileExportRoute, PAGE_SIZE, startedPages, type FileExport } from './fileExport.js';
import { MISP_EXPORT } from './mispExport.js';
import { STIX_EXPORT } from './stixExport.js';

const rowValues = (r: Tier1Row) => TIER1_ROW_FIELDS.map((f) => r[f]);

const TIER1_CSV: FileExport = {
  kind: 'tier1',
  extension: 'csv',
  contentType: 'text/csv; charset=utf-8',
  /** Header, then every row. */
  async file(db, principal, w) {
    const pages = await startedPages(tier1Pages(db, principal, w, PAGE_SIZE));
    async function* lines(): AsyncGenerator<string> {
      yield csvRecord(TIER1_ROW_FIELDS);
      for await (const page of pages) yield page.map((r) => csvRecord(rowValues(r))).join('');
    }
    return Readable.from(lines(), { objectMode: false });
  },
  documented: { mediaType: 'text/csv', description: 'text/csv; charset=utf-8', schema: { type: 'string' } },
  operationId: 'exportTier1',
  summary: 'The Tier-1 table as CSV (pro)',
  description:
    'Every tier-1 call of the window (range, start, end as on the KPI endpoints; default 7d), in the order and ' +
    'with the fields of /api/kpis/tier1: newest first, ties by call_sid. RFC 4180: header row, CRLF line ends, ' +
    'fields holding a comma, quote, CR or LF quoted with quotes doubled; null is an empty field. A field starting ' +
    "with =, +, -, @, tab or CR is prefixed with ' so spreadsheets do not run it as a formula. Streamed; sent as " +
    'an attachment named tier1-<start>-<end>.csv (UTC, basic ISO 8601, e.g. tier1-20261113T140000Z-20261120T140000Z.csv).',
};

export async function exportRoutes(app: FastifyInstance): Promise<void> {
  declareAccess(app, READ_PRO);
  for (const e of [TIER1_CSV, STIX_EXPORT, MISP_EXPORT]) fileExportRoute(app, e);
}
