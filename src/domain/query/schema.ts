// The body of a query (CONTRACT §13, docs/query.md) as a TypeBox schema: POST /api/query
// validates requests with it, and the agent's `query` tool hands it to a model as the tool's
// JSON schema, so both speak exactly the same language.

import { Type } from '@sinclair/typebox';
import { FILTER_OPS, QUERY_LIMITS } from './catalog.js';

const Name = Type.String({ minLength: 1, maxLength: 64 });
const WindowBound = Type.String({ maxLength: 64 });

export const QueryBody = Type.Object(
  {
    metrics: Type.Array(Name, {
      minItems: 1,
      maxItems: QUERY_LIMITS.maxMetrics,
      description:
        'Summary figures (calls_received … total_dollars_dangled), asks, mean_dollar_ask, p90_call_duration_sec, distinct:<field>.',
    }),
    dimensions: Type.Optional(
      Type.Array(Name, {
        maxItems: QUERY_LIMITS.maxDimensions,
        description:
          'Field dimensions (intel fields, caller_state, caller_area_code, caller_id, persona, disconnect_reason, ' +
          'cleanly_closed, hooked, tier, has_intel) and time:15min|hour|day|week|month|weekday|hour_of_day.',
      }),
    ),
    filters: Type.Optional(
      Type.Array(Type.Array(Type.Unknown(), { minItems: 1, maxItems: 3 }), {
        maxItems: QUERY_LIMITS.maxConditions,
        description:
          `All must hold. [op, field, value] with op in ${FILTER_OPS.join(', ')}; ["has", field]; ["not", f]; ["and"|"or", [f…]]; ` +
          '["is", "campaign_id", [ids]]: the calls of those campaigns (pro tier).',
      }),
    ),
    range: Type.Optional(Type.String({ maxLength: 64, description: '<N>h, <N>d or <N>w ending now (default 7d)' })),
    start: Type.Optional(WindowBound),
    end: Type.Optional(WindowBound),
    timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'IANA zone (default UTC)' })),
    compare: Type.Optional(
      Type.Union([Type.Literal('previous_period'), Type.Object({ start: WindowBound, end: WindowBound }, { additionalProperties: false })]),
    ),
    order_by: Type.Optional(
      // Pairs as arrays of two names, not tuples: OpenAPI 3.1 has no draft-07 tuple form.
      Type.Array(Type.Array(Name, { minItems: 2, maxItems: 2 }), { maxItems: 8, description: '[[metric or dimension, "asc"|"desc"]]' }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: QUERY_LIMITS.maxRows, default: QUERY_LIMITS.defaultLimit })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: QUERY_LIMITS.maxOffset, default: 0 })),
  },
  { additionalProperties: false },
);
