import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS } from '../../contract/errors';
import { FIELD_LIMITS } from '../../contract/limits';
import { connect, newMember } from '../test/helpers/events-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';

/** PUT /api/users/{id}/note: a member's private note on a connection (contract/connection-notes.ts). */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function pair() {
  const ada = await newMember(t);
  const bob = await newMember(t);
  await connect(t.db, ada.id, bob.id);
  return { ada, bob };
}

const put = (member: Awaited<ReturnType<typeof newMember>>, id: string, note: unknown, headers: Record<string, string> = {}) =>
  member.client.request('PUT', `/api/users/${id}/note`, { json: { note }, headers });

describe('private notes on a connection', () => {
  it('are saved, shown on the connection profile to their writer only, replaced, and removed with an empty note', async () => {
    const { ada, bob } = await pair();
    const saved = await put(ada, bob.id, '  Talked about the Lisbon office  ');
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ note: 'Talked about the Lisbon office', updatedAt: expect.any(String) });
    expect((await ada.client.get(`/api/users/${bob.id}/connection`)).body.note).toBe('Talked about the Lisbon office');
    // Bob sees his own (none), never Ada's; nor does anyone else's answer carry it.
    expect((await bob.client.get(`/api/users/${ada.id}/connection`)).body.note).toBeNull();
    expect(JSON.stringify((await bob.client.get('/api/users/connections')).body)).not.toContain('Lisbon');
    expect(JSON.stringify((await bob.client.get(`/api/users/${ada.id}/public`)).body)).not.toContain('Lisbon');

    expect((await put(ada, bob.id, 'Send the deck on Monday')).body.note).toBe('Send the deck on Monday');
    expect((await put(ada, bob.id, '')).body).toEqual({ note: null, updatedAt: null });
    expect((await ada.client.get(`/api/users/${bob.id}/connection`)).body.note).toBeNull();
    expect(await t.db.selectFrom('connection_notes').selectAll().where('user_id', '=', ada.id).execute()).toEqual([]);
  });

  it('only on a connection: anyone else, oneself or an unknown id is 404 and nothing is stored', async () => {
    const { ada } = await pair();
    const stranger = await newMember(t);
    for (const id of [stranger.id, ada.id, randomUUID(), 'not-an-id']) {
      const res = await put(ada, id, 'Hello');
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ error: API_ERRORS.userNotFound });
    }
    expect(await t.db.selectFrom('connection_notes').selectAll().where('user_id', '=', ada.id).execute()).toEqual([]);
    expect((await t.client().request('PUT', `/api/users/${stranger.id}/note`, { json: { note: 'x' } })).status).toBe(401);
  });

  it('refuses a note over 1,000 characters, markup and control characters, naming the field', async () => {
    const { ada, bob } = await pair();
    expect((await put(ada, bob.id, 'a'.repeat(FIELD_LIMITS.note + 1))).body).toEqual({ error: API_ERRORS.inputTooLong, field: 'note' });
    expect((await put(ada, bob.id, '<script>alert(1)</script>')).body).toEqual({ error: API_ERRORS.invalidContent, field: 'note' });
    expect((await put(ada, bob.id, 'a\u0000b')).body).toEqual({ error: API_ERRORS.controlCharacter, field: 'note' });
    expect((await put(ada, bob.id, 42)).status).toBe(400);
    expect((await put(ada, bob.id, 'a'.repeat(FIELD_LIMITS.note))).status).toBe(200);
  });

  it('applies a replayed Idempotency-Key once: a later note is not overwritten by the replay', async () => {
    const { ada, bob } = await pair();
    const key = randomUUID();
    const first = await put(ada, bob.id, 'Written offline', { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    await put(ada, bob.id, 'Edited later');
    const replay = await put(ada, bob.id, 'Written offline', { 'Idempotency-Key': key });
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect((await ada.client.get(`/api/users/${bob.id}/connection`)).body.note).toBe('Edited later');
  });
});
