// A list of call_sids of any length as ONE parameter: the sids joined by commas (a call_sid has
// none, CONTRACT §5), split by the engine. A parameter per sid would stop at PostgreSQL's
// 65,535, and DuckDB binds no array.

import type { Dialect, Params } from '../db.js';

export const callSidInList = (dialect: Dialect, sids: readonly string[], params: Params, column = 'call_sid'): string =>
  sids.length === 0
    ? 'FALSE'
    : dialect === 'duckdb'
      ? `${column} IN (SELECT unnest(string_split(${params.p(sids.join(','))}, ',')))`
      : `${column} = ANY(string_to_array(${params.p(sids.join(','))}, ','))`;
