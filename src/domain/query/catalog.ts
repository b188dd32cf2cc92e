// What a query may name (CONTRACT §13, docs/query.md): metrics, dimensions, filterable fields,
// each with its kind. Fixed allow-lists: a name that is not here is a 400, and only names from
// here ever reach SQL as column names.

import { INTEL_FIELDS } from '../call.js';

/** The summary figures of CONTRACT §6, in its order, then the query's own. */
const BASE_METRICS = [
  'calls_received',
  'cleanly_closed',
  'hooked_calls',
  'hook_rate',
  'avg_call_duration_sec',
  'median_call_duration_sec',
  'max_call_duration_sec',
  'insights_produced',
  'high_confidence_insights',
  'avg_auditor_confidence',
  'tier1_calls',
  'tier2_calls',
  'tier3_calls',
  'total_dollars_asked',
  'median_dollar_ask',
  'max_single_ask',
  'total_dollars_dangled',
  'asks',
  'mean_dollar_ask',
  'p90_call_duration_sec',
] as const;
export type BaseMetric = (typeof BASE_METRICS)[number];
/** The summary's figures (GET /api/kpis/summary): the first 17. */
export const SUMMARY_METRICS = BASE_METRICS.slice(0, 17) as readonly BaseMetric[];

export type FieldKind = 'text' | 'boolean' | 'tier' | 'number';

/** Fields a query groups by (dimensions) and filters on, with their kinds. */
export const DIMENSION_FIELDS = {
  ...(Object.fromEntries(INTEL_FIELDS.map((f) => [f, 'text'])) as Record<(typeof INTEL_FIELDS)[number], 'text'>),
  caller_state: 'text',
  caller_area_code: 'text',
  caller_id: 'text',
  persona: 'text',
  disconnect_reason: 'text',
  cleanly_closed: 'boolean',
  hooked: 'boolean',
  tier: 'tier',
  has_intel: 'boolean',
} as const satisfies Record<string, FieldKind>;
export type DimensionField = keyof typeof DIMENSION_FIELDS;

/** Numeric fields that filters compare (`dollar_ask`: the call's single asks). */
const NUMBER_FIELDS = ['duration_sec', 'auditor_confidence', 'dollars_dangled', 'dollar_ask'] as const;
export type NumberField = (typeof NUMBER_FIELDS)[number];

/** Every field a filter may name. */
export type FilterField = DimensionField | NumberField | 'transcript';

const TIME_DIMENSIONS = ['time:15min', 'time:hour', 'time:day', 'time:week', 'time:month', 'time:weekday', 'time:hour_of_day'] as const;
export type TimeDimension = (typeof TIME_DIMENSIONS)[number];

export type Dimension = DimensionField | TimeDimension;

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

export const isDimensionField = (name: string): name is DimensionField => Object.hasOwn(DIMENSION_FIELDS, name);
export const isTimeDimension = (name: string): name is TimeDimension => (TIME_DIMENSIONS as readonly string[]).includes(name);
export const isNumberField = (name: string): name is NumberField => (NUMBER_FIELDS as readonly string[]).includes(name);
export const isBaseMetric = (name: string): name is BaseMetric => (BASE_METRICS as readonly string[]).includes(name);

export const COMPARISON_OPS = ['gt', 'gte', 'lt', 'lte'] as const;
export type ComparisonOp = (typeof COMPARISON_OPS)[number];
export const FILTER_OPS = ['is', 'is_not', 'contains', ...COMPARISON_OPS, 'between', 'has', 'not', 'and', 'or'] as const;

/** Bounds of a query, so any body is answered (or refused) quickly. */
export const QUERY_LIMITS = {
  maxConditions: 1_000,
  maxDepth: 16,
  maxListValues: 1_000,
  maxValues: 10_000,
  maxTextLength: 512,
  maxRows: 10_000,
  maxOffset: 1_000_000,
  maxMetrics: 40,
  maxDimensions: 4,
  defaultLimit: 100,
} as const;
