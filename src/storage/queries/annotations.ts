// Annotations: a moment of the org's time line marked with a note (an outage, a persona change,
// a takedown), drawn on the dashboard's time charts. They keep the scope of the key that wrote
// them (storage/owned.ts): an unscoped key sees every one of its org, a scoped key those written
// with exactly its scope.

import { newId } from '../../domain/ids.js';
import type { Principal } from '../../domain/principal.js';
import { scopeJson } from '../../domain/scope.js';
import type { Window } from '../../domain/window.js';
import { num, Params, type Db, type Row } from '../db.js';
import { deleteOwned, ownedWhere } from '../owned.js';

export const MAX_ANNOTATIONS_PER_ORG = 5000;

export interface Annotation {
  id: string;
  at: number;
  text: string;
  created_by: { key_id: string; name: string };
  created_at: number;
}

const toAnnotation = (r: Row): Annotation => ({
  id: r.id as string,
  at: num(r.marked_at),
  text: r.text as string,
  created_by: { key_id: r.created_by_key_id as string, name: r.created_by_name as string },
  created_at: num(r.created_at),
});

/** The annotations the principal sees with `at` in the window, oldest first (ties by id). */
export async function listAnnotations(db: Db, principal: Principal, w: Pick<Window, 'start' | 'end'>): Promise<Annotation[]> {
  const p = new Params();
  const rows = await db.all(
    `SELECT id, marked_at, text, created_by_key_id, created_by_name, created_at FROM annotations
     WHERE ${ownedWhere(principal, p)} AND marked_at >= ${p.p(w.start.getTime())} AND marked_at < ${p.p(w.end.getTime())}
     ORDER BY marked_at, id LIMIT ${p.p(MAX_ANNOTATIONS_PER_ORG)}`,
    p.values,
  );
  return rows.map(toAnnotation);
}

/** A new annotation by the principal's key, or null once the org holds MAX_ANNOTATIONS_PER_ORG. */
export function addAnnotation(db: Db, principal: Principal, input: { at: number; text: string }, now: number): Promise<Annotation | null> {
  return db.withLock('orgRecords', principal.orgId, async (tx) => {
    const [{ n }] = await tx.all('SELECT count(*) AS n FROM annotations WHERE org_id = $1', [principal.orgId]);
    if (Number(n) >= MAX_ANNOTATIONS_PER_ORG) return null;
    const [key] = await tx.all('SELECT name FROM api_keys WHERE id = $1 AND org_id = $2', [principal.keyId, principal.orgId]);
    const record: Annotation = {
      id: newId('ann'),
      at: input.at,
      text: input.text,
      created_by: { key_id: principal.keyId, name: (key?.name as string | undefined) ?? principal.keyId },
      created_at: now,
    };
    await tx.run(
      `INSERT INTO annotations (org_id, id, marked_at, text, scope_json, created_by_key_id, created_by_name, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        principal.orgId,
        record.id,
        record.at,
        record.text,
        scopeJson(principal.scope),
        record.created_by.key_id,
        record.created_by.name,
        now,
      ],
    );
    return record;
  });
}

/** True when deleted; false when the org has no such id or it is outside the principal's scope. */
export function deleteAnnotation(db: Db, principal: Principal, id: string): Promise<boolean> {
  return db.tx((tx) => deleteOwned(tx, principal, 'annotations', id));
}
