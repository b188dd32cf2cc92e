// Alert rules (CONTRACT §10): storage, and the evaluation run after every ingest and on a
// timer. A rule's metric is a figure of the summary (the same storage function the KPIs
// use), computed over [now - window_min, now) in the rule's slice. The ok → firing and
// firing → ok changes are conditional UPDATEs, so two evaluations (or two instances) racing
// on one rule change it once; the firing, its event and its delivery commit together.

import type { Principal } from '../domain/principal.js';
import type { Scope } from '../domain/scope.js';
import { formatUtc } from '../domain/time.js';
import { num, numOrNull, Params, type Db, type Row } from '../storage/db.js';
import { summary, type Summary } from '../storage/queries/summary.js';
import { ALERT_FIRED, envelope } from './events.js';
import { newSigningSecret } from './send.js';
import { cancelPending, newId, ownedWhere, refuseOverCap, scopeJson } from './store.js';

type NumericFigure = { [K in keyof Summary]: Summary[K] extends number ? K : never }[keyof Summary];

/** What a metric's value (and so a rule's threshold) is measured in: a fraction is 0–1, not percent. */
export const ALERT_UNITS = ['count', 'fraction', 'usd'] as const;
export type AlertUnit = (typeof ALERT_UNITS)[number];

export interface AlertMetric {
  name: string;
  figure: NumericFigure;
  unit: AlertUnit;
  description: string;
}

export const ALERT_METRICS: readonly AlertMetric[] = [
  { name: 'calls', figure: 'calls_received', unit: 'count', description: 'Calls received in the window.' },
  { name: 'cleanly_closed', figure: 'cleanly_closed', unit: 'count', description: 'Calls that closed cleanly.' },
  { name: 'hooked_calls', figure: 'hooked_calls', unit: 'count', description: 'Calls of at least 15 s with at least one intel field.' },
  { name: 'hook_rate', figure: 'hook_rate', unit: 'fraction', description: 'hooked_calls / calls, from 0 to 1 (0 with no calls).' },
  { name: 'insights_produced', figure: 'insights_produced', unit: 'count', description: 'Calls with an extraction.' },
  { name: 'high_confidence_insights', figure: 'high_confidence_insights', unit: 'count', description: 'Calls with auditor_confidence ≥ 0.7.' },
  { name: 'tier1_calls', figure: 'tier1_calls', unit: 'count', description: 'Tier-1 calls (mule bank, crypto, gift card, drop address).' },
  { name: 'tier2_calls', figure: 'tier2_calls', unit: 'count', description: 'Tier-2 calls (payment method, phishing URL, remote desktop, agency).' },
  { name: 'tier3_calls', figure: 'tier3_calls', unit: 'count', description: 'Tier-3 calls (brand or lure only).' },
  { name: 'total_dollars_asked', figure: 'total_dollars_asked', unit: 'usd', description: 'Sum of every dollar ask, in US dollars.' },
  { name: 'total_dollars_dangled', figure: 'total_dollars_dangled', unit: 'usd', description: 'Sum of dollars dangled, in US dollars.' },
];
export const ALERT_METRIC_NAMES = ALERT_METRICS.map((m) => m.name);
export const ALERT_CHANNELS = ['webhook'] as const;
export const ALERT_OPERATORS = ['gte', 'lte'] as const;
export type AlertOperator = (typeof ALERT_OPERATORS)[number];
export type AlertState = 'ok' | 'firing';

export interface AlertRule {
  id: string;
  org_id: string;
  name: string;
  metric: string;
  operator: AlertOperator;
  threshold: number;
  window_min: number;
  channel: 'webhook';
  target: string;
  scope_json: string | null;
  state: AlertState;
  /** A paused rule (false) is not evaluated. */
  enabled: boolean;
  created_at: number;
}

export interface AlertRuleInput {
  name: string;
  metric: string;
  operator: AlertOperator;
  threshold: number;
  window_min: number;
  channel: 'webhook';
  target: string;
  enabled: boolean;
}

/** What PATCH may change; the metric and channel stay. */
export type AlertRuleChanges = Partial<Pick<AlertRuleInput, 'name' | 'threshold' | 'window_min' | 'operator' | 'target' | 'enabled'>>;

const RULE_COLUMNS = 'id, org_id, name, metric, operator, threshold, window_min, channel, target, scope_json, state, enabled, created_at';

const toRule = (r: Row): AlertRule => ({
  id: String(r.id),
  org_id: String(r.org_id),
  name: String(r.name),
  metric: String(r.metric),
  operator: r.operator as AlertOperator,
  threshold: num(r.threshold),
  window_min: num(r.window_min),
  channel: r.channel as 'webhook',
  target: String(r.target),
  scope_json: (r.scope_json as string | null) ?? null,
  state: r.state as AlertState,
  // Rules stored before migration 11 took its default (true).
  enabled: r.enabled !== false,
  created_at: num(r.created_at),
});

