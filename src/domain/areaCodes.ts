// Caller ID -> NANP area code -> US state/territory (two-letter USPS code).
// The data is in nanpAreaCodes.ts; this module only parses and looks up.

import { NANP_AREA_CODE_STATES } from './nanpAreaCodes.js';

export interface NanpNumber {
  /** The three-digit area code (NPA), e.g. "202". */
  areaCode: string;
  /** The ten-digit national number, digits only, e.g. "2025550143". */
  number: string;
}

/** Characters people and carriers put in phone numbers for readability. */
const FORMATTING = /[\s\-.()]/g;
/**
 * Ten digits whose area code (NPA) starts with 2-9. The exchange is not checked: CONTRACT §6
 * maps by area code alone, and only real geographic codes are in the map.
 */
const NANP_NATIONAL = /^[2-9]\d{9}$/;

/**
 * Parses a caller ID as a North American (+1) number.
 *
 * Accepted, after removing spaces, '-', '.', '(' and ')':
 *   - "+1" followed by exactly 10 digits;
 *   - 10 bare digits;
 *   - 11 bare digits whose first digit is 1.
 * The area code must start with 2-9; the exchange may be anything. Anything else (letters,
 * other country codes, wrong length, "anonymous", empty, null) gives null.
 */
export function parseNanp(callerId: string | null | undefined): NanpNumber | null {
  if (typeof callerId !== 'string') return null;
  const s = callerId.replace(FORMATTING, '');

  let national: string;
  if (s.startsWith('+')) {
    if (!s.startsWith('+1')) return null;
    national = s.slice(2);
  } else if (s.length === 11 && s.startsWith('1')) {
    national = s.slice(1);
  } else {
    national = s;
  }

  if (!NANP_NATIONAL.test(national)) return null;
  return { areaCode: national.slice(0, 3), number: national };
}

/**
 * The state, DC or territory code (e.g. "NY", "DC", "PR") of a caller ID whose area code
 * is a US geographic code; null for unparseable numbers, toll-free, Canada, the Caribbean
 * countries and any code not in the map.
 */
export function stateOfCallerId(callerId: string | null | undefined): string | null {
  const parsed = parseNanp(callerId);
  if (parsed === null) return null;
  return Object.hasOwn(NANP_AREA_CODE_STATES, parsed.areaCode) ? NANP_AREA_CODE_STATES[parsed.areaCode] : null;
}

/**
 * The area code of a caller ID when it is counted for geography (its state is known),
 * else null. Never returns a toll-free, Canadian or Caribbean code.
 */
export function areaCodeOfCallerId(callerId: string | null | undefined): string | null {
  const parsed = parseNanp(callerId);
  if (parsed === null) return null;
  return Object.hasOwn(NANP_AREA_CODE_STATES, parsed.areaCode) ? parsed.areaCode : null;
}
