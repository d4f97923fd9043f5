import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../contract/attendees';
import { INTERACTION_BATCH_PATH } from '../../contract/interaction-batch';
import { openProcessDatabase, type ProcessDatabase } from '../test/helpers/process-database';
import { migratedTemplate } from '../test/helpers/test-database';
import { compiledCrashServerEntry, startServerProcess, type AppServer } from '../test/helpers/server-process';
import { createSwipeEventData, type SwipeEventData, type Swiper } from '../test/helpers/swipe-event-data';

/**
 * A stranded claim: the server is killed (kill -9, by a hook of the test-only entry) after it
 * stored the Idempotency-Key claim and before the swipe ran. The member's outbox retries with the
 * same key against the restarted server: the swipe must land exactly once, not stay 409 'Request
 * in progress' for ever. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const LEASE_MS = 1000;

let database: ProcessDatabase;
let data: SwipeEventData;

beforeAll(async () => {
  database = await openProcessDatabase(undefined, { template: migratedTemplate() });
  data = await database.withDatabase((db) => createSwipeEventData(db, new Date(), { swipers: 2, targets: 3 }));
}, 60_000);

afterAll(() => database?.close());

async function start(args: string[]): Promise<AppServer> {
  return startServerProcess(
    { ...database.serverEnv, SEED_DEMO: 'false', LOG_LEVEL: 'error', DIST_DIR: join(tmpdir(), `mingle-no-dist-${randomUUID()}`) },
    { entry: await compiledCrashServerEntry(), args: [`--lease-ms=${LEASE_MS}`, ...args], apiOnly: true },
  );
}

function post(server: AppServer, swiper: Swiper, path: string, body: unknown, key?: string): Promise<Response> {
  return fetch(`${server.origin}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: swiper.cookie, ...(key ? { [IDEMPOTENCY_HEADER]: key } : {}) },
    body: JSON.stringify(body),
  });
}

/** Sends the request to a server that dies at its first claim; resolves once the process is gone. */
async function sendIntoCrash(send: (server: AppServer) => Promise<Response>): Promise<void> {
  const dying = await start(['--kill-at-claim=1']);
  await expect(send(dying)).rejects.toThrow();
  await dying.exited;
}

/** The member's interactions at the event and their claims still unanswered, read with SQL. */
function serverState(swiper: Swiper) {
  return database.withDatabase(async (db) => ({
    interactions: await db
      .selectFrom('interactions')
      .select(['to_user_id', 'type'])
      .where('from_user_id', '=', swiper.id)
      .where('event_id', '=', data.eventId)
      .execute(),
    unanswered: (await db.selectFrom('idempotency_records').select('key').where('user_id', '=', swiper.id).where('status', 'is', null).execute()).length,
  }));
}

describe('a kill -9 between the Idempotency-Key claim and the write', () => {
  it('a retry with the same key after the restart lands the swipe exactly once', async () => {
    const swiper = data.swipers[0]!;
    const target = data.targets[1]!;
    const swipe = { toUserId: target.id, eventId: data.eventId };
    const key = randomUUID();
    await sendIntoCrash((server) => post(server, swiper, 'users/interactions/negative', swipe, key));
    expect(await serverState(swiper)).toEqual({ interactions: [], unanswered: 1 });

    const restarted = await start([]);
    try {
      // Before the lease existed this stayed 409 'Request in progress' for every retry, for ever.
      const retry = await post(restarted, swiper, 'users/interactions/negative', swipe, key);
      expect(retry.status, await retry.clone().text()).toBe(201);
      const again = await post(restarted, swiper, 'users/interactions/negative', swipe, key);
      expect(again.status).toBe(201);
      expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    } finally {
      await restarted.stop();
    }
    expect(await serverState(swiper)).toEqual({ interactions: [{ to_user_id: target.id, type: 'NEGATIVE' }], unanswered: 0 });
  }, 90_000);

  it('a batch retried after the restart lands every item exactly once', async () => {
    const swiper = data.swipers[1]!;
    const items = data.targets.map((target) => ({
      key: randomUUID(),
      type: target.direction === 'right' ? 'POSITIVE' : 'NEGATIVE',
      toUserId: target.id,
      eventId: data.eventId,
    }));
    await sendIntoCrash((server) => post(server, swiper, INTERACTION_BATCH_PATH, { items }));
    expect(await serverState(swiper)).toEqual({ interactions: [], unanswered: items.length });

    const restarted = await start([]);
    try {
      const retry = await post(restarted, swiper, INTERACTION_BATCH_PATH, { items });
      expect(retry.status).toBe(200);
      const { results } = (await retry.json()) as { results: { key: string; status: number }[] };
      expect(results.map((r) => r.status)).toEqual(items.map(() => 201));
    } finally {
      await restarted.stop();
    }
    const after = await serverState(swiper);
    expect(after.interactions.map((row) => row.to_user_id).sort()).toEqual(items.map((item) => item.toUserId).sort());
    expect(after.unanswered).toBe(0);
  }, 90_000);
});
