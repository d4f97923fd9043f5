/**
 * Benchmark: the memory of the serving process from its first start. The compiled server on a
 * fresh embedded database (a new data folder, SEED_DEMO on: the demo data is added, by a process
 * of its own, before the server opens the database), then a restart on the same folder for
 * comparison. For each: the serving process's RSS (VmRSS, its children included) after IDLE_MS
 * idle; then LOAD_SECONDS of the events list as the demo member (autocannon, 10 connections), the
 * most RSS during it and the RSS IDLE_MS after. The budget: under 300 MB from the first
 * start. Linux only (/proc). `npx tsx tests/bench/first-start-memory.ts`
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startServerProcess } from '../../server/test/helpers/server-process';
import { processTreeRssMb } from './process-usage';
import { signInDemoMember } from './demo-sign-in';
import { Cleanup, removeOnExit } from './processes';
import { heading, machineLoad, runWhenStarted, table, verdict, type SummaryRow } from './report';

const IDLE_MS = 5_000;
const LOAD_SECONDS = 20;
const CONNECTIONS = 10;
const LIST = '/api/events?page=1&includeAttendeeConnections=true';
const BUDGET_MB = 300;

interface Measured {
  label: string;
  /** How the start went: whether it seeded, and in which process. */
  seed: string;
  idleMb: number;
  loadMaxMb: number;
  afterLoadMb: number;
  requests: number;
  non2xx: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measureStart(label: string, dataDir: string): Promise<Measured> {
  const server = await startServerProcess({ DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'info', LOG_FORMAT: 'text' }, { apiOnly: true });
  try {
    const seeder = /\[seed\] the demo data is added by process (\d+)/.exec(server.output());
    const seed = seeder ? `seeded by process ${seeder[1]} (the server is ${server.pid})` : 'no seed (data there)';
    const cookie = await signInDemoMember(server);
    await pause(IDLE_MS);
    const idleMb = processTreeRssMb(server.pid);
    let loadMaxMb = idleMb;
    const sampler = setInterval(() => {
      loadMaxMb = Math.max(loadMaxMb, processTreeRssMb(server.pid));
    }, 250);
    let result: autocannon.Result;
    try {
      result = await autocannon({
        url: server.origin,
        connections: CONNECTIONS,
        duration: LOAD_SECONDS,
        requests: [{ method: 'GET', path: LIST, headers: { cookie } }],
      });
    } finally {
      clearInterval(sampler);
    }
    await pause(IDLE_MS);
    return { label, seed, idleMb, loadMaxMb, afterLoadMb: processTreeRssMb(server.pid), requests: result.requests.total, non2xx: result.non2xx };
  } finally {
    await server.stop();
  }
}

function report(rows: Measured[]): SummaryRow[] {
  console.log(`\nThe serving process's RSS; the load: ${LOAD_SECONDS} s of GET ${LIST} at ${CONNECTIONS} connections; ${machineLoad()}`);
  console.log(
    table(
      ['start', 'seed', `idle (${IDLE_MS / 1000} s) MB`, 'max under load MB', `after load (${IDLE_MS / 1000} s) MB`, 'requests', 'non-2xx'],
      rows.map((r) => [r.label, r.seed, r.idleMb.toFixed(0), r.loadMaxMb.toFixed(0), r.afterLoadMb.toFixed(0), String(r.requests), String(r.non2xx)]),
      [0, 1],
    ),
  );
  return rows.flatMap((r) => [
    { label: `${r.label}: idle RSS`, figure: `${r.idleMb.toFixed(0)} MB`, budget: `< ${BUDGET_MB} MB`, verdict: verdict(r.idleMb < BUDGET_MB) },
    {
      label: `${r.label}: RSS under ${LOAD_SECONDS} s of list load`,
      figure: `${r.loadMaxMb.toFixed(0)} MB at most, ${r.afterLoadMb.toFixed(0)} MB after`,
      budget: `< ${BUDGET_MB} MB`,
      verdict: verdict(r.loadMaxMb < BUDGET_MB),
    },
  ]);
}

export async function runFirstStartMemory(): Promise<SummaryRow[]> {
  console.log(heading('Memory from the first start (the compiled server, a fresh embedded database with the demo data)'));
  if (process.platform !== 'linux') {
    console.log('Skipped: it reads /proc, Linux only.');
    return [];
  }
  const cleanup = new Cleanup();
  try {
    const work = await mkdtemp(join(tmpdir(), 'mingle-bench-first-start-'));
    const onExit = removeOnExit(work);
    cleanup.add(async () => {
      await rm(work, { recursive: true, force: true });
      onExit.removed();
    });
    const dataDir = join(work, 'data');
    const first = await measureStart('first start', dataDir);
    const restart = await measureStart('restart', dataDir);
    return report([first, restart]);
  } finally {
    await cleanup.run();
  }
}

runWhenStarted(import.meta.url, runFirstStartMemory);
