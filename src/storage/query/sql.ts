// SQL stage of the query pipeline (docs/query.md): one statement per window over the calls,
// the same text on both engines. Column names come from the catalog only; every value is a
// parameter. Local time is `started_at + offset`, the offset a CASE over the zone's segments
// (see domain/query/zone.ts), so buckets are integer arithmetic on either engine.

import { FLAG } from '../../domain/call.js';
import { bankNameMatches } from '../../domain/indicators/bankNames.js';
import { DIMENSION_FIELDS, type Dimension } from '../../domain/query/catalog.js';
import type { Condition, Query } from '../../domain/query/parse.js';
import { localMonthStarts, offsetSegments, type OffsetSegment } from '../../domain/query/zone.js';
import type { Principal } from '../../domain/principal.js';
import { DAY_MS, HOUR_MS, type Window } from '../../domain/window.js';
import type { Dialect, Params } from '../db.js';
import { callSidInList } from '../campaigns/sidList.js';
import type { CampaignCalls } from './campaignFilter.js';
import { flagsTierIs } from '../flags.js';
import { sliceWhere } from '../slice.js';
import { sumCentsSql } from '../queries/money.js';
import { byCodePoint } from '../queries/textOrder.js';

export const WEEK_MS = 7 * DAY_MS;
export const QUARTER_MS = 15 * 60_000;
/** 1970-01-05, a Monday: weeks are counted from it. */
const MONDAY_MS = 4 * DAY_MS;

const big = (p: Params, v: number) => `CAST(${p.p(v)} AS BIGINT)`;
/**
 * A number compared with doubles. Bound as its shortest decimal text (the same double back on
 * both engines): DuckDB's client binds a whole JavaScript number as BIGINT, which 1e20 overflows.
 */
const dbl = (p: Params, v: number) => `CAST(${p.p(String(v))} AS DOUBLE PRECISION)`;

/** The zone's reading of a window: offset segments, and SQL for local time. */
export interface LocalTime {
  /** Offsets over the window (and a day either side): what SQL reads. */
  segments: OffsetSegment[];
  /**
   * Offsets from the month before the window on: a week or month bucket starts before the
   * window, maybe under another offset (March 1 in New York is EST, a window from March 28 EDT).
   */
  stamps: OffsetSegment[];
  /** SQL: the local wall clock of `started_at`, as epoch ms read as UTC (its parameters added to `p`). */
  local(p: Params): string;
}

export function localTime(q: Pick<Query, 'zone'>, w: Window): LocalTime {
  const segments = offsetSegments(q.zone, w.start.getTime(), w.end.getTime());
  const last = segments[segments.length - 1].offsetMs;
  let stamps: OffsetSegment[] | null = null;
  return {
    segments,
    get stamps() {
      stamps ??= offsetSegments(q.zone, w.start.getTime() - 32 * DAY_MS, w.end.getTime());
      return stamps;
    },
    local(p) {
      if (segments.length === 1) return last === 0 ? 'started_at' : `(started_at + ${big(p, last)})`;
      const whens = segments
        .slice(1)
        .map((s, i) => `WHEN started_at < ${big(p, s.from)} THEN ${big(p, segments[i].offsetMs)}`)
        .join(' ');
      return `(started_at + CASE ${whens} ELSE ${big(p, last)} END)`;
    },
  };
}

/**
 * SQL of a dimension's group value: the column, or a time bucket (local epoch ms, or an instant
 * for hours). Buckets are `x - (x - base) % width` with `base` a Monday midnight before the
 * window (so also a whole day, hour and quarter): `x - base` is never negative inside the
 * window, so `%` never meets a negative operand.
 */
