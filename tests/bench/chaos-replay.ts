/**
 * Benchmark: chaos replay of 100 seeded schedules (target: 0 lost, 0 duplicated).
 *
 * Each schedule is one member at a venue: swipes, undos and goal edits through the app's own
 * outbox and sync engine (Dexie on fake-indexeddb) while a fault-injecting proxy takes the
 * network offline, answers 500 before or after the server applied a request, cuts answers and
 * slows requests, and the server process (crash-server.ts: main.ts's app with a 2 s
 * Idempotency-Key lease) is killed with kill -9, from outside or right after a claim, and started
 * again. Ten schedules play at once. Then the database is read with SQL (tests/chaos/landed.ts).
 *
 *   npx tsx tests/bench/chaos-replay.ts                 100 schedules from a random first seed
 *   npx tsx tests/bench/chaos-replay.ts --seed=N        schedule N alone (replays a failing seed)
 *   npx tsx tests/bench/chaos-replay.ts --lease-ms=N    another lease (3600000: a crash's claim is
 *                                                       never taken over, as before the lease)
 */
import { randomInt } from 'node:crypto';
import { runChaos, type ChaosReport } from '../chaos/chaos-run';
import { heading, table, verdict, type SummaryRow, runWhenStarted } from './report';

const RUNS = 100;
const PARALLEL = 10;
const BUDGET = '0 lost, 0 duplicated';

function argument(name: string): number | undefined {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg === undefined ? undefined : Number(arg.slice(name.length + 3));
}

function print(report: ChaosReport): { lost: number; duplicated: number } {
  const sum = (pick: (r: ChaosReport['results'][number]) => number) => report.results.reduce((total, r) => total + pick(r), 0);
  const lost = sum((r) => r.lost);
  const duplicated = sum((r) => r.duplicated);
  console.log(`\n${report.database}: ${report.results.length} schedules in ${(report.ms / 1000).toFixed(0)} s; the server died ${report.deaths} times`);
  console.log(
    table(
      ['', 'total'],
      [
        ['writes made (swipes, undos, goal edits)', String(sum((r) => r.writes))],
        ['requests through the proxy', String(sum((r) => r.faults.requests))],
        ['  500 before the server', String(sum((r) => r.faults.refused))],
        ['  500 after the server applied it', String(sum((r) => r.faults.errorAfter))],
        ['  answer cut after the server applied it', String(sum((r) => r.faults.droppedAfter))],
        ['  slow (50 ms to 1 s)', String(sum((r) => r.faults.slow))],
        ['  cut while offline', String(sum((r) => r.faults.offline))],
        ['  502 while the server was down', String(sum((r) => r.faults.upstreamDown))],
        ['records failed / left in the outbox', `${sum((r) => r.failures.length)} / ${sum((r) => r.stuck)}`],
        ['claims left unanswered at the end', String(sum((r) => r.unanswered))],
        ['lost', String(lost)],
        ['duplicated', String(duplicated)],
      ],
    ),
  );
  for (const r of report.results.filter((x) => x.lost > 0 || x.duplicated > 0)) {
    console.log(
      `  seed ${r.seed}: lost ${r.lost}, duplicated ${r.duplicated}; ${[...r.problems, ...r.leftovers.map((l) => `left: ${l}`)].slice(0, 6).join('; ')}`,
    );
  }
  console.log(`  budget ${BUDGET}: ${verdict(lost === 0 && duplicated === 0)}`);
  return { lost, duplicated };
}

export async function runChaosReplay(): Promise<SummaryRow[]> {
  const one = argument('seed');
  const first = one ?? randomInt(1, 1_000_000);
  const seeds = one === undefined ? Array.from({ length: RUNS }, (_, i) => first + i) : [one];
  const leaseMs = argument('lease-ms');
  console.log(heading(`Chaos replay: ${seeds.length} seeded schedules against the real server`));
  console.log(
    `The app's outbox through a fault-injecting proxy while the server is killed and restarted; checked with SQL.\n` +
      `Seeds ${seeds[0]}..${seeds[seeds.length - 1]} (--seed=N replays one)` +
      (leaseMs === undefined ? '' : `; lease ${leaseMs} ms`) +
      `. Target: ${BUDGET}.`,
  );
  const report = await runChaos({ seeds, parallel: PARALLEL, leaseMs });
  const { lost, duplicated } = print(report);
  return [
    {
      label: `chaos replay, ${seeds.length} schedules, ${report.database}`,
      figure: `lost ${lost}, duplicated ${duplicated}`,
      budget: BUDGET,
      verdict: verdict(lost === 0 && duplicated === 0),
    },
  ];
}

runWhenStarted(import.meta.url, runChaosReplay);
