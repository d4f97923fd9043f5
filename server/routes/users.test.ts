import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS } from '../../contract/errors';
import { createTestContext, signUp, type TestContext } from '../test/helpers/test-app';
import { MINUTE } from '../test/helpers/test-clock';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function signUpClient() {
  const client = t.client();
  await signUp(t, client);
  return client;
}

describe('PATCH /api/users/me', () => {
  it('saves the profile completion (role and story) and answers with Me', async () => {
    const client = t.client();
    const { me } = await signUp(t, client);
    t.clock.advance(MINUTE);
    const res = await client.patch('/api/users/me', { role: 'Product designer', story: 'I create products and update teams.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: me.id, role: 'Product designer', story: 'I create products and update teams.' });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.parse(me.updatedAt));
    expect((await client.get('/api/users/me')).body.role).toBe('Product designer');
  });

  it('changes only the fields sent; an empty optional field clears it', async () => {
    const client = t.client();
    await signUp(t, client);
    await client.patch('/api/users/me', { role: 'CTO', phone: '+46701234567', location: 'Stockholm' });
    const res = await client.patch('/api/users/me', { phone: '' });
    expect(res.body).toMatchObject({ role: 'CTO', phone: null, location: 'Stockholm', firstName: 'Ada' });
  });

  it('accepts multipart form data; a profileImage that is not an image changes nothing', async () => {
    const client = await signUpClient();
    const form = new FormData();
    form.set('role', 'Founder');
    form.set('story', 'Building things with people.');
    const res = await client.request('PATCH', '/api/users/me', { body: form });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role: 'Founder', story: 'Building things with people.', imageUrl: null });
    // A PNG signature and nothing after it (photos: profile-photo.test.ts).
    form.set('role', 'Changed');
    form.set('profileImage', new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), 'me.png');
    const refused = await client.request('PATCH', '/api/users/me', { body: form });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'Invalid file type', field: 'profileImage' });
    expect((await client.get('/api/users/me')).body.role).toBe('Founder');
  });

  it("refuses text over the limit with 'Input too long' naming the field", async () => {
    const client = t.client();
    await signUp(t, client);
    const longStory = await client.patch('/api/users/me', { story: 'a'.repeat(501) });
    expect(longStory.status).toBe(400);
    expect(longStory.body).toEqual({ error: API_ERRORS.inputTooLong, field: 'story' });
    const longRole = await client.patch('/api/users/me', { role: 'r'.repeat(101) });
    expect(longRole.body).toEqual({ error: API_ERRORS.inputTooLong, field: 'role' });
    expect((await client.patch('/api/users/me', { story: 'a'.repeat(500), role: 'r'.repeat(100) })).status).toBe(200);
  });

  it("refuses code-like text with 'Invalid content detected' naming the field", async () => {
    const client = t.client();
    await signUp(t, client);
    for (const [field, text] of [
      ['story', "'; DROP TABLE users; --"],
      ['role', '<script>alert(1)</script>'],
      ['location', 'SELECT * FROM users'],
      ['firstName', 'console.log(1)'],
    ] as const) {
      const res = await client.patch('/api/users/me', { [field]: text });
      expect(res.status, text).toBe(400);
      expect(res.body).toEqual({ error: API_ERRORS.invalidContent, field });
    }
    const me = (await client.get('/api/users/me')).body;
    expect(me.firstName).toBe('Ada');
    expect(me.story).toBeNull();
  });

  it('answers wrong types and bad shapes with 400, never 500', async () => {
    const client = t.client();
    await signUp(t, client);
    const wrongType = await client.patch('/api/users/me', { role: 42 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toEqual({ error: API_ERRORS.invalidInput, field: 'role' });
    for (const body of [[], null, 'text', 7]) {
      const res = await client.patch('/api/users/me', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe(API_ERRORS.invalidInput);
    }
    expect((await client.patch('/api/users/me', { firstName: '' })).body).toEqual({ error: 'Name required', field: 'firstName' });
    expect((await client.patch('/api/users/me', { phone: '12ab' })).body.field).toBe('phone');
  });

  it('ignores fields a member cannot set', async () => {
    const client = t.client();
    const { me } = await signUp(t, client);
    const res = await client.patch('/api/users/me', { email: 'other@example.com', id: 'x', hasProAccess: true, role: 'Dev' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: me.id, email: me.email, hasProAccess: false, role: 'Dev' });
  });

  it('needs a session', async () => {
    const res = await t.client().patch('/api/users/me', { role: 'x' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: API_ERRORS.unauthorized });
  });
});

describe('GET /api/users/me', () => {
  it('reports PRO access from the subscription', async () => {
    const client = t.client();
    const { me } = await signUp(t, client);
    await t.db.insertInto('subscriptions').values({ user_id: me.id, status: 'PRO', plan_name: 'PRO', ends_at: null, updated_at: new Date() }).execute();
    expect((await client.get('/api/users/me')).body.hasProAccess).toBe(true);
    await t.db.updateTable('subscriptions').set({ status: 'PAST_DUE' }).where('user_id', '=', me.id).execute();
    expect((await client.get('/api/users/me')).body.hasProAccess).toBe(false);
  });
});
