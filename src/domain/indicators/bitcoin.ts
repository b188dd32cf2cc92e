// Bitcoin mainnet addresses: legacy base58check (P2PKH "1…", P2SH "3…") and native segwit
// (BIP-173 bech32 for witness version 0, BIP-350 bech32m for versions 1–16, "bc1…").

import { bech32, bech32m } from '@scure/base';
import { base58checkPayload } from './base58check.js';

const P2PKH = 0x00;
const P2SH = 0x05;
/** BIP-173: a segwit address is at most 90 characters. */
const MAX_SEGWIT_LENGTH = 90;

function legacyValid(addr: string): boolean {
  const p = base58checkPayload(addr);
  return p !== null && p.length === 21 && (p[0] === P2PKH || p[0] === P2SH);
}

/** BIP-350: version 0 must use bech32 with a 20- or 32-byte program; 1–16 bech32m with 2–40 bytes. */
function segwitValid(addr: string): boolean {
  if (addr.length > MAX_SEGWIT_LENGTH) return false;
  for (const [codec, isV0] of [
    [bech32, true],
    [bech32m, false],
  ] as const) {
    const d = codec.decodeUnsafe(addr, MAX_SEGWIT_LENGTH); // rejects mixed case and a bad checksum
    if (!d) continue;
    if (d.prefix !== 'bc' || d.words.length === 0) return false;
    const version = d.words[0];
    if (version > 16 || (version === 0) !== isV0) return false;
    const program = codec.fromWordsUnsafe(d.words.slice(1)); // rejects excess or non-zero padding
    if (!program) return false;
    if (program.length < 2 || program.length > 40) return false;
    return version !== 0 || program.length === 20 || program.length === 32;
  }
  return false;
}

/** True for a well-formed Bitcoin mainnet address whose checksum holds. */
export function btcValid(addr: string): boolean {
  const s = addr.trim();
  return /^bc1/i.test(s) ? segwitValid(s) : legacyValid(s);
}
