/** Deterministic randomness: one small PRNG per (seed, stream, index), so any record can be rebuilt alone. */

/** Mulberry32: tiny, fast, good enough for test data. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hash(...parts: (number | string)[]): number {
  let h = 2166136261;
  for (const ch of parts.join('|')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export class Random {
  private readonly next: () => number;

  constructor(seed: number, stream: string, index: number) {
    this.next = mulberry32(hash(seed, stream, index));
  }

  float(): number {
    return this.next();
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks from `[value, weight]` pairs; weights need not sum to 1. */
  weighted<T>(table: WeightedTable<T>): T {
    let r = this.next() * table.total;
    for (const [value, weight] of table.items) {
      r -= weight;
      if (r < 0) return value;
    }
    return table.items[table.items.length - 1][0];
  }

  digits(count: number): string {
    let out = '';
    for (let i = 0; i < count; i += 1) out += String(this.int(0, 9));
    return out;
  }

  /** An ISO date between two years. */
  date(fromYear: number, toYear: number): string {
    const start = Date.UTC(fromYear, 0, 1);
    const end = Date.UTC(toYear, 11, 31);
    return new Date(start + Math.floor(this.next() * (end - start))).toISOString().slice(0, 10);
  }
}

export interface WeightedTable<T> {
  items: readonly (readonly [T, number])[];
  total: number;
}

export function weightedTable<T>(items: readonly (readonly [T, number])[]): WeightedTable<T> {
  return { items, total: items.reduce((sum, [, w]) => sum + w, 0) };
}