/** Most rules an org may hold: every rule is evaluated after every ingest. */
export const MAX_RULES_PER_ORG = 100;

export async function createRule(db: Db, principal: Principal, input: AlertRuleInput, now: number): Promise<{ rule: AlertRule; secret: string }> {
  const rule: AlertRule = {
    id: newId('alr'),
    org_id: principal.orgId,
    ...input,
    scope_json: scopeJson(principal.scope),
    state: 'ok',
    created_at: now,
  };
  const secret = newSigningSecret();
  await db.tx(async (tx) => {
    await refuseOverCap(tx, 'alert_rules', principal.orgId, MAX_RULES_PER_ORG, 'alert rules');
    await tx.run(
      `INSERT INTO alert_rules (id, org_id, name, metric, operator, threshold, window_min, channel, target, secret, scope_json, state,
         enabled, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [rule.id, rule.org_id, rule.name, rule.metric, rule.operator, rule.threshold, rule.window_min, rule.channel, rule.target, secret, rule.scope_json, rule.state, rule.enabled, now],
    );
  });
  return { rule, secret };
}

export async function listRules(db: Db, principal: Principal): Promise<AlertRule[]> {
  const p = new Params();
  const rows = await db.all(`SELECT ${RULE_COLUMNS} FROM alert_rules WHERE ${ownedWhere(principal, p)} ORDER BY created_at DESC, id`, p.values);
  return rows.map(toRule);
}

/**
 * Changes a rule the principal sees; null when it sees none by that id. Pausing a firing rule
 * resolves its open firing at `now` (state ok): nothing will evaluate it until it is resumed.
 */
export async function updateRule(db: Db, principal: Principal, id: string, changes: AlertRuleChanges, now: number): Promise<AlertRule | null> {
  return db.tx(async (tx) => {
    const p = new Params();
    const sets = (Object.keys(UPDATABLE) as (keyof AlertRuleChanges)[])
      .filter((field) => changes[field] !== undefined)
      .map((field) => `${UPDATABLE[field]} = ${p.p(changes[field])}`);
    if (changes.enabled === false) sets.push(`state = 'ok'`);
    const rows = await tx.all(
      `UPDATE alert_rules SET ${sets.join(', ')} WHERE ${ownedWhere(principal, p)} AND id = ${p.p(id)} RETURNING ${RULE_COLUMNS}`,
      p.values,
    );
    if (rows.length === 0) return null;
    if (changes.enabled === false) await resolveFirings(tx, id, now);
    return toRule(rows[0]);
  });
}

// Column per changeable field: fixed here, so no input names a column.
const UPDATABLE: Record<keyof AlertRuleChanges, string> = {
  name: 'name',
  threshold: 'threshold',
  window_min: 'window_min',
  operator: 'operator',
  target: 'target',
  enabled: 'enabled',
};

/** Deletes a rule (its firings stay in the log) and cancels its queued deliveries. */
export async function deleteRule(db: Db, principal: Principal, id: string, now: number): Promise<boolean> {
  return db.tx(async (tx) => {
    const p = new Params();
    const gone = await tx.all(`DELETE FROM alert_rules WHERE ${ownedWhere(principal, p)} AND id = ${p.p(id)} RETURNING id`, p.values);
    if (gone.length === 0) return false;
    await cancelPending(tx, 'rule_id', id, now);
    return true;
  });
}

export interface Firing {
  id: string;
  rule_id: string;
  rule_name: string;
  metric: string;
  operator: AlertOperator;
  threshold: number;
  value: number;
  window_start: number;
  window_end: number;
  fired_at: number;
  resolved_at: number | null;
}

export async function listFirings(db: Db, principal: Principal, limit: number): Promise<Firing[]> {
  const p = new Params();
  const rows = await db.all(
    `SELECT id, rule_id, rule_name, metric, operator, threshold, value, window_start, window_end, fired_at, resolved_at
     FROM alert_firings WHERE ${ownedWhere(principal, p)} ORDER BY fired_at DESC, id DESC LIMIT ${p.p(limit)}`,
    p.values,
  );
  return rows.map((r) => ({
    id: String(r.id),
    rule_id: String(r.rule_id),
    rule_name: String(r.rule_name),
    metric: String(r.metric),
    operator: r.operator as AlertOperator,
    threshold: num(r.threshold),
    value: num(r.value),
    window_start: num(r.window_start),
    window_end: num(r.window_end),
    fired_at: num(r.fired_at),
    resolved_at: numOrNull(r.resolved_at),
  }));
}

// ---------------------------------------------------------------------------------------------
// evaluation

const holds = (op: AlertOperator, value: number, threshold: number) => (op === 'gte' ? value >= threshold : value <= threshold);

/** The window a rule (or a preview) measures at `now`: [now - window_min, now). */
export function alertWindow(now: Date, windowMin: number): { start: number; end: number } {
  const end = now.getTime();
  return { start: end - windowMin * 60_000, end };
}

/** The figures a metric is read from, over `window` in the principal's slice. */
export function alertFigures(db: Db, principal: Principal, window: { start: number; end: number }): Promise<Summary> {
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
  return { value: (await alertFigures(db, principal, window))[metric.figure], ...window };
}

/**
 * Evaluates the enabled rules of one org (or of every pro org) at `now`; returns how many
 * fired. Rules sharing a slice and a window share one summary.
 */
export async function evaluateRules(db: Db, now: Date, orgId?: string): Promise<number> {
  const p = new Params();
  const rows = await db.all(
    `SELECT ${RULE_COLUMNS.split(', ').map((c) => `r.${c}`).join(', ')}
     FROM alert_rules r JOIN orgs o ON o.id = r.org_id AND o.tier = 'pro'
     WHERE r.enabled ${orgId ? `AND r.org_id = ${p.p(orgId)}` : ''}`,
    p.values,
  );
  const figures = new Map<string, Promise<Summary>>();
  let fired = 0;
  for (const rule of rows.map(toRule)) {
    const { start, end } = alertWindow(now, rule.window_min);
    const key = `${rule.org_id}|${rule.scope_json}|${rule.window_min}`;
    if (!figures.has(key)) {
      const principal: Principal = {
        orgId: rule.org_id,
        tier: 'pro',
        keyId: rule.id,
        role: 'read',
        scope: rule.scope_json ? (JSON.parse(rule.scope_json) as Scope) : null,
      };
      figures.set(key, alertFigures(db, principal, { start, end }));
    }
    const metric = alertMetric(rule.metric);
    if (!metric) continue;
    const value = (await figures.get(key)!)[metric.figure];
    const met = holds(rule.operator, value, rule.threshold);
    if (met && rule.state === 'ok' && (await fire(db, rule, value, start, end))) fired++;
    if (!met && rule.state === 'firing') await resolve(db, rule, end);
  }
  return fired;
}

async function fire(db: Db, rule: AlertRule, value: number, start: number, end: number): Promise<boolean> {
  return db.tx(async (tx) => {
    // Not when the rule was paused since it was read: the pause wins.
    const won = await tx.all(`UPDATE alert_rules SET state = 'firing' WHERE id = $1 AND state = 'ok' AND enabled RETURNING id`, [rule.id]);
    if (won.length === 0) return false;
    // The firing's id is also its event id: the webhook-id the receiver sees names the firing.
    const id = newId('fir');
    await tx.run(
      `INSERT INTO alert_firings (id, org_id, rule_id, rule_name, metric, operator, threshold, value, window_start, window_end,
         scope_json, fired_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [id, rule.org_id, rule.id, rule.name, rule.metric, rule.operator, rule.threshold, value, start, end, rule.scope_json, end],
    );
    const payload = envelope(id, ALERT_FIRED, end, {
      rule_id: rule.id,
      rule_name: rule.name,
      metric: rule.metric,
      operator: rule.operator,
      threshold: rule.threshold,
      value,
      window_start: formatUtc(start),
      window_end: formatUtc(end),
    });
    // Queue times are wall-clock (the worker's timers are); the firing's times are the evaluation's.
    const queuedAt = Date.now();
    await tx.run(
      `INSERT INTO webhook_deliveries (id, org_id, event_id, event_type, event_created_at, payload, rule_id, url, scope_json,
         status, attempts, next_attempt_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', 0, $10, $10, $10)`,
      [newId('whd'), rule.org_id, id, ALERT_FIRED, end, JSON.stringify(payload), rule.id, rule.target, rule.scope_json, queuedAt],
    );
    return true;
  });
}

async function resolve(db: Db, rule: AlertRule, at: number): Promise<void> {
  await db.tx(async (tx) => {
    const won = await tx.all(`UPDATE alert_rules SET state = 'ok' WHERE id = $1 AND state = 'firing' RETURNING id`, [rule.id]);
    if (won.length) await resolveFirings(tx, rule.id, at);
  });
}

async function resolveFirings(tx: Db, ruleId: string, at: number): Promise<void> {
  await tx.run('UPDATE alert_firings SET resolved_at = $1 WHERE rule_id = $2 AND resolved_at IS NULL', [at, ruleId]);
}
