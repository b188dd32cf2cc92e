// Near-identical scripts by MinHash over word shingles of what the caller said: 20 minimums
// in 4 bands of 5. Two scripts share a band with probability about 1 − (1 − J⁵)⁴ for Jaccard
// J: 0.97 at J = 0.9, 0.80 at 0.8, 0.12 at 0.5, 0.01 at 0.3. A band is stored as one
// identifier of kind "script" (its five minimums hashed into 52 bits, written in base 36: short
// rows, and a chance collision between two calls' bands about 2⁻⁵²); two calls "have the same
// script" when they share a band. Four bands, not more: each is a row written at ingest.
//
// The 20 minimums come from ONE hash per shingle (one-permutation hashing, Li, Owen and Zhang
// 2012): the hash picks one of 20 bins and the minimum is kept per bin; an empty bin (a short
// script) takes its value from the next filled bin to its right, moved by the distance
// (densification by rotation, Shrivastava and Li 2014), so each bin still agrees between two
// scripts with probability about J. It runs per call at ingest: 20 hash functions per shingle
// cost more than all the other campaign work of a call.

import type { TranscriptTurn } from '../call.js';

const SHINGLE_WORDS = 5;
/** Fewer words than this say too little to compare (a greeting, a hang-up). */
const MIN_WORDS = 30;
const BINS = 20;
const ROWS = 5;

/** Murmur3's finaliser: integer maths only, the same on every engine and after rebuilds. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The FNV-1a hash of each word ([a-z0-9']+ of the lower-cased text) of the caller's turns, in order. */
function callerWordHashes(transcript: readonly TranscriptTurn[]): number[] {
  const out: number[] = [];
  for (const t of transcript) {
    if (t.speaker !== 'caller') continue;
    const s = t.text.toLowerCase();
    let h = 0x811c9dc5;
    let inWord = false;
    for (let i = 0; i <= s.length; i++) {
      const c = i < s.length ? s.charCodeAt(i) : 32;
      if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 39) {
        h = Math.imul(h ^ c, 0x01000193);
        inWord = true;
      } else if (inWord) {
        out.push(h >>> 0);
        h = 0x811c9dc5;
        inWord = false;
      }
    }
  }
  return out;
}

const EMPTY = 0xffffffff;
/** The polynomial's base, and its power that takes a word out as the shingle moves on. */
const P = 0x01000193;
const P_SHINGLE = Array.from({ length: SHINGLE_WORDS }).reduce<number>((acc) => Math.imul(acc, P), 1);

/** The 4 band values of the caller's script ("b3:1f2e…"), or none when it is too short. */
export function scriptBands(transcript: readonly TranscriptTurn[]): string[] {
  const words = callerWordHashes(transcript);
  if (words.length < MIN_WORDS) return [];
  // A shingle's hash is a polynomial in its words' hashes (order-sensitive), rolled from one
  // shingle to the next, so no shingle string is built. A shingle seen twice changes no
  // minimum, so no set of them is built either.
  const mins = new Uint32Array(BINS).fill(EMPTY);
  const filled = new Uint8Array(BINS);
  let h = 0;
  for (let i = 0; i < words.length; i++) {
    h = (Math.imul(h, P) + words[i]) | 0;
    if (i >= SHINGLE_WORDS) h = (h - Math.imul(words[i - SHINGLE_WORDS], P_SHINGLE)) | 0;
    if (i < SHINGLE_WORDS - 1) continue;
    const x = mix((h ^ 0x27d4eb2f) >>> 0);
    const bin = x % BINS;
    const v = mix(x ^ 0x165667b1);
    filled[bin] = 1;
    if (v < mins[bin]) mins[bin] = v;
  }
  const dense = Array.from({ length: BINS }, (_, j) => {
    if (filled[j]) return mins[j];
    let d = 1;
    while (!filled[(j + d) % BINS]) d++;
    return mix((mins[(j + d) % BINS] ^ Math.imul(d, 0x9e3779b1)) >>> 0);
  });
  const bands: string[] = [];
  for (let b = 0; b < BINS / ROWS; b++) {
    // Two independent 32-bit hashes of the band's minimums, 52 bits kept.
    let hi = 0x2545f491 ^ b;
    let lo = 0x61c88647 ^ b;
    for (let k = b * ROWS; k < (b + 1) * ROWS; k++) {
      hi = mix((hi ^ dense[k]) >>> 0);
      lo = mix((lo ^ mix(dense[k] ^ 0x5bd1e995)) >>> 0);
    }
    bands.push(`b${b}:${((hi >>> 12) * 2 ** 32 + lo).toString(36)}`);
  }
  return bands;
}
