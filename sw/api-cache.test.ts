import { describe, expect, it } from 'vitest';
import { API_CACHE_PREFIX } from '../contract/sw-messages';
import { isCachedApiRequest } from './api-cache';
import { cacheNames } from './cache-names';

const ORIGIN = 'https://mingle.example';
const get = (path: string) => isCachedApiRequest({ method: 'GET', url: `${ORIGIN}${path}` }, ORIGIN);

describe('API answers the worker caches', () => {
  it('caches the reads a member needs at a venue, whatever the query', () => {
    for (const path of [
      '/api/events',
      '/api/events?nonPassed=true&page=2&categories=a,b',
      '/api/events/my-events?includeAttendeeConnections=true',
      '/api/events/3f2a',
      '/api/events/3f2a/attendees?limit=300',
      '/api/events/3f2a/attendees/my-connections',
      '/api/events/public/3f2a?secret=s3cr3t',
      '/api/events/users/42',
      '/api/users/me',
      '/api/users/42/public',
      '/api/users/42/public/abcDEF_123-xyz',
      '/api/users/42/connections/count',
      '/api/users/42/events/count',
      '/api/users/42/connection',
      '/api/users/interactions/3f2a',
      '/api/users/connections',
      '/api/feed?limit=20',
      '/api/categories',
      '/api/event-types',
      '/api/locations?query=stock&page=1',
      '/api/organizers/7',
      '/api/organizers/7/events',
    ])
      expect(get(path), path).toBe(true);
  });

  it('leaves sign-in, secrets, consents and everything unlisted to the network', () => {
    for (const path of [
      '/api/login/pin/verify',
      '/api/oauth/logout',
      '/api/events/3f2a/request-join-secret',
      '/api/users/consents',
      '/api/users/42/public/abc/more',
      '/api/users/me/share',
      '/api/users/me/export',
      '/api/feed/older',
      '/api/eventsx',
      '/api',
      '/apiary/events',
      '/media/events/event-01.svg',
    ])
      expect(get(path), path).toBe(false);
  });

  it('caches only reads of our own origin', () => {
    for (const method of ['POST', 'PATCH', 'DELETE', 'HEAD']) expect(isCachedApiRequest({ method, url: `${ORIGIN}/api/users/me` }, ORIGIN), method).toBe(false);
    expect(isCachedApiRequest({ method: 'GET', url: 'https://elsewhere.example/api/users/me' }, ORIGIN)).toBe(false);
  });

  it('names its cache so that a page can find it', () => {
    expect(cacheNames.api).toBe('mingle-api-v1');
    expect(cacheNames.api.startsWith(API_CACHE_PREFIX)).toBe(true);
    expect(cacheNames.images).toBe('mingle-images-v1');
  });
});
