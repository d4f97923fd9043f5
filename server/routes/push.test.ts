import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePushPayload, type PushPayload } from '../../contract/push';
import { pushSendsSettled } from '../services/push/in-flight';
import { storedVapidKeys } from '../services/push/vapid-keys';
import { eventWithAttendees } from '../test/helpers/attendee-fixtures';
import type { Member } from '../test/helpers/events-fixtures';
import { startLocalPushService, subscribeThroughApi, type LocalPushService, type LocalSubscription } from '../test/helpers/push-service';
import { createTestContext, type TestContext } from '../test/helpers/test-app';
import { TestClient } from '../test/helpers/test-client';

/**
 * Web Push: the routes, and the new-connection notification delivered through a real
 * local push service (web-push-testing decrypts what it receives, so the test reads the payload).
 */

let t: TestContext;
let pushService: LocalPushService;
beforeAll(async () => {
  pushService = await startLocalPushService();
  t = await createTestContext({ PUSH_ALLOWED_ORIGINS: pushService.origin });
});
afterAll(async () => {
  await pushService?.close();
  await t?.close();
});

const subscribeDevice = (member: Member) => subscribeThroughApi(pushService, member.client);

async function received(subscription: LocalSubscription): Promise<PushPayload[]> {
  await pushSendsSettled();
  const messages = await pushService.messages(subscription);
  return messages.map((text) => {
    const payload = parsePushPayload(text);
    if (!payload) throw new Error(`not a payload of ours: ${text}`);
    return payload;
  });
}

const like = (from: Member, to: Member, eventId: string) => from.client.post('/api/users/interactions/positive', { toUserId: to.id, eventId });

async function name(member: Member, firstName: string, lastName: string, contact = true) {
  await t.db
    .updateTable('users')
    .set({
      first_name: firstName,
      last_name: lastName,
      ...(contact ? { phone: '+46701234567', linkedin_url: 'https://www.linkedin.com/in/secret-profile' } : {}),
    })
    .where('id', '=', member.id)
    .execute();
}

