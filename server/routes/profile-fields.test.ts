import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS } from '../../contract/errors';
import { FIELD_LIMITS } from '../../contract/limits';
import { PROFILE_IMAGE_ERRORS } from '../../contract/profile-photo';
import { insertLocation } from '../test/helpers/events-fixtures';
import { plainPhoto, uploadPhoto } from '../test/helpers/photo-fixtures';
import { createTestContext, signUp, type TestContext } from '../test/helpers/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function member() {
  const client = t.client();
  await signUp(t, client);
  return client;
}

const TEXT_FIELDS = ['firstName', 'lastName', 'role', 'story', 'location', 'linkedinUrl', 'phone'] as const;

/** A form body with one field, as the profile screen sends a change. */
function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}

describe('PATCH /api/users/me: every text field is limited and content-checked, and the 400 names it', () => {
  it.each(TEXT_FIELDS)('%s', async (field) => {
    const client = await member();
    const limit = FIELD_LIMITS[field];
    // Digits pass every field's format (phone), so the length is what is refused.
    const tooLong = field === 'linkedinUrl' ? `linkedin.com/in/${'a'.repeat(limit)}` : '1'.repeat(limit + 1);
    for (const send of [
      (body: Record<string, string>) => client.patch('/api/users/me', body),
      (body: Record<string, string>) => client.request('PATCH', '/api/users/me', { body: formOf(body) }),
    ]) {
      expect((await send({ [field]: tooLong })).body).toEqual({ error: API_ERRORS.inputTooLong, field });
      expect((await send({ [field]: "x'; DROP TABLE users; --" })).body).toEqual({ error: API_ERRORS.invalidContent, field });
      expect((await send({ [field]: 'a\u0000b' })).body).toEqual({ error: API_ERRORS.controlCharacter, field });
    }
  });
});

describe('professional-network link', () => {
  it.each([
    ['ada-lovelace', 'https://www.linkedin.com/in/ada-lovelace'],
    ['@ada-lovelace', 'https://www.linkedin.com/in/ada-lovelace'],
    ['linkedin.com/in/ada-lovelace', 'https://www.linkedin.com/in/ada-lovelace'],
    ['https://www.linkedin.com/in/ada-lovelace/', 'https://www.linkedin.com/in/ada-lovelace'],
    ['http://se.linkedin.com/in/ada-lovelace?trk=profile#top', 'https://www.linkedin.com/in/ada-lovelace'],
    ['  https://www.linkedin.com/in/ ada-lovelace \n', 'https://www.linkedin.com/in/ada-lovelace'],
    ['www.linkedin.com/in/j%C3%B6rg', 'https://www.linkedin.com/in/j%C3%B6rg'],
  ])('%j is stored as %s', async (typed, stored) => {
    const client = await member();
    const res = await client.patch('/api/users/me', { linkedinUrl: typed });
    expect(res.status).toBe(200);
    expect(res.body.linkedinUrl).toBe(stored);
  });

  it('refuses links to anything else, and an empty value clears it', async () => {
    const client = await member();
    for (const typed of ['https://evil.example/in/ada', 'linkedin.com/company/acme', 'linkedin.com/in/ada/details', 'ada lovelace!', 'javascript:alert(1)']) {
      const res = await client.patch('/api/users/me', { linkedinUrl: typed });
      expect(res.status, typed).toBe(400);
      expect(res.body).toEqual({ error: 'Invalid URL', field: 'linkedinUrl' });
    }
    await client.patch('/api/users/me', { linkedinUrl: 'ada' });
    expect((await client.patch('/api/users/me', { linkedinUrl: '  ' })).body.linkedinUrl).toBeNull();
  });
});

