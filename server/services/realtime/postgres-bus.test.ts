import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger';
import { openThrowawayPostgres } from '../../test/helpers/throwaway-postgres';
import type { OpenDatabase } from '../../db/database';
import { createPostgresBus, LISTENER_NAME, STREAM_CHANNEL } from './postgres-bus';

/**
 * PostgreSQL's bus (postgres-bus.ts): a NOTIFY from any connection wakes the member's listeners,
 * and a listening connection that is dropped comes back and wakes every listener (they read what
 * they missed). Needs TEST_DATABASE_URL.
 */

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('the PostgreSQL bus', () => {
  let database: OpenDatabase;
  let url: string;
  beforeAll(async () => {
    database = await openThrowawayPostgres(serverUrl!, 'mingle_bus');
    const { name } = (await sql<{ name: string }>`select current_database() as name`.execute(database.db)).rows[0]!;
    const parsed = new URL(serverUrl!);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  });
  afterAll(() => database?.close());

  const notify = (userId: string) => sql`select pg_notify(${STREAM_CHANNEL}, ${`${userId}:1`})`.execute(database.db);
  const woken = (subscribe: (wake: () => void) => void) => new Promise<void>((resolve) => subscribe(resolve));

  it('wakes the member named by a NOTIFY, and wakes everyone after its connection was dropped', async () => {
    const bus = createPostgresBus(url, createLogger('silent'));
    try {
      await bus.ready;
      const ada = woken((wake) => bus.subscribe('ada', wake));
      let bobWoken = false;
      bus.subscribe('bob', () => (bobWoken = true));
      await notify('ada');
      await ada;
      expect(bobWoken).toBe(false);

      const bobAfterDrop = woken((wake) => bus.subscribe('bob', wake));
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${LISTENER_NAME} and datname = current_database()`.execute(
        database.db,
      );
      await bobAfterDrop;
      // Listening again: a later NOTIFY arrives.
      const again = woken((wake) => bus.subscribe('ada', wake));
      await notify('ada');
      await again;
    } finally {
      await bus.close();
    }
  });
});