export function dimensionSql(d: Dimension, lt: LocalTime, w: Window, p: Params): string {
  // A column named in the catalog; text in code-point order, so ordering by its alias is too.
  if (!d.startsWith('time:')) return (DIMENSION_FIELDS as Record<string, string>)[d] === 'text' ? byCodePoint(d) : d;
  const L = lt.local(p);
  let B: string | null = null; // a parameter only where a bucket uses it (every parameter must appear)
  const rem = (m: number) => `((${L} - ${(B ??= big(p, bucketBase(w)))}) % ${m})`;
  switch (d) {
    case 'time:15min':
      return `(started_at - ${rem(QUARTER_MS)})`;
    case 'time:hour':
      // Hours of absolute time that start on a whole local hour.
      return `(started_at - ${rem(HOUR_MS)})`;
    case 'time:day':
      return `(${L} - ${rem(DAY_MS)})`;
    case 'time:week':
      return `(${L} - ${rem(WEEK_MS)})`;
    case 'time:month': {
      const first = w.start.getTime() + lt.segments[0].offsetMs - DAY_MS;
      const starts = localMonthStarts(first, w.end.getTime() + DAY_MS * 2);
      const whens = starts
        .slice(1)
        .map((s, i) => `WHEN ${L} < ${big(p, s)} THEN ${big(p, starts[i])}`)
        .join(' ');
      return `CASE ${whens} ELSE ${big(p, starts[starts.length - 1])} END`;
    }
    case 'time:weekday':
      // Days since Monday, in ms: JavaScript names the day.
      return `(${rem(WEEK_MS)} - ${rem(DAY_MS)})`;
    default: // time:hour_of_day
      return `(${rem(DAY_MS)} - ${rem(HOUR_MS)})`;
  }
}

/** A Monday midnight (UTC epoch ms) two days before the window: below every local time in it (offsets are under a day). */
export function bucketBase(w: Pick<Window, 'start'>): number {
  const before = w.start.getTime() - 2 * DAY_MS;
  return before - ((((before - MONDAY_MS) % WEEK_MS) + WEEK_MS) % WEEK_MS);
}

/** What a condition's SQL needs besides the condition: the engine, and the calls of the campaigns it names in this window. */
export interface ConditionContext {
  dialect: Dialect;
  campaigns: CampaignCalls | null;
}

/** SQL of one condition; every leaf is true or false (never null), so `not` is the complement. */
function conditionSql(c: Condition, p: Params, ctx?: ConditionContext): string {
  switch (c.op) {
    case 'and':
    case 'or':
      return `(${c.conditions.map((x) => conditionSql(x, p, ctx)).join(c.op === 'and' ? ' AND ' : ' OR ')})`;
    case 'not':
      return `(NOT ${conditionSql(c.condition, p, ctx)})`;
    case 'campaign': {
      if (!ctx?.campaigns) throw new Error('campaign_id filter not resolved for this window (campaignFilter.ts)');
      const sids = [...new Set(c.ids.flatMap((id) => ctx.campaigns!.get(id) ?? []))];
      return `(${callSidInList(ctx.dialect, sids, p)})`;
    }
    case 'has':
      if (c.field === 'dollar_ask') return '(asks_count > 0)';
      if (c.field === 'transcript') return '(transcript_lower IS NOT NULL)';
      return `(${c.field} IS NOT NULL)`;
    case 'is':
    case 'is_not': {
      const kind = DIMENSION_FIELDS[c.field];
      let inList: string;
      if (kind === 'text') {
        const values = c.values as string[];
        const lowered = c.field === 'mule_bank_name' ? bankNameMatches(values) : [...new Set(values.map((v) => v.toLowerCase()))];
        inList = `lower(${c.field}) IN (${p.list(lowered)})`;
      } else if (kind === 'boolean') {
        inList = `${c.field} IN (${c.values.map((v) => `CAST(${p.p(v)} AS BOOLEAN)`).join(', ')})`;
      } else {
        inList = `${c.field} IN (${c.values.map((v) => `CAST(${p.p(v)} AS INTEGER)`).join(', ')})`;
      }
      const is = `coalesce(${inList}, FALSE)`;
      return c.op === 'is' ? `(${is})` : `(NOT ${is})`;
    }
    case 'contains': {
      const col = c.field === 'transcript' ? 'transcript_lower' : `lower(${c.field})`;
      const any = [...new Set(c.values.map((v) => v.toLowerCase()))].map((v) => `strpos(${col}, ${p.p(v)}) > 0`).join(' OR ');
      return `coalesce(${any}, FALSE)`;
    }
    default: {
      const test = (x: string) =>
        c.op === 'between' ? `${x} >= ${dbl(p, c.min)} AND ${x} <= ${dbl(p, c.max)}` : `${x} ${OPS[c.op]} ${dbl(p, c.value)}`;
      if (c.field === 'dollar_ask') return `EXISTS (SELECT 1 FROM unnest(dollar_asks) AS u(a) WHERE ${test('a')})`;
      return `coalesce(${test(c.field)}, FALSE)`;
    }
  }
}

