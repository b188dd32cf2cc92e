import { Type, type TSchema } from '@sinclair/typebox';
import { StringEnum } from '../../domain/enumSchemas.js';
import { EVENT_TYPES } from '../../domain/events.js';

export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

const EventTypeSchema = StringEnum(EVENT_TYPES, { description: 'From GET /api/webhooks/events' });

export const EventsOut = Type.Object({
  items: Type.Array(Type.Object({ type: Type.String(), description: Type.String() })),
});

export const SubscriptionBody = Type.Object(
  {
    event_type: EventTypeSchema,
    url: Type.String({ minLength: 1, maxLength: 2048, description: 'An https URL on a public address' }),
  },
  { additionalProperties: false },
);

const SubscriptionFields = {
  id: Type.String(),
  event_type: Type.String(),
  url: Type.String(),
  created_at: Type.String({ description: 'RFC 3339 UTC' }),
  status: Type.Union([Type.Literal('active'), Type.Literal('disabled')], {
    description: 'disabled after 5 days in which every delivery failed; a successful test re-activates it',
  }),
};

const SubscriptionOut = Type.Object(SubscriptionFields);
export const SubscriptionCreatedOut = Type.Object({
  ...SubscriptionFields,
  secret: Type.String({ description: 'Standard Webhooks signing secret (whsec_…), shown only in this response' }),
});
export const SubscriptionListOut = Type.Object({ items: Type.Array(SubscriptionOut) });

export const SubscriptionParams = Type.Object({ sub_id: Type.String({ maxLength: 100 }) });
export const DeliveryParams = Type.Object({ delivery_id: Type.String({ maxLength: 100 }) });

export const LimitQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 500, default: 50, description: 'How many items, newest first (1–500, default 50)' }),
});

export const DeliveryOut = Type.Object(
  {
    id: Type.String({ description: 'The attempt id' }),
    subscription_id: Nullable(Type.String()),
    rule_id: Nullable(Type.String()),
    event_id: Type.String({ description: 'Also the webhook-id header, the same on every attempt' }),
    event_type: Type.String(),
    url: Type.String(),
    attempt: Type.Integer({ description: '1 for the first attempt' }),
    status: Type.Union([Type.Literal('succeeded'), Type.Literal('failed'), Type.Literal('retrying')]),
    response_status: Nullable(Type.Integer()),
    response_body: Nullable(Type.String({ description: 'The first 256 characters of the response body' })),
    error: Nullable(Type.String()),
    duration_ms: Nullable(Type.Integer()),
    created_at: Type.String({ description: 'RFC 3339 UTC' }),
  },
  { $id: 'Delivery' },
);
export const DeliveryListOut = Type.Object({ items: Type.Array(DeliveryOut) });
