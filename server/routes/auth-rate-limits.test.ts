import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS } from '../../contract/errors';
import { MAIL_FAILED } from './auth';
import { createTestContext, NAMES, signUp, uniqueEmail, type TestContext } from '../test/helpers/test-app';
import { MINUTE } from '../test/helpers/test-clock';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('codes per address', () => {
  it('mails at most 3 codes per address in 15 minutes; the 4th gets 429 with Retry-After', async () => {
    const { email } = await signUp(t, t.client()); // the sign-up code is the 1st
    const client = t.client();
    expect((await client.post('/api/login/pin/request', { email })).status).toBe(200);
    expect((await client.post('/api/login/pin/request', { email })).status).toBe(200);
    t.clock.advance(MINUTE);
    const fourth = await client.post('/api/login/pin/request', { email });
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual({ error: API_ERRORS.tooManyRequests });
    const retryAfter = Number(fourth.headers.get('retry-after'));
    // The first code was sent a minute ago: room again in 14 minutes.
    expect(retryAfter).toBeGreaterThan(13 * 60);
    expect(retryAfter).toBeLessThanOrEqual(14 * 60);

    // Another client (another IP) asking for the same address is refused too: it is per address.
    expect((await t.client({ ip: '10.9.9.9' }).post('/api/login/pin/request', { email })).status).toBe(429);

    t.clock.advance(retryAfter * 1000);
    expect((await client.post('/api/login/pin/request', { email })).status).toBe(200);
  });

  it('counts sign-up and log-in codes together and is case-insensitive', async () => {
    const email = uniqueEmail('mixed');
    const client = t.client();
    for (let i = 0; i < 3; i++) {
      expect((await client.post('/api/signup/pin/request', { ...NAMES, email: i % 2 ? email.toUpperCase() : email })).status).toBe(200);
    }
    expect((await client.post('/api/signup/pin/request', { ...NAMES, email })).status).toBe(429);
  });

  it('does not count refused requests (unknown address, existing account)', async () => {
    const email = uniqueEmail('refused');
    const client = t.client();
    for (let i = 0; i < 4; i++) expect((await client.post('/api/login/pin/request', { email })).status).toBe(404);
    expect((await client.post('/api/signup/pin/request', { ...NAMES, email })).status).toBe(200);
  });
});

describe('per IP', () => {
  it('limits code requests per client IP (RATE_LIMIT_PER_IP)', async () => {
    const app = t.makeApp({ RATE_LIMIT_PER_IP: '3' });
    const client = t.client({ ip: '192.0.2.10' }, app);
    for (let i = 0; i < 3; i++) {
      expect((await client.post('/api/signup/pin/request', { ...NAMES, email: uniqueEmail('ip') })).status).toBe(200);
    }
    const refused = await client.post('/api/signup/pin/request', { ...NAMES, email: uniqueEmail('ip') });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: API_ERRORS.tooManyRequests });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Probing addresses counts as well, so unknown addresses cannot be enumerated freely.
    expect((await client.post('/api/login/pin/request', { email: uniqueEmail('probe') })).status).toBe(429);
    // Another IP is not affected.
    const other = t.client({ ip: '192.0.2.11' }, app);
    expect((await other.post('/api/signup/pin/request', { ...NAMES, email: uniqueEmail('ip') })).status).toBe(200);
  });

  it('limits verification attempts per client IP (RATE_LIMIT_VERIFY_PER_IP, 1.5 x per-IP by default)', async () => {
    const app = t.makeApp({ RATE_LIMIT_PER_IP: '2' }); // verify limit 3
    const client = t.client({ ip: '192.0.2.20' }, app);
    for (let i = 0; i < 3; i++) {
      const res = await client.post('/api/login/pin/verify', { email: uniqueEmail('guess'), pin: '000000' });
      expect(res.status).toBe(404);
    }
    const refused = await client.post('/api/login/pin/verify', { email: uniqueEmail('guess'), pin: '000000' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('uses the last X-Forwarded-For entry only behind a trusted proxy', async () => {
    const trusting = t.makeApp({ RATE_LIMIT_PER_IP: '1', TRUST_PROXY: 'true' });
    const viaProxy = (ip: string) => t.client({ headers: { 'x-forwarded-for': `1.1.1.1, ${ip}` } }, trusting);
    expect((await viaProxy('198.51.100.1').post('/api/signup/pin/request', { ...NAMES, email: uniqueEmail() })).status).toBe(200);
    expect((await viaProxy('198.51.100.1').post('/api/signup/pin/request', { ...NAMES, email: uniqueEmail() })).status).toBe(429);
    expect((await viaProxy('198.51.100.2').post('/api/signup/pin/request', { ...NAMES, email: uniqueEmail() })).status).toBe(200);

    // Without TRUST_PROXY the header is ignored: a client cannot pick a fresh IP per request.
    const direct = t.makeApp({ RATE_LIMIT_PER_IP: '1' });
    const spoof = (ip: string) => t.client({ ip: '192.0.2.30', headers: { 'x-forwarded-for': ip } }, direct);
    expect((await spoof('203.0.113.1').post('/api/signup/pin/request', { ...NAMES, email: uniqueEmail() })).status).toBe(200);
    expect((await spoof('203.0.113.2').post('/api/signup/pin/request', { ...NAMES, email: uniqueEmail() })).status).toBe(429);
  });
});

describe('mail failure', () => {
  it('answers 502 and gives the address its budget back; the previous code keeps working', async () => {
    const { email } = await signUp(t, t.client());
    const client = t.client();
    await client.post('/api/login/pin/request', { email }); // 2nd of 3
    t.mailer.failing = true;
    try {
      for (let i = 0; i < 3; i++) {
        const res = await client.post('/api/login/pin/request', { email });
        expect(res.status).toBe(502);
        expect(res.body).toEqual({ error: MAIL_FAILED });
      }
    } finally {
      t.mailer.failing = false;
    }
    // The failed sends did not use the budget: the 3rd code can still be sent.
    expect((await client.post('/api/login/pin/request', { email })).status).toBe(200);
    expect((await client.post('/api/login/pin/request', { email })).status).toBe(429);
  });

  it('keeps the earlier code valid when sending a new one fails', async () => {
    const { email } = await signUp(t, t.client());
    const client = t.client();
    await client.post('/api/login/pin/request', { email });
    const working = t.mailer.lastCode(email);
    t.mailer.failing = true;
    try {
      expect((await client.post('/api/login/pin/request', { email })).status).toBe(502);
    } finally {
      t.mailer.failing = false;
    }
    expect((await client.post('/api/login/pin/verify', { email, pin: working })).status).toBe(200);
  });
});