describe('phone', () => {
  it('takes a number as people write it and stores its digits with an optional leading +', async () => {
    const client = await member();
    expect((await client.patch('/api/users/me', { phone: ' +46701234567 ' })).body.phone).toBe('+46701234567');
    expect((await client.patch('/api/users/me', { phone: '0701234567' })).body.phone).toBe('0701234567');
    expect((await client.patch('/api/users/me', { phone: '+46 70 123 45 67' })).body.phone).toBe('+46701234567');
    expect((await client.patch('/api/users/me', { phone: '(070) 123-45.67' })).body.phone).toBe('0701234567');
    expect((await client.get('/api/users/me')).body.phone).toBe('0701234567');
    for (const phone of ['46+70', '++4670', '+', '+ -', 'tel:070', '070/123', '070 123 ext 4']) {
      expect((await client.patch('/api/users/me', { phone })).body, phone).toEqual({ error: 'Invalid phone number', field: 'phone' });
    }
  });
});

describe('location chosen in the picker', () => {
  it('stores the location with its display text; free text or an empty id clears the chosen one', async () => {
    const client = await member();
    const gothenburg = await insertLocation(t.db, { name: 'Gothenburg', country: 'SE' });
    // The server writes the display text itself, whatever text came along.
    const chosen = await client.patch('/api/users/me', { locationId: gothenburg, location: 'Somewhere else' });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({ locationId: gothenburg, location: 'Gothenburg, Sweden' });
    const typed = await client.patch('/api/users/me', { location: 'Near the harbour' });
    expect(typed.body).toMatchObject({ locationId: null, location: 'Near the harbour' });
    await client.request('PATCH', '/api/users/me', { body: formOf({ locationId: gothenburg }) });
    expect((await client.get('/api/users/me')).body).toMatchObject({ locationId: gothenburg, location: 'Gothenburg, Sweden' });
    const cleared = await client.patch('/api/users/me', { locationId: '' });
    expect(cleared.body).toMatchObject({ locationId: null, location: null });
  });

  it('refuses an id that is not a location, naming the field, and changes nothing', async () => {
    const client = await member();
    await client.patch('/api/users/me', { location: 'Oslo' });
    for (const locationId of [randomUUID(), 'oslo', '1', 42]) {
      const res = await client.patch('/api/users/me', { locationId, role: 'Dev' });
      expect(res.status, String(locationId)).toBe(400);
      expect(res.body).toEqual({ error: 'Location not found', field: 'locationId' });
    }
    expect((await client.get('/api/users/me')).body).toMatchObject({ location: 'Oslo', locationId: null, role: null });
  });
});

describe('Idempotency-Key on PATCH /api/users/me', () => {
  it('applies a text edit once: a replay answers the first answer and does not undo a later edit', async () => {
    const client = await member();
    const key = randomUUID();
    const first = await client.patch('/api/users/me', { story: 'Written offline.' }, { headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(200);
    expect(first.body.story).toBe('Written offline.');
    await client.patch('/api/users/me', { story: 'Edited later.' });
    const replay = await client.patch('/api/users/me', { story: 'Written offline.' }, { headers: { 'Idempotency-Key': key } });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect((await client.get('/api/users/me')).body.story).toBe('Edited later.');
    // The same key with another edit is a mistake of the client.
    expect((await client.patch('/api/users/me', { story: 'Other.' }, { headers: { 'Idempotency-Key': key } })).status).toBe(422);
  });

  it('refuses a key with a form body (photos are never replayed; a multipart body has no stable fingerprint)', async () => {
    const client = await member();
    const headers = { 'Idempotency-Key': randomUUID() };
    const form = await client.request('PATCH', '/api/users/me', { body: formOf({ role: 'Dev' }), headers });
    expect(form.status).toBe(400);
    expect(form.body).toEqual({ error: PROFILE_IMAGE_ERRORS.keyNeedsJson, field: 'Idempotency-Key' });
    const photo = await uploadPhoto(client, await plainPhoto(100, 100), { headers });
    expect(photo.status).toBe(400);
    expect((await client.get('/api/users/me')).body).toMatchObject({ role: null, imageUrl: null });
    expect((await client.patch('/api/users/me', { role: 'Dev' }, { headers: { 'Idempotency-Key': 'not-a-uuid' } })).body.field).toBe('Idempotency-Key');
  });
});
