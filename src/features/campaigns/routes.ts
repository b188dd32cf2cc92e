// Campaigns (CONTRACT §14): calls linked into the operations behind them, computed from the
// caller's org and slice in the window asked (storage/campaigns/campaigns.ts). Pro tier.

import type { FastifyInstance } from 'fastify';
import { rangeObject } from '../../domain/window.js';
import { notFound } from '../../errors.js';
import { READ_PRO } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { featureApp } from '../../http/feature.js';
import { getCampaign, listCampaigns } from '../../storage/campaigns/campaigns.js';
import { windowOf } from '../kpis/window.js';
import { decodeCampaignCursor, encodeCampaignCursor } from './cursor.js';
import {
  CAMPAIGN_WINDOW_DOC,
  CampaignDetailOut,
  CampaignDetailQuery,
  CampaignListOut,
  CampaignListQuery,
  CampaignParams,
} from './schemas.js';

/** Every campaign read links the whole window's calls: seconds of work on a big store (http/heavyWork.ts). */
const HEAVY = { heavy: true } as const;

export async function campaignRoutes(instance: FastifyInstance): Promise<void> {
  const app = featureApp(instance, READ_PRO, { tags: ['campaigns'] });
  const { db } = app.deps.storage;

  app.get(
    '/api/campaigns',
    {
      config: HEAVY,
      schema: {
        operationId: 'listCampaigns',
        summary: 'Campaigns: calls linked into the operations behind them',
        description:
          'Connected components of the window’s calls, joined by a shared strong identifier (mule account, wallet, drop ' +
          'address, phishing domain, callback number) or by two weak signals agreeing (agent, caller ID, script); a value ' +
          'shared by calls of more than 10 otherwise separate operations never links (docs/campaigns.md). ' +
          CAMPAIGN_WINDOW_DOC,
        querystring: CampaignListQuery,
        response: { 200: CampaignListOut },
      },
    },
    async (req) => {
      const q = req.query;
      const w = windowOf(app, q);
      const after = q.cursor === undefined ? null : decodeCampaignCursor(q.cursor, q.sort);
      const page = await listCampaigns(db, principalOf(req), w, { sort: q.sort, minCalls: q.min_calls, limit: q.limit, after });
      return {
        range: rangeObject(w),
        items: page.items,
        next_cursor: page.next ? encodeCampaignCursor(q.sort, page.next) : null,
      };
    },
  );

  app.get(
    '/api/campaigns/:id',
    {
      config: HEAVY,
      schema: {
        operationId: 'getCampaign',
        summary: 'One campaign: its figures, timeline, links and related signals',
        description:
          'The row of GET /api/campaigns plus its calls per day, the identifiers that join it and the weak signals it shares ' +
          'with calls outside it. Its calls: GET /api/calls?campaign_id= with the same window. 404 when the window, in the ' +
          'caller’s org and slice, has no campaign with this id. ' +
          CAMPAIGN_WINDOW_DOC,
        params: CampaignParams,
        querystring: CampaignDetailQuery,
        response: { 200: CampaignDetailOut },
      },
    },
    async (req) => {
      const w = windowOf(app, req.query);
      const detail = await getCampaign(db, principalOf(req), w, req.params.id);
      if (!detail) throw notFound(`No campaign "${req.params.id}" in this window.`);
      return { range: rangeObject(w), ...detail };
    },
  );
}
