import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors.js';
import { METRICS, PUBLIC } from '../../http/access.js';
import { featureApp } from '../../http/feature.js';

const Health = Type.Object({ status: Type.String() });

export async function opsRoutes(instance: FastifyInstance): Promise<void> {
  const app = featureApp(instance, PUBLIC, { tags: ['operations'], security: [] });
  app.get('/healthz', { schema: { operationId: 'getHealth', summary: 'The process is up', response: { 200: Health } } }, async () => ({
    status: 'ok',
  }));
  app.get(
    '/readyz',
    { config: { errors: [503] }, schema: { operationId: 'getReadiness', summary: 'Storage is reachable', response: { 200: Health } } },
    async () => {
      try {
        await app.deps.storage.db.ping();
      } catch {
        throw new ApiError(503 as number, 'internal', 'Storage is not reachable.');
      }
      return { status: 'ready' };
    },
  );
  app.get(
    '/metrics',
    {
      config: { access: METRICS },
      schema: {
        operationId: 'getMetrics',
        summary: 'Prometheus metrics (text format)',
        description:
          'Open to anyone unless HONEYPOT_METRICS_TOKEN is set; then it needs "Authorization: Bearer <that token>" (401 otherwise).',
      },
    },
    async (_req, reply) => {
      const { registry } = app.deps.metrics;
      reply.type(registry.contentType);
      return registry.metrics();
    },
  );
  app.get('/openapi.json', { schema: { operationId: 'getOpenapi', summary: 'This API as OpenAPI 3.1' } }, async () => app.swagger());
}
