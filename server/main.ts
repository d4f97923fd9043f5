import cluster from 'node:cluster';
import { createApp } from './app';
import { TIDY_INTERVAL_MS, tidyEmbeddedDatabase } from './db/database';
import { ConfigError, loadConfig, startupWarnings, type Config } from './env';
import { serveApp } from './http/node-server';
import { runClusterPrimary } from './lifecycle/cluster-primary';
import { drainHttpServer } from './lifecycle/drain-http-server';
import { prepareDatabase } from './lifecycle/prepare-database';
import { stopOnSignals } from './lifecycle/stop-on-signals';
import { subscribeDemoProMembers, withLocalPayments } from './local-payments';
import { createLogger, printedMailWriter } from './logger';
import { createLogMailer, createMailer } from './services/mail/mailer';
import { startPushScheduler } from './services/push/reminder-scheduler';
import { createPostgresBus } from './services/realtime/postgres-bus';
import { createRealtime } from './services/realtime/realtime';

/**
 * Reads the configuration once, opens the database, serves. Everything else lives in app.ts;
 * with DATABASE_URL this file runs as the cluster's primary (lifecycle/cluster-primary.ts) and as
 * each of its WORKERS workers, which serve as a single process does but leave the once-only work (seed,
 * local payments checkout) to the primary.
 */

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const logger = createLogger(config.LOG_LEVEL, config.LOG_FORMAT);
const worker = cluster.isWorker;
// Node would print the stack over many lines and exit 1; the same exit, but as one log line.
process.on('uncaughtException', (error) => {
  logger.error('[server] uncaught exception, exiting', error);
  process.exit(1);
});
if (!worker) for (const warning of startupWarnings(config)) logger.error(`[config] WARNING: ${warning}`);

// PostgreSQL: a primary and its workers, even one (lifecycle/cluster-primary.ts: their larger young
// generation, and a worker that dies is replaced). PGlite belongs to one process, which serves.
if (!worker && config.DATABASE_URL) {
  await runClusterPrimary(config, logger);
} else {
  /** Opens the database, starts what the app needs and listens; resolves once all is started. */
  async function serveHere() {
    const database = await prepareDatabase(config, logger, { seed: !worker });

    const mailer = config.SMTP_URL ? createMailer(config) : createLogMailer(printedMailWriter(config.LOG_FORMAT));
    if (!worker) logger.info(config.SMTP_URL ? '[mail] sending through SMTP_URL' : '[mail] SMTP_URL not set: sign-in codes are printed here');

    // A worker finds the primary's local checkout in its environment, so nothing starts here.
    const payments = await withLocalPayments(config, logger);
    // The event stream: with PostgreSQL its events reach the streams of every process through
    // LISTEN/NOTIFY (one listening connection here); the embedded database has this process alone.
    const realtime = createRealtime(config.DATABASE_URL ? { bus: createPostgresBus(config.DATABASE_URL, logger) } : {});
    const app = createApp({ db: database.db, mailer, config: payments.config, logger, realtime });
    // Event reminders: every process runs the scheduler; the database hands each reminder to one.
    const pushScheduler = startPushScheduler({ db: database.db, config, logger, mailer, realtime });
    const server = serveApp({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
      if (worker) {
        logger.info(`[cluster] worker ${process.pid} serving port ${info.port}`);
        return;
      }
      const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
      logger.info(`Mingle is running at http://${host}:${info.port}${config.APP_ORIGIN ? ` (public origin ${config.APP_ORIGIN})` : ''}`);
      if (payments.local && config.SEED_DEMO) {
        subscribeDemoProMembers(database.db, payments.config, config.APP_ORIGIN ?? `http://127.0.0.1:${info.port}`, logger).catch((error: unknown) =>
          logger.error('[payments] subscribing the demo PRO members failed', error),
        );
      }
    });

    // PGlite only, which is never clustered (env.ts), so one process tidies. Started once listening:
    // the vacuum takes seconds on the demo data, and the app's files and /healthz need no database.
    if (database.kind === 'pglite') {
      const tidy = () => tidyEmbeddedDatabase(database).catch((error: unknown) => logger.error('[db] vacuum of the embedded database failed', error));
      server.once('listening', () => void tidy());
      setInterval(() => void tidy(), TIDY_INTERVAL_MS).unref();
    }

    server.on('error', (error) => {
      logger.error('[server] could not listen', error);
      void database.close().finally(() => process.exit(1));
    });
    return { database, payments, pushScheduler, server, realtime };
  }

  const running = serveHere();
  // Taken from the first moment: a stop that comes while the database opens or the seed runs
  // waits for them, then closes the database like any other stop (PGlite needs no recovery).
  const stop = stopOnSignals(logger, { secondSignalExits: !worker }, async (reason) => {
    logger.info(`[server] ${reason}: draining (requests in flight get up to ${config.SHUTDOWN_TIMEOUT_MS} ms)`);
    const { database, payments, pushScheduler, server, realtime } = await running;
    const drained = drainHttpServer(server, config.SHUTDOWN_TIMEOUT_MS);
    // Open event streams would hold the drain to its deadline: they end now, and the apps resume
    // them elsewhere from their last event id.
    realtime.endStreams();
    const { cut } = await drained;
    if (cut > 0) logger.error(`[server] ${cut} connection(s) still busy at the deadline were cut`);
    await payments.close().catch((error: unknown) => logger.error('[payments] closing the local test checkout failed', error));
    await pushScheduler.stop();
    await realtime.close();
    // Closing PGlite cleanly lets the next start skip recovery.
    await database.close();
    logger.info('[server] stopped');
  });
  // A worker whose primary is gone (killed) would serve on unsupervised: it drains and exits.
  if (worker) process.on('disconnect', () => stop('primary gone'));
  await running;
}
