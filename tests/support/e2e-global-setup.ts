/**
 * Playwright global setup: builds the server, starts the SMTP sink and the real production server
 * (the compiled `server/main.ts` run with plain node, serving the built app and the API on one
 * port) on a fresh data folder, builds the app while the server prepares its database, waits until
 * it answers, and returns the teardown that stops both.
 *
 * The build goes to a temporary folder (served through DIST_DIR), so a test run never replaces the
 * dist/ of a developer's running server, and the tests always run the current source.
 * E2E_SKIP_BUILD=1 serves ./dist as it is instead (it must be built already).
 * E2E_KEEP=1 keeps the temporary folder (database, build) after the run. The server's log is copied
 * to test-results/e2e-server.log at the end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';
import { compiledServerEntry, SERVER_NODE_ARGS } from '../../server/test/helpers/compiled-server';
import { DIST_DIR_ENV } from './paths';
import { MAIL_URL_ENV, startSmtpSink } from './smtp-sink';

const root = fileURLToPath(new URL('../../', import.meta.url));

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const baseURL = new URL(config.projects[0]?.use.baseURL ?? 'http://127.0.0.1:8390');
  const port = Number(baseURL.port || 80);
  const work = await mkdtemp(join(tmpdir(), 'mingle-e2e-'));
  const cleanups: Array<() => Promise<void>> = [];
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((e: unknown) => console.error(e));
    if (process.env.E2E_KEEP === '1') console.log(`e2e: kept ${work}`);
    else await rm(work, { recursive: true, force: true });
  };

  try {
    if (await portInUse(port)) {
      throw new Error(`Port ${port} is already in use: stop whatever listens there (an earlier e2e server?)`);
    }
    const distDir = process.env.E2E_SKIP_BUILD === '1' ? join(root, 'dist') : join(work, 'dist');
    if (process.env.E2E_SKIP_BUILD === '1' && !existsSync(join(distDir, 'index.html'))) {
      throw new Error('E2E_SKIP_BUILD=1 but dist/ is not built (npm run build)');
    }

    process.env[DIST_DIR_ENV] = distDir; // the update test rewrites sw.js there (and restores it)

    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    process.env[MAIL_URL_ENV] = sink.httpUrl; // inherited by the test workers

    const logFile = join(work, 'server.log');
    const serverEntry = await buildServer();
    const server = startServer(
      serverEntry,
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: join(work, 'data'),
        DIST_DIR: distDir,
        SMTP_URL: `smtp://127.0.0.1:${sink.smtpPort}`,
        MAIL_FROM: 'Mingle <no-reply@mingle.test>',
        // The demo data set, as a fresh `npm start` has it (seeding takes well under a second).
        SEED_DEMO: 'true',
        // Every test signs in from the same address; the per-IP limits are tested in the API tests.
        RATE_LIMIT_PER_IP: '100000',
        RATE_LIMIT_VERIFY_PER_IP: '100000',
        // The demo members write in many journeys of one run; the write limits are tested in the API tests.
        WRITE_LIMIT_FACTOR: '100',
        LOG_LEVEL: 'info',
        // The stand-in for the browser's push service hands out endpoints there (push-subscription.ts).
        PUSH_ALLOWED_ORIGINS: 'https://push.example',
        // On a PostgreSQL database (an empty one: the demo data is added) with several processes,
        // as production runs: what crosses processes (the event stream) is then tested for real.
        ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL, WORKERS: process.env.E2E_WORKERS ?? '1' } : {}),
      },
      logFile,
    );
    cleanups.push(async () => {
      await stop(server);
      await mkdir(join(root, 'test-results'), { recursive: true });
      await copyFile(logFile, join(root, 'test-results', 'e2e-server.log'));
    });
    // The app is built while the server makes its database and seeds it: the server reads the
    // built files when asked for them, and the two together took 20 s one after the other.
    if (process.env.E2E_SKIP_BUILD !== '1') await build(distDir);
    await waitUntilServing(baseURL.origin, server, logFile);
    return teardown;
  } catch (error) {
    await teardown();
    throw error;
  }
}

/** Runs `vite build` in a child process (not spawnSync: the server's log is read meanwhile). */
async function build(outDir: string): Promise<void> {
  const started = Date.now();
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const child = spawn(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.once('exit', (c, sig) => resolve([c, sig])));
  if (code !== 0) throw new Error(`vite build failed (exit ${code ?? signal})`);
  console.log(`e2e: built the app in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function buildServer(): Promise<string> {
  const started = Date.now();
  const entry = await compiledServerEntry();
  console.log(`e2e: built the server in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return entry;
}

function startServer(entry: string, env: Record<string, string>, logFile: string): ChildProcess {
  const inherited = { ...process.env };
  // The e2e server always runs on its own fresh embedded database, whatever the shell has set.
  for (const name of ['DATABASE_URL', 'APP_ORIGIN', 'TRUST_PROXY', 'SESSION_IDLE_DAYS']) delete inherited[name];
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, entry], {
    cwd: root,
    env: { ...inherited, ...env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Polls until the server serves both the app and the API; fails early if the process exits. */
async function waitUntilServing(origin: string, child: ChildProcess, logFile: string): Promise<void> {
  const started = Date.now();
  const deadline = started + 120_000;
  const tail = () => readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The e2e server exited (${child.exitCode ?? child.signalCode}) before serving:\n${tail()}`);
    }
    try {
      const [page, api] = await Promise.all([fetch(`${origin}/`), fetch(`${origin}/api/users/me`)]);
      const html = await page.text();
      if (page.ok && html.includes('<div id="root">') && api.status === 401) {
        console.log(`e2e: server ready at ${origin} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        return;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The e2e server did not answer at ${origin} within 120 s:\n${tail()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
