/** The benchmarks' settings, read from the environment once (listed in the README, 'Benchmarks'). */

export const benchEnv = {
  /** BENCH_SKIP_BUILD=1: measure the existing ./dist instead of building into a temporary folder. */
  skipBuild: process.env.BENCH_SKIP_BUILD === '1',
  /** BENCH_DATABASE_URL=postgres://...: also run the API latency benchmark on that PostgreSQL server. */
  databaseUrl: process.env.BENCH_DATABASE_URL?.trim() || undefined,
  /** BENCH_LIGHTHOUSE_DIR=folder: save each route's median Lighthouse report (JSON) there. */
  lighthouseDir: process.env.BENCH_LIGHTHOUSE_DIR?.trim() || undefined,
  /** BENCH_THROUGHPUT_SECONDS: how long autocannon loads each figure of the throughput benchmark (default 8). */
  throughputSeconds: Math.max(1, Number(process.env.BENCH_THROUGHPUT_SECONDS) || 8),
  /** Rounds of hello-world then the events list, one after the other, for the list's ratio. */
  throughputRounds: Math.max(1, Math.floor(Number(process.env.BENCH_THROUGHPUT_ROUNDS)) || 3),
  /** BENCH_THROUGHPUT_ENTRY=path/to/dist-server/main.js (or server/main.ts): measure another server (an older checkout) the same way. */
  throughputEntry: process.env.BENCH_THROUGHPUT_ENTRY?.trim() || undefined,
  /** STORM_PHONES / STORM_READERS: the reconnect storm's crowd (default 2,000 phones and 200 readers). */
  stormPhones: Math.max(1, Math.floor(Number(process.env.STORM_PHONES)) || 2_000),
  stormReaders: Math.max(0, Math.floor(Number(process.env.STORM_READERS ?? 200))),
} as const;
