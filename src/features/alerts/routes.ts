// Alerts (CONTRACT §10): the catalog, rules and their firings. A rule keeps the
// creating key's scope and is evaluated in it; firings are delivered like webhooks, signed
// with the rule's secret, and their attempts appear in /api/webhooks/deliveries. A rule may be
// paused and edited; the preview computes a metric as the evaluation would, in the caller's slice.

import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ALERT_METRICS, alertMetric, createRule, previewMetric } from '../../delivery/alerts.js';
import {
  ALERT_CHANNELS,
  ALERT_OPERATORS,
  MAX_RULES_PER_ORG,
  deleteRule,
  listFirings,
  listRules,
  updateRule,
  type AlertRule,
  type AlertRuleChanges,
  type AlertRuleInput,
  type Firing,
} from '../../storage/queries/alertRules.js';
import { pipelineOf } from '../../delivery/pipeline.js';
import { formatUtc } from '../../domain/window.js';
import { notFound } from '../../errors.js';
import { principalOf } from '../../http/auth.js';
import { LimitQuery } from '../webhooks/schemas.js';
import { targetUrl } from '../webhooks/target.js';
import { READ_PRO } from '../../http/access.js';
import { featureApp } from '../../http/feature.js';
import {
  CatalogOut,
  FiringOut,
  PreviewOut,
  PreviewQuery,
  RuleBody,
  RuleCreatedOut,
  RuleOut,
  RuleParams,
  RulePatchBody,
} from './schemas.js';

const ruleJson = (r: AlertRule) => ({
  id: r.id,
  name: r.name,
  metric: r.metric,
  threshold: r.threshold,
  window_min: r.window_min,
  channel: r.channel,
  target: r.target,
  operator: r.operator,
  enabled: r.enabled,
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

export async function alertRoutes(instance: FastifyInstance): Promise<void> {
  const app = featureApp(instance, READ_PRO, { tags: ['alerts'] });
  const { db } = app.deps.storage;
  const pipeline = pipelineOf(app); // evaluation runs on the shared timer and after every ingest

  app.get(
    '/api/alerts/catalog',
    {
      schema: {
        operationId: 'getAlertCatalog',
        summary: 'Metrics (with their unit), channels and operators a rule may use',
        response: { 200: CatalogOut },
      },
    },
    async () => ({
      metrics: ALERT_METRICS.map((m) => ({ name: m.name, description: m.description, unit: m.unit })),
      channels: [...ALERT_CHANNELS],
      operators: [...ALERT_OPERATORS],
    }),
  );

  app.post(
    '/api/alerts/rules',
    {
      config: { errors: [409] },
      schema: {
        operationId: 'createAlertRule',
        summary: 'Create an alert rule (the signing secret is shown only here)',
        description:
          'The rule is evaluated after every ingest and every HONEYPOT_ALERT_EVAL_SEC over [now - window_min, now) in ' +
          "the creating key's scope. When the comparison turns true it fires once (state firing) and fires again only " +
          'after it has turned false (state ok). A firing is POSTed to target as {id, type: "alert.fired", created_at, data}. ' +
          `enabled: false creates it paused. 409 conflict when the org already has ${MAX_RULES_PER_ORG} rules.`,
        body: RuleBody,
        response: { 201: RuleCreatedOut },
      },
    },
    async (req, reply) => {
      const body = req.body;
      const input: AlertRuleInput = {
        ...body,
        name: body.name.trim(),
        operator: body.operator ?? 'gte',
        target: targetUrl(app, body.target, 'body.target'),
        enabled: body.enabled ?? true,
      };
      const { rule, secret } = await createRule(db, principalOf(req), input, app.deps.now().getTime());
      reply.code(201);
      return { ...ruleJson(rule), secret };
    },
  );

  app.get(
    '/api/alerts/rules',
    {
      schema: {
        operationId: 'listAlertRules',
        summary: "List the organisation's rules (never the secrets)",
        response: { 200: Type.Object({ items: Type.Array(RuleOut) }) },
      },
    },
    async (req) => ({ items: (await listRules(db, principalOf(req))).map(ruleJson) }),
  );

  app.patch(
    '/api/alerts/rules/:rule_id',
    {
      schema: {
        operationId: 'updateAlertRule',
        summary: 'Edit, pause or resume a rule',
        description:
          'Any of name, threshold, window_min, operator, target, enabled (at least one), with the bounds of creation. ' +
          'enabled: false pauses the rule: it is no longer evaluated, and an open firing is resolved (state ok). ' +
          'An enabled rule is evaluated again at once with its new settings. 404 for an id the key does not see.',
        params: RuleParams,
        body: RulePatchBody,
        response: { 200: RuleOut },
      },
    },
    async (req) => {
      const { rule_id } = req.params;
      const principal = principalOf(req);
      const body = req.body;
      const changes: AlertRuleChanges = {
        ...body,
        ...(body.name !== undefined ? { name: body.name.trim() } : {}),
        ...(body.target !== undefined ? { target: targetUrl(app, body.target, 'body.target') } : {}),
      };
      const updated = await updateRule(db, principal, rule_id, changes, app.deps.now().getTime());
      if (!updated) throw notFound('No such rule.');
      if (!updated.enabled) return ruleJson(updated);
      // Evaluated now rather than at the next tick, so the answer shows the rule's state.
      await pipeline.evaluate(principal.orgId);
      const fresh = (await listRules(db, principal)).find((r) => r.id === rule_id);
      return ruleJson(fresh ?? updated);
    },
  );

  app.delete(
    '/api/alerts/rules/:rule_id',
    { schema: { operationId: 'deleteAlertRule', summary: 'Delete a rule (its firings stay listed)', params: RuleParams } },
    async (req, reply) => {
      const { rule_id } = req.params;
      if (!(await deleteRule(db, principalOf(req), rule_id, app.deps.now().getTime()))) throw notFound('No such rule.');
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/alerts/preview',
    {
      schema: {
        operationId: 'previewAlertMetric',
        summary: "A metric's current value, as a rule would see it",
        description:
          "The metric over [now - window_min, now) in the caller's slice, computed exactly as the evaluation computes " +
          'it for a rule created by this key: compare it with a threshold before saving the rule.',
        querystring: PreviewQuery,
        response: { 200: PreviewOut },
      },
    },
    async (req) => {
      const metric = alertMetric(req.query.metric)!; // the schema admits only catalog names
      const { value, start, end } = await previewMetric(db, principalOf(req), metric, req.query.window_min, app.deps.now());
      return { metric: metric.name, unit: metric.unit, value, window_start: formatUtc(start), window_end: formatUtc(end) };
    },
  );

  app.get(
    '/api/alerts/firings',
    {
      schema: {
        operationId: 'listAlertFirings',
        summary: 'Recent firings, newest first',
        querystring: LimitQuery,
        response: { 200: Type.Object({ items: Type.Array(FiringOut) }) },
      },
    },
    async (req) => {
      const { limit } = req.query;
      return { items: (await listFirings(db, principalOf(req), limit)).map(firingJson) };
    },
  );
}
