import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS } from '../contract/errors';
import { createApp } from './app';
import type { Database } from './db/schema';
import type { Logger } from './logger';
import { createTestContext, NAMES, signUp, testConfig, uniqueEmail, type TestContext } from './test/helpers/test-app';
import { CapturingMailer } from './test/helpers/capturing-mailer';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('security headers', () => {
  it('are on API answers, errors and pages alike', async () => {
    for (const path of ['/api/users/me', '/api/nope', '/']) {
      const res = await t.client().get(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toContain("manifest-src 'self'");
      expect(csp).toContain("worker-src 'self'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('strict-transport-security')).toBeNull(); // plain http
      const permissions = res.headers.get('permissions-policy') ?? '';
      expect(permissions).toContain('camera=(self)');
      expect(permissions).toContain('microphone=()');
      expect(permissions).toContain('geolocation=()');
    }
  });

  it('mark API answers as not storable', async () => {
    expect((await t.client().get('/api/users/me')).headers.get('cache-control')).toBe('no-store');
  });

  it('add HSTS when the public origin is https', async () => {
    const res = await t.client({}, t.makeApp({ APP_ORIGIN: 'https://app.example.com' })).get('/api/users/me');
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });
});

describe('request id', () => {
  it('is generated when missing and echoed when given', async () => {
    const generated = await t.client().get('/api/users/me');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const given = await t.client({ headers: { 'x-request-id': 'abc-123' } }).get('/api/users/me');
    expect(given.headers.get('x-request-id')).toBe('abc-123');
    const hostile = await t.client({ headers: { 'x-request-id': 'a b\tc<script>' } }).get('/api/users/me');
    expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('cross-site refusal', () => {
  const body = () => ({ ...NAMES, email: uniqueEmail('xsite') });

  it('refuses unsafe requests from another Origin with 403', async () => {
    const res = await t.client({ origin: 'https://evil.example' }).post('/api/signup/pin/request', body());
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: API_ERRORS.crossSite });
    expect((await t.client({ origin: 'null' }).post('/api/oauth/logout')).status).toBe(403);
    expect((await t.client({ origin: 'http://localhost:9999' }).post('/api/oauth/logout')).status).toBe(403);
  });

  it('refuses Sec-Fetch-Site cross-site and same-site', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const res = await t.client({ headers: { 'sec-fetch-site': site } }).post('/api/signup/pin/request', body());
      expect(res.status, site).toBe(403);
      expect(res.body).toEqual({ error: API_ERRORS.crossSite });
    }
  });

  it('refuses a signed-in member’s session being used from another site', async () => {
    const client = t.client();
    await signUp(t, client);
    const forged = await client.request('PATCH', '/api/users/me', {
      json: { role: 'hacked' },
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(forged.status).toBe(403);
    expect((await client.get('/api/users/me')).body.role).toBeNull();
  });

  it('lets same-origin requests and requests without browser headers through', async () => {
    const sameOrigin = t.client({ origin: 'http://localhost', headers: { 'sec-fetch-site': 'same-origin' } });
    expect((await sameOrigin.post('/api/signup/pin/request', body())).status).toBe(200);
    expect((await t.client().post('/api/signup/pin/request', body())).status).toBe(200);
  });

  it('compares with APP_ORIGIN when it is set', async () => {
    const app = t.makeApp({ APP_ORIGIN: 'https://app.example.com' });
    expect((await t.client({ origin: 'https://app.example.com' }, app).post('/api/signup/pin/request', body())).status).toBe(200);
    expect((await t.client({ origin: 'http://localhost' }, app).post('/api/signup/pin/request', body())).status).toBe(403);
  });

  it('does not apply to safe methods', async () => {
    const res = await t.client({ origin: 'https://evil.example', headers: { 'sec-fetch-site': 'cross-site' } }).get('/api/users/me');
    expect(res.status).toBe(401);
  });
});

describe('bad input never causes a 500', () => {
  it('answers malformed JSON with 400', async () => {
    for (const text of ['{', '{"email":', 'nope', '']) {
      const res = await t.client().request('POST', '/api/login/pin/request', {
        body: text,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, text).toBe(400);
      expect(res.body).toEqual({ error: 'Invalid JSON body' });
    }
  });

  it('answers wrong types with 400 naming the field', async () => {
    const res = await t.client().post('/api/login/pin/request', { email: 42 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Email required', field: 'email' });
    const pin = await t.client().post('/api/login/pin/verify', { email: 'a@b.se', pin: 123456 });
    expect(pin.body).toEqual({ error: API_ERRORS.invalidPin, field: 'pin' });
    const array = await t.client().post('/api/login/pin/request', [{ email: 'a@b.se' }]);
    expect(array.body).toEqual({ error: API_ERRORS.invalidInput });
  });

  it('answers a body that is not JSON with 415', async () => {
    const res = await t.client().request('POST', '/api/login/pin/request', {
      body: 'email=a%40b.se',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.body.error).toBeTypeOf('string');
  });

  it('limits multipart bodies to 64 KB on every route but the profile photo (PATCH users/me)', async () => {
    const form = () => {
      const body = new FormData();
      body.append('name', 'Meetup');
      body.append('profileImage', new Blob([new Uint8Array(1024 * 1024)], { type: 'image/jpeg' }), 'photo.jpg');
      return body;
    };
    const member = t.client();
    await signUp(t, member);
    for (const [method, path] of [
      ['POST', '/api/events/user-added'],
      ['POST', '/api/signup/pin/request'],
      ['PATCH', '/api/events/00000000-0000-4000-8000-000000000000/attendee'],
    ] as const) {
      const res = await member.request(method, path, { body: form() });
      expect(res.status, path).toBe(413);
    }
    // Through the size limit to the photo check, which refuses a megabyte of zeros.
    const photo = await member.request('PATCH', '/api/users/me', { body: form() });
    expect(photo.body).toMatchObject({ error: 'Invalid file type', field: 'profileImage' });
  });

  it('answers a huge body with 413', async () => {
    const story = 'a'.repeat(100 * 1024);
    const res = await t.client().post('/api/login/pin/request', { email: 'a@b.se', story });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'Request body too large' });
    // The same with a declared length, as a real client sends it.
    const declared = await t.client().request('POST', '/api/login/pin/request', {
      body: JSON.stringify({ email: 'a@b.se', story }),
      headers: { 'content-type': 'application/json', 'content-length': String(story.length + 30) },
    });
    expect(declared.status).toBe(413);
  });

  it('answers unknown API paths and methods with 404 JSON', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['POST', '/api/users/me'],
      ['GET', '/api'],
      ['DELETE', '/api/users/consents'],
    ] as const) {
      const res = await t.client({ headers: { accept: 'text/html' } }).request(method, path);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.body).toEqual({ error: API_ERRORS.notFound });
    }
  });

  it('answers unexpected failures with 500 and no details, logging the stack with the request id', async () => {
    // A database nobody listens on: every query fails.
    const broken = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: 'postgres://127.0.0.1:1/none', connectionTimeoutMillis: 2000 }) }),
    });
    const logged: string[] = [];
    const logger: Logger = { error: (m, e) => logged.push(`${m} ${e instanceof Error ? e.stack : ''}`), info: () => {}, debug: () => {} };
    const app = createApp({ db: broken, mailer: new CapturingMailer(), config: testConfig(), logger });
    const res = await t.client({ headers: { 'x-request-id': 'trace-me' } }, app).post('/api/login/pin/request', { email: 'a@b.se' });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: API_ERRORS.internal });
    expect(res.text).not.toMatch(/at |Error:|\.ts/);
    expect(logged.join('\n')).toContain('id=trace-me');
    expect(logged.join('\n')).toMatch(/\n\s+at /);
    await broken.destroy();
  });
});

