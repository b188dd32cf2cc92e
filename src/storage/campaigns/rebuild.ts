// `honeypot campaigns rebuild` and migration 17: every identifier row recomputed from the
// stored calls, then the org's kept components from them (not in migration 17: their table
// comes with migration 20), one org at a time under the org's ingest lock (an ingest of that
// org waits).

import type { TranscriptTurn } from '../../domain/call.js';
import { num, type Db } from '../db.js';
import { byCodePoint } from '../queries/textOrder.js';
import { identifierRows, storeIdentifierRows } from './identifierRows.js';
import { rebuildOrgMembers } from './upkeep.js';

const PAGE = 2_000;

export interface RebuildResult {
  orgs: number;
  calls: number;
  identifiers: number;
}

/** Recomputes the identifier rows of one org's calls, or of every org's, and (`members`) their components. */
export async function rebuildIdentifiers(db: Db, orgId?: string, { members = true } = {}): Promise<RebuildResult> {
  const orgs =
    orgId !== undefined
      ? [orgId]
      : (await db.all<{ org_id: string }>('SELECT DISTINCT org_id FROM calls ORDER BY org_id')).map((r) => r.org_id);
  const total: RebuildResult = { orgs: orgs.length, calls: 0, identifiers: 0 };
  for (const org of orgs) {
    const r = await db.withLock('orgCalls', org, async (tx) => {
      const done = await rebuildOrg(tx, org);
      if (members) await rebuildOrgMembers(tx, org);
      return done;
    });
    total.calls += r.calls;
    total.identifiers += r.identifiers;
  }
  return total;
}

async function rebuildOrg(tx: Db, orgId: string): Promise<{ calls: number; identifiers: number }> {
  await tx.run('DELETE FROM call_identifiers WHERE org_id = $1', [orgId]);
  let after = '';
  let calls = 0;
  let identifiers = 0;
  for (;;) {
    const page = await tx.all(
      `SELECT call_sid, started_at, caller_id, transcript_json, has_extraction, mule_bank_routing_number, mule_bank_account_number,
         crypto_wallet_address, physical_mule_drop_address, phishing_url, synthetic_org, fake_agent_name
       FROM calls WHERE org_id = $1 AND ${byCodePoint('call_sid')} > $2 ORDER BY ${byCodePoint('call_sid')} LIMIT $3`,
      [orgId, after, PAGE],
    );
    if (page.length === 0) break;
    const rows: unknown[][] = [];
    for (const c of page) {
      const str = (v: unknown) => (v === null || v === undefined ? null : (v as string));
      rows.push(
        ...identifierRows(orgId, c.call_sid as string, num(c.started_at), {
          caller_id: str(c.caller_id),
          transcript: c.transcript_json ? (JSON.parse(c.transcript_json as string) as TranscriptTurn[]) : [],
          extraction: c.has_extraction
            ? {
                mule_bank_routing_number: str(c.mule_bank_routing_number),
                mule_bank_account_number: str(c.mule_bank_account_number),
                crypto_wallet_address: str(c.crypto_wallet_address),
                physical_mule_drop_address: str(c.physical_mule_drop_address),
                phishing_url: str(c.phishing_url),
                synthetic_org: str(c.synthetic_org),
                fake_agent_name: str(c.fake_agent_name),
              }
            : null,
        }),
      );
    }
    await storeIdentifierRows(tx, orgId, rows, false, []);
    calls += page.length;
    identifiers += rows.length;
    after = page[page.length - 1].call_sid as string;
  }
  return { calls, identifiers };
}
