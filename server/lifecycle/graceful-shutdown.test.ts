import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../contract/attendees';
import { openProcessDatabase, type ProcessDatabase } from '../test/helpers/process-database';
import { migratedTemplate } from '../test/helpers/test-database';
import { startServerProcess, type AppServer } from '../test/helpers/server-process';
import { createSwipeEventData, type SwipeEventData, type Swiper } from '../test/helpers/swipe-event-data';

/**
 * SIGTERM in the middle of a burst of writes. Several members swipe as fast as the
 * server answers; the server is told to stop once some swipes are in. It must exit 0, and every
 * swipe it acknowledged (201) must be in the database when it starts again on the same data; a
 * swipe sent after the stop may fail with a connection error. On PGlite the data folder must also
 * have been closed cleanly (pg_control says "shut down"), so the next start needs no recovery.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const SWIPERS = 4;
const TARGETS = 80;
/** Acknowledged swipes before the SIGTERM: enough that the burst is well under way. */
const STOP_AFTER = 40;

/** pg_control's DBState (PostgreSQL's src/include/catalog/pg_control.h): 1 is DB_SHUTDOWNED. */
const DB_SHUTDOWNED = 1;

let database: ProcessDatabase;
let data: SwipeEventData;

beforeAll(async () => {
  database = await openProcessDatabase(undefined, { template: migratedTemplate() });
  data = await database.withDatabase((db) => createSwipeEventData(db, new Date(), { swipers: SWIPERS, targets: TARGETS }));
}, 60_000);

afterAll(() => database?.close());

function start(): Promise<AppServer> {
  return startServerProcess(
    { ...database.serverEnv, SEED_DEMO: 'false', LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: '10000', DIST_DIR: join(tmpdir(), `mingle-no-dist-${randomUUID()}`) },
    { apiOnly: true },
  );
}

interface Sent {
  swiper: Swiper;
  toUserId: string;
  outcome: number | 'connection error';
}

/** One member swiping through every target, one swipe after another, until the server is gone. */
async function swipeUntilRefused(server: AppServer, swiper: Swiper, sent: Sent[], onAcknowledged: () => void): Promise<void> {
  for (const target of data.targets) {
    let outcome: Sent['outcome'];
    try {
      const res = await fetch(`${server.origin}/api/users/interactions/${target.direction === 'right' ? 'positive' : 'negative'}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: swiper.cookie, [IDEMPOTENCY_HEADER]: randomUUID() },
        body: JSON.stringify({ toUserId: target.id, eventId: data.eventId }),
      });
      await res.body?.cancel();
      outcome = res.status;
    } catch {
      outcome = 'connection error';
    }
    sent.push({ swiper, toUserId: target.id, outcome });
    if (outcome === 201) onAcknowledged();
    else return;
  }
}

describe('SIGTERM during a burst of writes', () => {
  it('exits 0 after the requests in flight, and every acknowledged write is there after a restart', async () => {
    const server = await start();
    const sent: Sent[] = [];
    let acknowledged = 0;
    let signalled = false;
    const burst = data.swipers.map((swiper) =>
      swipeUntilRefused(server, swiper, sent, () => {
        acknowledged++;
        if (acknowledged === STOP_AFTER && !signalled) {
          signalled = true;
          server.signal('SIGTERM');
        }
      }),
    );
    await Promise.all(burst);
    await server.exited;

    expect(signalled).toBe(true);
    expect(server.exitStatus()).toEqual({ code: 0, signal: null });
    expect(server.output()).toMatch(/\[server\] SIGTERM: draining[\s\S]*\[server\] stopped/);
    // Whatever did not get its 201 failed as a refused or cut connection, or as 503 at the very end.
    const refused = sent.filter((s) => s.outcome !== 201);
    expect(
      refused.every((s) => s.outcome === 'connection error' || s.outcome === 503),
      JSON.stringify(refused.map((s) => s.outcome)),
    ).toBe(true);

    if (database.label === 'PGlite') {
      const control = readFileSync(join(database.serverEnv.DATA_DIR!, 'global', 'pg_control'));
      expect(control.readUInt32LE(16), 'pg_control state: the embedded database was closed cleanly').toBe(DB_SHUTDOWNED);
    }

    // The next start opens the same data and serves.
    const restarted = await start();
    expect((await fetch(`${restarted.origin}/readyz`)).status).toBe(200);
    await restarted.stop();
    expect(restarted.exitStatus()).toEqual({ code: 0, signal: null });

    const stored = await database.withDatabase((db) =>
      db.selectFrom('interactions').select(['from_user_id', 'to_user_id']).where('event_id', '=', data.eventId).execute(),
    );
    const storedKeys = new Set(stored.map((row) => `${row.from_user_id}>${row.to_user_id}`));
    const acknowledgedKeys = sent.filter((s) => s.outcome === 201).map((s) => `${s.swiper.id}>${s.toUserId}`);
    expect(acknowledgedKeys.length).toBeGreaterThanOrEqual(STOP_AFTER);
    expect(
      acknowledgedKeys.filter((key) => !storedKeys.has(key)),
      'acknowledged swipes missing after the restart',
    ).toEqual([]);
  });

  it('while the database opens and the demo data is seeded: the stop waits for them, then closes cleanly with 0', async () => {
    const fresh = await openProcessDatabase();
    try {
      const starting = await startServerProcess(
        { ...fresh.serverEnv, SEED_DEMO: 'true', LOG_LEVEL: 'info', DIST_DIR: join(tmpdir(), `mingle-no-dist-${randomUUID()}`) },
        { noWait: true },
      );
      // The embedded database's first start seeds before it opens the database, in a process of its own (seed-process.ts).
      await starting.waitForOutput(/\[seed\] the demo data is added by process|\[db\] (?:embedded PostgreSQL|PostgreSQL server)/, 0, 60_000);
      starting.signal('SIGTERM');
      await starting.exited;
      expect(starting.exitStatus()).toEqual({ code: 0, signal: null });
      // On PostgreSQL the signal goes to the cluster's primary, which stops before any worker starts.
      expect(starting.output()).toMatch(/\[(?:server|cluster)\] SIGTERM: (?:draining|stopping 0 worker)[\s\S]*\[(?:server|cluster)\] stopped/);
      expect(starting.output(), 'the seed ran to its end').toMatch(/\[seed\] demo data added/);
      if (fresh.label === 'PGlite') {
        const control = readFileSync(join(fresh.serverEnv.DATA_DIR!, 'global', 'pg_control'));
        expect(control.readUInt32LE(16), 'pg_control state').toBe(DB_SHUTDOWNED);
      }
    } finally {
      await fresh.close();
    }
  });
});