describe('push routes', () => {
  it('are for signed-in members only', async () => {
    const anonymous = t.client();
    expect((await anonymous.get('/api/push/public-key')).status).toBe(401);
    expect((await anonymous.put('/api/push/subscription', { endpoint: 'https://push.example/x', keys: { p256dh: 'BA', auth: 'AA' } })).status).toBe(401);
    expect((await anonymous.request('DELETE', '/api/push/subscription')).status).toBe(401);
    expect((await anonymous.get('/api/push/settings')).status).toBe(401);
    expect((await anonymous.put('/api/push/settings', { newConnection: true, eventReminder: true })).status).toBe(401);
  });

  it('refuse a bad subscription naming the field', async () => {
    const { me } = await eventWithAttendees(t, 'me');
    const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
    const put = (body: unknown) => me.client.put('/api/push/subscription', body);
    expect((await put({ endpoint: 'ftp://push.example/x', keys })).body).toEqual({ error: 'Invalid input', field: 'endpoint' });
    expect((await put({ endpoint: `https://push.example/${'x'.repeat(3000)}`, keys })).body).toEqual({ error: 'Input too long', field: 'endpoint' });
    expect((await put({ endpoint: 'https://user:pw@push.example/x', keys })).body).toEqual({ error: 'Invalid input', field: 'endpoint' });
    expect((await put({ endpoint: 'https://push.example/x', keys: { ...keys, auth: 'not base64!' } })).body).toEqual({ error: 'Invalid input', field: 'keys' });
    expect((await put({ endpoint: 'https://push.example/x' })).body).toEqual({ error: 'Invalid input', field: 'keys' });
    expect((await me.client.put('/api/push/settings', { newConnection: 'yes', eventReminder: true })).body).toEqual({
      error: 'Invalid input',
      field: 'newConnection',
    });
  });

  it('take plain http endpoints only from an origin the operator lists, whether or not the server is on https', async () => {
    const { me } = await eventWithAttendees(t, 'me');
    const body = { endpoint: 'http://push.example/x', keys: { p256dh: 'BA', auth: 'AA' } };
    expect((await me.client.put('/api/push/subscription', body)).body).toEqual({ error: 'Invalid input', field: 'endpoint' });
    const secure = new TestClient(t.makeApp({ APP_ORIGIN: 'https://mingle.example.com' }), { origin: 'https://mingle.example.com' });
    secure.jar.set('sid', me.client.sid!);
    expect((await secure.put('/api/push/subscription', body)).body).toEqual({ error: 'Invalid input', field: 'endpoint' });
    const listing = new TestClient(t.makeApp({ APP_ORIGIN: 'https://mingle.example.com', PUSH_ALLOWED_ORIGINS: 'http://push.example' }), {
      origin: 'https://mingle.example.com',
    });
    listing.jar.set('sid', me.client.sid!);
    expect((await listing.put('/api/push/subscription', body)).status).toBe(204);
  });

  it('keep every kind on until the member changes it, and say whether this device is subscribed', async () => {
    const { me } = await eventWithAttendees(t, 'me');
    expect((await me.client.get('/api/push/settings')).body).toEqual({
      newConnection: true,
      eventReminder: true,
      meetings: true,
      messages: true,
      thisDevice: false,
    });
    await subscribeDevice(me);
    expect((await me.client.get('/api/push/settings')).body).toEqual({
      newConnection: true,
      eventReminder: true,
      meetings: true,
      messages: true,
      thisDevice: true,
    });
    const changed = await me.client.put('/api/push/settings', { newConnection: false, eventReminder: true, meetings: false });
    expect(changed.body).toEqual({ newConnection: false, eventReminder: true, meetings: false, messages: true, thisDevice: true });
    expect((await me.client.get('/api/push/settings')).body).toEqual(changed.body);
    // A client that does not know the meetings switch leaves it as it is.
    const older = await me.client.put('/api/push/settings', { newConnection: true, eventReminder: true });
    expect(older.body).toEqual({ newConnection: true, eventReminder: true, meetings: false, messages: true, thisDevice: true });
    expect((await me.client.put('/api/push/settings', { newConnection: true, eventReminder: true, meetings: 'no' })).body.field).toBe('meetings');
    expect((await me.client.request('DELETE', '/api/push/subscription')).status).toBe(204);
    expect((await me.client.get('/api/push/settings')).body).toEqual({
      newConnection: true,
      eventReminder: true,
      meetings: false,
      messages: true,
      thisDevice: false,
    });
  });

  it("remove the device's subscription at logout, and only that device's", async () => {
    const { me } = await eventWithAttendees(t, 'me');
    const phone = await subscribeDevice(me);
    const laptop = await logInAgain(me);
    const laptopSubscription = await subscribeDevice({ ...me, client: laptop });
    expect((await me.client.post('/api/oauth/logout')).status).toBe(204);
    const left = await t.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', me.id).execute();
    expect(left.map((row) => row.endpoint)).toEqual([laptopSubscription.endpoint]);
    expect(left.map((row) => row.endpoint)).not.toContain(phone.endpoint);
  });

  it('move a device to the member who subscribed it last', async () => {
    const { one, two } = await eventWithAttendees(t, 'one', 'two');
    const subscription = await subscribeDevice(one);
    await two.client.put('/api/push/subscription', { endpoint: subscription.endpoint, keys: subscription.keys });
    const rows = await t.db.selectFrom('push_subscriptions').select('user_id').where('endpoint', '=', subscription.endpoint).execute();
    expect(rows).toEqual([{ user_id: two.id }]);
  });
});

/** A second session of the same member (another device). */
async function logInAgain(member: Member): Promise<TestClient> {
  const email = (await t.db.selectFrom('users').select('email').where('id', '=', member.id).executeTakeFirstOrThrow()).email;
  const client = t.client();
  await client.post('/api/login/pin/request', { email });
  const verified = await client.post('/api/login/pin/verify', { email, pin: t.mailer.lastCode(email) });
  expect(verified.status).toBe(200);
  return client;
}

