import type { Random } from '../../server/db/seed/random';

/** Deterministic UUIDs (version 4 layout) from a seeded generator, so a benchmark's data set is the same on every run. */
export function seededUuid(rng: Random): string {
  const hex = Buffer.from(rng.bytes(16)).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
