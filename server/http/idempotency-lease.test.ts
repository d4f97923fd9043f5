import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../contract/attendees';
import { IDEMPOTENCY_ERRORS } from '../../contract/errors';
import { INTERACTION_BATCH_PATH } from '../../contract/interaction-batch';
import { createLogger } from '../logger';
import { IDEMPOTENCY_LEASE_MS, requestHash } from '../services/idempotency/claim-store';
import { eventWithAttendees } from '../test/helpers/attendee-fixtures';
import { createTestContext, testConfig, type TestContext } from '../test/helpers/test-app';
import type { AppEnv } from './app-env';
import { errorHandler } from './error-handler';
import { idempotent } from './idempotency-middleware';

/**
 * The lease of an Idempotency-Key claim, in process with a hand-moved clock:
 * a claim a killed process left unanswered is taken over once the lease ran out, by one retry only.
 * idempotency-crash.test.ts kills a real server process for the same.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const SWIPE_PATH = '/api/users/interactions/negative';

/** The record a process killed after its claim leaves behind: unanswered, claimed `ageMs` ago. */
async function strandedClaim(userId: string, key: string, hash: string, ageMs: number): Promise<void> {
  await t.db
    .insertInto('idempotency_records')
    .values({ user_id: userId, key, request_hash: hash, status: null, body: null, created_at: new Date(t.clock.now().getTime() - ageMs) })
    .execute();
}

const swipeHash = (toUserId: string, eventId: string) => requestHash('POST', SWIPE_PATH, JSON.stringify({ toUserId, eventId }));

async function interactionsBy(userId: string): Promise<number> {
  const rows = await t.db.selectFrom('interactions').select('id').where('from_user_id', '=', userId).execute();
  return rows.length;
}

describe('the lease of an unanswered Idempotency-Key claim', () => {
  it('a retry after the lease takes the claim over and the swipe lands once', async () => {
    const { event, one, two } = await eventWithAttendees(t, 'one', 'two');
    const key = randomUUID();
    await strandedClaim(one.id, key, swipeHash(two.id, event.id), IDEMPOTENCY_LEASE_MS + 1000);
    const send = () => one.client.request('POST', SWIPE_PATH, { json: { toUserId: two.id, eventId: event.id }, headers: { [IDEMPOTENCY_HEADER]: key } });
    const retry = await send();
    expect(retry.status).toBe(201);
    expect(retry.headers.get('Idempotent-Replayed')).toBeNull();
    const again = await send();
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await interactionsBy(one.id)).toBe(1);
  });

  it('a claim of another request under the key stays 422 after its lease', async () => {
    const { event, one, two } = await eventWithAttendees(t, 'one', 'two');
    const key = randomUUID();
    await strandedClaim(one.id, key, swipeHash(randomUUID(), event.id), IDEMPOTENCY_LEASE_MS + 1000);
    const res = await one.client.request('POST', SWIPE_PATH, { json: { toUserId: two.id, eventId: event.id }, headers: { [IDEMPOTENCY_HEADER]: key } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: IDEMPOTENCY_ERRORS.keyReused });
    expect(await interactionsBy(one.id)).toBe(0);
  });

  it('of two retries racing for an expired claim, one runs the route and the other gets its answer', async () => {
    const { one } = await eventWithAttendees(t, 'one');
    const config = testConfig();
    const deps = { db: t.db, mailer: t.mailer, config, clock: t.clock.now, logger: createLogger(config.LOG_LEVEL) };
    let runs = 0;
    const app = new Hono<AppEnv>();
    app.onError(errorHandler(deps.logger));
    app.use('*', async (c, next) => {
      c.set('userId', one.id);
      await next();
    });
    app.post('/write', idempotent(deps), async (c) => {
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 200));
      return c.json({ runs }, 201);
    });
    const key = randomUUID();
    const body = '{"a":1}';
    await strandedClaim(one.id, key, requestHash('POST', '/write', body), IDEMPOTENCY_LEASE_MS + 1000);
    const send = () =>
      app.request('http://localhost/write', { method: 'POST', headers: { 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: key }, body });
    const answers = await Promise.all([send(), send(), send()]);
    expect(runs).toBe(1);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(answers.filter((a) => a.headers.get('Idempotent-Replayed') === 'true')).toHaveLength(2);
  });

  it('a batch takes over its items whose lease ran out and waits for those still within it', async () => {
    const { event, one, two, three } = await eventWithAttendees(t, 'one', 'two', 'three');
    const [expiredKey, freshKey] = [randomUUID(), randomUUID()];
    await strandedClaim(one.id, expiredKey, swipeHash(two.id, event.id), IDEMPOTENCY_LEASE_MS + 1000);
    await strandedClaim(one.id, freshKey, swipeHash(three.id, event.id), IDEMPOTENCY_LEASE_MS - 1000);
    const res = await one.client.request('POST', `/api/${INTERACTION_BATCH_PATH}`, {
      json: {
        items: [
          { key: expiredKey, type: 'NEGATIVE', toUserId: two.id, eventId: event.id },
          { key: freshKey, type: 'NEGATIVE', toUserId: three.id, eventId: event.id },
        ],
      },
    });
    expect(res.status).toBe(200);
    const { results } = res.body as { results: { key: string; status: number; body: unknown }[] };
    expect(results.map((r) => [r.key, r.status])).toEqual([
      [expiredKey, 201],
      [freshKey, 409],
    ]);
    expect(results[1]!.body).toEqual({ error: IDEMPOTENCY_ERRORS.inProgress });
    expect(await interactionsBy(one.id)).toBe(1);
  }, 15_000);
});
