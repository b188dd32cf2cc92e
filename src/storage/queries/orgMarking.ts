// An organisation's TLP (migration 16): the marking of its STIX objects and MISP event. Plain
// values here; src/intel/stix/markings.ts reads them (null: the default).

import { num, type Db } from '../db.js';

export interface OrgTlpRow {
  tlp: string | null;
  /** Epoch ms of the last change; null when never set. */
  setAt: number | null;
}

export async function orgTlpOf(db: Db, orgId: string): Promise<OrgTlpRow> {
  const [row] = await db.all('SELECT tlp, tlp_set_at FROM orgs WHERE id = $1', [orgId]);
  return {
    tlp: typeof row?.tlp === 'string' ? row.tlp : null,
    setAt: row?.tlp_set_at === null || row?.tlp_set_at === undefined ? null : num(row.tlp_set_at),
  };
}

/** Sets the TLP (a level validated above) and when it changed. */
export async function setOrgTlp(db: Db, orgId: string, tlp: string, now: number): Promise<void> {
  await db.run('UPDATE orgs SET tlp = $1, tlp_set_at = $2 WHERE id = $3', [tlp, now, orgId]);
}
