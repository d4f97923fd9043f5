import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_LOOKUP_CODES } from '../../contract/profile-lookup';
import { ADA, solidPng, startFakeProfileLookup, type FakeProfileLookup } from '../../tests/support/fake-profile-lookup';
import { MAX_PICTURE_BYTES, pictureUrlProblem } from '../services/profile-lookup/picture-fetch';
import { createProfileProvider, ProviderFailedError } from '../services/profile-lookup/provider-client';
import { freePort } from '../test/helpers/server-process';
import { createTestContext, signUp, type TestContext } from '../test/helpers/test-app';
import type { TestClient } from '../test/helpers/test-client';

/** 'Create with AI' (docs/product.md section 7) against the local provider of tests/support (no network). */

let t: TestContext;
let fake: FakeProfileLookup;
const KEY = 'test-lookup-key';

beforeAll(async () => {
  t = await createTestContext();
  fake = await startFakeProfileLookup({ key: KEY });
});
afterAll(async () => {
  await fake.close();
  await t.close();
});

const withProvider = () => t.makeApp({ PROFILE_LOOKUP_URL: fake.url, PROFILE_LOOKUP_KEY: KEY });

async function member(app = withProvider()): Promise<{ client: TestClient; id: string }> {
  const client = t.client({}, app);
  const { me } = await signUp(t, client);
  return { client, id: me.id as string };
}

const lookUp = (client: TestClient, linkedinProfileUrl: unknown) => client.post('/api/signup/linkedin/search/profile', { linkedinProfileUrl });

describe('without a provider', () => {
  it('says so: status, and 503 PROFILE_LOOKUP_UNAVAILABLE for a valid request; bad input is still a 400 naming its field', async () => {
    const { client } = await member(t.app);
    expect((await client.get('/api/signup/linkedin/status')).body).toEqual({ available: false });
    const res = await lookUp(client, 'ada');
    expect(res.status).toBe(503);
    expect(res.body.code).toBe(PROFILE_LOOKUP_CODES.unavailable);
    const search = await client.post('/api/signup/linkedin/search', { firstName: 'Ada', lastName: 'Lovelace', company: '' });
    expect([search.status, search.body.code]).toEqual([503, PROFILE_LOOKUP_CODES.unavailable]);
    const bad = await lookUp(client, 'https://example.com/in/ada');
    expect([bad.status, bad.body.field]).toEqual([400, 'linkedinProfileUrl']);
  });

  it('is for signed-in members only', async () => {
    const anonymous = t.client({}, withProvider());
    expect((await anonymous.get('/api/signup/linkedin/status')).status).toBe(401);
    expect((await lookUp(anonymous, 'ada')).status).toBe(401);
    expect(fake.requests.filter((r) => r.path === '/profile' && (r.body as { profileId: string }).profileId === 'ada')).toEqual([]);
  });
});

