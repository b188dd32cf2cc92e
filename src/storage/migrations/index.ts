// Versioned schema, applied in order at start-up. Each migration is one file of frozen SQL
// (migration.ts). Times are epoch milliseconds (BIGINT): bucket arithmetic is then the same
// integer maths on both engines, with no time-zone settings involved.

import type { Db } from '../db.js';
import type { Migration } from './migration.js';
import { migration001 } from './001-orgs-keys-calls.js';
import { migration002 } from './002-webhooks-alerts.js';
import { migration003 } from './003-agent-turns.js';
import { migration004 } from './004-summary-flags.js';
import { migration005 } from './005-calls-by-org-time.js';
import { migration006 } from './006-daily-rollups.js';
import { migration007 } from './007-caller-geography.js';
import { migration008 } from './008-saved-search-scopes.js';
import { migration009 } from './009-webhook-attempt-errors.js';
import { migration010 } from './010-web-sessions.js';
import { migration011 } from './011-alert-rules-enabled.js';
import { migration012 } from './012-calls-by-sid.js';
import { migration013 } from './013-bank-name-spelling.js';
import { migration014 } from './014-hourly-rollups.js';
import { migration016 } from './016-org-tlp.js';
import { migration017 } from './017-campaigns.js';
import { migration018 } from './018-annotations-views.js';
import { migration019 } from './019-campaign-announcements.js';
import { migration020 } from './020-campaign-members.js';
import { migration021 } from './021-retention.js';
import { migration022 } from './022-campaign-pending.js';
import { migration023 } from './023-script-bands.js';
import { migration024 } from './024-campaign-links.js';
import { migration025 } from './025-campaign-signals.js';
import { migration026 } from './026-weak-carriers.js';

export const MIGRATIONS: Migration[] = [
  migration001,
  migration002,
  migration003,
  migration004,
  migration005,
  migration006,
  migration007,
  migration008,
  migration009,
  migration010,
  migration011,
  migration012,
  migration013,
  migration014,
  migration016,
  migration017,
  migration018,
  migration019,
  migration020,
  migration021,
  migration022,
  migration023,
  migration024,
  migration025,
  migration026,
];

/**
 * Applies the pending migrations. PostgreSQL: in one transaction holding the migrations lock,
 * so instances starting together wait for each other and the second finds nothing left to do.
 */
export function migrate(db: Db): Promise<number[]> {
  return db.withLock('migrations', '', applyPending);
}

async function applyPending(db: Db): Promise<number[]> {
  await db.run(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at BIGINT NOT NULL
  )`);
  const done = new Set((await db.all<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => r.version));
  const applied: number[] = [];
  for (const m of MIGRATIONS) {
    if (done.has(m.version)) continue;
    await db.tx(async (tx) => {
      for (const stmt of m.sql(db.dialect)) await tx.run(stmt);
      await m.run?.(tx);
      await tx.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [m.version, m.name, Date.now()]);
    });
    applied.push(m.version);
  }
  return applied;
}
