import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../db/database';

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A migrated database of the test file's own: a copy of the PGlite template, or with
 * TEST_DATABASE_URL a fresh database on that server, dropped again by close().
 */
export async function openTestDatabase(): Promise<OpenDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `mingle_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const opened = await openDatabase({ databaseUrl: url.toString() });
    return {
      ...opened,
      async close() {
        await opened.close();
        await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
      },
    };
  }
  const template = new Blob([readFileSync(inject('pgliteTemplatePath'))]);
  return openDatabase({ loadDataDir: template, migrate: false });
}
