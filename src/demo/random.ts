// Seeded PRNG for the demo data: sfc32 (128-bit state, passes PractRand) seeded through
// splitmix32, so one seed always yields the same data set on every platform.

function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** Folds any finite number (including non-integers and negatives) into a 32-bit seed. */
function seed32(seed: number): number {
  if (!Number.isFinite(seed)) throw new RangeError('seed must be a finite number');
  if (Number.isInteger(seed) && seed >= 0 && seed <= 0xffffffff) return seed >>> 0;
  const buf = new DataView(new ArrayBuffer(8));
  buf.setFloat64(0, seed);
  return (buf.getUint32(0) ^ Math.imul(buf.getUint32(4), 0x9e3779b1)) >>> 0;
}

const TWO_32 = 4294967296;
const BYTE_HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spareNormal: number | null = null;

  constructor(seed: number) {
    const sm = splitmix32(seed32(seed));
    this.a = sm();
    this.b = sm();
    this.c = sm();
    this.d = sm();
    for (let i = 0; i < 12; i++) this.u32();
  }

  /** An independent stream derived from this seed and a label (does not advance this one). */
  static derive(seed: number, label: string): Rng {
    let h = seed32(seed) ^ 0x811c9dc5;
    for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193);
    return new Rng(h >>> 0);
  }

  u32(): number {
    const a = this.a,
      b = this.b,
      c = this.c,
      d = this.d;
    const t = (((a + b) | 0) + d) | 0;
    this.d = (d + 1) | 0;
    this.a = b ^ (b >>> 9);
    this.b = (c + (c << 3)) | 0;
    const r = (c << 21) | (c >>> 11);
    this.c = (r + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.u32() / TWO_32;
  }

  /** Uniform integer in [min, max] (inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Uniform in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)];
  }

  /** One item by weight; for hot paths build a WeightedTable once instead. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of entries) total += w;
    let x = this.next() * total;
    for (const [v, w] of entries) {
      x -= w;
      if (x < 0) return v;
    }
    return entries[entries.length - 1][0];
  }

  /** Standard normal (Box–Muller, caching the second value). */
  normal(): number {
    if (this.spareNormal !== null) {
      const s = this.spareNormal;
      this.spareNormal = null;
      return s;
    }
    let u = 0;
    while (u === 0) u = this.next();
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spareNormal = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }

  /** Log-normal with the given median (e^mu) and sigma of the underlying normal. */
  lognormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }

  /** `n` lower-case hex digits. */
  hex(n: number): string {
    let s = '';
    for (let i = 0; i < n; i += 8) {
      const v = this.u32();
      s += BYTE_HEX[v >>> 24] + BYTE_HEX[(v >>> 16) & 255] + BYTE_HEX[(v >>> 8) & 255] + BYTE_HEX[v & 255];
    }
    return s.length === n ? s : s.slice(0, n);
  }

  /** `n` decimal digits; the first is non-zero when `leadingNonZero`. */
  digits(n: number, leadingNonZero = false): string {
    let s = '';
    for (let i = 0; i < n; i++) s += i === 0 && leadingNonZero ? this.int(1, 9) : this.int(0, 9);
    return s;
  }

  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i += 4) {
      const v = this.u32();
      for (let j = 0; j < 4 && i + j < n; j++) out[i + j] = (v >>> (8 * j)) & 0xff;
    }
    return out;
  }
}

/** Precomputed cumulative weights: O(log n) picks without per-call allocation. */
export class WeightedTable<T> {
  readonly values: readonly T[];
  private readonly cumulative: Float64Array;
  private readonly total: number;

  constructor(entries: readonly (readonly [T, number])[]) {
    if (entries.length === 0) throw new RangeError('WeightedTable needs at least one entry');
    this.values = entries.map(([v]) => v);
    this.cumulative = new Float64Array(entries.length);
    let acc = 0;
    entries.forEach(([, w], i) => {
      if (!(w >= 0)) throw new RangeError('weights must be >= 0');
      acc += w;
      this.cumulative[i] = acc;
    });
    if (acc <= 0) throw new RangeError('weights must not all be zero');
    this.total = acc;
  }

  pick(rng: Rng): T {
    const x = rng.next() * this.total;
    const c = this.cumulative;
    let lo = 0;
    let hi = c.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (x < c[mid]) hi = mid;
      else lo = mid + 1;
    }
    return this.values[lo];
  }
}

/** Zipf-like weights 1/(i+1)^s for i in [0, n). */
function zipfWeights(n: number, s = 1): number[] {
  return Array.from({ length: n }, (_, i) => 1 / Math.pow(i + 1, s));
}

/**
 * A fixed number of slots picked with Zipf weights (a few values recur a lot, like a mule
 * account worked by a busy call centre); each pick may retire its slot for a fresh value,
 * so values turn over through time while memory stays constant.
 */
export class RotatingPool<T> {
  private readonly slots: T[];
  private readonly table: WeightedTable<number>;

  constructor(
    private readonly rng: Rng,
    size: number,
    private readonly churn: number,
    private readonly make: (rng: Rng) => T,
    zipfS = 1,
  ) {
    this.slots = Array.from({ length: size }, () => make(rng));
    this.table = new WeightedTable(zipfWeights(size, zipfS).map((w, i) => [i, w] as const));
  }

  pick(): T {
    const i = this.table.pick(this.rng);
    if (this.rng.chance(this.churn)) this.slots[i] = this.make(this.rng);
    return this.slots[i];
  }
}
