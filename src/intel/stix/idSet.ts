// The ids already written to one bundle, 16 bytes each: an open-addressing hash set over the
// 128 bits of the id's UUID (its first word XORed with a hash of the type, since STIX §2.9 SCO
// ids of different types share a UUID when their properties do). A Set of id strings held
// ~110 bytes per id; this holds 16 per slot at a load of at most 3/4, about 21–43 bytes per id.

const fnv1a = (s: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
};

export class IdSet {
  private slots = new Uint32Array(4 * 1024);
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Bytes held by the table. */
  get bytes(): number {
    return this.slots.byteLength;
  }

  /** Adds `id` (`<type>--<uuid>`); false when it was there already. */
  add(id: string): boolean {
    const sep = id.lastIndexOf('--');
    const hex = id.slice(sep + 2).replace(/-/g, '');
    if (sep < 0 || !/^[0-9a-fA-F]{32}$/.test(hex)) throw new Error(`not a STIX id: ${id}`);
    const w0 = (parseInt(hex.slice(0, 8), 16) ^ fnv1a(id.slice(0, sep))) >>> 0;
    // Word 1 holds the UUID version nibble, so it is never 0 for v4/v5 ids: 0 marks an empty slot.
    const w1 = parseInt(hex.slice(8, 16), 16) >>> 0 || 1;
    const w2 = parseInt(hex.slice(16, 24), 16) >>> 0;
    const w3 = parseInt(hex.slice(24, 32), 16) >>> 0;
    if ((this.count + 1) * 4 > (this.slots.length / 4) * 3) this.grow();
    if (!this.insert(this.slots, w0, w1, w2, w3)) return false;
    this.count++;
    return true;
  }

  private insert(t: Uint32Array, w0: number, w1: number, w2: number, w3: number): boolean {
    const mask = t.length / 4 - 1;
    // SHA-1-derived words are uniform: the low bits are a fine slot hash.
    for (let i = (w0 ^ w3) & mask; ; i = (i + 1) & mask) {
      const o = i * 4;
      if (t[o + 1] === 0) {
        t[o] = w0;
        t[o + 1] = w1;
        t[o + 2] = w2;
        t[o + 3] = w3;
        return true;
      }
      if (t[o] === w0 && t[o + 1] === w1 && t[o + 2] === w2 && t[o + 3] === w3) return false;
    }
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Uint32Array(old.length * 2);
    for (let o = 0; o < old.length; o += 4) if (old[o + 1] !== 0) this.insert(this.slots, old[o], old[o + 1], old[o + 2], old[o + 3]);
  }
}
