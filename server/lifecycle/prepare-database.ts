import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type OpenDatabase } from '../db/database';
import { seedDemoIfEmpty } from '../db/seed/demo';
import type { Config } from '../env';
import type { Logger } from '../logger';

/**
 * Opens the database of the configuration (migrations applied on open) and, when SEED_DEMO says
 * so and `seed` is true, adds the demo data to an empty one. With several workers the primary
 * seeds once before it forks them; the workers only open.
 */
export async function prepareDatabase(config: Config, logger: Logger, { seed }: { seed: boolean }): Promise<OpenDatabase> {
  if (!config.DATABASE_URL) mkdirSync(config.DATA_DIR, { recursive: true });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DATABASE_POOL_SIZE });
  logger.info(
    database.kind === 'pglite'
      ? `[db] embedded PostgreSQL (PGlite) in ${resolve(config.DATA_DIR)}; migrations applied`
      : '[db] PostgreSQL server from DATABASE_URL; migrations applied',
  );
  if (seed && config.SEED_DEMO) {
    const seeded = await seedDemoIfEmpty(database.db, (message) => logger.info(`[seed] ${message}`));
    if (seeded) logger.info('[seed] demo data added (SEED_DEMO=false turns this off)');
    // The rows just added, settled at once rather than when autovacuum comes by (a minute or so):
    // planner statistics, without which the prepared statements are planned on guessed row counts,
    // and the rows' visibility recorded, which the first readers would otherwise work out (and
    // write back) row by row. Under load right after seeding, PostgreSQL spent about a third more
    // CPU per events list. (The embedded database is vacuumed and analysed after every start: main.ts.)
    if (seeded && database.kind !== 'pglite') await sql`vacuum analyze`.execute(database.db);
  }
  return database;
}
