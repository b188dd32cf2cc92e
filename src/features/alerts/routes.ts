// Alerts (seed §4.4, CONTRACT §10): the catalog, rules and their firings. A rule keeps the
// creating key's scope and is evaluated in it; firings are delivered like webhooks, signed
// with the rule's secret, and their attempts appear in /api/webhooks/deliveries.

import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  ALERT_CHANNELS,
  ALERT_METRIC_NAMES,
  ALERT_METRICS,
  ALERT_OPERATORS,
  MAX_RULES_PER_ORG,
  createRule,
  deleteRule,
  listFirings,
  listRules,
  type AlertRule,
  type AlertRuleInput,
  type Firing,
} from '../../delivery/alerts.js';
import { pipelineOf } from '../../delivery/pipeline.js';
import { formatUtc } from '../../domain/time.js';
import { notFound } from '../../errors.js';
import { principalOf } from '../../http/auth.js';
import { LimitQuery, Nullable } from '../webhooks/schemas.js';
import { targetUrl } from '../webhooks/routes.js';
import { READ_PRO, declareAccess } from '../../http/access.js';

const Enum = (values: readonly string[], description?: string) =>
  Type.Unsafe<string>({ type: 'string', enum: [...values], ...(description ? { description } : {}) });

const RuleBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: 'Label (trimmed)' }),
    metric: Enum(ALERT_METRIC_NAMES, 'From GET /api/alerts/catalog'),
    // Bounded so a stored threshold compares like any figure can (hook_rate is 0–1, dollars ≤ 1e15).
    threshold: Type.Number({ minimum: -1e15, maximum: 1e15, description: 'In the metric\'s unit (hook_rate is a fraction 0–1); |threshold| ≤ 1e15' }),
    window_min: Type.Integer({ minimum: 1, maximum: 10_080, description: 'Window in minutes, ending at evaluation time' }),
    channel: Enum(ALERT_CHANNELS),
    target: Type.String({ minLength: 1, maxLength: 2048, description: 'An https URL on a public address' }),
    operator: Type.Optional(Enum(ALERT_OPERATORS, 'gte (default): fires when metric ≥ threshold; lte: when metric ≤ threshold')),
  },
  { additionalProperties: false },
);

const RuleFields = {
  id: Type.String(),
  name: Type.String(),
  metric: Type.String(),
  threshold: Type.Number(),
  window_min: Type.Integer(),
  channel: Type.String(),
  target: Type.String(),
  operator: Type.String(),
  created_at: Type.String({ description: 'RFC 3339 UTC' }),
  state: Type.Union([Type.Literal('ok'), Type.Literal('firing')]),
};
const RuleOut = Type.Object(RuleFields);
const RuleCreatedOut = Type.Object({
  ...RuleFields,
  secret: Type.String({ description: 'Standard Webhooks signing secret (whsec_…) of its deliveries, shown only here' }),
});

const FiringOut = Type.Object({
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

const ruleJson = (r: AlertRule) => ({
  id: r.id,
  name: r.name,
  metric: r.metric,
  threshold: r.threshold,
  window_min: r.window_min,
  channel: r.channel,
  target: r.target,
  operator: r.operator,
  created_at: formatUtc(r.created_at),
  state: r.state,
});

const firingJson = (f: Firing) => ({
  ...f,
  window_start: formatUtc(f.window_start),
  window_end: formatUtc(f.window_end),
  fired_at: formatUtc(f.fired_at),
  resolved_at: f.resolved_at === null ? null : formatUtc(f.resolved_at),
});

export async function alertRoutes(app: FastifyInstance): Promise<void> {
  declareAccess(app, READ_PRO);
  const { db } = app.deps.storage;
  pipelineOf(app); // evaluation runs on the shared timer and after every ingest
  const base = { tags: ['alerts'] };

  app.get(
    '/api/alerts/catalog',
    {
      schema: {
        ...base,
        summary: 'Metrics, channels and operators a rule may use',
        response: {
          200: Type.Object({
            metrics: Type.Array(Type.Object({ name: Type.String(), description: Type.String() })),
            channels: Type.Array(Type.String()),
            operators: Type.Array(Type.String()),
          }),
        },
      },
    },
    async () => ({
      metrics: ALERT_METRICS.map((m) => ({ name: m.name, description: m.description })),
      channels: [...ALERT_CHANNELS],
      operators: [...ALERT_OPERATORS],
    }),
  );

  app.post(
    '/api/alerts/rules',
    {
      schema: {
        ...base,
        summary: 'Create an alert rule (the signing secret is shown only here)',
        description:
          'The rule is evaluated after every ingest and every HONEYPOT_ALERT_EVAL_SEC over [now - window_min, now) in ' +
          "the creating key's scope. When the comparison turns true it fires once (state firing) and fires again only " +
          'after it has turned false (state ok). A firing is POSTed to target as {id, type: "alert.fired", created_at, data}. ' +
          `409 conflict when the org already has ${MAX_RULES_PER_ORG} rules.`,
        body: RuleBody,
        response: { 201: RuleCreatedOut },
      },
    },
    async (req, reply) => {
      const body = req.body as Omit<AlertRuleInput, 'operator'> & { operator?: AlertRuleInput['operator'] };
      const input: AlertRuleInput = {
        ...body,
        name: body.name.trim(),
        operator: body.operator ?? 'gte',
        target: targetUrl(app, body.target, 'body.target'),
      };
      const { rule, secret } = await createRule(db, principalOf(req), input, app.deps.now().getTime());
      reply.code(201);
      return { ...ruleJson(rule), secret };
    },
  );

  app.get(
    '/api/alerts/rules',
    { schema: { ...base, summary: "List the organisation's rules (never the secrets)", response: { 200: Type.Object({ items: Type.Array(RuleOut) }) } } },
    async (req) => ({ items: (await listRules(db, principalOf(req))).map(ruleJson) }),
  );

  app.delete(
    '/api/alerts/rules/:rule_id',
    {
      schema: {
        ...base,
        summary: 'Delete a rule (its firings stay listed)',
        params: Type.Object({ rule_id: Type.String({ maxLength: 100 }) }),
      },
    },
    async (req, reply) => {
      const { rule_id } = req.params as { rule_id: string };
      if (!(await deleteRule(db, principalOf(req), rule_id, app.deps.now().getTime()))) throw notFound('No such rule.');
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/alerts/firings',
    {
      schema: {
        ...base,
        summary: 'Recent firings, newest first',
        querystring: LimitQuery,
        response: { 200: Type.Object({ items: Type.Array(FiringOut) }) },
      },
    },
    async (req) => {
      const { limit } = req.query as { limit: number };
      return { items: (await listFirings(db, principalOf(req), limit)).map(firingJson) };
    },
  );
}
