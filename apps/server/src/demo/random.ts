/** A small seeded PRNG (mulberry32): the same seed always gives the same store. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** An index in [0, length), uniformly. */
  index(length: number): number {
    return Math.floor(this.next() * length);
  }

  /** One element, uniformly. */
  pick<T>(items: readonly T[]): T {
    return items[this.index(items.length)]!;
  }

  /** The index of one element by weight. */
  weightedIndex(items: readonly (readonly [unknown, number])[]): number {
    const total = items.reduce((a, [, w]) => a + w, 0);
    let r = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      r -= items[i]![1];
      if (r < 0) return i;
    }
    return items.length - 1;
  }

  /** One element by weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    return items[this.weightedIndex(items)]![0];
  }

  /** A standard normal sample (Box–Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}
