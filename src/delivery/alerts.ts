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

export const ALERT_METRICS: readonly { name: string; figure: NumericFigure; description: string }[] = [
  { name: 'calls', figure: 'calls_received', description: 'Calls received in the window.' },
  { name: 'cleanly_closed', figure: 'cleanly_closed', description: 'Calls that closed cleanly.' },
  { name: 'hooked_calls', figure: 'hooked_calls', description: 'Calls of at least 15 s with at least one intel field.' },
  { name: 'hook_rate', figure: 'hook_rate', description: 'hooked_calls / calls, from 0 to 1 (0 with no calls).' },
  { name: 'insights_produced', figure: 'insights_produced', description: 'Calls with an extraction.' },
  { name: 'high_confidence_insights', figure: 'high_confidence_insights', description: 'Calls with auditor_confidence ≥ 0.7.' },
  { name: 'tier1_calls', figure: 'tier1_calls', description: 'Tier-1 calls (mule bank, crypto, gift card, drop address).' },
  { name: 'tier2_calls', figure: 'tier2_calls', description: 'Tier-2 calls (payment method, phishing URL, remote desktop, agency).' },
  { name: 'tier3_calls', figure: 'tier3_calls', description: 'Tier-3 calls (brand or lure only).' },
  { name: 'total_dollars_asked', figure: 'total_dollars_asked', description: 'Sum of every dollar ask.' },
  { name: 'total_dollars_dangled', figure: 'total_dollars_dangled', description: 'Sum of dollars dangled.' },
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
}

const RULE_COLUMNS = 'id, org_id, name, metric, operator, threshold, window_min, channel, target, scope_json, state, created_at';

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
      `INSERT INTO alert_rules (id, org_id, name, metric, operator, threshold, window_min, channel, target, secret, scope_json, state, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [rule.id, rule.org_id, rule.name, rule.metric, rule.operator, rule.threshold, rule.window_min, rule.channel, rule.target, secret, rule.scope_json, rule.state, now],
    );
  });
  return { rule, secret };
}

export async function listRules(db: Db, principal: Principal): Promise<AlertRule[]> {
  const p = new Params();
  const rows = await db.all(`SELECT ${RULE_COLUMNS} FROM alert_rules WHERE ${ownedWhere(principal, p)} ORDER BY created_at DESC, id`, p.values);
  return rows.map(toRule);
}

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

/**
 * Evaluates the rules of one org (or of every pro org) at `now`; returns how many fired.
 * Rules sharing a slice and a window share one summary.
 */
export async function evaluateRules(db: Db, now: Date, orgId?: string): Promise<number> {
  const p = new Params();
  const rows = await db.all(
    `SELECT ${RULE_COLUMNS.split(', ').map((c) => `r.${c}`).join(', ')}
     FROM alert_rules r JOIN orgs o ON o.id = r.org_id AND o.tier = 'pro'
     ${orgId ? `WHERE r.org_id = ${p.p(orgId)}` : ''}`,
    p.values,
  );
  const figures = new Map<string, Promise<Summary>>();
  let fired = 0;
  for (const rule of rows.map(toRule)) {
    const end = now.getTime();
    const start = end - rule.window_min * 60_000;
    const key = `${rule.org_id}|${rule.scope_json}|${rule.window_min}`;
    if (!figures.has(key)) {
      const principal: Principal = {
        orgId: rule.org_id,
        tier: 'pro',
        keyId: rule.id,
        role: 'read',
        scope: rule.scope_json ? (JSON.parse(rule.scope_json) as Scope) : null,
      };
      figures.set(key, summary(db, principal, { start: new Date(start), end: new Date(end), label: 'custom' }));
    }
    const metric = ALERT_METRICS.find((m) => m.name === rule.metric);
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
    const won = await tx.all(`UPDATE alert_rules SET state = 'firing' WHERE id = $1 AND state = 'ok' RETURNING id`, [rule.id]);
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
    if (won.length) await tx.run('UPDATE alert_firings SET resolved_at = $1 WHERE rule_id = $2 AND resolved_at IS NULL', [at, rule.id]);
  });
}
