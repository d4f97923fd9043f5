import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_ERRORS } from '../../contract/errors';
import type { ProfileConnectResponse, ShareResponse } from '../../contract/profiles';
import { newMember, type Member } from '../test/helpers/events-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';

/** POST /api/users/{id}/connect/{secret} replayed by the outbox (a QR code scanned offline). */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const linkOf = async (member: Member) => ((await member.client.post('/api/users/me/share')).body as ShareResponse).shareUrl;
const connectPath = (link: string) => `/api/${link.replace(/^\/users\/([^/]+)\/public\//, 'users/$1/connect/')}`;

describe('POST /api/users/{id}/connect/{secret} with an Idempotency-Key', () => {
  it('connects once and answers a replay with the first answer', async () => {
    const ada = await newMember(t);
    const bob = await newMember(t);
    const path = connectPath(await linkOf(ada));
    const key = randomUUID();
    const first = await bob.client.request('POST', path, { headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual<ProfileConnectResponse>({ connected: true, newConnection: true });
    const replay = await bob.client.request('POST', path, { headers: { 'Idempotency-Key': key } });
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    const connections = (await bob.client.get('/api/users/connections')).body as { id: string }[];
    expect(connections.map((c) => c.id)).toEqual([ada.id]);
  });

  it('refuses a key that is not a UUID, and the same key on another member', async () => {
    const ada = await newMember(t);
    const bob = await newMember(t);
    const carol = await newMember(t);
    const bad = await bob.client.request('POST', connectPath(await linkOf(ada)), { headers: { 'Idempotency-Key': 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: IDEMPOTENCY_ERRORS.invalidKey, field: 'Idempotency-Key' });
    const key = randomUUID();
    expect((await bob.client.request('POST', connectPath(await linkOf(ada)), { headers: { 'Idempotency-Key': key } })).status).toBe(200);
    const other = await bob.client.request('POST', connectPath(await linkOf(carol)), { headers: { 'Idempotency-Key': key } });
    expect(other.status).toBe(422);
    expect(((await bob.client.get('/api/users/connections')).body as { id: string }[]).map((c) => c.id)).toEqual([ada.id]);
  });
});