describe('the new-connection notification', () => {
  it('goes to the member who liked first, once, when the other completes the mutual like; never to the one who swiped', async () => {
    const { event, alice, bob } = await eventWithAttendees(t, 'alice', 'bob');
    await name(alice, 'Alice', 'Andersson');
    await name(bob, 'Bob', 'Berg');
    const [aliceDevice, bobDevice] = await Promise.all([subscribeDevice(alice), subscribeDevice(bob)]);

    expect((await like(alice, bob, event.id)).body.newConnection).toBeNull();
    expect(await received(aliceDevice)).toEqual([]);
    const completing = await like(bob, alice, event.id);
    expect(completing.body.newConnection).toMatchObject({ id: alice.id });

    const messages = await received(aliceDevice);
    expect(messages).toEqual([
      {
        kind: 'new-connection',
        title: 'Congratulations! 🎉',
        body: "You're now connected with Bob Berg!",
        tag: `connection-${bob.id}`,
        url: `/connections/${bob.id}`,
      },
    ]);
    expect(await received(bobDevice)).toEqual([]);
    // No contact details of either side on a lock screen.
    const raw = (await pushService.messages(aliceDevice)).join('\n');
    for (const secret of ['+46701234567', 'secret-profile', '@example.com']) expect(raw).not.toContain(secret);
    // Delivered: the subscription records it.
    const row = await t.db.selectFrom('push_subscriptions').select('last_success_at').where('endpoint', '=', aliceDevice.endpoint).executeTakeFirstOrThrow();
    expect(row.last_success_at).not.toBeNull();

    // A repeat of the completing swipe makes no new connection and sends nothing more.
    expect((await like(bob, alice, event.id)).status).toBe(200);
    expect(await received(aliceDevice)).toHaveLength(1);
  });

  it('goes out for a swipe delivered in an outbox batch too', async () => {
    const { event, alice, bob } = await eventWithAttendees(t, 'alice', 'bob');
    await name(bob, 'Bob', 'Batch', false);
    const aliceDevice = await subscribeDevice(alice);
    await like(alice, bob, event.id);
    const batch = await bob.client.post('/api/users/interactions/batch', {
      items: [{ key: randomUUID(), type: 'POSITIVE', toUserId: alice.id, eventId: event.id }],
    });
    expect(batch.body.results[0].status).toBe(201);
    expect((await received(aliceDevice)).map((message) => message.body)).toEqual(["You're now connected with Bob Batch!"]);
  });

  it('goes to the owner of a shared profile link when someone connects through it', async () => {
    const { alice, bob } = await eventWithAttendees(t, 'alice', 'bob');
    await name(bob, 'Bob', 'Scanner', false);
    const aliceDevice = await subscribeDevice(alice);
    const share = await alice.client.post('/api/users/me/share');
    const secret = (share.body.shareUrl as string).split('/').pop()!;
    expect((await bob.client.post(`/api/users/${alice.id}/connect/${secret}`)).status).toBe(200);
    expect((await received(aliceDevice)).map((message) => message.url)).toEqual([`/connections/${bob.id}`]);
  });

  it('is not sent when the member turned new-connection notifications off', async () => {
    const { event, alice, bob } = await eventWithAttendees(t, 'alice', 'bob');
    const aliceDevice = await subscribeDevice(alice);
    await alice.client.put('/api/push/settings', { newConnection: false, eventReminder: true });
    await like(alice, bob, event.id);
    expect((await like(bob, alice, event.id)).body.newConnection).not.toBeNull();
    expect(await received(aliceDevice)).toEqual([]);
  });

  it('removes a subscription the push service calls gone (410), without failing the swipe', async () => {
    const { event, alice, bob } = await eventWithAttendees(t, 'alice', 'bob');
    const [gone, kept] = [await subscribeDevice(alice), await subscribeDevice({ ...alice, client: await logInAgain(alice) })];
    await pushService.expire(gone);
    await like(alice, bob, event.id);
    expect((await like(bob, alice, event.id)).status).toBe(201);
    expect(await received(kept)).toHaveLength(1);
    const endpoints = await t.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', alice.id).execute();
    expect(endpoints.map((row) => row.endpoint)).toEqual([kept.endpoint]);
  });
});

describe('the VAPID keys', () => {
  it('are made once and kept: another app on the same database (a restart) signs with the same pair', async () => {
    const { me } = await eventWithAttendees(t, 'me');
    const first = (await me.client.get('/api/push/public-key')).body.publicKey;
    expect(Buffer.from(first as string, 'base64url')).toHaveLength(65);
    const restarted = new TestClient(t.makeApp());
    restarted.jar.set('sid', me.client.sid!);
    expect((await restarted.get('/api/push/public-key')).body.publicKey).toBe(first);
    expect(await t.db.selectFrom('push_keys').select('public_key').execute()).toEqual([{ public_key: first }]);
  });

  it('are made once when several processes start on an empty table at the same moment', async () => {
    // After every test that sends: the apps keep the pair they read, and this replaces the stored one.
    await t.db.deleteFrom('push_keys').execute();
    const pairs = await Promise.all(Array.from({ length: 6 }, () => storedVapidKeys(t.db)));
    const stored = await t.db.selectFrom('push_keys').select(['public_key', 'private_key']).execute();
    expect(stored).toHaveLength(1);
    for (const pair of pairs) expect(pair).toEqual({ publicKey: stored[0]!.public_key, privateKey: stored[0]!.private_key });
  });

  it('come from the configuration when it has them', async () => {
    const { me } = await eventWithAttendees(t, 'me');
    const publicKey = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
    const configured = new TestClient(t.makeApp({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: 'C7BmZlqxU0RW3Fwp5ZFmIXRrOCDwNdcWwG8VR3dtR9c' }));
    configured.jar.set('sid', me.client.sid!);
    expect((await configured.get('/api/push/public-key')).body).toEqual({ publicKey });
  });
});
