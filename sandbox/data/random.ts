// Deterministic randomness: every generated day is a pure function of (seed, stream, day),
// so any day can be regenerated on demand instead of keeping two years in memory.

/** 32-bit FNV-1a hash of a string, finalised, used to derive independent PRNG streams. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  // murmur3's finaliser: FNV alone spreads short, similar keys poorly over the high bits.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A small, fast seeded generator (sfc32) with the helpers the generator needs. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(key: string) {
    this.a = hash32(`a|${key}`);
    this.b = hash32(`b|${key}`);
    this.c = hash32(`c|${key}`);
    this.d = hash32(`d|${key}`) | 1;
    for (let i = 0; i < 12; i++) this.next();
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.a >>>= 0; this.b >>>= 0; this.c >>>= 0; this.d >>>= 0;
    const t = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    const r = (t + this.d) | 0;
    this.c = (this.c + r) | 0;
    return (r >>> 0) / 4294967296;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight; `weights` and `items` have the same length. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    let total = 0;
    for (const w of weights) total += w;
    let x = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      x -= weights[i] as number;
      if (x < 0) return items[i] as T;
    }
    return items[items.length - 1] as T;
  }

  /** Lower-case base-36 token of the given length. */
  token(length: number): string {
    let s = "";
    while (s.length < length) s += Math.floor(this.next() * 36).toString(36);
    return s;
  }

  digits(length: number): string {
    let s = "";
    for (let i = 0; i < length; i++) s += Math.floor(this.next() * 10).toString();
    return s;
  }
}
