// MISP event export (README, Intel out; pro: the tier is enforced by the auth hook for /api/exports).
// The event is written progressively: its head, then the objects of one page of tier-1 calls
// at a time, then the loose attributes in a second pass, so memory stays flat however many
// calls the window holds.

import { Readable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import { CAMPAIGN_ID_PATTERN } from '../../domain/campaigns/ids.js';
import { notFound } from '../../errors.js';
import { campaignCallSids } from '../../storage/campaigns/campaigns.js';
import type { Principal } from '../../domain/principal.js';
import type { Scope } from '../../domain/scope.js';
import type { Window } from '../../domain/window.js';
import type { Db } from '../../storage/db.js';
import { tier1CallPages, type Tier1Call, type Tier1CallSelection } from '../../storage/queries/tier1.js';
import { PAGE_SIZE, startedPages, type FileExport } from './fileExport.js';
import { orgMarkingOf } from '../../intel/stix/index.js';
import { mispEventHead, mispLooseAttributes, mispObjectsForCall, mispTags } from './mispEvent.js';
import { mispCampaignEventUuid, mispEventUuid } from './mispIds.js';
import { MispExportDoc } from './mispSchema.js';

const scopeText = (scope: Scope | null) =>
  scope
    ? `scope ${Object.entries(scope)
        .map(([dim, values]) => `${dim}: ${values!.join(', ')}`)
        .join('; ')}`
    : '';

/** The comma-separated JSON of each page's items, a comma before every page but the first non-empty one. */
async function* jsonItems<T>(pages: AsyncGenerator<Tier1Call[]>, items: (c: Tier1Call) => T[]): AsyncGenerator<string> {
  let sep = '';
  for await (const page of pages) {
    const out = page.flatMap(items);
    if (out.length === 0) continue;
    yield sep + out.map((x) => JSON.stringify(x)).join(',');
    sep = ',';
  }
}

/**
 * The pages' calls that are in `only` (all when null). The window's tier-1 calls are read and
 * picked here: a campaign's calls are a short list, but its tier-1 ones are known only by reading.
 */
async function* onlyCalls(pages: AsyncGenerator<Tier1Call[]>, only: Set<string> | null): AsyncGenerator<Tier1Call[]> {
  for await (const page of pages) yield only ? page.filter((c) => only.has(c.call_sid)) : page;
}

/**
 * The event as a stream: its head, the objects of every call, then the loose attributes in a
 * second pass. The first page of each pass is read before the response starts (startedPages).
 */
async function mispEventStream(db: Db, principal: Principal, w: Window, now: Date, query: Record<string, unknown>): Promise<Readable> {
  const campaignId = typeof query.campaign_id === 'string' ? query.campaign_id : undefined;
  // A campaign's event holds the tier-1 calls of that campaign of the window, in the caller's slice.
  let only: Set<string> | null = null;
  if (campaignId !== undefined) {
    const sids = await campaignCallSids(db, principal, w, campaignId);
    if (!sids) throw notFound(`No campaign "${campaignId}" in this window.`);
    only = new Set(sids);
  }
  const eventUuid =
    campaignId === undefined
      ? mispEventUuid(principal.orgId, principal.scope)
      : mispCampaignEventUuid(principal.orgId, principal.scope, campaignId);
  const head = mispEventHead({ uuid: eventUuid, scopeText: scopeText(principal.scope), windowEnd: w.end, now, campaignId });
  const tags = mispTags((await orgMarkingOf(db, principal.orgId)).tlp);
  const pass = (selection: Tier1CallSelection) => startedPages(onlyCalls(tier1CallPages(db, principal, w, PAGE_SIZE, selection), only));
  const objects = await pass('all');
  const loose = await pass('routing_without_account');
  async function* chunks(): AsyncGenerator<string> {
    yield `{"Event":${JSON.stringify(head).slice(0, -1)},"Tag":${JSON.stringify(tags)},"Object":[`;
    yield* jsonItems(objects, (c) => mispObjectsForCall(eventUuid, c));
    yield '],"Attribute":[';
    // Newest first: each routing number comes with its newest call (the values seen are few).
    const seen = new Set<string>();
    yield* jsonItems(loose, (c) => mispLooseAttributes(eventUuid, c, seen));
    yield ']}}';
  }
  return Readable.from(chunks(), { objectMode: false });
}

export const MISP_EXPORT: FileExport = {
  kind: 'misp',
  extension: 'json',
  contentType: 'application/json; charset=utf-8',
  file: mispEventStream,
  query: Type.Object({
    campaign_id: Type.Optional(
      Type.String({
        pattern: CAMPAIGN_ID_PATTERN,
        description:
          'One campaign (GET /api/campaigns, computed from the same window in the caller’s slice) as its own event: the ' +
          'tier-1 calls of that campaign. 404 when the window has no such campaign.',
      }),
    ),
  }),
  notFound: true,
  documented: { mediaType: 'application/json', description: 'application/json; charset=utf-8: {"Event": {…}}', schema: MispExportDoc },
  operationId: 'exportMisp',
  summary: 'Tier-1 indicators as a MISP event (pro)',
  description:
    'Every tier-1 call of the window (range, start, end as on the KPI endpoints; default 7d) as one MISP event in ' +
    "MISP's core JSON format, ready for MISP's event import, each object as its current misp-objects template " +
    'has it (name, template_uuid, template_version, relations and types). Per call: a bank-account object ' +
    '(template 3: the account number as account, typed bank-account-nr, or as iban when it is a valid IBAN; ' +
    'aba-rtn, institution-name, account-name = holder) when an account number was given, a coin-address object ' +
    '(address typed btc for Bitcoin, otherwise address-crypto; symbol BTC, ETH or TRX), and a phone-number object ' +
    'with the caller ID (relation phone-number). A routing number given without an account number is an ' +
    'event-level aba-rtn attribute, once per value. to_ids is true for account numbers (each is an indicator in ' +
    'the STIX export too) and for routing numbers and wallet addresses that pass their checksums (see validity on ' +
    '/api/kpis/tier1); never for caller IDs (they can ' +
    'be spoofed). uuids are UUIDv5 and deterministic: one event per organisation and key scope (each export ' +
    'updates it in MISP), one object per call and kind, one attribute per relation and value, so re-exports ' +
    "match. The event is tagged with the organisation's TLP as MISP's TLP 2.0 taxonomy writes it (tlp:amber by " +
    'default, the same marking as the STIX export), distribution 0 (your organisation), unpublished. With ' +
    'campaign_id: one event per organisation, key scope and campaign (its own uuid, info "Honeypot Intel: scam-call ' +
    'campaign cmp_…"), holding the objects of the tier-1 calls of that campaign of the window. Streamed, sent as an ' +
    'attachment named misp-<start>-<end>.json (UTC, basic ISO 8601).',
};
