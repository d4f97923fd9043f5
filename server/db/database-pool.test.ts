import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DATABASE_POOL_SIZE } from '../env';
import { openThrowawayPostgres } from '../test/helpers/throwaway-postgres';

const serverUrl = process.env.TEST_DATABASE_URL;

/** DATABASE_POOL_SIZE: the connections a server process keeps to PostgreSQL at most. */
describe.runIf(serverUrl)('connections to PostgreSQL', () => {
  it('never opens more than the pool size, and uses all of it when statements wait', async () => {
    for (const poolSize of [2, DEFAULT_DATABASE_POOL_SIZE]) {
      const database = await openThrowawayPostgres(serverUrl!, 'mingle_pool', { poolSize });
      try {
        // Three times as many statements as connections, each holding its connection a moment.
        const answers = await Promise.all(
          Array.from({ length: 3 * poolSize }, () => sql<{ pid: number }>`select pg_backend_pid() as pid from pg_sleep(0.05)`.execute(database.db)),
        );
        expect(new Set(answers.map(({ rows }) => rows[0]!.pid)).size).toBe(poolSize);
      } finally {
        await database.close();
      }
    }
  });
});
