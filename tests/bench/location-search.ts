/**
 * Benchmark: the location search of the location service on 10,000 locations (location-data.ts),
 * in process (the Hono app called through app.request(), no HTTP), as a signed-in member:
 *
 * - GET /api/locations?query=<text>&limit=50 (the picker's search; docs/product.md's search limit 50) with
 *   a name fragment, a country name, a region word and a two-letter fragment;
 * - GET /api/locations/suggestions?q=<text> (default limit 10) as the member types;
 * - for context, GET /api/locations/popular.
 *
 * Target: search and suggestions p95 <= 20 ms. On a fresh in-memory PGlite database and,
 * with BENCH_DATABASE_URL, on a throwaway database of that PostgreSQL server; vacuumed and analysed
 * after loading, as autovacuum would. Requests run one at a time: WARM_UP untimed, then RUNS timed.
 */
import { sql } from 'kysely';
import { type OpenDatabase } from '../../server/db/database';
import { onBothDatabases } from './on-both-databases';
import { signedInGet } from './signed-in-app';
import { createLocationBenchData, type LocationBenchData } from './location-data';
import { heading, machineLoad, ms, runWhenStarted, stats, table, verdict, type Stats, type SummaryRow } from './report';

const BENCH_PREFIX = 'mingle_bench_locations';
const RUNS = 300;
const WARM_UP = 30;
const BUDGET_MS = 20;

const REQUESTS: Array<{ label: string; path: string; budgeted: boolean }> = [
  { label: 'search: name fragment "berg"', path: '/api/locations?query=berg&limit=50', budgeted: true },
  { label: 'search: country name "sweden"', path: '/api/locations?query=sweden&limit=50', budgeted: true },
  { label: 'search: region "county"', path: '/api/locations?query=county&limit=50', budgeted: true },
  { label: 'search: two letters "vi", page 2', path: '/api/locations?query=vi&limit=50&page=2', budgeted: true },
  { label: 'suggestions: "ber"', path: '/api/locations/suggestions?q=ber', budgeted: true },
  { label: 'suggestions: "new o"', path: '/api/locations/suggestions?q=new%20o', budgeted: true },
  { label: 'popular', path: '/api/locations/popular', budgeted: false },
];

interface Measured {
  data: LocationBenchData;
  rows: Array<{ label: string; matched: number | undefined; budgeted: boolean; stats: Stats }>;
}

async function measure(database: OpenDatabase): Promise<Measured> {
  const now = new Date();
  const data = await createLocationBenchData(database.db, now);
  await sql`vacuum (analyze)`.execute(database.db);
  const get = await signedInGet(database, data.benchMemberId, now);

  const rows: Measured['rows'] = [];
  for (const { label, path, budgeted } of REQUESTS) {
    const first = JSON.parse(await get(path)) as { data: { total?: number; locations: unknown[] } };
    const samples: number[] = [];
    for (let i = 0; i < WARM_UP + RUNS; i++) {
      const started = performance.now();
      await get(path);
      if (i >= WARM_UP) samples.push(performance.now() - started);
    }
    rows.push({ label, matched: first.data.total ?? first.data.locations.length, budgeted, stats: stats(samples) });
  }
  return { data, rows };
}

function print(backend: string, result: Measured): SummaryRow[] {
  const { counts } = result.data;
  console.log(
    `\n${backend}: ${counts.locations} locations (${counts.custom} custom), ${counts.events} events, ` +
      `${counts.members} members (${counts.membersWithLocation} chose a location); generated and inserted in ${(result.data.ms / 1000).toFixed(1)} s`,
  );
  console.log(`${RUNS} timed runs each after ${WARM_UP} warm-up, one at a time; milliseconds; ${machineLoad()}`);
  console.log(
    table(
      ['request', 'matches', 'mean', 'p50', 'p95', 'p99', 'max', 'budget p95'],
      result.rows.map(({ label, matched, budgeted, stats: s }) => [
        label,
        String(matched ?? ''),
        ms(s.mean),
        ms(s.p50),
        ms(s.p95),
        ms(s.p99),
        ms(s.max),
        budgeted ? `${BUDGET_MS}` : '',
      ]),
    ),
  );
  const budgeted = result.rows.filter((row) => row.budgeted);
  const worst = budgeted.reduce((a, b) => (b.stats.p95 > a.stats.p95 ? b : a));
  return [
    {
      label: `Location search and suggestions, slowest p95, ${backend}`,
      figure: `${ms(worst.stats.p95)} ms (${worst.label}; p50 ${ms(worst.stats.p50)}, p99 ${ms(worst.stats.p99)})`,
      budget: `<= ${BUDGET_MS} ms`,
      verdict: verdict(worst.stats.p95 <= BUDGET_MS),
    },
  ];
}

export async function runLocationSearch(): Promise<SummaryRow[]> {
  console.log(heading('Location search on 10,000 locations (in process, no HTTP)'));
  console.log(`Signed in as a member; target: search and suggestions p95 <= ${BUDGET_MS} ms.`);
  return onBothDatabases('location search', BENCH_PREFIX, async (backend, database) => print(backend, await measure(database)));
}

runWhenStarted(import.meta.url, runLocationSearch);
