// Text order of every figure (CONTRACT §6): by Unicode code point, the same on both engines.
//
// PostgreSQL sorts by the database's locale unless told `COLLATE "C"` (byte order, which for
// UTF-8 is code-point order). DuckDB compares UTF-8 bytes by default and accepts "C" as the
// same binary collation (checked on DuckDB 1.5), so one SQL text serves both engines, and it
// stays code-point order even if someone sets DuckDB's `default_collation`.

/** `expr` ordered/compared by Unicode code point on every engine. */
export const byCodePoint = (expr: string): string => `${expr} COLLATE "C"`;
