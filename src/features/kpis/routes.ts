// Overview KPIs (CONTRACT §4 and §6). Every handler walks the same line:
// window → storage query with the principal → response shape.

import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { StringEnum } from '../../domain/enumSchemas.js';
import type { Principal } from '../../domain/principal.js';
import { BUCKETS, rangeObject, type Window } from '../../domain/window.js';
import { liveSessionJson } from '../../storage/liveSessions.js';
import { principalOf } from '../../http/auth.js';
import { ARRIVALS_GRANULARITY, arrivals } from '../../storage/queries/arrivals.js';
import { disconnectBreakdown } from '../../storage/queries/disconnects.js';
import { attackerGeo } from '../../storage/queries/geo.js';
import { askHistogram, durationHistogram } from '../../storage/queries/histograms.js';
import { summary } from '../../storage/queries/summary.js';
import { DEFAULT_TIER1_SORT, TIER1_SORT_NAMES, TIER1_SORTS, tier1Table } from '../../storage/queries/tier1.js';
import { TIMESERIES_METRICS, timeseries } from '../../storage/queries/timeseries.js';
import { TOPN_FIELDS, topn } from '../../storage/queries/topn.js';
import {
  ActiveCallsOut,
  ArrivalsOut,
  AskHistogramOut,
  AttackerGeoOut,
  DisconnectBreakdownOut,
  DurationHistogramOut,
  SummaryOut,
  TimeseriesOut,
  Tier1Out,
  TopnOut,
} from './schemas.js';
import { WindowQuery, windowOf } from './window.js';
import { READ } from '../../http/access.js';
import { featureApp } from '../../http/feature.js';
import { MAX_CURSOR_LENGTH } from '../calls/cursor.js';
import { nextCursor, pageAsked } from '../calls/keysetPage.js';

const WINDOW_DOC = 'Window params: range (<N>h|<N>d|<N>w, default 7d), start, end; a call counts when start <= started_at < end.';

const TimeseriesParams = Type.Object({
  metric: StringEnum(TIMESERIES_METRICS, { description: 'The figure per bucket' }),
});
const TimeseriesQuery = Type.Object({
  ...WindowQuery.properties,
  bucket: StringEnum(BUCKETS, {
    default: 'day',
    description: 'Bucket width: 15min, hour, day (UTC-aligned) or week (Monday 00:00 UTC). Default day.',
  }),
});
const TopnParams = Type.Object({
  field: StringEnum(TOPN_FIELDS, { description: 'mule_bank_routing reads mule_bank_routing_number' }),
});
const TopnQuery = Type.Object({
  ...WindowQuery.properties,
  n: Type.Integer({ minimum: 1, maximum: 50, default: 10, description: 'How many items (1–50, default 10)' }),
});
const Tier1Query = Type.Object({
  ...WindowQuery.properties,
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100, description: 'Rows returned (1–1000, default 100)' }),
  sort: StringEnum(TIER1_SORT_NAMES, {
    default: DEFAULT_TIER1_SORT,
    description:
      'A row field, ascending, or descending with a "-" prefix (default -call_started_at, newest first). Text by ' +
      'Unicode code point; nulls last in both directions; ties by call_started_at descending, then call_sid ascending.',
  }),
  cursor: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: MAX_CURSOR_LENGTH,
      description:
        'Opaque: next_cursor of the previous page, with the same window and sort. A malformed cursor, or one issued ' +
        'for another sort, is 400.',
    }),
  ),
});

