// TRON addresses: base58check of the version byte 0x41 and a 20-byte account id ("T…", 34 characters).

import { base58checkPayload } from './base58check.js';

const TRON_VERSION = 0x41;

export function tronValid(addr: string): boolean {
  const s = addr.trim();
  if (!s.startsWith('T')) return false;
  const p = base58checkPayload(s);
  return p !== null && p.length === 21 && p[0] === TRON_VERSION;
}
