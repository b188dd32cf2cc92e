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

/** Separates the values of valueInList's parameter (normalised values do not hold it). */
const VALUE_SEP = '\u0001';

/**
 * Like callSidInList for identifier values (which may hold commas): one parameter split at
 * VALUE_SEP; a value that holds it after all gets a parameter of its own.
 */
export const valueInList = (dialect: Dialect, values: readonly string[], params: Params, column = 'value'): string => {
  const list = values.filter((v) => !v.includes(VALUE_SEP));
  const odd = values.filter((v) => v.includes(VALUE_SEP));
  const parts = odd.length > 0 ? [`${column} IN (${odd.map((v) => params.p(v)).join(', ')})`] : [];
  if (list.length > 0)
    parts.push(
      dialect === 'duckdb'
        ? `${column} IN (SELECT unnest(string_split(${params.p(list.join(VALUE_SEP))}, ${params.p(VALUE_SEP)})))`
        : `${column} = ANY(string_to_array(${params.p(list.join(VALUE_SEP))}, ${params.p(VALUE_SEP)}))`,
    );
  return parts.length === 0 ? 'FALSE' : `(${parts.join(' OR ')})`;
};
