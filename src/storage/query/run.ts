// Run stage of the query pipeline (docs/query.md): the statement of a query over one window,
// run, and its rows shaped into figures; with `compare`, the same query over the earlier
// window, matched to the rows by their dimension values (by position for instants).

import { validationFailed } from '../../errors.js';
import { DIMENSION_FIELDS, QUERY_LIMITS, WEEKDAYS, isDimensionField, type BaseMetric, type Dimension } from '../../domain/query/catalog.js';
import { type Metric, type OrderTerm, type Query } from '../../domain/query/parse.js';
import { formatWithOffset, instantOfLocal, offsetIn } from '../../domain/query/zone.js';
import type { Principal } from '../../domain/principal.js';
import { DAY_MS, HOUR_MS, type Window } from '../../domain/window.js';
import { num, numOrNull, Params, type Db, type Row } from '../db.js';
import { dollarsFromCents } from '../queries/money.js';
import { campaignCallsOf, type CampaignCalls } from './campaignFilter.js';
import { planQuery } from './plan.js';
import { rollupGroupsSql } from './rollupSql.js';
import {
  ASK_AGGREGATES,
  CALL_AGGREGATES,
  askConditionSql,
  askConditions,
  dimensionSql,
  localTime,
  QUARTER_MS,
  orderSql,
  whereSql,
  type ConditionContext,
  type AskAggregate,
  type CallAggregate,
  type LocalTime,
} from './sql.js';

type DimensionValue = string | number | boolean | null;

interface QueryRow {
  dimensions: DimensionValue[];
  metrics: (number | null)[];
  comparison?: { metrics: (number | null)[]; change: (number | null)[] };
}

export interface QueryAnswer {
  results: QueryRow[];
  /** Groups before paging. */
  totalRows: number;
  /** Calls in all groups before paging (for shares of a total, e.g. top-N's pct_of_total). */
  totalCalls: number;
}

/** What each metric reads: aggregates over the group's calls, and over its single asks. */
const METRIC_READS: Record<BaseMetric, { call?: CallAggregate[]; ask?: AskAggregate[] }> = {
  calls_received: { call: ['n'] },
  cleanly_closed: { call: ['cleanly'] },
  hooked_calls: { call: ['hooked'] },
  hook_rate: { call: ['n', 'hooked'] },
  avg_call_duration_sec: { call: ['n', 'dur_sum'] },
  median_call_duration_sec: { call: ['dur_median'] },
  max_call_duration_sec: { call: ['dur_max'] },
  p90_call_duration_sec: { call: ['dur_p90'] },
  insights_produced: { call: ['insights'] },
  high_confidence_insights: { call: ['high_conf'] },
  avg_auditor_confidence: { call: ['conf_sum', 'conf_n'] },
  tier1_calls: { call: ['t1'] },
  tier2_calls: { call: ['t2'] },
  tier3_calls: { call: ['t3'] },
  total_dollars_dangled: { call: ['dangled_cents'] },
  total_dollars_asked: { call: ['asked_cents'] },
  asks: { call: ['asks'] },
  mean_dollar_ask: { call: ['asks', 'asked_cents'] },
  median_dollar_ask: { ask: ['ask_median'] },
  max_single_ask: { ask: ['ask_max'] },
};

/**
 * The aggregates a query reads. With asks narrowed by a dollar_ask filter, the asks and their
 * total come from the matching single asks instead of the calls' own count and total.
 */
function aggregatesOf(metrics: readonly Metric[], narrowed: boolean): { call: Set<CallAggregate>; ask: Set<AskAggregate> } {
  const call = new Set<CallAggregate>(['n']);
  const ask = new Set<AskAggregate>();
  for (const m of metrics) {
    if (m.kind === 'distinct') continue;
    const reads = METRIC_READS[m.name];
    for (const a of reads.call ?? []) {
      if (narrowed && (a === 'asks' || a === 'asked_cents')) ask.add(a);
      else call.add(a);
    }
    reads.ask?.forEach((a) => ask.add(a));
  }
  return { call, ask };
}

