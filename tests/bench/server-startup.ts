/**
 * Start-up time and idle memory of the server, as TypeScript through tsx (how `npm start` ran it
 * at first) and compiled by esbuild with plain node (how it runs now):
 *   - from spawning the process to its "Mingle is running" line (listening);
 *   - from spawning to the first 200 of GET /readyz (the database answers and is migrated);
 *   - resident memory (RSS, /proc/<pid>/status) after 3 s of idling once ready.
 * On the embedded database in a data folder seeded once beforehand, so each run is a restart of an
 * existing installation (the usual case), and with BENCH_DATABASE_URL on a PostgreSQL database
 * there too (where opening the database is quick, so loading the code weighs more). The runs
 * alternate between the two servers so that a busy moment of the machine does not fall on one
 * only. `npx tsx tests/bench/server-startup.ts`
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compiledServerEntry, SERVER_NODE_ARGS } from '../../server/test/helpers/compiled-server';
import { openProcessDatabase } from '../../server/test/helpers/process-database';
import { freePort, mainEntry } from '../../server/test/helpers/server-process';
import { benchEnv } from './env';
import { rssMb } from './process-usage';
import { root, removeOnExit } from './processes';
import { heading, machineLoad, ms, runWhenStarted, stats, table, type SummaryRow } from './report';

const RUNS = 5;
const IDLE_MS = 3_000;

interface Start {
  listeningMs: number;
  readyMs: number;
  idleRssMb: number;
}

type Variant = { label: string; args: string[] };

/** One start: spawn, time to the listening line and to /readyz 200, RSS after idling; then SIGTERM. */
async function startOnce(variant: Variant, databaseEnv: Record<string, string>, work: string): Promise<Start> {
  const port = await freePort();
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'APP_ORIGIN']) delete env[name];
  Object.assign(env, databaseEnv, {
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_FORMAT: 'text',
    SEED_DEMO: 'true',
    DIST_DIR: join(work, 'no-dist'),
  });
  const started = performance.now();
  const child = spawn(process.execPath, variant.args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  const listening = new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString('utf8');
      if (printed.includes('Mingle is running')) resolve(performance.now() - started);
    });
    child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')));
    child.once('exit', (code) => reject(new Error(`${variant.label} exited (${code}) before listening:\n${printed}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    let readyMs = 0;
    while (!readyMs) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/readyz`);
        await res.body?.cancel();
        if (res.status === 200) readyMs = performance.now() - started;
      } catch {
        // not listening yet
      }
      if (!readyMs) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const listeningMs = await listening;
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    return { listeningMs, readyMs, idleRssMb: rssMb(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function measure(database: string, databaseEnv: Record<string, string>, work: string): Promise<SummaryRow[]> {
  const compiled: Variant = { label: 'compiled (node dist-server/main.js)', args: [...SERVER_NODE_ARGS, await compiledServerEntry()] };
  const source: Variant = { label: 'tsx (node --import tsx server/main.ts)', args: ['--import', 'tsx', mainEntry] };
  // The first start creates, migrates and seeds the database; not measured.
  await startOnce(compiled, databaseEnv, work);
  const results = new Map<Variant, Start[]>([
    [source, []],
    [compiled, []],
  ]);
  for (let run = 0; run < RUNS; run++) {
    for (const variant of [source, compiled]) results.get(variant)!.push(await startOnce(variant, databaseEnv, work));
  }
  const rows = [...results].map(([variant, starts]) => ({
    variant,
    listening: stats(starts.map((s) => s.listeningMs)),
    ready: stats(starts.map((s) => s.readyMs)),
    rss: stats(starts.map((s) => s.idleRssMb)),
  }));
  console.log(`\n  ${database}:`);
  console.log(
    table(
      ['server', 'to listening p50 (min-max) ms', 'to /readyz 200 p50 (min-max) ms', 'idle RSS p50 (min-max) MB'],
      rows.map(({ variant, listening, ready, rss }) => [
        variant.label,
        `${ms(listening.p50)} (${ms(listening.min)}-${ms(listening.max)})`,
        `${ms(ready.p50)} (${ms(ready.min)}-${ms(ready.max)})`,
        `${rss.p50.toFixed(0)} (${rss.min.toFixed(0)}-${rss.max.toFixed(0)})`,
      ]),
    ),
  );
  return rows.map(({ variant, ready, rss }) => ({
    label: `start-up, ${variant.label.split(' ')[0]}, ${database}`,
    figure: `/readyz 200 after ${ms(ready.p50)} ms, idle RSS ${rss.p50.toFixed(0)} MB`,
    budget: '',
    verdict: '',
  }));
}

export async function runServerStartup(): Promise<SummaryRow[]> {
  console.log(heading(`Server start-up: tsx versus compiled (${RUNS} runs each, ${machineLoad()})`));
  const work = await mkdtemp(join(tmpdir(), 'mingle-bench-startup-'));
  const cleanup = removeOnExit(work);
  try {
    const rows = await measure('PGlite', { DATA_DIR: join(work, 'data') }, work);
    if (benchEnv.databaseUrl) {
      const postgres = await openProcessDatabase(benchEnv.databaseUrl);
      try {
        rows.push(...(await measure('PostgreSQL', postgres.serverEnv, work)));
      } finally {
        await postgres.close();
      }
    }
    return rows;
  } finally {
    await rm(work, { recursive: true, force: true });
    cleanup.removed();
  }
}

runWhenStarted(import.meta.url, runServerStartup);
