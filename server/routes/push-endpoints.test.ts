import { isIP } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import type { Logger } from '../logger';
import type { ResolveHost } from '../services/outbound/address-guard';
import { pushSendsSettled } from '../services/push/in-flight';
import { MAX_SUBSCRIPTIONS_PER_MEMBER } from '../services/push/subscriptions';
import { createSession, hashSessionToken } from '../services/sign-in/sessions';
import { eventWithAttendees } from '../test/helpers/attendee-fixtures';
import type { Member } from '../test/helpers/events-fixtures';
import { startRecordingServer, type RecordingServer } from '../test/helpers/recording-server';
import { createTestContext, testConfig, type TestContext } from '../test/helpers/test-app';
import { TestClient } from '../test/helpers/test-client';

/**
 * Where the server may post a member's notifications: only to the browsers' push services (and
 * origins the operator lists), never to an address inside its network, checked when the member
 * subscribes and again when sending, and at most one device per session and ten per member.
 */

/** What the test's resolver answers for each name; any other name does not resolve. */
const names = new Map<string, string[]>();
const resolved: string[] = [];
const resolveHost: ResolveHost = async (hostname) => {
  resolved.push(hostname);
  const addresses = names.get(hostname);
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: isIP(address) }));
};

const logged: string[] = [];
const logger: Logger = { error: (message) => logged.push(message), info: (message) => logged.push(message), debug: () => {} };

let t: TestContext;
/** A host inside the network, answering 404 to anything: nothing may ever reach it. */
let inside: RecordingServer;
/** A push service on this machine, which the operator may list in PUSH_ALLOWED_ORIGINS. */
let pushService: RecordingServer;

beforeAll(async () => {
  [inside, pushService] = await Promise.all([startRecordingServer({ status: 404 }), startRecordingServer({ status: 201 })]);
  const base = await createTestContext();
  const makeApp = (env: Record<string, string> = {}) =>
    createApp({ db: base.db, mailer: base.mailer, config: testConfig(env), clock: base.clock.now, logger, resolveHost });
  const app = makeApp();
  t = { ...base, app, makeApp, client: (options, other) => new TestClient(other ?? app, options) };
});
afterAll(async () => {
  await Promise.all([inside?.close(), pushService?.close()]);
  await t?.close();
});

const KEYS = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
const subscribe = (client: TestClient, endpoint: string) => client.put('/api/push/subscription', { endpoint, expirationTime: null, keys: KEYS });
const REFUSED = { error: 'Invalid input', field: 'endpoint' };

/** The member's session on another app (other settings) over the same database. */
function on(app: ReturnType<TestContext['makeApp']>, member: Member): TestClient {
  const client = new TestClient(app);
  client.jar.set('sid', member.client.sid!);
  return client;
}