const zero = (v: unknown) => numOrNull(v) ?? 0;
const dbl = (e: string) => `CAST(${e} AS DOUBLE PRECISION)`;

/** A metric's figure from a row of aggregates (absent aggregates: a group without calls). */
function figure(m: Metric, r: Row, i: number): number | null {
  if (m.kind === 'distinct') return zero(r[`distinct_${i}`]);
  const n = zero(r.n);
  switch (m.name) {
    case 'calls_received':
      return n;
    case 'cleanly_closed':
      return zero(r.cleanly);
    case 'hooked_calls':
      return zero(r.hooked);
    case 'hook_rate':
      return n === 0 ? 0 : zero(r.hooked) / n;
    case 'avg_call_duration_sec':
      return n === 0 ? null : zero(r.dur_sum) / n;
    case 'median_call_duration_sec':
      return numOrNull(r.dur_median);
    case 'max_call_duration_sec':
      return numOrNull(r.dur_max);
    case 'p90_call_duration_sec':
      return numOrNull(r.dur_p90);
    case 'insights_produced':
      return zero(r.insights);
    case 'high_confidence_insights':
      return zero(r.high_conf);
    case 'avg_auditor_confidence':
      return zero(r.conf_n) === 0 ? null : num(r.conf_sum) / num(r.conf_n);
    case 'tier1_calls':
      return zero(r.t1);
    case 'tier2_calls':
      return zero(r.t2);
    case 'tier3_calls':
      return zero(r.t3);
    case 'total_dollars_dangled':
      return dollarsFromCents(r.dangled_cents) ?? 0;
    case 'total_dollars_asked':
      return dollarsFromCents(r.asked_cents) ?? 0;
    case 'asks':
      return zero(r.asks);
    case 'mean_dollar_ask':
      return zero(r.asks) === 0 ? null : Number(r.asked_cents) / zero(r.asks) / 100;
    case 'median_dollar_ask':
      // The middle asks are amounts to the cent: twice their mean in cents is a whole number.
      return r.ask_median === null || r.ask_median === undefined ? null : dollarsFromCents(Math.round(num(r.ask_median) * 200) / 2);
    case 'max_single_ask':
      return r.ask_max === null || r.ask_max === undefined ? null : dollarsFromCents(Math.round(num(r.ask_max) * 100));
  }
}

/** Metrics that are null without values (the rest are 0, so they sort as 0, not as null). */
const NULLABLE: readonly BaseMetric[] = [
  'median_call_duration_sec',
  'max_call_duration_sec',
  'p90_call_duration_sec',
  'median_dollar_ask',
  'max_single_ask',
];

/** SQL ordering a metric, over the aliases of the final SELECT, as figure() writes it. */
function metricOrderExpr(m: Metric, i: number): string {
  if (m.kind === 'distinct') return `distinct_${i}`;
  const z = (a: string) => `coalesce(${a}, 0)`;
  switch (m.name) {
    case 'calls_received':
      return 'n';
    case 'hook_rate':
      return `coalesce(${dbl('hooked')} / NULLIF(n, 0), 0)`;
    case 'avg_call_duration_sec':
      return `${dbl('dur_sum')} / NULLIF(n, 0)`;
    case 'avg_auditor_confidence':
      return `conf_sum / NULLIF(conf_n, 0)`;
    case 'mean_dollar_ask':
      return `${dbl('asked_cents')} / NULLIF(asks, 0)`;
    default: {
      const reads = METRIC_READS[m.name];
      const alias = (reads.call ?? reads.ask ?? [])[0];
      return NULLABLE.includes(m.name) ? alias : z(alias);
    }
  }
}

/**
 * The ORDER BY of a query: the asked terms, then the default (time asc, calls desc, fields asc);
 * `bare` when every term is an alias of the grouped SELECT (which may then order itself).
 */
