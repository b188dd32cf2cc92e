// Near-identical scripts by MinHash over word shingles of what the caller said: 20 minimums
// in 4 bands of 5. Two scripts share a band with probability 1 − (1 − J⁵)⁴ for Jaccard J:
// 0.97 at J = 0.9, 0.80 at 0.8, 0.12 at 0.5, 0.01 at 0.3. A band is stored as one identifier
// of kind "script" (its five minimums hashed into 52 bits, written in base 36: short rows, and
// a chance collision between two calls' bands about 2⁻⁵²); two calls "have the same script"
// when they share a band. Four bands, not more: each is a row written at ingest.

import type { TranscriptTurn } from '../call.js';

const SHINGLE_WORDS = 5;
/** Fewer words than this say too little to compare (a greeting, a hang-up). */
const MIN_WORDS = 30;
const HASHES = 20;
const ROWS = 5;

// Seeds of the hash functions: fixed, so a band is the same on every engine and after rebuilds.
const SEEDS = Array.from({ length: HASHES }, (_, i) => (Math.imul(i + 1, 0x9e3779b1) ^ 0x85ebca6b) >>> 0);

/** FNV-1a of a string. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Murmur3's finaliser: the i-th hash function is mix(shingle hash XOR seed i), integer maths only. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The 8 band values of the caller's script ("b3:1f2e…"), or none when it is too short. */
export function scriptBands(transcript: readonly TranscriptTurn[]): string[] {
  const words: string[] = [];
  for (const t of transcript) {
    if (t.speaker !== 'caller') continue;
    for (const w of t.text.toLowerCase().match(/[a-z0-9']+/g) ?? []) words.push(w);
  }
  if (words.length < MIN_WORDS) return [];
  // A shingle's hash combines its words' hashes (order-sensitive), so no shingle string is
  // built; distinct shingle hashes stand for the set. This runs per call at ingest.
  const wordHashes = words.map(fnv1a);
  const base = new Set<number>();
  for (let i = 0; i + SHINGLE_WORDS <= wordHashes.length; i++) {
    let h = 0x9747b28c;
    for (let k = 0; k < SHINGLE_WORDS; k++) h = mix((h ^ wordHashes[i + k]) >>> 0) + k;
    base.add(h >>> 0);
  }
  const mins = new Array<number>(HASHES).fill(0xffffffff);
  for (const b of base) {
    for (let j = 0; j < HASHES; j++) {
      const h = mix((b ^ SEEDS[j]) >>> 0);
      if (h < mins[j]) mins[j] = h;
    }
  }
  const bands: string[] = [];
  for (let b = 0; b < HASHES / ROWS; b++) {
    // Two independent 32-bit hashes of the band's minimums, 52 bits kept.
    let hi = 0x2545f491 ^ b;
    let lo = 0x61c88647 ^ b;
    for (let k = b * ROWS; k < (b + 1) * ROWS; k++) {
      hi = mix((hi ^ mins[k]) >>> 0);
      lo = mix((lo ^ mix(mins[k] ^ 0x5bd1e995)) >>> 0);
    }
    bands.push(`b${b}:${((hi >>> 12) * 2 ** 32 + lo).toString(36)}`);
  }
  return bands;
}
