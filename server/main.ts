import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { createApp } from './app';
import { serveApp } from './http/node-server';
import { openDatabase, TIDY_INTERVAL_MS, tidyEmbeddedDatabase } from './db/database';
import { seedDemoIfEmpty } from './db/seed/demo';
import { ConfigError, loadConfig, startupWarnings, type Config } from './env';
import { subscribeDemoProMembers, withLocalPayments } from './local-payments';
import { createLogger } from './logger';
import { createMailer } from './services/mail';

/** Reads the configuration once, opens the database, serves. Everything else lives in app.ts. */

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
const logger = createLogger(config.LOG_LEVEL);
for (const warning of startupWarnings(config)) logger.error(`[config] WARNING: ${warning}`);

if (!config.DATABASE_URL) mkdirSync(config.DATA_DIR, { recursive: true });
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
logger.info(
  database.kind === 'pglite'
    ? `[db] embedded PostgreSQL (PGlite) in ${resolve(config.DATA_DIR)}; migrations applied`
    : '[db] PostgreSQL server from DATABASE_URL; migrations applied',
);

if (config.SEED_DEMO) {
  const seeded = await seedDemoIfEmpty(database.db, (message) => logger.info(`[seed] ${message}`));
  if (seeded) logger.info('[seed] demo data added (SEED_DEMO=false turns this off)');
}

if (database.kind === 'pglite') {
  const tidy = () =>
    tidyEmbeddedDatabase(database).catch((error: unknown) => logger.error('[db] vacuum of the embedded database failed', error));
  await tidy();
  setInterval(() => void tidy(), TIDY_INTERVAL_MS).unref();
}

const mailer = createMailer(config);
logger.info(config.SMTP_URL ? '[mail] sending through SMTP_URL' : '[mail] SMTP_URL not set: sign-in codes are printed here');

const payments = await withLocalPayments(config, logger);
const app = createApp({ db: database.db, mailer, config: payments.config, logger });
const server = serveApp({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  logger.info(`Mingle is running at http://${host}:${info.port}${config.APP_ORIGIN ? ` (public origin ${config.APP_ORIGIN})` : ''}`);
  if (payments.local && config.SEED_DEMO) {
    subscribeDemoProMembers(database.db, payments.config, config.APP_ORIGIN ?? `http://127.0.0.1:${info.port}`, logger).catch((error: unknown) =>
      logger.error('[payments] subscribing the demo PRO members failed', error),
    );
  }
});

server.on('error', (error) => {
  logger.error('[server] could not listen', error);
  void database.close().finally(() => process.exit(1));
});

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) process.exit(1); // a second Ctrl+C means "now"
  stopping = true;
  logger.info(`[server] ${signal}: closing`);
  await new Promise<void>((done) => {
    server.close(() => done());
    if ('closeIdleConnections' in server) server.closeIdleConnections();
    // Busy keep-alive connections can hold close() open; do not wait for them for ever.
    setTimeout(done, 3000).unref();
  });
  await payments.close().catch((error: unknown) => logger.error('[payments] closing the local test checkout failed', error));
  // Closing PGlite cleanly lets the next start skip recovery.
  await database.close().catch((error: unknown) => logger.error('[db] close failed', error));
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
