import { normaliseBankName } from '../../domain/indicators/bankNames.js';
import type { Db } from '../db.js';
import { refillRollups } from './006-daily-rollups.js';
import type { Migration } from './migration.js';

/**
 * Calls stored before ingest gave each known bank one spelling keep the caller's ("Chase",
 * "Bank of America, N.A."), so top-N and the Tier-1 table counted one bank under several
 * names. Rewrites them to the one spelling of domain/indicators/bankNames and, on PostgreSQL,
 * refills the rollups, which count calls per bank name. Returns how many names changed.
 */
export async function normaliseStoredBankNames(db: Db): Promise<number> {
  const names = await db.all<{ name: string }>('SELECT DISTINCT mule_bank_name AS name FROM calls WHERE mule_bank_name IS NOT NULL');
  const renamed = names.map((r) => [r.name, normaliseBankName(r.name)]).filter(([from, to]) => from !== to);
  for (const [from, to] of renamed) {
    await db.run('UPDATE calls SET mule_bank_name = $1 WHERE mule_bank_name = $2', [to, from]);
  }
  if (renamed.length > 0) await refillRollups(db);
  return renamed.length;
}

export const migration013: Migration = {
  version: 13,
  name: 'mule bank names in one spelling',
  sql: () => [],
  run: normaliseStoredBankNames,
};
