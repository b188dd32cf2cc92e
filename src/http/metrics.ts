// Prometheus metrics: request counts and latency by route, ingest counts, failed hourly fills,
// retried deadlocks, rows deleted by retention.

import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export class Metrics {
  readonly registry = new Registry();
  readonly requests = new Counter({
    name: 'honeypot_http_requests_total',
    help: 'HTTP requests by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  readonly latency = new Histogram({
    name: 'honeypot_http_request_duration_seconds',
    help: 'HTTP request latency by route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly ingested = new Counter({
    name: 'honeypot_ingest_records_total',
    help: 'Ingested call records by outcome (created, updated, rejected)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly hourFillFailures = new Counter({
    name: 'honeypot_hour_fill_failures_total',
    help: 'Background fills of hourly rollups that failed (PostgreSQL; those hours are read from the calls)',
    registers: [this.registry],
  });

  readonly retentionDeleted = new Counter({
    name: 'honeypot_retention_deleted_rows_total',
    help: 'Rows deleted by the retention policies, by kind (calls, transcripts: calls whose transcript was removed, webhooks, agent_sessions: turns, hourly_rollups)',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  readonly retentionBatch = new Histogram({
    name: 'honeypot_retention_batch_seconds',
    help: 'Duration of each retention batch (one transaction; ingest waits behind at most one)',
    labelNames: ['kind'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [this.registry],
  });

  readonly retentionFailures = new Counter({
    name: 'honeypot_retention_failures_total',
    help: 'Retention sweeps that failed (the next run tries again)',
    registers: [this.registry],
  });

  readonly dbDeadlocks = new Counter({
    name: 'honeypot_db_deadlocks_total',
    help: 'Transactions PostgreSQL aborted as deadlock victims (or serialization conflicts) and that were run again',
    registers: [this.registry],
  });

  constructor(defaults = false) {
    if (defaults) collectDefaultMetrics({ register: this.registry });
  }

  register(app: FastifyInstance): void {
    app.addHook('onResponse', async (req, reply) => {
      const route = req.routeOptions.url ?? 'unmatched';
      this.requests.inc({ method: req.method, route, status: String(reply.statusCode) });
      this.latency.observe({ method: req.method, route }, reply.elapsedTime / 1000);
    });
  }
}
