// The https target a webhook subscription or an alert rule posts to, checked the same way for
// both: a module of its own because a routes module is registered by the app, not imported.

import type { FastifyInstance } from 'fastify';
import { checkTargetUrl } from '../../delivery/ssrf.js';
import { validationFailed } from '../../errors.js';

/** Checks an https target (CONTRACT §9) and returns it normalised; 400 naming `path` otherwise. */
export function targetUrl(app: FastifyInstance, raw: string, path: string): string {
  const { webhookAllowHttp, webhookAllowPrivate } = app.deps.config;
  const checked = checkTargetUrl(raw, { allowHttp: webhookAllowHttp, allowPrivate: webhookAllowPrivate });
  if (!checked.ok) throw validationFailed(`${path} ${checked.message}.`, [{ path, message: checked.message }]);
  return checked.url;
}
