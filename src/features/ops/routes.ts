import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors.js';

const Health = Type.Object({ status: Type.String() });

export async function opsRoutes(app: FastifyInstance): Promise<void> {
  const ops = { tags: ['operations'], security: [] };
  app.get('/healthz', { schema: { ...ops, summary: 'The process is up', response: { 200: Health } } }, async () => ({
    status: 'ok',
  }));
  app.get('/readyz', { schema: { ...ops, summary: 'Storage is reachable', response: { 200: Health } } }, async () => {
    try {
      await app.deps.storage.db.ping();
    } catch {
      throw new ApiError(503 as number, 'internal', 'Storage is not reachable.');
    }
    return { status: 'ready' };
  });
  app.get('/metrics', { schema: { ...ops, summary: 'Prometheus metrics (text format)' } }, async (_req, reply) => {
    const { registry } = app.deps.metrics;
    reply.type(registry.contentType);
    return registry.metrics();
  });
  app.get('/openapi.json', { schema: { ...ops, summary: 'This API as OpenAPI 3.1' } }, async () => app.swagger());
}
