/**
 * npm run db:seed [-- --force]
 *
 * Opens the database the way the server does (DATABASE_URL, else PGlite in DATA_DIR) and adds the
 * demo data when there are no users and no events yet. With --force it first empties every table
 * the seed fills (all members, events and what hangs off them) and seeds again.
 * Stop the server first when it uses the embedded database: PGlite allows one process per folder.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { ConfigError, loadConfig } from '../env';
import { openDatabase } from './database';
import { DEMO_EMAIL, DEMO_PRO_EMAIL, seedDemo, seedDemoIfEmpty } from './seed/demo';
import type { Database } from './schema';

const USAGE = `Usage: npm run db:seed [-- --force]
  Adds the demo data to an empty database.
  --force  empties the seeded tables (members, events, organizers, locations ...) and seeds again.`;

async function countRows(db: Kysely<Database>): Promise<Record<string, number>> {
  const tables = [
    'organizers',
    'categories',
    'event_types',
    'locations',
    'events',
    'users',
    'event_attendees',
    'connections',
    'interactions',
    'feed_activities',
    'subscriptions',
  ] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const unknown = args.filter((a) => a !== '--force');
  if (unknown.length > 0) {
    console.error(`Unknown argument ${unknown.join(' ')}\n${USAGE}`);
    return 2;
  }
  const force = args.includes('--force');

  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  if (!config.DATABASE_URL) mkdirSync(config.DATA_DIR, { recursive: true });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  console.log(
    database.kind === 'pglite' ? `Database: embedded PostgreSQL (PGlite) in ${resolve(config.DATA_DIR)}` : 'Database: PostgreSQL server from DATABASE_URL',
  );
  try {
    const started = performance.now();
    let seeded: boolean;
    if (force) {
      const counts = await seedDemo(database.db, { replace: true });
      seeded = counts.events > 0;
    } else {
      seeded = await seedDemoIfEmpty(database.db);
    }
    const ms = Math.round(performance.now() - started);
    if (!seeded) {
      console.log('The database already has members or events; nothing was added. Use --force to wipe and reseed.');
    } else {
      console.log(`Demo data ${force ? 'replaced' : 'added'} in ${ms} ms.`);
      console.log(`Sign in as ${DEMO_EMAIL} (free) or ${DEMO_PRO_EMAIL} (PRO); without SMTP_URL the sign-in code appears in the server log.`);
    }
    const counts = await countRows(database.db);
    for (const [table, n] of Object.entries(counts)) console.log(`  ${table.padEnd(16)} ${n}`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
