import { Migrator, type Kysely } from 'kysely';
import { migrations } from '../db/migrations/index';
import type { Database } from '../db/schema';

/** How long /readyz waits for the database before it says it is not ready. */
export const READINESS_TIMEOUT_MS = 2_000;

export type Readiness = { ready: true } | { ready: false; reason: 'database unreachable' | 'database not migrated' | 'shutting down' };

/**
 * Whether this process can serve (GET /readyz): the database answers, within the timeout, and has
 * every migration this code knows applied. Reading the migrations table is the query: it needs
 * the database and tells both.
 */
export async function readiness(db: Kysely<Database>, timeoutMs = READINESS_TIMEOUT_MS): Promise<Readiness> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    const known = await Promise.race([migrator.getMigrations(), timedOut]);
    if (known === 'timeout') return { ready: false, reason: 'database unreachable' };
    return known.every((migration) => migration.executedAt !== undefined) ? { ready: true } : { ready: false, reason: 'database not migrated' };
  } catch {
    return { ready: false, reason: 'database unreachable' };
  } finally {
    clearTimeout(timer);
  }
}
