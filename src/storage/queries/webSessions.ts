// Dashboard sign-in sessions: an opaque random token in an HttpOnly cookie, stored here only
// as its SHA-256 hash, naming the API key it was opened with. The key's own state (revoked,
// its org's tier, its scope) is read through the join on every lookup.

import { randomBytes } from 'node:crypto';
import type { Db } from '../db.js';
import { hashKey, keyLookup, KEY_LOOKUP_COLUMNS, type KeyLookup } from './orgs.js';

/** How long a session lasts from sign-in. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** Sessions kept per key; older ones end when a new one opens. */
const SESSIONS_PER_KEY = 50;

export async function openSession(db: Db, keyId: string, now: number): Promise<string> {
  const token = `hps_${randomBytes(32).toString('base64url')}`;
  await db.tx(async (tx) => {
    await tx.run('DELETE FROM web_sessions WHERE expires_at <= $1', [now]);
    await tx.run('INSERT INTO web_sessions (token_hash, key_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
      hashKey(token),
      keyId,
      now,
      now + SESSION_TTL_MS,
    ]);
    await tx.run(
      `DELETE FROM web_sessions WHERE key_id = $1 AND token_hash NOT IN (
         SELECT token_hash FROM web_sessions WHERE key_id = $1 ORDER BY created_at DESC, token_hash LIMIT $2)`,
      [keyId, SESSIONS_PER_KEY],
    );
  });
  return token;
}

/** The key behind a live session, or null (unknown, expired, or not a session token). */
export async function findSessionKey(db: Db, token: string, now: number): Promise<KeyLookup | null> {
  if (!/^hps_[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const rows = await db.all(
    `SELECT ${KEY_LOOKUP_COLUMNS} FROM web_sessions s
     JOIN api_keys k ON k.id = s.key_id JOIN orgs o ON o.id = k.org_id
     WHERE s.token_hash = $1 AND s.expires_at > $2`,
    [hashKey(token), now],
  );
  return rows.length ? keyLookup(rows[0]) : null;
}

/** Ends a session; false when there was none. */
export async function closeSession(db: Db, token: string): Promise<boolean> {
  // In a transaction: a plain read (db.all) runs in a transaction that is rolled back on DuckDB.
  const rows = await db.tx((tx) => tx.all('DELETE FROM web_sessions WHERE token_hash = $1 RETURNING key_id', [hashKey(token)]));
  return rows.length > 0;
}
