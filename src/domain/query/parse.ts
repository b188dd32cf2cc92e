// Parse stage of the query pipeline (docs/query.md): a body that passed the route's JSON schema
// becomes one typed Query, or a 400 naming the part that is wrong. Pure: `now` is passed in.

import { validationFailed, type FieldError } from '../../errors.js';
import { formatUtc, parseWindow, type Window } from '../window.js';
import {
  COMPARISON_OPS,
  DIMENSION_FIELDS,
  FILTER_OPS,
  QUERY_LIMITS,
  isBaseMetric,
  isDimensionField,
  isNumberField,
  isTimeDimension,
  type BaseMetric,
  type ComparisonOp,
  type Dimension,
  type DimensionField,
  type FilterField,
  type NumberField,
} from './catalog.js';
import { instantOfLocal, isKnownZone, offsetSegments } from './zone.js';

/** The filter field naming a campaign (pro tier; not a dimension). */
const CAMPAIGN_FIELD = 'campaign_id';

export type Metric = { kind: 'base'; name: BaseMetric } | { kind: 'distinct'; field: DimensionField };
type Value = string | boolean | number;

export type Condition =
  | { op: 'is' | 'is_not'; field: DimensionField; values: Value[] }
  | { op: 'contains'; field: DimensionField | 'transcript'; values: string[] }
  | { op: ComparisonOp; field: NumberField | 'tier'; value: number }
  | { op: 'between'; field: NumberField | 'tier'; min: number; max: number }
  | { op: 'has'; field: FilterField }
  /** ["is", "campaign_id", [ids]]: calls of these campaigns (storage/query/campaignFilter.ts resolves it per window). */
  | { op: 'campaign'; ids: string[] }
  | { op: 'not'; condition: Condition }
  | { op: 'and' | 'or'; conditions: Condition[] };

export interface OrderTerm {
  kind: 'metric' | 'dimension';
  /** Index into the query's metrics or dimensions. */
  index: number;
  desc: boolean;
}

export interface Query {
  metrics: Metric[];
  /** The metric names as asked, for `meta.metrics`. */
  metricNames: string[];
  dimensions: Dimension[];
  filters: Condition[];
  window: Window;
  zone: string;
  compare: Window | null;
  orderBy: OrderTerm[];
  limit: number;
  offset: number;
}

/** The body as the route's schema admits it: shapes checked, meanings not yet. */
export interface QueryBody {
  metrics: string[];
  dimensions?: string[];
  filters?: unknown[];
  range?: string;
  start?: string;
  end?: string;
  timezone?: string;
  compare?: string | { start: string; end: string };
  order_by?: string[][];
  limit?: number;
  offset?: number;
}

class Problems {
  readonly list: FieldError[] = [];
  add(path: string, message: string): void {
    if (this.list.length < 20) this.list.push({ path, message });
  }
}

const quote = (v: unknown) => JSON.stringify(v)?.slice(0, 80) ?? String(v);

function parseMetric(name: string, path: string, problems: Problems): Metric | null {
  if (isBaseMetric(name)) return { kind: 'base', name };
  if (name.startsWith('distinct:')) {
    const field = name.slice('distinct:'.length);
    if (isDimensionField(field)) return { kind: 'distinct', field };
    problems.add(path, `distinct: takes a field dimension; ${quote(field)} is not one.`);
    return null;
  }
  problems.add(path, `unknown metric ${quote(name)}.`);
  return null;
}

const TEXT_FIELDS = Object.entries(DIMENSION_FIELDS)
  .filter(([, kind]) => kind === 'text')
  .map(([f]) => f);

/** Counts conditions and values while the filter tree is read, to hold the query's bounds. */
interface Budget {
  conditions: number;
  values: number;
}

function isFiniteNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

