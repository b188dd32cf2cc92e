// Alert rules and their firings (CONTRACT §10). A firing, its event and its delivery commit
// together; the ok → firing and firing → ok changes are conditional UPDATEs, so two
// evaluations (or two instances) racing on one rule change it once. What a metric means and
// when a rule holds is the evaluation's (delivery/alerts.ts).

import { ALERT_FIRED } from '../../domain/events.js';
import { newId } from '../../domain/ids.js';
import type { Principal } from '../../domain/principal.js';
import { num, numOrNull, Params, type Db, type Row } from '../db.js';
import { scopeJson } from '../../domain/scope.js';
import { deleteOwned, ownedWhere, selectOwned } from '../owned.js';
import { cancelPending, refuseOverCap } from './webhooks.js';

export const ALERT_CHANNELS = ['webhook'] as const;
export const ALERT_OPERATORS = ['gte', 'lte'] as const;
export type AlertOperator = (typeof ALERT_OPERATORS)[number];
type AlertState = 'ok' | 'firing';

/** What a rule is created with. */
export interface AlertRuleInput {
  name: string;
  metric: string;
  operator: AlertOperator;
  threshold: number;
  window_min: number;
  channel: 'webhook';
  target: string;
  /** A paused rule (false) is not evaluated. */
  enabled: boolean;
}

export interface AlertRule extends AlertRuleInput {
  id: string;
  org_id: string;
  scope_json: string | null;
  state: AlertState;
  created_at: number;
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

/** Stores a new rule (state ok) signed with `secret`; 409 over the cap. */
export async function createRule(db: Db, principal: Principal, input: AlertRuleInput, now: number, secret: string): Promise<AlertRule> {
  const rule: AlertRule = {
    id: newId('alr'),
    org_id: principal.orgId,
    ...input,
    scope_json: scopeJson(principal.scope),
    state: 'ok',
    created_at: now,
  };
  await db.tx(async (tx) => {
    await refuseOverCap(tx, 'alert_rules', principal.orgId, MAX_RULES_PER_ORG, 'alert rules');
    await tx.run(
      `INSERT INTO alert_rules (id, org_id, name, metric, operator, threshold, window_min, channel, target, secret, scope_json, state,
         enabled, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [
        rule.id,
        rule.org_id,
        rule.name,
        rule.metric,
        rule.operator,
        rule.threshold,
        rule.window_min,
        rule.channel,
        rule.target,
        secret,
        rule.scope_json,
        rule.state,
        rule.enabled,
        now,
      ],
    );
  });
  return rule;
}

export async function listRules(db: Db, principal: Principal): Promise<AlertRule[]> {
  return (await selectOwned(db, principal, 'alert_rules', RULE_COLUMNS, { orderBy: 'created_at DESC, id' })).map(toRule);
}

/**
 * Changes a rule the principal sees; null when it sees none by that id. Pausing a firing rule
 * resolves its open firing at `now` (state ok): nothing will evaluate it until it is resumed.
 */
export async function updateRule(
  db: Db,
  principal: Principal,
  id: string,
  changes: AlertRuleChanges,
  now: number,
): Promise<AlertRule | null> {
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
    if (!(await deleteOwned(tx, principal, 'alert_rules', id))) return false;
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

/** The enabled rules of one org, or of every pro org. */
export async function enabledRules(db: Db, orgId?: string): Promise<AlertRule[]> {
  const p = new Params();
  const rows = await db.all(
    `SELECT ${RULE_COLUMNS.split(', ')
      .map((c) => `r.${c}`)
      .join(', ')}
     FROM alert_rules r JOIN orgs o ON o.id = r.org_id AND o.tier = 'pro'
     WHERE r.enabled ${orgId ? `AND r.org_id = ${p.p(orgId)}` : ''}`,
    p.values,
  );
  return rows.map(toRule);
}

export interface FiringRecord {
  rule: AlertRule;
  /** The firing's id, also its event id: the webhook-id the receiver sees names the firing. */
  id: string;
  value: number;
  start: number;
  end: number;
  /** The `alert.fired` envelope, as sent. */
  payload: string;
}

/** Fires a rule that is ok and enabled: the firing and its delivery; false when it lost the race (or was paused). */
export async function recordFiring(db: Db, f: FiringRecord): Promise<boolean> {
  const { rule, id, value, start, end } = f;
  return db.tx(async (tx) => {
    // Not when the rule was paused since it was read: the pause wins.
    const won = await tx.all(`UPDATE alert_rules SET state = 'firing' WHERE id = $1 AND state = 'ok' AND enabled RETURNING id`, [rule.id]);
    if (won.length === 0) return false;
    await tx.run(
      `INSERT INTO alert_firings (id, org_id, rule_id, rule_name, metric, operator, threshold, value, window_start, window_end,
         scope_json, fired_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [id, rule.org_id, rule.id, rule.name, rule.metric, rule.operator, rule.threshold, value, start, end, rule.scope_json, end],
    );
    // Queue times are wall-clock (the worker's timers are); the firing's times are the evaluation's.
    const queuedAt = Date.now();
    await tx.run(
      `INSERT INTO webhook_deliveries (id, org_id, event_id, event_type, event_created_at, payload, rule_id, url, scope_json,
         status, attempts, next_attempt_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', 0, $10, $10, $10)`,
      [newId('whd'), rule.org_id, id, ALERT_FIRED, end, f.payload, rule.id, rule.target, rule.scope_json, queuedAt],
    );
    return true;
  });
}

/** Back to ok (resolving the open firing at `at`) when the rule is still firing. */
export async function resolveRule(db: Db, ruleId: string, at: number): Promise<void> {
  await db.tx(async (tx) => {
    const won = await tx.all(`UPDATE alert_rules SET state = 'ok' WHERE id = $1 AND state = 'firing' RETURNING id`, [ruleId]);
    if (won.length) await resolveFirings(tx, ruleId, at);
  });
}

async function resolveFirings(tx: Db, ruleId: string, at: number): Promise<void> {
  await tx.run('UPDATE alert_firings SET resolved_at = $1 WHERE rule_id = $2 AND resolved_at IS NULL', [at, ruleId]);
}
