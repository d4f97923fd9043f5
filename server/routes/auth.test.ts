import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS } from '../../contract/errors';
import { cookieAttributes } from '../test/helpers/test-client';
import { createTestContext, logIn, NAMES, signUp, uniqueEmail, type TestContext } from '../test/helpers/test-app';
import { MINUTE } from '../test/helpers/test-clock';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** A six-digit code that is not the one mailed. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sign-up', () => {
  it('mails a code and creates the member with a session cookie on verify', async () => {
    const client = t.client();
    const email = uniqueEmail('signup');

    const requested = await client.post('/api/signup/pin/request', { ...NAMES, email });
    expect(requested.status).toBe(200);
    expect(requested.body).toEqual({ sent: true, expiresInSeconds: 600 });
    const mail = t.mailer.sent.at(-1)!;
    expect(mail).toMatchObject({ to: email, purpose: 'signup' });
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(client.sid).toBeUndefined();

    const verified = await client.post('/api/signup/pin/verify', { ...NAMES, email, pin: mail.code });
    expect(verified.status).toBe(201);
    expect(verified.body).toMatchObject({
      email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: null,
      story: null,
      consents: [],
      hasProAccess: false,
    });
    expect(verified.body.id).toMatch(/^[0-9a-f-]{36}$/);

    const cookie = verified.cookies.find((line) => line.startsWith('sid='))!;
    expect(cookie).toBeDefined();
    expect(client.sid).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
    const attributes = cookieAttributes(cookie);
    expect(attributes).toHaveProperty('httponly');
    expect(attributes.samesite).toBe('Lax');
    expect(attributes.path).toBe('/');
    expect(attributes['max-age']).toBe(String(30 * 24 * 60 * 60));
    expect(attributes).not.toHaveProperty('secure'); // plain http here

    const me = await client.get('/api/users/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual(verified.body);
  });

  it('refuses an address that already has an account, at request and at verify', async () => {
    const { email } = await signUp(t, t.client());
    const again = await t.client().post('/api/signup/pin/request', { ...NAMES, email });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: API_ERRORS.userExists });
  });

  it('refuses a verify when the address was taken after the code was sent', async () => {
    const email = uniqueEmail('race');
    const first = t.client();
    const second = t.client();
    await first.post('/api/signup/pin/request', { ...NAMES, email });
    const firstCode = t.mailer.lastCode(email);
    await second.post('/api/signup/pin/request', { ...NAMES, email });
    const secondCode = t.mailer.lastCode(email);
    expect((await second.post('/api/signup/pin/verify', { ...NAMES, email, pin: secondCode })).status).toBe(201);
    const late = await first.post('/api/signup/pin/verify', { ...NAMES, email, pin: firstCode });
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ error: API_ERRORS.userExists });
  });

  it('treats e-mail case and surrounding spaces as the same address', async () => {
    const email = uniqueEmail('case');
    const client = t.client();
    await client.post('/api/signup/pin/request', { ...NAMES, email: `  ${email.toUpperCase()} ` });
    const verified = await client.post('/api/signup/pin/verify', { ...NAMES, email: email.toUpperCase(), pin: t.mailer.lastCode(email) });
    expect(verified.status).toBe(201);
    expect(verified.body.email).toBe(email);

    const dup = await t.client().post('/api/signup/pin/request', { ...NAMES, email: ` ${email.replace(/^./, (ch) => ch.toUpperCase())}` });
    expect(dup.status).toBe(409);
    const login = await t.client().post('/api/login/pin/request', { email: `\t${email.toUpperCase()}` });
    expect(login.status).toBe(200);
  });

  it('validates the form: missing names and a malformed address name the field', async () => {
    const client = t.client();
    const noName = await client.post('/api/signup/pin/request', { firstName: ' ', lastName: 'X', email: uniqueEmail() });
    expect(noName.status).toBe(400);
    expect(noName.body).toEqual({ error: 'Name required', field: 'firstName' });
    const badEmail = await client.post('/api/signup/pin/request', { ...NAMES, email: 'not-an-address' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.field).toBe('email');
    const badPin = await client.post('/api/signup/pin/verify', { ...NAMES, email: uniqueEmail(), pin: '12ab56' });
    expect(badPin.status).toBe(400);
    expect(badPin.body).toEqual({ error: API_ERRORS.invalidPin, field: 'pin' });
  });
});

describe('log-in', () => {
  it('answers 404 User not found for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const sentBefore = t.mailer.sent.length;
    const res = await t.client().post('/api/login/pin/request', { email });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: API_ERRORS.userNotFound });
    expect(t.mailer.sent.length).toBe(sentBefore);
  });

  it('signs a returning member in with a mailed code', async () => {
    const { email, me } = await signUp(t, t.client());
    const client = t.client();
    const requested = await client.post('/api/login/pin/request', { email });
    expect(requested.status).toBe(200);
    expect(requested.body).toEqual({ sent: true, expiresInSeconds: 600 });
    expect(t.mailer.sent.at(-1)).toMatchObject({ to: email, purpose: 'login' });
    const verified = await client.post('/api/login/pin/verify', { email, pin: t.mailer.lastCode(email) });
    expect(verified.status).toBe(200);
    expect(verified.body.id).toBe(me.id);
    expect((await client.get('/api/users/me')).body.id).toBe(me.id);
  });
});

