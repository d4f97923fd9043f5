import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../test/helpers/events-fixtures';
import { readEventStream } from '../test/helpers/event-stream';
import { openProcessDatabase, type ProcessDatabase } from '../test/helpers/process-database';
import { startServerProcess, type AppServer } from '../test/helpers/server-process';
import { migratedTemplate } from '../test/helpers/test-database';

/**
 * The event stream in real server processes (contract/stream.ts): a stop is never held by an open
 * stream (it ends at once, and the process exits long before SHUTDOWN_TIMEOUT_MS); and with
 * PostgreSQL (TEST_DATABASE_URL), two processes share the events through LISTEN/NOTIFY: a message
 * sent through one reaches a stream open on the other, and a stream cut and resumed from its last
 * id on either misses nothing.
 */

const serverUrl = process.env.TEST_DATABASE_URL;

function start(database: ProcessDatabase, env: Record<string, string> = {}): Promise<AppServer> {
  return startServerProcess(
    {
      ...database.serverEnv,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_IP: '1000',
      SHUTDOWN_TIMEOUT_MS: '30000',
      DIST_DIR: join(tmpdir(), `mingle-no-dist-${randomUUID()}`),
      ...env,
    },
    { apiOnly: true },
  );
}

/** A new member signed up through `server` (its code read from the log): their id and cookie. */
async function signUp(server: AppServer, firstName: string): Promise<{ id: string; cookie: string }> {
  const email = `stream-${randomUUID()}@example.com`;
  const body = { firstName, lastName: 'Test', email };
  const since = server.output().length;
  const requested = await fetch(`${server.origin}/api/signup/pin/request`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(requested.status).toBe(200);
  const [, pin] = await server.waitForOutput(new RegExp(`To: ${email.replace(/[.+]/g, '\\$&')}\\s+Sign-up code: (\\d{6})`), since);
  const verified = await fetch(`${server.origin}/api/signup/pin/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, pin }),
  });
  expect(verified.status).toBe(201);
  const cookie = verified.headers
    .getSetCookie()
    .find((line) => line.startsWith('sid='))!
    .split(';')[0]!;
  return { id: ((await verified.json()) as { id: string }).id, cookie };
}

const openStream = async (server: AppServer, cookie: string, lastEventId?: string) =>
  readEventStream(await fetch(`${server.origin}/api/stream`, { headers: { cookie, ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}) } }));

const send = (server: AppServer, cookie: string, to: string, text: string) =>
  fetch(`${server.origin}/api/conversations/${to}/messages/${randomUUID()}`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });

describe('a server process with an open event stream', () => {
  let database: ProcessDatabase;
  beforeAll(async () => {
    database = await openProcessDatabase(serverUrl, { template: migratedTemplate() });
  }, 60_000);
  afterAll(() => database?.close());

  it('stops at once on SIGTERM: the stream ends and the process exits long before the shutdown timeout', { timeout: 120_000 }, async () => {
    const server = await start(database);
    try {
      const ada = await signUp(server, 'Ada');
      const stream = await openStream(server, ada.cookie);
      expect(stream.status).toBe(200);
      const stopAt = Date.now();
      server.signal('SIGTERM');
      await stream.ended;
      await server.exited;
      const took = Date.now() - stopAt;
      expect(server.exitStatus().code).toBe(0);
      // SHUTDOWN_TIMEOUT_MS is 30 s: a stream that held the drain would show here.
      expect(took).toBeLessThan(5_000);
    } finally {
      await server.stop();
    }
  });
});

describe.runIf(serverUrl)('two server processes on one PostgreSQL', () => {
  let database: ProcessDatabase;
  let one: AppServer;
  let two: AppServer;
  beforeAll(async () => {
    database = await openProcessDatabase(serverUrl);
    [one, two] = await Promise.all([start(database), start(database)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await database?.close();
  });

  it('bring a message sent through one to a stream on the other, and a resumed stream misses nothing', { timeout: 60_000 }, async () => {
    const ada = await signUp(one, 'Ada');
    const bob = await signUp(two, 'Bob');
    await database.withDatabase((db) => connect(db, ada.id, bob.id));

    // Ada's stream on process one; Bob writes through process two.
    const adaStream = await openStream(one, ada.cookie);
    const sent = await send(two, bob.cookie, ada.id, 'Across processes');
    expect(sent.status).toBe(201);
    const received = await adaStream.next('message', 10_000);
    expect(received.data).toMatchObject({ userId: bob.id, message: { text: 'Across processes', fromMe: false } });
    // Bob's stream on process one hears that Ada's app (on one) has it.
    const bobStream = await openStream(one, bob.cookie);
    const again = await send(two, bob.cookie, ada.id, 'And the state comes back');
    expect(again.status).toBe(201);
    await adaStream.next('message', 10_000);
    expect((await bobStream.next('message-state', 10_000)).data).toMatchObject({ userId: ada.id, state: 'delivered' });

    // Ada's stream is cut; Bob writes twice meanwhile; Ada resumes on the other process.
    const lastId = adaStream.lastId()!;
    await adaStream.close();
    for (const text of ['While away 1', 'While away 2']) expect((await send(one, bob.cookie, ada.id, text)).status).toBe(201);
    const resumed = await openStream(two, ada.cookie, lastId);
    expect((await resumed.next('message', 10_000)).data.message.text).toBe('While away 1');
    expect((await resumed.next('message', 10_000)).data.message.text).toBe('While away 2');
    expect(resumed.events.map((event) => event.event)).not.toContain('reset');
    // And it stays live: a message through process one arrives on process two.
    expect((await send(one, bob.cookie, ada.id, 'Live again')).status).toBe(201);
    expect((await resumed.next('message', 10_000)).data.message.text).toBe('Live again');
    await Promise.all([resumed.close(), bobStream.close()]);
  });
});
