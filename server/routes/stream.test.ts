import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../contract/messages';
import { createApp } from '../app';
import type { AppEnv } from '../http/app-env';
import { createLogger } from '../logger';
import { createRealtime, type Realtime } from '../services/realtime/realtime';
import { connect, DAY, newMember, type Member } from '../test/helpers/events-fixtures';
import { meetingEvent } from '../test/helpers/meeting-fixtures';
import { readEventStream, type OpenStream } from '../test/helpers/event-stream';
import { createTestContext, logIn, testConfig, type TestContext } from '../test/helpers/test-app';
import { TestClient } from '../test/helpers/test-client';

/**
 * The event stream in process (contract/stream.ts): events arrive as they happen, a resume from an
 * id misses nothing, 'reset' when those events are no longer kept, 401 without a session, keepalive
 * comments, and the end of a stream when its session is signed out or the server stops.
 */

const KEEPALIVE_MS = 150;
let t: TestContext;
let realtime: Realtime;
let app: Hono<AppEnv>;
const open: OpenStream[] = [];

beforeAll(async () => {
  t = await createTestContext();
  realtime = createRealtime({ keepaliveMs: KEEPALIVE_MS });
  const config = testConfig({ STREAM_MAX_MS: '60000' });
  app = createApp({ db: t.db, mailer: t.mailer, config, clock: t.clock.now, logger: createLogger(config.LOG_LEVEL), realtime });
});
afterAll(async () => {
  await Promise.all(open.map((stream) => stream.close()));
  await realtime.close();
  await t.close();
});

/** A second device of the member: another session, signed in through the API. */
async function anotherDevice(member: Member): Promise<TestClient> {
  const row = await t.db.selectFrom('users').select('email').where('id', '=', member.id).executeTakeFirstOrThrow();
  const client = t.client({}, app);
  const res = await logIn(t, client, row.email);
  expect(res.status).toBe(200);
  return client;
}

/** The member's client on the stream's app. */
function on(member: Member): TestClient {
  const client = t.client({}, app);
  client.jar.set('sid', member.client.sid!);
  return client;
}

async function stream(client: TestClient | null, options: { lastEventId?: string; query?: string } = {}): Promise<OpenStream> {
  const headers: Record<string, string> = {};
  if (client?.sid) headers.cookie = `sid=${client.sid}`;
  if (options.lastEventId !== undefined) headers['Last-Event-ID'] = options.lastEventId;
  const env = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };
  const res = await app.request(`http://localhost/api/stream${options.query ?? ''}`, { headers }, env);
  const opened = await readEventStream(res);
  open.push(opened);
  return opened;
}

async function pair(): Promise<[Member, Member]> {
  const ada = await newMember(t);
  const bob = await newMember(t);
  await connect(t.db, ada.id, bob.id);
  return [ada, bob];
}

async function send(from: TestClient, to: Member, text: string): Promise<Message> {
  const res = await from.request('PUT', `/api/conversations/${to.id}/messages/${randomUUID()}`, { json: { text } });
  expect(res.status, res.text).toBe(201);
  return res.body as Message;
}

