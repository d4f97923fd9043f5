import cluster, { type Worker } from 'node:cluster';
import type { Config } from '../env';
import { subscribeDemoProMembers, withLocalPayments } from '../local-payments';
import type { Logger } from '../logger';
import { prepareDatabase } from './prepare-database';
import { stopOnSignals } from './stop-on-signals';

/** How long the primary waits past SHUTDOWN_TIMEOUT_MS for its workers before it kills them. */
const WORKER_EXIT_GRACE_MS = 5_000;

/**
 * A worker's young generation, in MB per semi-space (V8's own default on 64-bit). The server is
 * started with 4 (SERVER_NODE_ARGS), which keeps the embedded database's process under 300 MB; a
 * worker on PostgreSQL has no such budget, and with 4 a busy worker spent a tenth of its time in
 * the garbage collector: at 16 the events list answered 14 % more requests (tests/bench/throughput.ts).
 */
export const WORKER_SEMI_SPACE_MB = 16;

/** The primary's Node options for its workers, with the young generation above. */
export function workerExecArgv(primaryExecArgv: readonly string[]): string[] {
  return [...primaryExecArgv.filter((arg) => !arg.startsWith('--max-semi-space-size')), `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`];
}

/**
 * With DATABASE_URL (PostgreSQL; WORKERS=N, default 1): this process serves nothing itself. It does what must
 * happen once, then forks N workers that serve PORT together (node:cluster shares the socket):
 * - migrations and the demo seed, before any worker starts;
 * - the local test checkout for payments (when no Stripe key is set), one for all workers: its
 *   address and webhook secret reach them in their environment, so they sign and verify alike,
 *   and its webhooks go to PORT, whichever worker answers;
 * - the demo PRO members' subscriptions, once the first worker listens.
 * (The periodic tidy of the embedded database has no place here: PGlite is never clustered.)
 * A worker that dies is replaced, unless it died before it ever listened (a broken setting or an
 * unreachable database would only die again: the primary stops, exit 1). On SIGTERM or SIGINT
 * the workers drain and exit first; then the checkout and the database close.
 */
export async function runClusterPrimary(config: Config, logger: Logger): Promise<void> {
  let stopping = false;
  let failed = false;
  // A stop is taken from the first moment: one that comes while the database opens or the seed
  // runs waits for them, then closes what they opened; no worker starts after it.
  const starting = (async () => {
    const database = await prepareDatabase(config, logger, { seed: true });
    return { database, payments: await withLocalPayments(config, logger) };
  })();
  const stop = stopOnSignals(logger, { secondSignalExits: true }, async (reason) => {
    stopping = true;
    const { database, payments } = await starting;
    logger.info(`[cluster] ${reason}: stopping ${Object.keys(cluster.workers ?? {}).length} worker(s)`);
    const running = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    const exits = running.map((worker) => new Promise<number | null>((resolve) => worker.once('exit', (code) => resolve(code))));
    for (const worker of running) worker.process.kill('SIGTERM');
    const killer = setTimeout(() => {
      for (const worker of running) if (!worker.isDead()) worker.process.kill('SIGKILL');
    }, config.SHUTDOWN_TIMEOUT_MS + WORKER_EXIT_GRACE_MS);
    const codes = await Promise.all(exits);
    clearTimeout(killer);
    await payments.close().catch((error: unknown) => logger.error('[payments] closing the local test checkout failed', error));
    await database.close().catch((error: unknown) => logger.error('[db] close failed', error));
    logger.info('[cluster] stopped');
    if (failed || codes.some((code) => code !== 0)) throw new Error(`stopped after a failure (worker exit codes: ${codes.join(', ') || 'none'})`);
  });
  const { database, payments } = await starting;
  if (stopping) return;
  const workerEnv: Record<string, string> = payments.local
    ? {
        STRIPE_SECRET_KEY: payments.config.STRIPE_SECRET_KEY ?? '',
        STRIPE_WEBHOOK_SECRET: payments.config.STRIPE_WEBHOOK_SECRET ?? '',
        STRIPE_API_BASE: payments.config.STRIPE_API_BASE ?? '',
      }
    : {};

  const listened = new WeakSet<Worker>();
  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv) });
  const fork = () =>
    cluster.fork(workerEnv).once('listening', function (this: Worker) {
      listened.add(this);
    });

  let announced = false;
  cluster.on('listening', () => {
    if (announced) return;
    announced = true;
    const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
    const workers = config.WORKERS === 1 ? '1 worker process' : `${config.WORKERS} worker processes`;
    logger.info(`Mingle is running at http://${host}:${config.PORT} with ${workers}${config.APP_ORIGIN ? ` (public origin ${config.APP_ORIGIN})` : ''}`);
    if (payments.local && config.SEED_DEMO) {
      subscribeDemoProMembers(database.db, payments.config, config.APP_ORIGIN ?? `http://127.0.0.1:${config.PORT}`, logger).catch((error: unknown) =>
        logger.error('[payments] subscribing the demo PRO members failed', error),
      );
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (!listened.has(worker)) {
      logger.error(`[cluster] worker ${worker.process.pid} exited (${how}) before it listened; stopping`);
      failed = true;
      stop('a worker could not start');
      return;
    }
    logger.error(`[cluster] worker ${worker.process.pid} exited (${how}); starting another`);
    fork();
  });

  for (let i = 0; i < config.WORKERS; i++) fork();
}