function parseValues(field: DimensionField, raw: unknown, path: string, problems: Problems, budget: Budget): Value[] | null {
  if (!Array.isArray(raw) || raw.length === 0) {
    problems.add(path, 'must be a non-empty list of values.');
    return null;
  }
  if (raw.length > QUERY_LIMITS.maxListValues) {
    problems.add(path, `at most ${QUERY_LIMITS.maxListValues} values.`);
    return null;
  }
  budget.values += raw.length;
  const kind = DIMENSION_FIELDS[field];
  for (const [i, v] of raw.entries()) {
    const ok =
      kind === 'text'
        ? typeof v === 'string' && v.length <= QUERY_LIMITS.maxTextLength
        : kind === 'boolean'
          ? typeof v === 'boolean'
          : v === 1 || v === 2 || v === 3;
    if (!ok) {
      const want =
        kind === 'text' ? `text of at most ${QUERY_LIMITS.maxTextLength} characters` : kind === 'boolean' ? 'true or false' : '1, 2 or 3';
      problems.add(`${path}[${i}]`, `${field} values are ${want}.`);
      return null;
    }
  }
  return raw as Value[];
}

function parseCondition(raw: unknown, path: string, depth: number, problems: Problems, budget: Budget): Condition | null {
  if (depth > QUERY_LIMITS.maxDepth) {
    problems.add(path, `filters nest at most ${QUERY_LIMITS.maxDepth} deep.`);
    return null;
  }
  if (++budget.conditions > QUERY_LIMITS.maxConditions) {
    if (budget.conditions === QUERY_LIMITS.maxConditions + 1)
      problems.add(path, `at most ${QUERY_LIMITS.maxConditions} conditions in all.`);
    return null;
  }
  if (!Array.isArray(raw) || raw.length === 0 || typeof raw[0] !== 'string') {
    problems.add(path, 'a filter is a list: [op, field, value], ["has", field], ["not", filter], ["and"|"or", [filters]].');
    return null;
  }
  const op = raw[0];
  if (!(FILTER_OPS as readonly string[]).includes(op)) {
    problems.add(`${path}[0]`, `unknown operator ${quote(op)}; one of ${FILTER_OPS.join(', ')}.`);
    return null;
  }
  if (op === 'not') {
    if (raw.length !== 2) return (problems.add(path, '["not", filter] has exactly one filter.'), null);
    const condition = parseCondition(raw[1], `${path}[1]`, depth + 1, problems, budget);
    return condition && { op, condition };
  }
  if (op === 'and' || op === 'or') {
    if (raw.length !== 2 || !Array.isArray(raw[1]) || raw[1].length === 0) {
      problems.add(path, `["${op}", [filters]] takes a non-empty list of filters.`);
      return null;
    }
    const conditions: Condition[] = [];
    for (const [i, c] of (raw[1] as unknown[]).entries()) {
      const parsed = parseCondition(c, `${path}[1][${i}]`, depth + 1, problems, budget);
      if (!parsed) return null;
      conditions.push(parsed);
    }
    return { op, conditions };
  }
  const field = raw[1];
  const fieldPath = `${path}[1]`;
  if (field === CAMPAIGN_FIELD) return parseCampaign(raw, path, problems, budget);
  if (typeof field !== 'string' || !(isDimensionField(field) || isNumberField(field) || field === 'transcript')) {
    problems.add(fieldPath, `unknown field ${quote(field)}.`);
    return null;
  }
  const numeric = isNumberField(field) || field === 'tier';
  const wantArity = op === 'has' ? 2 : 3;
  if (raw.length !== wantArity) {
    problems.add(path, op === 'has' ? '["has", field] takes no value.' : `[${quote(op)}, field, value] takes one value.`);
    return null;
  }
  const valuePath = `${path}[2]`;
  switch (op) {
    case 'has':
      return { op, field };
    case 'is':
    case 'is_not': {
      if (!isDimensionField(field))
        return (problems.add(fieldPath, `${op} applies to dimension fields; ${field} is compared with gt, gte, lt, lte or between.`), null);
      const values = parseValues(field, raw[2], valuePath, problems, budget);
      return values && { op, field, values };
    }
    case 'contains': {
      if (field !== 'transcript' && !TEXT_FIELDS.includes(field))
        return (problems.add(fieldPath, `contains applies to text fields and transcript, not ${field}.`), null);
      const values = raw[2];
      if (!Array.isArray(values) || values.length === 0 || values.length > QUERY_LIMITS.maxListValues) {
        return (problems.add(valuePath, `must be a list of 1 to ${QUERY_LIMITS.maxListValues} substrings.`), null);
      }
      budget.values += values.length;
      for (const [i, v] of values.entries()) {
        if (typeof v !== 'string' || v.length === 0 || v.length > QUERY_LIMITS.maxTextLength) {
          return (problems.add(`${valuePath}[${i}]`, `a substring is text of 1 to ${QUERY_LIMITS.maxTextLength} characters.`), null);
        }
      }
      return { op, field: field as DimensionField | 'transcript', values: values as string[] };
    }
    case 'between': {
      if (!numeric)
        return (
          problems.add(
            fieldPath,
            `between applies to ${[...['duration_sec', 'auditor_confidence', 'dollars_dangled', 'dollar_ask'], 'tier'].join(', ')}.`,
          ),
          null
        );
      const v = raw[2];
      if (!Array.isArray(v) || v.length !== 2 || !isFiniteNumber(v[0]) || !isFiniteNumber(v[1])) {
        return (problems.add(valuePath, 'between takes [min, max], two finite numbers.'), null);
      }
      return { op, field: field as NumberField | 'tier', min: v[0], max: v[1] };
    }
    default: {
      const cmp = op as ComparisonOp;
      if (!(COMPARISON_OPS as readonly string[]).includes(cmp)) return (problems.add(`${path}[0]`, `unknown operator ${quote(op)}.`), null);
      if (!numeric)
        return (problems.add(fieldPath, `${op} applies to duration_sec, auditor_confidence, dollars_dangled, dollar_ask and tier.`), null);
      if (!isFiniteNumber(raw[2])) return (problems.add(valuePath, `${op} takes a finite number.`), null);
      return { op: cmp, field: field as NumberField | 'tier', value: raw[2] };
    }
  }
}

