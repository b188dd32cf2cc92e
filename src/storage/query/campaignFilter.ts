// ["is", "campaign_id", [ids]] in a query (docs/query.md): a campaign is a set of calls the
// principal's campaigns path gives for one window (storage/campaigns/campaigns.ts
// campaignMembers: the kept components for a key that sees the whole org, the slice's own
// campaigns of the window for a scoped one), so the condition is resolved to those calls before
// the SQL of each window (the query's and its comparison's) is built. Pro tier, as GET
// /api/calls?campaign_id=.

import type { Condition } from '../../domain/query/parse.js';
import type { Principal } from '../../domain/principal.js';
import type { Window } from '../../domain/window.js';
import { ApiError } from '../../errors.js';
import { campaignMembers } from '../campaigns/campaigns.js';
import type { Db } from '../db.js';

/** The calls of each campaign a query names, in one window (none when it has no such campaign). */
export type CampaignCalls = Map<string, string[]>;

function campaignIds(filters: readonly Condition[]): Set<string> {
  const ids = new Set<string>();
  const visit = (c: Condition): void => {
    if (c.op === 'campaign') c.ids.forEach((id) => ids.add(id));
    else if (c.op === 'not') visit(c.condition);
    else if (c.op === 'and' || c.op === 'or') c.conditions.forEach(visit);
  };
  filters.forEach(visit);
  return ids;
}

/** The calls of the campaigns the filters name in window `w`; null when they name none. */
export async function campaignCallsOf(
  db: Db,
  principal: Principal,
  filters: readonly Condition[],
  w: Window,
): Promise<CampaignCalls | null> {
  const ids = campaignIds(filters);
  if (ids.size === 0) return null;
  if (principal.tier !== 'pro')
    throw new ApiError(403, 'tier_required', 'campaign_id is part of the pro plan.', undefined, { required_tier: 'pro' });
  const out: CampaignCalls = new Map();
  for (const id of ids) out.set(id, await campaignMembers(db, principal, w, id));
  return out;
}
