// The layout of the rollups: which engine keeps them, what they count, how periods are cut.
// Rollups of each org's calls are kept exact at ingest (deltas.ts), so figures over long windows
// read a few rows per day instead of every call (window.ts, counts.ts). PostgreSQL only: DuckDB
// scans a year of 1M calls in under 50 ms by its columns, and keeping the rollups there cost
// more than half its ingest speed (20.6k → 8.9k calls/s) and doubled its memory (bench, 1M calls).
//
//   call_days        (org, UTC day, flags) → calls, duration sum, confidence sum and count,
//                    dollars asked and dangled
//   duration_counts  (org, period, duration_sec) → calls      exact duration medians, histogram
//   ask_counts       (org, period, amount) → asks             exact ask medians, histogram
//   label_counts     (org, period, column, value, area code) → calls
//                    top-N, disconnect reasons, attacker geography (LABEL_COLUMNS)
//
// The tables are created by migration 6 (src/storage/migrations/006-daily-rollups.ts).
// Hours are rolled up too, but lazily: call_hours (call_days per hour) and label_counts with
// period_days 0, filled by reads and dropped by ingest (hourFills.ts, migration 14), so a
// 24-hour window reads a few rows per hour without ingest paying for them.
// A period is a UTC day or a 16-day block (aligned on 1970-01-01): value counts repeat little
// from day to day (a year of 1M calls holds 295k (day, duration) pairs but 45k (block,
// duration) pairs), so a long window reads whole blocks, then whole days, then raw calls.
// Medians over value counts are exact. Money and confidence sums are DECIMAL, so adding and
// later subtracting a call (a re-ingest) leaves no rounding behind.

import { RANKED_FIELDS } from '../../domain/call.js';
import type { Dialect } from '../db.js';

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
/** period_days of an hour's value counts (filled by reads, see hourFills.ts). */
export const HOUR_PERIOD = 0;

/** Whether an engine keeps (and reads) the rollups. */
export const keepsRollups = (dialect: Dialect): boolean => dialect === 'postgres';

/** The text columns counted per value in label_counts; caller_state also per area code. */
export const LABEL_COLUMNS = [...RANKED_FIELDS, 'disconnect_reason', 'caller_state'] as const;
export type LabelColumn = (typeof LABEL_COLUMNS)[number];

/** The periods of the value-count tables, in days, longest first. */
export const COUNT_PERIODS = [16, 1] as const;

export const ROLLUP_TABLE_NAMES = ['call_days', 'duration_counts', 'ask_counts', 'label_counts'] as const;

/** The start (epoch ms) of the `ms`-long period holding an epoch-ms column, also before 1970. */
export const startOfSql = (col: string, ms: number) => `(${col} - ((${col} % ${ms}) + ${ms}) % ${ms})`;

/** The start (epoch ms) of the period of `days` days holding an epoch-ms column, also before 1970. */
export const periodStartSql = (col: string, days: number) => startOfSql(col, days * DAY_MS);
