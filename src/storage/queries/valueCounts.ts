// Value counts of columns the top-N endpoint does not rank (CONTRACT §6 ranks names that
// recur): personas, caller IDs, and the identifying intel (accounts, holders, wallets, URLs, drop
// addresses), which the agent counts to find values seen in more than one call. Read from
// the calls (no rollup keeps them), with the same order and pct_of_total as top-N.

import type { Principal } from '../../domain/principal.js';
import type { Window } from '../../domain/window.js';
import { num, Params, type Db } from '../db.js';
import { windowWhere } from './summary.js';
import { byCodePoint } from './textOrder.js';
import type { TopnItem } from './topn.js';

export const COUNTED_COLUMNS = [
  'persona',
  'caller_id',
  'mule_bank_account_number',
  'mule_account_holder_name',
  'crypto_wallet_address',
  'phishing_url',
  'physical_mule_drop_address',
] as const;
export type CountedColumn = (typeof COUNTED_COLUMNS)[number];

/**
 * The `n` most frequent values of `column` with at least `minCount` calls each, how many such
 * values there are, and how many calls have a value at all (0 when none qualifies).
 */
export async function valueCounts(
  db: Db,
  principal: Principal,
  w: Window,
  column: CountedColumn,
  n: number,
  minCount = 1,
): Promise<{ items: TopnItem[]; distinct: number; withValue: number }> {
  if (!(COUNTED_COLUMNS as readonly string[]).includes(column)) throw new Error(`not a counted column: ${column}`);
  const p = new Params();
  const rows = await db.all(
    `WITH counted AS (
       SELECT ${column} AS label, count(*) AS count FROM calls WHERE ${windowWhere(principal, w, p)} AND ${column} IS NOT NULL GROUP BY 1
     )
     SELECT label, count, (SELECT CAST(sum(count) AS DOUBLE PRECISION) FROM counted) AS total,
       (SELECT count(*) FROM counted WHERE count >= ${p.p(minCount)}) AS distinct_values
     FROM counted WHERE count >= ${p.p(minCount)}
     ORDER BY count DESC, ${byCodePoint('label')}
     LIMIT ${p.p(n)}`,
    p.values,
  );
  return {
    items: rows.map((r) => ({ label: String(r.label), count: num(r.count), pct_of_total: num(r.count) / num(r.total) })),
    distinct: rows.length ? num(rows[0].distinct_values) : 0,
    withValue: rows.length ? num(rows[0].total) : 0,
  };
}
