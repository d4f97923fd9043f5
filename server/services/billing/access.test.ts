import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers/test-app';
import { hasProAccess, PAST_DUE_GRACE_DAYS, proAccessSql, type AccessState } from './access';

/** The rule of PRO access in TypeScript and in SQL agree for every status and moment. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const DAY = 86_400_000;

it('gives the same answer as hasProAccess for every status, end and grace period', async () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const moments = [null, new Date(now.getTime() - DAY), new Date(now.getTime() + DAY), now];
  const states: AccessState[] = [];
  for (const status of ['PRO', 'TRIALING', 'PAST_DUE', 'FREE'] as const) {
    for (const ends_at of moments) {
      for (const past_due_since of [
        null,
        new Date(now.getTime() - (PAST_DUE_GRACE_DAYS - 1) * DAY),
        new Date(now.getTime() - PAST_DUE_GRACE_DAYS * DAY),
        new Date(now.getTime() - (PAST_DUE_GRACE_DAYS + 1) * DAY),
      ]) {
        states.push({ status, ends_at, past_due_since });
      }
    }
  }
  const users = await t.db
    .insertInto('users')
    .values([...states, undefined].map((_, i) => ({ email: `access-${i}-${randomUUID()}@example.com`, first_name: 'Ada', last_name: `Access ${i}` })))
    .returning('id')
    .execute();
  await t.db
    .insertInto('subscriptions')
    .values(states.map((state, i) => ({ user_id: users[i]!.id, ...state, plan_name: 'PRO', updated_at: now })))
    .execute();
  // The last member has no subscription at all.
  for (const [i, state] of [...states, undefined].entries()) {
    const userId = users[i]!.id;
    const { access } = await t.db.selectNoFrom(proAccessSql(userId, now).as('access')).executeTakeFirstOrThrow();
    expect(Boolean(access), JSON.stringify(state ?? 'no subscription')).toBe(hasProAccess(state, now));
  }
  // Both kinds of answer occur, so the comparison says something.
  expect(new Set(states.map((state) => hasProAccess(state, now)))).toEqual(new Set([true, false]));
});
