// Numbers and times formatted for people: thousands separators, percentages, dollars, and
// times in UTC (like the API) or in the browser's time zone when the user switches to it.

const int = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const dec1 = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const usdCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const usdCompact = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });
const pct = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

export const DASH = '—';

const ok = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

export const fmtInt = (v: number | null | undefined) => (ok(v) ? int.format(v) : DASH);
export const fmtNum = (v: number | null | undefined) => (ok(v) ? dec1.format(v) : DASH);
export const fmtPct = (v: number | null | undefined) => (ok(v) ? pct.format(v) : DASH);
/** Whole dollars; cents only when the amount has them and is small. */
export const fmtUsd = (v: number | null | undefined) =>
  ok(v) ? (Math.abs(v) < 100 && !Number.isInteger(v) ? usdCents.format(v) : usd.format(v)) : DASH;
export const fmtUsdCompact = (v: number | null | undefined) =>
  ok(v) ? (Math.abs(v) < 100_000 ? usd.format(v) : usdCompact.format(v)) : DASH;

/**
 * A relative change, one decimal: 0.1234 → "+12.3%", −0.05 → "−5%". The sign is always
 * shown (a true minus sign), so "no change" reads "0%".
 */
export function fmtChange(ratio: number): string {
  const r = Math.round(ratio * 1000) / 10;
  if (r === 0) return '0%';
  return `${r > 0 ? '+' : '−'}${dec1.format(Math.abs(r))}%`;
}

/** 389 → "6m 29s"; 7260 → "2h 1m". */
export function fmtDuration(sec: number | null | undefined): string {
  if (!ok(sec)) return DASH;
  const s = Math.round(sec);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${s % 60}s`;
  return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
}

/** Axis ticks for durations: seconds while short, minutes once long ("45 s", "7.5 min"). */
export function fmtDurationShort(sec: number | null | undefined): string {
  if (!ok(sec)) return DASH;
  if (Math.abs(sec) < 120) return `${int.format(sec)} s`;
  return `${dec1.format(sec / 60)} min`;
}

/**
 * One caller-ID format: NANP numbers (10 digits, or 11 with the leading 1, with or without
 * "+") as "(555) 123-4567"; anything else (international, "anonymous", "Restricted") as given.
 */
export function fmtCallerId(v: string | null | undefined): string {
  if (v === null || v === undefined || v.trim() === '') return DASH;
  const s = v.trim();
  if (!/^\+?[\d\s().-]+$/.test(s)) return s;
  let d = s.replace(/\D/g, '');
  if (s.startsWith('+') && !d.startsWith('1')) return s;
  if (d.length === 11 && d.startsWith('1')) d = d.slice(1);
  if (d.length !== 10) return s;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

// ------------------------------------------------------------------ time zone

export type TimeZoneMode = 'utc' | 'local';
let tzMode: TimeZoneMode = 'utc';

/** Set by the window provider from the URL (`tz=local`); every time below follows it. */
export function setTimeZoneMode(m: TimeZoneMode): void {
  tzMode = m;
}
export const timeZoneMode = () => tzMode;

/** "UTC", or the browser zone's short name ("EST", "GMT+2"). */
export function tzLabel(at: Date = new Date()): string {
  if (tzMode === 'utc') return 'UTC';
  const part = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' }).formatToParts(at).find((p) => p.type === 'timeZoneName');
  return part?.value ?? 'local time';
}

/** The browser's IANA zone name, for the switch's label ("Europe/Paris"). */
export const localZoneName = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'local time';

interface Parts {
  y: number;
  mo: number;
  d: number;
  wd: number;
  h: number;
  mi: number;
  s: number;
}

function partsOf(d: Date): Parts {
  return tzMode === 'utc'
    ? {
        y: d.getUTCFullYear(),
        mo: d.getUTCMonth(),
        d: d.getUTCDate(),
        wd: d.getUTCDay(),
        h: d.getUTCHours(),
        mi: d.getUTCMinutes(),
        s: d.getUTCSeconds(),
      }
    : { y: d.getFullYear(), mo: d.getMonth(), d: d.getDate(), wd: d.getDay(), h: d.getHours(), mi: d.getMinutes(), s: d.getSeconds() };
}

/** The calendar day of an instant in the chosen zone, "YYYY-MM-DD". */
export function dayKey(iso: string | Date): string {
  const p = partsOf(iso instanceof Date ? iso : new Date(iso));
  return `${p.y}-${pad(p.mo + 1)}-${pad(p.d)}`;
}

/** Minutes since midnight of an instant in the chosen zone. */
export function minuteOfDay(iso: string | Date): number {
  const p = partsOf(iso instanceof Date ? iso : new Date(iso));
  return p.h * 60 + p.mi;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
function pad(n: number) {
  return String(n).padStart(2, '0');
}

function parse(iso: string | Date | null | undefined): Date | null {
  if (!iso) return null;
  const d = iso instanceof Date ? iso : new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "Nov 22, 18:30 UTC" (or the local zone's name when the user chose local time). */
export function fmtDateTime(
  iso: string | Date | null | undefined,
  opts: { seconds?: boolean; year?: boolean; zone?: boolean } = {},
): string {
  const d = parse(iso);
  if (!d) return DASH;
  const p = partsOf(d);
  const year = opts.year ? ` ${p.y}` : '';
  const sec = opts.seconds ? `:${pad(p.s)}` : '';
  const zone = opts.zone === false ? '' : ` ${tzLabel(d)}`;
  return `${MONTHS[p.mo]} ${p.d}${year}, ${pad(p.h)}:${pad(p.mi)}${sec}${zone}`;
}

export function fmtDate(iso: string | Date | null | undefined): string {
  const d = parse(iso);
  if (!d) return DASH;
  const p = partsOf(d);
  return `${DAYS[p.wd]} ${MONTHS[p.mo]} ${p.d}`;
}

export function fmtTime(iso: string | Date | null | undefined): string {
  const d = parse(iso);
  if (!d) return DASH;
  const p = partsOf(d);
  return `${pad(p.h)}:${pad(p.mi)}`;
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