function orderBySql(q: Query): { sql: string; bare: boolean } {
  const terms: string[] = [];
  let bare = true;
  const seen = new Set<string>();
  const add = (key: string, sql: string) => {
    if (seen.has(key)) return;
    terms.push(sql);
    seen.add(key);
  };
  const dim = (i: number, desc: boolean) => add(`d${i}`, orderSql(`d${i}`, desc));
  for (const t of q.orderBy as OrderTerm[]) {
    if (t.kind === 'dimension') dim(t.index, t.desc);
    else {
      const expr = metricOrderExpr(q.metrics[t.index], t.index);
      bare &&= /^\w+$/.test(expr);
      add(`m${t.index}`, orderSql(expr, t.desc));
    }
  }
  q.dimensions.forEach((d, i) => {
    if (!isDimensionField(d)) dim(i, false);
  });
  add('n', 'n DESC');
  q.dimensions.forEach((d, i) => {
    if (isDimensionField(d)) dim(i, false);
  });
  return { sql: terms.join(', '), bare };
}

interface Statement {
  sql: string;
  params: unknown[];
  lt: LocalTime;
}

/**
 * The grouped rows of `w` read from the calls: dimension values d0…, then the aggregates. With
 * ask aggregates, the calls and their single asks are two passes over the window's calls, each
 * reading only its columns, joined by the group (one pass through a shared CTE made DuckDB
 * materialise every column of the window's calls, transcripts included).
 */
function callGroupsSql(principal: Principal, q: Query, w: Window, lt: LocalTime, p: Params, ctx: ConditionContext): string {
  const dims = () => q.dimensions.map((d, i) => `${dimensionSql(d, lt, w, p)} AS d${i}`);
  const dimAliases = q.dimensions.map((_, i) => `d${i}`);
  const narrowing = askConditions(q.filters);
  const { call: callAggs, ask: askAggs } = aggregatesOf(q.metrics, narrowing.length > 0);
  const distincts = q.metrics.flatMap((m, i) => (m.kind === 'distinct' ? [`count(DISTINCT ${m.field}) AS distinct_${i}`] : []));
  // By position, the dimensions being the first columns: grouping by the aliases cost DuckDB
  // ~0.08 ms more a read (5 % of a 7-day timeseries), the same statement otherwise.
  const groupBy = dimAliases.length ? ` GROUP BY ${dimAliases.map((_, i) => i + 1).join(', ')}` : '';
  // The plain grouped query over the calls, as one would write it by hand.
  const select = [...dims(), ...[...callAggs].map((a) => `${CALL_AGGREGATES[a]} AS ${a}`), ...distincts];
  const calls = `SELECT ${select.join(', ')} FROM calls WHERE ${whereSql(principal, q, w, p, ctx)}${groupBy}`;
  if (!askAggs.size) return calls;
  const askWhere = narrowing.length ? ` WHERE ${askConditionSql(narrowing, p, 'x')}` : '';
  const singles = `SELECT ${[...dims(), 'unnest(dollar_asks) AS x'].join(', ')} FROM calls WHERE ${whereSql(principal, q, w, p, ctx)} AND asks_count > 0`;
  const askCols = [...dimAliases, ...[...askAggs].map((a) => `${ASK_AGGREGATES[a]} AS ${a}`)];
  const on = dimAliases.length ? dimAliases.map((d) => `g.${d} IS NOT DISTINCT FROM a.${d}`).join(' AND ') : 'TRUE';
  const joined = [
    ...dimAliases.map((d) => `g.${d} AS ${d}`),
    ...[...callAggs].map((a) => `g.${a} AS ${a}`),
    ...q.metrics.flatMap((m, i) => (m.kind === 'distinct' ? [`g.distinct_${i} AS distinct_${i}`] : [])),
    ...[...askAggs].map((a) => `a.${a} AS ${a}`),
  ];
  return `WITH g AS (${calls}),
    a AS (SELECT ${askCols.join(', ')} FROM (${singles}) u${askWhere}${groupBy})
    SELECT ${joined.join(', ')} FROM g LEFT JOIN a ON ${on}`;
}

/**
 * One statement: the groups of `w` with their aggregates, ordered (unless `ordered` is false:
 * the caller orders or matches them itself), paged. A page that may not hold every group also
 * carries the group and call counts of all of them (`counted`); a read of every group leaves
 * them out, as its rows hold them.
 */
