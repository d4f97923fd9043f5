import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { DEFAULT_DATABASE_POOL_SIZE } from '../env';
import { migrateToLatest } from './migrate';
import { PGliteDialect } from './pglite-dialect';
import { preparedPool } from './prepared-pool';
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
  /** With databaseUrl: connections kept open at most (default DATABASE_POOL_SIZE's). */
  poolSize?: number;
}

export interface OpenDatabase {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** The PGlite instance when embedded, for dumps in tests. */
  pglite?: PGlite;
  close(): Promise<void>;
}

/**
 * PostgreSQL's own page cache inside the embedded database. PGlite keeps PostgreSQL's default of
 * 128 MB, which it fills and holds in its WebAssembly memory: a third of the server's memory once
 * it has been busy. Pages beyond it come from the data folder through the operating system's file
 * cache, which holds them anyway; 16 MB keeps the hot indexes and the rows of current events.
 */
export const EMBEDDED_SHARED_BUFFERS = '16MB';

/** PostgreSQL in two forms: embedded PGlite (default) or a server when databaseUrl is given. */
export async function openDatabase(options: DatabaseOptions): Promise<OpenDatabase> {
  let opened: OpenDatabase;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? DEFAULT_DATABASE_POOL_SIZE });
    // An idle client whose server went away (restart, failover) emits 'error' on the pool; without
    // a listener Node treats it as unhandled and the whole process dies. The pool replaces it.
    pool.on('error', (error) => {
      console.error(`[db] idle PostgreSQL connection lost: ${error.message}`);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparedPool(pool) }) });
    opened = { db, kind: 'postgres', close: () => db.destroy() };
  } else {
    const pglite = new PGlite({
      // Trigram indexes for event search (migration 0003) and the meetings' exclusion constraint
      // (migration 0024); PostgreSQL servers have both in contrib.
      extensions: { pg_trgm, btree_gist },
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    await pglite.waitReady;
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    // Kysely closes PGlite only if it ever ran a query through it; close it here in any case,
    // or an unused instance keeps the process alive.
    const close = async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    };
    opened = { db, kind: 'pglite', pglite, close };
  }
  if (options.migrate !== false) await migrateToLatest(opened.db);
  return opened;
}

/** How often the server tidies an embedded database (see tidyEmbeddedDatabase). */
export const TIDY_INTERVAL_MS = 6 * 60 * 60 * 1000;

/**
 * PGlite has no autovacuum, which on a PostgreSQL server keeps planner statistics fresh and marks
 * pages all-visible so that index-only scans (the event counts, migration 0003) skip the table.
 * The server runs this after start and every TIDY_INTERVAL_MS for the embedded database; a
 * PostgreSQL server is left to its own autovacuum.
 */
export async function tidyEmbeddedDatabase(opened: OpenDatabase): Promise<void> {
  if (opened.kind !== 'pglite') return;
  await sql`vacuum (analyze)`.execute(opened.db);
}
