import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS } from '../../contract/errors';
import { apiRoutes, fillPath, routeKey } from '../test/helpers/app-routes';
import { newMember } from '../test/helpers/events-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';
import type { AppEnv } from './app-env';
import { WRITE_LIMITS, writeBucket, type WriteLimit } from './write-limits';

/**
 * The write-limit table: every unsafe route the app registers has a limit per member (or says
 * what limits it without a session), and each limit holds in the running app: the write that
 * fills the member's window goes through, the next answers 429 with Retry-After. A new route
 * without a row fails here, naming it.
 */

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
let t: TestContext;
let app: Hono<AppEnv>;
beforeAll(async () => {
  t = await createTestContext();
  app = t.makeApp({ WRITE_LIMIT_FACTOR: '1' });
});
afterAll(() => t.close());

const memberLimited = Object.entries(WRITE_LIMITS).filter((entry): entry is [string, Extract<WriteLimit, { limit: number }>] => 'limit' in entry[1]);
const withoutSession = Object.entries(WRITE_LIMITS).filter(([, rule]) => 'withoutSession' in rule);

/** The route as a request: ids that exist nowhere (the limit comes before any lookup). */
function request(route: string): { method: string; path: string } {
  const [method, pattern] = route.split(' ') as [string, string];
  return { method, path: fillPath(pattern, (param) => (param === 'secret' ? 'not-a-secret' : crypto.randomUUID())) };
}

it('has a row for every unsafe route the app registers, and none for a route it does not have', () => {
  const unsafe = apiRoutes(t.app)
    .filter((route) => UNSAFE.has(route.method))
    .map(routeKey);
  expect(
    unsafe.filter((route) => !(route in WRITE_LIMITS)),
    'add these routes to server/http/write-limits.ts',
  ).toEqual([]);
  expect(
    Object.keys(WRITE_LIMITS).filter((route) => !unsafe.includes(route)),
    'rows for routes the app does not have',
  ).toEqual([]);
});

describe.each(memberLimited)('%s', (route, rule) => {
  it(`lets a member write ${rule.limit} times a window, then answers 429 with Retry-After`, async () => {
    const member = await newMember(t);
    const client = t.client({}, app);
    client.jar.set('sid', member.client.sid!);
    // The member has written limit - 1 times in this window already (through this route's bucket).
    const now = t.clock.now();
    const windowEndsAt = new Date((Math.floor(now.getTime() / rule.windowMs) + 1) * rule.windowMs);
    const bucket = `write:${rule.bucket ?? route}:${member.id}`;
    if (rule.limit > 1)
      await t.db
        .insertInto('write_quotas')
        .values({ bucket, window_ends_at: windowEndsAt, hits: rule.limit - 1 })
        .execute();
    const { method, path } = request(route);

    const last = await client.request(method, path);
    expect(last.status, last.text).not.toBe(429);
    const refused = await client.request(method, path);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: API_ERRORS.tooManyRequests });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBe(Math.ceil((windowEndsAt.getTime() - now.getTime()) / 1000));

    // Another member is not held back by this one's writes.
    const other = await newMember(t);
    const theirs = t.client({}, app);
    theirs.jar.set('sid', other.client.sid!);
    expect((await theirs.request(method, path)).status).not.toBe(429);
    // A new window lets the member write again.
    t.clock.advance(retryAfter * 1000);
    expect((await client.request(method, path)).status).not.toBe(429);
  });
});

/** Each further window of a route (`also`: a day's total beside a minute's burst) holds too. */
const furtherWindows = memberLimited.flatMap(([route, rule]) => (rule.also ?? []).map((window) => [route, rule, window] as const));

describe.each(furtherWindows)('%s, its further window', (route, rule, window) => {
  it(`lets a member write ${window.limit} times in ${window.windowMs} ms, then answers 429 with that window's Retry-After`, async () => {
    const member = await newMember(t);
    const client = t.client({}, app);
    client.jar.set('sid', member.client.sid!);
    const now = t.clock.now();
    const windowEndsAt = new Date((Math.floor(now.getTime() / window.windowMs) + 1) * window.windowMs);
    await t.db
      .insertInto('write_quotas')
      .values({ bucket: writeBucket(rule.bucket ?? route, window.windowMs, member.id), window_ends_at: windowEndsAt, hits: window.limit - 1 })
      .execute();
    const { method, path } = request(route);
    expect((await client.request(method, path)).status).not.toBe(429);
    const refused = await client.request(method, path);
    expect([refused.status, refused.body]).toEqual([429, { error: API_ERRORS.tooManyRequests }]);
    expect(Number(refused.headers.get('retry-after'))).toBe(Math.ceil((windowEndsAt.getTime() - now.getTime()) / 1000));
  });
});

describe.each(withoutSession)('%s', (route) => {
  it('is reached without a session, so a per-member limit could not apply', async () => {
    const { method, path } = request(route);
    expect((await t.client({}, app).request(method, path)).status).not.toBe(401);
  });
});

describe('the limits a script meets', () => {
  it('stops a member from adding community events past 20 a day', async () => {
    const member = await newMember(t);
    const client = t.client({}, app);
    client.jar.set('sid', member.client.sid!);
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await client.post('/api/events/user-added', {
        name: `Meetup ${i}`,
        dateTime: new Date(t.clock.now().getTime() + 86_400_000).toISOString(),
        eventUrl: 'https://meetup.example/',
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
    const created = await t.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('created_by_user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(Number(created.n)).toBe(20);
  });
});
