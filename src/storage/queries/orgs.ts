// Organisations and API keys: plain CRUD. Keys are stored only as SHA-256 hashes; a key has
// at least 32 random bytes, so a fast hash is the right tool (no password stretching needed).

import { createHash, randomBytes } from 'node:crypto';
import { newId } from '../../domain/ids.js';
import type { KeyRole, OrgTier } from '../../domain/principal.js';
import type { Scope } from '../../domain/scope.js';
import type { Db } from '../db.js';

export interface Org {
  id: string;
  name: string;
  tier: OrgTier;
  created_at: number;
}

export interface ApiKeyRecord {
  id: string;
  org_id: string;
  name: string;
  role: KeyRole;
  scope: Scope | null;
  created_at: number;
  revoked_at: number | null;
}

export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');
const newKeySecret = () => `hpk_${randomBytes(32).toString('base64url')}`;

export async function createOrg(db: Db, name: string, tier: OrgTier): Promise<Org> {
  const org: Org = { id: newId('org'), name, tier, created_at: Date.now() };
  await db.run('INSERT INTO orgs (id, name, tier, created_at) VALUES ($1, $2, $3, $4)', [org.id, org.name, org.tier, org.created_at]);
  return org;
}

export function listOrgs(db: Db): Promise<Org[]> {
  return db.all<Org>('SELECT id, name, tier, created_at FROM orgs ORDER BY created_at, id');
}

/**
 * Runs `create` in one transaction only while the store has no org; null when it has one. On
 * PostgreSQL the transaction holds an advisory lock, so of several instances starting together
 * on an empty database exactly one creates and the others find its org.
 */
export function whenNoOrgs<T>(db: Db, create: (tx: Db) => Promise<T>): Promise<T | null> {
  return db.withLock('firstOrg', '', async (tx) => {
    if ((await listOrgs(tx)).length > 0) return null;
    return create(tx);
  });
}

export async function getOrg(db: Db, id: string): Promise<Org | null> {
  const rows = await db.all<Org>('SELECT id, name, tier, created_at FROM orgs WHERE id = $1', [id]);
  return rows[0] ?? null;
}

export async function setOrgTier(db: Db, id: string, tier: OrgTier): Promise<Org | null> {
  await db.run('UPDATE orgs SET tier = $1 WHERE id = $2', [tier, id]);
  return getOrg(db, id);
}

function toKey(r: Record<string, unknown>): ApiKeyRecord {
  return {
    id: r.id as string,
    org_id: r.org_id as string,
    name: r.name as string,
    role: r.role as KeyRole,
    scope: r.scope_json ? (JSON.parse(r.scope_json as string) as Scope) : null,
    created_at: r.created_at as number,
    revoked_at: (r.revoked_at as number | null) ?? null,
  };
}

const KEY_COLUMNS = 'id, org_id, name, role, scope_json, created_at, revoked_at';

export async function createKey(
  db: Db,
  orgId: string,
  input: { name: string; role: KeyRole; scope: Scope | null },
): Promise<{ record: ApiKeyRecord; secret: string }> {
  const secret = newKeySecret();
  const record: ApiKeyRecord = {
    id: newId('key'),
    org_id: orgId,
    name: input.name,
    role: input.role,
    scope: input.scope,
    created_at: Date.now(),
    revoked_at: null,
  };
  await db.run(
    `INSERT INTO api_keys (id, org_id, name, role, scope_json, key_hash, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [record.id, orgId, record.name, record.role, input.scope ? JSON.stringify(input.scope) : null, hashKey(secret), record.created_at],
  );
  return { record, secret };
}

export async function listKeys(db: Db, orgId: string): Promise<ApiKeyRecord[]> {
  const rows = await db.all(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE org_id = $1 ORDER BY created_at, id`, [orgId]);
  return rows.map(toKey);
}

/** Revokes a key; false when it does not exist. Revoking twice is harmless. */
export async function revokeKey(db: Db, keyId: string): Promise<boolean> {
  return db.tx(async (tx) => {
    const rows = await tx.all('SELECT id FROM api_keys WHERE id = $1', [keyId]);
    if (rows.length === 0) return false;
    await tx.run('UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $1) WHERE id = $2', [Date.now(), keyId]);
    return true;
  });
}

export interface KeyLookup {
  key: ApiKeyRecord;
  tier: OrgTier;
}

/** The columns keyLookup() reads: a key joined with its org as `k` and `o`. */
export const KEY_LOOKUP_COLUMNS = 'k.id, k.org_id, k.name, k.role, k.scope_json, k.created_at, k.revoked_at, o.tier';

export const keyLookup = (r: Record<string, unknown>): KeyLookup => ({ key: toKey(r), tier: r.tier as OrgTier });

export async function findKeyBySecret(db: Db, secret: string): Promise<KeyLookup | null> {
  const rows = await db.all(`SELECT ${KEY_LOOKUP_COLUMNS} FROM api_keys k JOIN orgs o ON o.id = k.org_id WHERE k.key_hash = $1`, [
    hashKey(secret),
  ]);
  return rows.length ? keyLookup(rows[0]) : null;
}

export async function getKey(db: Db, id: string): Promise<ApiKeyRecord | null> {
  const rows = await db.all(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE id = $1`, [id]);
  return rows.length ? toKey(rows[0]) : null;
}
