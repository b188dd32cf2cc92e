// Campaign push (docs/campaigns.md, Push): after an ingest committed, the org's campaigns are
// worked out for each slice someone listens to (subscriptions to campaign.detected or
// campaign.grew, rules on new_campaigns), over the last DETECTION_WINDOW_MS, and compared with
// what was announced (storage/campaigns/announcements.ts): a campaign reaching MIN_CALLS is
// detected once; one announced before that has more calls is announced as grown, at most once
// an hour. A slice's campaigns are computed from its slice alone (campaignsWithCalls), so a
// scoped subscription hears only of campaigns made of its calls, under their own ids.

import { createHash } from 'node:crypto';
import { CAMPAIGN_DETECTED, CAMPAIGN_GREW, envelope } from '../domain/events.js';
import type { Principal } from '../domain/principal.js';
import { DAY_MS, formatUtc, HOUR_MS, type Window } from '../domain/window.js';
import type { CampaignRow } from '../domain/campaigns/rows.js';
import {
  announcedCampaigns,
  listeningSlices,
  recordDetection,
  recordGrowth,
  recordShrink,
  type Announcement,
} from '../storage/campaigns/announcements.js';
import { campaignsWithCalls } from '../storage/campaigns/campaigns.js';
import type { Db } from '../storage/db.js';

/** A campaign is announced once it has this many calls (GET /api/campaigns' default min_calls). */
const MIN_CALLS = 3;
/** The recent window campaigns are computed over after an ingest. */
const DETECTION_WINDOW_MS = 30 * DAY_MS;
/** At most one announcement per campaign in this time. */
const GREW_QUIET_MS = HOUR_MS;
/** The alert metric counting detections (its entry: delivery/alerts.ts). */
export const NEW_CAMPAIGNS_METRIC = 'new_campaigns';

/** `data` of a campaign event: the campaign's row as GET /api/campaigns gives it, and the window it was computed over. */
type CampaignEventData = CampaignRow & { window_start: string; window_end: string; new_calls?: number };

/** The webhook-id: from what makes the announcement unique, so a retry of this work names the same event. */
const eventIdOf = (...parts: (string | number)[]) => `evt_${createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 32)}`;

/**
 * Announces the org's new and grown campaigns at `now` (the app's clock); returns how many
 * announcements queued deliveries or counted as detections.
 */
export async function announceCampaigns(db: Db, orgId: string, now: Date): Promise<number> {
  const slices = await listeningSlices(db, orgId, [CAMPAIGN_DETECTED, CAMPAIGN_GREW], NEW_CAMPAIGNS_METRIC);
  const at = now.getTime();
  const w: Window = { start: new Date(at - DETECTION_WINDOW_MS), end: now, label: 'custom' };
  const windowOf = { window_start: formatUtc(w.start.getTime()), window_end: formatUtc(at) };
  let announced = 0;
  for (const { slice, scope } of slices) {
    const principal: Principal = { orgId, tier: 'pro', keyId: 'campaign-events', role: 'read', scope };
    const [found, known] = [await campaignsWithCalls(db, principal, w, MIN_CALLS), await announcedCampaigns(db, orgId, slice)];
    for (const { row } of found) {
      const before = known.get(row.id);
      const base = { orgId, slice, campaignId: row.id, calls: row.calls, at };
      if (!before) {
        const eventId = eventIdOf(orgId, slice, row.id, CAMPAIGN_DETECTED);
        const data: CampaignEventData = { ...row, ...windowOf };
        const a: Announcement = {
          ...base,
          eventType: CAMPAIGN_DETECTED,
          eventId,
          payload: payloadOf(eventId, CAMPAIGN_DETECTED, at, data),
        };
        if (await recordDetection(db, a)) announced++;
      } else if (row.calls > before.calls && at - before.announcedAt >= GREW_QUIET_MS) {
        const eventId = eventIdOf(orgId, slice, row.id, CAMPAIGN_GREW, at);
        const data: CampaignEventData = { ...row, new_calls: row.calls - before.calls, ...windowOf };
        const a: Announcement = { ...base, eventType: CAMPAIGN_GREW, eventId, payload: payloadOf(eventId, CAMPAIGN_GREW, at, data) };
        if (await recordGrowth(db, a, GREW_QUIET_MS)) announced++;
      } else if (row.calls < before.calls) {
        await recordShrink(db, orgId, slice, row.id, row.calls);
      }
    }
  }
  return announced;
}

const payloadOf = (id: string, type: string, at: number, data: CampaignEventData) => JSON.stringify(envelope(id, type, at, data));
