/**
 * Benchmark: the member's network with 2,000 connections and 20,000 feed entries (network-data.ts),
 * in process (the Hono app called through app.request(), no HTTP), as that member:
 *
 * - GET /api/users/connections (the whole list, as /connections reads it) and GET /api/feed (the
 *   first page, and a page 500 entries deep through its cursor): p95, target <= 30 ms;
 * - the exports GET /api/users/connections/export.csv and export.vcf: time to the last byte and the
 *   process's peak memory growth while one runs (its body read chunk by chunk and dropped, as a
 *   download is), target <= 1 s; the answers are streamed contact by contact.
 *
 * On a fresh in-memory PGlite database and, with BENCH_DATABASE_URL, on a throwaway database of that
 * PostgreSQL server; vacuumed and analysed after loading, as autovacuum would.
 */
import { sql } from 'kysely';
import type { OpenDatabase } from '../../server/db/database';
import { createNetworkBenchData, NETWORK_BENCH_SIZES } from './network-data';
import { onBothDatabases } from './on-both-databases';
import { heading, machineLoad, ms, runWhenStarted, stats, table, verdict, type Stats, type SummaryRow } from './report';
import { signedInFetch } from './signed-in-app';

const BENCH_PREFIX = 'mingle_bench_network';
const RUNS = 200;
const WARM_UP = 20;
const EXPORT_RUNS = 10;
const LIST_BUDGET_MS = 30;
const EXPORT_BUDGET_MS = 1000;
const MB = 1024 * 1024;

interface Measured {
  lists: Array<{ label: string; items: number; stats: Stats }>;
  exports: Array<{ label: string; bytes: number; stats: Stats; peakGrowthMb: number }>;
  loadMs: number;
}

/** Reads a body chunk by chunk without keeping it; answers its size. */
async function drain(res: Response): Promise<number> {
  if (!res.body) return 0;
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
  return bytes;
}

/** Runs `work` while sampling the resident set size; answers the highest growth over the start. */
async function peakRssGrowth(work: () => Promise<unknown>): Promise<number> {
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 2);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(0, Math.max(peak, process.memoryUsage().rss) - base) / MB;
}

async function measure(database: OpenDatabase): Promise<Measured> {
  const now = new Date();
  const data = await createNetworkBenchData(database.db, now);
  await sql`vacuum (analyze)`.execute(database.db);
  const fetch = await signedInFetch(database, data.benchMemberId, now);
  const json = async (path: string) => {
    const res = await fetch(path);
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };

  // The cursor of the page that starts 500 entries deep.
  let deepCursor = '';
  for (let page = 0; page < 25; page++)
    deepCursor = ((await json(`/api/feed?limit=20${deepCursor ? `&cursor=${deepCursor}` : ''}`)) as { nextCursor: string }).nextCursor;
  const lists = [
    { label: 'GET users/connections (all)', path: '/api/users/connections', count: (body: unknown) => (body as unknown[]).length },
    { label: 'GET feed (first page of 20)', path: '/api/feed?limit=20', count: (body: unknown) => (body as { activities: unknown[] }).activities.length },
    {
      label: 'GET feed (a page 500 deep)',
      path: `/api/feed?limit=20&cursor=${deepCursor}`,
      count: (body: unknown) => (body as { activities: unknown[] }).activities.length,
    },
  ];
  const measuredLists: Measured['lists'] = [];
  for (const { label, path, count } of lists) {
    const items = count(await json(path));
    const samples: number[] = [];
    for (let i = 0; i < WARM_UP + RUNS; i++) {
      const started = performance.now();
      const res = await fetch(path);
      await res.arrayBuffer();
      if (i >= WARM_UP) samples.push(performance.now() - started);
    }
    measuredLists.push({ label, items, stats: stats(samples) });
  }

  const measuredExports: Measured['exports'] = [];
  for (const [label, path] of [
    ['CSV export', '/api/users/connections/export.csv'],
    ['vCard export', '/api/users/connections/export.vcf'],
  ] as const) {
    await drain(await fetch(path));
    (globalThis as { gc?: () => void }).gc?.();
    let bytes = 0;
    const peakGrowthMb = await peakRssGrowth(async () => {
      bytes = await drain(await fetch(path));
    });
    const samples: number[] = [];
    for (let i = 0; i < EXPORT_RUNS; i++) {
      const started = performance.now();
      await drain(await fetch(path));
      samples.push(performance.now() - started);
    }
    measuredExports.push({ label, bytes, stats: stats(samples), peakGrowthMb });
  }
  return { lists: measuredLists, exports: measuredExports, loadMs: data.ms };
}

function print(backend: string, result: Measured): SummaryRow[] {
  console.log(
    `\n${backend}: ${NETWORK_BENCH_SIZES.connections} connections, ${NETWORK_BENCH_SIZES.feedEntries} feed entries, ` +
      `${NETWORK_BENCH_SIZES.notes} notes; generated and inserted in ${(result.loadMs / 1000).toFixed(1)} s`,
  );
  console.log(`${RUNS} timed runs each after ${WARM_UP} warm-up, one at a time; milliseconds; ${machineLoad()}`);
  console.log(
    table(
      ['request', 'items', 'mean', 'p50', 'p95', 'p99', 'max', 'budget p95'],
      result.lists.map(({ label, items, stats: s }) => [label, String(items), ms(s.mean), ms(s.p50), ms(s.p95), ms(s.p99), ms(s.max), `${LIST_BUDGET_MS}`]),
    ),
  );
  console.log(`\nExports: ${EXPORT_RUNS} timed runs each, body read to its end; peak RSS growth during one run`);
  console.log(
    table(
      ['export', 'bytes', 'mean', 'p50', 'max', 'peak RSS growth', 'budget'],
      result.exports.map(({ label, bytes, stats: s, peakGrowthMb }) => [
        label,
        String(bytes),
        ms(s.mean),
        ms(s.p50),
        ms(s.max),
        `${peakGrowthMb.toFixed(1)} MB`,
        `${EXPORT_BUDGET_MS} ms`,
      ]),
    ),
  );
  return [
    ...result.lists.map(({ label, stats: s }) => ({
      label: `${label}, ${backend}`,
      figure: `p95 ${ms(s.p95)} ms (p50 ${ms(s.p50)})`,
      budget: `<= ${LIST_BUDGET_MS} ms`,
      verdict: verdict(s.p95 <= LIST_BUDGET_MS),
    })),
    ...result.exports.map(({ label, stats: s, peakGrowthMb }) => ({
      label: `${label} of 2,000 connections, ${backend}`,
      figure: `${ms(s.max)} ms worst of ${EXPORT_RUNS} (mean ${ms(s.mean)}), peak RSS +${peakGrowthMb.toFixed(1)} MB`,
      budget: `<= ${EXPORT_BUDGET_MS} ms`,
      verdict: verdict(s.max <= EXPORT_BUDGET_MS),
    })),
  ];
}

export async function runNetworkLatency(): Promise<SummaryRow[]> {
  console.log(heading('The network: connections, feed and exports of a member with 2,000 connections (in process, no HTTP)'));
  console.log(`Targets: connections and feed p95 <= ${LIST_BUDGET_MS} ms; each export <= ${EXPORT_BUDGET_MS} ms, streamed.`);
  return onBothDatabases('network', BENCH_PREFIX, async (backend, database) => print(backend, await measure(database)));
}

runWhenStarted(import.meta.url, runNetworkLatency);
