import { Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql, type DatabaseConnection, type Driver } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { openDatabase } from '../db/database';
import type { Database } from '../db/schema';
import type { Logger } from '../logger';
import { readiness } from '../services/operations/readiness';
import { createTestContext, testConfig, type TestContext } from '../test/helpers/test-app';

/** GET /healthz and /readyz (docs/decisions.md, 'Health probes'): what a load balancer's probes read. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('health probes', () => {
  it('/healthz says the process is up and /readyz that the database is reachable and migrated; neither is cached', async () => {
    const live = await t.client().get('/healthz');
    expect([live.status, live.body, live.headers.get('cache-control')]).toEqual([200, { status: 'ok' }, 'no-store']);
    const ready = await t.client().get('/readyz');
    expect([ready.status, ready.body, ready.headers.get('cache-control')]).toEqual([200, { status: 'ready' }, 'no-store']);
  });

  it('/readyz is 503 while a migration this code knows has not run', async () => {
    const last = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(t.db);
    const { name, timestamp } = last.rows[0]!;
    await sql`delete from kysely_migration where name = ${name}`.execute(t.db);
    try {
      const res = await t.client().get('/readyz');
      expect([res.status, res.body]).toEqual([503, { status: 'not ready', reason: 'database not migrated' }]);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${name}, ${timestamp})`.execute(t.db);
    }
    expect((await t.client().get('/readyz')).status).toBe(200);
  });

  it('/readyz is 503 on a database no migration has run on', async () => {
    const empty = await openDatabase({ migrate: false });
    try {
      const app = createApp({ db: empty.db, mailer: t.mailer, config: testConfig() });
      const res = await t.client({}, app).get('/readyz');
      expect([res.status, res.body]).toEqual([503, { status: 'not ready', reason: 'database not migrated' }]);
    } finally {
      await empty.close();
    }
  });

  it('/readyz is 503 when the database does not answer, and /healthz still 200', async () => {
    const closed = await openDatabase({});
    await closed.close();
    const app = createApp({ db: closed.db, mailer: t.mailer, config: testConfig() });
    const ready = await t.client({}, app).get('/readyz');
    expect([ready.status, ready.body]).toEqual([503, { status: 'not ready', reason: 'database unreachable' }]);
    expect((await t.client({}, app).get('/healthz')).status).toBe(200);
  });

  it('gives up waiting for a database that hangs', async () => {
    // A database whose connections never come (a pool waiting on a server that does not answer).
    const never: Driver = {
      init: async () => {},
      acquireConnection: () => new Promise<DatabaseConnection>(() => {}),
      beginTransaction: async () => {},
      commitTransaction: async () => {},
      rollbackTransaction: async () => {},
      releaseConnection: async () => {},
      destroy: async () => {},
    };
    const hanging = new Kysely<Database>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => never,
        createIntrospector: (db) => new PostgresIntrospector(db),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
    });
    const started = performance.now();
    expect(await readiness(hanging, 50)).toEqual({ ready: false, reason: 'database unreachable' });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('are left out of the request log, which still has the other requests', async () => {
    const lines: string[] = [];
    const logger: Logger = { error: (m) => lines.push(m), info: (m) => lines.push(m), debug: () => {} };
    const app = createApp({ db: t.db, mailer: t.mailer, config: testConfig({ LOG_LEVEL: 'info' }), logger });
    await t.client({}, app).get('/healthz');
    await t.client({}, app).get('/readyz');
    await t.client({}, app).get('/api/users/me');
    expect(lines.filter((line) => line.startsWith('[http]')).map((line) => line.split(' ').slice(1, 3).join(' '))).toEqual(['GET /api/users/me']);
  });
});
