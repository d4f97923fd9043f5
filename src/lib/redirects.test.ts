import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './redirects';

describe('safeRedirectPath', () => {
  it('keeps paths of this site, with their query', () => {
    expect(safeRedirectPath('/events/42')).toBe('/events/42');
    expect(safeRedirectPath('/users/1/public/abc?x=1')).toBe('/users/1/public/abc?x=1');
  });

  it('refuses other origins and sign-in pages', () => {
    for (const path of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'events',
      '/auth',
      '/auth/login',
      '/login',
      '/signup?x',
      null,
      undefined,
    ]) {
      expect(safeRedirectPath(path)).toBeNull();
    }
    expect(safeRedirectPath('/authors')).toBe('/authors');
  });
});
