// One step of the versioned schema. A migration is frozen once released: its SQL is literal
// text in its own file, never built from code that later changes (the rollups or the intel
// fields may change; a database migrated last year must still end up where a new one does).

import type { Db, Dialect } from '../db.js';

export interface Migration {
  version: number;
  name: string;
  /** Literal SQL; where the engines differ, each gets its own statements. */
  sql: (dialect: Dialect) => string[];
  /**
   * A data step that needs a domain rule per row (an area code's state, a canonical scope);
   * runs after `sql`, in the same transaction.
   */
  run?: (db: Db) => Promise<unknown>;
}