function statement(
  db: Db,
  principal: Principal,
  q: Query,
  w: Window,
  campaigns: CampaignCalls | null,
  page: { limit: number; offset: number },
  counted: boolean,
  ordered = true,
): Statement {
  const p = new Params();
  const lt = localTime(q, w);
  const plan = planQuery(db.dialect, principal, q, w);
  const groups =
    plan.source === 'calls'
      ? callGroupsSql(principal, q, w, lt, p, { dialect: db.dialect, campaigns })
      : rollupGroupsSql(db, principal, w, p, plan, aggregatesOf(q.metrics, false).call);
  const order = orderBySql(q);
  // A read of every group needs no LIMIT when the groups cannot pass it (a preset's time buckets).
  const bounded = page.offset === 0 && groupBound(q.dimensions, w) < page.limit;
  const paging = bounded ? '' : `LIMIT ${p.p(page.limit)} OFFSET ${p.p(page.offset)}`;
  // The grouped SELECT orders and pages itself when nothing is computed over its rows: the
  // wrapping query cost DuckDB ~0.1–0.3 ms, a tenth of a 24-hour read.
  // The totals are uncorrelated scalar subqueries (run once: PostgreSQL's InitPlan), not
  // count(*)/sum(n) OVER (), nor a join to an aggregate (PostgreSQL re-ran that aggregate for
  // every row of a nested loop: 5 s for 10,000 groups instead of 20 ms). DuckDB 1.5.5
  // intermittently fails such a window over a filtered, empty input with an internal error that
  // invalidates the database (duckdb/duckdb#25713).
  const sql = !ordered
    ? `${groups} ${paging}`
    : !counted && order.bare
      ? `${groups} ORDER BY ${order.sql} ${paging}`
      : !counted
        ? `SELECT r.* FROM (${groups}) r ORDER BY ${order.sql} ${paging}`
        : `WITH r AS (${groups}) SELECT r.*, (SELECT count(*) FROM r) AS total_rows, (SELECT sum(n) FROM r) AS total_calls FROM r ORDER BY ${order.sql} ${paging}`;
  return { sql, params: p.values, lt };
}

/** Every group of a window, and one more to tell a result past the bound. */
const EVERY_GROUP = { limit: QUERY_LIMITS.maxRows + 1, offset: 0 };

/** The shortest local bucket of each time dimension that counts from the window (DST days are 23 h). */
const SHORTEST_BUCKET_MS: Partial<Record<Dimension, number>> = {
  'time:15min': QUARTER_MS,
  'time:hour': HOUR_MS,
  'time:day': DAY_MS - HOUR_MS,
  'time:week': 7 * DAY_MS - HOUR_MS,
  'time:month': 28 * DAY_MS - HOUR_MS,
};

/**
 * At most how many groups the dimensions can make over `w`: time buckets are bounded by the
 * window, weekdays and hours of day by the clock; a field's values are not (Infinity).
 */
function groupBound(dimensions: readonly Dimension[], w: Window): number {
  const span = w.end.getTime() - w.start.getTime();
  return dimensions.reduce((bound, d) => {
    if (d === 'time:weekday') return bound * 7;
    if (d === 'time:hour_of_day') return bound * 24;
    const shortest = SHORTEST_BUCKET_MS[d];
    return shortest ? bound * (Math.ceil(span / shortest) + 2) : Infinity;
  }, 1);
}

/** A group's values, and its key for matching with the comparison window (when asked). */
interface Group {
  values: DimensionValue[];
  key: string;
}

/**
 * How time bucket values come out: as the API writes them (RFC 3339 with the zone's offset), or
 * as the bucket's first instant in epoch ms, for callers that place rows by time (the
 * timeseries presets: formatting thousands of buckets only to parse them again cost more than
 * their query).
 */
type TimeValues = 'text' | 'instants';

/** A dimension's value in a row, and its key for matching with the comparison window. */
interface ValueReader {
  value(raw: unknown): DimensionValue;
  key(raw: unknown, value: DimensionValue): string;
}

const byValue = (_raw: unknown, value: DimensionValue) => JSON.stringify(value);

/**
 * The reader of a statement's groups, made once per statement: each dimension's conversion is
 * chosen once, not per row (a 30-day arrivals preset reads 2,880 rows).
 */