describe('with a provider', () => {
  it('fills headline and summary, and makes the fetched picture the member photo, served from /media', async () => {
    const { client } = await member();
    expect((await client.get('/api/signup/linkedin/status')).body).toEqual({ available: true });
    const res = await lookUp(client, ' https://se.linkedin.com/in/ada-lovelace/?trk=share#top ');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ headline: ADA.headline, summary: ADA.summary, linkedinProfileUrl: 'https://www.linkedin.com/in/ada-lovelace' });
    expect(res.body.profilePicture).toMatch(/^\/media\/p\/[0-9a-f]{64}-512\.webp$/);
    const last = fake.requests.at(-1)!;
    expect(last).toEqual({ path: '/profile', body: { profileId: 'ada-lovelace' }, authorization: `Bearer ${KEY}` });

    const me = (await client.get('/api/users/me')).body;
    expect(me.imageUrl).toBe(res.body.profilePicture);
    // The link is the member's to keep on Save, not stored by the lookup.
    expect(me.linkedinUrl ?? null).toBeNull();
    const file = await t.app.request(`http://localhost${res.body.profilePicture}`);
    expect(file.status).toBe(200);
    expect(await sharp(Buffer.from(await file.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
  });

  it.each(['ada-lovelace', '@ada-lovelace', 'linkedin.com/in/ada-lovelace/', 'https://www.linkedin.com/in/ada-lovelace?x=1'])(
    'normalises %s',
    async (input) => {
      const { client } = await member();
      const res = await lookUp(client, input);
      expect(res.status).toBe(200);
      expect((fake.requests.at(-1)!.body as { profileId: string }).profileId).toBe('ada-lovelace');
    },
  );

  it('answers 404 PROFILE_NOT_FOUND for an id the provider does not know', async () => {
    const { client } = await member();
    const res = await lookUp(client, '@nobody-here');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(PROFILE_LOOKUP_CODES.notFound);
  });

  it('refuses bad input with a 400 naming linkedinProfileUrl, without asking the provider', async () => {
    const { client } = await member();
    const before = fake.requests.length;
    for (const input of ['', 'https://example.com/in/ada', 'ada/../../x', 'x'.repeat(400), 42, 'ada\u0000']) {
      const res = await lookUp(client, input);
      expect(res.status, String(input)).toBe(400);
      expect(res.body.field).toBe('linkedinProfileUrl');
    }
    const missing = await client.post('/api/signup/linkedin/search', { lastName: 'Lovelace' });
    expect([missing.status, missing.body.field]).toEqual([400, 'firstName']);
    expect(fake.requests.length).toBe(before);
  });

  it('searches by name and company', async () => {
    const { client } = await member();
    const res = await client.post('/api/signup/linkedin/search', { firstName: 'Ada', lastName: 'Lovelace', company: 'Babbage' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ profiles: [{ linkedinProfileUrl: 'https://www.linkedin.com/in/ada-lovelace', name: ADA.name, headline: ADA.headline }] });
    const none = await client.post('/api/signup/linkedin/search', { firstName: 'Ada', lastName: 'Lovelace', company: 'Acme' });
    expect(none.body).toEqual({ profiles: [] });
  });

  it('cuts texts longer than the fields at a word, and keeps control characters out', async () => {
    fake.addProfile({ profileId: 'long-one', name: 'Long One', headline: `${'word '.repeat(40)}end`, summary: `a\u0007b ${'story '.repeat(200)}` });
    const { client } = await member();
    const res = await lookUp(client, 'long-one');
    expect(res.status).toBe(200);
    expect([...res.body.headline].length).toBeLessThanOrEqual(100);
    expect(res.body.headline.endsWith('word…')).toBe(true);
    expect([...res.body.summary].length).toBeLessThanOrEqual(500);
    expect(res.body.summary.startsWith('ab story')).toBe(true);
    expect(res.body.profilePicture).toBeNull();
  });

  it('leaves the photo alone when the picture is not an image, too large, or redirected too often', async () => {
    const big = Buffer.alloc(MAX_PICTURE_BYTES + 10);
    fake.files.set('/pictures/page.png', { status: 200, headers: { 'content-type': 'text/html' }, body: Buffer.from('<html>') });
    fake.files.set('/pictures/big.png', { status: 200, headers: { 'content-type': 'image/png' }, body: big });
    fake.files.set('/pictures/fake.png', { status: 200, headers: { 'content-type': 'image/png' }, body: Buffer.from('not a png at all') });
    for (let i = 0; i < 5; i++)
      fake.files.set(`/pictures/loop${i}.png`, { status: 302, headers: { location: `/pictures/loop${i + 1}.png` }, body: Buffer.alloc(0) });
    fake.files.set('/pictures/hop.png', { status: 302, headers: { location: '/pictures/ada.png' }, body: Buffer.alloc(0) });
    for (const picture of [
      '/pictures/page.png',
      '/pictures/big.png',
      '/pictures/fake.png',
      '/pictures/loop0.png',
      'http://example.com/a.png',
      'file:///etc/passwd',
    ]) {
      fake.addProfile({ ...ADA, profileId: 'pic-test', picture });
      const { client } = await member();
      const res = await lookUp(client, 'pic-test');
      expect(res.status, picture).toBe(200);
      expect(res.body.profilePicture, picture).toBeNull();
      expect(res.body.headline).toBe(ADA.headline);
      expect((await client.get('/api/users/me')).body.imageUrl ?? null).toBeNull();
    }
    // One redirect is fine.
    fake.addProfile({ ...ADA, profileId: 'pic-test', picture: '/pictures/hop.png' });
    const { client } = await member();
    expect((await lookUp(client, 'pic-test')).body.profilePicture).toMatch(/^\/media\/p\//);
  });

  it('answers 502 PROFILE_LOOKUP_FAILED when the provider fails, answers garbage, refuses the key, or is not there', async () => {
    const { client } = await member();
    for (const fault of ['error', 'garbage'] as const) {
      fake.fault = fault;
      const res = await lookUp(client, 'ada-lovelace');
      expect([res.status, res.body.code], fault).toEqual([502, PROFILE_LOOKUP_CODES.failed]);
    }
    fake.fault = 'none';
    const wrongKey = t.client({}, t.makeApp({ PROFILE_LOOKUP_URL: fake.url, PROFILE_LOOKUP_KEY: 'wrong' }));
    wrongKey.jar.set('sid', client.sid!);
    expect((await lookUp(wrongKey, 'ada-lovelace')).status).toBe(502);
    const gone = t.client({}, t.makeApp({ PROFILE_LOOKUP_URL: `http://127.0.0.1:${await freePort()}` }));
    gone.jar.set('sid', client.sid!);
    const res = await gone.post('/api/signup/linkedin/search', { firstName: 'Ada', lastName: 'Lovelace' });
    expect([res.status, res.body.code]).toEqual([502, PROFILE_LOOKUP_CODES.failed]);
  });
});

describe('the provider client and the picture rules', () => {
  it('gives up on a provider that does not answer in time', async () => {
    fake.fault = 'hang';
    try {
      const provider = createProfileProvider({ baseUrl: fake.url, key: KEY, timeoutMs: 200 });
      await expect(provider.profile('ada-lovelace')).rejects.toBeInstanceOf(ProviderFailedError);
    } finally {
      fake.fault = 'none';
    }
  });

  it("takes https pictures, and http or a private address only at the provider's own origin", () => {
    const problem = (url: string, providerOrigin?: string) => pictureUrlProblem(new URL(url), { trustedOrigins: providerOrigin ? [providerOrigin] : [] });
    expect(problem('https://media.example.com/a.jpg')).toBeUndefined();
    expect(problem('http://media.example.com/a.jpg', 'http://127.0.0.1:9')).toBeDefined();
    expect(problem('http://127.0.0.1:9/a.png')).toBeDefined();
    expect(problem('http://127.0.0.1:9/a.png', 'http://127.0.0.1:9')).toBeUndefined();
    expect(problem('http://127.0.0.1:10/a.png', 'http://127.0.0.1:9')).toBeDefined();
    for (const url of [
      'https://127.0.0.1/a',
      'https://10.1.2.3/a',
      'https://192.168.0.1/a',
      'https://[::1]/a',
      'https://169.254.169.254/a',
      'https://user:pw@example.com/a',
      'ftp://example.com/a',
    ]) {
      expect(problem(url), url).toBeDefined();
    }
  });

  it('serves real small pictures', async () => {
    expect((await sharp(await solidPng()).metadata()).format).toBe('png');
  });
});
