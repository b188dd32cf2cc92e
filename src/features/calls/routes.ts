// Call search and call detail (CONTRACT §7). The list walks: query → (saved search merged
// in) → parsed filter → keyset page in the caller's org and slice → response shape.

import type { FastifyInstance } from 'fastify';
import { mergeFilters, parseCallFilters, pickFilters } from '../../domain/callFilters.js';
import { indicatorValidity } from '../../domain/indicators/validity.js';
import type { Scope } from '../../domain/scope.js';
import { rangeObject } from '../../domain/window.js';
import { ApiError, notFound } from '../../errors.js';
import { campaignCallSids } from '../../storage/campaigns/campaigns.js';
import { principalOf } from '../../http/auth.js';
import { CALL_SORTS, getCall, listCalls } from '../../storage/queries/calls.js';
import { getSavedSearch } from '../../storage/queries/savedSearches.js';
import { nextCursor, pageAsked } from './keysetPage.js';
import { CallDetailOut, CallListOut, CallParams, CallsQuery } from './schemas.js';
import { READ } from '../../http/access.js';
import { featureApp } from '../../http/feature.js';

export async function callRoutes(instance: FastifyInstance): Promise<void> {
  const app = featureApp(instance, READ, { tags: ['calls'] });
  const { db } = app.deps.storage;

  app.get(
    '/api/calls',
    {
      schema: {
        operationId: 'listCalls',
        summary: 'Search calls',
        description:
          'Calls of the window (default 7d) in the caller’s slice, in the order of sort (default newest first; ties by ' +
          'started_at descending, then call_sid ascending), filtered by transcript text, extracted intel, tier, hooked ' +
          'and duration. Filters combine with AND; the values of one repeatable filter with OR. total counts the ' +
          'matching calls on all pages. Keyset-paginated with an opaque cursor bound to the sort. With q, each item ' +
          'carries a snippet of the first matching turn.',
        querystring: CallsQuery,
        response: { 200: CallListOut },
      },
    },
    async (req) => {
      const query = req.query;
      const principal = principalOf(req);
      const { sort, after } = pageAsked(CALL_SORTS, query);
      let filters = pickFilters(query);
      let savedScope: Scope | null = null;
      if (query.saved_search_id !== undefined) {
        const saved = await getSavedSearch(db, principal, query.saved_search_id);
        if (!saved) throw notFound(`No saved search "${query.saved_search_id}".`);
        filters = mergeFilters(saved.filters, filters);
        savedScope = saved.scope;
      }
      const filter = parseCallFilters(filters, app.deps.now());
      let onlySids: string[] | null = null;
      if (query.campaign_id !== undefined) {
        // Campaigns are a pro feature, and a campaign is one of the window's (in the caller's slice).
        if (principal.tier !== 'pro')
          throw new ApiError(403, 'tier_required', 'campaign_id is part of the pro plan.', undefined, { required_tier: 'pro' });
        onlySids = await campaignCallSids(db, principal, filter.window, query.campaign_id);
        if (!onlySids) throw notFound(`No campaign "${query.campaign_id}" in this window.`);
      }
      const page = await listCalls(
        db,
        principal,
        filter,
        { limit: query.limit, after, sort, total: true, snippets: true, onlySids },
        savedScope,
      );
      return {
        range: rangeObject(filter.window),
        total: page.total!, // asked for above (total: true)
        items: page.items.map((item) => ({ ...item, snippet: item.snippet ?? null })),
        next_cursor: nextCursor(sort, page.next),
      };
    },
  );

  app.get(
    '/api/calls/:call_sid',
    {
      schema: {
        operationId: 'getCall',
        summary: 'One call with its transcript and extraction',
        description:
          'extraction.validity tells whether the routing number and wallet address pass their checksums. 404 when the ' +
          'call is unknown, belongs to another organisation or is outside the key’s slice.',
        params: CallParams,
        response: { 200: CallDetailOut },
      },
    },
    async (req) => {
      const { call_sid } = req.params;
      const call = await getCall(db, principalOf(req), call_sid);
      if (!call) throw notFound(`No call "${call_sid}".`);
      const e = call.extraction;
      return { ...call, extraction: e && { ...e, validity: indicatorValidity(e) } };
    },
  );
}
