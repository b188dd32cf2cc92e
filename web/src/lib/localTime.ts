// datetime-local fields ("2026-11-20T14:30") read and written in the zone the dashboard shows
// (UTC or the browser's), so what a person types is what the charts' axes say.

import { timeZoneMode } from './format';

/** A datetime-local value as an instant (RFC 3339 UTC), or null when it is not one. */
export function instantOf(local: string): string | null {
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d$/.test(local)) return null;
  const ms = timeZoneMode() === 'utc' ? Date.parse(`${local}:00Z`) : new Date(local).getTime();
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

/** An instant as a datetime-local value in the zone shown (whole minutes). */
export function localInputOf(ms: number): string {
  const d = new Date(ms);
  if (timeZoneMode() === 'utc') return d.toISOString().slice(0, 16);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}