const endpointsOf = async (member: Member) =>
  (await t.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', member.id).orderBy('created_at').execute()).map((row) => row.endpoint);

/** Alice liked Bob first; Bob's like completes the connection and sends Alice the notification (from `app`'s settings). */
async function connectAndSend(alice: Member, bob: Member, eventId: string, app = t.app): Promise<void> {
  expect((await on(app, alice).post('/api/users/interactions/positive', { toUserId: bob.id, eventId })).status).toBe(201);
  const completing = await on(app, bob).post('/api/users/interactions/positive', { toUserId: alice.id, eventId });
  expect(completing.body.newConnection).toMatchObject({ id: alice.id });
  await pushSendsSettled();
}

describe('a push subscription', () => {
  it('is refused, naming endpoint, for every address of the audit and every host that is not a push service, before any lookup', async () => {
    const { me } = await eventWithAttendees(t, 'me');
    const endpoints = [
      // What the audit registered.
      'http://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1:8443/admin',
      `http://[::1]:${inside.port}/x`,
      `http://localhost:${inside.port}/api/oauth/logout`,
      // IPv4 inside IPv6, and the spellings URL parsing turns into 127.0.0.1.
      'https://[::ffff:127.0.0.1]/x',
      'https://[::7f00:1]/x',
      'https://[64:ff9b::a00:1]/x',
      'https://[2002:a9fe:a9fe::]/x',
      'https://2130706433/x',
      'https://0x7f.1/x',
      `https://127.0.0.1:${inside.port}/x`,
      // Names that are not a push service's, or are on another port or scheme.
      'https://push.example/x',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
      'https://evilfcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://push.apple.com/x',
    ];
    resolved.length = 0;
    for (const endpoint of endpoints) {
      const res = await subscribe(me.client, endpoint);
      expect([res.status, res.body], endpoint).toEqual([400, REFUSED]);
    }
    expect(resolved).toEqual([]);
    expect(await endpointsOf(me)).toEqual([]);
    expect((await me.client.get('/api/push/settings')).body.thisDevice).toBe(false);
    expect(inside.connections).toBe(0);
  });

  it("is taken for the browsers' push services when every address their host resolves to is public", async () => {
    const { me } = await eventWithAttendees(t, 'me');
    names.set('fcm.googleapis.com', ['142.250.74.10', '2a00:1450:4001:82b::200a']);
    names.set('android.googleapis.com', ['142.250.74.4']);
    names.set('updates.push.services.mozilla.com', ['34.117.65.55']);
    names.set('web.push.apple.com', ['17.188.168.16']);
    names.set('wns2-db5p.notify.windows.com', ['52.98.1.1']);
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dXq:APA91bH',
      'https://android.googleapis.com/gcm/send/dXq:APA91bH',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
      'https://web.push.apple.com/QGuQyavXutnMbPC',
      'https://wns2-db5p.notify.windows.com/w/?token=BQYAAAB',
    ]) {
      expect((await subscribe(me.client, endpoint)).status, endpoint).toBe(204);
      expect(await endpointsOf(me)).toEqual([endpoint]);
    }
  });

  it("is refused when a push service's host resolves to an inside address, or to nothing", async () => {
    const { me } = await eventWithAttendees(t, 'me');
    const endpoint = 'https://fcm.googleapis.com/fcm/send/inside';
    for (const addresses of [['142.250.74.10', '10.0.0.7'], ['::ffff:169.254.169.254'], ['127.0.0.1'], ['fd00::1']]) {
      names.set('fcm.googleapis.com', addresses);
      expect((await subscribe(me.client, endpoint)).body, addresses.join()).toEqual(REFUSED);
    }
    names.delete('fcm.googleapis.com');
    expect((await subscribe(me.client, endpoint)).body).toEqual(REFUSED);
    expect(await endpointsOf(me)).toEqual([]);
    expect(logged).toContainEqual(expect.stringContaining('fcm.googleapis.com resolves to 10.0.0.7, not a public address'));
  });
});

describe('sending', () => {
  it('checks every endpoint again: nothing reaches one stored before the rule or resolving inside since, and each is removed unsent', async () => {
    const { event, alice, bob } = await eventWithAttendees(t, 'alice', 'bob');
    names.set('fcm.googleapis.com', ['142.250.74.10']);
    expect((await subscribe(alice.client, 'https://fcm.googleapis.com/fcm/send/rebound')).status).toBe(204);
    // Since then the name points inside (rebinding), and rows from before the rule are in the table.
    names.set('fcm.googleapis.com', ['127.0.0.1']);
    const stored = [
      `http://127.0.0.1:${inside.port}/push/a`,
      `https://127.0.0.1:${inside.port}/push/b`,
      `http://localhost:${inside.port}/push/c`,
      `https://[::ffff:7f00:1]:${inside.port}/push/d`,
      `https://2130706433:${inside.port}/push/e`,
      'http://169.254.169.254/latest/meta-data/',
    ];
    await t.db
      .insertInto('push_subscriptions')
      .values(stored.map((endpoint) => ({ user_id: alice.id, endpoint, p256dh: KEYS.p256dh, auth: KEYS.auth })))
      .execute();
    logged.length = 0;

    await connectAndSend(alice, bob, event.id);
    expect(inside.connections).toBe(0);
    expect(await endpointsOf(alice)).toEqual([]);
    expect((await alice.client.get('/api/push/settings')).body.thisDevice).toBe(false);
    expect(logged.filter((line) => line.includes('not sent to and removed'))).toHaveLength(stored.length + 1);
    expect(logged).toContainEqual(expect.stringContaining('fcm.googleapis.com resolves to 127.0.0.1, not a public address'));
  });

  it("follows no redirect from a push service, and keeps the subscription (the answer is the push service's, not a host's inside)", async () => {
    const { event, alice, bob } = await eventWithAttendees(t, 'alice', 'bob');
    const trusting = t.makeApp({ PUSH_ALLOWED_ORIGINS: pushService.origin });
    const endpoint = `${pushService.origin}/push/redirecting`;
    expect((await subscribe(on(trusting, alice), endpoint)).status).toBe(204);
    pushService.answer = { status: 307, headers: { location: `http://127.0.0.1:${inside.port}/latest/meta-data/` } };
    const before = pushService.requests.length;
    const insideBefore = inside.connections;
    try {
      await connectAndSend(alice, bob, event.id, trusting);
    } finally {
      pushService.answer = { status: 201 };
    }
    expect(pushService.requests.slice(before).map((r) => [r.method, r.path])).toEqual([['POST', '/push/redirecting']]);
    expect(inside.connections - insideBefore).toBe(0);
    expect(await endpointsOf(alice)).toEqual([endpoint]);
    expect(logged).toContainEqual(expect.stringContaining('the push service answered 307'));
  });
});

