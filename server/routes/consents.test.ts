import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALOG_CONSENTS } from '../../contract/consent';
import { API_ERRORS } from '../../contract/errors';
import { createTestContext, signUp, type TestContext } from '../test/helpers/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const dialogConsents = { consents: DIALOG_CONSENTS.map((type) => ({ type })) };

describe('consents', () => {
  it('saves the four consents of the dialog and lists them, also in Me', async () => {
    const client = t.client();
    await signUp(t, client);
    const created = await client.post('/api/users/consents', dialogConsents);
    expect(created.status).toBe(201);
    expect(created.body.map((c: { type: string }) => c.type).sort()).toEqual([...DIALOG_CONSENTS].sort());
    for (const consent of created.body) {
      expect(consent).toMatchObject({ aiEnabled: null, revokedAt: null });
      expect(consent.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Number.isNaN(Date.parse(consent.createdAt))).toBe(false);
    }
    const listed = await client.get('/api/users/consents');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual(created.body);
    expect((await client.get('/api/users/me')).body.consents).toEqual(created.body);
  });

  it('does not duplicate a consent already in force', async () => {
    const client = t.client();
    await signUp(t, client);
    const first = await client.post('/api/users/consents', dialogConsents);
    const second = await client.post('/api/users/consents', { consents: [{ type: 'terms' }, { type: 'terms' }, { type: 'privacy' }] });
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
  });

  it('revokes one consent; it leaves the list and can be granted anew', async () => {
    const client = t.client();
    await signUp(t, client);
    const created = (await client.post('/api/users/consents', dialogConsents)).body;
    const marketing = created.find((c: { type: string }) => c.type === 'event_marketing');
    const revoked = await client.put(`/api/users/consents/${marketing.id}`, { revoke: true });
    expect(revoked.status).toBe(200);
    expect(revoked.body.id).toBe(marketing.id);
    expect(revoked.body.revokedAt).not.toBeNull();
    const listed = (await client.get('/api/users/consents')).body;
    expect(listed.map((c: { type: string }) => c.type)).not.toContain('event_marketing');

    const regranted = await client.post('/api/users/consents', { consents: [{ type: 'event_marketing' }] });
    const again = regranted.body.find((c: { type: string }) => c.type === 'event_marketing');
    expect(again.id).not.toBe(marketing.id);
  });

  it('updates the AI flag of the AI consent', async () => {
    const client = t.client();
    await signUp(t, client);
    const [ai] = (await client.post('/api/users/consents', { consents: [{ type: 'ai_recommendations' }] })).body;
    expect(ai.aiEnabled).toBe(true);
    const off = await client.put(`/api/users/consents/${ai.id}`, { aiEnabled: false });
    expect(off.body).toMatchObject({ id: ai.id, aiEnabled: false, revokedAt: null });
    const on = await client.post('/api/users/consents', { consents: [{ type: 'ai_recommendations', aiEnabled: true }] });
    expect(on.body).toEqual([{ ...ai, aiEnabled: true }]);
  });

  it("answers 404 for another member's consent and changes nothing", async () => {
    const owner = t.client();
    await signUp(t, owner);
    const [terms] = (await owner.post('/api/users/consents', { consents: [{ type: 'terms' }] })).body;
    const stranger = t.client();
    await signUp(t, stranger);
    const res = await stranger.put(`/api/users/consents/${terms.id}`, { revoke: true });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Consent not found' });
    expect((await owner.get('/api/users/consents')).body).toEqual([terms]);
  });

  it('answers 404, not 500, for ids that are not UUIDs', async () => {
    const client = t.client();
    await signUp(t, client);
    for (const id of ['abc', '1', "1'or'1'='1", '%ZZ', '00000000-0000-0000-0000-000000000000']) {
      const res = await client.put(`/api/users/consents/${id}`, { revoke: true });
      expect(res.status, id).toBe(404);
      expect(res.body.error).toBeTypeOf('string');
    }
  });

  it('validates the body', async () => {
    const client = t.client();
    await signUp(t, client);
    const unknown = await client.post('/api/users/consents', { consents: [{ type: 'selling_my_soul' }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ error: 'Unknown consent type', field: 'consents' });
    expect((await client.post('/api/users/consents', { consents: [] })).status).toBe(400);
    expect((await client.post('/api/users/consents', { consents: 'terms' })).status).toBe(400);
    expect((await client.post('/api/users/consents', {})).status).toBe(400);
  });

  it('needs a session', async () => {
    const anonymous = t.client();
    expect((await anonymous.get('/api/users/consents')).body).toEqual({ error: API_ERRORS.unauthorized });
    expect((await anonymous.post('/api/users/consents', dialogConsents)).status).toBe(401);
    expect((await anonymous.put('/api/users/consents/00000000-0000-0000-0000-000000000000', { revoke: true })).status).toBe(401);
  });
});
