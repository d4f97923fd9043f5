import { openDatabase, type OpenDatabase } from '../../server/db/database';
import { openThrowawayPostgres } from '../../server/test/helpers/throwaway-postgres';
import { benchEnv } from './env';
import { Cleanup } from './processes';
import type { SummaryRow } from './report';

/**
 * Runs an in-process benchmark on an in-memory PGlite database and then, with BENCH_DATABASE_URL,
 * on a throwaway database (named with `prefix`) of that PostgreSQL server; each database is closed
 * after its run. Without BENCH_DATABASE_URL the PostgreSQL part is reported as skipped under `what`.
 */
export async function onBothDatabases(
  what: string,
  prefix: string,
  run: (backend: string, database: OpenDatabase) => Promise<SummaryRow[]>,
): Promise<SummaryRow[]> {
  const summary = await runOn('PGlite (in memory)', () => openDatabase({}), run);
  if (benchEnv.databaseUrl) {
    const serverUrl = benchEnv.databaseUrl;
    summary.push(...(await runOn('PostgreSQL (BENCH_DATABASE_URL)', () => openThrowawayPostgres(serverUrl, prefix), run)));
  } else {
    console.log(
      '\nPostgreSQL: skipped. Set BENCH_DATABASE_URL=postgres://user@host:port/postgres (a user that may create databases)\n' +
        'to run the same on a PostgreSQL server.',
    );
    summary.push({ label: `${what} on PostgreSQL`, figure: 'skipped (BENCH_DATABASE_URL unset)', budget: '', verdict: '' });
  }
  return summary;
}

async function runOn(
  backend: string,
  open: () => Promise<OpenDatabase>,
  run: (backend: string, database: OpenDatabase) => Promise<SummaryRow[]>,
): Promise<SummaryRow[]> {
  const cleanup = new Cleanup();
  try {
    const database = await open();
    cleanup.add(() => database.close());
    return await run(backend, database);
  } finally {
    await cleanup.run();
  }
}
