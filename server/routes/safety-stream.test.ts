import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MESSAGE_ERRORS } from '../../contract/messages';
import { createApp } from '../app';
import type { AppEnv } from '../http/app-env';
import { createLogger } from '../logger';
import { createRealtime, type Realtime } from '../services/realtime/realtime';
import { connect, newMember, type Member } from '../test/helpers/events-fixtures';
import { readEventStream, type OpenStream } from '../test/helpers/event-stream';
import { createTestContext, testConfig, type TestContext } from '../test/helpers/test-app';
import type { TestClient } from '../test/helpers/test-client';

/**
 * A block on the event stream (contract/stream.ts 'conversation-hidden'): the conversation leaves
 * the blocker's open apps and the blocked member's, and the API no longer has it for either.
 */

let t: TestContext;
let realtime: Realtime;
let app: Hono<AppEnv>;
const open: OpenStream[] = [];

beforeAll(async () => {
  t = await createTestContext();
  realtime = createRealtime({ keepaliveMs: 1000 });
  const config = testConfig({ STREAM_MAX_MS: '60000' });
  app = createApp({ db: t.db, mailer: t.mailer, config, clock: t.clock.now, logger: createLogger(config.LOG_LEVEL), realtime });
});
afterAll(async () => {
  await Promise.all(open.map((stream) => stream.close()));
  await realtime.close();
  await t.close();
});

function on(member: Member): TestClient {
  const client = t.client({}, app);
  client.jar.set('sid', member.client.sid!);
  return client;
}

async function stream(member: Member): Promise<OpenStream> {
  const env = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };
  const res = await app.request('http://localhost/api/stream', { headers: { cookie: `sid=${member.client.sid}` } }, env);
  const opened = await readEventStream(res);
  open.push(opened);
  return opened;
}

const send = (from: Member, to: Member, text: string) => on(from).request('PUT', `/api/conversations/${to.id}/messages/${randomUUID()}`, { json: { text } });

it('hides the conversation from both members’ open apps and from the API, and tells a member without one nothing', async () => {
  const [ada, bob, cy, dee] = [await newMember(t), await newMember(t), await newMember(t), await newMember(t)];
  await connect(t.db, ada.id, bob.id);
  await connect(t.db, cy.id, dee.id);
  expect((await send(bob, ada, 'Hello Ada')).status).toBe(201);
  const [adaStream, bobStream, cyStream] = [await stream(ada), await stream(bob), await stream(cy)];

  const blocked = await on(ada).request('PUT', `/api/users/${bob.id}/block`, { headers: { 'Idempotency-Key': randomUUID() } });
  expect(blocked.status, blocked.text).toBe(204);
  expect((await adaStream.next('conversation-hidden')).data).toEqual({ userId: bob.id });
  expect((await bobStream.next('conversation-hidden')).data).toEqual({ userId: ada.id });
  for (const [me, other] of [
    [ada, bob],
    [bob, ada],
  ] as const) {
    expect((await on(me).get('/api/conversations')).body.map((c: { userId: string }) => c.userId)).not.toContain(other.id);
    const page = await on(me).get(`/api/conversations/${other.id}/messages`);
    expect([page.status, page.body]).toEqual([404, { error: MESSAGE_ERRORS.notFound }]);
    const sent = await send(me, other, 'Still there?');
    expect([sent.status, sent.body]).toEqual([404, { error: MESSAGE_ERRORS.notFound }]);
  }

  // Cy had no conversation with Ada: blocked, Cy's apps hear nothing of it (the next event is Dee's message).
  expect((await on(ada).request('PUT', `/api/users/${cy.id}/block`)).status).toBe(204);
  expect((await adaStream.next('conversation-hidden')).data).toEqual({ userId: cy.id });
  const lunch = await send(dee, cy, 'Lunch?');
  expect(lunch.status).toBe(201);
  await cyStream.next('message');
  expect(cyStream.events.map((event) => event.event)).not.toContain('conversation-hidden');
  // The stream marks what it sent as delivered: that write ends before the test's database does.
  const delivered = async () => (await t.db.selectFrom('messages').select('delivered_at').where('id', '=', lunch.body.id).executeTakeFirst())?.delivered_at;
  await expect.poll(delivered).not.toBeNull();
});
