import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_ERRORS } from '../../contract/errors';
import { OUTBOX_WRITES } from '../../contract/outbox-writes';
import { newMember, type Member } from '../test/helpers/events-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';

/*
 * Every write the app's outbox sends claims its Idempotency-Key (contract/outbox-writes.ts): a
 * route that forgot the key's middleware would apply a repeated write twice. Only that middleware
 * refuses a malformed key, before the route reads its body or its path: so a malformed key sent to
 * each route, with any path values and body, is refused as such on every one of them.
 */

let t: TestContext;
let member: Member;
beforeAll(async () => {
  t = await createTestContext();
  member = await newMember(t);
});
afterAll(() => t.close());

describe('the outbox’s writes claim their Idempotency-Key', () => {
  it.each(OUTBOX_WRITES)('%s refuses a key that is not a UUID', async (route) => {
    const [method, path] = route.split(' ') as [string, string];
    const url = `/api${path.replace(/:\w+/g, () => randomUUID())}`;
    const answer = await member.client.request(method, url, { json: {}, headers: { 'Idempotency-Key': 'not-a-key' } });
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: { error: IDEMPOTENCY_ERRORS.invalidKey, field: 'Idempotency-Key' } });
  });
});
