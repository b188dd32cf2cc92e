// buildApp: the one factory for the server, the CLI and the tests.

import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.js';
import { deliveryPlugin } from './delivery/pipeline.js';
import { adminRoutes } from './features/admin/routes.js';
import { exportRoutes } from './features/exports/routes.js';
import { taxiiRoutes } from './features/taxii/routes.js';
import { ingestRoutes } from './features/ingest/routes.js';
import { callRoutes } from './features/calls/routes.js';
import { campaignRoutes } from './features/campaigns/routes.js';
import { kpiRoutes } from './features/kpis/routes.js';
import { queryRoutes } from './features/query/routes.js';
import { agentRoutes } from './features/agent/routes.js';
import { webhookRoutes } from './features/webhooks/routes.js';
import { alertRoutes } from './features/alerts/routes.js';
import { savedSearchRoutes } from './features/saved-searches/routes.js';
import { savedViewRoutes } from './features/views/routes.js';
import { annotationRoutes } from './features/annotations/routes.js';
import { opsRoutes } from './features/ops/routes.js';
import { sessionRoutes } from './features/session/routes.js';
import { docsRoutes, webRoutes } from './features/web/routes.js';
import { KeyResolver, registerAuth } from './http/auth.js';
import { Metrics } from './http/metrics.js';
import { openapiOptions } from './http/openapi.js';
import { AllowedMethods, problemServerOptions, registerProblemHandlers } from './http/problem.js';
import { registerValidators } from './http/validation.js';
import { registerHeavyWork } from './http/heavyWork.js';
import { registerRateLimit } from './http/rateLimit.js';
import type { Storage } from './storage/index.js';

const MiB = 1024 * 1024;

export interface AppDeps {
  config: Config;
  storage: Storage;
  /** Injectable clock, for deterministic tests. */
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  metrics?: Metrics;
  /** Close `storage` when the app closes (the server). Tests, the CLI and benchmarks close their own. */
  closeStorage?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Required<Omit<AppDeps, 'logger' | 'closeStorage'>> & { keys: KeyResolver };
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const allowedMethods = new AllowedMethods();
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: 10 * MiB,
    return503OnClosing: true,
    // A plugin's start is not a hang when the machine is busy: @fastify/swagger-ui passed the
    // 10 s default once, with the load average at 16 on 2 cores (a test run beside two others).
    pluginTimeout: 60_000,
    ...problemServerOptions(allowedMethods),
  }).withTypeProvider<TypeBoxTypeProvider>();
  registerValidators(app);

  const { storage } = deps;
  // Several instances on PostgreSQL without Redis get no revocation messages: a 1 s cache
  // then bounds how long a revoked key still works elsewhere.
  const keyCacheMs = storage.db.dialect === 'postgres' && !storage.redis ? 1000 : 30_000;
  const now = deps.now ?? (() => new Date());
  const keys = new KeyResolver(storage.db, storage.keyEvents, keyCacheMs, () => now().getTime());
  const metrics = deps.metrics ?? new Metrics();
  app.decorate('deps', { config: deps.config, storage: deps.storage, now, metrics, keys });
  // onClose hooks run last-registered first: storage closes after everything that uses it.
  if (deps.closeStorage) app.addHook('onClose', () => storage.close());

  // Bodies are JSON (and NDJSON on ingest); anything else is 415.
  app.removeContentTypeParser('text/plain');
  metrics.register(app);
  // The filler of hourly rollups runs on the app's clock; a failed fill is logged and counted.
  storage.hourFills?.attach(
    () => now().getTime(),
    (err, orgId, hours) => {
      metrics.hourFillFailures.inc();
      app.log.warn({ err, org: orgId, hours }, 'filling hourly rollups failed: those hours are read from the calls');
    },
    (rows) => metrics.retentionDeleted.inc({ kind: 'hourly_rollups' }, rows),
  );
  // The retention job too (docs/retention.md): rows deleted and batch times go to /metrics.
  const KIND = { calls_days: 'calls', transcripts_days: 'transcripts', webhooks_days: 'webhooks', agent_sessions_days: 'agent_sessions' };
  storage.retention.attach(
    () => now().getTime(),
    {
      deleted: (kind, rows, seconds) => {
        metrics.retentionDeleted.inc({ kind: KIND[kind] }, rows);
        metrics.retentionBatch.observe({ kind: KIND[kind] }, seconds);
      },
      failed: (err, orgId, kind) => {
        metrics.retentionFailures.inc();
        app.log.warn({ err, org: orgId, kind }, 'retention sweep failed: the next run tries again');
      },
    },
    deps.config.retentionEverySec * 1000,
  );
  await app.register(swagger, openapiOptions());

  await app.register(cookie); // parses Cookie before auth's onRequest reads the session
  registerAuth(app, keys, deps.config);
  await registerRateLimit(app, deps.config, storage.redis, storage.redisPrefix);
  registerHeavyWork(app, deps.config.heavyConcurrency); // after auth and the rate limit: a 429 here costs nothing
  registerProblemHandlers(app, allowedMethods);
  await app.register(deliveryPlugin); // before the routes that use it and ingest, which wakes it

  // The feature plugins, in this order (also the OpenAPI document's); admin only with a token.
  const features = [
    docsRoutes,
    opsRoutes,
    ingestRoutes,
    kpiRoutes,
    queryRoutes,
    agentRoutes,
    webhookRoutes,
    alertRoutes,
    exportRoutes,
    taxiiRoutes,
    callRoutes,
    campaignRoutes,
    savedSearchRoutes,
    savedViewRoutes,
    annotationRoutes,
    sessionRoutes,
  ];
  if (deps.config.adminToken) features.push(adminRoutes);
  for (const routes of features) await app.register(routes);
  await app.register(webRoutes); // the dashboard at `/`: keep last, after every API route
  return app;
}
