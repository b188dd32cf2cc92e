// Request and response schemas of the alerts API (docs/contract.md §10).

import { Type } from '@sinclair/typebox';
import { ALERT_METRIC_NAMES, ALERT_UNITS } from '../../delivery/alerts.js';
import { ALERT_CHANNELS, ALERT_OPERATORS } from '../../storage/queries/alertRules.js';
import { StringEnum } from '../../domain/enumSchemas.js';
import { Nullable } from '../webhooks/schemas.js';

const UNIT_DOC = 'count: a number of calls; fraction: 0–1 (hook_rate 0.25 is 25 %); usd: US dollars';
const WINDOW_MIN_DOC = 'Window in minutes (1–10,080), ending at evaluation time';

// The fields a rule is created with and may change: one definition of their bounds.
const name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: 'Label (trimmed)' });
// Bounded so a stored threshold compares like any figure can (hook_rate is 0–1, dollars ≤ 1e15).
const threshold = Type.Number({
  minimum: -1e15,
  maximum: 1e15,
  description: "In the metric's unit (hook_rate is a fraction 0–1); |threshold| ≤ 1e15",
});
const windowMin = Type.Integer({ minimum: 1, maximum: 10_080, description: WINDOW_MIN_DOC });
const target = Type.String({ minLength: 1, maxLength: 2048, description: 'An https URL on a public address' });
const operator = StringEnum(ALERT_OPERATORS, { description: 'gte (default): fires when metric ≥ threshold; lte: when metric ≤ threshold' });
const enabled = Type.Boolean({ description: 'false pauses the rule: it is not evaluated (default true)' });

export const RuleBody = Type.Object(
  {
    name,
    metric: StringEnum(ALERT_METRIC_NAMES, { description: 'From GET /api/alerts/catalog' }),
    threshold,
    window_min: windowMin,
    channel: StringEnum(ALERT_CHANNELS),
    target,
    operator: Type.Optional(operator),
    enabled: Type.Optional(enabled),
  },
  { additionalProperties: false },
);

export const RulePatchBody = Type.Object(
  {
    name: Type.Optional(name),
    threshold: Type.Optional(threshold),
    window_min: Type.Optional(windowMin),
    operator: Type.Optional(operator),
    target: Type.Optional(target),
    enabled: Type.Optional(enabled),
  },
  { additionalProperties: false, minProperties: 1, description: 'At least one field; the others are kept' },
);

export const RuleParams = Type.Object({ rule_id: Type.String({ maxLength: 100 }) });

const RuleFields = {
  id: Type.String(),
  name: Type.String(),
  metric: Type.String(),
  threshold: Type.Number(),
  window_min: Type.Integer(),
  channel: Type.String(),
  target: Type.String(),
  operator: Type.String(),
  enabled: Type.Boolean({ description: 'false: paused, not evaluated' }),
  created_at: Type.String({ description: 'RFC 3339 UTC' }),
  state: Type.Union([Type.Literal('ok'), Type.Literal('firing')]),
};
export const RuleOut = Type.Object(RuleFields, { $id: 'AlertRule' });
export const RuleCreatedOut = Type.Object({
  ...RuleFields,
  secret: Type.String({ description: 'Standard Webhooks signing secret (whsec_…) of its deliveries, shown only here' }),
});

export const CatalogOut = Type.Object({
  metrics: Type.Array(
    Type.Object({ name: Type.String(), description: Type.String(), unit: StringEnum(ALERT_UNITS, { description: UNIT_DOC }) }),
  ),
  channels: Type.Array(Type.String()),
  operators: Type.Array(Type.String()),
});

export const PreviewQuery = Type.Object({
  metric: StringEnum(ALERT_METRIC_NAMES, { description: 'From GET /api/alerts/catalog' }),
  window_min: windowMin,
});

export const PreviewOut = Type.Object({
  metric: Type.String(),
  unit: StringEnum(ALERT_UNITS, { description: UNIT_DOC }),
  value: Type.Number({ description: 'What a rule with this metric and window would compare with its threshold now' }),
  window_start: Type.String({ description: 'RFC 3339 UTC, inclusive' }),
  window_end: Type.String({ description: 'RFC 3339 UTC, exclusive: now' }),
});

export const FiringOut = Type.Object({
  id: Type.String({ description: 'Also the event id (webhook-id) of its delivery' }),
  rule_id: Type.String(),
  rule_name: Type.String(),
  metric: Type.String(),
  operator: Type.String(),
  threshold: Type.Number(),
  value: Type.Number(),
  window_start: Type.String(),
  window_end: Type.String(),
  fired_at: Type.String(),
  resolved_at: Nullable(Type.String()),
});
