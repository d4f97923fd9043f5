import { describe, expect, it } from 'vitest';
import { NAVIGATION_DENYLIST } from './navigation';

const denied = (pathAndQuery: string) => NAVIGATION_DENYLIST.some((re) => re.test(pathAndQuery));

describe('navigation denylist', () => {
  it('keeps the API and media on the network', () => {
    for (const url of ['/api', '/api/users/me', '/api?x=1', '/media/events/1.jpg', '/media']) expect(denied(url), url).toBe(true);
  });

  it('keeps file requests on the network', () => {
    for (const url of ['/sw.js', '/manifest.webmanifest', '/icons/icon-192.png', '/icons/icon-192.png?v=2']) expect(denied(url), url).toBe(true);
  });

  it('serves the shell for app routes, whatever the query says', () => {
    for (const url of [
      '/',
      '/events',
      '/events?tab=find&source=pwa',
      '/events?search=node.js',
      '/auth?next=/a.b',
      '/apiary',
      '/events/3f2a/join/s3cr3t/goal',
      '/users/42/public/abc',
    ])
      expect(denied(url), url).toBe(false);
  });
});
