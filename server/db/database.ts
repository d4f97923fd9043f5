import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from './migrate';
import type { Database } from './schema';

export interface DatabaseOptions {
  /** postgres://... : a real PostgreSQL server through pg. */
  databaseUrl?: string;
  /** Folder of the embedded PGlite database; created when missing. Ignored with databaseUrl. */
  dataDir?: string;
  /** A PGlite data folder dump (from dumpDataDir) to start from; tests clone a migrated template. */
  loadDataDir?: Blob;
  /** Run migrations on open (default true). */
  migrate?: boolean;
}

export interface OpenDatabase {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** The PGlite instance when embedded, for dumps in tests. */
  pglite?: PGlite;
  close(): Promise<void>;
}

/** PostgreSQL in two forms: embedded PGlite (default) or a server when databaseUrl is given. */
export async function openDatabase(options: DatabaseOptions): Promise<OpenDatabase> {
  let opened: OpenDatabase;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    opened = { db, kind: 'postgres', close: () => db.destroy() };
  } else {
    const pglite = new PGlite({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    await pglite.waitReady;
    const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
    opened = { db, kind: 'pglite', pglite, close: () => db.destroy() };
  }
  if (options.migrate !== false) await migrateToLatest(opened.db);
  return opened;
}
