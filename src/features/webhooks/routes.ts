// Webhooks (CONTRACT §9): the event catalog, subscriptions, the deliveries log,
// and two debugging sends (a test ping, a redelivery). Subscriptions keep the creating key's
// scope: they receive only events of calls inside it, and a scoped key sees only its own.

import type { FastifyInstance } from 'fastify';
import { pipelineOf } from '../../delivery/pipeline.js';
import { newSigningSecret } from '../../delivery/send.js';
import { EVENT_CATALOG } from '../../domain/events.js';
import {
  MAX_SUBSCRIPTIONS_PER_ORG,
  createSubscription,
  deleteSubscription,
  getSubscription,
  listAttempts,
  listSubscriptions,
  queuePing,
  requeueForRetry,
  type Attempt,
  type Subscription,
} from '../../storage/queries/webhooks.js';
import { formatUtc } from '../../domain/window.js';
import { notFound } from '../../errors.js';
import { principalOf } from '../../http/auth.js';
import {
  DeliveryListOut,
  DeliveryOut,
  DeliveryParams,
  EventsOut,
  LimitQuery,
  SubscriptionBody,
  SubscriptionCreatedOut,
  SubscriptionListOut,
  SubscriptionParams,
} from './schemas.js';
import { targetUrl } from './target.js';
import { READ_PRO } from '../../http/access.js';
import { featureApp } from '../../http/feature.js';

const subscriptionJson = (s: Subscription) => ({
  id: s.id,
  event_type: s.event_type,
  url: s.url,
  created_at: formatUtc(s.created_at),
  status: s.status,
});

const deliveryJson = (a: Attempt) => ({ ...a, created_at: formatUtc(a.created_at) });

export async function webhookRoutes(instance: FastifyInstance): Promise<void> {
  const app = featureApp(instance, READ_PRO, { tags: ['webhooks'] });
  const { db } = app.deps.storage;
  const pipeline = pipelineOf(app);
  const now = () => app.deps.now().getTime();

  app.get(
    '/api/webhooks/events',
    { schema: { operationId: 'listWebhookEvents', summary: 'Subscribable event types', response: { 200: EventsOut } } },
    async () => ({
      items: EVENT_CATALOG,
    }),
  );

  app.post(
    '/api/webhooks/subscriptions',
    {
      config: { errors: [409] },
      schema: {
        operationId: 'createSubscription',
        summary: 'Subscribe a URL to one event type (the signing secret is shown only here)',
        description:
          'Deliveries are POSTed as JSON {id, type, created_at, data}, signed per Standard Webhooks (webhook-id, ' +
          'webhook-timestamp, webhook-signature) with the returned secret. 409 conflict when the org already has this ' +
          `event_type and url, or when it already has ${MAX_SUBSCRIPTIONS_PER_ORG} subscriptions. A subscription` +
          ' made with a scoped key receives only events of calls inside its scope.',
        body: SubscriptionBody,
        response: { 201: SubscriptionCreatedOut },
      },
    },
    async (req, reply) => {
      const body = req.body;
      const url = targetUrl(app, body.url, 'body.url');
      const secret = newSigningSecret();
      const record = await createSubscription(db, principalOf(req), { event_type: body.event_type, url }, now(), secret);
      reply.code(201);
      return { ...subscriptionJson(record), secret };
    },
  );

  app.get(
    '/api/webhooks/subscriptions',
    {
      schema: {
        operationId: 'listSubscriptions',
        summary: "List the organisation's subscriptions (never the secrets)",
        response: { 200: SubscriptionListOut },
      },
    },
    async (req) => ({ items: (await listSubscriptions(db, principalOf(req))).map(subscriptionJson) }),
  );

  app.delete(
    '/api/webhooks/subscriptions/:sub_id',
    {
      schema: {
        operationId: 'deleteSubscription',
        summary: 'Delete a subscription (its queued deliveries are dropped)',
        params: SubscriptionParams,
      },
    },
    async (req, reply) => {
      const { sub_id } = req.params;
      if (!(await deleteSubscription(db, principalOf(req), sub_id, now()))) throw notFound('No such subscription.');
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/webhooks/subscriptions/:sub_id/test',
    {
      config: { errors: [409] },
      schema: {
        operationId: 'testSubscription',
        summary: 'Send a signed ping event to the subscription now',
        description: 'One attempt, no retries; answers with the attempt as it appears in the deliveries log.',
        params: SubscriptionParams,
        response: { 200: DeliveryOut },
      },
    },
    async (req) => {
      const principal = principalOf(req);
      const sub = await getSubscription(db, principal, req.params.sub_id);
      if (!sub) throw notFound('No such subscription.');
      const jobId = await queuePing(db, sub, now());
      return deliveryJson(await pipeline.worker.deliverNow(jobId));
    },
  );

  app.get(
    '/api/webhooks/deliveries',
    {
      schema: {
        operationId: 'listDeliveries',
        summary: 'Recent delivery attempts, newest first',
        description: 'One item per attempt, for webhook subscriptions and alert rules alike.',
        querystring: LimitQuery,
        response: { 200: DeliveryListOut },
      },
    },
    async (req) => {
      const { limit } = req.query;
      return { items: (await listAttempts(db, principalOf(req), limit)).map(deliveryJson) };
    },
  );

  app.post(
    '/api/webhooks/deliveries/:delivery_id/retry',
    {
      config: { errors: [409] },
      schema: {
        operationId: 'retryDelivery',
        summary: 'Redeliver the event of a delivery attempt now',
        description:
          'Sends the same event (same webhook-id) to the same target at once and answers with the new attempt. A ' +
          'delivery that had finished gets this one extra attempt. 409 while an attempt is in flight.',
        params: DeliveryParams,
        response: { 200: DeliveryOut },
      },
    },
    async (req) => {
      const { delivery_id } = req.params;
      const jobId = await requeueForRetry(db, principalOf(req), delivery_id, now());
      if (!jobId) throw notFound('No such delivery.');
      return deliveryJson(await pipeline.worker.deliverNow(jobId));
    },
  );
}
