/**
 * A small seeded pseudo-random generator (mulberry32) so that the demo data is the same on every
 * run. Never for anything secret: whoever has the repository can compute what it gives, so the
 * demo's join secrets come from the CSPRNG instead (build.ts).
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number;
  /** True with the given probability. */
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** An item chosen with the given relative weights. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** A new shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[];
  /** count distinct items (or all of them when count is larger). */
  sample<T>(items: readonly T[], count: number): T[];
  bytes(length: number): Uint8Array;
  /** A derived generator, so that adding data to one part does not shift another part. */
  fork(label: string): Random;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a, to turn a label into a 32-bit seed. */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function createRandom(seed: number | string): Random {
  const seedNumber = typeof seed === 'number' ? seed : hashSeed(seed);
  const next = mulberry32(seedNumber);
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    weighted: (items) => {
      const total = items.reduce((sum, [, w]) => sum + w, 0);
      let r = next() * total;
      for (const [item, w] of items) {
        r -= w;
        if (r < 0) return item;
      }
      const last = items[items.length - 1];
      if (!last) throw new Error('weighted pick from an empty list');
      return last[0];
    },
    shuffle: (items) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as (typeof copy)[number], copy[i] as (typeof copy)[number]];
      }
      return copy;
    },
    sample: (items, count) => random.shuffle(items).slice(0, Math.max(0, count)),
    bytes: (length) => {
      const out = new Uint8Array(length);
      for (let i = 0; i < length; i++) out[i] = Math.floor(next() * 256);
      return out;
    },
    fork: (label) => createRandom(hashSeed(`${seedNumber}:${label}`)),
  };
  return random;
}

/** 22 characters of base64url from 16 bytes: the shape of a real join secret. */
export function randomSecret(random: Random): string {
  return Buffer.from(random.bytes(16)).toString('base64url');
}