const OPS = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

type AskCondition =
  | { op: 'gt' | 'gte' | 'lt' | 'lte'; field: 'dollar_ask'; value: number }
  | { op: 'between'; field: 'dollar_ask'; min: number; max: number };

/**
 * The single-ask conditions that narrow the ask metrics: the `dollar_ask` comparisons of the
 * top-level list and of top-level `and`s (inside `or` and `not` they select calls only).
 */
export function askConditions(filters: readonly Condition[]): AskCondition[] {
  const out: AskCondition[] = [];
  const visit = (c: Condition): void => {
    if (c.op === 'and') return c.conditions.forEach(visit);
    if ((c.op === 'between' || c.op === 'gt' || c.op === 'gte' || c.op === 'lt' || c.op === 'lte') && c.field === 'dollar_ask') {
      out.push(c as AskCondition);
    }
  };
  filters.forEach(visit);
  return out;
}

/** SQL: every narrowing condition holds for the single ask `x`. */
export function askConditionSql(conditions: readonly AskCondition[], p: Params, x: string): string {
  return conditions
    .map((c) => (c.op === 'between' ? `${x} >= ${dbl(p, c.min)} AND ${x} <= ${dbl(p, c.max)}` : `${x} ${OPS[c.op]} ${dbl(p, c.value)}`))
    .join(' AND ');
}

/** The WHERE clause of a window: the org and slice (storage/slice.ts), the window, the filters. */
export function whereSql(principal: Principal, q: Pick<Query, 'filters'>, w: Window, p: Params, ctx?: ConditionContext): string {
  // Plain parameters: whole numbers bind as BIGINT on either engine (a CAST here cost DuckDB ~0.2 ms a query).
  const parts = [sliceWhere(principal, p), `started_at >= ${p.p(w.start.getTime())}`, `started_at < ${p.p(w.end.getTime())}`];
  for (const f of q.filters) parts.push(conditionSql(f, p, ctx));
  return parts.join(' AND ');
}

/** SQL: how many calls of a group have the stored `flags` bit `bit` (see domain/call.ts summaryFlags). */
const bitCount = (bit: number) => `sum((flags >> ${Math.log2(bit)}) & 1)`;
const tierCount = (t: number) => `sum(CASE WHEN ${flagsTierIs(t)} THEN 1 ELSE 0 END)`;

/**
 * The aggregates a metric needs, by alias, over the filtered calls of a group. The yes/no
 * figures read the bits of the stored `flags` (one definition, computed at ingest). Asks and
 * their total come from the calls' own count and total unless a dollar_ask filter narrows
 * them (ASK_AGGREGATES then read the single asks).
 */
export const CALL_AGGREGATES = {
  n: 'count(*)',
  cleanly: bitCount(FLAG.cleanlyClosed),
  hooked: bitCount(FLAG.hooked),
  dur_sum: 'sum(duration_sec)',
  dur_median: 'percentile_cont(0.5) WITHIN GROUP (ORDER BY duration_sec)',
  dur_p90: 'percentile_cont(0.9) WITHIN GROUP (ORDER BY duration_sec)',
  dur_max: 'max(duration_sec)',
  insights: bitCount(FLAG.extraction),
  high_conf: bitCount(FLAG.highConfidence),
  conf_sum: 'sum(auditor_confidence)',
  conf_n: 'count(auditor_confidence)',
  t1: tierCount(1),
  t2: tierCount(2),
  t3: tierCount(3),
  dangled_cents: sumCentsSql('dollars_dangled'),
  asks: 'sum(asks_count)',
  asked_cents: sumCentsSql('asks_total'),
} as const;
export type CallAggregate = keyof typeof CALL_AGGREGATES;

/** Aggregates over the single asks `x` of a group's calls. */
export const ASK_AGGREGATES = {
  asks: 'count(*)',
  asked_cents: sumCentsSql('x'),
  ask_median: 'percentile_cont(0.5) WITHIN GROUP (ORDER BY x)',
  ask_max: 'max(x)',
} as const;
export type AskAggregate = keyof typeof ASK_AGGREGATES;

/** A group value's order, nulls last; text values carry their code-point collation (dimensionSql). */
export const orderSql = (expr: string, desc: boolean): string => `${expr} ${desc ? 'DESC' : 'ASC'} NULLS LAST`;