export async function kpiRoutes(instance: FastifyInstance): Promise<void> {
  const app = featureApp(instance, READ, { tags: ['kpis'] });
  const { db, sessions } = app.deps.storage;

  /** The answer of a windowed figure: `{ range, ...figures }` of the request's window. */
  const inWindow = async <F extends object>(
    req: FastifyRequest & { query: WindowQuery },
    figures: (w: Window, principal: Principal) => Promise<F>,
    defaultRange?: string,
  ) => {
    const w = windowOf(app, req.query, defaultRange);
    return { range: rangeObject(w), ...(await figures(w, principalOf(req))) };
  };

  /** A route with the window params only. */
  const windowRoute = (
    path: string,
    schema: { operationId: string; summary: string; description?: string; response: { 200: TSchema } },
    figures: (w: Window, principal: Principal) => Promise<object>,
    defaultRange?: string,
  ) => app.get(path, { schema: { ...schema, querystring: WindowQuery } }, (req) => inWindow(req, figures, defaultRange));

  windowRoute(
    '/api/kpis/summary',
    { operationId: 'getSummary', summary: 'Headline figures of the window', response: { 200: SummaryOut } },
    (w, p) => summary(db, p, w),
  );

  app.get(
    '/api/kpis/timeseries/:metric',
    {
      schema: {
        operationId: 'getTimeseries',
        summary: 'One figure per time bucket',
        description:
          `${WINDOW_DOC} One point per bucket from the bucket containing start to the bucket containing end − 1 ms, ` +
          'stamped with the bucket start and zero-filled; only calls inside the window count, also in partial first and ' +
          'last buckets. hook_rate and avg_duration_sec are 0 in a bucket without calls. At most 10,000 buckets ' +
          '(400 invalid_range beyond).',
        params: TimeseriesParams,
        querystring: TimeseriesQuery,
        response: { 200: TimeseriesOut },
      },
    },
    (req) => {
      const { metric } = req.params;
      const { bucket } = req.query;
      return inWindow(req, async (w, p) => ({ metric, bucket, points: await timeseries(db, p, w, metric, bucket) }));
    },
  );

  app.get(
    '/api/kpis/topn/:field',
    {
      schema: {
        operationId: 'getTopN',
        summary: 'Most frequent values of an intel field',
        description:
          `${WINDOW_DOC} Distinct non-null values with their call counts, count descending then label ascending by ` +
          'Unicode code point, cut at n; pct_of_total = count / calls of the window whose field is non-null.',
        params: TopnParams,
        querystring: TopnQuery,
        response: { 200: TopnOut },
      },
    },
    (req) => {
      const { field } = req.params;
      return inWindow(req, async (w, p) => ({ field, items: await topn(db, p, w, field, req.query.n) }));
    },
  );

  windowRoute(
    '/api/kpis/arrivals',
    {
      operationId: 'getArrivals',
      summary: 'Calls per 15 minutes',
      description: `${WINDOW_DOC} The default window here is 24h. Zero-filled 15-minute UTC buckets, oldest first.`,
      response: { 200: ArrivalsOut },
    },
    async (w, p) => ({ granularity: ARRIVALS_GRANULARITY, buckets: await arrivals(db, p, w) }),
    '24h',
  );

  windowRoute(
    '/api/kpis/duration-histogram',
    {
      operationId: 'getDurationHistogram',
      summary: 'Call-duration distribution',
      description:
        `${WINDOW_DOC} Nine buckets with edges 0, 15, 30, 60, 120, 300, 600, 1200, 1800 s and an open last bucket ` +
        '(max_sec null); a bucket holds min_sec <= duration_sec < max_sec. Labels name the whole seconds held: ' +
        '"0–14s", "15–29s", "30–59s", "1m–1m59s", "2m–4m59s", "5m–9m59s", "10m–19m59s", "20m–29m59s", "30m+". ' +
        'All buckets are present.',
      response: { 200: DurationHistogramOut },
    },
    async (w, p) => ({ buckets: await durationHistogram(db, p, w) }),
  );

  windowRoute(
    '/api/kpis/ask-histogram',
    {
      operationId: 'getAskHistogram',
      summary: 'Distribution of individual dollar asks',
      description:
        `${WINDOW_DOC} Every element of every dollar_asks, in buckets with edges 0, 100, 500, 1000, 2500, 5000, ` +
        '10000 and an open last bucket (max null); a bucket holds min <= ask < max, so $99.50 is in "$0–$99". ' +
        'Labels: "$0–$99", "$100–$499", "$500–$999", "$1,000–$2,499", "$2,500–$4,999", "$5,000–$9,999", "$10,000+".',
      response: { 200: AskHistogramOut },
    },
    async (w, p) => ({ buckets: await askHistogram(db, p, w) }),
  );

  app.get(
    '/api/kpis/tier1',
    {
      schema: {
        operationId: 'getTier1',
        summary: 'Tier-1 calls: mule-bank, crypto and gift-card extractions',
        description:
          `${WINDOW_DOC} In the order of sort (default newest started_at first, ties by call_sid ascending by code ` +
          'point), one page of limit rows; next_cursor continues after it. total counts every tier-1 call of the ' +
          'window. Each row carries validity: whether its routing number and wallet address pass their checksums ' +
          '(null when absent or not judgeable). The same rows, all of them, as CSV: GET /api/exports/tier1 (pro; the ' +
          'CSV has no validity column).',
        querystring: Tier1Query,
        response: { 200: Tier1Out },
      },
    },
    (req) =>
      inWindow(req, async (w, p) => {
        const { sort, after } = pageAsked(TIER1_SORTS, req.query);
        const { total, items, next } = await tier1Table(db, p, w, req.query.limit, { sort, after });
        return { total, items, next_cursor: nextCursor(sort, next) };
      }),
  );

  windowRoute(
    '/api/kpis/attacker-geo',
    {
      operationId: 'getAttackerGeo',
      summary: 'Calls per US state of the caller ID',
      description:
        `${WINDOW_DOC} NANP caller IDs mapped by area code to the US state, DC or territory; toll-free, Canadian, ` +
        'non-NANP and unparseable numbers are left out. Count descending, then state ascending; area_codes distinct ' +
        'and ascending.',
      response: { 200: AttackerGeoOut },
    },
    async (w, p) => ({ items: await attackerGeo(db, p, w) }),
  );

  windowRoute(
    '/api/kpis/disconnect-breakdown',
    {
      operationId: 'getDisconnectBreakdown',
      summary: 'Why calls ended',
      description: `${WINDOW_DOC} Calls per disconnect_reason, the four reasons always present; a call without a reason (or with one outside the four) is counted in none of them.`,
      response: { 200: DisconnectBreakdownOut },
    },
    (w, p) => disconnectBreakdown(db, p, w),
  );

  app.get(
    '/api/kpis/active-calls',
    {
      schema: {
        operationId: 'getActiveCalls',
        summary: 'Calls in progress, from the live session store',
        description:
          'Sessions not ended whose last heartbeat is younger than HONEYPOT_SESSION_TTL_SEC, oldest started_at first. ' +
          'Window params have no effect here.',
        // CONTRACT §6: `range` is ignored here; the window params are accepted, unread, as on every figure.
        querystring: Type.Object({
          range: Type.Optional(Type.String({ description: 'Ignored' })),
          start: Type.Optional(Type.String({ description: 'Ignored' })),
          end: Type.Optional(Type.String({ description: 'Ignored' })),
        }),
        response: { 200: ActiveCallsOut },
      },
    },
    async (req) => {
      const active = await sessions.active(principalOf(req), app.deps.now().getTime());
      return { active_count: active.length, calls: active.map(liveSessionJson) };
    },
  );
}
