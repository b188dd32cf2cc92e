// Alert evaluation (CONTRACT §10), run after every ingest and on a timer. A rule's metric is a
// figure of the summary (the same storage function the KPIs use), computed over
// [now - window_min, now) in the rule's slice. Rules and firings are stored by
// storage/queries/alertRules.ts, which also keeps racing evaluations from firing twice.

import { ALERT_FIRED, envelope, type AlertFiredData } from '../domain/events.js';
import { newId } from '../domain/ids.js';
import type { Principal } from '../domain/principal.js';
import { scopeJson, type Scope } from '../domain/scope.js';
import { formatUtc } from '../domain/window.js';
import type { Db } from '../storage/db.js';
import {
  createRule as storeRule,
  enabledRules,
  recordFiring,
  resolveRule,
  type AlertOperator,
  type AlertRule,
  type AlertRuleInput,
} from '../storage/queries/alertRules.js';
import { summary, type Summary } from '../storage/queries/summary.js';
import { detectedBetween } from '../storage/campaigns/announcements.js';
import { NEW_CAMPAIGNS_METRIC } from './campaignEvents.js';
import { newSigningSecret } from './send.js';

type NumericFigure = { [K in keyof Summary]: Summary[K] extends number ? K : never }[keyof Summary];

/** What a metric's value (and so a rule's threshold) is measured in: a fraction is 0–1, not percent. */
export const ALERT_UNITS = ['count', 'fraction', 'usd'] as const;
type AlertUnit = (typeof ALERT_UNITS)[number];

export interface AlertMetric {
  name: string;
  /** A figure of the summary, or the campaigns first detected in the window (campaignEvents.ts records them). */
  figure: NumericFigure | typeof NEW_CAMPAIGNS_METRIC;
  unit: AlertUnit;
  description: string;
}

export const ALERT_METRICS: readonly AlertMetric[] = [
  { name: 'calls', figure: 'calls_received', unit: 'count', description: 'Calls received in the window.' },
  { name: 'cleanly_closed', figure: 'cleanly_closed', unit: 'count', description: 'Calls that closed cleanly.' },
  { name: 'hooked_calls', figure: 'hooked_calls', unit: 'count', description: 'Calls of at least 15 s with at least one intel field.' },
  { name: 'hook_rate', figure: 'hook_rate', unit: 'fraction', description: 'hooked_calls / calls, from 0 to 1 (0 with no calls).' },
  { name: 'insights_produced', figure: 'insights_produced', unit: 'count', description: 'Calls with an extraction.' },
  {
    name: 'high_confidence_insights',
    figure: 'high_confidence_insights',
    unit: 'count',
    description: 'Calls with auditor_confidence ≥ 0.7.',
  },
  { name: 'tier1_calls', figure: 'tier1_calls', unit: 'count', description: 'Tier-1 calls (mule bank, crypto, gift card, drop address).' },
  {
    name: 'tier2_calls',
    figure: 'tier2_calls',
    unit: 'count',
    description: 'Tier-2 calls (payment method, phishing URL, remote desktop, agency).',
  },
  { name: 'tier3_calls', figure: 'tier3_calls', unit: 'count', description: 'Tier-3 calls (brand or lure only).' },
  { name: 'total_dollars_asked', figure: 'total_dollars_asked', unit: 'usd', description: 'Sum of every dollar ask, in US dollars.' },
  { name: 'total_dollars_dangled', figure: 'total_dollars_dangled', unit: 'usd', description: 'Sum of dollars dangled, in US dollars.' },
  {
    name: NEW_CAMPAIGNS_METRIC,
    figure: NEW_CAMPAIGNS_METRIC,
    unit: 'count',
    description:
      'Campaigns first detected in the window (they reached 3 linked calls in the last 30 days of the rule’s slice: the moment ' +
      'campaign.detected is sent). Detection runs after each ingest while a rule or subscription listens for the slice.',
  },
];
export const ALERT_METRIC_NAMES = ALERT_METRICS.map((m) => m.name);

