// The TAXII collection's campaigns (features/taxii/campaigns.ts): which kept campaigns the calls
// of a chunk of the feed are in, and every call of those campaigns in the collection (tier-1,
// ingested before the feed's settle bound), as the STIX builder reads calls.

import { Params, type Db, type Row } from '../db.js';
import { STIX_INPUT_COLUMNS } from '../queries/stixInputs.js';
import { callSidInList } from './sidList.js';

export interface CollectionCampaigns {
  /** call_sid → campaign id, for every member call of the campaigns (any tier). */
  campaignOf: Map<string, string>;
  /** Their calls in the collection, with STIX_INPUT_COLUMNS (for stixCallRowOf). */
  rows: Row[];
}

export async function collectionCampaignCalls(
  db: Db,
  orgId: string,
  sids: readonly string[],
  before: number,
): Promise<CollectionCampaigns> {
  const p = new Params();
  const ids = (
    await db.all(
      `SELECT DISTINCT campaign_id FROM campaign_members WHERE org_id = ${p.p(orgId)} AND campaign_id IS NOT NULL
         AND ${callSidInList(db.dialect, sids, p)}`,
      p.values,
    )
  ).map((r) => r.campaign_id as string);
  if (ids.length === 0) return { campaignOf: new Map(), rows: [] };
  const q = new Params();
  const members = await db.all(
    `SELECT call_sid, campaign_id FROM campaign_members WHERE org_id = ${q.p(orgId)} AND ${callSidInList(db.dialect, ids, q, 'campaign_id')}`,
    q.values,
  );
  const campaignOf = new Map(members.map((m) => [m.call_sid as string, m.campaign_id as string]));
  const r = new Params();
  const rows = await db.all(
    `SELECT ${STIX_INPUT_COLUMNS} FROM calls WHERE org_id = ${r.p(orgId)} AND tier = 1 AND ingested_at < ${r.p(before)}
       AND ${callSidInList(db.dialect, [...campaignOf.keys()], r)}`,
    r.values,
  );
  return { campaignOf, rows };
}