function groupReader(q: Query, lt: LocalTime, w: Window, times: TimeValues): (r: Row, keyed: boolean) => Group {
  const readers: ValueReader[] = q.dimensions.map((d): ValueReader => {
    if (isDimensionField(d)) {
      return {
        value: (raw) => (raw === null || raw === undefined ? null : typeof raw === 'bigint' ? Number(raw) : (raw as DimensionValue)),
        key: byValue,
      };
    }
    // Weekdays and hours of day are matched by value; the other buckets by their place in the window.
    if (d === 'time:weekday') return { value: (raw) => WEEKDAYS[Math.round(num(raw) / DAY_MS)], key: byValue };
    if (d === 'time:hour_of_day') return { value: (raw) => Math.round(num(raw) / HOUR_MS), key: byValue };
    const key = (raw: unknown) => String(position(d, num(raw), lt, w));
    if (d === 'time:hour' || d === 'time:15min')
      return { value: times === 'instants' ? num : (raw) => formatWithOffset(num(raw), offsetIn(lt.stamps, num(raw))), key };
    return {
      value: (raw) => {
        const instant = instantOfLocal(lt.stamps, num(raw));
        return times === 'instants' ? instant : formatWithOffset(instant, offsetIn(lt.stamps, instant));
      },
      key,
    };
  });
  const columns = readers.map((_, i) => `d${i}`);
  return (r, keyed) => {
    const values: DimensionValue[] = new Array(readers.length);
    const keys: string[] = keyed ? new Array(readers.length) : [];
    for (let i = 0; i < readers.length; i++) {
      const raw = r[columns[i]];
      values[i] = readers[i].value(raw);
      if (keyed) keys[i] = readers[i].key(raw, values[i]);
    }
    return { values, key: keys.join('|') };
  };
}

/** The bucket's index counted from the bucket holding the window's start. */
function position(d: Dimension, x: number, lt: LocalTime, w: Window): number {
  const start = w.start.getTime();
  const localStart = start + offsetIn(lt.stamps, start);
  const floor = (v: number, m: number, at = 0) => v - ((((v - at) % m) + m) % m);
  switch (d) {
    case 'time:15min':
      return Math.round((x - floor(start, QUARTER_MS, start - localStart)) / QUARTER_MS);
    case 'time:hour':
      return Math.round((x - floor(start, HOUR_MS, start - localStart)) / HOUR_MS);
    case 'time:day':
      return Math.round((x - floor(localStart, DAY_MS)) / DAY_MS);
    case 'time:week':
      return Math.round((x - floor(localStart, 7 * DAY_MS, 4 * DAY_MS)) / (7 * DAY_MS));
    default: {
      const a = new Date(localStart);
      const b = new Date(x);
      return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth();
    }
  }
}

const EMPTY: Row = {};

/** Null last; text by UTF-8 bytes (the engines' binary and "C" collations); the rest as numbers (false < true). */
function compareValues(a: unknown, b: unknown, text: boolean): number {
  if (a === null || a === undefined) return b === null || b === undefined ? 0 : 1;
  if (b === null || b === undefined) return -1;
  if (text) return Buffer.compare(Buffer.from(String(a)), Buffer.from(String(b)));
  return num(typeof a === 'boolean' ? Number(a) : a) - num(typeof b === 'boolean' ? Number(b) : b);
}

/**
 * Rows in the default order of groups (time ascending, calls descending, then fields ascending,
 * as orderBySql writes it), for reads of every group sorted here. Time and calls are read as
 * numbers once per row, not per comparison (2,880 quarter hours are ~30,000 comparisons).
 */
