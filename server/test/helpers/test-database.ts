import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../db/database';
import { openThrowawayPostgres } from './throwaway-postgres';
// Declares what inject() returns; also for projects that reach this file without the setup (benchmarks).
import type {} from '../global-setup';

/**
 * A migrated database of the test file's own: a copy of the PGlite template, or with
 * TEST_DATABASE_URL a fresh database on that server, dropped again by close().
 */
export async function openTestDatabase(): Promise<OpenDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return openThrowawayPostgres(serverUrl, 'mingle_test');
  const template = new Blob([readFileSync(inject('pgliteTemplatePath'))]);
  return openDatabase({ loadDataDir: template, migrate: false });
}