/** A campaign's id (GET /api/campaigns). */
const CAMPAIGN_ID = /^cmp_[0-9a-f]{16}$/;

/** ["is", "campaign_id", [ids]]: `is` only (a campaign is a set of calls, not a value of one). */
function parseCampaign(raw: unknown[], path: string, problems: Problems, budget: Budget): Condition | null {
  if (raw[0] !== 'is' || raw.length !== 3) return (problems.add(path, 'campaign_id takes ["is", "campaign_id", [ids]] only.'), null);
  const ids = raw[2];
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > QUERY_LIMITS.maxListValues)
    return (problems.add(`${path}[2]`, `must be a list of 1 to ${QUERY_LIMITS.maxListValues} campaign ids.`), null);
  budget.values += ids.length;
  for (const [i, id] of ids.entries()) {
    if (typeof id !== 'string' || !CAMPAIGN_ID.test(id))
      return (problems.add(`${path}[2][${i}]`, 'a campaign id is cmp_ and 16 hex digits.'), null);
  }
  return { op: 'campaign', ids: [...new Set(ids as string[])] };
}

/**
 * Normalise a list of conditions that must all hold: every `is_not` of one field becomes one
 * (a value in none of the lists is a value in none of their union), recursively in `and`s, so
 * a list of a thousand exclusions is one condition for the engine to plan, not a thousand.
 */
function mergeExclusions(conditions: Condition[]): Condition[] {
  const out: Condition[] = [];
  const excluded = new Map<DimensionField, Value[]>();
  for (const c of conditions) {
    if (c.op === 'and') out.push({ op: 'and', conditions: mergeExclusions(c.conditions) });
    else if (c.op === 'is_not') {
      const seen = excluded.get(c.field);
      if (seen) seen.push(...c.values);
      else {
        const values = [...c.values];
        excluded.set(c.field, values);
        out.push({ op: 'is_not', field: c.field, values });
      }
    } else out.push(c);
  }
  return out;
}

