// RFC 4180 CSV cells and records, with spreadsheet-formula neutralisation (CONTRACT §8).

/** Leading characters a spreadsheet may read as the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Characters that force a field into quotes (RFC 4180 §2.6). */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One field: null → empty; a value starting with `=`, `+`, `-`, `@`, tab or CR gets a
 * leading `'` so spreadsheets show it as text; then quoted (quotes doubled) when it holds a
 * comma, quote, CR or LF.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let s = String(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One record, CRLF-terminated (RFC 4180 §2.1). */
export function csvRecord(values: readonly (string | number | null)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