describe('PUSH_ALLOWED_ORIGINS', () => {
  it('adds an origin taken as the operator lists it, plain http on this machine included; delivery goes there', async () => {
    const { event, alice, bob } = await eventWithAttendees(t, 'alice', 'bob');
    const endpoint = `${pushService.origin}/push/alice`;
    expect((await subscribe(alice.client, endpoint)).body).toEqual(REFUSED);
    const trusting = t.makeApp({ PUSH_ALLOWED_ORIGINS: `https://push.example, ${pushService.origin}` });
    const client = on(trusting, alice);
    expect((await subscribe(client, `http://127.0.0.1:${inside.port}/push/alice`)).body).toEqual(REFUSED);
    expect((await subscribe(client, `https://127.0.0.1:${pushService.port}/push/alice`)).body).toEqual(REFUSED);
    expect((await subscribe(client, endpoint)).status).toBe(204);

    const before = pushService.requests.length;
    await connectAndSend(alice, bob, event.id, trusting);
    const [sent, ...more] = pushService.requests.slice(before);
    expect(more).toEqual([]);
    expect(sent).toMatchObject({ method: 'POST', path: '/push/alice', headers: { 'content-encoding': 'aes128gcm', ttl: expect.any(String) } });
    const row = await t.db.selectFrom('push_subscriptions').select('last_success_at').where('endpoint', '=', endpoint).executeTakeFirstOrThrow();
    expect(row.last_success_at).not.toBeNull();
  });
});

describe('subscriptions kept', () => {
  const trusting = () => t.makeApp({ PUSH_ALLOWED_ORIGINS: 'https://push.example' });

  it("are one per session: a new subscription replaces the session's earlier one, also when both arrive at once", async () => {
    const { me } = await eventWithAttendees(t, 'me');
    const client = on(trusting(), me);
    expect((await subscribe(client, 'https://push.example/first')).status).toBe(204);
    expect((await subscribe(client, 'https://push.example/second')).status).toBe(204);
    expect(await endpointsOf(me)).toEqual(['https://push.example/second']);
    const both = await Promise.all(Array.from({ length: 5 }, (_, i) => subscribe(client, `https://push.example/at-once-${i}`)));
    expect(both.map((res) => res.status)).toEqual([204, 204, 204, 204, 204]);
    expect(await endpointsOf(me)).toHaveLength(1);
  });

  it('are at most ten per member: the eleventh device replaces the oldest', async () => {
    const { me } = await eventWithAttendees(t, 'me');
    const app = trusting();
    const sessions: TestClient[] = [];
    for (let i = 0; i <= MAX_SUBSCRIPTIONS_PER_MEMBER; i++) {
      t.clock.advance(1000);
      const client = new TestClient(app);
      client.jar.set('sid', await createSession(t.db, me.id, t.clock.now()));
      expect((await subscribe(client, `https://push.example/device-${i}`)).status).toBe(204);
      sessions.push(client);
    }
    expect(MAX_SUBSCRIPTIONS_PER_MEMBER).toBe(10);
    expect(await endpointsOf(me)).toEqual(Array.from({ length: 10 }, (_, i) => `https://push.example/device-${i + 1}`));
    expect((await sessions[0]!.get('/api/push/settings')).body.thisDevice).toBe(false);
    expect((await sessions[10]!.get('/api/push/settings')).body.thisDevice).toBe(true);
    const oldest = await t.db
      .selectFrom('push_subscriptions')
      .select('session_id_hash')
      .where('endpoint', '=', 'https://push.example/device-1')
      .executeTakeFirstOrThrow();
    expect(oldest.session_id_hash).toBe(hashSessionToken(sessions[1]!.sid!));
  });
});
