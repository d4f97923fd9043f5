import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { openDatabase, type OpenDatabase } from '../db/database';
import type { Database } from '../db/schema';
import type { Config } from '../env';
import type { Logger } from '../logger';
import type { SeedOrder } from './seed-process';

/**
 * Opens the database of the configuration (migrations applied on open) and, when SEED_DEMO says
 * so and `seed` is true, has the demo data added to an empty one first, by a process of its own
 * (seed-process.ts), so that none of the seed's memory stays in this one. With several workers the
 * primary does this once before it forks them; the workers only open.
 */
export async function prepareDatabase(config: Config, logger: Logger, { seed }: { seed: boolean }): Promise<OpenDatabase> {
  if (!config.DATABASE_URL) mkdirSync(config.DATA_DIR, { recursive: true });
  const open = async () => {
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DATABASE_POOL_SIZE });
    logger.info(
      database.kind === 'pglite'
        ? `[db] embedded PostgreSQL (PGlite) in ${resolve(config.DATA_DIR)}; migrations applied`
        : '[db] PostgreSQL server from DATABASE_URL; migrations applied',
    );
    return database;
  };
  const seeding = seed && config.SEED_DEMO;

  // A data folder without a database yet (the first start): the other process creates it too.
  // PGlite creating and migrating a database left this process at 590 MB even without the demo
  // data, against about 250 MB when it opens one that exists.
  if (!config.DATABASE_URL && !existsSync(join(config.DATA_DIR, 'PG_VERSION'))) {
    await prepareInOwnProcess(config, logger, seeding);
    return open();
  }
  if (!seeding) return open();
  const database = await open();
  if (!(await isEmpty(database.db))) return database;
  // PGlite belongs to one process at a time: this one lets go while the seed's process writes.
  if (database.kind === 'pglite') {
    await database.close();
    await prepareInOwnProcess(config, logger, true);
    return open();
  }
  await prepareInOwnProcess(config, logger, true);
  return database;
}

/** The condition of seedDemoIfEmpty: no members and no events. */
async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  const anyEvent = await db.selectFrom('events').select('id').limit(1).executeTakeFirst();
  return !anyUser && !anyEvent;
}

/**
 * node on seed-process: the compiled one next to main.js in production (the bundle's
 * import.meta.url is main.js), the TypeScript source through tsx in development and tests.
 */
function seedCommand(): string[] {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) return ['--import', 'tsx', join(dirname(here), 'seed-process.ts')];
  return ['--enable-source-maps', join(dirname(here), 'seed-process.js')];
}

/**
 * Runs seed-process (create and migrate the database, and with `seeding` add the demo data) with
 * this one's environment and output and `config`'s settings, and waits for it. A stop asked
 * meanwhile waits too (main.ts); the channel lets that process go when this one dies.
 */
async function prepareInOwnProcess(config: Config, logger: Logger, seeding: boolean): Promise<void> {
  // Reached without a pause from the server's start, before main.ts has its signal handlers: a
  // SIGTERM sent on the line below would find none and end this process with the seed running.
  await new Promise((resolve) => setImmediate(resolve));
  const child = spawn(process.execPath, seedCommand(), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const order: SeedOrder = {
    dataDir: resolve(config.DATA_DIR),
    databaseUrl: config.DATABASE_URL,
    logLevel: config.LOG_LEVEL,
    logFormat: config.LOG_FORMAT,
    seed: seeding,
  };
  child.send(order);
  const who = `process ${child.pid ?? '?'}, not this one (${process.pid})`;
  logger.info(seeding ? `[seed] the demo data is added by ${who}` : `[db] the new embedded database is created by ${who}`);
  const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done, fail) => {
    child.once('error', fail);
    child.once('exit', (exitCode, exitSignal) => done({ code: exitCode, signal: exitSignal }));
  });
  if (code !== 0) throw new Error(`Preparing the database failed (process ${child.pid ?? '?'} exited with ${signal ?? `code ${code}`})`);
}
