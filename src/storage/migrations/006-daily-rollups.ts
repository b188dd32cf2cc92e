import type { Db } from '../db.js';
import type { Migration } from './migration.js';

// The UTC day and the 16-day block (from 1970-01-01) of a call's started_at, also before 1970.
const DAY = '(started_at - ((started_at % 86400000) + 86400000) % 86400000)';
const BLOCK = '(started_at - ((started_at % 1382400000) + 1382400000) % 1382400000)';

/**
 * Fills the (empty) rollup tables from every stored call, as migration 6 left them (refillRollups
 * runs it again). Money in whole cents (as ingest stores it), summed exactly.
 */
const FILL_ROLLUPS = [
  `INSERT INTO call_days (org_id, day, flags, calls, duration_sum, confidence_sum, confidence_n, asked, dangled)
   SELECT org_id, ${DAY}, flags, count(*), sum(duration_sec),
     coalesce(sum(CAST(auditor_confidence AS DECIMAL(38, 9))), 0), count(auditor_confidence),
     coalesce(sum(CAST(CAST(asks_total * 100 AS BIGINT) AS DECIMAL(38, 9)) / 100), 0),
     coalesce(sum(CAST(CAST(dollars_dangled * 100 AS BIGINT) AS DECIMAL(38, 9)) / 100), 0)
   FROM calls GROUP BY 1, 2, 3`,
  `INSERT INTO duration_counts (org_id, period_days, period_start, duration_sec, calls)
   SELECT org_id, 1, ${DAY}, duration_sec, count(*) FROM calls GROUP BY 1, 3, 4
   UNION ALL
   SELECT org_id, 16, ${BLOCK}, duration_sec, count(*) FROM calls GROUP BY 1, 3, 4`,
  `INSERT INTO ask_counts (org_id, period_days, period_start, amount, asks)
   SELECT org_id, 1, day, amount, count(*) FROM (SELECT org_id, ${DAY} AS day, unnest(dollar_asks) AS amount FROM calls WHERE asks_count > 0) a
   GROUP BY 1, 3, 4
   UNION ALL
   SELECT org_id, 16, block, amount, count(*) FROM (SELECT org_id, ${BLOCK} AS block, unnest(dollar_asks) AS amount FROM calls WHERE asks_count > 0) a
   GROUP BY 1, 3, 4`,
  // One row per call and labelled column that has a value; caller_state also per area code.
  `INSERT INTO label_counts (org_id, dim, period_days, period_start, label, detail, calls)
   WITH labels AS (
     SELECT c.org_id, ${DAY} AS day, ${BLOCK} AS block, u.dim, u.label, u.detail
     FROM calls c CROSS JOIN LATERAL (VALUES
       ('impersonated_brand', c.impersonated_brand, ''), ('lure_category', c.lure_category, ''),
       ('payment_method', c.payment_method, ''), ('impersonated_government_agency', c.impersonated_government_agency, ''),
       ('mule_bank_name', c.mule_bank_name, ''), ('mule_bank_routing_number', c.mule_bank_routing_number, ''),
       ('crypto_chain', c.crypto_chain, ''), ('gift_card_brand', c.gift_card_brand, ''),
       ('remote_desktop_app', c.remote_desktop_app, ''), ('synthetic_org', c.synthetic_org, ''),
       ('fake_agent_name', c.fake_agent_name, ''), ('disconnect_reason', c.disconnect_reason, ''),
       ('caller_state', c.caller_state, coalesce(c.caller_area_code, ''))
     ) AS u(dim, label, detail)
     WHERE u.label IS NOT NULL
   )
   SELECT org_id, dim, 1, day, label, detail, count(*) FROM labels GROUP BY 1, 2, 4, 5, 6
   UNION ALL
   SELECT org_id, dim, 16, block, label, detail, count(*) FROM labels GROUP BY 1, 2, 4, 5, 6`,
];

/**
 * PostgreSQL: empties the rollups and fills them again from the calls, for a data step that
 * changed values they count. Readers see the old rollups until the migration commits.
 */
export async function refillRollups(db: Db): Promise<void> {
  if (db.dialect !== 'postgres') return;
  await db.run('LOCK TABLE calls IN SHARE MODE');
  for (const table of ['call_days', 'duration_counts', 'ask_counts', 'label_counts']) await db.run(`DELETE FROM ${table}`);
  // The hourly rollups (migration 14), when this runs after it: emptied, reads fill them again.
  const [{ hourly }] = await db.all<{ hourly: string | null }>("SELECT to_regclass('hour_fills') AS hourly");
  if (hourly) {
    await db.run('LOCK TABLE hour_fills IN SHARE MODE'); // waits for fills reading the calls before this change
    for (const table of ['hour_fills', 'call_hours']) await db.run(`DELETE FROM ${table}`);
  }
  for (const sql of FILL_ROLLUPS) await db.run(sql);
}

export const migration006: Migration = {
  version: 6,
  name: 'daily rollups of calls',
  // PostgreSQL only (src/storage/rollups/layout.ts says why); kept by every ingest from then on.
  sql: (dialect) =>
    dialect === 'postgres'
      ? [
          `CREATE TABLE call_days (
            org_id TEXT NOT NULL,
            day BIGINT NOT NULL,
            flags SMALLINT NOT NULL,
            calls BIGINT NOT NULL,
            duration_sum BIGINT NOT NULL,
            confidence_sum DECIMAL(38, 9) NOT NULL,
            confidence_n BIGINT NOT NULL,
            asked DECIMAL(38, 9) NOT NULL,
            dangled DECIMAL(38, 9) NOT NULL,
            PRIMARY KEY (org_id, day, flags)
          )`,
          `CREATE TABLE duration_counts (
            org_id TEXT NOT NULL,
            period_days SMALLINT NOT NULL,
            period_start BIGINT NOT NULL,
            duration_sec INTEGER NOT NULL,
            calls BIGINT NOT NULL,
            PRIMARY KEY (org_id, period_days, period_start, duration_sec)
          )`,
          // detail: the area code for caller_state ('' when unknown), '' for every other column.
          `CREATE TABLE label_counts (
            org_id TEXT NOT NULL,
            dim TEXT NOT NULL,
            period_days SMALLINT NOT NULL,
            period_start BIGINT NOT NULL,
            label TEXT NOT NULL,
            detail TEXT NOT NULL,
            calls BIGINT NOT NULL,
            PRIMARY KEY (org_id, dim, period_days, period_start, label, detail)
          )`,
          `CREATE TABLE ask_counts (
            org_id TEXT NOT NULL,
            period_days SMALLINT NOT NULL,
            period_start BIGINT NOT NULL,
            amount DOUBLE PRECISION NOT NULL,
            asks BIGINT NOT NULL,
            PRIMARY KEY (org_id, period_days, period_start, amount)
          )`,
          ...FILL_ROLLUPS,
        ]
      : [],
};
