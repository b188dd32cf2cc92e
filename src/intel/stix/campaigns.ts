// Campaigns (docs/campaigns.md) as STIX 2.1: one `campaign` SDO per campaign of the export's
// window, and an `indicates` relationship from each indicator its calls revealed to it. STIX
// 2.1's relationship table allows only `indicates` (indicator → campaign) between these two
// types: `attributed-to` goes from a campaign to an intrusion-set or threat-actor, and `uses`
// to attack patterns, infrastructure, malware and tools, so neither can name an indicator.
// Pure, ids deterministic (UUIDv5 in our namespace, like every SDO and SRO of the builder).

import { sdoId } from './ids.js';
import { tlpMarkingId, type Marking } from './markings.js';
import { HONEYPOT_IDENTITY_ID } from './objects.js';
import type { StixObject } from './types.js';

/** What the builder needs of one campaign (a row of GET /api/campaigns for the same window and slice). */
export interface StixCampaignInput {
  orgId: string;
  /** The campaign's id (`cmp_…`). */
  id: string;
  /** RFC 3339 UTC: its earliest and latest call in the window. */
  firstSeen: string;
  lastSeen: string;
}

const ts = (ms: number) => new Date(ms).toISOString();

/** The campaign SDO's id: from the org and the campaign id, so a slice's own campaign (its own id) is its own object. */
const campaignStixId = (c: Pick<StixCampaignInput, 'orgId' | 'id'>): string => sdoId('campaign', c.orgId, c.id);

/**
 * created is the campaign's first call, modified its last call (or the TLP change, if later):
 * a call joining the campaign moves last_seen and so raises modified.
 */
function versionOf(c: StixCampaignInput, marking: Marking): { created: string; modified: string } {
  const first = Date.parse(c.firstSeen);
  return { created: ts(first), modified: ts(Math.max(first, Date.parse(c.lastSeen), marking.setAtMs)) };
}

export function campaignObject(c: StixCampaignInput, marking: Marking): StixObject {
  return {
    type: 'campaign',
    spec_version: '2.1',
    id: campaignStixId(c),
    created_by_ref: HONEYPOT_IDENTITY_ID,
    ...versionOf(c, marking),
    name: `Scam-call campaign ${c.id}`,
    description:
      'Scam calls linked into one operation by identifiers they share (mule accounts, crypto wallets, drop addresses, ' +
      `phishing domains, callback numbers). Its calls: GET /api/calls?campaign_id=${c.id}.`,
    aliases: [c.id],
    first_seen: ts(Date.parse(c.firstSeen)),
    last_seen: ts(Date.parse(c.lastSeen)),
    objective: 'Payments from the people called, to accounts and wallets the callers control.',
    object_marking_refs: [tlpMarkingId(marking.tlp)],
  };
}

/** indicator --indicates--> campaign, versioned with the campaign (it is as current as the campaign's calls). */
export function indicatesCampaign(indicatorId: string, c: StixCampaignInput, marking: Marking): StixObject {
  const campaignId = campaignStixId(c);
  return {
    type: 'relationship',
    spec_version: '2.1',
    id: sdoId('relationship', indicatorId, 'indicates', campaignId),
    created_by_ref: HONEYPOT_IDENTITY_ID,
    ...versionOf(c, marking),
    relationship_type: 'indicates',
    source_ref: indicatorId,
    target_ref: campaignId,
    description: "The indicator's value was given in calls of this campaign.",
    object_marking_refs: [tlpMarkingId(marking.tlp)],
  };
}

/** The campaigns of one bundle: their SDOs, and which campaign each call belongs to. */
export interface BundleCampaigns {
  inputs: StixCampaignInput[];
  /** call_sid → the campaign (an index into `inputs`). */
  campaignOfCall: Map<string, number>;
}

export function bundleCampaigns(inputs: StixCampaignInput[], callsOf: (i: number) => readonly string[]): BundleCampaigns {
  const campaignOfCall = new Map<string, number>();
  inputs.forEach((_, i) => {
    for (const sid of callsOf(i)) campaignOfCall.set(sid, i);
  });
  return { inputs, campaignOfCall };
}
