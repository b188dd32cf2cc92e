// The identifier rows of calls (migration 17): computed in JavaScript beside the call rows,
// stored in the same transaction as their calls, replaced with them on re-ingest.

import { identifiersOf, type LinkSource } from '../../domain/campaigns/identifiers.js';
import type { Db } from '../db.js';

/** Rows of call_identifiers, in its column order: org_id, call_sid, started_at, kind, value. */
export function identifierRows(orgId: string, callSid: string, startedAt: number, call: LinkSource): unknown[][] {
  return identifiersOf(call).map((i) => [orgId, callSid, startedAt, i.kind, i.value]);
}

const createStage = 'CREATE TEMP TABLE IF NOT EXISTS call_identifiers_stage AS SELECT * FROM call_identifiers LIMIT 0';

/**
 * Inside the ingest transaction, after the calls: the rows of the replaced calls out
 * (`replaced`: some call of the batch was stored before; `sids`: the batch's call_sids), the
 * batch's rows in through the engine's bulk path.
 */
export async function storeIdentifierRows(
  tx: Db,
  orgId: string,
  rows: readonly unknown[][],
  replaced: boolean,
  sids: string[],
): Promise<void> {
  if (replaced) await deleteIdentifierRows(tx, orgId, sids);
  if (rows.length === 0) return;
  await tx.run(createStage);
  await tx.run('TRUNCATE call_identifiers_stage');
  await tx.appendRows('call_identifiers_stage', rows);
  await tx.run('INSERT INTO call_identifiers SELECT * FROM call_identifiers_stage');
  await tx.run('DELETE FROM call_identifiers_stage');
}

async function deleteIdentifierRows(tx: Db, orgId: string, sids: string[]): Promise<void> {
  await tx.run(
    tx.dialect === 'duckdb'
      ? 'DELETE FROM call_identifiers WHERE org_id = $1 AND call_sid IN (SELECT call_sid FROM calls_stage)'
      : 'DELETE FROM call_identifiers WHERE org_id = $1 AND call_sid = ANY(CAST($2 AS TEXT[]))',
    tx.dialect === 'duckdb' ? [orgId] : [orgId, sids],
  );
}
