import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS } from '../../contract/errors';
import { hashSessionToken } from '../services/sign-in/sessions';
import { cookieAttributes, TestClient } from '../test/helpers/test-client';
import { createTestContext, logIn, signUp, type TestContext } from '../test/helpers/test-app';
import { DAY, MINUTE } from '../test/helpers/test-clock';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** A client that presents a given cookie value, as a stolen or old cookie would be. */
function clientWithCookie(sid: string): TestClient {
  const client = t.client();
  client.jar.set('sid', sid);
  return client;
}

/**
 * Signed-in reads: behind the requireUser middleware (the current user), and the events lists,
 * the connections and the feed, whose statement reads the session itself
 * (http/signed-in-read.ts). Each must treat sessions alike.
 */
const SIGNED_IN_READS = ['/api/users/me', '/api/events?page=1&includeAttendeeConnections=true', '/api/events/my-events', '/api/users/connections', '/api/feed'];

describe.each(SIGNED_IN_READS)('sessions on GET %s', (path) => {
  it('answers 401 to anonymous requests', async () => {
    const res = await t.client().get(path);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: API_ERRORS.unauthorized });
  });

  it.each(['A'.repeat(43), 'not a token'])('answers 401 to a made-up cookie (%s) and tells the browser to drop it', async (sid) => {
    const res = await clientWithCookie(sid).get(path);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: API_ERRORS.unauthorized });
    const cleared = res.cookies.find((line) => line.startsWith('sid='))!;
    expect(cookieAttributes(cleared)['max-age']).toBe('0');
  });

  it('answers a live session, and 401 to its cookie replayed after log-out', async () => {
    const client = t.client();
    await signUp(t, client);
    const sid = client.sid!;
    expect((await client.get(path)).status).toBe(200);
    expect((await client.post('/api/oauth/logout')).status).toBe(204);
    expect((await clientWithCookie(sid).get(path)).status).toBe(401);
  });

  it('ends a session after SESSION_IDLE_DAYS without use', async () => {
    const client = t.client();
    await signUp(t, client);
    t.clock.advance(29 * DAY);
    expect((await client.get(path)).status).toBe(200);
    // Used on day 29: the idle window starts again from there.
    t.clock.advance(29 * DAY);
    expect((await client.get(path)).status).toBe(200);
    t.clock.advance(30 * DAY + MINUTE);
    expect((await client.get(path)).status).toBe(401);
  });

  it('writes last use at most once a minute, renewing the cookie when it does', async () => {
    const client = t.client();
    const { me } = await signUp(t, client);
    const lastSeen = async () =>
      (await t.db.selectFrom('sessions').select('last_seen_at').where('user_id', '=', me.id).executeTakeFirstOrThrow()).last_seen_at.getTime();
    const start = await lastSeen();
    t.clock.advance(30 * 1000);
    const soon = await client.get(path);
    expect(soon.status).toBe(200);
    expect(soon.cookies).toEqual([]);
    expect(await lastSeen()).toBe(start);
    t.clock.advance(31 * 1000);
    const later = await client.get(path);
    expect(later.status).toBe(200);
    expect(later.cookies.some((line) => line.startsWith('sid='))).toBe(true);
    expect(await lastSeen()).toBe(start + 61 * 1000);
  });
});

describe('sessions', () => {
  it('stores only a hash of the session id', async () => {
    const client = t.client();
    const { me } = await signUp(t, client);
    const rows = await t.db.selectFrom('sessions').select('id_hash').where('user_id', '=', me.id).execute();
    expect(rows).toEqual([{ id_hash: hashSessionToken(client.sid!) }]);
    expect(rows[0]!.id_hash).not.toContain(client.sid!);
  });

  it('issues a new id at every log-in and revokes the one the browser presented', async () => {
    const client = t.client();
    const { email } = await signUp(t, client);
    const first = client.sid!;
    expect((await logIn(t, client, email)).status).toBe(200);
    const second = client.sid!;
    expect(second).not.toBe(first);
    expect((await clientWithCookie(first).get('/api/users/me')).status).toBe(401);
    expect((await client.get('/api/users/me')).status).toBe(200);
  });

  it('keeps sessions on other devices when one device logs in again', async () => {
    const phone = t.client();
    const { email } = await signUp(t, phone);
    const laptop = t.client();
    await logIn(t, laptop, email);
    expect((await phone.get('/api/users/me')).status).toBe(200);
    expect((await laptop.get('/api/users/me')).status).toBe(200);
  });

  it('log-out revokes the session and clears the cookie', async () => {
    const client = t.client();
    await signUp(t, client);
    const sid = client.sid!;
    const res = await client.post('/api/oauth/logout');
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const cleared = res.cookies.find((line) => line.startsWith('sid='))!;
    expect(cookieAttributes(cleared)['max-age']).toBe('0');
    expect(client.sid).toBeUndefined();
    // The old cookie, replayed, no longer works.
    expect((await clientWithCookie(sid).get('/api/users/me')).status).toBe(401);
  });

  it('log-out without a session is fine', async () => {
    expect((await t.client().post('/api/oauth/logout')).status).toBe(204);
  });

  it('sets the Secure flag when the app is served over HTTPS', async () => {
    const app = t.makeApp({ APP_ORIGIN: 'https://app.example.com' });
    const client = t.client({ origin: 'https://app.example.com' }, app);
    await signUp(t, client);
    const verify = await logIn(t, client, (await client.get('/api/users/me')).body.email);
    const cookie = verify.cookies.find((line) => line.startsWith('sid='))!;
    expect(cookieAttributes(cookie)).toHaveProperty('secure');
  });

  it('sets the Secure flag behind a trusted proxy that says https', async () => {
    const app = t.makeApp({ TRUST_PROXY: 'true' });
    const client = t.client({ headers: { 'x-forwarded-proto': 'https' } }, app);
    const { email } = await signUp(t, client);
    const verify = await logIn(t, client, email);
    expect(cookieAttributes(verify.cookies.find((line) => line.startsWith('sid='))!)).toHaveProperty('secure');
  });
});