describe('codes', () => {
  it('answers Invalid pin for wrong digits, and the right code still works afterwards', async () => {
    const { email } = await signUp(t, t.client());
    const client = t.client();
    await client.post('/api/login/pin/request', { email });
    const code = t.mailer.lastCode(email);
    const wrong = await client.post('/api/login/pin/verify', { email, pin: wrongCode(code) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: API_ERRORS.invalidPin });
    expect(wrong.cookies).toEqual([]);
    expect((await client.post('/api/login/pin/verify', { email, pin: code })).status).toBe(200);
  });

  it('burns a code after 5 wrong tries: the right one is then refused as Pin expired', async () => {
    const { email } = await signUp(t, t.client());
    const client = t.client();
    await client.post('/api/login/pin/request', { email });
    const code = t.mailer.lastCode(email);
    for (let i = 0; i < 5; i++) {
      const res = await client.post('/api/login/pin/verify', { email, pin: wrongCode(code) });
      expect(res.body).toEqual({ error: API_ERRORS.invalidPin });
    }
    const right = await client.post('/api/login/pin/verify', { email, pin: code });
    expect(right.status).toBe(400);
    expect(right.body).toEqual({ error: API_ERRORS.pinExpired });
    expect(client.sid).toBeUndefined();

    // A new code works again.
    const fresh = await logIn(t, client, email);
    expect(fresh.status).toBe(200);
  });

  it('expires a code after 10 minutes', async () => {
    const { email } = await signUp(t, t.client());
    const client = t.client();
    await client.post('/api/login/pin/request', { email });
    const code = t.mailer.lastCode(email);
    t.clock.advance(10 * MINUTE + 1000);
    const res = await client.post('/api/login/pin/verify', { email, pin: code });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: API_ERRORS.pinExpired });
  });

  it('is still valid just before 10 minutes', async () => {
    const { email } = await signUp(t, t.client());
    const client = t.client();
    await client.post('/api/login/pin/request', { email });
    t.clock.advance(9 * MINUTE + 50 * 1000);
    expect((await client.post('/api/login/pin/verify', { email, pin: t.mailer.lastCode(email) })).status).toBe(200);
  });

  it('works once only', async () => {
    const { email } = await signUp(t, t.client());
    const client = t.client();
    await client.post('/api/login/pin/request', { email });
    const code = t.mailer.lastCode(email);
    expect((await client.post('/api/login/pin/verify', { email, pin: code })).status).toBe(200);
    const again = await t.client().post('/api/login/pin/verify', { email, pin: code });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: API_ERRORS.pinExpired });
  });

  it('answers Pin expired when no code was ever requested', async () => {
    const { email } = await signUp(t, t.client());
    const res = await t.client().post('/api/login/pin/verify', { email, pin: '123456' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: API_ERRORS.pinExpired });
  });

  it('lets only the newest code work once another was requested', async () => {
    const { email } = await signUp(t, t.client());
    const client = t.client();
    await client.post('/api/login/pin/request', { email });
    const older = t.mailer.lastCode(email);
    await client.post('/api/login/pin/request', { email });
    const newer = t.mailer.lastCode(email);
    if (older !== newer) {
      // A replaced code is not a guess: 'Pin expired', not counted against the newest.
      expect((await client.post('/api/login/pin/verify', { email, pin: older })).body).toEqual({ error: API_ERRORS.pinExpired });
    }
    expect((await client.post('/api/login/pin/verify', { email, pin: newer })).status).toBe(200);
  });

  it('binds a code to its purpose: a sign-up code does not log in, a log-in code does not sign up', async () => {
    const email = uniqueEmail('purpose');
    const client = t.client();
    await client.post('/api/signup/pin/request', { ...NAMES, email });
    const signupCode = t.mailer.lastCode(email);
    // No account yet: a log-in is refused before any code is looked at.
    expect((await client.post('/api/login/pin/verify', { email, pin: signupCode })).status).toBe(404);
    expect((await client.post('/api/signup/pin/verify', { ...NAMES, email, pin: signupCode })).status).toBe(201);

    const other = t.client();
    const loginWithSignupCode = await other.post('/api/login/pin/verify', { email, pin: signupCode });
    expect(loginWithSignupCode.status).toBe(400);
    expect(loginWithSignupCode.body).toEqual({ error: API_ERRORS.pinExpired });
  });

  it('binds a code to its address', async () => {
    const a = await signUp(t, t.client());
    const b = await signUp(t, t.client());
    const client = t.client();
    await client.post('/api/login/pin/request', { email: a.email });
    const res = await client.post('/api/login/pin/verify', { email: b.email, pin: t.mailer.lastCode(a.email) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: API_ERRORS.pinExpired });
  });

  it('stores codes hashed, never as the digits', async () => {
    const email = uniqueEmail('hash');
    await t.client().post('/api/signup/pin/request', { ...NAMES, email });
    const code = t.mailer.lastCode(email);
    const row = await t.db.selectFrom('pin_codes').select('code_hash').where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);
    expect(row.code_hash).toMatch(/^[0-9a-f]{32}\$[0-9a-f]{64}$/);
  });
});
