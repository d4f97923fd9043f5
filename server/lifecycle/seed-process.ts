/**
 * The demo seed as a process of its own: prepare-database.ts starts it with node (compiled, next
 * to main.js: scripts/build-server.ts) when the database needs the demo data, or when the
 * embedded database does not exist yet, waits for it to exit, and only then opens the database to
 * serve. Done in the serving process, creating the database, the demo data set's objects, its one
 * large transaction and PGlite's memory for them stayed there: the first start on a fresh data
 * folder idled at 408 MB, a restart on the same folder at 235 MB.
 *
 * What to open comes over the IPC channel (SeedOrder: the server's own settings, which tests may
 * have made without the environment; a database URL stays out of the process list). It opens the
 * database (created and migrated on open), adds the demo data when asked and there are no members
 * and no events, and exits 0; any failure exits 1.
 */
import { sql } from 'kysely';
import { openDatabase } from '../db/database';
import { seedDemoIfEmpty } from '../db/seed/demo';
import type { LogFormat, LogLevel } from '../env';
import { createLogger } from '../logger';

export interface SeedOrder {
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: LogLevel;
  logFormat: LogFormat;
  /** Add the demo data to an empty database; false: only create and migrate it. */
  seed: boolean;
}

async function prepare(order: SeedOrder): Promise<void> {
  const logger = createLogger(order.logLevel, order.logFormat);
  try {
    const database = await openDatabase({ databaseUrl: order.databaseUrl, dataDir: order.dataDir, poolSize: 1 });
    try {
      const seeded = order.seed && (await seedDemoIfEmpty(database.db, (message) => logger.info(`[seed] ${message} (process ${process.pid})`)));
      if (seeded) logger.info('[seed] demo data added (SEED_DEMO=false turns this off)');
      // The rows just added, settled at once rather than when autovacuum comes by (a minute or so):
      // planner statistics, without which the prepared statements are planned on guessed row counts,
      // and the rows' visibility recorded, which the first readers would otherwise work out (and
      // write back) row by row. Under load right after seeding, PostgreSQL spent about a third more
      // CPU per events list. (The embedded database is vacuumed and analysed after every start: main.ts.)
      if (seeded && database.kind !== 'pglite') await sql`vacuum analyze`.execute(database.db);
    } finally {
      await database.close();
    }
  } catch (error) {
    logger.error('[seed] preparing the database failed', error);
    process.exitCode = 1;
  }
}

// A stop of the server (Ctrl+C reaches this process too, from the terminal) waits for the seed,
// as it always did. Should the server itself go (killed, or a second Ctrl+C), its channel closes
// and this process goes too: the seed's one transaction is then never committed, and the next
// start seeds again rather than opening a data folder this process still holds.
if (!process.send) {
  console.error('seed-process is started by the server when it needs it; to add the demo data by hand: npm run db:seed');
  process.exit(2);
}
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => undefined);
process.on('disconnect', () => process.exit(1));
process.once('message', (order: SeedOrder) => {
  // The channel is only listened to from now on: it must not keep this process up once done.
  process.channel?.unref();
  void prepare(order);
});
