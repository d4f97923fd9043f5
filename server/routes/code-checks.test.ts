import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, SIGN_IN_PAUSED_CODE } from '../../contract/errors';
import type { AppEnv } from '../http/app-env';
import { FAILED_CODES_PER_ADDRESS } from '../services/sign-in/sign-in-limits';
import { createTestContext, NAMES, signUp, uniqueEmail, type TestContext } from '../test/helpers/test-app';
import type { TestClient, TestResponse } from '../test/helpers/test-client';
import { MINUTE } from '../test/helpers/test-clock';

/**
 * Every route that takes a sign-in code is a door for guessing codes, so every one of them counts
 * against the same limits: the client's address (RATE_LIMIT_VERIFY_PER_IP per 15 minutes) and the
 * e-mail address's ceiling of wrong codes in a row. One row per route; a route that checks codes
 * its own way fails here.
 */

interface CodeRoute {
  name: string;
  /** A member (or a visitor) ready to enter codes for `email` from `client`. */
  prepare(client: TestClient): Promise<{ email: string; purpose: 'signup' | 'login' }>;
  enter(client: TestClient, email: string, pin: string): Promise<TestResponse>;
}

const ROUTES: CodeRoute[] = [
  {
    name: 'POST signup/pin/verify',
    prepare: async () => ({ email: uniqueEmail('new'), purpose: 'signup' }),
    enter: (client, email, pin) => client.post('/api/signup/pin/verify', { ...NAMES, email, pin }),
  },
  {
    name: 'POST login/pin/verify',
    prepare: async (client) => ({ email: (await signUp(t, client)).email, purpose: 'login' }),
    enter: (client, email, pin) => client.post('/api/login/pin/verify', { email, pin }),
  },
  {
    name: 'DELETE users/me',
    prepare: async (client) => ({ email: (await signUp(t, client)).email, purpose: 'login' }),
    enter: (client, _email, pin) => client.request('DELETE', '/api/users/me', { json: { pin } }),
  },
];

const VERIFY_PER_IP = 6;
let t: TestContext;
let app: Hono<AppEnv>;
let nextIp = 1;
beforeAll(async () => {
  t = await createTestContext();
  app = t.makeApp({ RATE_LIMIT_VERIFY_PER_IP: String(VERIFY_PER_IP) });
});
afterAll(() => t.close());

const wrongCode = () => t.mailer.wrongCode();

/** A fresh code for the address, moving the clock past the 3-codes-per-15-minutes rule when needed. */
async function requestCode(email: string, purpose: 'signup' | 'login') {
  const asker = t.client({ ip: `10.1.0.${nextIp++}` }, app);
  const ask = () => (purpose === 'signup' ? asker.post('/api/signup/pin/request', { ...NAMES, email }) : asker.post('/api/login/pin/request', { email }));
  let res = await ask();
  if (res.status === 429 && res.body.code === undefined) {
    t.clock.advance(15 * MINUTE);
    res = await ask();
  }
  expect(res.status, res.text).toBe(200);
}

const clientAt = (ip: string, from?: TestClient) => {
  const client = t.client({ ip }, app);
  for (const [name, value] of from?.jar ?? []) client.jar.set(name, value);
  return client;
};

describe.each(ROUTES)('$name', (route) => {
  it('counts each code against the client address: past the limit, 429 with Retry-After and no code tried', async () => {
    const owner = t.client({}, app);
    const { email, purpose } = await route.prepare(owner);
    t.clock.advance(16 * MINUTE);
    await requestCode(email, purpose);
    const guesser = clientAt(`10.2.0.${nextIp++}`, owner);
    for (let i = 0; i < VERIFY_PER_IP; i++) {
      if (i === 5) await requestCode(email, purpose);
      expect((await route.enter(guesser, email, wrongCode())).status).toBe(400);
    }
    const refused = await route.enter(guesser, email, t.mailer.lastCode(email));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: API_ERRORS.tooManyRequests });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The right code was not tried: it still works from another address.
    expect((await route.enter(clientAt(`10.3.0.${nextIp++}`, owner), email, t.mailer.lastCode(email))).status).toBeLessThan(300);
  });

  it(`pauses the address at the ${FAILED_CODES_PER_ADDRESS}th wrong code in a row, whichever route took them`, async () => {
    const owner = t.client({}, app);
    const { email, purpose } = await route.prepare(owner);
    let last: TestResponse | undefined;
    for (let i = 0; i < FAILED_CODES_PER_ADDRESS; i++) {
      if (i % 5 === 0) await requestCode(email, purpose);
      // A new address for every guess: only the address's own ceiling can stop them.
      last = await route.enter(clientAt(`10.4.${i}.${nextIp++}`, owner), email, wrongCode());
      if (i < FAILED_CODES_PER_ADDRESS - 1) expect(last.status, `guess ${i + 1}`).toBe(400);
    }
    expect(last!.status).toBe(429);
    expect(last!.body).toEqual({ error: API_ERRORS.signInPaused, code: SIGN_IN_PAUSED_CODE });
    expect(t.mailer.pauses.filter((notice) => notice.to === email)).toHaveLength(1);
  });
});
