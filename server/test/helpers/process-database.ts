import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../../db/database';
import type { Database } from '../../db/schema';
import { openThrowawayPostgres } from './throwaway-postgres';

/**
 * A database for a server that runs as a child process: a PGlite data folder of its own, or with
 * TEST_DATABASE_URL a throwaway database on that server (as openTestDatabase chooses).
 */
export interface ProcessDatabase {
  label: string;
  /** What the server process needs in its environment to open it. */
  serverEnv: Record<string, string>;
  /** Runs fn on the database; call it only while no server runs on it (PGlite allows one process). */
  withDatabase<T>(fn: (db: Kysely<Database>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface ProcessDatabaseOptions {
  /**
   * A migrated PGlite data folder's dump (test-database.ts's migratedTemplate) to fill the folder
   * with, for tests that do not test the database's creation: loading it takes a third of the time
   * of creating and migrating a database. Unused on PostgreSQL.
   */
  template?: Blob;
}

export async function openProcessDatabase(serverUrl = process.env.TEST_DATABASE_URL, options: ProcessDatabaseOptions = {}): Promise<ProcessDatabase> {
  if (serverUrl) {
    const database = await openThrowawayPostgres(serverUrl, 'mingle_crash');
    const { name } = (await sql<{ name: string }>`select current_database() as name`.execute(database.db)).rows[0]!;
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
      label: 'PostgreSQL',
      serverEnv: { DATABASE_URL: url.toString() },
      withDatabase: (fn) => fn(database.db),
      close: () => database.close(),
    };
  }
  const work = await mkdtemp(join(tmpdir(), 'mingle-crash-'));
  const dataDir = join(work, 'data');
  if (options.template) await (await openDatabase({ dataDir, loadDataDir: options.template, migrate: false })).close();
  return {
    label: 'PGlite',
    serverEnv: { DATA_DIR: dataDir },
    async withDatabase(fn) {
      const database = await openDatabase({ dataDir });
      try {
        return await fn(database.db);
      } finally {
        await database.close();
      }
    },
    close: () => rm(work, { recursive: true, force: true }),
  };
}
