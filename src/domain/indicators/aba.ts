// ABA routing transit numbers (the 9-digit US bank routing number).

/**
 * First two digits in use: 00 US Government, 01–12 Federal Reserve districts, 21–32 thrift
 * institutions, 61–72 electronic transactions, 80 traveller's cheques. Other prefixes are
 * unassigned, so a number starting with them cannot be a real routing number.
 */
const ASSIGNED_PREFIX = (p: number) => p <= 12 || (p >= 21 && p <= 32) || (p >= 61 && p <= 72) || p === 80;

/** Spaces and hyphens a caller or transcriber may put between digit groups ("021 000 021"). */
const SEPARATORS = /[ -]/g;

/**
 * True when `routing` is a well-formed ABA routing number: 9 digits (spaces and hyphens between
 * them are ignored), an assigned prefix, and the 3-7-1 weighted checksum
 * 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). It says nothing about whether a bank
 * still uses the number.
 */
export function abaValid(routing: string): boolean {
  if (routing.length > 32) return false;
  const s = routing.trim().replace(SEPARATORS, '');
  if (!/^\d{9}$/.test(s) || s === '000000000') return false;
  if (!ASSIGNED_PREFIX(Number(s.slice(0, 2)))) return false;
  const d = [...s].map(Number);
  return (3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8])) % 10 === 0;
}
