// Campaigns in the TAXII collection (docs/campaigns.md, Exports). The collection is a sequence
// of calls, each unit placing objects (feed.ts); a campaign there is a kept component
// (storage/campaigns/upkeep.ts) with two or more calls in the collection (tier-1, settled):
//
// - its `campaign` SDO is placed with its LAST call in the collection (ingested_at, call_sid),
//   version the ingest of that call: a call joining it places it again, as a new version;
// - each `indicates` relationship (indicator → campaign) with the last call of the campaign that
//   revealed the indicator, version that call's ingest.
//
// So everything these objects refer to is placed with the same call or a later one, as the
// feed promises: the campaign's last call is its last; the indicator's own place is the last
// call of ANY campaign or none that revealed it, so no earlier than that of the relationship.
//
// Only a key that sees the whole org gets campaigns: a scoped key's campaigns are computed from
// its slice in a window (storage/campaigns/campaigns.ts), and the collection has no window.

import type { Principal } from '../../domain/principal.js';
import {
  campaignObject,
  indicatesCampaign,
  stixInputsOf,
  stixItemsForCall,
  type AddedAt,
  type Marking,
  type StixCampaignInput,
  type StixObject,
} from '../../intel/stix/index.js';
import { collectionCampaignCalls } from '../../storage/campaigns/collection.js';
import type { Db } from '../../storage/db.js';
import { stixCallRowOf, valueHistoriesOf, type StixCallRow } from '../../storage/queries/stixInputs.js';
import { formatUtc } from '../../domain/window.js';

/** A campaign is in the collection once it has this many calls there. */
const MIN_COLLECTION_CALLS = 2;

/** An object a unit places, with its TAXII version (its `modified`). */
export interface PlacedObject {
  object: StixObject;
  version: string;
}

const later = (a: AddedAt, b: AddedAt) => a.ingestedAt > b.ingestedAt || (a.ingestedAt === b.ingestedAt && a.callSid > b.callSid);
const sliced = (principal: Principal) => principal.scope !== null || principal.filter !== undefined;

/**
 * The campaign objects placed with the calls of one chunk of the feed (by call_sid): `chunk`
 * are the chunk's calls, `before` the feed's settle bound.
 */
export async function campaignPlacements(
  db: Db,
  principal: Principal,
  chunk: readonly StixCallRow[],
  marking: Marking,
  before: number,
): Promise<Map<string, PlacedObject[]>> {
  const out = new Map<string, PlacedObject[]>();
  if (sliced(principal) || chunk.length === 0) return out;
  const orgId = principal.orgId;
  const found = await collectionCampaignCalls(
    db,
    orgId,
    chunk.map((c) => c.call_sid),
    before,
  );
  if (found.rows.length === 0) return out;
  const campaignOf = found.campaignOf;
  const rows = found.rows.map(stixCallRowOf);
  const histories = await valueHistoriesOf(db, principal, rows, before);

  interface Gathered {
    calls: StixCallRow[];
    last: AddedAt;
    /** indicator id → the last call of the campaign revealing it. */
    indicators: Map<string, AddedAt>;
  }
  const byCampaign = new Map<string, Gathered>();
  for (const input of stixInputsOf(rows, histories, marking)) {
    const id = campaignOf.get(input.call_sid)!;
    const at: AddedAt = { ingestedAt: input.ingested_at_ms, callSid: input.call_sid };
    let g = byCampaign.get(id);
    if (!g) byCampaign.set(id, (g = { calls: [], last: at, indicators: new Map() }));
    if (later(at, g.last)) g.last = at;
    for (const item of stixItemsForCall(input)) {
      if (item.object.type !== 'indicator') continue;
      const seen = g.indicators.get(item.object.id);
      if (!seen || later(at, seen)) g.indicators.set(item.object.id, at);
    }
  }
  for (const row of rows) byCampaign.get(campaignOf.get(row.call_sid)!)?.calls.push(row);

  const inChunk = new Set(chunk.map((c) => c.call_sid));
  const place = (sid: string, object: StixObject) => {
    const list = out.get(sid) ?? [];
    list.push({ object, version: object.modified as string });
    out.set(sid, list);
  };
  for (const [id, g] of byCampaign) {
    if (g.calls.length < MIN_COLLECTION_CALLS) continue;
    const starts = g.calls.map((c) => c.started_at);
    const input: StixCampaignInput = {
      orgId,
      id,
      firstSeen: formatUtc(starts.reduce((a, b) => Math.min(a, b))),
      lastSeen: formatUtc(starts.reduce((a, b) => Math.max(a, b))),
    };
    if (inChunk.has(g.last.callSid)) place(g.last.callSid, campaignObject(input, marking, g.last.ingestedAt));
    for (const [indicator, at] of [...g.indicators].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
      if (inChunk.has(at.callSid)) place(at.callSid, indicatesCampaign(indicator, input, marking, at.ingestedAt));
    }
  }
  return out;
}
