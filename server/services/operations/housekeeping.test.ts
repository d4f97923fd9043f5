import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signUp, type TestContext } from '../../test/helpers/test-app';
import { DAY, MINUTE } from '../../test/helpers/test-clock';
import { createOpportunisticSweeper, sweepExpiredRows } from './housekeeping';
import { IDEMPOTENCY_TTL_MS } from '../idempotency/claim-store';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const IDLE_MS = 30 * DAY;

describe('housekeeping', () => {
  it('deletes old rate-limit hits, expired codes, Idempotency-Key records past their TTL and dead sessions, and keeps live ones', async () => {
    const now = new Date();
    const longAgo = new Date(now.getTime() - 2 * DAY);
    const { me } = await signUp(t, t.client());
    await t.db
      .insertInto('rate_limit_hits')
      .values([
        { bucket: 'sweep:old', created_at: longAgo },
        { bucket: 'sweep:new', created_at: now },
      ])
      .execute();
    await t.db
      .insertInto('pin_codes')
      .values([
        { email: 'sweep-old@example.com', purpose: 'login', code_hash: 'x', created_at: longAgo, expires_at: longAgo },
        { email: 'sweep-new@example.com', purpose: 'login', code_hash: 'x', created_at: now, expires_at: new Date(now.getTime() + 10 * MINUTE) },
      ])
      .execute();
    await t.db
      .insertInto('sessions')
      .values([
        { id_hash: 'sweep-revoked', user_id: me.id, created_at: longAgo, last_seen_at: longAgo, revoked_at: longAgo },
        { id_hash: 'sweep-idle', user_id: me.id, created_at: longAgo, last_seen_at: new Date(now.getTime() - IDLE_MS - 2 * DAY) },
        { id_hash: 'sweep-live', user_id: me.id, created_at: longAgo, last_seen_at: now },
      ])
      .execute();

    await t.db
      .insertInto('idempotency_records')
      .values([
        { user_id: me.id, key: 'sweep-old', request_hash: 'x', status: 200, body: null, created_at: new Date(now.getTime() - IDEMPOTENCY_TTL_MS - DAY) },
        { user_id: me.id, key: 'sweep-new', request_hash: 'x', status: 200, body: null, created_at: new Date(now.getTime() - IDEMPOTENCY_TTL_MS + DAY) },
      ])
      .execute();

    await sweepExpiredRows(t.db, now, IDLE_MS);

    const buckets = await t.db.selectFrom('rate_limit_hits').select('bucket').where('bucket', 'like', 'sweep:%').execute();
    expect(buckets).toEqual([{ bucket: 'sweep:new' }]);
    const codes = await t.db.selectFrom('pin_codes').select('email').where('email', 'like', 'sweep-%').execute();
    expect(codes).toEqual([{ email: 'sweep-new@example.com' }]);
    const sessions = await t.db.selectFrom('sessions').select('id_hash').where('id_hash', 'like', 'sweep-%').execute();
    expect(sessions).toEqual([{ id_hash: 'sweep-live' }]);
    const keys = await t.db.selectFrom('idempotency_records').select('key').where('key', 'like', 'sweep-%').execute();
    expect(keys).toEqual([{ key: 'sweep-new' }]);
  });

  it('sweeps at most every 10 minutes per process', async () => {
    const sweep = createOpportunisticSweeper(t.db, IDLE_MS);
    const start = new Date();
    await sweep(start);
    const old = new Date(start.getTime() - 2 * DAY);
    await t.db.insertInto('rate_limit_hits').values({ bucket: 'sweep:later', created_at: old }).execute();
    await sweep(new Date(start.getTime() + 5 * MINUTE));
    expect(await t.db.selectFrom('rate_limit_hits').select('bucket').where('bucket', '=', 'sweep:later').execute()).toHaveLength(1);
    await sweep(new Date(start.getTime() + 11 * MINUTE));
    expect(await t.db.selectFrom('rate_limit_hits').select('bucket').where('bucket', '=', 'sweep:later').execute()).toHaveLength(0);
  });
});
