/**
 * Test-only server entry for the crash tests (never used by npm start): builds the app as
 * server/main.ts does, from the same environment, with two settings main.ts does not have:
 *
 *   --lease-ms=N         the Idempotency-Key lease (main.ts keeps the default), so a test need
 *                        not wait 30 s for a stranded claim to be taken over;
 *   --kill-at-claim=N    kill -9 this process right after the Nth claim it stores (1 = the first),
 *                        between the claim and the route's effect: the crash the lease recovers from.
 *
 * SIGUSR2 arms the same crash for the next claim (the chaos suite chooses when).
 *
 * No demo seed and no vacuum timer: the tests write their own data before it starts.
 */
import { serve } from '@hono/node-server';
import { createApp } from '../../app';
import { openDatabase } from '../../db/database';
import { loadConfig } from '../../env';
import { createLogger } from '../../logger';
import { createMailer } from '../../services/mail/mailer';

function numberArg(name: string): number | undefined {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg === undefined ? undefined : Number(arg.slice(name.length + 3));
}

const leaseMs = numberArg('lease-ms');
const killAtClaim = numberArg('kill-at-claim') ?? 0;

const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL);
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });

let claims = 0;
let armed = false;
process.on('SIGUSR2', () => {
  armed = true;
});
const afterClaim = () => {
  claims++;
  if (armed || claims === killAtClaim) {
    logger.info(`[crash-server] kill -9 after claim ${claims}`);
    process.kill(process.pid, 'SIGKILL');
  }
};

const app = createApp({ db: database.db, mailer: createMailer(config), config, logger, idempotency: { leaseMs, afterClaim } });
serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => logger.info(`[crash-server] listening on ${info.port}`));

const stop = () => void database.close().finally(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
