// STIX 2.1 bundle export (README, Intel out): every tier-1 call of the window as STIX objects (see
// src/intel/stix), written page by page so memory stays flat however many calls there are.

import { Readable } from 'node:stream';
import { stixBundleChunks } from '../../intel/stix/bundle.js';
import { bundleCampaigns } from '../../intel/stix/campaigns.js';
import type { Principal } from '../../domain/principal.js';
import type { Window } from '../../domain/window.js';
import { ApiError } from '../../errors.js';
import { campaignsWithCalls, type CampaignWithCalls } from '../../storage/campaigns/campaigns.js';
import type { Db } from '../../storage/db.js';
import { STIX_MEDIA_TYPE, orgMarkingOf, stixInputsOf } from '../../intel/stix/index.js';
import { stixCallPages } from '../../storage/queries/stixInputs.js';
import { PAGE_SIZE, startedPages, type FileExport } from './fileExport.js';

/** Campaigns exported: those GET /api/campaigns lists by default (min_calls 3). */
const EXPORT_MIN_CALLS = 3;

/**
 * The window's campaigns; none when the window holds too many identifiers to link (campaigns
 * answer 400 there): the calls' objects are what the export promises, campaigns come with them.
 */
async function campaignsOf(db: Db, principal: Principal, w: Window): Promise<CampaignWithCalls[]> {
  try {
    return await campaignsWithCalls(db, principal, w, EXPORT_MIN_CALLS);
  } catch (err) {
    if (err instanceof ApiError && err.code === 'validation_failed') return [];
    throw err;
  }
}

export const STIX_EXPORT: FileExport = {
  kind: 'stix',
  extension: 'json',
  contentType: STIX_MEDIA_TYPE,
  async file(db, principal, w) {
    const marking = await orgMarkingOf(db, principal.orgId);
    // Read before the response starts, like the first page: an error is still problem+json.
    const found = await campaignsOf(db, principal, w);
    const campaigns = bundleCampaigns(
      found.map((c) => ({ orgId: principal.orgId, id: c.row.id, firstSeen: c.row.first_seen, lastSeen: c.row.last_seen })),
      (i) => found[i].calls,
    );
    const pages = await startedPages(stixCallPages(db, principal, w, PAGE_SIZE));
    async function* inputs() {
      for await (const page of pages) yield stixInputsOf(page.rows, page.histories, marking);
    }
    return Readable.from(stixBundleChunks(inputs(), marking, undefined, undefined, campaigns), { objectMode: false });
  },
  documented: { mediaType: STIX_MEDIA_TYPE, description: `${STIX_MEDIA_TYPE}: a STIX 2.1 bundle`, schema: { type: 'object' } },
  operationId: 'exportStix',
  summary: 'Tier-1 intel as a STIX 2.1 bundle (pro)',
  description:
    'Every tier-1 call of the window (range, start, end as on the KPI endpoints; default 7d) as STIX 2.1 objects in ' +
    'one bundle: custom SCOs phone-number (caller ID), bank-account and cryptocurrency-wallet (declared by one ' +
    'extension-definition), an identity per impersonated brand, an indicator with a STIX pattern per account number ' +
    'and wallet (related-to the brand), an observed-data per call, a sighting per indicator and call (where sighted: ' +
    'our identity, "Honeypot Intel", which is created_by_ref of every SDO and SRO) and a note quoting the transcript ' +
    'turn that revealed the value. Every object built from calls carries object_marking_refs to the TLP 2.0 marking ' +
    "definition of the organisation's TLP (default TLP:AMBER; set by the admin API), which the bundle holds. Ids are " +
    'deterministic (UUIDv5 of the value), so the same value is the same object in every export and window; each ' +
    'object appears once per bundle. Versions follow STIX 2.1 §3.6: created is the first sighting (the first ingest ' +
    'of a call revealing the value, or the call start for per-call objects) and never moves; modified is the ingest ' +
    'of the last call carrying the object (or the TLP change, if later), so any change of content raises it and one ' +
    '(id, modified) is always the same content, here and in the TAXII feed. A window without tier-1 calls gives a ' +
    'bundle holding only our identity, the extension-definition and the marking definition. Campaigns (GET ' +
    '/api/campaigns, same window and slice, 3 calls or more): a campaign SDO each (id from the campaign id, alias ' +
    'the campaign id, first_seen/last_seen its first and last call of the window, created = first_seen, modified = ' +
    'last_seen or the TLP change) and an indicates relationship from every indicator its calls revealed to it (the ' +
    "one relationship STIX 2.1 defines between an indicator and a campaign). A scoped key's bundle holds only the " +
    'campaigns computed from its slice; a window too long to link into campaigns (where GET /api/campaigns answers ' +
    '400) gives the bundle without them. Streamed; sent as an ' +
    'attachment named stix-<start>-<end>.json (UTC, basic ISO 8601).',
};
