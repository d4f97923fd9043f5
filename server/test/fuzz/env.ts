/**
 * How a person reruns the fuzz suite: FUZZ_SEED (default fixed, so every run is the same),
 * FUZZ_RUNS (cases; default per caller) and FUZZ_PATH (the path fast-check printed with a
 * failure, to replay just that case and its shrinking).
 */
export const DEFAULT_FUZZ_SEED = 20_240_808;

export function fuzzSettings(defaultRuns: number): { seed: number; runs: number; path: string | undefined } {
  const seed = Number(process.env.FUZZ_SEED ?? DEFAULT_FUZZ_SEED);
  const runs = Number(process.env.FUZZ_RUNS ?? defaultRuns);
  if (!Number.isSafeInteger(seed)) throw new Error(`FUZZ_SEED must be an integer, got ${process.env.FUZZ_SEED}`);
  if (!Number.isSafeInteger(runs) || runs < 1) throw new Error(`FUZZ_RUNS must be a positive integer, got ${process.env.FUZZ_RUNS}`);
  return { seed, runs, path: process.env.FUZZ_PATH || undefined };
}
