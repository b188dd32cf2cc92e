// When demo calls arrive: US Eastern business hours and a weekday rhythm, as weighted UTC-hour
// slots, and the RFC 3339 timestamps of the records.

import { DAY_MS, HOUR_MS } from '../domain/window.js';
import { Rng } from './random.js';

// Relative call volume by Eastern hour: overseas call centres work US business hours.
const ET_HOUR_PROFILE = [
  0.15, 0.1, 0.08, 0.07, 0.08, 0.15, 0.3, 0.55, 0.85, 1.0, 1.0, 1.0, 0.9, 0.95, 1.0, 1.0, 0.95, 0.85, 0.6, 0.45, 0.35, 0.28, 0.22, 0.18,
];
// Sunday … Saturday (Eastern): weekends run at ~40% of a weekday.
const ET_DOW_FACTOR = [0.4, 1.05, 1.0, 1.0, 1.0, 0.92, 0.4];

/** US Eastern offset in hours (-4 in daylight time, -5 otherwise), rules since 2007. */
function easternOffsetHours(utcMs: number): number {
  const y = new Date(utcMs).getUTCFullYear();
  const march1 = new Date(Date.UTC(y, 2, 1)).getUTCDay();
  const nov1 = new Date(Date.UTC(y, 10, 1)).getUTCDay();
  const dstStart = Date.UTC(y, 2, 1 + ((7 - march1) % 7) + 7, 7); // 2nd Sunday of March, 2:00 EST
  const dstEnd = Date.UTC(y, 10, 1 + ((7 - nov1) % 7), 6); // 1st Sunday of November, 2:00 EDT
  return utcMs >= dstStart && utcMs < dstEnd ? -4 : -5;
}

interface Slot {
  startSec: number;
  endSec: number;
  weight: number;
}

/**
 * UTC-hour slots covering [startSec, endSec) with their expected share of calls. The
 * noise comes from a fresh stream each time, so two passes see identical weights.
 */
export function* arrivalSlots(startSec: number, endSec: number, seed: number): Generator<Slot> {
  const noise = Rng.derive(seed, 'arrivals.noise');
  let etDay = Number.NaN;
  let dayFactor = 1;
  for (let s = startSec; s < endSec;) {
    const next = Math.min(endSec, (Math.floor(s / 3600) + 1) * 3600);
    const ms = s * 1000;
    const etMs = ms + easternOffsetHours(ms) * HOUR_MS;
    const day = Math.floor(etMs / DAY_MS);
    if (day !== etDay) {
      etDay = day;
      const dow = (((day + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
      // Day-to-day swing, plus the odd robocall blast day.
      dayFactor = ET_DOW_FACTOR[dow] * noise.lognormal(1, 0.1) * (noise.chance(0.03) ? 1.8 : 1);
    }
    const hour = Math.floor(etMs / HOUR_MS) % 24;
    const weight = ET_HOUR_PROFILE[hour] * dayFactor * noise.lognormal(1, 0.15) * ((next - s) / 3600);
    yield { startSec: s, endSec: next, weight };
    s = next;
  }
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
let cachedDay = Number.NaN;
let cachedDayPrefix = '';

/** `YYYY-MM-DDTHH:MM:SSZ`; the date part is cached because calls arrive in order. */
export function rfc3339(sec: number): string {
  const day = Math.floor(sec / 86400);
  if (day !== cachedDay) {
    cachedDay = day;
    cachedDayPrefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
  }
  const rem = sec - day * 86400;
  const h = Math.floor(rem / 3600);
  const m = Math.floor((rem % 3600) / 60);
  return cachedDayPrefix + TWO_DIGITS[h] + ':' + TWO_DIGITS[m] + ':' + TWO_DIGITS[rem % 60] + 'Z';
}