function inDefaultOrder(rows: Row[], dimensions: readonly Dimension[]): Row[] {
  const time = dimensions.flatMap((d, i) => (isDimensionField(d) ? [] : [i]));
  const fields = dimensions.flatMap((d, i) => (isDimensionField(d) ? [[i, DIMENSION_FIELDS[d] === 'text'] as const] : []));
  const keyed = rows.map((r) => ({ r, t: time.map((i) => num(r[`d${i}`])), n: zero(r.n) }));
  keyed.sort((a, b) => {
    for (let k = 0; k < a.t.length; k++) {
      if (a.t[k] !== b.t[k]) return a.t[k] - b.t[k];
    }
    if (a.n !== b.n) return b.n - a.n;
    for (const [i, text] of fields) {
      const c = compareValues(a.r[`d${i}`], b.r[`d${i}`], text);
      if (c !== 0) return c;
    }
    return 0;
  });
  return keyed.map((k) => k.r);
}

/**
 * How a caller takes the rows: time values as text or instants, and whether it places each row
 * itself (a timeseries puts each in its bucket), so needs them in no order.
 */
export interface ReadAs {
  times?: TimeValues;
  placed?: boolean;
}

/** Runs a parsed query for a principal: the table decision, the statement, the figures. */
export async function runQuery(
  db: Db,
  principal: Principal,
  q: Query,
  { times = 'text', placed = false }: ReadAs = {},
): Promise<QueryAnswer> {
  // A query asking for every group (the presets) reads them all and counts them itself.
  const whole = q.offset === 0 && q.limit >= QUERY_LIMITS.maxRows;
  // Every group in the default order is sorted here: an ORDER BY of a few hundred rows cost
  // DuckDB a sort pipeline (~20 % of a 24-hour read). A caller that places the rows itself gets
  // them in no order.
  const defaultOrder = whole && q.orderBy.length === 0;
  const sortHere = defaultOrder && !placed;
  const campaigns = await campaignCallsOf(db, principal, q.filters, q.window);
  const main = statement(
    db,
    principal,
    q,
    q.window,
    campaigns,
    whole ? EVERY_GROUP : { limit: q.limit, offset: q.offset },
    !whole,
    !defaultOrder,
  );
  const read = await db.all(main.sql, main.params);
  const rows = sortHere ? inDefaultOrder(read, q.dimensions) : read;
  let totalRows: number;
  let totalCalls: number;
  if (whole) {
    totalRows = rows.length;
    totalCalls = rows.reduce((sum, r) => sum + zero(r.n), 0);
  } else {
    let totals = rows[0];
    if (!rows.length && q.offset > 0) {
      // Past the last page: count the groups without paging.
      const all = statement(db, principal, q, q.window, campaigns, { limit: 1, offset: 0 }, true);
      [totals] = await db.all(all.sql, all.params);
    }
    totalRows = totals ? num(totals.total_rows) : 0;
    totalCalls = totals ? zero(totals.total_calls) : 0;
  }
  if (totalRows > QUERY_LIMITS.maxRows) {
    throw validationFailed(
      `The query has ${totalRows} groups; at most ${QUERY_LIMITS.maxRows}. Narrow it with filters, fewer dimensions or a shorter window.`,
      [{ path: 'dimensions', message: `at most ${QUERY_LIMITS.maxRows} groups` }],
    );
  }
  const groupOf = groupReader(q, main.lt, q.window, times);
  const results: QueryRow[] = rows.map((r) => ({
    dimensions: groupOf(r, false).values,
    metrics: q.metrics.map((m, i) => figure(m, r, i)),
  }));
  if (q.compare) {
    // Matched to the rows by key: no order needed.
    const cmp = statement(
      db,
      principal,
      q,
      q.compare,
      await campaignCallsOf(db, principal, q.filters, q.compare),
      EVERY_GROUP,
      false,
      false,
    );
    const before = new Map<string, Row>();
    const earlierGroupOf = groupReader(q, cmp.lt, q.compare, times);
    for (const r of await db.all(cmp.sql, cmp.params)) before.set(earlierGroupOf(r, true).key, r);
    rows.forEach((r, i) => {
      const earlier = before.get(groupOf(r, true).key) ?? EMPTY;
      const metrics = q.metrics.map((m, j) => figure(m, earlier, j));
      const change = results[i].metrics.map((v, j) => {
        const e = metrics[j];
        return v === null || e === null || e === 0 ? null : (v - e) / e;
      });
      results[i].comparison = { metrics, change };
    });
  }
  return { results, totalRows, totalCalls };
}
