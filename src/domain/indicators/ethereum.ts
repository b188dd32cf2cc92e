// Ethereum addresses and their EIP-55 mixed-case checksum.

import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** The EIP-55 spelling of 40 hex digits: a letter is upper-case where the keccak-256 nibble of the lower-case hex is ≥ 8. */
export function eip55(hex40: string): string {
  const lower = hex40.toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = '0x';
  for (let i = 0; i < 40; i++) out += parseInt(hash[i], 16) >= 8 ? lower[i].toUpperCase() : lower[i];
  return out;
}

/**
 * True for `0x` + 40 hex digits. All lower-case or all upper-case digits carry no checksum
 * and are accepted as they are; mixed case must be exactly the EIP-55 spelling.
 */
export function ethValid(addr: string): boolean {
  const s = addr.trim();
  if (!/^0x[0-9a-fA-F]{40}$/.test(s)) return false;
  const hex = s.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return eip55(hex) === s;
}
