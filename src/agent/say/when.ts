// Instants as people read them in an answer: "Wed Nov 18, 2026 14:05 UTC", windows as
// "Nov 11, 2026 16:00 UTC to Nov 18, 2026 16:00 UTC". Every part is the tool result's own
// timestamp, only written out (all UTC, like the API).

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** "Nov 18, 2026" (with the weekday when asked: "Wed Nov 18, 2026"). */
export function fmtDay(iso: string, weekday = false): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${weekday ? `${DAYS[d.getUTCDay()]} ` : ''}${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/** "Wed Nov 18, 2026 14:05 UTC"; a midnight bound of a window is just the day. */
export function fmtWhen(iso: string, weekday = true): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const time = `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
  return `${fmtDay(iso, weekday)} ${time} UTC`;
}

/**
 * A window's bounds: "Nov 11, 2026 16:00 UTC to Nov 18, 2026 16:00 UTC", "Nov 16, 2026 to Nov 18, 2026 16:00 UTC".
 * A midnight end is not in the window (the API's end is exclusive), so it keeps its time: "Oct 1, 2026 to
 * Nov 1, 2026 00:00 UTC" cannot be read as holding Nov 1. Only the results' own timestamps are written.
 */
export function fmtSpan(startIso: string, endIso: string): string {
  const bound = (iso: string) => (/T00:00:00Z$/.test(iso) ? fmtDay(iso) : fmtWhen(iso, false));
  return `${bound(startIso)} to ${fmtWhen(endIso, false)}`;
}

/** "14:00–15:00 UTC" for an hour of the day. */
export const fmtHourOfDay = (h: number) => `${two(h)}:00–${two((h + 1) % 24)}:00 UTC`;

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
