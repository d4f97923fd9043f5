import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite data folder; empty when TEST_DATABASE_URL is used instead. */
    pgliteTemplatePath: string;
  }
}

/**
 * Creating a PGlite database takes seconds; loading a dump of one takes a fraction of that. So the
 * migrated database is made once here and every test file starts from a copy of it.
 * With TEST_DATABASE_URL (CI on a real PostgreSQL) each file makes its own database instead.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplatePath', '');
    return () => {};
  }
  const template = await openDatabase({});
  const dump = await template.pglite!.dumpDataDir('none');
  await template.close();
  const dir = mkdtempSync(join(tmpdir(), 'mingle-test-db-'));
  const path = join(dir, 'template.tar');
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', path);
  return () => rmSync(dir, { recursive: true, force: true });
}
