// Delivery as a plugin of the app (registered by buildApp): one worker and one alert timer per
// app, started on ready and stopped on close (in-flight deliveries finish first). The webhooks
// and alerts routes reach it through `pipelineOf`; ingest calls `afterIngest` once its records
// are committed.

import type { FastifyInstance } from 'fastify';
import { evaluateRules } from './alerts.js';
import { announceCampaigns } from './campaignEvents.js';
import { DeliveryWorker } from './worker.js';

export class DeliveryPipeline {
  readonly worker: DeliveryWorker;
  private evalTimer: NodeJS.Timeout | null = null;
  private evaluation: Promise<unknown> | null = null;

  constructor(private readonly app: FastifyInstance) {
    const { config, storage } = app.deps;
    this.worker = new DeliveryWorker(
      storage.db,
      {
        retrySchedule: config.webhookRetrySchedule,
        timeoutMs: config.webhookTimeoutMs,
        policy: { allowHttp: config.webhookAllowHttp, allowPrivate: config.webhookAllowPrivate },
        onDeadlock: () => app.deps.metrics.dbDeadlocks.inc(),
      },
      app.log,
    );
  }

  async start(): Promise<void> {
    await this.worker.start();
    this.evalTimer = setInterval(() => void this.evaluate(), this.app.deps.config.alertEvalSec * 1000);
    this.evalTimer.unref();
  }

  async stop(): Promise<void> {
    if (this.evalTimer) clearInterval(this.evalTimer);
    this.evalTimer = null;
    await this.evaluation;
    await this.worker.stop();
  }

  /** After an ingest committed: deliver its events now, announce the org's campaigns, and evaluate its rules. */
  async afterIngest(orgId: string): Promise<void> {
    this.worker.kick();
    // Before the rules: new_campaigns counts the detections this makes.
    if (await this.announce(orgId)) this.worker.kick();
    await this.evaluate(orgId);
  }

  /** campaign.detected / campaign.grew for one org; errors are logged, never thrown (the ingest is stored). */
  private async announce(orgId: string): Promise<number> {
    try {
      return await announceCampaigns(this.app.deps.storage.db, orgId, this.app.deps.now());
    } catch (err) {
      this.app.log.error({ err }, 'campaign announcements failed');
      return 0;
    }
  }

  /** Evaluates one org's rules, or every rule (timer); errors are logged, never thrown. */
  async evaluate(orgId?: string): Promise<void> {
    // The timer skips a tick while its previous pass is still running.
    if (!orgId && this.evaluation) return;
    const run = evaluateRules(this.app.deps.storage.db, this.app.deps.now(), orgId)
      .then((fired) => {
        if (fired > 0) this.worker.kick();
      })
      .catch((err) => this.app.log.error({ err }, 'alert evaluation failed'));
    if (!orgId) this.evaluation = run.finally(() => (this.evaluation = null));
    await run;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    delivery?: DeliveryPipeline;
  }
}

/** Registers the app's delivery pipeline: the worker starts on ready and stops on close. */
export async function deliveryPlugin(app: FastifyInstance): Promise<void> {
  const pipeline = new DeliveryPipeline(app);
  app.decorate('delivery', pipeline);
  app.addHook('onReady', () => pipeline.start());
  app.addHook('onClose', () => pipeline.stop());
}
// Not encapsulated (what fastify-plugin does): the decoration and hooks are the app's, for every route plugin.
Object.assign(deliveryPlugin, { [Symbol.for('skip-override')]: true });

/** The app's pipeline (buildApp registers it before any route). */
export function pipelineOf(app: FastifyInstance): DeliveryPipeline {
  if (!app.delivery) throw new Error('the delivery plugin is not registered');
  return app.delivery;
}

/** Called by ingest once the records are stored; a no-op when delivery is not registered. */
export async function afterIngest(app: FastifyInstance, orgId: string): Promise<void> {
  await app.delivery?.afterIngest(orgId);
}
