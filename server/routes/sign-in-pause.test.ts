import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, SIGN_IN_PAUSED_CODE } from '../../contract/errors';
import { FAILED_CODES_PER_ADDRESS } from '../services/sign-in/sign-in-limits';
import { createTestContext, signUp, type TestContext } from '../test/helpers/test-app';
import type { TestClient } from '../test/helpers/test-client';
import { MINUTE } from '../test/helpers/test-clock';

/**
 * A ceiling on wrong codes per address (20 in a row within a day), so that one
 * address no longer takes some 1,440 guesses a day; and a replaced code is not a wrong try.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const wrongCode = () => t.mailer.wrongCode();

/** Asks for a login code (moving the clock past the 3-codes-per-15-minutes rule when needed). */
async function requestCode(client: TestClient, email: string) {
  let res = await client.post('/api/login/pin/request', { email });
  if (res.status === 429 && res.body.code === undefined) {
    t.clock.advance(15 * MINUTE);
    res = await client.post('/api/login/pin/request', { email });
  }
  return res;
}

/** Enters `count` wrong codes for the address, asking for a new code when one is burnt (5 tries). */
async function enterWrongCodes(email: string, count: number, clients: TestClient[]) {
  const answers = [];
  for (let i = 0; i < count; i++) {
    const client = clients[i % clients.length]!;
    if (i % 5 === 0) expect((await requestCode(client, email)).status).toBe(200);
    answers.push(await client.post('/api/login/pin/verify', { email, pin: wrongCode() }));
  }
  return answers;
}

describe('the ceiling on wrong codes per address', () => {
  it('pauses the address at the 20th wrong code, from any IP, tells the member once, and refuses codes until it ends', async () => {
    const { email } = await signUp(t, t.client());
    const clients = [t.client({ ip: '10.0.0.1' }), t.client({ ip: '10.0.0.2' }), t.client({ ip: '10.0.0.3' })];
    const answers = await enterWrongCodes(email, FAILED_CODES_PER_ADDRESS, clients);
    expect(answers.slice(0, -1).every((res) => res.status === 400)).toBe(true);

    const last = answers.at(-1)!;
    expect(last.status).toBe(429);
    expect(last.body).toEqual({ error: API_ERRORS.signInPaused, code: SIGN_IN_PAUSED_CODE });
    const retryAfter = Number(last.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(23 * 60 * 60);
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    expect(t.mailer.pauses.filter((notice) => notice.to === email)).toHaveLength(1);

    // Paused: a new code is not mailed, and no code is tried, not even a right one.
    const codesBefore = t.mailer.sent.length;
    const request = await t.client({ ip: '10.0.0.9' }).post('/api/login/pin/request', { email });
    expect(request.status).toBe(429);
    expect(request.body.code).toBe(SIGN_IN_PAUSED_CODE);
    expect(t.mailer.sent.length).toBe(codesBefore);
    expect((await clients[0]!.post('/api/login/pin/verify', { email, pin: t.mailer.lastCode(email) })).status).toBe(429);
    expect(t.mailer.pauses.filter((notice) => notice.to === email)).toHaveLength(1);

    // When the oldest counted failure leaves the day's window, the member signs in as usual.
    t.clock.advance(24 * 60 * MINUTE);
    const client = t.client();
    expect((await client.post('/api/login/pin/request', { email })).status).toBe(200);
    expect((await client.post('/api/login/pin/verify', { email, pin: t.mailer.lastCode(email) })).status).toBe(200);
  });

  it('counts failures in a row: a right code clears them', async () => {
    const { email } = await signUp(t, t.client());
    const client = t.client();
    await enterWrongCodes(email, FAILED_CODES_PER_ADDRESS - 1, [client]);
    t.clock.advance(15 * MINUTE);
    expect((await requestCode(client, email)).status).toBe(200);
    expect((await client.post('/api/login/pin/verify', { email, pin: t.mailer.lastCode(email) })).status).toBe(200);

    t.clock.advance(15 * MINUTE);
    const again = await enterWrongCodes(email, FAILED_CODES_PER_ADDRESS - 1, [client]);
    expect(again.every((res) => res.status === 400)).toBe(true);
  });

  it('counts sign-up codes for the address too (no pre-registering a victim by guessing)', async () => {
    const email = `new-${Date.now()}@example.com`;
    const client = t.client();
    let last;
    for (let i = 0; i < FAILED_CODES_PER_ADDRESS; i++) {
      if (i % 5 === 0) {
        if (i === 15) t.clock.advance(15 * MINUTE);
        expect((await client.post('/api/signup/pin/request', { firstName: 'A', lastName: 'B', email })).status).toBe(200);
      }
      last = await client.post('/api/signup/pin/verify', { firstName: 'A', lastName: 'B', email, pin: wrongCode() });
    }
    expect(last?.status).toBe(429);
    expect(last?.body.code).toBe(SIGN_IN_PAUSED_CODE);
  });
});

describe('a replaced code', () => {
  it("answers 'Pin expired' and costs the newest code none of its tries", async () => {
    const { email } = await signUp(t, t.client());
    t.clock.advance(15 * MINUTE);
    const client = t.client();
    expect((await client.post('/api/login/pin/request', { email })).status).toBe(200);
    const replaced = t.mailer.lastCode(email);
    expect((await client.post('/api/login/pin/request', { email })).status).toBe(200);
    const newest = t.mailer.lastCode(email);
    if (newest === replaced) return; // one chance in a million: nothing to tell apart

    const old = await client.post('/api/login/pin/verify', { email, pin: replaced });
    expect(old.status).toBe(400);
    expect(old.body).toEqual({ error: API_ERRORS.pinExpired });
    // Four wrong tries more leave the newest code its fifth: had the old code counted, it would be burnt.
    for (let i = 0; i < 4; i++) expect((await client.post('/api/login/pin/verify', { email, pin: wrongCode() })).body.error).toBe(API_ERRORS.invalidPin);
    expect((await client.post('/api/login/pin/verify', { email, pin: newest })).status).toBe(200);
  });
});
