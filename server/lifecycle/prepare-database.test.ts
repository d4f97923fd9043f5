import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { createLogger } from '../logger';
import { openProcessDatabase } from '../test/helpers/process-database';
import { prepareDatabase } from './prepare-database';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('a PostgreSQL database the server seeds', () => {
  it('is vacuumed and analysed at once, so the first requests do not pay for the bulk load', async () => {
    const target = await openProcessDatabase(serverUrl);
    try {
      const config = parseEnv({ ...target.serverEnv, SEED_DEMO: 'true' });
      const database = await prepareDatabase(config, createLogger('silent'), { seed: true });
      try {
        const { rows } = await sql<{ relname: string; vacuumed: boolean; analysed: boolean }>`
          select relname, last_vacuum is not null as vacuumed, last_analyze is not null as analysed
          from pg_stat_user_tables where relname in ('events', 'event_attendees', 'users') order by relname`.execute(database.db);
        expect(rows).toEqual(['event_attendees', 'events', 'users'].map((relname) => ({ relname, vacuumed: true, analysed: true })));
      } finally {
        await database.close();
      }
    } finally {
      await target.close();
    }
  }, 60_000);
});
