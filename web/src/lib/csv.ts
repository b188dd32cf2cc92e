// A table as a CSV file the browser saves: what a panel shows, for a spreadsheet.

export type CsvCell = string | number | boolean | null | undefined;

/**
 * RFC 4180 text: every field quoted when it must be. Text that a spreadsheet would read as a
 * formula (= + - @, tab, carriage return first) is prefixed with ' (values come from calls).
 */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  const cell = (v: CsvCell) => {
    if (v === null || v === undefined) return '';
    if (typeof v !== 'string') return String(v);
    const s = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

export function saveCsv(fileName: string, text: string): void {
  saveFile(fileName, new Blob([text], { type: 'text/csv;charset=utf-8' }));
}

/** Saves a blob under a file name (an object URL and a download link). */
export function saveFile(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
