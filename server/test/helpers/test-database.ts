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
  const template = migratedTemplate();
  if (!template) throw new Error('No migrated template: the project needs server/test/global-setup.ts');
  return openDatabase({ loadDataDir: template, migrate: false });
}

/**
 * The dump of the migrated PGlite database that the server tests' global setup made; undefined
 * with TEST_DATABASE_URL, or where the project has no such setup.
 */
export function migratedTemplate(): Blob | undefined {
  const path = process.env.TEST_DATABASE_URL ? '' : inject('pgliteTemplatePath');
  return path ? new Blob([readFileSync(path)]) : undefined;
}