describe('the built app', () => {
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'mingle-dist-'));
    const files: Record<string, string> = {
      'index.html': '<!doctype html><title>Mingle</title>',
      'assets/index-Ab12Cd.js': 'console.log("app")',
      'assets/index-Ab12Cd.css': 'body{}',
      'sw.js': 'self.skipWaiting()',
      'registerSW.js': '',
      'workbox-9f8e7d.js': '',
      'manifest.webmanifest': '{"name":"Mingle"}',
      'icons/icon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'media/people/ada.jpg': 'jpg',
      'assets/index-Ab12Cd.js.map': '{"version":3,"sources":["../src/main.tsx"]}',
    };
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(join(dist, path, '..'), { recursive: true });
      writeFileSync(join(dist, path), content);
    }
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  const get = (path: string, headers: Record<string, string> = {}) => t.client({ headers }, t.makeApp({ DIST_DIR: dist })).get(path);

  it.each([
    ['/', 'text/html', 'no-cache'],
    ['/index.html', 'text/html', 'no-cache'],
    ['/assets/index-Ab12Cd.js', 'text/javascript', 'public, max-age=31536000, immutable'],
    ['/assets/index-Ab12Cd.css', 'text/css', 'public, max-age=31536000, immutable'],
    ['/sw.js', 'text/javascript', 'no-cache'],
    ['/registerSW.js', 'text/javascript', 'no-cache'],
    ['/workbox-9f8e7d.js', 'text/javascript', 'no-cache'],
    ['/manifest.webmanifest', 'application/manifest+json', 'no-cache'],
    ['/icons/icon.svg', 'image/svg+xml', 'public, max-age=3600'],
    ['/media/people/ada.jpg', 'image/jpeg', 'public, max-age=86400'],
  ])('serves %s as %s with Cache-Control %s', async (path, type, cache) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain(type);
    expect(res.headers.get('cache-control')).toBe(cache);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('sends the precompressed copy a browser accepts, and the plain file otherwise', async () => {
    writeFileSync(join(dist, 'assets/index-Ab12Cd.js.gz'), gzipSync('console.log("app")'));
    const zipped = await t.makeApp({ DIST_DIR: dist }).request(
      'http://localhost/assets/index-Ab12Cd.js',
      { headers: { 'accept-encoding': 'gzip, deflate' } },
      {
        incoming: { socket: { remoteAddress: '127.0.0.1' } },
      },
    );
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('content-type')).toContain('text/javascript');
    expect(zipped.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe('console.log("app")');

    const plain = await get('/assets/index-Ab12Cd.js', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.text).toBe('console.log("app")');
  });

  it('answers page paths with index.html (SPA fallback)', async () => {
    for (const path of ['/events', '/events/123/join/abc/goal', '/auth?tab=login', '/users/u.name/public/s3cret']) {
      const res = await get(path, { accept: 'text/html' });
      expect(res.status, path).toBe(200);
      expect(res.text).toContain('<title>Mingle</title>');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
    expect((await get('/profile')).text).toContain('<title>Mingle</title>');
  });

  it('answers a missing file with 404, not index.html; source maps are not served', async () => {
    for (const path of ['/assets/gone-123.js', '/icons/none.png', '/../package.json', '/assets/%2e%2e/%2e%2e/package.json', '/assets/index-Ab12Cd.js.map']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.text).not.toContain('<title>');
    }
  });

  it('never answers an API path with the app', async () => {
    const res = await get('/api/missing', { accept: 'text/html' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: API_ERRORS.notFound });
  });

  it('explains how to build when the app is not built', async () => {
    const res = await t.client().get('/');
    expect(res.status).toBe(503);
    expect(res.text).toContain('npm run build');
  });
});
