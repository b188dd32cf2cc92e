// Admin API for retention (docs/retention.md): an org's policy, read and changed, and a run of
// the job on demand. Registered by adminRoutes, so it shares its access (the admin token).

import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { notFound } from '../../errors.js';
import { formatUtc } from '../../domain/window.js';
import { getOrg } from '../../storage/queries/orgs.js';
import {
  getRetention,
  RETENTION_BOUNDS,
  RETENTION_DEFAULTS,
  RETENTION_KINDS,
  setRetention,
  type RetentionKind,
  type RetentionPolicy,
  type StoredPolicy,
} from '../../storage/retention/policy.js';

const WHAT: Record<RetentionKind, string> = {
  calls_days:
    'Calls are deleted once they started this many days ago, with their rollup counts (figures stay exact), campaign ' +
    'identifiers and webhook events; null keeps them for good',
  transcripts_days:
    'Transcripts are removed once their call started this many days ago; the call stays and its detail gives ' +
    'transcript_removed_at. null keeps them as long as the call',
  webhooks_days: 'Webhook deliveries (with their payloads) and delivery attempts are deleted this many days after they were created',
  agent_sessions_days: 'Agent sessions are deleted this many days after their last turn',
  hourly_rollups_days:
    'PostgreSQL: hourly rollup rows are kept for the days of the last this many whole UTC days (0: today only); ' +
    'older hours are read from the calls',
};

function days(kind: RetentionKind): TSchema {
  const b = RETENTION_BOUNDS[kind];
  const description = `${WHAT[kind]} (default ${RETENTION_DEFAULTS[kind] ?? 'null'})`;
  const n = Type.Integer({ minimum: b.min, maximum: b.max });
  return b.nullable ? Type.Union([n, Type.Null()], { description }) : Type.Integer({ minimum: b.min, maximum: b.max, description });
}

const fields = Object.fromEntries(RETENTION_KINDS.map((k) => [k, days(k)])) as Record<RetentionKind, TSchema>;

const RetentionOut = Type.Object(
  {
    org_id: Type.String(),
    ...fields,
    updated_at: Type.Union([Type.String(), Type.Null()], { description: 'When the policy was last set; null: never, the defaults' }),
  },
  { $id: 'RetentionPolicy' },
);
const RetentionPatch = Type.Partial(Type.Object(fields), { additionalProperties: false, minProperties: 1 });
const OrgParams = Type.Object({ org_id: Type.String({ maxLength: 100 }) });

const policyJson = (p: StoredPolicy) => ({ ...p, updated_at: p.updated_at === null ? null : formatUtc(p.updated_at) });

export async function retentionAdminRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { db, retention } = app.deps.storage;

  app.get(
    '/api/admin/orgs/:org_id/retention',
    {
      schema: {
        operationId: 'getRetention',
        summary: "An organisation's retention policy",
        params: OrgParams,
        response: { 200: RetentionOut },
      },
    },
    async (req) => {
      if (!(await getOrg(db, req.params.org_id))) throw notFound('No such organisation.');
      return policyJson(await getRetention(db, req.params.org_id));
    },
  );

  app.patch(
    '/api/admin/orgs/:org_id/retention',
    {
      schema: {
        operationId: 'setRetention',
        summary: "Change an organisation's retention policy (the fields given; the others are kept)",
        description:
          'The retention job applies it at its next run (HONEYPOT_RETENTION_EVERY_SEC, or POST /api/admin/retention/run). ' +
          'Deleted data is gone for good: a shorter limit cannot be undone.',
        params: OrgParams,
        body: RetentionPatch,
        response: { 200: RetentionOut },
      },
    },
    async (req) => {
      const { org_id } = req.params;
      if (!(await getOrg(db, org_id))) throw notFound('No such organisation.');
      return policyJson(await setRetention(db, org_id, req.body as Partial<RetentionPolicy>, app.deps.now().getTime()));
    },
  );

  app.post(
    '/api/admin/retention/run',
    {
      schema: {
        operationId: 'runRetention',
        summary: 'Run the retention job now, for every organisation, and wait for it',
        description: 'Joins the run under way if there is one. Hourly rollup rows are pruned by the hourly filler, not counted here.',
        response: {
          200: Type.Object({
            deleted: Type.Object(
              {
                calls: Type.Integer(),
                transcripts: Type.Integer({ description: 'Calls whose transcript was removed' }),
                webhooks: Type.Integer({ description: 'Deliveries and delivery attempts' }),
                agent_sessions: Type.Integer({ description: 'Agent turns' }),
              },
              { description: 'Rows deleted by this run' },
            ),
            batches: Type.Integer(),
            longest_batch_ms: Type.Number({ description: 'The longest batch (one transaction) of the run' }),
          }),
        },
      },
    },
    async () => {
      const run = await retention.run();
      return {
        deleted: {
          calls: run.rows.calls_days,
          transcripts: run.rows.transcripts_days,
          webhooks: run.rows.webhooks_days,
          agent_sessions: run.rows.agent_sessions_days,
        },
        batches: run.batches,
        longest_batch_ms: Math.round(run.longestBatchMs * 10) / 10,
      };
    },
  );
}
