/**
 * Benchmark: server-side latency of discovery on the 10,000-event data set (events-data.ts), in
 * process (the Hono app called through app.request(), no HTTP), as a signed-in free member:
 *
 * - GET /api/events?search=<word>&categories=<id>&eventTypeIds=<id>&page=3&nonPassed=true
 *   &includeAttendeeConnections=true (the budget of docs/architecture.md: p95 <= 30 ms);
 * - GET /api/categories (counts of visible upcoming events), also faceted by a search and an event
 *   type (what the filter panel asks once filters are chosen);
 * - and, for context, the first page without filters, GET /api/event-types and GET /api/locations
 *   (also faceted by a search and a category).
 *
 * On a fresh in-memory PGlite database and, with BENCH_DATABASE_URL, on a throwaway database of
 * that PostgreSQL server. The data is vacuumed and analysed after loading, as autovacuum would.
 * Requests run one at a time: WARM_UP untimed, then RUNS timed.
 */
import { sql } from 'kysely';
import { type OpenDatabase } from '../../server/db/database';
import { onBothDatabases } from './on-both-databases';
import { signedInGet } from './signed-in-app';
import { createEventsBenchData, type EventsBenchData } from './events-data';
import { heading, ms, stats, table, verdict, type Stats, type SummaryRow, runWhenStarted } from './report';

const BENCH_PREFIX = 'mingle_bench_events';
const RUNS = 300;
const WARM_UP = 30;
const BUDGET_MS = 30;
/** The first rows of the table are under the budget: GET events and GET categories, plain and faceted. */
const BUDGETED = 3;

interface Measured {
  data: EventsBenchData;
  matched: number;
  pageSize: number;
  rows: Array<{ label: string; path: string; stats: Stats }>;
}

async function measure(database: OpenDatabase): Promise<Measured> {
  const now = new Date();
  const data = await createEventsBenchData(database.db, now);
  // What autovacuum does on a PostgreSQL server after a bulk load, and the server does for PGlite
  // (tidyEmbeddedDatabase): statistics for the planner, pages marked all-visible.
  await sql`vacuum (analyze)`.execute(database.db);
  const get = await signedInGet(database, data.benchMemberId, now);

  const { search, categoryId, eventTypeId } = data.query;
  const listPath =
    `/api/events?search=${search}&categories=${categoryId}&eventTypeIds=${eventTypeId}` + '&page=3&nonPassed=true&includeAttendeeConnections=true';
  const first = JSON.parse(await get(listPath)) as { total: number; events: unknown[] };
  const requests: Array<[string, string]> = [
    ['GET /api/events (search + 2 filters, page 3)', listPath],
    ['GET /api/categories', '/api/categories'],
    // What the filter panel asks with a search and an event type chosen (faceted counts).
    ['GET /api/categories (search + event type)', `/api/categories?search=${search}&eventTypeIds=${eventTypeId}`],
    ['GET /api/events (page 1, no filter)', '/api/events?nonPassed=true'],
    ['GET /api/event-types', '/api/event-types'],
    ['GET /api/locations', '/api/locations'],
    ['GET /api/locations (search + category)', `/api/locations?limit=50&search=${search}&categories=${categoryId}`],
  ];
  const rows = [];
  for (const [label, path] of requests) {
    const samples: number[] = [];
    for (let i = 0; i < WARM_UP + RUNS; i++) {
      const started = performance.now();
      await get(path);
      if (i >= WARM_UP) samples.push(performance.now() - started);
    }
    rows.push({ label, path, stats: stats(samples) });
  }
  return { data, matched: first.total, pageSize: first.events.length, rows };
}

function print(backend: string, result: Measured): SummaryRow[] {
  const { counts } = result.data;
  console.log(
    `\n${backend}: ${counts.events} events, ${counts.registrations} registrations, ${counts.members} members, ` +
      `${counts.connections} connections, ${counts.locations} locations, ${counts.organizers} organizers ` +
      `(generated and inserted in ${(result.data.ms / 1000).toFixed(1)} s)`,
  );
  console.log(`The filtered list matches ${result.matched} events; page 3 has ${result.pageSize}.`);
  console.log(`${RUNS} timed runs each after ${WARM_UP} warm-up, one at a time; milliseconds`);
  console.log(
    table(
      ['request', 'mean', 'p50', 'p95', 'p99', 'max', 'budget p95'],
      result.rows.map(({ label, stats: s }, i) => [label, ms(s.mean), ms(s.p50), ms(s.p95), ms(s.p99), ms(s.max), i < BUDGETED ? `${BUDGET_MS}` : '']),
    ),
  );
  return result.rows.slice(0, BUDGETED).map(({ label, stats: s }) => ({
    label: `${label} p95, ${backend}`,
    figure: `${ms(s.p95)} ms (p50 ${ms(s.p50)}, p99 ${ms(s.p99)})`,
    budget: `<= ${BUDGET_MS} ms`,
    verdict: verdict(s.p95 <= BUDGET_MS),
  }));
}

export async function runEventsLatency(): Promise<SummaryRow[]> {
  console.log(heading('Events API latency on 10,000 events (in process, no HTTP)'));
  console.log('Signed in as a free member with 100 connections; docs/architecture.md budget: GET /api/events p95 <= 30 ms.');
  return onBothDatabases('events API', BENCH_PREFIX, async (backend, database) => print(backend, await measure(database)));
}

runWhenStarted(import.meta.url, runEventsLatency);
