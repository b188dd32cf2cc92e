// Base58Check (Bitcoin's base58 with a double-SHA-256 checksum), shared by Bitcoin legacy
// addresses and TRON addresses.

import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';

const codec = createBase58check(sha256);

/** Longest base58check address we judge: longer strings are not addresses (and base58 decoding is quadratic). */
const MAX_LENGTH = 64;

/** The decoded payload (version byte first), or null when the string is not valid base58check. */
export function base58checkPayload(s: string): Uint8Array | null {
  if (s.length === 0 || s.length > MAX_LENGTH) return null;
  try {
    return codec.decode(s);
  } catch {
    return null; // bad alphabet or checksum
  }
}
