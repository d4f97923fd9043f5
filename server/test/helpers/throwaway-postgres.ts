import { randomBytes } from 'node:crypto';
import pg from 'pg';
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
 * Drops the database once its connections are gone. A pool's end() resolves before its sockets
 * are closed; dropping at once would terminate them, and the pool would log them as lost.
 */
async function dropDatabase(url: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const deadline = Date.now() + 5000;
    for (;;) {
      const open = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      if ((open.rows[0] as { n: number }).n === 0 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database `<prefix>_<random>` on the PostgreSQL server of `serverUrl`, dropped
 * again by close(). Used by the server tests (TEST_DATABASE_URL) and the benchmarks.
 */
export async function openThrowawayPostgres(serverUrl: string, prefix: string, options: { poolSize?: number } = {}): Promise<OpenDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const opened = await openDatabase({ databaseUrl: url.toString(), ...options });
    return {
      ...opened,
      async close() {
        try {
          await opened.close();
        } finally {
          await dropDatabase(serverUrl, name);
        }
      },
    };
  } catch (error) {
    await dropDatabase(serverUrl, name);
    throw error;
  }
}
