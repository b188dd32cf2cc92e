// Numbers and times formatted for people: thousands separators, percentages, dollars, UTC.

const int = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const dec1 = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const usdCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const usdCompact = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const pct = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

export const DASH = '—';

const ok = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

export const fmtInt = (v: number | null | undefined) => (ok(v) ? int.format(v) : DASH);
export const fmtNum = (v: number | null | undefined) => (ok(v) ? dec1.format(v) : DASH);
export const fmtCompact = (v: number | null | undefined) => (ok(v) ? (Math.abs(v) < 10_000 ? int.format(v) : compact.format(v)) : DASH);
export const fmtPct = (v: number | null | undefined) => (ok(v) ? pct.format(v) : DASH);
/** Whole dollars; cents only when the amount has them and is small. */
export const fmtUsd = (v: number | null | undefined) =>
  ok(v) ? (Math.abs(v) < 100 && !Number.isInteger(v) ? usdCents.format(v) : usd.format(v)) : DASH;
export const fmtUsdCompact = (v: number | null | undefined) => (ok(v) ? (Math.abs(v) < 100_000 ? usd.format(v) : usdCompact.format(v)) : DASH);

/** 389 → "6m 29s"; 7260 → "2h 1m". */
export function fmtDuration(sec: number | null | undefined): string {
  if (!ok(sec)) return DASH;
  const s = Math.round(sec);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${s % 60}s`;
  return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const pad = (n: number) => String(n).padStart(2, '0');

function parse(iso: string | Date | null | undefined): Date | null {
  if (!iso) return null;
  const d = iso instanceof Date ? iso : new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "Nov 22, 18:30 UTC" — every time on the dashboard is UTC, like the API. */
export function fmtDateTime(iso: string | Date | null | undefined, opts: { seconds?: boolean; year?: boolean } = {}): string {
  const d = parse(iso);
  if (!d) return DASH;
  const year = opts.year ? ` ${d.getUTCFullYear()}` : '';
  const sec = opts.seconds ? `:${pad(d.getUTCSeconds())}` : '';
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}${year}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}${sec} UTC`;
}

export function fmtDate(iso: string | Date | null | undefined): string {
  const d = parse(iso);
  return d ? `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}` : DASH;
}

export function fmtTime(iso: string | Date | null | undefined): string {
  const d = parse(iso);
  return d ? `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}` : DASH;
}

/** "3 min ago" style, for live data. */
export function fmtAgo(iso: string | null | undefined, now = Date.now()): string {
  const d = parse(iso);
  if (!d) return DASH;
  const s = Math.max(0, Math.round((now - d.getTime()) / 1000));
  if (s < 60) return `${s}s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  return `${Math.floor(s / 3600)} h ago`;
}

/** "caller_hung_up_normal" → "Caller hung up normal". */
export function humanize(name: string): string {
  const s = name.replace(/_/g, ' ').trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export const plural = (n: number, one: string, many = `${one}s`) => `${fmtInt(n)} ${n === 1 ? one : many}`;