describe('the event stream', () => {
  it('is the signed-in member own: 401 without a session, 400 for a malformed last id', async () => {
    const anonymous = await stream(null);
    expect([anonymous.status, anonymous.headers.get('content-type')]).toEqual([401, 'application/json']);
    const [ada] = await pair();
    const bad = await stream(on(ada), { lastEventId: 'abc' });
    expect(bad.status).toBe(400);
    const badQuery = await stream(on(ada), { query: '?lastEventId=-1' });
    expect(badQuery.status).toBe(400);
    const ok = await stream(on(ada));
    expect([ok.status, ok.headers.get('content-type')]).toEqual([200, 'text/event-stream']);
    await ok.close();
  });

  it("brings a message to the recipient and to the sender's other devices, and tells the sender it was delivered, then read", async () => {
    const [ada, bob] = await pair();
    const adaStream = await stream(on(ada));
    const bobPhone = on(bob);
    const bobLaptop = await anotherDevice(bob);
    const phoneStream = await stream(bobPhone);
    const laptopStream = await stream(bobLaptop);

    const sent = await send(bobPhone, ada, 'Hello from the stand');
    const received = await adaStream.next('message');
    expect(received.data).toEqual({ userId: bob.id, message: { ...sent, fromMe: false, state: 'delivered' } });
    expect(Number(received.id)).toBeGreaterThan(0);
    expect((await laptopStream.next('message')).data).toEqual({ userId: ada.id, message: sent });
    // Ada's stream had it: Bob is told it was delivered, on every device.
    expect((await phoneStream.next('message-state')).data).toEqual({ userId: ada.id, upTo: sent.id, state: 'delivered' });
    expect((await laptopStream.next('message-state')).data).toEqual({ userId: ada.id, upTo: sent.id, state: 'delivered' });
    // The phone that sent it does not get its own message back.
    expect(phoneStream.events.filter((event) => event.event === 'message')).toEqual([]);

    const adaTablet = await anotherDevice(ada);
    const tabletStream = await stream(adaTablet);
    expect((await on(ada).post(`/api/conversations/${bob.id}/read`, { upTo: sent.id })).status).toBe(204);
    expect((await phoneStream.next('message-state')).data).toEqual({ userId: ada.id, upTo: sent.id, state: 'read' });
    expect((await tabletStream.next('conversation-read')).data).toEqual({ userId: bob.id });
    // Ids grow.
    const ids = adaStream.events.map((event) => Number(event.id));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it("tells the sender only 'delivered' when the reader has read receipts off", async () => {
    const [ada, bob] = await pair();
    await on(ada).put('/api/users/me/message-settings', { readReceipts: false });
    const bobStream = await stream(on(bob));
    const sent = await send(on(bob), ada, 'Read quietly');
    expect((await on(ada).get('/api/conversations')).status).toBe(200);
    expect((await bobStream.next('message-state')).data).toEqual({ userId: ada.id, upTo: sent.id, state: 'delivered' });
    expect((await on(ada).post(`/api/conversations/${bob.id}/read`, { upTo: sent.id })).status).toBe(204);
    expect((await bobStream.next('message-state')).data).toEqual({ userId: ada.id, upTo: sent.id, state: 'delivered' });
    expect(bobStream.events.filter((event) => event.data?.state === 'read')).toEqual([]);
  });

  it('resumes from the last id seen with every event after it, by header or query', async () => {
    const [ada, bob] = await pair();
    const first = await stream(on(ada));
    await send(on(bob), ada, 'One');
    await first.next('message');
    const lastId = first.lastId()!;
    await first.close();

    // Sent while Ada's stream was down.
    await send(on(bob), ada, 'Two');
    await send(on(bob), ada, 'Three');
    const resumed = await stream(on(ada), { lastEventId: lastId });
    expect((await resumed.next('message')).data.message.text).toBe('Two');
    expect((await resumed.next('message')).data.message.text).toBe('Three');
    expect(resumed.events.map((event) => event.event)).not.toContain('reset');
    const byQuery = await stream(on(ada), { query: `?lastEventId=${lastId}` });
    expect((await byQuery.next('message')).data.message.text).toBe('Two');
    await Promise.all([resumed.close(), byQuery.close()]);
  });

  it('starts with reset when the events after the last id are no longer kept', async () => {
    const [ada, bob] = await pair();
    const first = await stream(on(ada));
    await send(on(bob), ada, 'Long ago');
    const old = await first.next('message');
    await first.close();
    t.clock.advance(DAY + 60_000);
    realtime.lastPrunedAt = 0;
    // A new event prunes the old ones (the publisher prunes now and then).
    await send(on(ada), bob, 'Much later');
    // The prune runs beside the publish: wait until it moved the horizon past the old event.
    for (let tries = 0; tries < 100; tries++) {
      const horizon = await t.db.selectFrom('stream_horizon').select('pruned_through').executeTakeFirstOrThrow();
      if (Number(horizon.pruned_through) >= Number(old.id)) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const resumed = await stream(on(ada), { lastEventId: old.id! });
    const reset = await resumed.next();
    expect([reset.event, reset.data]).toEqual(['reset', {}]);
    // Then the events from here on.
    await send(on(bob), ada, 'After the reset');
    expect((await resumed.next('message')).data.message.text).toBe('After the reset');
    // An id beyond any given is not this server's: reset too.
    const alien = await stream(on(ada), { lastEventId: '999999999999' });
    expect((await alien.next()).event).toBe('reset');
    await Promise.all([resumed.close(), alien.close()]);
  });

  it('sends a comment line on a quiet stream, and ends once its session is signed out', async () => {
    const [ada] = await pair();
    const device = await anotherDevice(ada);
    const quiet = await stream(device);
    await new Promise((resolve) => setTimeout(resolve, KEEPALIVE_MS * 3));
    expect(quiet.comments).toBeGreaterThan(0);
    expect((await device.post('/api/oauth/logout')).status).toBe(204);
    await expect(Promise.race([quiet.ended.then(() => 'ended'), new Promise((resolve) => setTimeout(() => resolve('open'), KEEPALIVE_MS * 10))])).resolves.toBe(
      'ended',
    );
  });

  it('ends every open stream when the server stops, and a stream opened after ends at once', async () => {
    const own = createRealtime({ keepaliveMs: 60_000 });
    const config = testConfig({ STREAM_MAX_MS: '60000' });
    const stopping = createApp({ db: t.db, mailer: t.mailer, config, clock: t.clock.now, logger: createLogger(config.LOG_LEVEL), realtime: own });
    const [ada] = await pair();
    const env = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };
    const opened = await readEventStream(await stopping.request('http://localhost/api/stream', { headers: { cookie: `sid=${ada.client.sid}` } }, env));
    expect(opened.headers.get('connection')).toBe('close');
    own.endStreams();
    await expect(Promise.race([opened.ended.then(() => 'ended'), new Promise((resolve) => setTimeout(() => resolve('open'), 2000))])).resolves.toBe('ended');
    const late = await readEventStream(await stopping.request('http://localhost/api/stream', { headers: { cookie: `sid=${ada.client.sid}` } }, env));
    await expect(Promise.race([late.ended.then(() => 'ended'), new Promise((resolve) => setTimeout(() => resolve('open'), 2000))])).resolves.toBe('ended');
    await own.close();
  });

  it('tells both members of a meeting that changed, each as they see it', async () => {
    const { event, people, at } = await meetingEvent(t, 2);
    const [ada, bob] = people as [Member, Member];
    const adaStream = await stream(on(ada));
    const bobStream = await stream(on(bob));
    const asked = await on(bob).post(`/api/events/${event.id}/meetings`, { inviteeId: ada.id, startsAt: at(60), minutes: 15, place: 'Table 12' });
    expect(asked.status, asked.text).toBe(201);
    const forAda = (await adaStream.next('meeting')).data.meeting;
    expect(forAda).toMatchObject({ id: asked.body.id, requestedByMe: false, awaitingMe: true, state: 'requested', with: { id: bob.id } });
    expect((await bobStream.next('meeting')).data.meeting).toEqual(asked.body);
    const accepted = await on(ada).post(`/api/meetings/${asked.body.id}/accept`, {});
    expect(accepted.status).toBe(200);
    expect((await bobStream.next('meeting')).data.meeting).toMatchObject({ id: asked.body.id, state: 'accepted', requestedByMe: true });
    expect((await adaStream.next('meeting')).data.meeting).toEqual(accepted.body);
  });

  it('answers the fuzz and matrix apps whole: a stream ends after STREAM_MAX_MS', async () => {
    const short = t.makeApp({ STREAM_MAX_MS: '1' });
    const [ada] = await pair();
    const client = t.client({}, short);
    client.jar.set('sid', ada.client.sid!);
    const res = await client.get('/api/stream');
    expect([res.status, res.text]).toEqual([200, '']);
  });
});
