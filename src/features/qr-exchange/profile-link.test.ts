import { describe, expect, it } from 'vitest';
import { parseProfileLink } from './profile-link';

const ORIGIN = 'https://mingle.example';
const ID = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';
const SECRET = 'Xy3_-abcDEF0123456789z';
const PATH = `/users/${ID}/public/${SECRET}`;

describe('parseProfileLink: which scanned texts are Mingle profile links', () => {
  it('reads a share link of this app, as the QR code carries it', () => {
    expect(parseProfileLink(`${ORIGIN}${PATH}`, ORIGIN)).toEqual({ userId: ID, secret: SECRET, path: PATH });
  });

  it('ignores blanks, a trailing slash, a query and a fragment; upper-case ids are the same member', () => {
    const expected = { userId: ID, secret: SECRET, path: PATH };
    expect(parseProfileLink(`  ${ORIGIN}${PATH}/\n`, ORIGIN)).toEqual(expected);
    expect(parseProfileLink(`${ORIGIN}${PATH}?utm=qr#top`, ORIGIN)).toEqual(expected);
    expect(parseProfileLink(`${ORIGIN}/users/${ID.toUpperCase()}/public/${SECRET}`, ORIGIN)).toEqual(expected);
  });

  it('reads a pasted link without its scheme', () => {
    expect(parseProfileLink(`mingle.example${PATH}`, ORIGIN)?.path).toBe(PATH);
    expect(parseProfileLink(`127.0.0.1:8393${PATH}`, 'http://127.0.0.1:8393')?.path).toBe(PATH);
  });

  it('keeps the secret as it is (secrets are case-sensitive)', () => {
    expect(parseProfileLink(`${ORIGIN}/users/${ID}/public/ABC`, ORIGIN)?.secret).toBe('ABC');
  });

  it('refuses links to another origin, scheme or port, and links with credentials', () => {
    for (const text of [
      `https://evil.example${PATH}`,
      `http://mingle.example${PATH}`,
      `https://mingle.example:8443${PATH}`,
      `https://mingle.example.evil.example${PATH}`,
      `https://user:pass@mingle.example${PATH}`,
      `javascript:alert(1)//${ORIGIN}${PATH}`,
    ]) {
      expect(parseProfileLink(text, ORIGIN), text).toBeNull();
    }
  });

  it('refuses other paths of the app and malformed ids or secrets', () => {
    for (const path of [
      '/profile',
      `/users/${ID}/public`,
      `/users/${ID}/public/${SECRET}/extra`,
      `/users/not-a-uuid/public/${SECRET}`,
      `/users/${ID}/public/${'a'.repeat(65)}`,
      `/users/${ID}/public/abc%2Fdef`,
      `/users/${ID}/public/a.b`,
      `/events/${ID}/join/${SECRET}`,
      `/x/users/${ID}/public/${SECRET}`,
    ]) {
      expect(parseProfileLink(`${ORIGIN}${path}`, ORIGIN), path).toBeNull();
    }
  });

  it('refuses text that is not a link at all', () => {
    for (const text of ['', '   ', 'Hello world', 'WIFI:S:venue;T:WPA;P:secret;;', 'BEGIN:VCARD', 'x'.repeat(3000)]) {
      expect(parseProfileLink(text, ORIGIN), text.slice(0, 20)).toBeNull();
    }
  });
});