/** A date-only bound (`YYYY-MM-DD`) is midnight in the zone; other bounds are instants. */
function boundInZone(value: string | undefined, zone: string): string | undefined {
  if (value === undefined || zone === 'UTC' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const utcMidnight = Date.parse(`${value}T00:00:00Z`);
  if (!Number.isFinite(utcMidnight)) return value; // parseWindow names the problem
  const segments = offsetSegments(zone, utcMidnight - 2 * 86_400_000, utcMidnight + 2 * 86_400_000);
  return formatUtc(instantOfLocal(segments, utcMidnight));
}

function windowIn(q: { range?: string; start?: string; end?: string }, zone: string, now: Date): Window {
  return parseWindow({ range: q.range, start: boundInZone(q.start, zone), end: boundInZone(q.end, zone) }, now);
}

export function parseQuery(body: QueryBody, now: Date): Query {
  const problems = new Problems();
  const zone = body.timezone ?? 'UTC';
  if (!isKnownZone(zone)) problems.add('timezone', `unknown time zone ${quote(zone)}; an IANA name such as "America/New_York".`);

  const metrics: Metric[] = [];
  body.metrics.forEach((name, i) => {
    const m = parseMetric(name, `metrics[${i}]`, problems);
    if (m) metrics.push(m);
  });
  if (new Set(body.metrics).size !== body.metrics.length) problems.add('metrics', 'a metric is named twice.');

  const dimensions: Dimension[] = [];
  (body.dimensions ?? []).forEach((name, i) => {
    if (isDimensionField(name) || isTimeDimension(name)) dimensions.push(name);
    else problems.add(`dimensions[${i}]`, `unknown dimension ${quote(name)}.`);
  });
  if (new Set(dimensions).size !== dimensions.length) problems.add('dimensions', 'a dimension is named twice.');

  const budget: Budget = { conditions: 0, values: 0 };
  const filters: Condition[] = [];
  (body.filters ?? []).forEach((raw, i) => {
    const c = parseCondition(raw, `filters[${i}]`, 1, problems, budget);
    if (c) filters.push(c);
  });
  if (budget.values > QUERY_LIMITS.maxValues) problems.add('filters', `at most ${QUERY_LIMITS.maxValues} values in all.`);

  const orderBy: OrderTerm[] = [];
  (body.order_by ?? []).forEach(([name, dir], i) => {
    const m = body.metrics.indexOf(name);
    const d = (body.dimensions ?? []).indexOf(name);
    if (dir !== 'asc' && dir !== 'desc') problems.add(`order_by[${i}][1]`, 'the direction is "asc" or "desc".');
    else if (m >= 0) orderBy.push({ kind: 'metric', index: m, desc: dir === 'desc' });
    else if (d >= 0) orderBy.push({ kind: 'dimension', index: d, desc: dir === 'desc' });
    else problems.add(`order_by[${i}][0]`, `${quote(name)} is not one of the query's metrics or dimensions.`);
  });

  if (body.compare !== undefined && typeof body.compare === 'string' && body.compare !== 'previous_period') {
    problems.add('compare', 'compare is "previous_period" or {"start", "end"}.');
  }
  if (problems.list.length) throw validationFailed(problems.list.map((p) => `${p.path}: ${p.message}`).join(' '), problems.list);

  const window = windowIn(body, zone, now);
  let compare: Window | null = null;
  if (body.compare === 'previous_period') {
    const len = window.end.getTime() - window.start.getTime();
    compare = { start: new Date(window.start.getTime() - len), end: new Date(window.start), label: 'previous_period' };
  } else if (body.compare && typeof body.compare === 'object') {
    compare = windowIn({ start: body.compare.start, end: body.compare.end }, zone, now);
  }
  return {
    metrics,
    metricNames: body.metrics,
    dimensions,
    filters: mergeExclusions(filters),
    window,
    zone,
    compare,
    orderBy,
    limit: body.limit ?? QUERY_LIMITS.defaultLimit,
    offset: body.offset ?? 0,
  };
}