/** Creates a rule with a fresh signing secret (answered once, on creation). */
export async function createRule(
  db: Db,
  principal: Principal,
  input: AlertRuleInput,
  now: number,
): Promise<{ rule: AlertRule; secret: string }> {
  const secret = newSigningSecret();
  return { rule: await storeRule(db, principal, input, now, secret), secret };
}

// ---------------------------------------------------------------------------------------------
// evaluation

const holds = (op: AlertOperator, value: number, threshold: number) => (op === 'gte' ? value >= threshold : value <= threshold);

/** The window a rule (or a preview) measures at `now`: [now - window_min, now). */
function alertWindow(now: Date, windowMin: number): { start: number; end: number } {
  const end = now.getTime();
  return { start: end - windowMin * 60_000, end };
}

/** The figures a metric is read from, over `window` in the principal's slice. */
function alertFigures(db: Db, principal: Principal, window: { start: number; end: number }): Promise<Summary> {
  return summary(db, principal, { start: new Date(window.start), end: new Date(window.end), label: 'custom' });
}

export const alertMetric = (name: string): AlertMetric | undefined => ALERT_METRICS.find((m) => m.name === name);

/**
 * A metric's current value for a principal, exactly as the evaluation computes it for a rule
 * with that slice, metric and window (the same three functions).
 */
export async function previewMetric(
  db: Db,
  principal: Principal,
  metric: AlertMetric,
  windowMin: number,
  now: Date,
): Promise<{ value: number; start: number; end: number }> {
  const window = alertWindow(now, windowMin);
  return { value: await metricValue(db, principal, metric, window, () => alertFigures(db, principal, window)), ...window };
}

/** A metric's value over `window`: from the summary (read once per slice and window by `figures`), or the detections recorded. */
async function metricValue(
  db: Db,
  principal: Principal,
  metric: AlertMetric,
  window: { start: number; end: number },
  figures: () => Promise<Summary>,
): Promise<number> {
  if (metric.figure === NEW_CAMPAIGNS_METRIC) {
    return detectedBetween(db, principal.orgId, scopeJson(principal.scope) ?? '', window.start, window.end);
  }
  return (await figures())[metric.figure];
}

/**
 * Evaluates the enabled rules of one org (or of every pro org) at `now`; returns how many
 * fired. Rules sharing a slice and a window share one summary.
 */
export async function evaluateRules(db: Db, now: Date, orgId?: string): Promise<number> {
  const figures = new Map<string, Promise<Summary>>();
  let fired = 0;
  for (const rule of await enabledRules(db, orgId)) {
    const { start, end } = alertWindow(now, rule.window_min);
    const key = `${rule.org_id}|${rule.scope_json}|${rule.window_min}`;
    const principal: Principal = {
      orgId: rule.org_id,
      tier: 'pro',
      keyId: rule.id,
      role: 'read',
      scope: rule.scope_json ? (JSON.parse(rule.scope_json) as Scope) : null,
    };
    const metric = alertMetric(rule.metric);
    if (!metric) continue;
    const value = await metricValue(db, principal, metric, { start, end }, () => {
      if (!figures.has(key)) figures.set(key, alertFigures(db, principal, { start, end }));
      return figures.get(key)!;
    });
    const met = holds(rule.operator, value, rule.threshold);
    if (met && rule.state === 'ok' && (await fire(db, rule, value, start, end))) fired++;
    if (!met && rule.state === 'firing') await resolveRule(db, rule.id, end);
  }
  return fired;
}

async function fire(db: Db, rule: AlertRule, value: number, start: number, end: number): Promise<boolean> {
  const id = newId('fir');
  const payload = envelope<AlertFiredData>(id, ALERT_FIRED, end, {
    rule_id: rule.id,
    rule_name: rule.name,
    metric: rule.metric,
    operator: rule.operator,
    threshold: rule.threshold,
    value,
    window_start: formatUtc(start),
    window_end: formatUtc(end),
  });
  return recordFiring(db, { rule, id, value, start, end, payload: JSON.stringify(payload) });
}
