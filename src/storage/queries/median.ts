// Exact medians from value counts: accumulate the counts in value order and pick the middle
// position(s). Durations are whole seconds and asks are mostly round amounts, so the groups
// are few and this is about twice as fast as percentile_cont over every row; it stays exact
// for any data (the mean of the two middle values for an even count).

/**
 * SELECT returning `median` and `max` (both null when there are no values) of the values
 * counted by `counts`: a subquery yielding `x` (a value) and `c` (how often it occurs; one
 * value may appear in several rows). One SQL text for both engines; the middle values are cast
 * to DOUBLE PRECISION before they are averaged, so the mean of two integers is not an integer
 * division on PostgreSQL.
 */
export function medianAndMaxSql(counts: string): string {
  const dbl = (e: string) => `CAST(${e} AS DOUBLE PRECISION)`;
  return `WITH v AS (SELECT x, sum(c) AS c FROM (${counts}) s GROUP BY 1),
    w AS (SELECT x, sum(c) OVER (ORDER BY x) AS cum, (SELECT sum(c) FROM v) AS n FROM v)
    SELECT (${dbl('min(x) FILTER (WHERE cum >= floor((n + 1) / 2))')} + ${dbl('min(x) FILTER (WHERE cum >= floor(n / 2) + 1)')}) / 2 AS median,
      ${dbl('max(x)')} AS max
    FROM w`;
}
