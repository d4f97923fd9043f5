import { describe, expect, it } from 'vitest';
import { isCachedImageRequest } from './image-cache';

const ORIGIN = 'https://mingle.example';
const request = (url: string, destination = 'image', method = 'GET') => ({ method, url, destination });

describe('images the worker caches', () => {
  it('caches images of our origin and everything under /media/', () => {
    expect(isCachedImageRequest(request(`${ORIGIN}/media/events/event-01.svg`), ORIGIN)).toBe(true);
    expect(isCachedImageRequest(request(`${ORIGIN}/media/avatars/avatar-02.svg`, ''), ORIGIN)).toBe(true);
    expect(isCachedImageRequest(request(`${ORIGIN}/uploads/photo.webp`), ORIGIN)).toBe(true);
  });

  it('leaves other origins, the API, scripts and writes alone', () => {
    expect(isCachedImageRequest(request('https://cdn.example/photo.jpg'), ORIGIN)).toBe(false);
    expect(isCachedImageRequest(request(`${ORIGIN}/api/users/me`), ORIGIN)).toBe(false);
    expect(isCachedImageRequest(request(`${ORIGIN}/api/users/42/photo`), ORIGIN)).toBe(false);
    expect(isCachedImageRequest(request(`${ORIGIN}/assets/index.js`, 'script'), ORIGIN)).toBe(false);
    expect(isCachedImageRequest(request(`${ORIGIN}/media/avatars/a.png`, 'image', 'POST'), ORIGIN)).toBe(false);
  });
});
